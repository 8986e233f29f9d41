"""Wave 9: who a label is about. Labels whose every word matches still name different things when the first
person does or owns in one what the third person does or owns in the other, when a pronoun is the one a
feeling is about in one and the one who feels it in the other, or when a noun is the doer of a verb in one
and the one it is done to in the other, through a "by" agent the parser reads as active or a past participle
after the noun. Examples of our own: a chimney sweep and a beekeeper (domains used nowhere else)."""

import pytest

from interview_core.config.settings import DedupSettings
from interview_core.dedup.calibration import Calibration
from interview_core.dedup.matcher import HybridMatcher

APART = [
    ("I paid the sweep", "they paid the sweep", "arguments 1/3/pay"),  # first against third person as the doer
    ("our hive swarmed", "their hive swarmed", "arguments 1/3/hive"),  # whose the hive is
    ("the beekeeper being proud of me", "me being proud of the beekeeper", "arguments 1s/proud"),  # feels / is felt about
    ("impressed by the beekeeper", "the beekeeper impressed by it", "arguments beekeeper"),  # a "by" agent: done to
    ("charmed by the sweep", "the sweep charmed by it", "arguments sweep"),  # a participle after its noun: done to
]

STILL_ONE = [
    ("the sweep was thanked by us", "we thanked the sweep"),  # passive and active: the same doer
    ("sweeps our chimney", "sweeps my chimney"),  # a respondent speaks for the household as for themselves
    ("the sweep saves me time", "the sweep saves you time"),  # "you" is often anyone
    ("we lit our fire", "I lit my fire"),
]


@pytest.mark.parametrize("a,b,why", APART)
def test_labels_about_someone_else_never_merge(parsed_lexicon, a, b, why):
    lex = parsed_lexicon
    ka, kb = lex.key(a), lex.key(b)
    assert lex.reworded(ka, kb)  # every word matched, nothing added: the aligned tier would merge them
    assert lex.apart(ka, kb) == why and lex.apart(kb, ka) is not None
    cal = Calibration(model="none", target_precision=0.95, dev_pairs=0, embedding_thresholds={},
                      aligned_thresholds={"default": 0.4})
    m = HybridMatcher(DedupSettings(), lexicon=lex, encoder=None, calibration=cal)
    assert m.match(b, "functional_consequence", [("n1", a)]) is None


@pytest.mark.parametrize("a,b", STILL_ONE)
def test_the_same_person_in_other_words_still_merges(parsed_lexicon, a, b):
    lex = parsed_lexicon
    ka, kb = lex.key(a), lex.key(b)
    assert lex.reworded(ka, kb) and lex.apart(ka, kb) is None
