"""Fitting the per-node-type thresholds of :mod:`interview_core.dedup.calibration` on labelled dev pairs.

Deterministic: the same pairs and model give the same thresholds (``tests/dedup/test_calibration.py``
re-fits the shipped file).
"""

from __future__ import annotations

import math

from .calibration import POOLED, Calibration
from .evaluation import LabelledPair, rank_auc
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
        lexical = ka.text == kb.text or (matcher.lexicon.may_overlap(ka, kb)  # as the matcher decides
                                         and matcher.lexicon.overlap(ka, kb) >= matcher.jaccard_threshold
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


def lowest_threshold(scores: list[tuple[LabelledPair, bool, float | None]], target: float, floor: float = 0.95) -> float:
    """The lowest grid threshold at which the matcher's merges on ``scores`` (the exact and lexical tiers'
    merges, plus the embedding tier's at that threshold) have a precision of at least ``floor`` whose 95 %
    lower confidence bound (Wilson) is at least ``target``; the top of the grid if none. The precision is the
    matcher's as a whole, as the goal is stated, and the bound keeps a threshold from being set by the luck
    of a few dev pairs."""
    lex_tp = sum(p.same for p, lexical, _ in scores if lexical)
    lex_fp = sum(not p.same for p, lexical, _ in scores if lexical)
    for t in GRID:
        tp, fp = lex_tp, lex_fp
        for p, _lexical, cos in scores:
            if cos is not None and cos >= t:
                tp, fp = tp + p.same, fp + (not p.same)
        if tp + fp == 0 or (tp / (tp + fp) >= floor and wilson_lower(tp, tp + fp) >= target):
            return t
    return GRID[-1]


def _meets(tp: int, fp: int, target: float, floor: float) -> bool:
    return tp + fp > 0 and tp / (tp + fp) >= floor and wilson_lower(tp, tp + fp) >= target


def contained_scores(matcher: HybridMatcher, scores: list[tuple[LabelledPair, bool, float | None]]) -> list[bool]:
    """Per scored pair: whether it reaches the containment tier (not merged before, allowed by the guard,
    :meth:`Lexicon.contained`, past the same pre-filter as the lexical tier)."""
    lex = matcher.lexicon
    out = []
    for p, _lexical, cos in scores:
        ka, kb = matcher.key(p.a), matcher.key(p.b)
        out.append(cos is not None and lex.may_overlap(ka, kb) and lex.contained(ka, kb))
    return out


def contained_floors(scores, inside: list[bool], target: float, floor: float, min_pairs: int) -> dict[str, float]:
    """Cosine floors of the containment tier: per node type with ``min_pairs`` dev pairs (and pooled as
    ``default``), the lowest grid floor at which that type's merges (exact, lexical and this tier's) have a
    precision of at least ``floor``; kept only if the merges of all dev pairs together then have a 95 %
    lower bound of at least ``target`` (a node type has too few pairs for a bound of its own), else empty
    (the tier stays off)."""
    def lowest(rows) -> float:
        lex_tp = sum(p.same for (p, lexical, _), _a in rows if lexical)
        lex_fp = sum(not p.same for (p, lexical, _), _a in rows if lexical)
        for t in GRID:
            hits = [p.same for (p, _l, cos), a in rows if a and cos >= t]
            tp, fp = lex_tp + sum(hits), lex_fp + len(hits) - sum(hits)
            if tp + fp == 0 or tp / (tp + fp) >= floor:
                return t
        return GRID[-1]

    rows = list(zip(scores, inside))
    floors = {POOLED: lowest(rows)}
    for node_type in sorted({p.node_type for p, _l, _c in scores}):
        own = [r for r in rows if r[0][0].node_type == node_type]
        if len(own) >= min_pairs:
            floors[node_type] = lowest(own)
    merged = [p.same for (p, lexical, cos), a in rows
              if lexical or (a and cos >= floors.get(p.node_type, floors[POOLED]))]
    return floors if _meets(sum(merged), len(merged) - sum(merged), target, floor) else {}


def calibrate(matcher: HybridMatcher, pairs: list[LabelledPair], target: float = 0.95, min_pairs: int = 20,
              floor: float = 0.95) -> Calibration:
    """Calibrate on the ``dev`` pairs of ``pairs`` (other splits ignored), tier by tier: the containment
    floors (:func:`contained_floors`), then the embedding thresholds per node type (:func:`lowest_threshold`,
    counting the earlier tiers' merges)."""
    dev = [p for p in pairs if p.split == "dev"]
    scores = pair_scores(matcher, dev)
    inside = contained_scores(matcher, scores)
    floors = contained_floors(scores, inside, target, floor, min_pairs)
    if floors:  # pairs the containment tier merges are decided before the embedding tier
        scores = [(p, True, None) if a and cos >= floors.get(p.node_type, floors[POOLED]) else (p, lexical, cos)
                  for (p, lexical, cos), a in zip(scores, inside)]
    thresholds = {POOLED: lowest_threshold(scores, target, floor)}
    for node_type in sorted({p.node_type for p in dev}):
        own = [s for s in scores if s[0].node_type == node_type]
        if len(own) >= min_pairs:
            thresholds[node_type] = lowest_threshold(own, target, floor)
    return Calibration(model=matcher.encoder_name or "", target_precision=target, min_precision=floor,
                       dev_pairs=len(dev), embedding_thresholds=thresholds, contained_thresholds=floors)


def embedding_tier_auc(matcher: HybridMatcher, pairs: list[LabelledPair]) -> dict[str, tuple[float | None, int]]:
    """Per split (and ``all``): the cosine's :func:`rank_auc` over the pairs that reach the embedding tier
    (not merged by the exact or lexical tier, not blocked by the opposite guard), and how many pairs that is.
    Empty without an encoder."""
    if not matcher.embeddings_available:
        return {}
    by_split: dict[str, tuple[list[float], list[bool]]] = {}
    for p, _lexical, cos in pair_scores(matcher, pairs):
        if cos is None:
            continue
        for k in ("all", p.split):
            xs, ys = by_split.setdefault(k, ([], []))
            xs.append(cos)
            ys.append(p.same)
    return {k: (rank_auc(xs, ys), len(xs)) for k, (xs, ys) in by_split.items()}


def guard_blocks(matcher: HybridMatcher, pairs: list[LabelledPair]) -> dict[str, tuple[int, int]]:
    """Per split (and ``all``): how many same-concept pairs the opposite guard blocks (its false blocks,
    the recall no similarity can win back) and how many different-concept pairs it blocks."""
    out: dict[str, list[int]] = {}
    for p in pairs:
        blocked = matcher.lexicon.opposition(matcher.key(p.a), matcher.key(p.b)) is not None
        for k in ("all", p.split):
            row = out.setdefault(k, [0, 0])
            row[0 if p.same else 1] += blocked
    return {k: (v[0], v[1]) for k, v in out.items()}
