"""Label normalisation for the lexical tiers: tokens, suffix stripping, negation polarity.

Pure functions over strings. A label such as ``"Doesn't mix well with coffee"`` becomes a set of stems
(``{"mix", "well", "coffee"}``) and a polarity flag (negated). The lexicon (synonyms, antonyms,
stopwords, negators) is applied by :mod:`interview_core.dedup.lexicon`; this module knows only English
morphology.
"""

from __future__ import annotations

import re

_TOKEN = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_FREE_COMPOUND = re.compile(r"\b([a-z]+)-free\b")  # "sugar-free" -> "without sugar"
# British spellings folded to American so "flavour"/"flavor" and "energised"/"energized" agree.
_BRITISH = ((re.compile(r"(?<=[a-z]{3})is(e|ed|es|ing|ation|ations)$"), r"iz\1"),
            (re.compile(r"(?<=[a-z]{3})our$"), "or"),
            (re.compile(r"(?<=[a-z]{3})ours$"), "ors"))

# Suffix rules in two steps (inflection, then derivation), each applied at most once: the first rule
# whose suffix matches and leaves a stem of at least ``min_stem`` letters wins.
_INFLECTIONS: tuple[tuple[str, str, int], ...] = (
    ("ies", "y", 3), ("ied", "y", 3), ("ings", "", 2), ("ing", "", 2), ("edly", "", 3), ("ed", "", 3), ("s", "", 3),
)
_DERIVATIONS: tuple[tuple[str, str, int], ...] = (
    ("iness", "y", 3), ("ness", "", 3), ("ation", "at", 3), ("ily", "y", 3), ("ier", "y", 3), ("iest", "y", 3),
    ("ance", "", 4), ("ence", "", 4), ("ant", "", 4), ("ent", "", 4), ("ly", "", 3), ("est", "", 3), ("er", "", 3),
)
# Irregular forms a suffix stripper cannot reach.
_IRREGULAR = {"lost": "lose", "felt": "feel", "stolen": "steal", "stole": "steal", "paid": "pay", "bought": "buy",
              "made": "make", "took": "take", "taken": "take", "gave": "give", "given": "give", "went": "go",
              "gone": "go", "got": "get", "kept": "keep", "left": "leave", "better": "good", "best": "good",
              "worse": "bad", "worst": "bad", "ran": "run", "ate": "eat", "eaten": "eat", "children": "child",
              "people": "person", "men": "man", "women": "woman"}
_VOWELS = set("aeiou")
_NO_UNDOUBLE = set("sz")
NEGATING_PREFIXES: tuple[str, ...] = ("un", "in", "im", "ir", "il", "dis", "non")


def tokenize(label: str) -> list[str]:
    """Lower-case word tokens of ``label``; apostrophes kept inside words, ``x-free`` read as ``without x``."""
    text = label.lower().replace("\u2019", "'")
    text = _FREE_COMPOUND.sub(r"without \1", text)
    return _TOKEN.findall(text)


def normalise_text(label: str) -> str:
    """The exact-match key: lower-case tokens joined by single spaces (punctuation and case ignored)."""
    return " ".join(tokenize(label))


def stem(word: str) -> str:
    """A light suffix stripper: ``"healthier"`` -> ``"health"``, ``"crashing"`` -> ``"crash"``.

    Not a linguistic lemmatiser: it only has to map the inflections of one word to one key, and it is
    applied identically to both labels of a comparison, so odd stems (``"tast"``) are harmless.
    """
    if word.endswith("'s"):
        word = word[:-2]
    word = _IRREGULAR.get(word, word)
    for pattern, repl in _BRITISH:
        word = pattern.sub(repl, word)
    if len(word) <= 3 or not word.isalpha():
        return word
    if not (word.endswith("ss") or word.endswith("us") or word.endswith("is")):
        word = _strip(word, _INFLECTIONS)
    return _tidy(_strip(word, _DERIVATIONS))


def _strip(word: str, rules: tuple[tuple[str, str, int], ...]) -> str:
    for suffix, repl, min_stem in rules:
        if word.endswith(suffix) and len(word) - len(suffix) >= min_stem:
            return word[: len(word) - len(suffix)] + repl
    return word


def _tidy(word: str) -> str:
    """Final clean-up so inflected and bare forms meet: drop a final e or y, undouble a consonant."""
    if word.endswith("e") and len(word) >= 3:
        word = word[:-1]
    elif word.endswith("y") and len(word) > 4 and word[-2] not in _VOWELS:
        word = word[:-1]
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in _VOWELS | _NO_UNDOUBLE:
        word = word[:-1]
    return word


def less_adjective(word: str) -> str | None:
    """The stem inside a ``-less`` adjective (``"tasteless"`` -> ``"tasteless"[:-4]``), else None."""
    if word.endswith("less") and len(word) >= 7 and word not in ("unless", "regardless", "nevertheless"):
        return word[:-4]
    return None


def is_contraction_negation(token: str) -> bool:
    """True for ``don't``, ``isn't``, ``can't`` and the like."""
    return token.endswith("n't")


def prefix_opposites(a: str, b: str) -> bool:
    """True when one stem is the other with a negating prefix: ``unhealth``/``health``, ``dislik``/``lik``."""
    if a == b:
        return False
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    return len(short) >= 3 and any(long_ == p + short for p in NEGATING_PREFIXES)


# Cardinal and ordinal number words (English; the lists spaCy's English lexical attributes use), as values.
_CARDINALS = {w: str(i) for i, w in enumerate(("zero one two three four five six seven eight nine ten eleven twelve "
                                                "thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty").split())}
_CARDINALS.update({w: str(10 * i) for i, w in enumerate("thirty forty fifty sixty seventy eighty ninety".split(), 3)})
_CARDINALS.update({"hundred": "100", "thousand": "1000", "million": "1000000", "dozen": "12", "half": "1/2"})
_ORDINALS = {w: f"{i}th" for i, w in enumerate(("first second third fourth fifth sixth seventh eighth ninth tenth eleventh "
                                                "twelfth").split(), 1)}
_DIGIT_ORDINAL = re.compile(r"^(\d+)(?:st|nd|rd|th)$")


def numbers(tokens: list[str]) -> frozenset[str]:
    """The numbers a label states, as values: digits, cardinal and ordinal words ("two hour lessons" ->
    ``{"2"}``, "2nd floor" and "second floor" -> ``{"2th"}``)."""
    out = set()
    for t in tokens:
        if t.isdigit():
            out.add(str(int(t)))
        elif t in _CARDINALS:
            out.add(_CARDINALS[t])
        elif t in _ORDINALS:
            out.add(_ORDINALS[t])
        elif (m := _DIGIT_ORDINAL.match(t)) is not None:
            out.add(f"{int(m.group(1))}th")
    return frozenset(out)


def numbers_differ(a: list[str], b: list[str]) -> str | None:
    """``"numbers x/y"`` when both labels state numbers and neither's are among the other's ("one hour" /
    "two hour lessons", "first / second floor"); None when one states none ("frequent service" / "a train
    every ten minutes") or one's numbers include the other's ("24 hours" / "24/7")."""
    na, nb = numbers(a), numbers(b)
    if na and nb and not (na <= nb or nb <= na):
        return f"numbers {'+'.join(sorted(na))}/{'+'.join(sorted(nb))}"
    return None


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    """|a ∩ b| / |a ∪ b| in [0, 1]; 0 when both are empty (two empty labels are not evidence of sameness)."""
    union = a | b
    return len(a & b) / len(union) if union else 0.0
