"""The opposite guard by syntactic role: hand-computed tables on labels of a domain no tuning saw (home
library), the roles the parse gives, and the pairs the word-level guard blocked wrongly."""

import pytest

from interview_core.config.settings import DedupSettings
from interview_core.dedup.evaluation import LabelledPair
from interview_core.dedup.lexicon import default_lexicon
from interview_core.dedup.matcher import HybridMatcher
from interview_core.dedup.syntax import OUTSIDE, ROOT, label_syntax
from interview_core.dedup.tuning import guard_blocks


@pytest.fixture(scope="module")
def roles_lexicon(parsed_lexicon):
    return parsed_lexicon


@pytest.fixture(scope="module")
def words_lexicon():
    return default_lexicon(None, False)


def syntax_of(lex, label):
    key = lex.key(label)
    return key.words, lex.syntax(key)


# Opposites in a new domain (a public library): each must be blocked, by the guard named.
LIBRARY_OPPOSITES = [
    ("warm reading room", "cold reading room", "antonyms"),
    ("can't renew books online", "can renew books online", "negation"),
    ("lower late fees", "higher late fees", "negation"),
    ("study desks without sockets", "study desks with sockets", "negation"),
    ("morning story time", "evening story time", "contrast"),
    ("staff are reliable", "staff are unreliable", "negating prefix"),
    ("reading room is quiet", "reading room is noisy", "antonyms"),
    ("I trust the catalogue", "I distrust the catalogue", "negating prefix"),
    ("fines went up", "fines went down", "antonyms"),
    ("lights on", "lights off", "antonyms"),
    ("tasteless coffee in the cafe", "tasty coffee in the cafe", "negation"),  # "-less" on the other's stem
    ("two week loans", "three week loans", "numbers"),  # "one" is a stopword, so numbers are read from tokens
    ("one hour parking", "two hour parking", "numbers"),
    ("books on the first floor", "books on the second floor", "numbers"),
    ("anxious at the front desk", "calm at the front desk", "contrast"),  # parsed apart; the same slot of one frame
]


@pytest.mark.parametrize("a,b,why", LIBRARY_OPPOSITES)
def test_opposites_of_a_new_domain_are_blocked_by_role(roles_lexicon, a, b, why):
    reason = roles_lexicon.opposition(roles_lexicon.key(a), roles_lexicon.key(b))
    assert reason is not None and reason.startswith(why), reason


# Pairs the slot and number checks must leave alone: one label states no number, or one's numbers are
# among the other's; the differing words are of different kinds or stand in different slots.
NOT_OPPOSED = [
    ("frequent buses to the library", "a bus every ten minutes"),
    ("2 week loans", "two week loans"),
    ("quiet study desks", "the study desks are quiet"),
]


@pytest.mark.parametrize("a,b", NOT_OPPOSED)
def test_numbers_and_slots_that_do_not_contrast(roles_lexicon, a, b):
    assert roles_lexicon.opposition(roles_lexicon.key(a), roles_lexicon.key(b)) is None


def test_same_slot_hand_cases(roles_lexicon):
    from interview_core.dedup.syntax import same_slot

    def slot(a, b, i, j):
        ka, kb = roles_lexicon.key(a), roles_lexicon.key(b)
        pairs = dict(roles_lexicon.alignment(ka, kb).matched)
        return same_slot(roles_lexicon.syntax(ka), i, len(ka.words), roles_lexicon.syntax(kb), j, len(kb.words), pairs)

    # words: [anxious, front, desk] / [calm, front, desk]: first slot, right neighbours matched, both adjectives.
    assert slot("anxious at the front desk", "calm at the front desk", 0, 0)
    # [silent, study, room] / [study, room, silent]: "silent" opens one label and closes the other.
    assert not slot("silent study room", "study room silent", 0, 2)
    # a one-word label has no frame
    assert not slot("anxious", "calm", 0, 0)


# Pairs the word-level guard blocked although the contrasting words are not in aligned roles.
FREED = [
    ("saves money", "costs me less", "negation"),  # "less" bears on "costs", which nothing matches
    ("lose weight", "shed a few kilos", "negation"),  # "a few" is no negation
    ("hot enough", "served hot", "contrast"),  # "enough" modifies "hot"; "served" is the head
    ("share with family", "family accounts", "contrast"),  # "family": object of "share", modifier of "accounts"
    ("easy to cancel", "cancelling is simple", "polarity"),  # every word matched: no leftover carries a stance
    ("no contract", "can cancel any time", "negation"),  # "no" bears on "contract", unmatched
]


@pytest.mark.parametrize("a,b,word_reason", FREED)
def test_contrasts_in_unaligned_roles_do_not_block(roles_lexicon, words_lexicon, a, b, word_reason):
    assert words_lexicon.opposition(words_lexicon.key(a), words_lexicon.key(b)).startswith(word_reason)
    assert roles_lexicon.opposition(roles_lexicon.key(a), roles_lexicon.key(b)) is None


def test_roles_of_content_words(roles_lexicon):
    words, s = syntax_of(roles_lexicon, "share with family")
    assert words == ("share", "family")
    assert s.roles[0].head == ROOT and s.roles[1].head == 0 and s.roles[1].via == ("with",)
    words, s = syntax_of(roles_lexicon, "evening classes")
    assert s.roles[0].head == 1 and s.roles[1].head == ROOT
    words, s = syntax_of(roles_lexicon, "staff are reliable")  # the root "are" is a function word
    assert words == ("staff", "reliable") and s.root is None
    assert {r.head for r in s.roles} == {OUTSIDE} and s.roles[0].via == ("be",)


