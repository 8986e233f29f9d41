"""Pool ``temporal``: how the interview's choices have run over the recent turns."""

from __future__ import annotations

from .context import SignalContext
from .registry import detector

REPETITION_WINDOW = 5


def run_length(history: list) -> int:
    """Length of the trailing run of equal entries: [a, b, b] -> 2, [] -> 0."""
    if not history:
        return 0
    n = 1
    while n < len(history) and history[-n - 1] == history[-1]:
        n += 1
    return n


@detector("temporal.strategy_repetition_count")
def strategy_repetition_count(ctx: SignalContext) -> dict[str, int]:
    """Per strategy, how many of the last 5 selections used it: ``{strategy: count}`` (absent = 0).

    The value depends on the candidate strategy, so scoring reads the candidate's entry; it is turned
    into the saturating 1 - 0.5**n there (see :mod:`interview_core.scoring.values`).
    """
    counts: dict[str, int] = {}
    for s in ctx.strategy_history[-REPETITION_WINDOW:]:
        counts[s] = counts.get(s, 0) + 1
    return counts


@detector("temporal.turns_since_strategy_change")
def turns_since_strategy_change(ctx: SignalContext) -> int:
    """How many turns the current strategy has been running (its trailing run length; 0 before any)."""
    return run_length(ctx.strategy_history)


@detector("temporal.turns_since_focus_change")
def turns_since_focus_change(ctx: SignalContext) -> int:
    return run_length(ctx.focus_history)


@detector("temporal.turns_since_cluster_jump")
def turns_since_cluster_jump(ctx: SignalContext) -> int:
    """Trailing run of past node foci in the *current* clustering's cluster of the latest node focus
    (element and unbound foci are skipped)."""
    part = ctx.partition
    clusters = [part[f] for f in ctx.focus_history if f is not None and f in part]
    return run_length(clusters)
