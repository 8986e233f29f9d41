"""The respondent's path in the app (AppTest): consent (declining stores nothing), the stimulus before the
first question and on demand, progress, answers, the end screen."""

from __future__ import annotations

import os

import pytest

from interview_core.config.settings import DedupSettings, Settings
from interview_core.persistence import Repository
from interview_core.session import InterviewSession
from respondent_link import open_link


@pytest.fixture
def link(monkeypatch):
    monkeypatch.setenv("INTERVIEW_DEDUP__EMBEDDINGS_ENABLED", "false")
    settings = Settings(database=os.environ["INTERVIEW_DATABASE"], dedup=DedupSettings(embeddings_enabled=False))
    session = InterviewSession.start("means_end_chain", "oat_milk", settings=settings, max_turns=3)
    repo = Repository(settings.database)
    return session, repo, repo.get_session(session.session_id)["respondent_token"]


def _snapshot(repo, sid):
    return repo.get_session(sid), repo.list_utterances(sid), repo.turn_results(sid)


def test_declining_consent_stores_nothing(link):
    session, repo, token = link
    before = _snapshot(repo, session.session_id)
    at = open_link(token)
    assert not at.exception and at.title[0].value == session.concept.name
    assert "research interview" in at.text[0].value and not at.chat_input
    assert session.opening_question not in [t.value for t in at.text]  # no question before consent
    at.button(key="consent_no").click().run()
    assert any("Nothing has been recorded" in i.value for i in at.info)
    assert not at.chat_input and not at.button
    at.run()  # and it stays that way in this browser session
    assert not at.chat_input
    after = _snapshot(repo, session.session_id)
    assert after[1:] == before[1:]
    assert {k: v for k, v in after[0].items() if k != "updated_at"} == {k: v for k, v in before[0].items()
                                                                        if k != "updated_at"}
    assert after[0]["consent_at"] is None


def test_consent_stimulus_answers_and_end_screen(link):
    session, repo, token = link
    at = open_link(token)
    at.button(key="consent_yes").click().run()
    assert repo.get_session(session.session_id)["consent_at"]
    # The full stimulus before the first question, and no question yet.
    assert [t.value for t in at.text] == [session.concept.stimulus.strip()]
    assert not at.chat_input
    at.button(key="stimulus_done").click().run()
    assert not at.exception
    assert session.concept.stimulus.strip() in [t.value for t in at.expander[0].text]  # on demand afterwards
    assert at.chat_message[0].text[0].value == session.opening_question
    assert any("About 3 questions left" in c.value for c in at.caption)
    answers = ["I like how creamy it is because it foams well in my coffee",
               "It makes my morning feel like a small treat, which matters to me",
               "Feeling good about my day gives me peace of mind"]
    for i, a in enumerate(answers):
        if not at.chat_input:
            break
        at.chat_input[0].set_value(a).run()
        assert not at.exception
    # the budget is reached: the closing question is asked, and its answer ends the interview
    assert any("This is the last question" in c.value for c in at.caption) and at.chat_input
    at.chat_input[0].set_value("Only that the carton is recyclable, which I like").run()
    assert not at.exception
    assert session.finished or InterviewSession.load(session.session_id, settings=session.settings).finished
    assert any("interview is complete" in s.value for s in at.success)
    assert not at.chat_input
    stored = [u for u in repo.list_utterances(session.session_id) if u["speaker"] == "respondent"]
    assert stored and all(u["source"] == "respondent" for u in stored)
    # Reopening the link later: consent is remembered, the end screen shows again.
    again = open_link(token)
    assert any("interview is complete" in s.value for s in again.success) and not again.chat_input
