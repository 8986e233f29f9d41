"""Pool ``technique.node``: how a strategy has been used on each node."""

from __future__ import annotations

from .context import SignalContext
from .registry import detector


def repetition_level(n: int) -> str:
    """none (0), low (1), medium (2), high (3+)."""
    return ("none", "low", "medium")[n] if n < 3 else "high"


@detector("technique.node.strategy_repetition")
def strategy_repetition(ctx: SignalContext) -> dict:
    """Per node ``{last strategy used on it: level of its consecutive uses}``; scoring reads the candidate
    strategy's entry, and any other strategy is at ``none`` on that node."""
    out = {}
    for n in ctx.node_ids:
        s = ctx.tracker.states[n]
        out[n] = {s.last_strategy_used: repetition_level(s.consecutive_same_strategy)} if s.last_strategy_used else {}
    return out
