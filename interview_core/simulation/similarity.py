"""Text similarity for the capture and duplicate metrics: token Jaccard, plus embedding cosine when an
encoder is available.

Tokens are the dedup tokenizer's lower-cased words (``interview_core.dedup.text.tokenize``, unstemmed)
minus a short list of function words, so "it's thick and smooth" and "thick smooth texture" share
``thick`` and ``smooth``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable, Sequence

import numpy as np

from ..dedup.embeddings import get_encoder
from ..dedup.text import jaccard as set_jaccard, tokenize

STOPWORDS = frozenset(
    "a an the and or but of to in on at for with by from as is are was were be been it it's its this that "
    "these those i i'm i've me my we our you your he she they them their do does did so if then than just "
    "very really about into up out what which who how when why there here have has had not no can could "
    "would should will".split()
)


def tokens(text: str) -> frozenset[str]:
    """Content word tokens of ``text`` (lower case, function words removed)."""
    return frozenset(w for w in tokenize(text) if w not in STOPWORDS)


def jaccard(a: str, b: str) -> float:
    """Token Jaccard of two texts in [0, 1]; 0.0 when either has no content tokens."""
    ta, tb = tokens(a), tokens(b)
    return set_jaccard(ta, tb) if ta and tb else 0.0


Encoder = Callable[[Sequence[str]], np.ndarray]


def load_encoder() -> tuple[Encoder | None, str]:
    """The project's sentence encoder, if installed and loadable, as ``(encode, name)``.

    ``encode(texts)`` returns one unit-length row per text. Returns ``(None, "jaccard")`` when the
    embedding model cannot load, so callers fall back to Jaccard only.
    """
    encoder = get_encoder()
    if encoder is None:
        return None, "jaccard"
    return (lambda texts: np.asarray(encoder.encode(list(texts)), dtype=float)), "jaccard+cosine"


class Similarity:
    """Pairwise similarity with a per-text embedding cache.

    ``match(a, b, jaccard_min, cosine_min)`` is true when the token Jaccard reaches ``jaccard_min`` or
    (with an encoder) the cosine reaches ``cosine_min``.
    """

    def __init__(self, encoder: Encoder | None = None):
        self.encoder = encoder
        self.mode = "jaccard+cosine" if encoder else "jaccard"
        self._vectors: dict[str, np.ndarray] = {}

    def _vector(self, text: str) -> np.ndarray:
        if text not in self._vectors:
            self._vectors[text] = self.encoder([text])[0]
        return self._vectors[text]

    def prime(self, texts: Sequence[str]) -> None:
        """Encode many texts at once (faster than one by one)."""
        todo = [t for t in dict.fromkeys(texts) if t not in self._vectors]
        if self.encoder and todo:
            for t, v in zip(todo, self.encoder(todo)):
                self._vectors[t] = v

    def cosine(self, a: str, b: str) -> float | None:
        """Cosine in [-1, 1], or None without an encoder."""
        if not self.encoder:
            return None
        return float(np.dot(self._vector(a), self._vector(b)))

    def match(self, a: str, b: str, jaccard_min: float, cosine_min: float) -> bool:
        if jaccard(a, b) >= jaccard_min:
            return True
        cos = self.cosine(a, b)
        return cos is not None and cos >= cosine_min


@lru_cache(maxsize=1)
def default_similarity() -> Similarity:
    """One shared :class:`Similarity` using the project's encoder when available."""
    encoder, _mode = load_encoder()
    return Similarity(encoder)
