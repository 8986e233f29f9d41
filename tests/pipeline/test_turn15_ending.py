"""A question about being contacted is no wish to stop (wave 15, "turn15"). The offline ending reader
(``Assessment.ending``) reads "now" only when the respondent leaves; a question about what happens to them
after the interview (a list, an email, a call), a place or thing a verb of leaving or going on takes ("end up
on a newsletter", "drop out of a list") and an answer that asks the interviewer to go on ("..., but carry on")
are not. Invented domain: a harpsichord delivered for a weekend house concert."""

from __future__ import annotations

import pytest

from interview_core.language.offline.assessment import ending
from interview_core.session import InterviewSession
from turn15_support import FIRST, harpsichord_concept


NOT_LEAVING = [
    "will I end up on some early-music newsletter after this?",
    "will you contact me about the results?",
    "can you put me on the list for updates",
    "will someone ring me after this?",
    "do I need to sign up to anything",
    "can I leave my email",
    "I'll have to go and check with my wife, but carry on",
    "I need to go and let the dog out, you carry on",
    "sorry, keep going though, I'll have to go and check on the oven",
    "can I drop out of the mailing list later?",
    "will I hear back from you later?",
    "will the hire firm end up with my details after this?",
]
LATER = ["can we come back to that later", "can I finish this tomorrow?", "shall we carry on another day?",
         "can I do the rest tomorrow, my laptop's on its last legs"]
NOW = ["I have to go now, sorry", "that's me done, bye", "sorry, I've got to head off now",
       "right, I'll have to leave it there", "I have to go now, carry on without me",
       "I have to stop now, sorry, talking about my dad's stroke has upset me."]


def harpsichord_session(tmp_path, settings) -> InterviewSession:
    return InterviewSession.start(None, harpsichord_concept(tmp_path), settings=settings, max_turns=12)


@pytest.mark.parametrize("answer", NOT_LEAVING)
def test_a_question_about_what_happens_after_is_no_wish_to_leave(answer):
    assert ending(answer, 0) == "none"


@pytest.mark.parametrize("answer", LATER)
def test_a_wish_to_go_on_another_time_is_later(answer):
    assert ending(answer, 0) == "later"


@pytest.mark.parametrize("answer", NOW)
def test_leaving_now_is_now(answer):
    assert ending(answer, 0) == "now"


@pytest.mark.parametrize("answer", ["will I end up on some early-music newsletter after this?",
                                    "I'll have to go and check with my wife, but carry on"])
def test_the_interview_goes_on_and_the_reply_does_not_say_goodbye(tmp_path, lexical_settings, answer):
    session = harpsichord_session(tmp_path, lexical_settings)
    session.answer(FIRST)
    result = session.answer(answer)
    assert result.extracted.assessment.ending == "none"
    assert result.should_continue and not session.finished and not result.closing_question
    reply = result.next_question.lower()
    assert "stop" not in reply and "before you go" not in reply and "thank you for your time" not in reply
    assert reply.rstrip().endswith("?")  # the interview goes on with a question


def test_a_question_about_a_list_is_answered_as_being_contacted(tmp_path, lexical_settings):
    """The reply to "will I end up on a newsletter" says what the interviewer knows of being contacted."""
    session = harpsichord_session(tmp_path, lexical_settings)
    session.answer(FIRST)
    reply = session.answer("will I end up on some early-music newsletter after this?").next_question
    assert "contact you" in reply
