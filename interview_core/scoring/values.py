"""How a raw signal value becomes a scoring factor for one weight key.

- A level key (``llm.engagement.high``) contributes its weight when the signal sits at that level
  (``catalogue.level_of`` with the methodology's ``signal_norms``), nothing otherwise.
- A bare key contributes weight x normalised value: floats as they are, booleans 1/0, counts divided
  by their norm (``signal_norms`` entry, else the catalogue default) and capped at 1.

Saturating repetition. ``temporal.strategy_repetition_count`` (how often the candidate strategy ran in
the last 5 turns) normalises to ``1 - 0.5**n`` - 0, 0.5, 0.75, 0.875, ... - for its bare weight and for
its levels alike. The first repeat costs the most and further repeats add ever less, so a weight of
-0.3 is at most -0.3: a gentle push towards rotation that cannot kill a strategy the signals clearly
call for, unlike the reference's linear ``n / norm`` that either dominated or did nothing.

Per-candidate signals (``temporal.strategy_repetition_count``, ``technique.node.strategy_repetition``)
carry ``{strategy: value}``; the candidate's entry is read, and a strategy absent from it sits at 0 /
``none``.
"""

from __future__ import annotations

import numpy as np

from ..vocabulary import catalogue
from ..vocabulary.catalogue import SignalSpec

SATURATING = frozenset({"temporal.strategy_repetition_count"})


def for_strategy(spec: SignalSpec, raw, strategy: str):
    """The candidate strategy's value of a per-candidate signal (other values pass through)."""
    if isinstance(raw, dict):
        if strategy in raw:
            return raw[strategy]
        return 0 if spec.type == "count" else "none"
    return raw


def normalised(spec: SignalSpec, raw, norms: dict[str, float]) -> float:
    """The value in [0, 1] a bare weight multiplies (see the module docstring)."""
    if spec.name in SATURATING:
        return 1.0 - 0.5 ** max(float(raw), 0.0)
    if spec.type == "count":
        norm = norms.get(spec.name) or spec.default_norm
        value = float(raw) / norm if norm else float(raw)
        return min(max(value, 0.0), 1.0)
    return float(raw)


def level(spec: SignalSpec, raw, norms: dict[str, float]) -> str | None:
    """The level of a raw value (saturating counts are levelled on their saturated value)."""
    if spec.name in SATURATING:
        return catalogue.float_level(normalised(spec, raw, norms))
    return catalogue.level_of(spec, raw, norms.get(spec.name))


def factor(spec: SignalSpec, wanted_level: str | None, raw, norms: dict[str, float]) -> float:
    """1/0 for a level key, the normalised value for a bare key, 0.0 when the signal is absent."""
    if raw is None:
        return 0.0
    if wanted_level is None:
        return normalised(spec, raw, norms)
    return 1.0 if level(spec, raw, norms) == wanted_level else 0.0


def _numeric(spec: SignalSpec, raws: list, norms: dict[str, float]) -> np.ndarray | None:
    """Normalised values as floats (NaN where absent); None for a count without any norm."""
    x = np.array([np.nan if r is None else float(r) for r in raws], dtype=float)
    if spec.name in SATURATING:
        return 1.0 - 0.5 ** np.maximum(x, 0.0)
    if spec.type == "count":
        norm = norms.get(spec.name) or spec.default_norm
        if not norm:
            return None
        return np.clip(x / norm, 0.0, 1.0)
    return x


def factor_column(spec: SignalSpec, wanted_level: str | None, raws: list, norms: dict[str, float]) -> np.ndarray:
    """:func:`factor` for many raw values at once (same results, computed with numpy)."""
    n = len(raws)
    if spec.type == "categorical" or (spec.type == "boolean" and wanted_level is not None):
        if spec.type == "boolean":
            target = wanted_level == "true"
            return np.fromiter((r is not None and bool(r) == target for r in raws), dtype=float, count=n)
        return np.fromiter((r == wanted_level for r in raws), dtype=float, count=n)
    if wanted_level is None:
        if spec.type == "count" and spec.name not in SATURATING and not (norms.get(spec.name) or spec.default_norm):
            x = np.array([np.nan if r is None else float(r) for r in raws], dtype=float)
            return np.nan_to_num(np.clip(x, 0.0, 1.0))
        x = _numeric(spec, raws, norms)
        return np.nan_to_num(x, nan=0.0)
    x = _numeric(spec, raws, norms)
    if x is None:
        return np.zeros(n)
    lo, hi = catalogue.LOW_MID_BOUNDARY, catalogue.MID_HIGH_BOUNDARY
    with np.errstate(invalid="ignore"):
        if wanted_level == "low":
            hit = x < lo
        elif wanted_level == "mid":
            hit = (x >= lo) & (x < hi)
        elif wanted_level == "high":
            hit = x >= hi
        else:
            hit = np.zeros(n, dtype=bool)
    return hit.astype(float)
