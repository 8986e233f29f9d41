"""Answering over HTTP: an answer bound to its question id, a retried answer recognised, races survived.

A client that lost its connection (or whose API process died) sends the same answer again, maybe to
another process. When that answer is already recorded for that question, the stored turn is returned
(``replayed``) instead of a second turn; any other answer to an old question is a stale-question error.
"""

from __future__ import annotations

from ..session import InterviewSession, InvalidAnswer, LanguageNotAvailable, QuestionNotCurrent, SessionFinished
from .errors import ApiError
from .live_sessions import LiveSessions
from .schemas import AnswerResult, Question


def current_question(session: InterviewSession) -> Question:
    current = session.repo.current_question(session.session_id)
    return Question(id=current["id"], text=current["text"])


def _replay(session: InterviewSession, question_id: str, text: str) -> AnswerResult | None:
    """The stored turn when ``text`` is already the recorded answer to ``question_id``, else None."""
    transcript = session.transcript()
    answered = next((u for u in transcript if u["speaker"] == "respondent" and u.get("reply_to") == question_id), None)
    if answered is None or answered["text"] != text:
        return None
    turn = answered["turn"]
    result = next((r for r in session.turn_results() if r.turn_number == turn), None)
    asked = next((u for u in reversed(transcript) if u["speaker"] == "interviewer" and u["turn"] == turn), None)
    if result is None or asked is None:
        return None
    return AnswerResult(turn=turn, question=Question(id=asked["id"], text=asked["text"]),
                        finished=not result.should_continue, termination_reason=result.termination_reason,
                        closing=result.closing_question, replayed=True)


def _stale(session: InterviewSession) -> ApiError:
    return ApiError(409, "stale_question", "This question has already been answered; answer the current one.",
                    current_question=current_question(session).model_dump())


def answer(live: LiveSessions, session_id: str, question_id: str, text: str) -> AnswerResult:
    """Record ``text`` as the answer to ``question_id`` and return the next question (see module doc)."""
    with live.session(session_id) as session:
        replayed = _replay(session, question_id, text)
        if replayed is not None:
            return replayed
        try:
            result = session.answer(text, question_id=question_id)
        except QuestionNotCurrent:
            # Another process may have just completed this very answer (left pending by a stopped one).
            replayed = _replay(session, question_id, text)
            if replayed is not None:
                return replayed
            raise _stale(session)
        except LanguageNotAvailable as exc:
            raise ApiError(409, "language_not_available", str(exc))
        except InvalidAnswer as exc:
            raise ApiError(422, "invalid_answer", str(exc))
        except SessionFinished:
            raise ApiError(409, "session_finished", "This interview has ended; thank you.")
        return AnswerResult(turn=result.turn_number,
                            question=Question(id=result.question_utterance_id, text=result.next_question),
                            finished=not result.should_continue, termination_reason=result.termination_reason,
                            closing=result.closing_question)
