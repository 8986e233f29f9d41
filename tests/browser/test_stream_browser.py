"""The next question streams into the respondent's view in Chromium: its first words show while the provider
still holds back the last token (structural, not timed), then the whole question replaces them; a stream
that breaks off leaves the offline writer's question on screen and in the store."""

from __future__ import annotations

import threading
import time

import pytest

from benchmarks.stream import WATCH_JS, fake_server_module, open_interview, provider_env, start_session, submit
from conftest import TIMEOUT_MS, settled
from interview_core.persistence import Repository

pytestmark = pytest.mark.browser
QUESTION = "Picturing your last cup of it, what made that moment feel right for you?"
ANSWER = "I like how creamy it is because it foams well in my morning coffee"


@pytest.fixture
def provider():
    with fake_server_module().FakeLLMServer() as server:
        yield server


def _respondent(streamlit_app, browser, provider, tmp_path):
    db = str(tmp_path / "stream.db")
    token = start_session(db)
    base, _ = streamlit_app(env=provider_env(db, provider.url, stream=True))
    page = browser.new_context(viewport={"width": 1000, "height": 900}).new_page()
    page.set_default_timeout(TIMEOUT_MS)
    open_interview(page, base, token, TIMEOUT_MS)
    return page, db, token


def _question_texts(page) -> list[str]:
    return page.eval_on_selector_all('[data-testid="stChatMessage"] [data-testid="stText"]',
                                     "els => els.map(e => e.innerText.trim())")


def test_the_first_words_show_before_the_stream_ends(streamlit_app, browser, provider, tmp_path):
    page, db, token = _respondent(streamlit_app, browser, provider, tmp_path)
    release = threading.Event()
    provider.queue(fake_server_module().Stream(QUESTION, hold=release), tool="text")
    submit(page, ANSWER, QUESTION)
    try:
        page.wait_for_function("() => window.__bench.first !== null")  # the first word is on screen ...
        shown = [t for t in _question_texts(page) if t.startswith("Picturing")]
        assert shown and shown[-1] != QUESTION and QUESTION.startswith(shown[-1])  # ... and not the last one
        assert page.evaluate("() => window.__bench.full") is None
    finally:
        release.set()  # the server sends the last token
    page.wait_for_function("() => window.__bench.full !== null")
    settled(page)
    page.get_by_text(QUESTION, exact=True).last.wait_for()  # the whole question stays after the page's rerun
    session_id = Repository(db).get_session_by_token(token)["session_id"]
    assert Repository(db).current_question(session_id)["text"] == QUESTION
    assert provider.requests[-1].body.get("stream") is True
    assert page.get_by_test_id("stException").count() == 0


def test_a_stream_that_breaks_off_is_replaced_by_the_offline_question(streamlit_app, browser, provider, tmp_path):
    page, db, token = _respondent(streamlit_app, browser, provider, tmp_path)
    broken = "Picturing your last cup of it, what made that moment feel"
    Stream = fake_server_module().Stream
    provider.queue(Stream(broken, cut_after=5), Stream(broken, cut_after=5), tool="text")
    repo = Repository(db)
    session_id = repo.get_session_by_token(token)["session_id"]
    before = repo.current_question(session_id)["id"]
    submit(page, ANSWER, QUESTION)
    deadline = time.time() + TIMEOUT_MS / 1000
    while repo.current_question(session_id)["id"] == before:  # the turn is committed
        assert time.time() < deadline, "the turn was not committed"
        time.sleep(0.2)
    stored = repo.current_question(session_id)["text"]
    assert not stored.startswith("Picturing")  # the offline writer's question, not the fragment
    page.get_by_text(stored).last.wait_for()
    settled(page)
    assert not any(t.startswith("Picturing") for t in _question_texts(page))
    assert page.get_by_test_id("stException").count() == 0
