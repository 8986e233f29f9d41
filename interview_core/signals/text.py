"""Lexical helpers shared by the thematic-fixation signal and the recent-redundancy veto."""

from __future__ import annotations

import re

STOPWORDS = frozenset(
    "a an the and or but of to in on at for with about from by as is are was were be been being it its this that "
    "these those i you he she we they me my your our their do does did what why how when where which who whom "
    "more most some any can could would should will just so very really also than then there here into out up "
    "tell me us not no yes if".split()
)
_WORD = re.compile(r"[a-z0-9]+")


def stem(word: str) -> str:
    """A light suffix stripper: ``foaming`` -> ``foam``, ``tastes`` -> ``tast``; enough to match inflections."""
    for suffix in ("ing", "ed", "es", "s", "ly"):
        if len(word) > len(suffix) + 2 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def content_stems(text: str) -> set[str]:
    """Stems of the non-stopword words of ``text`` (lower-cased)."""
    return {stem(w) for w in _WORD.findall(text.lower()) if w not in STOPWORDS}


def label_overlap(a: str, b: str) -> float:
    """Overlap coefficient of the content stems of two labels, |A & B| / min(|A|, |B|), in [0, 1]."""
    sa, sb = content_stems(a), content_stems(b)
    if not sa or not sb:
        return 0.0
    return len(sa & sb) / min(len(sa), len(sb))


def containment(description: set[str], text: str) -> float:
    """Share of ``description`` stems that occur in ``text``, in [0, 1] (0.0 for an empty description)."""
    if not description:
        return 0.0
    return len(description & content_stems(text)) / len(description)
