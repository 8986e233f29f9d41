"""Detector registry and two-pass detection.

Each detector produces exactly one catalogued signal. Global detectors return a value; node detectors
``{node_id: value}``; element detectors ``{element_id: value}``; returning None means "no value this
turn" (e.g. ``llm.*`` before the first answer). Meta detectors (pools ``meta`` and ``meta.node``) run in a
second pass and receive the first pass's results. A detector that raises is logged and left out; the
others still run.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field

from . import catalogue
from .context import SignalContext

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Detector:
    name: str
    fn: Callable
    meta: bool

    @property
    def spec(self) -> catalogue.SignalSpec:
        return catalogue.CATALOGUE[self.name]


DETECTORS: dict[str, Detector] = {}


def detector(name: str):
    """Register ``fn`` as the detector of catalogued signal ``name`` (meta if its pool is meta*)."""
    spec = catalogue.CATALOGUE[name]  # KeyError: not catalogued

    def register(fn: Callable) -> Callable:
        if name in DETECTORS:
            raise ValueError(f"two detectors for {name}")
        DETECTORS[name] = Detector(name, fn, spec.pool.startswith("meta"))
        return fn

    return register


@dataclass
class DetectedSignals:
    """One turn's signals: ``global_`` name -> value, ``node`` node_id -> {name: value},
    ``element`` element_id -> {name: value}, and one line per failed detector in ``errors``."""

    global_: dict = field(default_factory=dict)
    node: dict[str, dict] = field(default_factory=dict)
    element: dict[str, dict] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)


def _store(out: DetectedSignals, d: Detector, value) -> None:
    if value is None:
        return
    scope = d.spec.scope
    if scope == "global":
        out.global_[d.name] = value
        return
    target = out.node if scope == "node" else out.element
    for key, v in value.items():
        if v is not None:
            target.setdefault(key, {})[d.name] = v


def detect_signals(ctx: SignalContext, detectors: dict[str, Detector] | None = None) -> DetectedSignals:
    """Run every detector: non-meta first, then meta (which see the first pass's signals)."""
    detectors = DETECTORS if detectors is None else detectors
    out = DetectedSignals(node={n: {} for n in ctx.node_ids}, element={e.id: {} for e in ctx.concept.elements})
    for meta in (False, True):
        for d in detectors.values():
            if d.meta != meta:
                continue
            try:
                value = d.fn(ctx, out) if meta else d.fn(ctx)
            except Exception as exc:  # a broken detector must not take the turn down
                log.exception("signal detector %s failed", d.name)
                out.errors.append(f"{d.name}: {type(exc).__name__}: {exc}")
                continue
            _store(out, d, value)
    return out
