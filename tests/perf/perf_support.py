"""A counting stand-in for the sentence-transformers model inside the real :class:`SentenceTransformerEncoder`:
every forward pass is recorded, and each text gets a fixed unit vector seeded by its own characters."""

from __future__ import annotations

import hashlib
import threading

import numpy as np

DIM = 16


def text_vector(text: str) -> np.ndarray:
    seed = int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "little")
    v = np.random.default_rng(seed).standard_normal(DIM).astype(np.float32)
    return v / np.linalg.norm(v)


class CountingModel:
    """Has what the encoder uses of a SentenceTransformer: ``preprocess``, a call returning
    ``sentence_embedding`` and ``get_embedding_dimension``. ``batches`` lists the texts of every pass."""

    def __init__(self):
        self.batches: list[list[str]] = []
        self.listener = None  # called with each pass's texts
        self._lock = threading.Lock()

    def get_embedding_dimension(self) -> int:
        return DIM

    def preprocess(self, texts):
        return {"texts": list(texts)}

    def __call__(self, features):
        import torch

        with self._lock:
            self.batches.append(list(features["texts"]))
        if self.listener is not None:
            self.listener(list(features["texts"]))
        rows = np.stack([text_vector(t) * 3.0 for t in features["texts"]])  # not unit: the encoder normalises
        return {"sentence_embedding": torch.from_numpy(rows)}

    @property
    def texts(self) -> list[str]:
        return [t for batch in self.batches for t in batch]
