"""Wave 12: the part a word plays, by its preposition. Prepositions are function words, so "talking to the
shepherd" and "talking about the shepherd" align word for word; the guard's ``relation`` rule now parts the same
word brought in as company ("with"), as the one a thing is for or goes to ("for", "to"), as a source ("from") or
as a topic ("about"), when it hangs from a verb or a noun. After a feeling or a state ("worried about / for") and
within one part ("a vase for / to my sister", "advice on / about") labels still merge. Examples of our own, from
sheepdog trials and a glassblowing studio."""

import pytest
from dedup_support import assert_merged_aligned, assert_never_merged

from interview_core.dedup.calibration import Calibration
from interview_core.dedup.restriction import PREPOSITION_ROLES

CALIBRATION = Calibration(model="fake-encoder", target_precision=0.95, min_precision=0.95, dev_pairs=0,
                          jaccard_thresholds={}, embedding_thresholds={}, aligned_thresholds={"default": 0.4},
                          related_words=True)
OFF = Calibration(model="fake-encoder", target_precision=0.95, min_precision=0.95, dev_pairs=0,
                  jaccard_thresholds={}, embedding_thresholds={}, aligned_thresholds={})


@pytest.mark.parametrize("node_type,a,b", [
    ("instrumental_value", "learning from the shepherd", "learning about the shepherd"),
    ("functional_consequence", "talking to the handler", "talking about the handler"),
    ("psychosocial_consequence", "blowing glass with my son", "blowing glass for my son"),
    ("attribute", "a lesson with the glassblower", "a lesson from the glassblower"),
])
def test_the_same_word_in_another_part_never_merges(parsed_lexicon, node_type, a, b):
    assert_never_merged(parsed_lexicon, CALIBRATION, node_type, a, b)


@pytest.mark.parametrize("node_type,a,b", [
    ("attribute", "a vase for my sister", "a vase to my sister"),  # one part
    ("attribute", "advice on posture", "advice about posture"),  # "on" is not counted
    ("psychosocial_consequence", "worried about my collie", "worried for my collie"),  # after a feeling
])
def test_the_same_part_or_a_feeling_still_merges(parsed_lexicon, node_type, a, b):
    assert_merged_aligned(parsed_lexicon, CALIBRATION, [OFF], node_type, a, b)


def test_the_parts_are_a_closed_class():
    assert PREPOSITION_ROLES["for"] == PREPOSITION_ROLES["to"] != PREPOSITION_ROLES["with"]
    assert {"in", "at", "on", "of"}.isdisjoint(PREPOSITION_ROLES)
