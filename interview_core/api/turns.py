"""Answering over HTTP: an answer bound to its question id, a retried answer recognised, races survived.

A client that lost its connection (or whose API process died) sends the same answer again, maybe to
another process. When that answer is already recorded for that question, the stored turn is returned
(``replayed``) instead of a second turn; any other answer to an old question is a stale-question error.

:func:`answer_events` is the same answer as server-sent events: ``chunk`` events carry the next question
while a provider writes it (``{"text", "replace"}``, as ``InterviewSession.answer``'s ``on_question_chunk``
gets them), then one ``result`` event (the AnswerResult) or one ``error`` event (the error body).
"""

from __future__ import annotations

import json
import logging
import queue
import threading
from collections.abc import Iterator

from ..language.streaming import ChunkCallback
from ..session import InterviewSession, InvalidAnswer, LanguageNotAvailable, QuestionNotCurrent, SessionFinished
from .errors import ApiError, error_body
from .live_sessions import LiveSessions
from .schemas import AnswerResult, Question


def current_question(session: InterviewSession) -> Question:
    current = session.repo.current_question(session.session_id)
    return Question(id=current["id"], text=current["text"])


def _replay(session: InterviewSession, question_id: str, text: str) -> AnswerResult | None:
    """The stored turn when ``text`` is already the recorded answer to ``question_id``, else None."""
    answered = session.repo.answer_to(session.session_id, question_id)  # one indexed row, not the transcript
    if answered is None or answered["text"] != text:
        return None
    transcript = session.transcript()
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


def answer(live: LiveSessions, session_id: str, question_id: str, text: str,
           on_question_chunk: ChunkCallback | None = None) -> AnswerResult:
    """Record ``text`` as the answer to ``question_id`` and return the next question (see module doc);
    ``on_question_chunk`` gets the next question while it is written."""
    with live.session(session_id) as session:
        replayed = _replay(session, question_id, text)
        if replayed is not None:
            return replayed
        try:
            result = session.answer(text, question_id=question_id, on_question_chunk=on_question_chunk)
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


def _event(name: str, payload: dict) -> str:
    return f"event: {name}\ndata: {json.dumps(payload, ensure_ascii=False)}\n\n"


def answer_events(live: LiveSessions, session_id: str, question_id: str, text: str) -> Iterator[str]:
    """:func:`answer` as server-sent events (see module doc). The turn runs in its own thread; the events
    are yielded as they come, so the client reads the question while it is written."""
    events: queue.Queue = queue.Queue()

    def work() -> None:
        try:
            result = answer(live, session_id, question_id, text,
                            on_question_chunk=lambda chunk: events.put(_event("chunk", chunk.model_dump())))
            events.put(_event("result", result.model_dump(mode="json")))
        except ApiError as exc:
            events.put(_event("error", {"status": exc.status, **error_body(exc.code, exc.message, **exc.details)}))
        except Exception:  # noqa: BLE001 - reported like the API's other unexpected errors
            logging.getLogger(__name__).exception("streamed answer failed")
            events.put(_event("error", {"status": 500, **error_body("internal_error",
                                                                     "The server could not complete this request.")}))
        finally:
            events.put(None)

    threading.Thread(target=work, name=f"answer-{session_id}", daemon=True).start()
    while (event := events.get()) is not None:
        yield event
