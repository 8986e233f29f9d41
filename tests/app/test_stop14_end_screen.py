"""A respondent who says they have to go ends the interview (stop14): the respondent view shows the end
screen at once (their answer kept), and the analyst's Interview page says why the interview ended.
Invented domain: a Saturday clock-repair workshop."""

from __future__ import annotations

import os

import yaml
from streamlit.testing.v1 import AppTest

from interview_core.config.settings import DedupSettings, Settings
from interview_core.persistence import Repository
from interview_core.session import InterviewSession
from respondent_link import ROOT, open_interview

LEAVING = "Tea included is a nice touch. Sorry, I have to go now, my lift is outside."


def _clock_session(tmp_path, monkeypatch) -> tuple[InterviewSession, Repository]:
    monkeypatch.setenv("INTERVIEW_DEDUP__EMBEDDINGS_ENABLED", "false")
    concept = tmp_path / "clock_repair.yaml"
    concept.write_text(yaml.safe_dump({
        "id": "clock_repair", "name": "Tick & Tock clock-repair Saturdays", "methodology": "means_end_chain",
        "stimulus": "Bring a stopped clock on a Saturday morning and a clockmaker shows you how to clean and oil "
                    "its movement; tools lent, tea included, 15 pounds a visit."}), encoding="utf-8")
    settings = Settings(database=os.environ["INTERVIEW_DATABASE"], dedup=DedupSettings(embeddings_enabled=False))
    session = InterviewSession.start(None, str(concept), settings=settings, max_turns=10)
    return session, Repository(settings.database)


def test_the_respondent_who_has_to_go_sees_the_end_screen(tmp_path, monkeypatch):
    session, repo = _clock_session(tmp_path, monkeypatch)
    token = repo.get_session(session.session_id)["respondent_token"]
    at = open_interview(token)
    at.chat_input[0].set_value("I like that the tools are lent, I'd never own a clock screwdriver.").run()
    assert not at.exception and at.chat_input  # the interview goes on after an ordinary answer
    at.chat_input[0].set_value(LEAVING).run()
    assert not at.exception
    assert any("ended as you asked" in s.value and "saved" in s.value for s in at.success)
    assert not at.chat_input
    row = repo.get_session(session.session_id)
    assert row["status"] == "finished" and row["termination_reason"] == "respondent_ended"
    assert [u["text"] for u in repo.list_utterances(session.session_id) if u["speaker"] == "respondent"][-1] == LEAVING


def test_the_analyst_sees_why_the_interview_ended(tmp_path, monkeypatch):
    session, _ = _clock_session(tmp_path, monkeypatch)
    session.answer("Right, I'm going to leave it there, thanks")
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params["session_id"] = session.session_id
    at.run()
    at.switch_page("pages/interview.py").run()
    assert not at.exception
    assert any("the respondent asked to end the interview" in s.value for s in at.success)
    assert not at.chat_input
