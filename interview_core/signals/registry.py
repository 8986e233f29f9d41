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
from dataclasses import dataclass

from ..vocabulary import catalogue
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


class DetectedSignals:
    """One turn's signals: ``global_`` name -> value, ``node`` node_id -> {name: value},
    ``element`` element_id -> {name: value}, and one line per failed detector in ``errors``.

    Node and element signals are stored per signal (``node_columns``: name -> {node_id: value}), the
    shape detectors produce and scoring reads; the per-node view ``node`` is built on first access.
    """

    def __init__(self, global_: dict | None = None, node: dict | None = None, element: dict | None = None,
                 errors: list[str] | None = None, node_ids: list[str] | None = None,
                 element_ids: list[str] | None = None):
        self.global_: dict = dict(global_ or {})
        self.errors: list[str] = list(errors or [])
        self.node_ids: list[str] = list(node_ids if node_ids is not None else (node or {}))
        self.element_ids: list[str] = list(element_ids if element_ids is not None else (element or {}))
        self.node_columns: dict[str, dict] = _columns(node or {})
        self.element_columns: dict[str, dict] = _columns(element or {})
        self._node_rows: dict | None = None
        self._element_rows: dict | None = None

    @property
    def node(self) -> dict[str, dict]:
        if self._node_rows is None:
            self._node_rows = _rows(self.node_ids, self.node_columns)
        return self._node_rows

    @property
    def element(self) -> dict[str, dict]:
        if self._element_rows is None:
            self._element_rows = _rows(self.element_ids, self.element_columns)
        return self._element_rows


def _columns(rows: dict[str, dict]) -> dict[str, dict]:
    cols: dict[str, dict] = {}
    for key, row in rows.items():
        for name, value in row.items():
            cols.setdefault(name, {})[key] = value
    return cols


def _rows(ids: list[str], cols: dict[str, dict]) -> dict[str, dict]:
    items = list(cols.items())
    return {i: {name: col[i] for name, col in items if i in col} for i in ids}


def _store(out: DetectedSignals, d: Detector, value) -> None:
    if value is None:
        return
    scope = d.spec.scope
    if scope == "global":
        out.global_[d.name] = value
        return
    target = out.node_columns if scope == "node" else out.element_columns
    target[d.name] = value


def detect_signals(ctx: SignalContext, detectors: dict[str, Detector] | None = None) -> DetectedSignals:
    """Run every detector: non-meta first, then meta (which see the first pass's signals)."""
    detectors = DETECTORS if detectors is None else detectors
    out = DetectedSignals(node_ids=ctx.node_ids, element_ids=[e.id for e in ctx.concept.elements])
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
