"""Wave 11: a kind of a concrete thing is another thing. WordNet's looser links let a word match a kind of it
within two hypernym steps ("contentment" / "happiness"); for two nouns whose most frequent senses are concrete
(an animal, artefact, food, plant, substance ...) a kind names a narrower thing one can point at, so such kinds
no longer link. Examples of our own, from a village band of bell ringers and the pub after practice."""

import pytest
from dedup_support import assert_never_merged

from interview_core.dedup.calibration import Calibration
from interview_core.dedup.wordnet import get_wordnet

CALIBRATION = Calibration(model="fake-encoder", target_precision=0.95, min_precision=0.95, dev_pairs=0,
                          jaccard_thresholds={}, embedding_thresholds={}, aligned_thresholds={"default": 0.4},
                          related_words=True)


@pytest.mark.parametrize("a,b", [("trout", "fish"), ("tea", "a drink"), ("sherry", "wine")])
def test_a_concrete_kind_never_merges_with_what_it_is_a_kind_of(parsed_lexicon, a, b):
    assert_never_merged(parsed_lexicon, CALIBRATION, "attribute", a, b)


def test_kinds_of_states_and_feelings_still_link():
    wn = get_wordnet()
    assert wn.concrete("trout") and wn.concrete("sherry") and not wn.concrete("contentment")
    assert not wn.concrete("ring", "v")  # only nouns are concrete ...
    assert wn.concrete("trout", "v")  # ... but a part of speech the word has no sense of is a misparse
    assert not wn.linked("trout", "fish") and not wn.linked("sherry", "wine")
    assert wn.linked("contentment", "happiness")
