"""Clause segmentation on discourse markers: the SRL preprocessing stage of the offline layer.

A clause carries the marker that introduced it and how it relates to the clause before it, so the edge
builder can read "A because B" as B -> A and "A so B" as A -> B.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from .lexicon import lexicon
from .primitives import Token, analysed_text, tokens

Link = Literal["start", "sentence", "comma", "and", "cause", "effect", "contrast"]
MAX_CLAUSES = 24
_SENTENCE_GAP = re.compile(r"[.!?;:…\n]|--|—|–|\s-\s")
_MAX_MARKER_WORDS = 6
_CONTEXT_OPENERS = frozenset({"when", "whenever", "while", "if"})
_SUBJECTS = frozenset({"i", "we"})
# Minimum words on each side before "and"/a comma splits a clause ("salt and pepper" stays whole).
_MIN_WORDS = {"and": 2, "comma": 3}


@dataclass(frozen=True)
class Clause:
    """One clause: its text (an exact substring of the answer), span, introducing marker and link."""

    text: str
    start: int
    end: int
    marker: str  # lowercase marker words, "" if none
    link: Link  # relation to the previous clause


@dataclass
class _Draft:
    first: int  # index of the first content token
    end: int  # one past the last token
    marker: str
    link: Link


def _gap_kind(text: str, prev: Token | None, tok: Token) -> Link | None:
    if prev is None:
        return None
    gap = text[prev.end : tok.start]
    if _SENTENCE_GAP.search(gap):
        return "sentence"
    if "," in gap:
        return "comma"
    return None


def _marker_at(ws: list[str], i: int, boundary: Link | None) -> tuple[int, str, str] | None:
    """(length, phrase, kind) of the longest discourse marker starting at token ``i``."""
    lex = lexicon()
    for k in range(min(_MAX_MARKER_WORDS, len(ws) - i), 0, -1):
        phrase = " ".join(ws[i : i + k])
        kind = lex.markers.get(phrase)
        if kind:
            return k, phrase, kind
    word = ws[i]
    if word == "so" and (boundary or (i + 1 < len(ws) and ws[i + 1] in lex.so_followers)):
        return 1, "so", "effect"
    if word == "and":
        return 1, "and", "and"
    return None


def segment(answer: str) -> list[Clause]:
    """Clauses of the analysed prefix of ``answer`` (at most MAX_CLAUSES), in order.

    Splits at sentence punctuation, discourse markers (because, so, which means, that's why, helps me,
    lets me, makes me, ...), contrast words, and at "and"/commas when both sides hold enough words.
    A sentence-initial "Because B, A" is read as B -> A. Clause texts are sliced from ``answer`` itself
    (sanitising keeps offsets), so they are exact substrings even around control characters.
    """
    text = analysed_text(answer)
    toks = tokens(text)
    if not toks:
        return []
    ws = [t.word for t in toks]
    drafts: list[_Draft] = [_Draft(0, 0, "", "start")]
    i = 0
    while i < len(toks):
        boundary = _gap_kind(text, toks[i - 1] if i else None, toks[i])
        found = _marker_at(ws, i, boundary)
        if found:
            k, phrase, kind = found
            link = kind if kind != "and" or boundary != "sentence" else "sentence"
            drafts.append(_Draft(i + k, i + k, phrase, link))
            i += k
            continue
        if boundary:
            drafts.append(_Draft(i, i, "", boundary))
        elif ws[i] in _CONTEXT_OPENERS and drafts[-1].end > drafts[-1].first:
            # "I need something quick when I'm rushing": the context is a clause (and a concept) of its own.
            drafts.append(_Draft(i, i, "", "and"))
        elif ws[i] in _SUBJECTS and _opens_context(ws, drafts[-1], i):
            # "When I'm rushing to work I need ...": without a comma, the main clause starts at its subject.
            drafts.append(_Draft(i, i, "", "and"))
        drafts[-1].end = i + 1
        i += 1
    drafts = _merge_short(d for d in drafts if d.end > d.first or d.link in ("cause", "effect"))
    _reorder_initial_because(drafts, text, toks)
    clauses = [
        Clause(answer[toks[d.first].start : toks[d.end - 1].end], toks[d.first].start, toks[d.end - 1].end, d.marker, d.link)
        for d in drafts
        if d.end > d.first
    ]
    return clauses[:MAX_CLAUSES]


def _opens_context(ws: list[str], draft: _Draft, i: int) -> bool:
    first = draft.first
    return first < len(ws) and ws[first] in _CONTEXT_OPENERS and i - first >= 3


def _merge_short(drafts) -> list[_Draft]:
    """Undo "and"/comma splits that leave fewer than _MIN_WORDS on either side."""
    out: list[_Draft] = []
    for d in drafts:
        if out and d.link in _MIN_WORDS:
            prev = out[-1]
            need = _MIN_WORDS[d.link]
            if prev.end - prev.first < need or d.end - d.first < need:
                prev.end = max(prev.end, d.end)
                continue
        out.append(d)
    return out


def _reorder_initial_because(drafts: list[_Draft], text: str, toks: list[Token]) -> None:
    """'Because B, A': B opened the sentence, so A (after the comma) is B's effect, not B A's cause."""
    for k, d in enumerate(drafts[:-1]):
        nxt = drafts[k + 1]
        if d.link != "cause" or nxt.link != "comma":
            continue
        marker_start = d.first - len(d.marker.split())
        before = text[: toks[marker_start].start] if marker_start < len(toks) else ""
        if marker_start == 0 or _SENTENCE_GAP.search(before.rstrip()[-1:] or "."):
            d.link, nxt.link = "sentence", "effect"


def segment_clauses(text: str) -> list[str]:
    """The clause texts of ``text`` (exact substrings, markers excluded), at most MAX_CLAUSES."""
    return [c.text for c in segment(text)]
