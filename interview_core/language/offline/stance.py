"""Stance and reaction of a clause, from the VADER sentiment lexicon plus a few phrase cues."""

from __future__ import annotations

from functools import lru_cache

from vaderSentiment.vaderSentiment import SentimentIntensityAnalyzer

from ...text.lexicon import lexicon

# VADER's compound score beyond these counts as a stance (its documented neutral band is +-0.05;
# clauses are short, so a wider band keeps "it foams" neutral).
POSITIVE_AT = 0.25
NEGATIVE_AT = -0.2


@lru_cache(maxsize=1)
def _analyzer() -> SentimentIntensityAnalyzer:
    return SentimentIntensityAnalyzer()


def compound(text: str) -> float:
    """VADER compound score of ``text`` in [-1, 1]."""
    return _analyzer().polarity_scores(text)["compound"]


def stance_and_reaction(text: str, padded_stems: str) -> tuple[int, str]:
    """(stance in {-1, 0, 1}, reaction) of one clause.

    Reaction: skeptical or curious on their cue phrases (or a question mark for curious), otherwise
    positive/negative/neutral following the stance.
    """
    lex = lexicon()
    score = compound(text)
    if lex.negative_cues.hits(padded_stems):
        score = min(score, NEGATIVE_AT - 0.01)
    stance = 1 if score >= POSITIVE_AT else -1 if score <= NEGATIVE_AT else 0
    if lex.skeptical_cues.hits(padded_stems):
        return min(stance, 0), "skeptical"
    if lex.curious_cues.hits(padded_stems) or text.rstrip().endswith("?"):
        return stance, "curious"
    return stance, {1: "positive", -1: "negative", 0: "neutral"}[stance]


def word_valence(word: str) -> float:
    """VADER's valence of one word (lowercase) in [-4, 4]; 0.0 for a word it does not rate."""
    return float(_analyzer().lexicon.get(word.lower(), 0.0))
