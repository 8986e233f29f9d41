"""The app starts, says when it is offline, and `streamlit run` answers the health check."""

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[2]


def test_home_says_offline(monkeypatch):
    for var in ("ANTHROPIC_API_KEY", "OPENAI_API_KEY", "OPENAI_BASE_URL"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("INTERVIEW_SECRETS_FILE", "/nonexistent/secrets.toml")
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30).run()
    assert not at.exception
    assert any("Offline mode" in i.value for i in at.info)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_streamlit_serves_health():
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
    proc = subprocess.Popen(
        [str(Path(sys.executable).parent / "streamlit"), "run", "app.py", "--server.headless", "true",
         "--server.address", "127.0.0.1", "--server.port", str(port)],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.time() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2) as r:
                    assert r.status == 200 and r.read().strip() == b"ok"
                    break
            except OSError:
                assert time.time() < deadline, "streamlit did not answer /_stcore/health within 60 s"
                assert proc.poll() is None, "streamlit exited"
                time.sleep(0.5)
    finally:
        proc.terminate()
        proc.wait(timeout=20)
