"""Autopilot: a simulated respondent answers a session's questions, one turn at a time.

One generator serves the simulation runner (``interview simulate``, ``interview bench quality``) and the
Interview page's autopilot, so both drive a session the same way: answer the current question (bound
to its id, stored as simulated), stop when the interview ends or someone else answered first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..pipeline.contracts import TurnResult
from ..provenance import Provenance
from ..session import InterviewSession, QuestionNotCurrent
from .respondent import Answer, SimulatedRespondent


@dataclass(frozen=True)
class AutopilotTurn:
    """One completed turn: the question asked, the simulated answer and the session's TurnResult."""

    question: str
    reply: Answer
    result: TurnResult


def autopilot(session: InterviewSession, respondent: SimulatedRespondent, turns: int, provenance: Provenance,
              on_reply: Callable[[Answer], None] | None = None) -> Iterator[AutopilotTurn]:
    """Answer up to ``turns`` questions of ``session`` with ``respondent``, yielding each completed turn.

    ``on_reply`` sees each simulated answer before the session does (the oracle extraction reads what it
    revealed). Stops early when the interview ends, or when the current question was answered by
    someone else meanwhile (that answer stays; the rehearsal does not overwrite it).
    """
    for _ in range(turns):
        if session.finished:
            return
        question, question_id = session.current_question, session.current_question_id
        reply = respondent.answer(question)
        if on_reply is not None:
            on_reply(reply)
        try:
            result = session.answer(reply.text, question_id=question_id, provenance=provenance)
        except QuestionNotCurrent:
            return
        yield AutopilotTurn(question, reply, result)
        if not result.should_continue or not result.next_question:
            return
