"""Certified thresholds: hand-computed tables for the certification, the engine's conservative defaults
(a tier the dev pairs did not certify is off), and the shipped file is what the dev split gives."""

import pytest
from dedup_support import unit

from interview_core.config.settings import DedupSettings
from interview_core.dedup.calibration import Calibration, load_calibration, save_calibration
from interview_core.dedup.evaluation import LabelledPair, load_pairs
from interview_core.dedup.matcher import HybridMatcher, strictest
from interview_core.dedup.tuning import (JACCARD_GRID, calibrate, certified, certify, certify_common,
                                         certify_word_tiers, wilson_lower, wrong_out_of_domain)

LEX_GRID = [t for t in JACCARD_GRID if t >= 0.75]


def test_wilson_lower_bound_hand_values():
    assert wilson_lower(0, 0) == 1.0
    assert wilson_lower(10, 10) == pytest.approx(10 / (10 + 1.645 ** 2))  # p = 1: n / (n + z^2)
    assert wilson_lower(50, 100) == pytest.approx(0.4180, abs=1e-3)
    # 52 error-free merges are the fewest that reach 0.95: 52 / (52 + 2.706) = 0.9505; 51 give 0.9496.
    assert certified(52, 0, 0.95, 0.95) and not certified(51, 0, 0.95, 0.95)
    assert not certified(0, 0, 0.5, 0.5)  # no merge certifies nothing


def table(rows):
    """Rows (node_type, same, score, merged_before) -> the lists :func:`certify` takes."""
    pairs = [LabelledPair("library", "dev", t, "a", "b", same) for t, same, _s, _e in rows]
    return pairs, [e for *_, e in rows], [s for _t, _same, s, _e in rows]


# attribute: 28 paraphrases at 0.90 and 2 different pairs at 0.80; goal: 25 paraphrases at 0.76;
# value: 5 paraphrases at 0.78 (fewer than 20 pairs: no evidence of its own).
ROWS = ([("attribute", True, 0.90, False)] * 28 + [("attribute", False, 0.80, False)] * 2
        + [("goal", True, 0.76, False)] * 25 + [("value", True, 0.78, False)] * 5)


def test_certify_per_type_with_the_strictest_threshold_for_types_without_evidence():
    pairs, earlier, scores = table(ROWS)
    # attribute: at 0.80 or below 28 / 30 = 0.933 < 0.95, from 0.81 on 28 / 28; goal: 25 / 25 from 0.75.
    # value falls back to the strictest, 0.81 (its pairs at 0.78 do not merge); all dev merges together:
    # 28 + 25 = 53 right of 53, Wilson bound 53 / 55.706 = 0.9514 >= 0.95.
    got = certify(pairs, earlier, scores, LEX_GRID, 0.95, 0.95, 20, fallback=True, own_bound=False)
    assert got == {"attribute": 0.81, "goal": 0.75, "default": 0.81}
    assert strictest(got, "value") == 0.81 and strictest(got, "attribute") == 0.81
    assert certify(pairs, earlier, scores, LEX_GRID, 0.95, 0.95, 20, fallback=False, own_bound=False) == {
        "attribute": 0.81, "goal": 0.75}
    # A bound of 0.96 is not met by 53 error-free merges: the tier is off for every type.
    assert certify(pairs, earlier, scores, LEX_GRID, 0.96, 0.95, 20, fallback=True, own_bound=False) == {}


def test_certify_with_the_bound_on_each_type_alone():
    pairs, earlier, scores = table(ROWS)
    # attribute alone: 28 / 28 has a bound of 28 / 30.706 = 0.912; goal alone 25 / 27.706 = 0.902: neither
    # type is certified, and a threshold at which nothing merges (above 0.90) certifies nothing.
    assert certify(pairs, earlier, scores, LEX_GRID, 0.95, 0.95, 20, fallback=False, own_bound=True) == {}
    # 60 attribute paraphrases at 0.70 reach 60 / 62.706 = 0.957: certified at the lowest grid value.
    pairs, earlier, scores = table([("attribute", True, 0.70, False)] * 60 + [("goal", True, 0.70, False)] * 10)
    assert certify(pairs, earlier, scores, [0.6, 0.7, 0.8], 0.95, 0.95, 20, fallback=False, own_bound=True) == {
        "attribute": 0.6}


