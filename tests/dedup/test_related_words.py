"""Wave 9: the aligned-words tier matching words through WordNet's looser links (a kind of the other within
two hypernym steps, a neighbour both reach, a derivation and one step up), certified with the tier on dev.
Examples of our own, from a chimney sweep and a beekeeper (domains used nowhere else in the repository):
rewordings that share no word and must merge, and opposites, negations, role swaps and kinds swapped into a
kept frame that must never merge, per node type."""

import pytest
from dedup_support import assert_merged_aligned, assert_never_merged, unit

from interview_core.config.settings import DedupSettings
from interview_core.dedup.calibration import Calibration, load_calibration
from interview_core.dedup.evaluation import LabelledPair
from interview_core.dedup.matcher import HybridMatcher
from interview_core.dedup.tuning import calibrate
from interview_core.dedup.wordnet import get_wordnet

# (node type, label, reworded label): no word in common, every word linked in WordNet. ("a clean chimney" / "a
# spotless flue" left this list in wave 11: a flue is a concrete kind of a chimney's part, test_concrete_kinds.py.)
REWORDED = [
    ("functional_consequence", "protects the family", "shields the household"),
    ("psychosocial_consequence", "worry", "anxiety"),
    ("psychosocial_consequence", "pride in my home", "dignity in the house"),
    ("instrumental_value", "independence", "freedom"),
    ("instrumental_value", "family safety", "household security"),
    ("terminal_value", "happiness", "contentment"),
    ("terminal_value", "pride", "dignity"),
]

# (node type, label, label naming something else or the opposite)
NEVER = [
    ("attribute", "evening sweeps", "daytime sweeps"),  # "evening" is a kind of "daytime": a kind swapped into a kept frame
    ("attribute", "wooden hive", "timber hive"),
    ("functional_consequence", "mends the flue", "breaks the chimney"),  # antonyms
    ("functional_consequence", "protects the family", "without shielding the household"),  # negation
    ("functional_consequence", "the sweep mends the flue", "the chimney repairs the sweep"),  # doer and done-to swapped
    ("psychosocial_consequence", "no worry", "anxiety"),  # the negation bears on a word only the looser links match
    ("psychosocial_consequence", "worry", "no anxiety"),
    ("psychosocial_consequence", "less worry", "more anxiety"),
    ("instrumental_value", "independence", "dependence"),  # negating prefix
    ("terminal_value", "happiness", "unhappiness"),
    ("terminal_value", "pride", "shame"),  # opposite stance
]


def _calibration(related: bool) -> Calibration:
    return Calibration(model="fake-encoder", target_precision=0.95, min_precision=0.95, dev_pairs=0,
                       jaccard_thresholds={}, embedding_thresholds={}, aligned_thresholds={"default": 0.4},
                       related_words=related)


@pytest.mark.parametrize("node_type,a,b", REWORDED)
def test_rewordings_without_a_shared_word_merge_through_the_links(parsed_lexicon, node_type, a, b):
    # the links are off unless the calibration certified them: the plain aligned tier does not reach the pair
    assert_merged_aligned(parsed_lexicon, _calibration(True), (_calibration(False),), node_type, a, b)


@pytest.mark.parametrize("node_type,a,b", NEVER)
def test_opposites_negations_role_swaps_and_kinds_never_merge_through_the_links(parsed_lexicon, node_type, a, b):
    assert_never_merged(parsed_lexicon, _calibration(True), node_type, a, b)


def test_the_guard_is_read_on_the_looser_alignment_too(parsed_lexicon):
    lex = parsed_lexicon
    ka, kb = lex.key("no worry"), lex.key("anxiety")
    # on the plain alignment the negation bears on no matched word; read whole (wave 16) the negated "worry" is one
    # WordNet relates to "anxiety"
    assert lex.opposition(ka, kb) is None and lex.apart(ka, kb) == "negation worry/anxiety"
    assert lex.reworded(ka, kb, True) and lex.opposition(ka, kb, True) == "negation"


def test_a_kind_swapped_into_a_kept_frame_is_no_rewording(parsed_lexicon):
    wn = get_wordnet()
    assert wn.linked("evening", "daytime")  # one is a kind of the other ...
    lex = parsed_lexicon
    assert not lex.reworded(lex.key("evening sweeps"), lex.key("daytime sweeps"), True)  # ... but not in a kept frame
    # the frame counts its function words and negations too: "avoid" leaves one content word on each side
    assert wn.linked("contentment", "happiness")
    assert not lex.reworded(lex.key("avoid the contentment"), lex.key("avoid the happiness"), True)
    assert lex.reworded(lex.key("contentment"), lex.key("happiness"), True)


def test_wordnet_links_keep_siblings_derivations_and_antonyms_apart():
    wn = get_wordnet()
    assert wn.linked("contentment", "happiness") and wn.linked("happiness", "contentment")
    assert wn.linked("mend", "repair", "v", "v")
    assert not wn.linked("morning", "evening")  # siblings: up and then down again
    assert not wn.linked("useful", "used", "a", "v")  # they meet only through derivations of "use"
    assert not wn.linked("pride", "shame") and not wn.linked("mend", "break", "v", "v")
    for word in ("happiness", "contentment", "mend"):
        assert wn.reach(word) >= {s.key for s in wn.synsets(word)}


NOUNS = ["shovel", "ladder", "rod", "sheet", "bucket", "glove", "mask", "lamp", "vacuum", "cowl", "pot", "cap",
         "grate", "tray", "bag", "bin", "board", "cloth", "hook", "pole"]


def _pairs(extra: list[tuple[str, str, bool]]) -> list[LabelledPair]:
    # 60 rewordings the plain aligned tier certifies (singular / plural, every word kept), in three domains
    rows = [LabelledPair(f"d{k}", "dev", "attribute", f"{adj} {noun}", f"{adj} {noun}s", True)
            for k, adj in enumerate(["sooty", "dusty", "grimy"]) for noun in NOUNS]
    return rows + [LabelledPair("d0", "dev", "attribute", a, b, same) for a, b, same in extra]


def _calibrate(fake_encoder, pairs):
    enc = fake_encoder({x: unit(1, 0) for p in pairs for x in (p.a, p.b)})
    return calibrate(HybridMatcher(DedupSettings(), encoder=enc, use_calibration=False), pairs)


def test_calibration_keeps_the_links_only_when_every_merge_they_add_on_dev_is_right(fake_encoder):
    cal = _calibrate(fake_encoder, _pairs([("a clean chimney", "a spotless flue", True), ("happiness", "contentment", True)]))
    assert cal.aligned_thresholds and cal.related_words
    cal = _calibrate(fake_encoder, _pairs([("a clean chimney", "a spotless flue", True), ("happiness", "contentment", False)]))
    assert cal.aligned_thresholds and not cal.related_words
    cal = _calibrate(fake_encoder, _pairs([]))  # the links add no merge: nothing to certify them by
    assert cal.aligned_thresholds and not cal.related_words


def test_the_shipped_calibration_names_the_links(tmp_path):
    path = tmp_path / "old.yaml"  # a file written before wave 9: the links stay off
    path.write_text("model: fake-encoder\ntarget_precision: 0.95\ndev_pairs: 1\nembedding_thresholds: {}\n"
                    "aligned_thresholds: {default: 0.4}\n", encoding="utf-8")
    assert load_calibration(path).related_words is False
    assert load_calibration().related_words is True  # certified on the dev pairs (interview bench dedup --calibrate)
