"""The stance of a question's topic read from the parse as well as from valence words: complaint
predicates and the objects of complaint verbs, excess, sarcasm, concession, hedges; when the cues
conflict the frame presumes no stance ('open'). Our own domain (a neighbourhood sourdough-starter swap),
written for these tests and used in no evaluation file."""

import re

import pytest

from language_support import ask_over_turns, outside_quotes
from interview_core.language.offline.questions import frame_family
from interview_core.language.offline.topics import topic_for


@pytest.mark.parametrize("label,answer,family", [
    # excess, a complaint predicate, the object of a complaint verb, a judged subject turned round
    ("jars", "There are so many jars to wash after every swap.", "negative"),
    ("the queue", "the queue at the bakery gets awkward", "negative"),
    ("the mould", "I hate the mould on old starter", "negative"),
    ("the crust", "the crust was not great", "negative"),
    # a positive list holding a negative-sounding word: each item keeps its own stance
    ("fresh bread", "Fresh bread, no more wasted flour, and meeting the neighbours.", "positive"),
    # praise the respondent concedes before setting something against it
    ("swapping starter", "Swapping starter sounds lovely in theory, but mine always dies within a week.", "open"),
    # praise hedged
    ("swapping with strangers", "Swapping with strangers could be fun, maybe.", "open"),
    # the parse against the valence words
    ("the subscription", "The subscription is dearer than I'd like.", "open"),
    # plain praise stays praise
    ("the smell", "the smell of the bread in the morning is lovely", "positive"),
])
def test_stance_read_from_the_parse_chooses_the_frame_family(label, answer, family):
    assert frame_family(topic_for(label, [answer])) == family


@pytest.mark.parametrize("label,answer", [
    ("app", "Oh great, another app to remind me to feed my starter."),
    ("paying a fee", "Wow, paying a fee to swap flour and water. Genius."),
    ("everyone", "Oh sure, because everyone has time to feed a starter twice a day."),
])
def test_sarcasm_is_never_read_as_praise(label, answer):
    assert frame_family(topic_for(label, [answer])) in ("open", "negative")


PRAISE_PRESUMED = re.compile(r"important|give you|help(s)? you|value|make possible|makes a difference", re.I)


def test_a_sarcastic_answer_gets_no_question_that_presumes_praise(mec, oat_milk):
    answer = "Wow, paying a fee to swap flour and water. Genius."
    for q in ask_over_turns(mec, oat_milk, "paying a fee", answer, 6, "deepen"):
        assert not PRAISE_PRESUMED.search(outside_quotes(q)), q


def test_a_conceded_topic_is_asked_without_presuming_a_stance(mec, oat_milk):
    answer = "Swapping starter sounds lovely in theory, but mine always dies within a week."
    for q in ask_over_turns(mec, oat_milk, "swapping starter", answer, 6, "deepen"):
        probe = outside_quotes(q)
        assert not PRAISE_PRESUMED.search(probe) and "bother" not in probe, q


@pytest.mark.parametrize("label,answer,family", [
    # a short verdict after a story judges it ("like" as a preposition is no liking)
    ("rising up like a balloon", "Left it on the radiator once, it rose up like a balloon and spilled everywhere. Bit gross tbh.",
     "negative"),
    # a "But ..." sentence set against the one before
    ("the loaves", "Sore arms, a horrible mess, a sink full of bowls. But the loaves will look amazing", "open"),
])
def test_the_sentences_around_a_topic_count(label, answer, family):
    assert frame_family(topic_for(label, [answer])) == family
