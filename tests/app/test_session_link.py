"""The analyst's session travels in the URL (``?session_id=``), and an answer typed into an interview that
was deleted meanwhile is reported and given back, never dropped silently."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from interview_core.persistence import Repository
from interview_core.session import InterviewSession, SessionDeleted
from test_pages import ROOT, app, start_interview, texts


def test_the_current_session_is_written_to_the_url_and_read_by_a_second_tab():
    at = start_interview(app())
    sid = at.session_state["session_id"]
    assert at.query_params["session_id"] == [sid] or at.query_params["session_id"] == sid
    second = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    second.query_params["session_id"] = sid
    second.run()
    for page in ("pages/graph.py", "pages/scoring.py", "pages/weights.py"):
        second.switch_page(page).run()
        assert not second.exception, (page, second.exception)
        assert "No interview selected" not in texts(second), page
        assert second.session_state["session_id"] == sid


def test_a_link_to_a_missing_session_says_so():
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params["session_id"] = "nope123"
    at.run()
    at.switch_page("pages/graph.py").run()
    assert any("nope123" in w.value and "does not exist" in w.value for w in at.warning)
    assert "No interview selected" in texts(at)


def test_an_answer_to_a_deleted_interview_is_reported_and_shown_back():
    at = start_interview(app())
    sid = at.session_state["session_id"]
    Repository(Path(os.environ["INTERVIEW_DATABASE"])).delete_session(sid)  # e.g. from another tab
    at.chat_input[0].set_value("My carefully typed answer about foam").run()
    assert not at.exception
    assert any("was deleted meanwhile" in e.value for e in at.error)
    assert "My carefully typed answer about foam" in [t.value for t in at.text]


def test_the_session_api_refuses_an_answer_to_a_deleted_session(lexical_settings):
    session = InterviewSession.start("means_end_chain", "oat_milk", settings=lexical_settings)
    Repository(lexical_settings.database).delete_session(session.session_id)
    with pytest.raises(SessionDeleted) as info:
        session.answer("It foams well")
    assert info.value.answer == "It foams well" and "was deleted meanwhile" in str(info.value)
