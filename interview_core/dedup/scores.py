"""Candidate similarity scores for the embedding tier, measured on the dev pairs (``interview bench dedup
--scores``): which score ranks paraphrases above different-concept pairs where the tier decides.

Pure functions over vectors, so each can be checked against a hand-computed table:

- :func:`soft_alignment`: BERTScore-style greedy alignment of two labels' word vectors (contextual token
  vectors of one encoder layer): each word of one label takes its most similar word of the other;
  precision, recall and F1 of the weighted best similarities;
- :func:`word_alignment`: the same greedy alignment at the level of content words, order-free, with any
  word-pair similarity (e.g. 1.0 for WordNet-linked words, else the cosine of the words embedded alone);
  the weaker of the two directions.

None of them is used by the matcher unless a calibration certifies a tier on it (none does: see
docs/benchmarks.md, semantic de-duplication, wave 6).
"""

from __future__ import annotations

from typing import Callable, Sequence

import numpy as np


def soft_alignment(a: np.ndarray, b: np.ndarray, weights_a: Sequence[float] | None = None,
                   weights_b: Sequence[float] | None = None) -> tuple[float, float, float]:
    """``(precision, recall, F1)`` of the greedy alignment of the rows of ``a`` (words of label a, unit
    vectors) and ``b``: precision is the weighted mean over ``a``'s rows of their best cosine with a row of
    ``b``, recall the same from ``b``'s side, F1 their harmonic mean (0.0 when it is undefined). Weights
    default to 1 per row; an empty side gives (0, 0, 0)."""
    a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    if a.size == 0 or b.size == 0:
        return 0.0, 0.0, 0.0
    wa = np.ones(len(a)) if weights_a is None else np.asarray(weights_a, dtype=np.float64)
    wb = np.ones(len(b)) if weights_b is None else np.asarray(weights_b, dtype=np.float64)
    sims = a @ b.T
    precision = float((sims.max(axis=1) * wa).sum() / wa.sum())
    recall = float((sims.max(axis=0) * wb).sum() / wb.sum())
    f1 = 2 * precision * recall / (precision + recall) if precision + recall > 0 else 0.0
    return precision, recall, f1


def word_alignment(words_a: Sequence[str], words_b: Sequence[str], similar: Callable[[str, str], float]) -> float:
    """Order-free alignment of content words: for each word of one label its best ``similar`` score
    against the other label's words, averaged; the smaller of the two directions (0.0 when a side has no
    word). ``similar(x, y)`` is in [0, 1] (or a cosine) and need not be symmetric."""
    if not words_a or not words_b:
        return 0.0
    forward = sum(max(similar(x, y) for y in words_b) for x in words_a) / len(words_a)
    backward = sum(max(similar(x, y) for x in words_a) for y in words_b) / len(words_b)
    return min(forward, backward)


def fit_ridge(x: np.ndarray, y: np.ndarray, alpha: float = 1.0) -> tuple[np.ndarray, float]:
    """Least squares with an L2 penalty ``alpha`` on the weights (not the intercept), closed form:
    ``(weights, intercept)``."""
    x, y = np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64)
    mx, my = x.mean(axis=0), y.mean()
    xc = x - mx
    w = np.linalg.solve(xc.T @ xc + alpha * np.eye(x.shape[1]), xc.T @ (y - my))
    return w, float(my - mx @ w)


def fit_logistic(x: np.ndarray, y: np.ndarray, l2: float = 1.0, iterations: int = 30) -> tuple[np.ndarray, float]:
    """Logistic regression by Newton's method with an L2 penalty ``l2`` on the weights (not the
    intercept): ``(weights, intercept)``. Deterministic; ``y`` in {0, 1}."""
    x, y = np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64)
    xb = np.hstack([x, np.ones((len(x), 1))])
    theta = np.zeros(xb.shape[1])
    penalty = np.full(xb.shape[1], float(l2))
    penalty[-1] = 0.0
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-(xb @ theta)))
        grad = xb.T @ (p - y) + penalty * theta
        hess = (xb * (p * (1 - p))[:, None]).T @ xb + np.diag(penalty) + 1e-9 * np.eye(xb.shape[1])
        step = np.linalg.solve(hess, grad)
        theta -= step
        if np.max(np.abs(step)) < 1e-10:
            break
    return theta[:-1], float(theta[-1])


def leave_one_group_out(x: np.ndarray, y: np.ndarray, groups: Sequence[str], l2: float = 1.0,
                        score_x: np.ndarray | None = None, score_groups: Sequence[str] | None = None) -> np.ndarray:
    """Out-of-group probabilities: each scored row (default: the training rows ``x``) gets the
    :func:`fit_logistic` model fitted on the training rows of the *other* groups only (0.5 where those hold
    a single class)."""
    x, y, groups = np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64), np.asarray(groups)
    sx = x if score_x is None else np.asarray(score_x, dtype=np.float64)
    sg = groups if score_groups is None else np.asarray(score_groups)
    out = np.full(len(sx), 0.5)
    for g in dict.fromkeys(sg.tolist()):
        train = groups != g
        if len(set(y[train].tolist())) < 2:
            continue
        w, b = fit_logistic(x[train], y[train], l2)
        test = sg == g
        out[test] = 1.0 / (1.0 + np.exp(-(sx[test] @ w + b)))
    return out
