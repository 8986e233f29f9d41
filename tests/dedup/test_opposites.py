"""Opposite labels never merge, whatever the embedding says: the guard's table.

The encoder is faked to put every label on ONE vector (cosine 1.0), so only the guard (negation parity,
WordNet antonyms and minimal pairs, particles, VADER polarity) can keep these pairs apart.
"""

import numpy as np
import pytest

from interview_core.config.settings import DedupSettings
from interview_core.dedup.matcher import HybridMatcher


class OneVector:
    name = "one-vector"

    def encode(self, texts):
        return np.ones((len(texts), 4), dtype=np.float32) / 2.0


@pytest.fixture(scope="module")
def matcher():
    return HybridMatcher(DedupSettings(embedding_threshold=0.5), encoder=OneVector())


OPPOSITES = [
    # (label, other label, the guard that must name it)
    ("sweet", "not sweet enough", "negation"),
    ("with sugar", "without sugar", "negation"),
    ("more choice", "less choice", "negation"),
    ("can park nearby", "can't park nearby", "negation"),
    ("cheap", "expensive", "antonyms"),
    ("cheaper than before", "dearer than before", "antonyms"),
    ("better sleep", "worse sleep", "antonyms"),
    ("higher rent", "lower rent", "negation"),  # "lower" is a negator
    ("fast charging", "slow charging", "antonyms"),
    ("hides the price", "shows the price", "antonyms"),
    ("remembers my order", "forgets my order", "antonyms"),
    ("prices went up", "prices went down", "antonyms"),
    ("healthy snacks", "unhealthy snacks", "negating prefix"),
    ("hide my location", "see my location", "contrast"),
    ("learns my habits", "ignores my habits", "contrast"),
    ("morning classes", "evening classes", "contrast"),  # siblings under "time of day"
    ("chicken flavour", "beef flavour", "contrast"),
    ("feel guilty", "feel proud", "polarity"),
    ("felt bored", "felt motivated", "polarity"),
]


@pytest.mark.parametrize("a,b,why", OPPOSITES)
def test_opposites_never_merge(matcher, a, b, why):
    reason = matcher.lexicon.opposition(matcher.key(a), matcher.key(b))
    assert reason is not None and reason.startswith(why), reason
    assert matcher.match(b, "attribute", [("n1", a)]) is None
    assert matcher.match(a, "attribute", [("n1", b)]) is None


@pytest.mark.parametrize("a,b", [
    ("proper foam", "proper froth"),  # WordNet synonyms
    ("picture quality", "image quality"),
    ("quick service", "fast service"),
    ("no pain", "painless"),  # both negated
    ("reusable cups", "reusable cup"),
])
def test_paraphrases_pass_the_guard(matcher, a, b):
    assert matcher.lexicon.opposition(matcher.key(a), matcher.key(b)) is None
    assert matcher.match(b, "attribute", [("n1", a)]) is not None
