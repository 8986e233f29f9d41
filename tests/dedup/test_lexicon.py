import pytest

from interview_core.config.errors import ConfigError
from interview_core.dedup.lexicon import Lexicon, default_lexicon, load_dedup_config


@pytest.fixture(scope="module")
def lex():
    return default_lexicon()


def test_a_study_lexicon_rewrites_its_synonyms_and_stopwords_normalise():
    study = Lexicon(stopwords=["for"], negators=[], synonyms=[["value", "value for money"], ["nice", "proper"]], antonyms=[])
    assert study.key("proper foam").terms == study.key("nice foam").terms
    assert study.key("good value for money").terms == study.key("good value").terms


def test_stopwords_and_negation_normalise_to_the_same_terms(lex):
    a, b = lex.key("don't have to plan meals"), lex.key("no meal planning")
    assert a.terms == b.terms == frozenset({"meal", "plan"}) and a.negated and b.negated


def test_negation_parity(lex):
    assert not lex.key("sweet").negated
    assert lex.key("not sweet enough").negated
    assert lex.key("sugar-free").negated and lex.key("tasteless").negated
    assert not lex.key("not without sugar").negated  # two negations cancel
    assert lex.key("no added sugar").terms == lex.key("without added sugar").terms


@pytest.mark.parametrize("a,b,why", [
    ("sweet", "not sweet enough", "negation"),
    ("cheap", "expensive", "antonyms"),
    ("affordable coffee", "pricey coffee", "antonyms"),  # WordNet: satellites of cheap / expensive
    ("easy to digest", "hard to digest", "antonyms"),
    ("healthy meals", "unhealthy meals", "negating prefix"),
])
def test_opposites_are_named(lex, a, b, why):
    assert lex.opposition(lex.key(a), lex.key(b)).startswith(why)


def test_paraphrases_are_not_opposites(lex):
    assert lex.opposition(lex.key("proper foam"), lex.key("proper froth")) is None
    assert lex.opposition(lex.key("non-greasy"), lex.key("not greasy")) is None


def test_a_study_antonym_pair_is_a_contrast():
    study = Lexicon(stopwords=[], negators=[], synonyms=[], antonyms=[("oaty", "neutral")])
    assert study.opposition(study.key("oaty taste"), study.key("neutral taste")).startswith("antonyms")


def test_antonym_that_normalises_to_nothing_is_a_config_error():
    with pytest.raises(ConfigError, match=r"antonyms\[0\]"):
        Lexicon(stopwords=[], negators=["less"], synonyms=[], antonyms=[("more", "less")])


def test_unknown_key_names_file_and_key(tmp_path):
    p = tmp_path / "dedup.yaml"
    p.write_text("synonym: [[a, b]]\n")
    with pytest.raises(ConfigError, match="dedup.yaml: synonym: unknown key"):
        load_dedup_config(p)


def test_shipped_config_loads():
    cfg = load_dedup_config()
    assert 0 < cfg.slot_jaccard_threshold < 0.75 and 0 < cfg.slot_embedding_threshold < 0.80
    assert cfg.synonyms == [] and cfg.antonyms == []  # general English comes from WordNet, not word lists


@pytest.mark.parametrize("a,b,overlap", [
    ("strong taste", "strong flavour", 1.0),  # WordNet synonyms over a less frequent sense
    ("feel free", "a sense of freedom", 1.0),  # derivation: free -> freedom
    ("bike theft", "bike being stolen", 1.0),  # derivation: theft -> steal
    ("builds strength", "builds endurance", 1 / 3),  # endurance is a kind of strength: not aligned
    ("cheap coffee", "expensive coffee", 1 / 3),  # antonyms are never aligned
])
def test_alignment_matches_words_wordnet_puts_side_by_side(lex, a, b, overlap):
    assert lex.overlap(lex.key(a), lex.key(b)) == pytest.approx(overlap, abs=0.01)


def test_close_words_table():
    from interview_core.dedup.contrast import close_words
    from interview_core.dedup.wordnet import get_wordnet

    wn = get_wordnet()
    assert close_words("quick", "fast", wn) and close_words("freedom", "free", wn)
    assert not close_words("strength", "endurance", wn) and not close_words("cheap", "expensive", wn)
    assert not close_words("morning", "evening", wn) and not close_words("zzzq", "fast", wn)
