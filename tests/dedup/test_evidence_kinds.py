"""Wave 8: the containment tier split by its evidence (words only reworded, or words added), and three
ways two labels whose every word matches still name different things: a scale and one of its values,
opposite prepositions, and doer and done-to swapped. Examples of our own: a laundrette and a piano tuner
(domains used nowhere else in the repository)."""

import pytest
from dedup_support import unit

from interview_core.config.settings import DedupSettings
from interview_core.dedup.calibration import Calibration, load_calibration, save_calibration
from interview_core.dedup.matcher import HybridMatcher

REWORDED_APART = [
    # a scale (WordNet: the attribute of several adjectives) is not one of its values
    ("wash temperature", "hot wash", None),
    # opposite prepositions on the same word: function words the alignment never sees
    ("a lift to the laundrette", "a lift from the laundrette", "relation to/from"),
    ("bags carried into the laundrette", "bags carried from the laundrette", "relation into/from"),
    # the doer of the same verb in one label is the one it is done to in the other
    ("the tuner trusts the pianist", "the pianist trusts the tuner", "arguments tuner"),
    ("the attendant helps the customer", "the customer helps the attendant", "arguments attendant"),
    # the doer against the one a thing is done for or to (a personal pronoun, or a noun after "by"/"to")
    ("the attendant paid me", "I paid the attendant", "arguments 1s/pay"),
    ("we thanked the tuner", "the tuner thanked us", "arguments 1p/thank"),
    ("washed and folded for you", "washed but you fold it", "arguments 2/fold"),
    ("recommended by neighbours", "recommending it to neighbours", "arguments neighbours"),
]

STILL_ONE = [
    ("a comfortable waiting area", "comfort in the waiting area"),  # "comfort" is formed from the adjective
    ("advice on tuning", "advice about tuning"),  # prepositions that differ but are no opposites
    ("pianist trusted by the tuner", "the tuner trusts the pianist"),  # passive: the same doer
    ("recommended by neighbours", "neighbours recommended it"),
    ("the spin cycle wakes me up", "the spin cycle helps me wake up"),  # a causative's object does the waking
    ("quiet dryers", "the dryers are quiet"),
]


@pytest.mark.parametrize("a,b,why", REWORDED_APART)
def test_reworded_labels_that_name_different_things(parsed_lexicon, a, b, why):
    lex = parsed_lexicon
    ka, kb = lex.key(a), lex.key(b)
    if why is None:  # not aligned at all: the scale does not stand for its value
        assert lex.overlap(ka, kb) < 0.75 and not lex.contained(ka, kb)
    else:
        assert lex.contained(ka, kb) and not lex.adds_words(ka, kb)  # every word matched, nothing added
        assert lex.apart(ka, kb) == why and lex.apart(kb, ka) is not None


@pytest.mark.parametrize("a,b", STILL_ONE)
def test_rewordings_still_align(parsed_lexicon, a, b):
    lex = parsed_lexicon
    ka, kb = lex.key(a), lex.key(b)
    assert lex.contained(ka, kb) and not lex.adds_words(ka, kb) and lex.apart(ka, kb) is None


def test_scale_and_value_hand_table():
    from interview_core.dedup.wordnet import get_wordnet

    wn = get_wordnet()
    assert wn is not None
    assert not wn.adjacent("temperature", "hot") and not wn.adjacent("hot", "temperature")
    assert not wn.adjacent("size", "large")
    assert wn.adjacent("free", "freedom")  # one begins with the other: the state of the value
    assert wn.adjacent("proud", "pride")  # "pride" is the attribute of "proud" alone


def test_adds_words_tells_the_two_kinds_of_containment(parsed_lexicon):
    lex = parsed_lexicon
    assert lex.adds_words(lex.key("dryer tokens"), lex.key("buying dryer tokens"))
    assert not lex.adds_words(lex.key("quiet dryers"), lex.key("the dryers are quiet"))
    assert not lex.adds_words(lex.key("quiet dryers"), lex.key("cheap soap"))  # no containment at all


def _matcher(fake_encoder, lexicon, aligned, contained):
    labels = ["quiet dryers", "the dryers are quiet", "dryer tokens", "buying dryer tokens"]
    m = HybridMatcher(DedupSettings(embedding_threshold=1.0), lexicon=lexicon,
                      encoder=fake_encoder({x: unit(1, 0.2 * i) for i, x in enumerate(labels)}))
    m.jaccard_thresholds, m.aligned_thresholds, m.contained_thresholds = {}, aligned, contained
    return m


def test_each_kind_of_containment_runs_only_where_its_own_tier_is_certified(parsed_lexicon, fake_encoder):
    m = _matcher(fake_encoder, parsed_lexicon, {"default": 0.4}, {})
    assert m.match("the dryers are quiet", "attribute", [("n1", "quiet dryers")]).method == "aligned"
    assert m.match("buying dryer tokens", "attribute", [("n1", "dryer tokens")]) is None
    m = _matcher(fake_encoder, parsed_lexicon, {}, {"default": 0.4})
    assert m.match("the dryers are quiet", "attribute", [("n1", "quiet dryers")]) is None
    assert m.match("buying dryer tokens", "attribute", [("n1", "dryer tokens")]).method == "contained"


def test_a_calibration_file_without_the_aligned_table_leaves_that_tier_off(tmp_path, fake_encoder):
    path = tmp_path / "cal.yaml"
    path.write_text("model: fake-encoder\ntarget_precision: 0.95\ndev_pairs: 1\nembedding_thresholds: {}\n"
                    "contained_thresholds: {default: 0.4}\n", encoding="utf-8")
    cal = load_calibration(path)
    assert cal.aligned_thresholds == {}
    m = HybridMatcher(DedupSettings(), encoder=fake_encoder(), calibration=cal)
    assert m.aligned_threshold_for("attribute") is None and m.contained_threshold_for("attribute") == 0.4
    again = save_calibration(cal, tmp_path / "again.yaml")
    assert load_calibration(again) == cal and Calibration.model_fields["aligned_thresholds"].default_factory() == {}
