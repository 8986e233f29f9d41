"""Clause segmentation (the SRL preprocessing stage) against a hand-written table."""

import pytest

from interview_core.text import segment_clauses
from interview_core.text.clauses import segment

TABLE = [
    ("Creamy.", ["Creamy"]),
    ("I like it because it foams well", ["I like it", "it foams well"]),
    ("It foams well so I use it for lattes", ["It foams well", "I use it for lattes"]),
    ("It's so creamy", ["It's so creamy"]),  # intensifier "so" is not a marker
    ("salt and pepper", ["salt and pepper"]),  # too short to split on "and"
    ("I like the taste and the texture is nice", ["I like the taste", "the texture is nice"]),
    ("It saves time, which means I can sleep longer", ["It saves time", "I can sleep longer"]),
    ("It saves time, and that's why I like it. For me it's about freedom.",
     ["It saves time", "I like it", "freedom"]),
    ("The foam helps me make latte art", ["The foam", "make latte art"]),
    ("It makes me feel good", ["It", "feel good"]),
    ("It's pricey but it tastes great", ["It's pricey", "it tastes great"]),
    ("When I'm rushing to work I need something quick", ["When I'm rushing to work", "I need something quick"]),
]


@pytest.mark.parametrize("text,expected", TABLE)
def test_segment_table(text, expected):
    assert segment_clauses(text) == expected


def test_links_carry_direction():
    links = [(c.text, c.link) for c in segment("I buy it because it's creamy, so my coffee tastes better.")]
    assert links == [("I buy it", "start"), ("it's creamy", "cause"), ("my coffee tastes better", "effect")]


def test_sentence_initial_because_reads_cause_first():
    links = [(c.text, c.link) for c in segment("Because it foams well, I use it for lattes.")]
    assert links == [("it foams well", "sentence"), ("I use it for lattes", "effect")]


def test_clauses_are_exact_substrings_with_spans():
    text = "Honestly —  it's creamy; because\tit foams, I love it!"
    for c in segment(text):
        assert text[c.start : c.end] == c.text
