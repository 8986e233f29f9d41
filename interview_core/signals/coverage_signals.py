"""Pool ``coverage`` and ``coverage.element``: how much of the concept's reference elements is covered."""

from __future__ import annotations

from .context import SignalContext
from .registry import detector


@detector("coverage.ratio")
def ratio(ctx: SignalContext) -> float:
    return ctx.coverage_summary["ratio"]


@detector("coverage.complete_ratio")
def complete_ratio(ctx: SignalContext) -> float:
    return ctx.coverage_summary["complete_ratio"]


@detector("coverage.uncovered_count")
def uncovered_count(ctx: SignalContext) -> int:
    return ctx.coverage_summary["uncovered_count"]


@detector("coverage.has_gaps")
def has_gaps(ctx: SignalContext) -> bool:
    return ctx.coverage_summary["has_gaps"]


@detector("coverage.element.gap")
def element_gap(ctx: SignalContext) -> dict:
    return dict(ctx.coverage_summary["gaps"])


@detector("coverage.element.exhausted")
def element_exhausted(ctx: SignalContext) -> dict:
    return {e.id: ctx.coverage.is_exhausted(e.id) for e in ctx.concept.elements}


@detector("coverage.element.focus_count")
def element_focus_count(ctx: SignalContext) -> dict:
    return {e.id: ctx.coverage.element_focus_counts.get(e.id, 0) for e in ctx.concept.elements}
