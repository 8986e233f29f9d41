"""VADER's valence of a clause (compound) and of one word, shared by the stance readers."""

from __future__ import annotations

from functools import lru_cache

from vaderSentiment.vaderSentiment import SentimentIntensityAnalyzer

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


def word_valence(word: str) -> float:
    """VADER's valence of one word (lowercase) in [-4, 4]; 0.0 for a word it does not rate."""
    return float(_analyzer().lexicon.get(word.lower(), 0.0))
