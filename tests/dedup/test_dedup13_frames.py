"""Wave 13: who holds what a label says, read from the parse. Examples of our own, from a puppet theatre, a
skydiving centre and a milliner's workshop.

- The holder of a state and the thing held, swapped: "in control of my fear" / "my fear controlling me", "feeling
  in charge of the canopy" / "the canopy being in charge of me". In "in N of Y" the one in the state is the
  clause's subject (the speaker when the label has none) and Y what the state bears on; a verb's subject does it and
  its object undergoes it. The same participant on both sides of the same predicate is two concepts
  (``arguments``).
- A negation whose scope holds no content word bears on the word it hangs from: "performing without them" is the
  performing negated, so it never merges with "performing with them" (``negation``).
- Done by the one speaking against done to something by nobody named: "learning to block hats" / "watching hats get
  blocked" (``voice``); a passive with its doer named ("hats blocked by the milliner") keeps the roles.

On the old code every never-merge pair below merged by the aligned-words tier."""

import pytest
from dedup_support import aligned_calibrations, assert_merged_aligned, assert_never_merged

CALIBRATION, OFF = aligned_calibrations()


@pytest.mark.parametrize("node_type,a,b", [
    ("psychosocial_consequence", "in control of my fear", "my fear controlling me"),
    ("psychosocial_consequence", "feeling in charge of the canopy", "the canopy being in charge of me"),
    ("functional_consequence", "performing with them", "performing without them"),
    ("attribute", "jumping in them", "jumping without them"),
    ("functional_consequence", "learning to block hats", "watching hats get blocked"),
    ("functional_consequence", "steaming the felt", "the felt getting steamed"),
])
def test_a_holder_swapped_a_bare_negation_or_an_unnamed_doer_never_merges(parsed_lexicon, node_type, a, b):
    assert_never_merged(parsed_lexicon, CALIBRATION, node_type, a, b)


@pytest.mark.parametrize("node_type,a,b", [
    ("psychosocial_consequence", "in control of my fear", "in control of the fear"),  # the same holder and thing held
    ("functional_consequence", "the milliner blocks the hats", "the milliner blocking the hats"),
    ("attribute", "performing without them", "performing without them at all"),
])
def test_the_same_holder_and_the_same_voice_still_merge(parsed_lexicon, node_type, a, b):
    assert_merged_aligned(parsed_lexicon, CALIBRATION, [OFF], node_type, a, b)