def test_negation_scopes(roles_lexicon):
    # "costs me less": "less" bears on "costs" (its head) and what hangs from it.
    words, s = syntax_of(roles_lexicon, "costs me less")
    assert words == ("costs",) and s.negations == ((frozenset({0}), None),)
    # "without sockets": the preposition heads its object.
    words, s = syntax_of(roles_lexicon, "desks without sockets")
    assert words == ("desks", "sockets") and s.negations == ((frozenset({1}), None),)
    # "a few" is no negation; "spotless" negates "spot", not a word of the label.
    assert syntax_of(roles_lexicon, "shed a few kilos")[1].negations == ()
    assert syntax_of(roles_lexicon, "spotless locker rooms")[1].negations == ((frozenset(), "spot"),)


def test_without_a_parse_the_guard_works_on_words(words_lexicon):
    key = words_lexicon.key("saves money")
    assert words_lexicon.syntax(key) is None
    assert label_syntax.__wrapped__ is not None  # the parse is cached per label


def test_guard_blocks_counts_false_blocks_per_split(roles_lexicon):
    m = HybridMatcher(DedupSettings(embeddings_enabled=False), lexicon=roles_lexicon)
    pairs = [LabelledPair("library", "dev", "attribute", "warm reading room", "cold reading room", False),
             LabelledPair("library", "dev", "attribute", "saves money", "costs me less", True),
             LabelledPair("library", "heldout", "attribute", "lower late fees", "higher late fees", False),
             LabelledPair("library", "heldout", "attribute", "lose weight", "drop weight", True)]
    assert guard_blocks(m, pairs) == {"all": (0, 2), "dev": (0, 1), "heldout": (0, 1)}
    words = HybridMatcher(DedupSettings(embeddings_enabled=False), lexicon=default_lexicon(None, False))
    assert guard_blocks(words, pairs)["dev"] == (1, 1)  # "costs me less" blocked as a negation


# The containment tier on a domain no tuning saw (a public library): the shorter label's words all match the
# longer one's, the guard allows it, the cosine clears the floor.
CONTAINED = [
    ("longer loans", "loans for longer", True),
    ("warm reading room", "the reading room stays warm in winter", True),
    ("quiet study desks", "the study desks are quiet at weekends and evenings", True),
    ("warm reading room", "cold reading room", False),  # a contrast, not a containment
    ("audiobook loans", "ebook app", False),  # each has a word the other lacks
    ("parking", "free parking", False),  # an added modifier before the head names a kind of it
    ("story time", "evening story time", False),
]


@pytest.mark.parametrize("a,b,contained", CONTAINED)
def test_contained_hand_table(roles_lexicon, a, b, contained):
    assert roles_lexicon.contained(roles_lexicon.key(a), roles_lexicon.key(b)) is contained
    assert roles_lexicon.contained(roles_lexicon.key(b), roles_lexicon.key(a)) is contained


def test_containment_tier_merges_paraphrases_and_never_opposites(roles_lexicon, fake_encoder):
    from dedup_support import unit

    # Every label on one of two nearby vectors: cosine 0.6, below the embedding threshold, above the floor.
    near, other = unit(1, 0), unit(0.6, 0.8)
    labels = ["quiet study desks", "the study desks stay quiet all day", "warm reading room",
              "the reading room stays warm", "warm reading room without draughts", "the reading room is not warm",
              "the study desks are quiet at weekends and evenings", "the reading room stays warm in winter"]
    vectors = {x: (near if i % 2 == 0 else other) for i, x in enumerate(labels)}
    m = HybridMatcher(DedupSettings(embedding_threshold=0.9), lexicon=roles_lexicon, encoder=fake_encoder(vectors))
    m.contained_thresholds, m.jaccard_thresholds = {"default": 0.5}, {}  # the containment tier alone
    longer, short = "the study desks stay quiet all day", "quiet study desks"
    assert m.lexicon.overlap(m.key(short), m.key(longer)) < m.jaccard_threshold
    hit = m.match(longer, "attribute", [("n1", short)])
    assert hit is not None and hit.method == "contained"
    assert m.match("the reading room stays warm", "attribute", [("n1", "warm reading room")]).method == "contained"
    # negation on "warm", which the other label matches
    assert m.match("the reading room is not warm", "attribute", [("n1", "warm reading room")]) is None
    # the added words restrict the thing to part of it (wave 7's restriction guard): another concept
    assert m.match("the study desks are quiet at weekends and evenings", "attribute", [("n1", short)]) is None
    assert m.match("the reading room stays warm in winter", "attribute", [("n1", "warm reading room")]) is None
    m.contained_thresholds = {"default": 0.7}  # the floor applies
    assert m.match("the reading room stays warm", "attribute", [("n1", "warm reading room")]) is None
    m.contained_thresholds = {}  # no calibration: the tier is off
    assert m.match(longer, "attribute", [("n1", short)]) is None


def test_may_overlap_keeps_pairs_aligned_through_a_step_across(roles_lexicon):
    # "expensive" / "pricey" share no synset: only a similar-to step joins them, which the alignment uses.
    a, b = roles_lexicon.key("expensive printing"), roles_lexicon.key("pricey printing")
    assert roles_lexicon.may_overlap(a, b)
    assert roles_lexicon.overlap(roles_lexicon.key("expensive"), roles_lexicon.key("pricey")) == 1.0
    assert roles_lexicon.may_overlap(roles_lexicon.key("expensive"), roles_lexicon.key("pricey"))
