"""Answers that hold no concept make no node, offline, by method rather than by word list (issue 13, "Clean
concepts"; wave 17, engineer nodes17):

- a refusal or a "don't know" in any words (:func:`extraction.declines`: short, negated, and only nouns of
  cognition or communication and verbs of thinking or saying by WordNet, or a verb done for the interviewer);
- a side step (a question to the interviewer, a pause, a wish to end) that shares no content word with the
  stimulus or the question just asked: the respondent's own turn, not the study's topic.

A side step that names the product keeps its concepts, and so does a consequence or value that names no
product word at all, since the ladder needs those. Our own domain (kite surfing lessons), used by no
evaluation file."""

from __future__ import annotations

import pytest


STIMULUS = ("Gustline Kite School: kite surfing lessons on a tidal beach, a two-hour taster with a qualified "
            "instructor, wetsuit, harness and board hire included, radio helmets so the instructor talks you "
            "through every move, lessons only when the wind is between 12 and 25 knots, rebooked free if the "
            "wind drops, and 89 pounds a taster or 420 for a five-lesson course.")


@pytest.fixture(scope="module")
def kite_labels(invented_labeller):
    return invented_labeller("gustline", "Gustline Kite School", STIMULUS)


@pytest.mark.parametrize("answer", [
    # refusals and "don't know"s, in words no list holds
    "no comment",
    "no clue tbh",
    "no thoughts on that one",
    "dunno what else to tell you",
    "pfff. no opinion really",
    # questions to the interviewer with a remark of the respondent's own, no word of the product
    "will my daughter's name be kept anywhere? I mentioned Freya",
    "Does anything I say get printed? Like on a flyer - 'Ken from Rhyl says'",
    # leaving, with the respondent's own moment
    "ok pal, the van's here, I have a parcel run. goodbye",
])
def test_no_node(kite_labels, answer):
    assert kite_labels(answer) == []


@pytest.mark.parametrize(("empty", "kept", "expected"), [
    # the same side step: without a word of the product it is the respondent's own; naming the product, it
    # keeps what it names
    ("will my daughter's name be kept anywhere? I mentioned Freya",
     "the harness hire? if it costs extra, forget it", "harness hire"),
    # a refusal beside what the respondent does not know about something, which names that something
    ("no thoughts on that one", "I never know when the tide turns", "tide"),
    # a refusal beside consequences and values with no product word: the ladder needs those
    ("no comment", "not having to think about the tide", "think"),
    ("no clue tbh", "feeling in control out there", "control"),
])
def test_concept_kept_beside_no_node(kite_labels, empty, kept, expected):
    assert kite_labels(empty) == []
    labels = kite_labels(kept)
    assert any(expected in label for label in labels), labels


@pytest.mark.parametrize(("text", "expected"), [
    ("no comment", True),
    ("couldn't say", True),
    ("nobody tells you anything", False),  # what others do not say is a concept
    ("no idea what it costs", False),  # names what is not known
    ("not having to think about it", False),  # a state named by a gerund
    ("no wetsuit included", False),  # a thing, not a thought or a saying
])
def test_declines(text, expected):
    from interview_core.language.offline.extraction import declines

    assert declines(text) is expected
