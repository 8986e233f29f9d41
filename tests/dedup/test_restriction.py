"""The restriction guard (wave 7): words one label adds that change what it names never merge, on a
domain of our own no tuning saw (a garden centre and a swimming pool). Every case below merged on
d1d64a6 (the containment tier, or word overlap) or was not called apart by its guard."""

import pytest

from interview_core.config.settings import DedupSettings
from interview_core.dedup.contrast import Alignment
from interview_core.dedup.lexicon import default_lexicon
from interview_core.dedup.matcher import HybridMatcher
from interview_core.dedup.restriction import RULES, added_words, coordination, inversion, restricting, voice
from interview_core.dedup.syntax import LabelSyntax, Role


@pytest.fixture(scope="module")
def lex(parsed_lexicon):
    return parsed_lexicon


# (shorter label, longer label, why apart: the rule's name and the word, or None)
APART = [
    ("seed trays", "seed trays and compost", "coordination and"),
    ("lane swimming", "lane swimming or aqua aerobics", "coordination or"),
    ("hose", "hose reel", "head reel"),
    ("lido", "lido cafe", "head cafe"),
    ("pruning", "spring pruning", "modifier spring"),
    ("swimming lessons", "swimming lessons for toddlers", "complement for toddlers"),
    ("quiet pool", "the pool is quiet on weekdays", "complement on weekdays"),
    ("compost", "compost delivered weekly", "clause delivered"),
    ("the sauna", "the sauna is crowded", "clause crowded"),
    ("the changing rooms", "the changing rooms are tidy", "predicate tidy"),
    ("booking", "booking online", "modifier online"),
    ("the lifeguards", "the lifeguards are rude", "predicate rude"),
    ("warm changing rooms", "changing rooms that are warm enough", "modifier enough"),
    ("the lane ropes", "the lane ropes are too loose", "stance too"),
    # no added word restricts: every word of each label matches the other's
    ("pot storage", "storage for my pots", None),
    ("quiet pool", "the pool is quiet", None),
    ("warm water", "the water is warm", None),
]


@pytest.mark.parametrize("short,longer,why", APART)
def test_restriction_hand_table(lex, short, longer, why):
    for a, b in ((short, longer), (longer, short)):
        got = lex.restriction(lex.key(a), lex.key(b))
        assert (got is None) if why is None else (got is not None and got.startswith(why)), (a, b, got)
        assert (lex.apart(lex.key(a), lex.key(b)) is None) is (why is None)


def test_a_spaced_free_compound_negates_the_word_before_it(lex):
    # "lump free gravy" is "gravy without lumps": the opposite of "lumpy gravy" (not apart on d1d64a6).
    assert lex.opposition(lex.key("lump free gravy"), lex.key("lumpy gravy")) == "negation"
    assert lex.opposition(lex.key("weed free borders"), lex.key("weedy borders")) == "negation"
    # "free" before its noun or after a function word is no such compound
    assert lex.opposition(lex.key("free parking"), lex.key("parking is free")) is None
    assert lex.opposition(lex.key("entry for free"), lex.key("free entry")) is None


def test_a_minimal_pair_with_a_word_wordnet_does_not_know_is_a_contrast(lex):
    # "shouty" is not in WordNet: nothing shows it is a synonym or a kind of "calm" (merged on d1d64a6 by
    # word overlap: three of five words).
    assert lex.opposition(lex.key("kids leave the pool calm"), lex.key("kids leave the pool shouty")) == "contrast calm/shouty"
    m = HybridMatcher(DedupSettings(embeddings_enabled=False, jaccard_threshold=0.6), lexicon=lex, use_calibration=False)
    assert m.match("kids leave the pool shouty", "attribute", [("n1", "kids leave the pool calm")]) is None


