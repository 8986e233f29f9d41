"""Making a concept label fit inside a question: "Creamy texture." -> "the creamy texture",
"take care of myself" -> "taking care of yourself", "foams properly" -> "the fact that it foams properly"."""

from __future__ import annotations

import re

from ...text.lexicon import lexicon
from ...text.primitives import WORD_RE

# Longer labels are quoted rather than paraphrased.
MAX_NATURAL_WORDS = 8
_DETERMINERS = frozenset("a an the my your his her their our this that these those some any no each every "
                         "how what why when where which being".split())
_PERSON = {"i": "you", "me": "you", "my": "your", "mine": "yours", "myself": "yourself", "i'm": "you're",
           "i've": "you've", "i'd": "you'd", "am": "are", "we": "you", "our": "your", "us": "you", "ourselves": "yourselves"}


def proper_nouns(*texts: str) -> frozenset[str]:
    """Capitalised words that appear mid-sentence in ``texts`` (e.g. 'Nordic' in a stimulus)."""
    found = set()
    for text in texts:
        for m in re.finditer(r"(?<![.!?]\s)(?<!^)\b([A-Z][a-z]+)\b", text or "", re.M):
            if m.start() > 0 and text[: m.start()].rstrip()[-1:] not in ".!?:\n":
                found.add(m.group(1))
    return frozenset(found)


def _gerund(verb: str) -> str:
    if verb == "be":
        return "being"
    if verb.endswith("ie"):
        return verb[:-2] + "ying"
    if verb.endswith("e") and not verb.endswith("ee"):
        return verb[:-1] + "ing"
    if verb in ("get", "set", "stop", "cut", "put", "run", "shop"):
        return verb + verb[-1] + "ing"
    return verb + "ing"


def _is_finite(word: str) -> bool:
    lex = lexicon()
    if word in lex.finite_verbs:
        return True
    return word.endswith("s") and (word[:-1] in lex.finite_verb_stems or (word.endswith("es") and word[:-2] in lex.finite_verb_stems))


def natural_label(label: str, proper: frozenset[str] = frozenset()) -> str:
    """The label as it should read inside a question sentence.

    Trailing punctuation stripped; words lowercased unless proper nouns (``proper``) or acronyms; first
    person turned to second ("my" -> "your"); a leading base verb made a gerund; a clause-like label
    ("foams properly", "my coffee feels like a treat") phrased as "the fact that ..."; a short noun phrase
    given "the"; a lone participle given "being" ("being pampered"); a label over MAX_NATURAL_WORDS words quoted.
    """
    raw = [m.group() for m in WORD_RE.finditer(label.strip().rstrip(".!?;:,"))]
    if not raw:
        return label.strip()
    ws = [w if (w in proper or (w.isupper() and len(w) > 1)) else w.lower().replace("’", "'") for w in raw]
    if len(ws) > MAX_NATURAL_WORDS:
        return '"' + " ".join(ws) + '"'
    lex = lexicon()
    ws = [_PERSON.get(w, w) for w in ws]
    first = ws[0]
    if first in ("how", "what", "why", "when", "where", "which"):
        return " ".join(ws)
    if len(ws) > 1 and first in lex.gerund_verbs:
        return " ".join([_gerund(first), *ws[1:]])
    if len(ws) > 1 and _is_finite(first):
        return "the fact that it " + " ".join(ws)
    if any(_is_finite(w) for w in ws[1:]):
        return "the fact that " + " ".join(ws)
    if len(ws) == 1 and first.endswith("ed") and len(first) > 4:
        return "being " + first  # "disappointed" -> "being disappointed", an adjective needs a verb
    if first in _DETERMINERS or first.endswith("ing") or first in proper or len(ws) == 1 or "of" in ws:
        return " ".join(ws)
    return "the " + " ".join(ws)
