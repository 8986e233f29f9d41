"""Wave 11: the aligned-words tier matching a word that the other's WordNet definition names ("love" is "a
strong positive emotion of regard and affection"), on top of the looser links, certified on dev the same way.
Examples of our own, from a village band of bell ringers (a domain used nowhere else in the repository):
rewordings that only definitions join and must merge, and opposites, negations, converse verbs and a kind
swapped into a kept frame that must never merge with definitions on."""

import pytest
from dedup_support import assert_merged_aligned, assert_never_merged, unit

from interview_core.config.settings import DedupSettings
from interview_core.dedup.calibration import Calibration, load_calibration
from interview_core.dedup.evaluation import LabelledPair
from interview_core.dedup.matcher import HybridMatcher
from interview_core.dedup.tuning import calibrate
from interview_core.dedup.wordnet import get_wordnet

# (node type, label, reworded label): some word pair joined only by a WordNet definition
DEFINED = [
    ("psychosocial_consequence", "love of the bells", "affection for the chimes"),
    ("instrumental_value", "patience", "tolerance"),
    ("functional_consequence", "recovering quickly", "healing fast"),
]

# (node type, label, label naming something else or the opposite)
NEVER = [
    ("attribute", "evening practice", "daytime practice"),  # a kind swapped into a kept frame
    ("attribute", "viola", "violin"),  # "a bowed stringed instrument slightly larger than a violin"
    ("terminal_value", "afternoon", "evening"),  # "the part of the day between noon and evening"
    ("attribute", "calm ringers", "agitated ringers"),  # "calm" is "not agitated": a negated definition
    ("psychosocial_consequence", "affection", "hatred"),
    ("psychosocial_consequence", "love of the bells", "no affection for the chimes"),  # negation
    ("instrumental_value", "patience", "impatience"),  # negating prefix
    ("instrumental_value", "patience", "no tolerance"),  # the negation bears on the word a definition matches
    ("functional_consequence", "learning the methods", "teaching the methods"),  # cause and effect
    ("functional_consequence", "the captain praised us", "the captain criticised us"),  # antonyms
]


def _calibration(defined: bool, related: bool = True) -> Calibration:
    return Calibration(model="fake-encoder", target_precision=0.95, min_precision=0.95, dev_pairs=0,
                       jaccard_thresholds={}, embedding_thresholds={}, aligned_thresholds={"default": 0.4},
                       related_words=related, defined_words=defined)


@pytest.mark.parametrize("node_type,a,b", DEFINED)
def test_rewordings_joined_by_a_definition_merge_where_certified(parsed_lexicon, node_type, a, b):
    # off unless certified, and never without the looser links they ride on
    assert_merged_aligned(parsed_lexicon, _calibration(True), (_calibration(False), _calibration(True, related=False)),
                          node_type, a, b)


@pytest.mark.parametrize("node_type,a,b", NEVER)
def test_opposites_negations_converses_and_kept_frames_never_merge_by_definitions(parsed_lexicon, node_type, a, b):
    assert_never_merged(parsed_lexicon, _calibration(True), node_type, a, b)


def test_a_definition_names_the_other_word_but_not_under_a_negation():
    wn = get_wordnet()
    assert wn.defines("love", "affection") and wn.defines("affection", "love")  # either word's definition
    assert wn.defines("tolerance", "patience")
    assert "agitated" not in wn.defining("calm", "a")  # "not agitated": a negated word defines nothing
    assert not wn.defines("calm", "agitated", "a", "a")
    assert not wn.defines("learn", "teach", "v", "v")  # a cause and its effect
    assert not wn.defines("viola", "violin")  # a comparison names a sibling
    assert not wn.defines("afternoon", "evening")  # so does a neighbour in time or place


def test_a_definition_does_not_count_in_a_kept_frame(parsed_lexicon):
    lex = parsed_lexicon
    assert lex.reworded(lex.key("prudent"), lex.key("sensible"), True, True)
    assert not lex.reworded(lex.key("prudent"), lex.key("sensible"), True)  # definitions only
    # one word swapped in a kept frame names another thing as often as the same one: the stricter links decide
    assert not lex.reworded(lex.key("a prudent captain"), lex.key("a sensible captain"), True, True)


def test_the_guard_is_read_on_the_alignment_with_definitions(parsed_lexicon):
    lex = parsed_lexicon
    ka, kb = lex.key("patience"), lex.key("no tolerance")
    assert lex.apart(ka, kb, True) is None  # without definitions the negation bears on no matched word
    assert lex.apart(ka, kb, True, True) == "negation"


NOUNS = ["rope", "bell", "clapper", "wheel", "stay", "slider", "pulley", "beam", "frame", "hatch", "ladder", "sally",
         "tower", "chamber", "board", "peg", "book", "lamp", "mat", "box"]


def _pairs(extra: list[tuple[str, str, bool]]) -> list[LabelledPair]:
    # 60 rewordings the plain aligned tier certifies (singular / plural, every word kept), in three domains,
    # and one the looser links add, so that definitions are tried on top of them
    rows = [LabelledPair(f"d{k}", "dev", "attribute", f"{adj} {noun}", f"{adj} {noun}s", True)
            for k, adj in enumerate(["dusty", "heavy", "worn"]) for noun in NOUNS]
    rows.append(LabelledPair("d0", "dev", "terminal_value", "happiness", "contentment", True))
    return rows + [LabelledPair("d1", "dev", "instrumental_value", a, b, same) for a, b, same in extra]


def _calibrate(fake_encoder, pairs):
    enc = fake_encoder({x: unit(1, 0) for p in pairs for x in (p.a, p.b)})
    return calibrate(HybridMatcher(DedupSettings(), encoder=enc, use_calibration=False), pairs, defined_words=True)


def test_calibration_keeps_definitions_only_when_every_merge_they_add_on_dev_is_right(fake_encoder):
    cal = _calibrate(fake_encoder, _pairs([("patience", "tolerance", True), ("love", "affection", True)]))
    assert cal.related_words and cal.defined_words
    cal = _calibrate(fake_encoder, _pairs([("patience", "tolerance", True), ("love", "affection", False)]))
    assert cal.related_words and not cal.defined_words
    cal = _calibrate(fake_encoder, _pairs([]))  # definitions add no merge: nothing to certify them by
    assert cal.related_words and not cal.defined_words


def test_definitions_are_off_unless_a_calibration_certified_them(tmp_path, fake_encoder):
    path = tmp_path / "old.yaml"  # a file written before wave 11
    path.write_text("model: fake-encoder\ntarget_precision: 0.95\ndev_pairs: 1\nembedding_thresholds: {}\n"
                    "aligned_thresholds: {default: 0.4}\nrelated_words: true\n", encoding="utf-8")
    assert load_calibration(path).defined_words is False
    # the engine default does not try them (a wrong merge on the external pairs, measured: docs/benchmarks.md)
    pairs = _pairs([("patience", "tolerance", True), ("love", "affection", True)])
    enc = fake_encoder({x: unit(1, 0) for p in pairs for x in (p.a, p.b)})
    assert not calibrate(HybridMatcher(DedupSettings(), encoder=enc, use_calibration=False), pairs).defined_words
    assert load_calibration().defined_words is False
