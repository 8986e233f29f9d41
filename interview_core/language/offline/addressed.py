"""Is a turn addressed to the interviewer, and about what? A learned reading that needs no word list.

A multinomial logistic regression over the sentence vectors of the shipped all-MiniLM-L6-v2 encoder
(:func:`interview_core.dedup.embeddings.get_encoder`) sorts a respondent's answer, and each of its
sentences, into :data:`CLASSES`: an answer ("none"), or a turn to the interviewer about the interview's
length, its purpose or who runs it, privacy, a word's meaning, a payment or prize, stopping, declining this
question, or a pause. The weights (``data/addressed.npz``) were trained on the hand-labelled dev answers and
invented sentences by ``evaluation/reads/lang12_addressed/train.py``; cross-validated figures by domain
file are in docs/benchmarks.md (wave 12, lang12).

Optional by design: without the encoder or the weights :func:`addressed_topic` returns None and the
rules of :mod:`.meta` stand alone. The rules also run first where they are used; this reading only speaks
when they find nothing, and only above a confidence gate.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from .grammar import sentences

MODEL_PATH = Path(__file__).parent / "data" / "addressed.npz"
CLASSES = ("none", "length", "purpose", "privacy", "meaning", "payment", "end", "skip", "pause")
# Probability a class must reach, in the answer or one of its sentences, to be read (cross-validated by
# domain file: docs/benchmarks.md, wave 12, lang12).
GATE = 0.7
# ... and to stand over a different reading of the rules (the same cross-validation).
OVERRIDE = 0.8
_L2 = 1e-3
_STEPS = 1500
_RATE = 4.0

Encode = Callable[[list[str]], np.ndarray]


def fit(vectors: np.ndarray, labels: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """Weights (dim, classes) and bias (classes,) of a class-balanced, L2-regularised softmax regression
    of ``labels`` (each one of :data:`CLASSES`) on unit ``vectors`` (rows), by full-batch gradient descent."""
    y = np.array([CLASSES.index(c) for c in labels])
    n, dim = vectors.shape
    counts = np.bincount(y, minlength=len(CLASSES)).astype(np.float64)
    weight = (n / (len(CLASSES) * np.maximum(counts, 1)))[y]  # every class weighs the same in the loss
    onehot = np.eye(len(CLASSES))[y]
    w = np.zeros((dim, len(CLASSES)))
    b = np.zeros(len(CLASSES))
    x = vectors.astype(np.float64)
    for _ in range(_STEPS):
        p = _softmax(x @ w + b)
        g = (p - onehot) * weight[:, None] / weight.sum()
        w -= _RATE * (x.T @ g + _L2 * w)
        b -= _RATE * g.sum(axis=0)
    return w.astype(np.float32), b.astype(np.float32)


def _softmax(z: np.ndarray) -> np.ndarray:
    z = z - z.max(axis=-1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=-1, keepdims=True)


def save(model: tuple[np.ndarray, np.ndarray], path: Path) -> None:
    np.savez_compressed(path, weights=model[0], bias=model[1], classes=np.array(CLASSES))


@lru_cache(maxsize=1)
def _shipped() -> tuple[np.ndarray, np.ndarray] | None:
    try:
        data = np.load(MODEL_PATH)
    except OSError:
        return None
    if tuple(str(c) for c in data["classes"]) != CLASSES:
        return None
    return data["weights"], data["bias"]


def segments(answer: str) -> list[str]:
    """The answer and, when it has more than one, each of its sentences: a question put mid-answer
    ("... anyway who sees this? the second one") is read on its own."""
    parts = [s.strip() for _, _, s in sentences(answer) if s.strip()]
    return [answer.strip(), *parts] if len(parts) > 1 else [answer.strip()]


def probabilities(answer: str, model: tuple[np.ndarray, np.ndarray], encode: Encode) -> np.ndarray:
    """Class probabilities (rows: :func:`segments`, columns: :data:`CLASSES`, each row sums to 1)."""
    vectors = encode(segments(answer))
    return _softmax(vectors.astype(np.float32) @ model[0] + model[1])


def _strongest(p: np.ndarray) -> tuple[str, float]:
    q = p[:, 1:]
    row, col = np.unravel_index(np.argmax(q), q.shape)
    return CLASSES[col + 1], float(q[row, col])


def classify(answer: str, model: tuple[np.ndarray, np.ndarray], encode: Encode, gate: float = GATE) -> str | None:
    """The class but "none" most probable in ``answer`` or one of its sentences (a pause only when the whole
    answer reads so), when its probability reaches ``gate``; None for an answer. (A gate on 1 - p(none)
    instead fired on most single sentences of long answers in the cross-validation: docs/benchmarks.md,
    wave 12, lang12.)"""
    if not answer.strip():
        return None
    p = probabilities(answer, model, encode)
    found, probability = _strongest(p)
    if found == "pause" and p[0, CLASSES.index("pause")] < gate:
        return None  # a moment asked for between sentences of an answer does not make the turn a pause
    return found if probability >= gate else None


def addressed_topic(answer: str, gate: float = GATE) -> str | None:
    """:func:`classify` with the shipped weights and encoder; None when either is missing."""
    from ...dedup.embeddings import get_encoder

    model = _shipped()
    encoder = get_encoder() if model is not None else None
    if encoder is None:
        return None
    return classify(answer, model, encoder.encode, gate)
