"""``interview bench stream``: answer-submit to the first visible word, and to the whole next question, in
the respondent's view in Chromium, with the question streamed and not.

A provider is played by the loopback server of the tests (``tests/language/fake_llm_server.py``, so run
from a source checkout): every task on ``anthropic`` pointed at it, extraction and assessment answered at
once, each question written token by token with ``--delay-ms`` before every token (a word with its
space). Not streamed, the same question is sent whole after the same total time, as a model's reply is.
For each mode a ``streamlit run`` serves the app; Chromium (Playwright, headless) opens a respondent link,
consents, and answers ``--turns`` questions after one warm-up turn. In the page, a MutationObserver
notes ``performance.now()`` at the next animation frame after the question's first word, then all of it,
shows in a chat message; the clock starts at the keydown of Enter in the answer box.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FAKE_SERVER = ROOT / "tests" / "language" / "fake_llm_server.py"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
FAKE_KEY = "sk-bench-not-a-real-key"
# One opening word per turn, so the page can tell the new question from the earlier ones.
OPENERS = ["Thinking", "Picturing", "Remembering", "Imagining", "Considering", "Recalling", "Describing",
           "Comparing", "Choosing", "Weighing", "Tasting", "Planning"]
ANSWER = "I like how creamy it is because it foams well in my morning coffee, and that gives me a calm start."

# Installed once per page; survives Streamlit's reruns (the document is never reloaded).
WATCH_JS = """() => {
  if (window.__bench) return;
  const b = window.__bench = {t0: null, first: null, full: null, wantFirst: null, wantFull: null};
  const texts = () => [...document.querySelectorAll('[data-testid="stChatMessage"] [data-testid="stText"]')]
    .map(e => e.innerText.trim());
  const check = () => {
    if (b.t0 === null) return;
    const shown = texts();
    if (b.first === null && shown.some(t => t.startsWith(b.wantFirst + ' ') || t === b.wantFirst))
      requestAnimationFrame(() => { if (b.first === null) b.first = performance.now(); });
    if (b.full === null && shown.some(t => t.includes(b.wantFull)))
      requestAnimationFrame(() => { if (b.full === null) b.full = performance.now(); });
  };
  new MutationObserver(check).observe(document.body, {subtree: true, childList: true, characterData: true});
  document.addEventListener('keydown', e => {
    if (e.key === 'Enter' && e.target.matches('[data-testid="stChatInputTextArea"]')) {
      b.t0 = performance.now(); b.first = null; b.full = null;
    }
  }, true);
}"""


@functools.cache
def fake_server_module():
    """The tests' loopback provider server (Anthropic and OpenAI APIs, streamed or not), loaded once."""
    spec = importlib.util.spec_from_file_location("fake_llm_server", FAKE_SERVER)
    if spec is None or not FAKE_SERVER.is_file():
        raise RuntimeError(f"{FAKE_SERVER} is missing: run the benchmark from a source checkout")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses resolve annotations through sys.modules
    spec.loader.exec_module(module)
    return module


def provider_env(database: str, server_url: str, stream: bool) -> dict[str, str]:
    """Environment for the app: every task on ``anthropic`` at ``server_url``, streaming on or off."""
    env = {"INTERVIEW_DATABASE": database, "INTERVIEW_DEDUP__EMBEDDINGS_ENABLED": "false",
           "ANTHROPIC_API_KEY": FAKE_KEY, "ANTHROPIC_BASE_URL": server_url, "INTERVIEW_RETRY_BACKOFF_S": "0.05",
           "INTERVIEW_STREAM_QUESTIONS": "true" if stream else "false"}
    for task, model in (("EXTRACTION", "claude-sonnet-4-6"), ("SIGNALS", "claude-sonnet-4-6"),
                        ("QUESTION", "claude-haiku-4-5")):
        env[f"INTERVIEW_{task}__PROVIDER"] = "anthropic"
        env[f"INTERVIEW_{task}__MODEL"] = model
    return env


def question_for(turn: int) -> str:
    """The question the loopback provider writes at ``turn`` (its first word is unique to the turn)."""
    return f"{OPENERS[turn % len(OPENERS)]} your last cup of it, what made that moment feel right for you?"


def start_session(database: str) -> str:
    """An oat-milk interview (opening question written offline); returns its respondent token."""
    from interview_core.config.settings import DedupSettings, Settings
    from interview_core.session import InterviewSession

    settings = Settings(database=database, dedup=DedupSettings(embeddings_enabled=False))
    session = InterviewSession.start("means_end_chain", "oat_milk", settings=settings, max_turns=40)
    return session.row["respondent_token"]


def start_app(env: dict[str, str], log_path: Path) -> tuple[subprocess.Popen, str]:
    """``streamlit run app.py`` on a free loopback port; (process, base URL) once it answers its health check."""
    from interview_core.persistence.throwaway import free_port

    port = free_port()
    full_env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
    full_env.update(env)
    full_env["PYTHONPATH"] = os.pathsep.join([str(ROOT), full_env.get("PYTHONPATH", "")])
    proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless", "true",
                             "--server.address", "127.0.0.1", "--server.port", str(port)],
                            cwd=ROOT, env=full_env, stdout=open(log_path, "w"), stderr=subprocess.STDOUT)
    deadline = time.time() + 120
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2) as r:
                if r.status == 200:
                    return proc, f"http://127.0.0.1:{port}"
        except OSError:
            if proc.poll() is not None or time.time() > deadline:
                proc.kill()
                raise RuntimeError(f"streamlit did not start; see {log_path}")
            time.sleep(0.3)


