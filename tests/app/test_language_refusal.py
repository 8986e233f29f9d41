"""Offline, the app interviews in English only (AppTest): starting an interview on a German concept is
refused on the Interview page with the fix named and nothing stored, and the respondent link of a German
interview shows a plain notice instead of consent and questions."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from language_support import concept_in_language
from streamlit.testing.v1 import AppTest

from interview_core.config.settings import DedupSettings, Settings
from interview_core.persistence import Repository
from interview_core.session import InterviewSession

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def german_concept(tmp_path, monkeypatch):
    monkeypatch.setenv("INTERVIEW_DEDUP__EMBEDDINGS_ENABLED", "false")
    concept_in_language(tmp_path, monkeypatch, "de")


def test_starting_a_german_interview_offline_is_refused(german_concept):
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120).run()
    at.switch_page("pages/interview.py").run()
    at.selectbox(key="start_concept").set_value("hafermilch").run()
    next(b for b in at.button if b.label == "Start interview").click().run()
    assert not at.exception, at.exception
    errors = " ".join(e.value for e in at.error)
    assert "German" in errors and "English only" in errors and "configure a provider" in errors
    assert not at.chat_input
    assert Repository(os.environ["INTERVIEW_DATABASE"]).list_sessions() == []


def test_a_respondent_link_to_a_german_interview_offline_says_so(german_concept):
    settings = Settings(database=os.environ["INTERVIEW_DATABASE"], dedup=DedupSettings(embeddings_enabled=False))
    session = InterviewSession.start("means_end_chain", "oat_milk", settings=settings, max_turns=3)
    repo = Repository(settings.database)  # as if started with a provider that this server no longer has
    repo.db.execute("UPDATE sessions SET interview_language = 'de' WHERE session_id = ?", (session.session_id,))
    token = repo.get_session(session.session_id)["respondent_token"]
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params["session"] = token
    at.query_params["view"] = "respondent"
    at.run()
    assert not at.exception, at.exception
    notice = " ".join(i.value for i in at.info)
    assert "held in German" in notice and "Nothing you typed has been stored" in notice
    assert not at.chat_input and not at.button  # no consent step, no question
    assert repo.get_session(session.session_id)["consent_at"] is None


def test_the_analyst_page_of_a_german_interview_offline_says_why_answers_are_refused(german_concept):
    settings = Settings(database=os.environ["INTERVIEW_DATABASE"], dedup=DedupSettings(embeddings_enabled=False))
    session = InterviewSession.start("means_end_chain", "oat_milk", settings=settings, max_turns=3)
    repo = Repository(settings.database)
    repo.db.execute("UPDATE sessions SET interview_language = 'de' WHERE session_id = ?", (session.session_id,))
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params["session_id"] = session.session_id
    at.run()
    at.switch_page("pages/interview.py").run()
    assert not at.exception, at.exception
    assert any("in German" in w.value and "English only" in w.value for w in at.warning), [w.value for w in at.warning]
    at.chat_input(key="answer_box").set_value("Die Textur ist toll.").run()
    assert any("not stored" in w.value for w in at.warning)
    assert [u["speaker"] for u in repo.list_utterances(session.session_id)] == ["interviewer"]