def test_certify_counts_only_the_tiers_own_merges():
    # 50 right merges by an earlier tier; this tier reaches 3 paraphrases at 0.6 and 1 different pair at
    # 0.5. Until wave 6 the earlier merges were pooled in (53 / 53 from 0.51 on: certified); on its own
    # merges the tier has 3 / 3 at best, a Wilson bound of 3 / 5.706 = 0.526: off.
    rows = ([("attribute", True, None, True)] * 50 + [("attribute", True, 0.6, False)] * 3
            + [("attribute", False, 0.5, False)])
    pairs, earlier, scores = table(rows)
    assert certify(pairs, earlier, scores, [0.5, 0.51, 0.7], 0.95, 0.95, 20, fallback=True, own_bound=False) == {}
    assert certify_common(pairs, earlier, scores, [0.5, 0.51, 0.7], 0.95, 0.95, 20) == {}
    # 52 paraphrases of its own at 0.6 reach 52 / 54.706 = 0.9505 from 0.51 on (at 0.5 the different pair
    # brings the bound down): certified there, one threshold for every type.
    rows = [("attribute", True, 0.6, False)] * 30 + [("goal", True, 0.6, False)] * 22 + [("goal", False, 0.5, False)]
    pairs, earlier, scores = table(rows)
    assert certify_common(pairs, [False] * 53, scores, [0.5, 0.51, 0.7], 0.95, 0.95, 20) == {
        "attribute": 0.51, "goal": 0.51, "default": 0.51}


def test_certify_common_keeps_each_types_precision():
    # 60 attribute paraphrases at 0.9 and, for goals (20 pairs), 18 paraphrases and 2 different pairs at
    # 0.8: pooled at 0.8, 78 / 80 = 0.975 with a bound of 0.924 (and goals 18 / 20 = 0.90 < 0.95); at
    # 0.81 the 60 attribute merges alone (bound 0.957), goals merging nothing: certified at 0.81.
    rows = ([("attribute", True, 0.9, False)] * 60 + [("goal", True, 0.8, False)] * 18
            + [("goal", False, 0.8, False)] * 2)
    pairs, earlier, scores = table(rows)
    assert certify_common(pairs, earlier, scores, [0.8, 0.81], 0.95, 0.95, 20) == {
        "attribute": 0.81, "goal": 0.81, "default": 0.81}
    assert certify_common(pairs, earlier, scores, [0.8], 0.95, 0.95, 20) == {}


def test_the_word_tiers_are_certified_each_on_its_own_merges():
    # 50 paraphrases merged by word overlap (0.8), 3 more only by containment (cosine 0.6): 50 alone miss
    # the bound (50 / 52.706 = 0.9487), 3 alone too: both tiers off (pooled, wave 6 certified both).
    pairs = [LabelledPair("library", "dev", "attribute", "a", "b", True)] * 53
    exact, overlaps = [False] * 53, [0.8] * 50 + [0.5] * 3
    inside = [None] * 50 + [0.6] * 3
    assert certify_word_tiers(pairs, exact, overlaps, inside, LEX_GRID, 0.95, 0.95, 20) == ({}, {}, {}, exact)
    # When the overlap tier is off, the aligned-words tier is judged on every pair it decides: 53 pairs
    # whose words all match each other certify it alone.
    lexical, aligned, contained, merged = certify_word_tiers(pairs, exact, overlaps, [0.6] * 53, LEX_GRID, 0.95, 0.95, 20)
    assert lexical == {} and aligned == {"attribute": 0.4, "default": 0.4} and contained == {} and all(merged)
    # Without a model (no containment tiers) 53 overlap merges certify the overlap tier alone.
    lexical, aligned, contained, merged = certify_word_tiers(pairs, exact, [0.8] * 53, None, LEX_GRID, 0.95, 0.95, 20)
    assert lexical == {"attribute": 0.75, "default": 0.75} and aligned == contained == {} and all(merged)