def open_interview(page, base: str, token: str, timeout_ms: int) -> None:
    """Respondent link -> consent -> stimulus -> the first question, with the watcher installed."""
    page.goto(f"{base}/?session={token}&view=respondent")
    page.get_by_role("button", name="Yes, I agree to take part").click()
    page.get_by_role("button", name="Continue to the first question").click()
    page.get_by_test_id("stChatInput").wait_for(timeout=timeout_ms)
    page.evaluate(WATCH_JS)


def submit(page, answer: str, question: str) -> None:
    """Type ``answer`` and press Enter, watching for ``question`` (the next one) to show."""
    page.evaluate("([first, full]) => { window.__bench.wantFirst = first; window.__bench.wantFull = full; }",
                  [question.split()[0], question])
    box = page.get_by_test_id("stChatInputTextArea")
    box.fill(answer)
    box.press("Enter")


def timings(page, timeout_ms: int) -> tuple[float, float]:
    """(first word, whole question) in ms after Enter, once the whole question has shown."""
    page.wait_for_function("() => window.__bench.full !== null && window.__bench.first !== null", timeout=timeout_ms)
    b = page.evaluate("() => window.__bench")
    return b["first"] - b["t0"], b["full"] - b["t0"]


def ready_for_next(page, timeout_ms: int) -> None:
    """The rerun after the turn has finished: no running indicator, the answer box enabled."""
    page.wait_for_function(
        "() => { const s = document.querySelector('[data-testid=\"stStatusWidget\"]');"
        " const box = document.querySelector('[data-testid=\"stChatInputTextArea\"]');"
        " return (!s || !s.innerText.includes('Running')) && box && !box.disabled; }", timeout=timeout_ms)
    page.wait_for_timeout(300)


def measure_mode(browser, server, stream: bool, turns: int, workdir: Path, timeout_ms: int) -> list[tuple[float, float]]:
    """One app process in one mode: a warm-up turn, then ``turns`` measured turns."""
    database = str(workdir / f"bench_stream_{'on' if stream else 'off'}.db")
    token = start_session(database)
    proc, base = start_app(provider_env(database, server.url, stream), workdir / f"streamlit-{stream}.log")
    try:
        page = browser.new_context(viewport={"width": 1000, "height": 900}).new_page()
        page.set_default_timeout(timeout_ms)
        open_interview(page, base, token, timeout_ms)
        results = []
        for turn in range(turns + 1):
            question = question_for(turn)
            server.queue(fake_server_module().Stream(question), tool="text")
            submit(page, f"{ANSWER} ({turn + 1})", question)
            try:
                first, full = timings(page, timeout_ms)
                ready_for_next(page, timeout_ms)
            except Exception as exc:
                shot = Path(tempfile.gettempdir()) / "bench_stream_failure.png"
                page.screenshot(path=str(shot))
                raise RuntimeError(f"turn {turn} ({'streamed' if stream else 'whole'}): {exc}; page state "
                                   f"{page.evaluate('() => window.__bench')}; {len(server.requests)} provider "
                                   f"requests; screenshot {shot}") from None
            if turn:  # turn 0 warms the process up (imports, caches)
                results.append((first, full))
        page.context.close()
        return results
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def run(args) -> int:
    from playwright.sync_api import sync_playwright

    if not 1 <= args.turns < len(OPENERS):
        print(f"--turns must be between 1 and {len(OPENERS) - 1}")
        return 2
    words = len(question_for(0).split())
    load_before = os.getloadavg()
    print(f"loopback provider: {args.delay_ms:.0f} ms before each of the question's {words} tokens "
          f"(~{args.delay_ms * words / 1000:.1f} s to write it); {args.turns} measured turns per mode after a warm-up; "
          f"load average {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f}")
    rows = {}
    with tempfile.TemporaryDirectory() as tmp, fake_server_module().FakeLLMServer(token_delay_s=args.delay_ms / 1000) as server, \
            sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
        try:
            for stream in (True, False):
                rows["streamed" if stream else "whole"] = measure_mode(browser, server, stream, args.turns, Path(tmp),
                                                                      args.timeout_s * 1000)
        finally:
            browser.close()
    print(f"{'mode':<10}{'first word ms (median / max)':>30}{'whole question ms (median / max)':>36}")
    for mode, results in rows.items():
        firsts, fulls = [r[0] for r in results], [r[1] for r in results]
        print(f"{mode:<10}{statistics.median(firsts):>19.0f} / {max(firsts):<8.0f}"
              f"{statistics.median(fulls):>25.0f} / {max(fulls):<8.0f}")
    load_after = os.getloadavg()
    print(f"load average after: {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f} ({os.cpu_count()} CPUs)")
    gain = statistics.median(r[0] for r in rows["whole"]) - statistics.median(r[0] for r in rows["streamed"])
    print(f"streaming shows the first word {gain:.0f} ms sooner (median)")
    return 0


def register(sub) -> None:
    p = sub.add_parser("stream", help="answer to first visible word of the next question, streamed vs not (Chromium)")
    p.add_argument("--delay-ms", type=float, default=60.0, help="loopback provider's delay before each token")
    p.add_argument("--turns", type=int, default=4, help="measured turns per mode (after one warm-up turn)")
    p.add_argument("--timeout-s", type=int, default=120, help="longest wait for one turn")
    p.add_argument("--chromium", default="/usr/bin/chromium", help="the Chromium executable")
    p.set_defaults(func=run)
