"""Wave 12: a state held is not a state reached. "keep" and "get" / "make" are light verbs the word alignment
drops as function words, so "it keeps the flock calm" and "it gets the flock calm" align word for word; the
guard's ``aspect`` rule parts them (holding a state and bringing it about are two goals). Examples of our own,
from sheepdog trials and a glassblowing studio."""

import pytest
from dedup_support import assert_merged_aligned, assert_never_merged

from interview_core.dedup.calibration import Calibration
from interview_core.dedup.contrast import Alignment
from interview_core.dedup.restriction import aspect

CALIBRATION = Calibration(model="fake-encoder", target_precision=0.95, min_precision=0.95, dev_pairs=0,
                          jaccard_thresholds={}, embedding_thresholds={}, aligned_thresholds={"default": 0.4},
                          related_words=True)
OFF = Calibration(model="fake-encoder", target_precision=0.95, min_precision=0.95, dev_pairs=0,
                  jaccard_thresholds={}, embedding_thresholds={}, aligned_thresholds={})


@pytest.mark.parametrize("node_type,a,b", [
    ("functional_consequence", "the whistle keeps the flock calm", "the whistle gets the flock calm"),
    ("functional_consequence", "the apron keeps my arm cool", "the apron makes my arm cool"),
    ("attribute", "kept the glass clear", "got the glass clear"),
    ("psychosocial_consequence", "keeps me patient", "makes me patient"),
])
def test_a_state_held_never_merges_with_the_state_reached(parsed_lexicon, node_type, a, b):
    assert_never_merged(parsed_lexicon, CALIBRATION, node_type, a, b)


@pytest.mark.parametrize("node_type,a,b", [
    ("functional_consequence", "the whistle keeps the flock calm", "the whistle keeps the flock quiet"),
    ("attribute", "the collie gets fed", "the collie is fed"),  # one label without a light verb
])
def test_the_same_light_verb_or_none_still_merges(parsed_lexicon, node_type, a, b):
    assert_merged_aligned(parsed_lexicon, CALIBRATION, [OFF], node_type, a, b)


def test_aspect_hand_table():
    shared = Alignment(((0, 0),), (), ())
    assert aspect(["keeps", "it", "clear"], ["gets", "it", "clear"], shared) == "aspect held/reached"
    assert aspect(["made", "it", "clear"], ["kept", "it", "clear"], shared) == "aspect reached/held"
    assert aspect(["keeps", "it", "clear"], ["it", "is", "clear"], shared) is None  # one side without a light verb
    assert aspect(["keeps", "and", "gets", "it"], ["gets", "it"], shared) is None  # both kinds on one side
    assert aspect(["keeps", "sheep"], ["gets", "glass"], Alignment((), ("sheep",), ("glass",))) is None  # nothing shared
