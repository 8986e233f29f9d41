"""Wave 19, on invented hovercraft rides (claimed in /work/read/w19/domains.txt). The two wrong merges of the
aligned-words tier on the wave-18 pairs (fresh20 / fresh21, dev since wave 19) came from function words the word
alignment never sees:

- the standard of a comparison: the same words on either side of "than" in the two labels ("spending more on A than
  B" / "spending more on B than A") name the opposite preference, whatever the parse makes of the phrase;
- a source against a place: the same word brought in by "from" (where something comes from, or what one is free of)
  in one label and by a preposition of place ("at", "in", "on") in the other ("a break at / from the terminal")."""

import pytest
from dedup_support import aligned_calibrations, assert_merged_aligned, assert_never_merged

ON, OFF = aligned_calibrations()

SWAPPED_COMPARISONS = [
    ("spending longer on the hovercraft than the ferry", "spending longer on the ferry than the hovercraft"),
    ("more seats on the hovercraft than the ferry", "more seats on the ferry than the hovercraft"),
    ("waiting less for the hovercraft than for the bus", "waiting less for the bus than for the hovercraft"),
]

SOURCE_AND_PLACE = [
    ("a break at the hovercraft terminal", "a break from the hovercraft terminal"),
    ("peace at the harbour", "peace from the harbour"),
    ("relief at the slipway", "relief from the slipway"),
    ("a rest on the hovercraft", "a rest from the hovercraft"),
]


@pytest.mark.parametrize("a,b", SWAPPED_COMPARISONS)
def test_a_comparison_with_its_sides_swapped_never_merges(parsed_lexicon, a, b):
    found = parsed_lexicon.apart(parsed_lexicon.key(a), parsed_lexicon.key(b))
    assert found is not None and found.startswith("comparison"), found
    assert_never_merged(parsed_lexicon, ON, "functional_consequence", a, b)


@pytest.mark.parametrize("a,b", SOURCE_AND_PLACE)
def test_a_source_against_a_place_never_merges(parsed_lexicon, a, b):
    found = parsed_lexicon.apart(parsed_lexicon.key(a), parsed_lexicon.key(b))
    assert found is not None and found.startswith("relation"), found
    assert_never_merged(parsed_lexicon, ON, "psychosocial_consequence", a, b)


def test_comparison_hand_table():
    from interview_core.dedup.restriction import comparison

    # (words a, words b, matched index pairs) -> the first matched word on the standard's side in one label only
    rows = [
        (("longer", "hovercraft", "than", "ferry"), ("longer", "ferry", "than", "hovercraft"),
         ((0, 0), (1, 3), (3, 1)), "comparison hovercraft"),
        (("quicker", "than", "ferry"), ("faster", "than", "ferry"), ((0, 0), (2, 2)), None),  # the same standard
        (("seats", "hovercraft", "than", "ferry"), ("hovercraft", "seats"), ((0, 1), (1, 0)), None),  # one "than"
        (("seats", "hovercraft"), ("hovercraft", "seats"), ((0, 1), (1, 0)), None),  # no comparison
    ]
    for words_a, words_b, matched, expected in rows:
        assert comparison(words_a, words_b, matched) == expected, (words_a, words_b)


def test_the_same_comparison_reworded_still_merges(parsed_lexicon):
    # guard: the standard stays on its side
    assert_merged_aligned(parsed_lexicon, ON, [OFF], "attribute", "quicker than the ferry", "faster than the ferry")


def test_two_places_still_merge(parsed_lexicon):
    # guard: "at" and "in" both say where; only a source against a place is two relations
    assert_merged_aligned(parsed_lexicon, ON, [OFF], "attribute", "a snack at the terminal", "a snack in the terminal")
