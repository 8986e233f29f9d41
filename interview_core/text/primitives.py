"""Text primitives: sanitising without moving offsets, word tokens with spans, a light stemmer, and
phrase matching on token boundaries."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

# Analysis is bounded: a 50,000-character answer is read up to here (quotes still come from the
# original answer, so they stay exact substrings).
MAX_ANALYSED_CHARS = 3000

WORD_RE = re.compile(r"[^\W_]+(?:['’\-][^\W_]+)*", re.UNICODE)


def sanitize(text: str) -> str:
    """Replace control and format characters (NUL, bidi overrides, zero-width joiners) by spaces.

    One code point in, one out, so every offset in the result is an offset in ``text``.
    """
    return "".join(" " if unicodedata.category(ch) in ("Cc", "Cf") else ch for ch in text)


def analysed_text(answer: str) -> str:
    """The sanitised prefix of ``answer`` that analysis reads: at most MAX_ANALYSED_CHARS, cut at a space."""
    text = sanitize(answer)
    if len(text) <= MAX_ANALYSED_CHARS:
        return text
    cut = text.rfind(" ", 0, MAX_ANALYSED_CHARS)
    return text[: cut if cut > MAX_ANALYSED_CHARS // 2 else MAX_ANALYSED_CHARS]


# Contractions typed without their apostrophe, where the bare spelling is no other English word
# ("its", "were", "well", "ill", "id", "wed", "hell", "shell" and "lets" are words, so they are left alone).
_APOSTROPHE = {w.replace("'", ""): w for w in (
    "don't didn't doesn't isn't wasn't aren't weren't haven't hasn't hadn't can't couldn't wouldn't "
    "shouldn't mustn't won't i'm i've you're you've they're they've we've there's that's what's "
    "who's it'd".split())}


def norm_word(word: str) -> str:
    """A word as analysed: lowercase, straight apostrophe, an apostrophe-less contraction restored
    ("didnt" -> "didn't")."""
    w = word.lower().replace("’", "'")
    return _APOSTROPHE.get(w, w)


@dataclass(frozen=True)
class Token:
    word: str  # lowercased, straight apostrophe
    start: int
    end: int


def tokens(text: str, offset: int = 0) -> list[Token]:
    """Word tokens of ``text`` with spans shifted by ``offset``."""
    return [Token(norm_word(m.group()), m.start() + offset, m.end() + offset) for m in WORD_RE.finditer(text)]


def words(text: str) -> list[str]:
    return [norm_word(m.group()) for m in WORD_RE.finditer(text)]


_SUFFIXES = (("ingly", ""), ("ies", "y"), ("ier", "y"), ("iest", "y"), ("ing", ""), ("edly", ""), ("ed", ""),
             ("es", ""), ("s", ""), ("ly", ""))


def stem(word: str) -> str:
    """A light suffix stripper: 'foams'/'foaming' -> 'foam', 'taking'/'take' -> 'tak', 'healthier' -> 'healthy'.

    Only used to compare words with each other, never shown.
    """
    w = norm_word(word)
    if w.endswith("'s"):
        w = w[:-2]
    for suffix, repl in _SUFFIXES:
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            w = w[: len(w) - len(suffix)] + repl
            break
    if len(w) > 3 and w.endswith("e"):
        w = w[:-1]
    return w


def stem_string(ws: Iterable[str]) -> str:
    """Stems joined and padded with spaces, for token-boundary substring tests."""
    return " " + " ".join(stem(w) for w in ws) + " "


class PhraseSet:
    """A set of phrases matched on word boundaries after stemming ("lets me" matches "let me")."""

    def __init__(self, phrases: Iterable[str]):
        by_stem: dict[str, str] = {}
        for p in phrases:
            if p and p.strip():  # "cook" and "cooking" are one cue, not two
                by_stem.setdefault(stem_string(words(p)), p.strip())
        self.phrases = tuple(by_stem.values())
        self._stems = tuple(by_stem)

    def hits(self, padded_stems: str) -> list[str]:
        """The phrases occurring in ``padded_stems`` (output of :func:`stem_string`)."""
        return [p for p, s in zip(self.phrases, self._stems) if s.strip() and s in padded_stems]

    def count(self, padded_stems: str) -> int:
        return sum(padded_stems.count(s) for s in self._stems if s.strip())


def jaccard(a: set, b: set) -> float:
    """|a & b| / |a | b| in [0, 1]; 0 when both are empty."""
    union = a | b
    return len(a & b) / len(union) if union else 0.0


class IdentityCache:
    """Compiled objects keyed by the identity of their source (a methodology or concept object).

    The entry keeps its source alive, so an id cannot be reused by another object while cached; the
    cache is cleared past ``limit`` entries.
    """

    def __init__(self, build, attribute: str, limit: int = 32):
        self._build, self._attribute, self._limit = build, attribute, limit
        self._entries: dict[int, object] = {}

    def __call__(self, source):
        hit = self._entries.get(id(source))
        if hit is None or getattr(hit, self._attribute) is not source:
            if len(self._entries) > self._limit:
                self._entries.clear()
            hit = self._entries[id(source)] = self._build(source)
        return hit
