"""The session API's streaming path: ``answer(..., on_question_chunk=...)`` with a provider on the loopback
server, a stream that breaks off, the offline layer, and a display that fails."""

from __future__ import annotations

import pytest

from fake_llm_server import Stream
from interview_core.config.settings import DedupSettings
from interview_core.language.contracts import QuestionChunk
from interview_core.session import InterviewSession

QUESTION = "What does the foam on your coffee do for your morning?"


@pytest.fixture
def provider_session(make_settings, tmp_path):
    settings = make_settings("anthropic", database=str(tmp_path / "s.db"), dedup=DedupSettings(embeddings_enabled=False))
    return InterviewSession.start("means_end_chain", "oat_milk", settings=settings, max_turns=6)


def test_the_next_question_streams_and_the_stored_question_is_the_concatenation(provider_session, server, shown):
    session = provider_session
    assert session.streams_questions
    server.queue(Stream(QUESTION), tool="text")
    question_id = session.current_question_id
    result = session.answer("The foam holds its shape in a flat white, which I like.", question_id,
                            on_question_chunk=shown)

    assert len(shown.chunks) > 3 and not any(c.replace for c in shown.chunks)
    assert "".join(c.text for c in shown.chunks) == result.next_question == QUESTION
    assert session.current_question == QUESTION  # stored once, whole, as the current question
    assert session.current_question_id != question_id
    [answer] = [u for u in session.transcript() if u["speaker"] == "respondent"]
    assert answer["reply_to"] == question_id  # the answer stays bound to the question it answered
    assert server.requests[-1].body.get("stream") is True


def test_a_question_stream_that_breaks_off_is_replaced_by_the_offline_question(provider_session, server, shown):
    session = provider_session
    broken = "How often do you drink it at home and why"
    server.queue(Stream(broken, cut_after=4), Stream(broken, cut_after=4), tool="text")
    result = session.answer("I buy it every week because it tastes nutty.", on_question_chunk=shown)

    assert shown.chunks[0].text == "How"  # the fragment was on screen
    assert shown.chunks[-1].replace and shown.text == result.next_question == session.current_question
    assert not result.next_question.startswith("How often do you drink")
    calls = [c for c in session.repo.llm_calls(session.session_id) if c["task"] == "question" and c["turn"] == 1]
    assert [c["provider"] for c in calls] == ["anthropic", "offline"]
    assert calls[1]["fallback_reason"] and "after 2 attempts" in calls[0]["error"]


def test_offline_the_question_comes_in_one_chunk(tmp_path, shown):
    from interview_core.config.settings import Settings

    settings = Settings(database=str(tmp_path / "o.db"), dedup=DedupSettings(embeddings_enabled=False))
    session = InterviewSession.start("means_end_chain", "oat_milk", settings=settings, max_turns=6)
    assert not session.streams_questions
    result = session.answer("It is creamy and foams well.", on_question_chunk=shown)
    assert shown.chunks == [QuestionChunk(text=result.next_question)] and result.next_question == session.current_question


def test_a_failing_display_does_not_cost_the_turn(provider_session, server):
    server.queue(Stream(QUESTION), tool="text")

    def broken(chunk):
        raise RuntimeError("the browser went away")

    result = provider_session.answer("It froths well.", on_question_chunk=broken)
    assert result.next_question == QUESTION == provider_session.current_question
    assert provider_session.turn_number == 1
