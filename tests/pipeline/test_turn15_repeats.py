"""The interviewer's reply to the respondent's own turn is never given twice in a session (wave 15, "turn15"):
the no-near-repeat rule that held for questions covers the reply before the next question. The pipeline gives
the language layer every interviewer turn of the session (``QuestionRequest.said_before``); a reply already
given, verbatim or nearly, is not given again (offline and before a provider's question), and the turn that
follows repeats no earlier one. Invented domain: a harpsichord delivered for a weekend house concert."""

from __future__ import annotations

import re

from interview_core.language.offline import is_near_repeat
from interview_core.session import InterviewSession
from turn15_support import FIRST, harpsichord_concept

ASKED = "does the technician bring spare quills?"
UNSURE = "Sorry, I'm not sure I've got anything useful to say. Is that alright?"
CONTENT = "A proper instrument in the house would mean the children hear real early music, not a recording."
# Sentences of this many words or more are what the interviewer says about the study: never said twice.
LONG = 8


def _sentences(turn: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+", turn) if len(s.split()) >= LONG and not s.endswith("?")]


def test_a_reply_is_not_given_twice_and_no_turn_repeats(tmp_path, lexical_settings):
    session = InterviewSession.start(None, harpsichord_concept(tmp_path), settings=lexical_settings, max_turns=20)
    turns = [session.opening_question]
    for answer in (FIRST, ASKED, UNSURE, CONTENT, UNSURE, UNSURE, ASKED):
        result = session.answer(answer)
        assert result.should_continue
        assert not is_near_repeat(result.next_question, turns), result.next_question
        said = [s for t in turns for s in _sentences(t)]
        assert not [s for s in _sentences(result.next_question) if s in said], result.next_question
        turns.append(result.next_question)


def test_the_question_after_a_reply_is_not_asked_again(tmp_path, lexical_settings):
    """Replies that differ in their words ("no right or wrong answers", said in turn) are no near-repeat as
    whole turns; the question after each is still never one asked word for word in a recent turn."""
    session = InterviewSession.start(None, harpsichord_concept(tmp_path), settings=lexical_settings, max_turns=20)
    turns = [session.opening_question, session.answer(FIRST).next_question]
    for _ in range(4):
        turn = session.answer(UNSURE).next_question
        question = re.split(r"(?<=[.!?])\s+", turn)[-1]
        assert not any(question in earlier for earlier in turns[-6:]), turn
        assert not is_near_repeat(turn, turns), turn
        turns.append(turn)


def test_the_pipeline_gives_every_earlier_turn_to_the_question_writer(tmp_path, lexical_settings):
    session = InterviewSession.start(None, harpsichord_concept(tmp_path), settings=lexical_settings, max_turns=20)
    asked = []
    writer = session.stages[-3]  # QuestionGeneration
    original = writer.language.write_question
    writer.language.write_question = lambda request: (asked.append(request), original(request))[1]
    turns = [session.opening_question]
    for answer in (FIRST, ASKED, UNSURE, CONTENT, UNSURE, UNSURE, ASKED, FIRST):
        turns.append(session.answer(answer).next_question)
    assert [r.said_before for r in asked][-1] == turns[:-1]  # every turn, beyond the last six
