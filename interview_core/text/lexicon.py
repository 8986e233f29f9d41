"""The English discourse lexicon (``data/english.yaml``), loaded once and compiled for matching."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

from .primitives import PhraseSet

_DATA = Path(__file__).parent / "data" / "english.yaml"


@dataclass(frozen=True)
class Lexicon:
    markers: dict[str, str]  # lowercase marker phrase -> "cause" | "effect" | "contrast"
    so_followers: frozenset[str]
    leading_fillers: tuple[tuple[str, ...], ...]  # token sequences, longest first
    subjects: tuple[tuple[str, ...], ...]
    inner_fillers: tuple[tuple[str, ...], ...]
    trailing_fillers: tuple[tuple[str, ...], ...]
    non_concept: PhraseSet
    empty_predicates: frozenset[str]
    instruction_cues: PhraseSet
    acknowledgements: frozenset[str]
    stopwords: frozenset[str]
    hedges: PhraseSet
    boosters: PhraseSet
    ceiling: PhraseSet
    ceiling_continuations: PhraseSet
    vague: PhraseSet
    specific: PhraseSet
    reasoning: PhraseSet
    feelings: PhraseSet
    negative_cues: PhraseSet
    skeptical_cues: PhraseSet
    curious_cues: PhraseSet
    evaluative: PhraseSet
    gerund_verbs: frozenset[str]
    finite_verb_stems: frozenset[str]
    finite_verbs: frozenset[str]


def _sequences(phrases: list[str]) -> tuple[tuple[str, ...], ...]:
    seqs = {tuple(p.lower().split()) for p in phrases}
    return tuple(sorted(seqs, key=lambda s: (-len(s), s)))


@lru_cache(maxsize=1)
def lexicon() -> Lexicon:
    """The compiled lexicon (cached: loading takes about a millisecond, matching is per call)."""
    # BaseLoader: every scalar stays a string ("yes", "no" and "ok" are words here, not booleans).
    raw = yaml.load(_DATA.read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
    markers = {m.lower(): kind for kind, items in raw["markers"].items() for m in items}
    phrase = lambda key: PhraseSet(raw[key])  # noqa: E731 - local shorthand
    return Lexicon(
        markers=markers,
        so_followers=frozenset(raw["so_followers"]),
        leading_fillers=_sequences(raw["leading_fillers"]),
        subjects=_sequences(raw["subjects"]),
        inner_fillers=_sequences(raw["inner_fillers"]),
        trailing_fillers=_sequences(raw["trailing_fillers"]),
        non_concept=phrase("non_concept"),
        empty_predicates=frozenset(raw["empty_predicates"]),
        instruction_cues=phrase("instruction_cues"),
        acknowledgements=frozenset(a.lower() for a in raw["acknowledgements"]),
        stopwords=frozenset(raw["stopwords"]),
        hedges=phrase("hedges"),
        boosters=phrase("boosters"),
        ceiling=phrase("ceiling"),
        ceiling_continuations=phrase("ceiling_continuations"),
        vague=phrase("vague"),
        specific=phrase("specific"),
        reasoning=phrase("reasoning"),
        feelings=phrase("feelings"),
        negative_cues=phrase("negative_cues"),
        skeptical_cues=phrase("skeptical_cues"),
        curious_cues=phrase("curious_cues"),
        evaluative=phrase("evaluative"),
        gerund_verbs=frozenset(raw["gerund_verbs"]),
        finite_verb_stems=frozenset(raw["finite_verb_stems"]),
        finite_verbs=frozenset(raw["finite_verbs"]),
    )
