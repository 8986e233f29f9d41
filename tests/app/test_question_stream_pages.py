"""The streamed question on the pages (AppTest, the loopback server as provider): the respondent view and
the analyst's Interview page end with the whole question as text (Markdown in it stays literal); a refused
answer leaves nothing of the streamed view behind; offline the pages are unchanged."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from benchmarks.stream import fake_server_module, provider_env
from interview_core.config.settings import DedupSettings, Settings
from interview_core.persistence import Repository
from interview_core.session import InterviewSession
from respondent_link import open_interview

ROOT = Path(__file__).resolve().parents[2]
QUESTION = "Why does the **foam** on [your cup](http://198.51.100.7/x) matter to you?"


@pytest.fixture
def provider(monkeypatch):
    with fake_server_module().FakeLLMServer() as server:
        for key, value in provider_env(os.environ["INTERVIEW_DATABASE"], server.url, stream=True).items():
            monkeypatch.setenv(key, value)
        yield server


@pytest.fixture
def session(provider):
    settings = Settings(database=os.environ["INTERVIEW_DATABASE"], dedup=DedupSettings(embeddings_enabled=False))
    return InterviewSession.start("means_end_chain", "oat_milk", settings=settings, max_turns=6)


def respondent_view(token: str) -> AppTest:
    at = open_interview(token)
    assert not at.exception, at.exception
    return at


def test_the_respondent_view_shows_the_streamed_question_as_text(provider, session):
    provider.queue(fake_server_module().Stream(QUESTION), tool="text")
    at = respondent_view(session.row["respondent_token"])
    at.chat_input[0].set_value("The foam holds its shape in a flat white.").run()
    assert not at.exception, at.exception
    assert [t.value for t in at.text][-1] == QUESTION  # literal: no bold, no link
    assert not any("198.51.100.7" in m.value for m in at.markdown)
    assert Repository(os.environ["INTERVIEW_DATABASE"]).current_question(session.session_id)["text"] == QUESTION
    assert provider.requests[-1].body.get("stream") is True


def test_a_refused_answer_leaves_no_streamed_view_behind(provider, session):
    at = respondent_view(session.row["respondent_token"])
    asked = len(provider.requests)
    at.chat_input[0].set_value("   ").run()
    assert any("empty" in w.value for w in at.warning)
    assert not any("reading your answer" in c.value for c in at.caption)
    assert [c.name for c in at.chat_message] == ["assistant"]  # the opening question alone
    assert len(provider.requests) == asked  # nothing was asked of the provider


def test_the_interview_page_shows_the_streamed_question(provider, session):
    provider.queue(fake_server_module().Stream(QUESTION), tool="text")
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.session_state["session_id"] = session.session_id
    at.run()
    at.switch_page("pages/interview.py").run()
    at.chat_input[0].set_value("It froths well for my latte.").run()
    assert not at.exception, at.exception
    assert QUESTION in [t.value for t in at.text]
    assert Repository(os.environ["INTERVIEW_DATABASE"]).current_question(session.session_id)["text"] == QUESTION
