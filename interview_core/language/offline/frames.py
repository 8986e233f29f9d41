"""Discourse frames (``data/frames.yaml``): hedges, pseudo-clefts, ranking frames, meta comments and
time remarks that carry no concept, removed from a clause's words before it becomes a label.

All functions take and return word lists as produced by :func:`text.words` (lowercase, straight
apostrophes), so a pattern like ``what( [^ ]+){1,5}? (is|was)`` reads "what I mean is" as words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

_DATA = Path(__file__).parent / "data" / "frames.yaml"
# Frames can nest ("to be honest, for me the big one is ..."); a few passes reach a fixed point.
MAX_PASSES = 4


@dataclass(frozen=True)
class Frames:
    leading: re.Pattern  # matches a frame at the start of the joined words
    trailing: re.Pattern  # ... at the end
    anywhere: re.Pattern  # meta comments, wherever they occur
    time: re.Pattern  # time/frequency remarks, wherever they occur
    trailing_time: re.Pattern
    digression: re.Pattern
    non_content: frozenset[str]


def _alternation(patterns: list[str]) -> str:
    return "|".join(f"(?:{p})" for p in patterns)


@lru_cache(maxsize=1)
def frames() -> Frames:
    """The compiled frame lexicon (cached)."""
    raw = yaml.load(_DATA.read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
    time = _alternation(raw["time"])
    return Frames(
        leading=re.compile(rf"^(?:{_alternation(raw['leading'])})(?= |$)"),
        trailing=re.compile(rf"(?:^| )(?:{_alternation(raw['trailing'])})$"),
        anywhere=re.compile(rf"(?<![^ ])(?:{_alternation(raw['anywhere'])})(?![^ ])"),
        time=re.compile(rf"(?<![^ ])(?:{time})(?![^ ])"),
        trailing_time=re.compile(rf"(?:^| )(?:{time})$"),
        digression=re.compile(rf"(?<![^ ])(?:{_alternation(raw['digression'])})(?![^ ])"),
        non_content=frozenset(raw["non_content"]),
    )


def _count(text: str) -> int:
    return len(text.split())


def _remove(ws: list[str], pattern: re.Pattern) -> list[str]:
    """``ws`` without the words covered by any match of ``pattern`` (matches cover whole words)."""
    joined = " ".join(ws)
    if not pattern.search(joined):
        return ws
    kept = pattern.sub(" ", joined)
    return kept.split()


def drop_meta(ws: list[str]) -> list[str]:
    """Remove meta comments ("I can't go deeper than that", "that's as far as I can take it")."""
    return _remove(ws, frames().anywhere)


def strip_leading_frame(ws: list[str]) -> list[str]:
    """Remove one leading frame ("to be honest", "the big one is", "what I mean is"), if any."""
    m = frames().leading.match(" ".join(ws))
    return ws[_count(m.group()) :] if m and m.group() else ws


def strip_trailing_frame(ws: list[str]) -> list[str]:
    """Remove one trailing frame or time remark ("... is just how it is", "... every time"), if any."""
    joined = " ".join(ws)
    for pattern in (frames().trailing, frames().trailing_time):
        m = pattern.search(joined)
        if m and m.group().strip():
            return ws[: len(ws) - _count(m.group())]
    return ws


def is_digression(sentence_words: list[str]) -> bool:
    """Whether a sentence announces itself as off-topic ("..., by the way", "speaking of which, ...")."""
    return bool(frames().digression.search(" ".join(sentence_words)))


def residue(ws: list[str], stopwords: frozenset[str]) -> list[str]:
    """The content words of a label: without stopwords, time remarks and frame vocabulary.

    Empty means the clause names no concept ("happened only the other day", "compared to").
    """
    f = frames()
    return [w for w in _remove(ws, f.time) if w not in stopwords and w not in f.non_content
            and len(w) > 1 and not w.isdigit()]
