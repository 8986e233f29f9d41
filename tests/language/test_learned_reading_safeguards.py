"""Safeguards on the learned reading of turns addressed to the interviewer (engine defaults): a statement
that puts nothing to the interviewer is never read as a question to it, and a rephrased question is
rephrased from the question, never from the last rephrase. Invented domain: a rooftop beehive adoption scheme."""

import pytest

from interview_core.language.offline import meta
from interview_core.language.offline.questions import plain_question


@pytest.mark.parametrize("answer", [
    "I don't really know how to put it any other way.",
    "I don't really know how to put it any other way. The honey jar came on a Tuesday.",
    "Hard to put into words, the bees just calm me down.",
])
def test_a_statement_about_ones_own_words_is_no_question_to_the_interviewer(answer):
    assert meta.learned_topic(answer) is None
    assert meta.answer_meta_topic(answer) is None


@pytest.mark.parametrize("answer, topic", [
    ("not sure what you mean by that", "meaning"),
    ("tell me how long this takes", "length"),
])
def test_a_question_put_to_the_interviewer_is_still_read(answer, topic):
    assert meta.answer_meta_topic(answer) == topic  # (wave 13: the rules read "what you mean" first)


def test_a_rephrase_of_a_rephrase_quotes_the_question_once():
    first = "Okay. You mentioned the rooftop hive. What does that give you?"
    again = f"Sorry, that wasn't clear. I was asking: {plain_question(first)} Any answer in your own words is fine."
    twice = f"Sorry, that wasn't clear. I was asking: I was asking: {plain_question(first)} Any answer is fine."
    assert plain_question(again) == plain_question(twice) == "You mentioned the rooftop hive. What does that give you?"
