"""The guard read over the whole two labels (wave 16, :mod:`interview_core.dedup.whole`), on an invented stilt-walking
school: the speaker's role, more against less and WordNet antonyms wherever they stand, also where the word alignment
matches few words or none."""

import pytest

from interview_core.config.settings import DedupSettings
from interview_core.dedup.lexicon import default_lexicon
from interview_core.dedup.matcher import HybridMatcher

# Opposites the guard anchored on aligned words let through.
APART = [
    ("looking after the young ones", "the young ones looking after me", "roles"),  # the speaker looks after / is looked after
    ("I strap the stilts on", "straps the stilts on for you", "roles"),  # the speaker does it / has it done
    ("we check the teacher's stilts", "the stilts get checked by the teacher", "roles"),  # who checks them
    ("more time up on stilts", "fewer minutes on the poles", "degree"),  # more / fewer, nothing aligned
    ("an early lesson", "the class that runs late", "antonyms"),  # early / late, unaligned
    ("lessons without music", "songs playing during class", "negation"),  # music negated / songs, unaligned
]
# Pairs the whole-label reading leaves alone (one doer, one direction, an antonym turned back by a negation).
KEPT = [
    ("the instructor straps the stilts on", "the stilts get strapped on by the instructor"),  # one doer
    ("saves me time on the warm-up", "saving time on the warm-up"),  # "me" beside an object: what it gives me
    ("a short first lesson", "the first lesson is not long"),  # an antonym turned back by a negation
    ("less wobbling", "fewer wobbles"),  # less / fewer: one direction
]


@pytest.fixture(scope="module")
def lexicon():
    return default_lexicon()


@pytest.mark.parametrize("a,b,rule", APART)
def test_opposites_read_whole_are_apart(lexicon, a, b, rule):
    found = lexicon.apart(lexicon.key(a), lexicon.key(b))
    assert found is not None and found.startswith(rule), found
    assert lexicon.apart(lexicon.key(b), lexicon.key(a)) is not None


@pytest.mark.parametrize("a,b", KEPT)
def test_paraphrases_read_whole_are_not_apart(lexicon, a, b):
    # the whole-label reading alone (other rules of the guard may still part some of these)
    assert lexicon.whole(lexicon.key(a), lexicon.key(b)) is None


def test_a_participle_said_of_someone_is_no_noun_of_its_verb(lexicon):
    # "used" keeps its stem ("used" is an adjective of its own) but its lemma is "use": being used is no being of use
    found = lexicon.apart(lexicon.key("stilt walkers being of use"), lexicon.key("stilt walkers feeling used"))
    assert found is not None and found.startswith("voice"), found


def test_the_speaker_opening_a_label_does_the_verb(lexicon):
    from interview_core.dedup.syntax import SPEAKER

    s = lexicon.syntax(lexicon.key("waiting for my coach"))
    assert (SPEAKER, "wait", True) in s.participants and ("n:coach", "wait", False) in s.participants
    s = lexicon.syntax(lexicon.key("my coach waiting for me"))
    assert ("n:coach", "wait", True) in s.participants and (SPEAKER, "wait", False) in s.participants


def test_the_role_swap_never_merges_on_words_alone():
    # the aligned-words tier on words alone (no model) matches every word of "looking after the young ones" and "the
    # young ones looking after me": only the whole-label roles part them
    m = HybridMatcher(DedupSettings(embeddings_enabled=False))
    node = [("n1", "looking after the young ones")]
    assert m.match("the young ones looking after me", "functional_consequence", node) is None
    assert m.match("looking after the little ones", "functional_consequence", node) is not None
