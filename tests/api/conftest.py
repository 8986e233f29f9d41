"""The API's real server process on loopback, once per backend per module."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from interview_core.api.auth import EMBED_SECRET_ENV, KEY_HASHES_ENV, hash_key
from interview_core.persistence.throwaway import free_port

ROOT = Path(__file__).resolve().parents[2]
API_KEY = "test-researcher-key-" + "x" * 12
EMBED_SECRET = "test-embed-secret"
_names = itertools.count(1)


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


@pytest.fixture(scope="module", params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def api_database(request, tmp_path_factory):
    if request.param == "sqlite":
        yield str(tmp_path_factory.mktemp("api") / "api.db")
        return
    cluster = request.getfixturevalue("pg_cluster")
    name = f"api{os.getpid()}_{next(_names)}"
    yield cluster.create_database(name)
    cluster.drop_database(name)


@pytest.fixture(scope="module")
def api(api_database):
    """(base URL, database) of a running API server."""
    proc, base = start_server(api_database)
    yield base, api_database
    stop_server(proc)


@pytest.fixture
def researcher(api):
    with httpx.Client(base_url=api[0], headers={"X-API-Key": API_KEY}, timeout=60) as client:
        yield client


@pytest.fixture
def anonymous(api):
    with httpx.Client(base_url=api[0], timeout=60) as client:
        yield client