def test_the_containment_tier_never_merges_a_restriction(lex, fake_encoder):
    from dedup_support import unit

    labels = ["swimming lessons", "swimming lessons for toddlers", "seed trays", "seed trays and compost",
              "quiet pool", "the pool is quiet"]
    m = HybridMatcher(DedupSettings(embedding_threshold=1.0), lexicon=lex,
                      encoder=fake_encoder({x: unit(1, 0.1 * i) for i, x in enumerate(labels)}))
    m.contained_thresholds, m.jaccard_thresholds = {"default": 0.4}, {}  # the containment tier alone
    assert m.match("swimming lessons for toddlers", "attribute", [("n1", "swimming lessons")]) is None
    assert m.match("seed trays and compost", "attribute", [("n1", "seed trays")]) is None
    # every word of each matched, nothing added: the aligned-words tier, off here
    assert m.match("the pool is quiet", "attribute", [("n1", "quiet pool")]) is None
    m.aligned_thresholds = {"default": 0.4}
    assert m.match("the pool is quiet", "attribute", [("n1", "quiet pool")]).method == "aligned"


def _role(pos, head, dep="", tag="", via=()):
    return Role(pos, head, "", "", tuple(via), dep, tag)


def test_restricting_hand_table():
    # Content words of a longer label with hand-made roles; word 0 is matched, the others are added.
    flat = lambda w: 0.0  # noqa: E731 - no stance anywhere
    words = ("tray", "cover")
    head = LabelSyntax((_role("NOUN", 1, "compound"), _role("NOUN", -1, "ROOT")), ())
    assert restricting(head, words, (1,), {0}, flat, 0.0) == "head cover"
    assert restricting(head, words, (1,), {0}, flat, 0.0, rules={"stance"}) is None
    modifier = LabelSyntax((_role("NOUN", -1, "ROOT"), _role("ADJ", 0, "amod")), ())
    assert restricting(modifier, ("tray", "big"), (1,), {0}, flat, 0.0) == "modifier big"  # after it, still a modifier
    assert restricting(modifier, ("tray", "big"), (1,), {0}, flat, 0.0, rules={"head"}) is None
    before = LabelSyntax((_role("ADJ", 1, "amod"), _role("NOUN", -1, "ROOT")), ())
    assert restricting(before, ("big", "tray"), (0,), {1}, flat, 0.0) == "modifier big"
    pobj = LabelSyntax((_role("NOUN", -1, "ROOT"), _role("NOUN", 0, "pobj", via=("for",))), ())
    assert restricting(pobj, ("tray", "seedlings"), (1,), {0}, flat, 0.0) == "complement for seedlings"
    clause = LabelSyntax((_role("NOUN", -1, "ROOT"), _role("VERB", 0, "acl")), ())
    assert restricting(clause, ("tray", "washed"), (1,), {0}, flat, 0.0) == "clause washed"
    predicate = LabelSyntax((_role("NOUN", 1, "nsubj"), _role("VERB", -1, "ROOT")), ())
    assert restricting(predicate, ("tray", "leaks"), (1,), {0}, flat, 0.0) == "clause leaks"
    linking = LabelSyntax((_role("NOUN", 1, "nsubj"), _role("VERB", -1, "ROOT"), _role("ADJ", 1, "acomp")), ())
    assert restricting(linking, ("tray", "stays", "dry"), (1,), {0, 2}, flat, 0.0) is None  # "dry" is matched
    comparative = LabelSyntax((_role("NOUN", -1, "ROOT"), _role("ADJ", 0, "advcl", "JJR")), ())
    assert restricting(comparative, ("tray", "bigger"), (1,), {0}, flat, 0.0) == "stance bigger"
    judged = LabelSyntax((_role("NOUN", -1, "ROOT"), _role("ADJ", 0, "advcl", "JJ")), ())
    nice = {"lovely": 0.6}.get
    assert restricting(judged, ("tray", "lovely"), (1,), {0}, lambda w: nice(w, 0.0), 0.0) == "stance lovely"
    # the other label already carries that stance: no judgement added
    assert restricting(judged, ("tray", "lovely"), (1,), {0}, lambda w: nice(w, 0.0), 0.5) is None
    unknown = LabelSyntax((_role("NOUN", -1, "ROOT"), None), ())
    assert restricting(unknown, ("tray", "x"), (1,), {0}, flat, 0.0) is None  # no role: nothing to read
    after = LabelSyntax((_role("NOUN", -1, "ROOT"), _role("ADV", 0, "advmod")), ())
    assert restricting(after, ("tray", "online"), (1,), {0}, flat, 0.0) == "modifier online"
    argument = LabelSyntax((_role("VERB", -1, "ROOT"), _role("NOUN", 0, "dobj")), ())
    assert restricting(argument, ("give", "something"), (1,), {0}, flat, 0.0) is None  # an object, no modifier
    predicative = LabelSyntax((_role("NOUN", -2, "nsubj"), _role("ADJ", -2, "acomp")), ())
    assert restricting(predicative, ("tray", "clean"), (1,), {0}, flat, 0.0) == "predicate clean"
    assert set(RULES) == {"coordination", "aspect", "head", "modifier", "complement", "clause", "predicate", "stance", "inversion", "voice",
                          "arguments", "relation", "question", "modality", "attachment", "comparison"}


