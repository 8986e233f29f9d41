"""Fitting the per-node-type thresholds of :mod:`interview_core.dedup.calibration` on labelled dev pairs.

Deterministic: the same pairs and model give the same thresholds (``tests/dedup/test_calibration.py``
re-fits the shipped file).
"""

from __future__ import annotations

import math

from .calibration import POOLED, Calibration
from .evaluation import LabelledPair
from .matcher import HybridMatcher

GRID = [round(0.40 + 0.01 * i, 2) for i in range(56)]  # 0.40 .. 0.95
Z = 1.645


def pair_scores(matcher: HybridMatcher, pairs: list[LabelledPair]) -> list[tuple[LabelledPair, bool, float | None]]:
    """Per pair: (pair, merged by the exact or lexical tier, cosine when the guard allows an embedding
    merge else None). ``matcher`` is a :class:`HybridMatcher` with an encoder."""
    matcher.prepare([x for p in pairs for x in (p.a, p.b)])
    out = []
    for p in pairs:
        ka, kb = matcher.key(p.a), matcher.key(p.b)
        lexical = ka.text == kb.text or (matcher.lexicon.overlap(ka, kb) >= matcher.jaccard_threshold
                                         and matcher.lexicon.opposition(ka, kb) is None)
        cosine = None if lexical or matcher.lexicon.opposition(ka, kb) is not None else matcher.similarity(p.a, p.b)
        out.append((p, lexical, cosine))
    return out


def wilson_lower(successes: int, n: int, z: float = Z) -> float:
    """Lower end of the Wilson score interval for a proportion (one-sided, ``z`` = 1.645: 95 %); 1.0 when n = 0."""
    if n == 0:
        return 1.0
    p = successes / n
    centre = p + z * z / (2 * n)
    margin = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - margin) / (1 + z * z / n)


def lowest_threshold(scores: list[tuple[LabelledPair, bool, float | None]], target: float) -> float:
    """The lowest grid threshold at which the embedding tier's own merges on ``scores`` have a precision
    whose 95 % lower confidence bound is >= ``target`` (the top of the grid if none). A bound rather
    than the raw precision, so that a threshold is not set by the luck of a few dev pairs."""
    for t in GRID:
        tp = fp = 0
        for p, _lexical, cos in scores:
            if cos is not None and cos >= t:
                tp, fp = tp + p.same, fp + (not p.same)
        if tp + fp == 0 or wilson_lower(tp, tp + fp) >= target:
            return t
    return GRID[-1]


def calibrate(matcher: HybridMatcher, pairs: list[LabelledPair], target: float = 0.90, min_pairs: int = 20) -> Calibration:
    """Calibrate on the ``dev`` pairs of ``pairs`` (other splits ignored); see the module docstring."""
    dev = [p for p in pairs if p.split == "dev"]
    scores = pair_scores(matcher, dev)
    thresholds = {POOLED: lowest_threshold(scores, target)}
    for node_type in sorted({p.node_type for p in dev}):
        own = [s for s in scores if s[0].node_type == node_type]
        if len(own) >= min_pairs:
            thresholds[node_type] = lowest_threshold(own, target)
    return Calibration(model=matcher.encoder_name or "", target_precision=target, dev_pairs=len(dev),
                       embedding_thresholds=thresholds)
