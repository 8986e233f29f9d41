import pytest

from interview_core.config.errors import ConfigError
from interview_core.dedup.lexicon import Lexicon, default_lexicon, load_dedup_config


@pytest.fixture(scope="module")
def lex():
    return default_lexicon()


def test_synonyms_and_stopwords_normalise_to_the_same_terms(lex):
    assert lex.key("proper foam").terms == lex.key("nice froth").terms
    assert lex.key("good value for money").terms == lex.key("good value").terms
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
    ("affordable coffee", "pricey coffee", "antonyms"),  # synonyms of both sides
    ("easy to digest", "hard to digest", "antonyms"),  # antonym inside a synonym phrase
    ("healthy meals", "unhealthy meals", "negating prefix"),
])
def test_opposites_are_named(lex, a, b, why):
    assert lex.opposition(lex.key(a), lex.key(b)).startswith(why)


def test_paraphrases_are_not_opposites(lex):
    assert lex.opposition(lex.key("proper foam"), lex.key("proper froth")) is None
    assert lex.opposition(lex.key("non-greasy"), lex.key("not greasy")) is None


def test_lower_impact_phrase_absorbs_its_negator(lex):
    a, b = lex.key("lower environmental impact"), lex.key("better for the environment")
    assert a == lex.key("lower environmental impact") and a.terms == b.terms and a.negated == b.negated


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
    assert ["cheap", "expensive"] in [list(p) for p in cfg.antonyms]
