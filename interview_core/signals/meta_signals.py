"""Pools ``meta`` and ``meta.node``: composites computed in the second detection pass.

Each detector receives the context and the first pass's :class:`DetectedSignals`; meta detectors run in
the order defined here, so ``meta.interview.phase`` can read the saturation computed before it.
"""

from __future__ import annotations

from ..state.phase import interview_phase
from .context import SignalContext
from .registry import DetectedSignals, detector

SATURATION_WINDOW = 3
SATURATION_NORM = 4.0  # nodes + edges a typical informative answer adds
CANONICAL_SATURATION_NORM = 2.0  # new distinct concepts a typical informative answer adds


def saturation(per_turn: list[int], norm: float) -> float:
    """1 - min(mean of the last 3 per-turn additions / norm, 1); 0.0 before any answer."""
    recent = per_turn[-SATURATION_WINDOW:]
    if not recent:
        return 0.0
    return 1.0 - min(sum(recent) / len(recent) / norm, 1.0)


@detector("meta.conversation.saturation")
def conversation_saturation(ctx: SignalContext, signals: DetectedSignals) -> float:
    """From the nodes + edges each recent answer added (norm 4 per answer)."""
    return saturation(ctx.yield_history, SATURATION_NORM)


@detector("meta.canonical.saturation")
def canonical_saturation(ctx: SignalContext, signals: DetectedSignals) -> float:
    """From new canonical slots per recent answer (norm 2); without a canonical view, from new surface
    nodes per answer."""
    counts = ctx.canonical.turn_new_slot_counts() if ctx.canonical else ctx.new_node_history
    return saturation(counts, CANONICAL_SATURATION_NORM)


@detector("meta.interview_progress")
def interview_progress(ctx: SignalContext, signals: DetectedSignals) -> float:
    return min(ctx.turn / ctx.max_turns, 1.0) if ctx.max_turns > 0 else 0.0


@detector("meta.interview.phase")
def phase(ctx: SignalContext, signals: DetectedSignals) -> str:
    return interview_phase(
        ctx.methodology, ctx.turn, ctx.metrics["node_count"], ctx.coverage_summary["ratio"],
        signals.global_.get("meta.conversation.saturation", 0.0), ctx.metrics["max_depth"], ctx.previous_phase,
    )


@detector("meta.momentum.score")
def momentum_score(ctx: SignalContext, signals: DetectedSignals) -> float:
    return ctx.momentum.score


@detector("meta.momentum.fatigued")
def momentum_fatigued(ctx: SignalContext, signals: DetectedSignals) -> bool:
    return ctx.momentum.fatigued


@detector("meta.momentum.consecutive_low")
def momentum_consecutive_low(ctx: SignalContext, signals: DetectedSignals) -> int:
    return ctx.momentum.consecutive_low


@detector("meta.node.opportunity")
def node_opportunity(ctx: SignalContext, signals: DetectedSignals) -> dict:
    """exhausted: the node is exhausted; probe_deeper: its last focused answer was moderate or deep yet
    yielded nothing (seed 004: ask differently); fresh: otherwise."""
    out = {}
    for n in ctx.node_ids:
        s = ctx.tracker.states[n]
        if s.is_exhausted:
            out[n] = "exhausted"
        elif s.turns_since_last_yield >= 1 and s.all_response_depths and s.all_response_depths[-1] in ("moderate", "deep"):
            out[n] = "probe_deeper"
        else:
            out[n] = "fresh"
    return out