def test_added_words_are_certified_apart_from_rewordings():
    # 52 rewordings (every word matched both ways) and 10 pairs where one label adds words, all right:
    # the rewordings certify the aligned-words tier; the 10 containments are no evidence of their own
    # (10 / 11.645 = 0.859 < 0.95), so that tier stays off although pooled 62 / 62 would pass (wave 7).
    pairs = [LabelledPair("piano_tuning", "dev", "attribute", "a", "b", True)] * 62
    added = [False] * 52 + [True] * 10
    lexical, aligned, contained, merged = certify_word_tiers(
        pairs, [False] * 62, [0.5] * 62, [0.6] * 62, LEX_GRID, 0.95, 0.95, 20, added)
    assert lexical == {} and aligned == {"attribute": 0.4, "default": 0.4} and contained == {}
    assert merged == [True] * 52 + [False] * 10
    # 52 containments of their own certify the containment tier, at the lowest floor that keeps the
    # one different pair (cosine 0.5) out: 0.51.
    pairs += [LabelledPair("piano_tuning", "dev", "attribute", "a", "b", True)] * 42
    pairs += [LabelledPair("piano_tuning", "dev", "attribute", "a", "b", False)]
    added = [False] * 52 + [True] * 53
    inside = [0.6] * 104 + [0.5]
    _, aligned, contained, merged = certify_word_tiers(pairs, [False] * 105, [0.5] * 105, inside, LEX_GRID, 0.95, 0.95,
                                                       20, added)
    assert aligned == {"attribute": 0.4, "default": 0.4} and contained == {"attribute": 0.51, "default": 0.51}
    assert merged == [True] * 104 + [False]


def test_strictest_ignores_a_looser_hand_edited_default():
    assert strictest({"attribute": 0.8, "goal": None, "default": 0.5}, "value") == 0.8
    assert strictest({"attribute": 0.8, "goal": None, "default": 0.5}, "goal") is None
    assert strictest({"attribute": 0.8}, "value") is None  # no default entry: off
    assert strictest({}, "attribute") is None


def calibrated(vectors, **tables):
    from dedup_support import FakeEncoder

    m = HybridMatcher(DedupSettings(), encoder=FakeEncoder(vectors))
    cal = Calibration(model="fake-encoder", target_precision=0.95, dev_pairs=0, **tables)
    m.calibration, m.jaccard_thresholds = cal, cal.jaccard_thresholds
    m.type_thresholds, m.contained_thresholds = dict(cal.embedding_thresholds), dict(cal.contained_thresholds)
    m.aligned_thresholds = dict(cal.aligned_thresholds)
    return m


def test_the_embedding_tier_is_off_for_a_type_the_dev_pairs_did_not_certify():
    vectors = {"quiet reading room": unit(1, 0), "calm study hall": unit(1, 0.01)}  # cosine 0.99995
    m = calibrated(vectors, jaccard_thresholds={"attribute": 0.75, "default": 0.75},
                   embedding_thresholds={"attribute": 0.9, "default": 0.5})
    assert m.match("calm study hall", "attribute", [("n1", "quiet reading room")]).method == "embedding"
    # No certificate of its own: off, whatever the pooled entry says (no pooled fallback for cosines).
    assert m.embedding_threshold_for("terminal_value") is None
    assert m.match("calm study hall", "terminal_value", [("n1", "quiet reading room")]) is None
    # Without a calibration the flat settings threshold applies (the untuned matcher).
    m.calibration = None
    assert m.match("calm study hall", "terminal_value", [("n1", "quiet reading room")]).method == "embedding"


def test_word_overlap_uses_the_strictest_certified_threshold_or_is_off():
    m = calibrated({}, jaccard_thresholds={"attribute": 0.75, "goal": 0.9, "default": 0.75},
                   embedding_thresholds={})
    # "long opening hours" / "long opening hours in the summer": 3 of 4 words -> 0.75, one label adding a
    # word (the containment tier's evidence, off here); "opening hours long" / "long opening hours": all
    # words aligned -> 1.0, the aligned-words tier's (off here); "quiet desks by the big window" / "quiet
    # tables by the big window": 3 of 5 -> 0.6, a substitution WordNet relates: the overlap tier's.
    assert m.jaccard_threshold_for("value") == 0.9  # no entry of its own: the strictest certified
    assert m.match("long opening hours", "value", [("n1", "opening hours long")]) is None
    assert m.match("long opening hours", "attribute", [("n1", "long opening hours in the summer")]) is None
    m.aligned_thresholds = {"default": 0.4}
    assert m.match("long opening hours", "value", [("n1", "opening hours long")]).method == "aligned"
    m.jaccard_thresholds = {"attribute": 0.6}
    assert m.match("quiet desks by the big window", "attribute",
                   [("n1", "quiet tables by the big window")]).method == "jaccard"
    m.jaccard_thresholds = {"attribute": None}
    assert m.jaccard_threshold_for("attribute") is None and m.jaccard_threshold_for("value") is None
    assert m.match("quiet desks by the big window", "attribute",
                   [("n1", "quiet tables by the big window")]) is None
    assert m.match("Long opening hours!", "attribute", [("n1", "long opening hours")]).method == "exact"


