"""Whether the interview goes on after this turn, and if not, why (seed 002 reasons + seed 003).

Checked in order:

1. ``max_turns_reached``: ``turn >= max_turns``.
2. ``close_strategy``: the selected strategy writes a closing question.
3. From ``continuation.min_turns`` on (and, unless the respondent is fatigued and the latest answer added
   no concept, not before ``continuation.patience_turns``, an engine default of 12, for the first two: a
   respondent who has just opened a new line of thought is not at the end of what they know, however
   quiet the answers before it were):
   - ``depth_plateau``: ``graph.max_depth`` has not grown for ``depth_plateau_turns`` turns *and* those
     turns added at most ``plateau_new_nodes`` new concepts in total. (Seed 002 uses depth alone; an
     interview that keeps adding concepts across branches is not stalled, so breadth counts too.)
   - ``quality_degraded``: the last ``quality_degraded_shallow`` answers were all surface or shallow *and*
     added at most ``plateau_new_nodes`` concepts in total (a plain one-concept answer to each "why" is
     how laddering climbs; only short answers that add nothing mean the quality has degraded);
   - ``fatigue_coverage``: the respondent is fatigued and element coverage reached
     ``fatigue_close_coverage`` (seed 003: fatigue plus adequate coverage closes the interview); before
     ``patience_turns`` not right after an answer that added a concept (the same engine default).

   None of the three begins the close on a *side step* (an engine default): an answer that only asked the
   interviewer something or paused ("brb, dog wants out") and made no node says nothing about how much the
   respondent has left to say, and a pause met with a closing question would end the interview while the
   respondent is away. The decision waits for the next real answer.
"""

from __future__ import annotations

from ..config.methodology import Methodology


def depth_plateau_length(depth_history: list[int]) -> int:
    """Turns since ``max_depth`` last grew: [1, 2, 2, 2] -> 2; 0 with fewer than two entries."""
    if len(depth_history) < 2:
        return 0
    run = 0
    for prev, cur in zip(reversed(depth_history[:-1]), reversed(depth_history)):
        if cur > prev:
            break
        run += 1
    return run


def should_continue(
    methodology: Methodology,
    turn: int,
    max_turns: int,
    strategy: str | None,
    max_depth_history: list[int],
    response_depths: list[str],
    fatigued: bool,
    coverage_ratio: float,
    new_node_history: list[int] | None = None,
    side_step: bool = False,
) -> tuple[bool, str | None]:
    """(should_continue, termination_reason); see the module docstring for the rules."""
    cfg = methodology.continuation
    if turn >= max_turns:
        return False, "max_turns_reached"
    chosen = methodology.strategy(strategy) if strategy else None
    if chosen is not None and chosen.generates_closing_question:
        return False, "close_strategy"
    if turn < cfg.min_turns or side_step:
        return True, None
    opened = bool(new_node_history) and new_node_history[-1] > 0
    early = turn < cfg.patience_turns
    if fatigued and coverage_ratio >= cfg.fatigue_close_coverage and not (early and opened):
        return False, "fatigue_coverage"
    if early and (not fatigued or opened):
        return True, None
    plateau = depth_plateau_length(max_depth_history)
    if plateau >= cfg.depth_plateau_turns:
        added = sum((new_node_history or [])[-plateau:]) if new_node_history is not None else 0
        if added <= cfg.plateau_new_nodes:
            return False, "depth_plateau"
    n = cfg.quality_degraded_shallow
    recent = response_depths[-n:]
    if len(recent) >= n and all(d in ("surface", "shallow") for d in recent):
        added = sum((new_node_history or [])[-n:]) if new_node_history is not None else 0
        if added <= cfg.plateau_new_nodes:
            return False, "quality_degraded"
    return True, None
