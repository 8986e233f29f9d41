import pytest

from interview_core.dedup.text import jaccard, normalise_text, numbers, numbers_differ, prefix_opposites, stem, tokenize


@pytest.mark.parametrize("a,b", [
    ("healthier", "healthy"), ("crashing", "crashes"), ("energised", "energized"), ("flavour", "flavor"),
    ("ingredients", "ingredient"), ("frustration", "frustrated"), ("easier", "easy"), ("lost", "lose"),
    ("portions", "portion"), ("controlled", "control"), ("ageing", "aging"),
])
def test_inflections_meet(a, b):
    assert stem(a) == stem(b)


@pytest.mark.parametrize("a,b", [("cheap", "expensive"), ("glass", "gas"), ("milk", "mild")])
def test_different_words_stay_apart(a, b):
    assert stem(a) != stem(b)


def test_tokenize_reads_free_compounds_as_without():
    assert tokenize("Sugar-free, isn't it?") == ["without", "sugar", "isn't", "it"]
    assert normalise_text("  Plant-Based ") == normalise_text("plant based") == "plant based"


def test_jaccard_hand_cases():
    assert jaccard(frozenset("ab"), frozenset("ab")) == 1.0
    assert jaccard(frozenset("ab"), frozenset("bc")) == pytest.approx(1 / 3)
    assert jaccard(frozenset("abc"), frozenset("abcd")) == 0.75
    assert jaccard(frozenset(), frozenset()) == 0.0


def test_prefix_opposites():
    assert prefix_opposites(stem("unhealthy"), stem("healthy"))
    assert prefix_opposites(stem("insecure"), stem("secure"))
    assert not prefix_opposites("health", "health")
    assert not prefix_opposites("in", "")  # too short to be a word


@pytest.mark.parametrize("label,values", [
    ("two hour lessons", {"2"}), ("2 hour lessons", {"2"}), ("open 24 hours", {"24"}), ("thirty minutes", {"30"}),
    ("second floor", {"2th"}), ("2nd floor", {"2th"}), ("a dozen eggs", {"12"}), ("quiet reading room", set()),
    ("one or two books", {"1", "2"}),
])
def test_numbers_hand_table(label, values):
    assert numbers(tokenize(label)) == frozenset(values)


@pytest.mark.parametrize("a,b,differ", [
    ("two hour lessons", "three hour lessons", True), ("first floor", "second floor", True),
    ("two hour lessons", "2 hour lessons", False), ("frequent buses", "a bus every ten minutes", False),
    ("one or two books", "two books", False), ("open 24 hours", "open 24 7", False),
])
def test_numbers_differ_hand_table(a, b, differ):
    assert (numbers_differ(tokenize(a), tokenize(b)) is not None) is differ