def test_calibration_is_reproducible_and_round_trips(tmp_path, fake_encoder):
    vectors = {"creamy": unit(1, 0), "silky": unit(0.8, 0.6), "bright": unit(0, 1), "sunny": unit(0.1, 0.99)}
    pairs = [LabelledPair("d", "dev", "attribute", "creamy", "silky", True),
             LabelledPair("d", "dev", "attribute", "bright", "sunny", True),
             LabelledPair("d", "heldout", "attribute", "creamy", "bright", False)]
    m = HybridMatcher(DedupSettings(), encoder=fake_encoder(vectors))
    first, second = calibrate(m, pairs, target=0.2, min_pairs=1), calibrate(m, pairs, target=0.2, min_pairs=1)
    assert first == second and first.dev_pairs == 2 and first.model == "fake-encoder"
    assert first.embedding_thresholds == {"attribute": 0.4}  # both dev paraphrases merge at the lowest grid value
    path = save_calibration(first, tmp_path / "cal.yaml")
    assert load_calibration(path) == first and path.read_text().startswith("# Generated by `interview bench dedup --calibrate`")


def test_shipped_calibration_is_what_the_dev_split_gives(encoder):
    shipped = load_calibration()
    assert shipped is not None and shipped.model == "all-MiniLM-L6-v2"
    again = calibrate(HybridMatcher(DedupSettings(), use_calibration=False),
                      load_pairs(), target=shipped.target_precision)
    assert again == shipped
    m = HybridMatcher(DedupSettings())
    assert (m.type_thresholds, m.aligned_thresholds, m.contained_thresholds, m.jaccard_thresholds) == (
        shipped.embedding_thresholds, shipped.aligned_thresholds, shipped.contained_thresholds,
        shipped.jaccard_thresholds)
    assert HybridMatcher(DedupSettings(), use_calibration=False).calibration is None
    lexical = HybridMatcher(DedupSettings(embeddings_enabled=False))  # the word-overlap table needs no model
    assert lexical.jaccard_thresholds == shipped.jaccard_thresholds and lexical.type_thresholds == {}


def test_a_tier_that_errs_in_a_domain_left_out_of_its_certificate_is_off():
    # Piano tuning: 60 right merges at 0.9. Laundrette: 2 right at 0.9 and 1 wrong at 0.5. Over all dev
    # pairs the lowest floor that certifies is 0.51 (at 0.5: 62 / 63, bound 0.917), so the wrong pair is
    # kept out. With the laundrette left out its pairs play no part and 0.4 certifies (60 right): applied
    # to the laundrette it merges the wrong pair. One wrong merge out of domain: the stable tier is off.
    pairs = ([LabelledPair("piano_tuning", "dev", "attribute", "a", "b", True)] * 60
             + [LabelledPair("laundrette", "dev", "attribute", "a", "b", True)] * 2
             + [LabelledPair("laundrette", "dev", "attribute", "a", "b", False)])
    earlier, scores, grid = [False] * 63, [0.9] * 62 + [0.5], [0.4, 0.5, 0.51]
    assert certify_common(pairs, earlier, scores, grid, 0.95, 0.95, 20) == {"attribute": 0.51, "default": 0.51}
    assert wrong_out_of_domain(pairs, earlier, scores, grid, 0.95, 0.95, 20) == 1
    assert certify_common(pairs, earlier, scores, grid, 0.95, 0.95, 20, stable=True) == {}
    # The wrong pair scored 0.3, under every floor: no domain left out errs, the tier stays on.
    scores[-1] = 0.3
    assert wrong_out_of_domain(pairs, earlier, scores, grid, 0.95, 0.95, 20) == 0
    assert certify_common(pairs, earlier, scores, grid, 0.95, 0.95, 20, stable=True) == {"attribute": 0.4, "default": 0.4}