def test_added_words_and_coordination_hand_table():
    contains = Alignment(((0, 0),), (), ("reel",), 1, (), (1,))
    assert added_words(contains) == (1, (1,), {0})
    both = Alignment(((0, 0),), ("x",), ("y",), 1, (1,), (1,))
    assert added_words(both) is None  # each has a word the other lacks: no containment
    assert added_words(Alignment(((0, 0),), (), (), 1)) is None  # nothing added
    assert coordination(["hose"], ["hose", "and", "reel"], contains) == "coordination and"
    assert coordination(["hose", "and", "reel"], ["hose", "and", "reel", "cover"], contains) is None  # both coordinate
    assert coordination(["pond"], ["hose", "and", "reel"], Alignment((), ("pond",), ("hose", "reel"))) is None  # nothing shared


def test_words_match_only_in_the_part_of_speech_the_label_uses_them_in(lex):
    # The verb "run" shares a sense with the verb "work" (a machine runs / works); the gerund "running" and
    # the noun "work" share none: on d1d64a6 the two labels aligned word for word and the containment tier
    # merged them.
    al = lex.alignment(lex.key("getting back into running"), lex.key("getting back into work"))
    assert al.only_a == ("running",) and al.only_b == ("work",)
    wn = lex.wordnet
    assert wn.synonyms("running", "work") and not wn.synonyms("running", "work", None, "v", "n")
    assert wn.synonyms("running", "work", None, "v", "v")
    # a part of speech WordNet does not have for the word falls back to all of its senses
    assert wn.senses_as("froth", "a") == wn.synsets("froth")
    assert lex.alignment(lex.key("milk froth"), lex.key("milk foam")).only_a == ()


def test_the_same_words_in_swapped_roles_or_in_the_passive_are_apart(lex):
    assert lex.apart(lex.key("save before you spend"), lex.key("spend before you save")) == "inversion save/spend"
    assert lex.apart(lex.key("long opening hours"), lex.key("opening hours long")) is None  # a reading, no swap
    assert lex.apart(lex.key("walk before you run"), lex.key("run before you walk")).startswith("inversion")
    assert lex.apart(lex.key("feel watched"), lex.key("feel like watching")) == "voice watched"
    assert lex.apart(lex.key("feeling in charge"), lex.key("feeling charged")).startswith("voice")
    # participles on both sides, an adjective, or the participle as the label itself: no contrast of voice
    assert lex.apart(lex.key("feel rested"), lex.key("feeling rested")) is None
    assert lex.apart(lex.key("feel energised"), lex.key("feeling energized")) is None
    assert lex.restriction(lex.key("insured"), lex.key("has insurance")) is None
    # A known cost: "feeling supported" / "feeling of support" say the same, and the voice rule parts them.
    assert lex.apart(lex.key("feeling supported"), lex.key("feeling of support")) == "voice supported"


