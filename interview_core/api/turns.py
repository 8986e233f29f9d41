"""Answering over HTTP: bind an answer to its question id, recognise a retried answer, survive races.

A client that lost its connection (or whose API process died) sends the same answer again, maybe to
another process. When that answer is already recorded for that question, the stored turn is returned
(``replayed``) instead of a second turn; any other answer to an old question is a stale-question error.
"""

from __future__ import annotations

from ..persistence import TurnConflict
from ..session import InterviewSession, InvalidAnswer, SessionFinished
from .errors import ApiError
from .live_sessions import LiveSessions
from .schemas import AnswerResult, Question

ATTEMPTS = 3  # reload-and-retry rounds when another process records the turn at the same moment


def current_question(session: InterviewSession) -> Question:
    last = [u for u in session.transcript() if u["speaker"] == "interviewer"][-1]
    return Question(id=last["id"], text=last["text"])


def _replay(session: InterviewSession, question_id: str, text: str) -> AnswerResult | None:
    """The stored turn when ``text`` is already recorded as the answer to ``question_id``, else None."""
    transcript = session.transcript()
    asked = next((u for u in transcript if u["id"] == question_id and u["speaker"] == "interviewer"), None)
    if asked is None:
        return None
    answer_turn = asked["turn"] + 1
    answered = next((u for u in transcript if u["speaker"] == "respondent" and u["turn"] == answer_turn), None)
    if answered is None or answered["text"] != text:
        return None
    result = next((r for r in session.turn_results() if r["turn_number"] == answer_turn), None)
    if result is None:
        return None
    nxt = next(u for u in reversed(transcript) if u["speaker"] == "interviewer" and u["turn"] == answer_turn)
    return AnswerResult(turn=answer_turn, question=Question(id=nxt["id"], text=nxt["text"]),
                        finished=not result["should_continue"], termination_reason=result.get("termination_reason"),
                        replayed=True)


def answer(live: LiveSessions, session_id: str, question_id: str, text: str) -> AnswerResult:
    """Record ``text`` as the answer to ``question_id`` and return the next question (see module doc)."""
    for _ in range(ATTEMPTS):
        with live.session(session_id) as session:
            current = current_question(session)
            if question_id != current.id:
                replayed = _replay(session, question_id, text)
                if replayed is not None:
                    return replayed
                raise ApiError(409, "stale_question", "This question has already been answered; answer the current one.",
                               current_question=current.model_dump())
            if session.finished:
                raise ApiError(409, "session_finished", "This interview has ended; thank you.")
            try:
                result = session.answer(text)
            except InvalidAnswer as exc:
                raise ApiError(422, "invalid_answer", str(exc))
            except SessionFinished as exc:
                raise ApiError(409, "session_finished", str(exc))
            except TurnConflict:
                live.forget(session_id)  # another process recorded this turn: reload and look again
                continue
            return AnswerResult(turn=result.turn_number,
                                question=Question(id=result.question_utterance_id, text=result.next_question),
                                finished=not result.should_continue, termination_reason=result.termination_reason)
    raise ApiError(409, "turn_conflict", "The interview moved on in another window; reload the current question.")
