"""Wave 12: function words the word alignment drops that still change what a label names. Examples of our own, from
sheepdog trials and a glassblowing studio.

- A state held is not a state reached: "keep" and "get" / "make" are stop words, so "it keeps the flock calm" and
  "it gets the flock calm" align word for word; the guard's ``aspect`` rule parts them.
- The part a word plays, by its preposition: "talking to the handler" and "talking about the handler" align word
  for word; the guard's ``relation`` rule parts the same word brought in as company ("with"), as the one a thing
  is for or goes to ("for", "to"), as a source ("from") or as a topic ("about"), under a verb or a noun. After a
  feeling or a state ("worried about / for") and within one part ("a vase for / to my sister", "advice on /
  about") labels still merge."""

import pytest
from dedup_support import aligned_calibrations, assert_merged_aligned, assert_never_merged

from interview_core.dedup.contrast import Alignment
from interview_core.dedup.restriction import PREPOSITION_ROLES, aspect

CALIBRATION, OFF = aligned_calibrations()


@pytest.mark.parametrize("node_type,a,b", [
    ("functional_consequence", "the whistle keeps the flock calm", "the whistle gets the flock calm"),
    ("functional_consequence", "the apron keeps my arm cool", "the apron makes my arm cool"),
    ("attribute", "kept the glass clear", "got the glass clear"),
    ("psychosocial_consequence", "keeps me patient", "makes me patient"),
    ("instrumental_value", "learning from the shepherd", "learning about the shepherd"),
    ("functional_consequence", "talking to the handler", "talking about the handler"),
    ("psychosocial_consequence", "blowing glass with my son", "blowing glass for my son"),
    ("attribute", "a lesson with the glassblower", "a lesson from the glassblower"),
])
def test_a_function_word_that_changes_the_thing_never_merges(parsed_lexicon, node_type, a, b):
    assert_never_merged(parsed_lexicon, CALIBRATION, node_type, a, b)


@pytest.mark.parametrize("node_type,a,b", [
    ("functional_consequence", "the whistle keeps the flock calm", "the whistle keeps the flock quiet"),
    ("attribute", "the collie gets fed", "the collie is fed"),  # one label without a light verb
    ("attribute", "a vase for my sister", "a vase to my sister"),  # one part
    ("attribute", "advice on posture", "advice about posture"),  # "on" is not counted
    ("psychosocial_consequence", "worried about my collie", "worried for my collie"),  # after a feeling
])
def test_the_same_light_verb_part_or_a_feeling_still_merges(parsed_lexicon, node_type, a, b):
    assert_merged_aligned(parsed_lexicon, CALIBRATION, [OFF], node_type, a, b)


def test_aspect_hand_table():
    shared = Alignment(((0, 0),), (), ())
    assert aspect(["keeps", "it", "clear"], ["gets", "it", "clear"], shared) == "aspect held/reached"
    assert aspect(["made", "it", "clear"], ["kept", "it", "clear"], shared) == "aspect reached/held"
    assert aspect(["keeps", "it", "clear"], ["it", "is", "clear"], shared) is None  # one side without a light verb
    assert aspect(["keeps", "and", "gets", "it"], ["gets", "it"], shared) is None  # both kinds on one side
    assert aspect(["keeps", "sheep"], ["gets", "glass"], Alignment((), ("sheep",), ("glass",))) is None  # nothing shared


def test_the_parts_are_a_closed_class():
    assert PREPOSITION_ROLES["for"] == PREPOSITION_ROLES["to"] != PREPOSITION_ROLES["with"]
    assert {"in", "at", "on", "of"}.isdisjoint(PREPOSITION_ROLES)