def test_inversion_and_voice_hand_table():
    al = Alignment(((0, 1), (1, 0)), (), (), 2)
    a = LabelSyntax((_role("VERB", -1, "ROOT", "VB"), _role("VERB", 0, "advcl", "VBP")), ())
    b = LabelSyntax((_role("VERB", -1, "ROOT", "VB"), _role("VERB", 0, "advcl", "VBP")), ())
    # a: word 1 ("dry") depends on word 0 ("wash"); b: "wash" (b1) depends on "dry" (b0)
    assert inversion(al, ("wash", "dry"), ("dry", "wash"), a, b, ("wash", "dry")) == "inversion wash/dry"
    assert inversion(Alignment(((0, 0), (1, 1)), (), (), 2), ("wash", "dry"), ("wash", "dry"), a, b, ("wash", "dry")) is None
    other = LabelSyntax((_role("VERB", -1, "ROOT", "VB"), _role("VERB", 0, "dobj", "VBG")), ())
    assert inversion(al, ("wash", "dry"), ("dry", "wash"), a, other, ("wash", "dry")) is None  # another relation
    one = Alignment(((0, 0),), (), (), 1)
    passive = LabelSyntax((_role("VERB", -2, "acomp", "VBN"),), ())
    noun = LabelSyntax((_role("NOUN", -2, "pobj", "NN"),), ())
    adjective = LabelSyntax((_role("ADJ", -2, "acomp", "JJ"),), ())
    alone = LabelSyntax((_role("VERB", -1, "ROOT", "VBN"),), ())
    assert voice(one, ("watch",), ("watch",), passive, noun, ("watched",)) == "voice watched"
    assert voice(one, ("watch",), ("watch",), noun, passive, ("watch",)) == "voice watch"
    assert voice(one, ("watch",), ("watch",), passive, adjective, ("watched",)) is None
    assert voice(one, ("watch",), ("watch",), alone, noun, ("watched",)) is None
    assert voice(one, ("watch",), ("look",), passive, noun, ("watched",)) is None  # another stem


def test_guard_effects_counts_what_each_rule_alone_saves_and_costs(tmp_path, capsys):
    from interview_core.cli.main import main
    from interview_core.dedup.evaluation import LabelledPair
    from interview_core.dedup.tuning import guard_effects

    rows = [("hose", "hose reel", False), ("swimming lessons", "swimming lessons for toddlers", False),
            ("seed trays", "seed trays and compost", False), ("pot storage", "storage for my pots", True),
            ("lido", "lido cafe", True),  # labelled a paraphrase here: the head rule costs it
            ("cheap compost", "expensive compost", False)]  # opposite: the other guard's, not counted
    pairs = [LabelledPair("garden", "dev", "attribute", a, b, same) for a, b, same in rows]
    got = guard_effects(lambda rules: default_lexicon(None, True, rules), pairs)
    assert got["head"] == (1, 1) and got["complement"] == (1, 0) and got["coordination"] == (1, 0)
    assert got["voice"] == (0, 0) and set(got) == set(RULES)
    tsv = tmp_path / "pairs.tsv"
    tsv.write_text("domain\tsplit\tnode_type\tlabel_a\tlabel_b\tlabel\n" + "".join(
        f"garden\tdev\tattribute\t{a}\t{b}\t{'same' if s else 'different'}\n" for a, b, s in rows), encoding="utf-8")
    assert main(["bench", "dedup", "--lexical-only", "--pairs", str(tsv), "--guards"]) == 0
    out = capsys.readouterr().out
    assert "head         saves 1 different pairs, costs 1 paraphrases" in out
