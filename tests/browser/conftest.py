"""A real ``streamlit run`` on 127.0.0.1 with chosen environment and options, and Chromium through Playwright."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
TIMEOUT_MS = 90_000


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def streamlit_app(tmp_path):
    """Start the app: ``streamlit_app(env={...}, options=[...])`` -> (base URL, database path)."""
    procs = []

    def start(env: dict | None = None, options: list[str] | None = None) -> tuple[str, str]:
        port = free_port()
        full_env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
        full_env["INTERVIEW_DATABASE"] = str(tmp_path / "browser.db")
        full_env["INTERVIEW_DEDUP__EMBEDDINGS_ENABLED"] = "false"
        full_env.update(env or {})
        log_path = tmp_path / f"streamlit-{port}.log"
        log = open(log_path, "w")
        proc = subprocess.Popen(
            [str(Path(sys.executable).parent / "streamlit"), "run", "app.py", "--server.headless", "true",
             "--server.address", "127.0.0.1", "--server.port", str(port), *(options or [])],
            cwd=ROOT, env=full_env, stdout=log, stderr=subprocess.STDOUT)
        procs.append((proc, log))
        deadline = time.time() + 90
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                assert proc.poll() is None, log_path.read_text()
                assert time.time() < deadline, "streamlit did not start within 90 s"
                time.sleep(0.5)
        return f"http://127.0.0.1:{port}", full_env["INTERVIEW_DATABASE"]

    yield start
    for proc, log in procs:
        proc.terminate()
        proc.wait(timeout=30)
        log.close()


@pytest.fixture
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        yield b
        b.close()


def settled(page) -> None:
    """Wait until Streamlit has finished the current run (no running indicator), then for paint."""
    page.wait_for_selector('[data-testid="stApp"]', timeout=TIMEOUT_MS)
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=\"stStatusWidget\"]')"
        " || !document.querySelector('[data-testid=\"stStatusWidget\"]').innerText.includes('Running')",
        timeout=TIMEOUT_MS)
    page.wait_for_timeout(400)


def answer_in_chat(page, answers: list[str]) -> None:
    """Type each answer into the chat box and wait until its turn is shown ("Turn N · phase")."""
    for i, text in enumerate(answers, start=1):
        box = page.get_by_test_id("stChatInputTextArea")
        box.fill(text)
        box.press("Enter")
        page.get_by_text(f"Turn {i} · phase").wait_for(timeout=TIMEOUT_MS)
        settled(page)
