"""What the interviewer says about an answer (wave 13): painful news read where the parse and WordNet say a
person close has died or an event of the respondent's own dates their life, no news read from a clause said of
the generic "you", and a number of the description kept whole. Our own invented domain (a
drop-in pottery studio, "ClayDay"), used in no evaluation file."""

import re

import pytest

from interview_core.language.contracts import FocusRef, QuestionRequest, Turn
from interview_core.language.offline import OfflineLanguage
from interview_core.language.offline.distress import disclosed_hardship

SORRY = re.compile(r"\bsorry\b|sounds (hard|difficult)", re.I)


@pytest.fixture
def clay(oat_milk):
    return oat_milk.model_copy(update={"id": "clay_day", "name": "ClayDay", "elements": [],
                                       "stimulus": "ClayDay: a drop-in pottery studio with a shared kiln, wheels "
                                                   "to book by the hour and glazes included."})


def _next(mec, concept, answer, label, turn=4, strategy="deepen"):
    request = QuestionRequest(methodology=mec, concept=concept, strategy=mec.strategy(strategy), turn_number=turn,
                              focus=FocusRef(kind="node", label=label),
                              recent_turns=[Turn(question="What matters to you about ClayDay?", answer=answer)])
    return OfflineLanguage().write_question(request).question


@pytest.mark.parametrize("answer", [
    "my mum passed away in the spring, so I started throwing pots again",      # "mum": a person only in a later sense
    "My aunt taught me to throw and she died not knowing I'd kept it up",      # "died" tagged as an auxiliary
    "I started going after my miscarriage, I needed something for my hands",   # an illness told as one's own ("my")
])
def test_painful_news_is_read(answer):
    assert disclosed_hardship(answer), answer


@pytest.mark.parametrize("answer", [
    "my mum passed away in the spring, so I started throwing pots again",
    "I started going after my miscarriage, I needed something for my hands",
])
def test_painful_news_is_acknowledged(mec, clay, answer):
    q = _next(mec, clay, answer, "throwing pots")
    assert SORRY.search(q), q


@pytest.mark.parametrize("answer", [
    "my mum makes mugs, she passed her driving test in the spring",          # "passed" with an object: no death
    "the chrysanthemum glaze is lovely, my mum bought one",
])
def test_no_painful_news_in_a_plain_mention_of_mum(answer):
    assert disclosed_hardship(answer) == (), answer


def test_a_number_with_a_thousands_comma_stays_one_part():
    from interview_core.language.offline.described import description_parts

    parts = description_parts("ClayDay: a 1,200 degree kiln, wheels by the hour, glazes included.")
    assert "a 1,200 degree kiln" in parts, parts
    assert not any(p.startswith("200") for p in parts), parts


def test_an_event_of_death_said_of_anyone_is_no_news():
    # the generic "you": how things go for anyone, not the respondent's own loss
    assert disclosed_hardship("I read the notices at my age, otherwise you miss the funeral") == ()
    assert disclosed_hardship("we had a funeral on Friday so I missed the class")
