"""Starting and stopping the API's real server process on loopback (shared by the API tests)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import httpx

from interview_core.api.auth import EMBED_SECRET_ENV, KEY_HASHES_ENV, hash_key
from interview_core.persistence.throwaway import free_port

ROOT = Path(__file__).resolve().parents[2]
API_KEY = "test-researcher-key-" + "x" * 12
EMBED_SECRET = "test-embed-secret"


def server_env(database: str) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
    env.update({KEY_HASHES_ENV: hash_key(API_KEY), EMBED_SECRET_ENV: EMBED_SECRET, "INTERVIEW_DATABASE": database,
                "INTERVIEW_DEDUP__EMBEDDINGS_ENABLED": "false", "PYTHONPATH": str(ROOT)})
    return env


def start_server(database: str, port: int | None = None) -> tuple[subprocess.Popen, str]:
    """Start ``interview api serve`` on 127.0.0.1 and wait until /healthz answers."""
    port = port or free_port()
    proc = subprocess.Popen([sys.executable, "-m", "interview_core.cli.main", "api", "serve", "--port", str(port)],
                            env=server_env(database), cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + 90
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"API server exited: {proc.stderr.read()[-2000:]}")
        try:
            if httpx.get(f"{base}/healthz", timeout=2).status_code == 200:
                return proc, base
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    proc.kill()
    raise RuntimeError("API server did not start within 90 s")


def stop_server(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


