"""Wave 17, on an invented tapas bar (claimed in /work/read/w17/domains.txt):

- a kind of a concrete thing is another thing in every sense a link goes through, not only in the word's most
  frequent sense: "port" is a harbour first and a wine later, "claret" / "burgundy" / "bordeaux" likewise a
  colour or a region first, so wave 11's rule (:meth:`WordNet.concrete`, most frequent sense) let "a cheap claret"
  merge with "an inexpensive wine";
- "nobody" and "no one" negate the clause they stand in ("no one was late" says the staff were not late)."""

import pytest
from dedup_support import aligned_calibrations, assert_merged_aligned, assert_never_merged

from interview_core.dedup.wordnet import get_wordnet

ON, OFF = aligned_calibrations()

# A kind of wine against wine, each modifier a synonym of the other's: the kind link goes through a concrete sense.
KINDS = [
    ("a cheap claret", "an inexpensive wine"),
    ("an aged port", "an old wine"),
    ("a mild burgundy", "a soft wine"),
    ("good bordeaux", "decent wine"),
]


@pytest.mark.parametrize("a,b", KINDS)
def test_a_kind_of_a_concrete_thing_in_a_later_sense_never_merges(parsed_lexicon, a, b):
    assert_never_merged(parsed_lexicon, ON, "attribute", a, b)


def test_the_kind_link_is_read_per_sense():
    wn = get_wordnet()
    assert not wn.concrete("port") and not wn.concrete("claret")  # most frequent senses: a harbour, a colour
    assert not wn.linked("port", "wine") and not wn.linked("claret", "wine") and not wn.linked("bordeaux", "wine")
    assert wn.linked("contentment", "happiness")  # a kind of a feeling still links (guard)


def test_kinds_said_alike_still_merge(parsed_lexicon):
    # guard: the same kind reworded by a synonym of its modifier
    assert_merged_aligned(parsed_lexicon, ON, [OFF], "attribute", "a cheap claret", "an inexpensive claret")


@pytest.mark.parametrize("a,b", [
    ("no one was late", "the staff were late"),  # the staff were not late
    ("the waiter pours the sherry", "nobody pours the sherry"),
])
def test_nobody_and_no_one_negate_their_clause(parsed_lexicon, a, b):
    found = parsed_lexicon.apart(parsed_lexicon.key(a), parsed_lexicon.key(b))
    assert found is not None and found.startswith("negation"), found
    assert parsed_lexicon.apart(parsed_lexicon.key(b), parsed_lexicon.key(a)) is not None
    assert_never_merged(parsed_lexicon, ON, "functional_consequence", a, b)


def test_no_one_is_read_like_nobody(parsed_lexicon):
    s = parsed_lexicon.syntax(parsed_lexicon.key("no one was late"))
    assert len(s.negations) == 1 and s.negations[0][0] == frozenset({0})  # the negation bears on "late"
    # negated alike: the same concept, merged
    assert_merged_aligned(parsed_lexicon, ON, [OFF], "functional_consequence", "no one rushed us", "nobody hurried us")


def test_an_antonym_under_nobody_is_no_opposite(parsed_lexicon):
    # "nobody was cold": everyone was warm; the antonym is turned back by the negation, as for "not"
    key = parsed_lexicon.key
    assert parsed_lexicon.whole(key("the diners stayed warm"), key("nobody was cold")) is None
