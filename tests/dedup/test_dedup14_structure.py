"""Wave 14: labels whose every content word matches and which still name another thing. Examples of our own, from a
kite festival, an origami class and a luthier's workshop.

- The doer of a participle that modifies a noun: in "the judges impressing me" the judges impress, in "impressing the
  judges" they are impressed. A participle with an object after a noun ("the pupils encouraging me") is said of
  that noun as a verb is of its subject (``arguments``, by the frames read from the parse).
- The object of a light verb against the object of a preposition: "learning about kites" / "learning to make kites".
  "make", "get", "keep" are stop words, so the word alignment never sees them; the same word brought in as what is
  made or got and as a topic plays two parts (``relation``).
- Two members of one family swapped in a kept frame: "a stronger flavour of varnish" / "a stronger smell of varnish".
  WordNet puts "flavour" and "smell" in one figurative synset ("the general atmosphere of a place"), so the alignment
  matched them; outside it they are a taste and a smell, both sensations, neither a kind of the other (``family``).
  A word and a kind of it, or a plain synonym, still merge ("the kite's frame" / "the kite's skeleton").
- A word and the same word with a negating prefix never stand for each other in the alignment, whatever WordNet
  links them by (it makes "unpasteurised" a participle of "pasteurise"): a negating prefix left over is already a
  contrast; matched, it was read as a synonym.

On the old code every never-merge pair below merged by the aligned-words tier."""

import pytest
from dedup_support import aligned_calibrations, assert_merged_aligned, assert_never_merged

from interview_core.dedup.contrast import align

CALIBRATION, OFF = aligned_calibrations()


@pytest.mark.parametrize("node_type,a,b", [
    ("psychosocial_consequence", "impressing the judges", "the judges impressing me"),
    ("psychosocial_consequence", "encouraging the pupils", "the pupils encouraging me"),
    ("functional_consequence", "learning about kites", "learning to make kites"),
    ("functional_consequence", "learning about cellos", "learning to make cellos"),
    ("functional_consequence", "teaching me about cellos", "teaching me to make cellos"),
    ("functional_consequence", "reading about paper cranes", "reading to make paper cranes"),
    ("attribute", "pasteurised milk at the kite festival stall", "unpasteurised milk at the kite festival stall"),
    ("attribute", "a stronger flavour of varnish", "a stronger smell of varnish"),
    ("attribute", "the glue smell", "the glue flavour"),
])
def test_a_participle_doer_a_light_verb_object_a_family_member_or_a_prefixed_word_swapped_never_merges(parsed_lexicon, node_type, a, b):
    assert_never_merged(parsed_lexicon, CALIBRATION, node_type, a, b)


@pytest.mark.parametrize("node_type,a,b", [
    ("psychosocial_consequence", "the judges impressing me", "judges who impress me"),  # the same doer
    ("functional_consequence", "learning to make kites", "learning how to make kites"),  # the same light verb
    ("psychosocial_consequence", "the pupils encouraging me", "pupils who encourage me"),
    ("attribute", "the kite's frame", "the kite's skeleton"),  # a kind of the other, no two members of one family
])
def test_the_same_doer_and_the_same_light_verb_still_merge(parsed_lexicon, node_type, a, b):
    assert_merged_aligned(parsed_lexicon, CALIBRATION, [OFF], node_type, a, b)


class LinksEverything:
    """A stand-in for WordNet that calls every pair of words synonyms (as the real one links "unpasteurised" to
    "pasteurise" through a participle pointer)."""

    def known(self, word):
        return True

    def synonyms(self, a, b, senses=None, pos_a=None, pos_b=None):
        return True

    def antonyms(self, a, b, senses=None):
        return False

    def adjacent(self, a, b, senses=4, pos_a=None, pos_b=None):
        return True

    def causes(self, a, b):
        return False


def test_a_word_never_aligns_with_itself_under_a_negating_prefix():
    al = align(("untethered", "kite"), ("untether", "kit"), ("tethered", "kite"), ("tether", "kit"), LinksEverything())
    assert al.matched == ((1, 1),) and al.only_a == ("untethered",) and al.only_b == ("tethered",)
    # words that are no prefixed form of each other still match through the stand-in
    al = align(("loose", "kite"), ("loos", "kit"), ("tethered", "kite"), ("tether", "kit"), LinksEverything())
    assert al.matched == ((0, 0), (1, 1))
