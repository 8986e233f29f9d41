"""The interviewer's last word acknowledges what the respondent said in their closing answer (wave 15,
"turn15"): a painful disclosure is met with a brief, humane acknowledgement before the thanks, a new point
with thanks for adding it; a closing answer that adds nothing gets the plain farewell. With a provider writing
the farewell (another language), the prompt asks for the same. Invented domain: a harpsichord delivered for a
weekend house concert."""

from __future__ import annotations

import pytest

from interview_core.language.contracts import QuestionRequest
from interview_core.language.offline.questions import _wording
from interview_core.language.prompts import question_prompt
from interview_core.session import InterviewSession
from turn15_support import FIRST, harpsichord_concept

ANSWERS = [FIRST,
           "Hearing Bach played on the instrument he wrote for, in my own front room, would feel like a gift."]
DISCLOSURE = ("Only that my father has been in a care home since his stroke and can't get to concerts any more, "
              "so this would bring one to him.")
NEW_POINT = "One more thing: the delivery team would need to know our stairs are narrow and steep."
NOTHING = "No, that's everything."


def closing_session(tmp_path, settings) -> InterviewSession:
    session = InterviewSession.start(None, harpsichord_concept(tmp_path), settings=settings, max_turns=2)
    for answer in ANSWERS:
        session.answer(answer)
    assert session.awaiting_closing_answer
    return session


def _farewell_start(text: str) -> bool:
    return any(text.startswith(f.split("{")[0]) for f in _wording()["farewells"])


def test_a_disclosure_in_the_closing_answer_is_acknowledged_before_the_thanks(tmp_path, lexical_settings):
    session = closing_session(tmp_path, lexical_settings)
    final = session.answer(DISCLOSURE)
    assert session.finished and "?" not in final.next_question
    ack = next((a for a in _wording()["distress_acknowledgements"] if final.next_question.startswith(a)), None)
    assert ack is not None, final.next_question
    assert _farewell_start(final.next_question[len(ack):].strip())


def test_a_new_point_in_the_closing_answer_is_extracted_and_acknowledged(tmp_path, lexical_settings):
    session = closing_session(tmp_path, lexical_settings)
    final = session.answer(NEW_POINT)
    assert final.extracted.nodes  # extracted like any other answer
    assert not _farewell_start(final.next_question)  # something is said about it first ...
    assert final.next_question.startswith(_wording()["farewell_new_point"][0])
    assert "?" not in final.next_question


def test_a_closing_answer_that_adds_nothing_gets_the_plain_farewell(tmp_path, lexical_settings):
    session = closing_session(tmp_path, lexical_settings)
    final = session.answer(NOTHING)
    assert session.finished and _farewell_start(final.next_question)


def test_a_respondent_who_leaves_upset_is_acknowledged_without_thanks_for_a_point(tmp_path, lexical_settings):
    session = closing_session(tmp_path, lexical_settings)  # also before the closing question: same farewell
    final = session.answer("I have to stop now, sorry. My dad had a stroke and talking about it has upset me.")
    assert session.finished and "?" not in final.next_question
    assert any(a in final.next_question for a in _wording()["distress_acknowledgements"]), final.next_question
    assert _wording()["farewell_new_point"][0] not in final.next_question


def test_the_farewell_prompt_asks_to_acknowledge_what_was_said(question_request_for_farewell):
    prompt = question_prompt(question_request_for_farewell).user
    assert "acknowledge" in prompt.lower() and "new point" in prompt.lower()


@pytest.fixture
def question_request_for_farewell(tmp_path):
    from interview_core.config import registry
    from interview_core.vocabulary import Turn

    concept = registry.concept(harpsichord_concept(tmp_path))
    return QuestionRequest(methodology=registry.methodology(concept.methodology), concept=concept, kind="farewell",
                           recent_turns=[Turn(question="Anything else you'd like to add?", answer=DISCLOSURE)])
