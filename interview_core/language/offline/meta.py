"""Questions to the interviewer and asides (``data/meta.yaml``): what a respondent asks about the
interview (its length, purpose, privacy, what a question meant, to end or skip), and remarks about the
respondent's own moment ("brb", "I've got a delivery coming"). Neither is ever a concept; a question
about the interview is answered before the next probe."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal

import yaml

from .grammar import closed
from ...text.primitives import words

_DATA = Path(__file__).parent / "data" / "meta.yaml"
MetaTopic = Literal["end", "skip", "length", "privacy", "purpose", "meaning"]
_SENTENCE = re.compile(r"[^.!?…\n]+[.!?…]*")


@dataclass(frozen=True)
class _Patterns:
    topics: tuple[tuple[str, re.Pattern], ...]
    asides: re.Pattern


@lru_cache(maxsize=1)
def _patterns() -> _Patterns:
    raw = yaml.load(_DATA.read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
    join = lambda ps: re.compile(r"(?<![^ ])(?:" + "|".join(f"(?:{p})" for p in ps) + r")(?![^ ])")  # noqa: E731
    return _Patterns(tuple((topic, join(ps)) for topic, ps in raw["meta_topics"].items()), join(raw["asides"]))


def sentences(text: str) -> list[tuple[int, int, str]]:
    """(start, end, text) of each sentence of ``text``."""
    return [(m.start(), m.end(), m.group()) for m in _SENTENCE.finditer(text) if m.group().strip()]


def is_interrogative(sentence: str) -> bool:
    """A question in form: it ends with '?' and opens with a wh-word, an auxiliary or a modal, or is a
    bare fragment question ("sorry?", "the app?")."""
    ws = words(sentence)
    if not sentence.rstrip().endswith("?") or not ws:
        return False
    c = closed()
    first = next((w for w in ws if w not in c.interjections), ws[0])
    return first in c.wh_words or first in c.auxiliaries or len(ws) <= 3


def opens_like_question(sentence: str) -> bool:
    """A question typed without its question mark ("how long is this going to take", "ok how many more
    of these", "whats the point"): after any fillers, a wh-word before an auxiliary or a quantity word,
    or an auxiliary before its subject (question word order, so "what I mean is ..." is no question)."""
    ws = words(sentence)
    c = closed()
    i = next((k for k, w in enumerate(ws) if w not in c.interjections), len(ws))
    first, second = (ws[i:i + 2] + ["", ""])[:2]
    if first in ("whats", "hows", "whos", "what's", "how's", "who's"):
        return True
    if first in c.wh_words:
        return second in c.auxiliaries or second in ("many", "much", "long")
    return first in c.auxiliaries and (second in c.subject_pronouns or second in ("this", "it", "that", "there"))


def meta_topic(sentence: str) -> MetaTopic | None:
    """What a sentence asks of the interviewer about the interview, or None. A sentence that matches a
    topic's pattern counts when it is a question in form, also without its question mark."""
    joined = " ".join(words(sentence))
    for topic, pattern in _patterns().topics:
        if pattern.search(joined) and (topic in ("end", "skip", "meaning") or is_interrogative(sentence)
                                       or opens_like_question(sentence)):
            return topic  # type: ignore[return-value]
    return None


def is_aside(sentence: str) -> bool:
    """Whether a sentence is about the respondent's own moment rather than the topic."""
    return bool(_patterns().asides.search(" ".join(words(sentence))))


def answer_meta_topic(answer: str) -> MetaTopic | None:
    """The first question about the interview in an answer, or None."""
    return next((t for _, _, s in sentences(answer) if (t := meta_topic(s))), None)


def _mentions_meta(sentence: str) -> bool:
    joined = " ".join(words(sentence))
    return any(p.search(joined) for _, p in _patterns().topics)


def off_topic_spans(answer: str) -> list[tuple[int, int]]:
    """Spans of sentences that never hold a concept: questions to the interviewer, talk about the
    interview (in an answer that asks about it, also when not phrased as a question: "just wondering who
    sees my answers"), and asides."""
    parts = sentences(answer)
    asks = any(meta_topic(s) for _, _, s in parts)
    return [(a, b) for a, b, s in parts
            if is_interrogative(s) or meta_topic(s) or is_aside(s) or (asks and _mentions_meta(s))]
