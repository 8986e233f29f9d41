"""Interview phase (early / mid / late) from turn count *and* graph state.

Configured boundaries (``phase_boundaries.mid`` / ``.late``): a phase is entered once ``min_turns`` have
passed and any of its graph conditions holds (``min_nodes``, ``min_coverage``, ``min_saturation``,
``min_depth``); with no graph condition the turn count alone decides; ``at_turn`` forces it. Without
configured boundaries, the reference's ``phases.early.phase_boundaries`` node counts are used
(``early_max_nodes`` -> mid, ``mid_max_nodes`` -> late), defaulting to 5 and 15 nodes.

Phases never go back: a graph whose saturation dips again does not return the interview to ``mid``.
"""

from __future__ import annotations

from ..config.methodology import Methodology, PhaseBoundary

PHASES = ("early", "mid", "late")
DEFAULT_NODE_BOUNDARIES = (5, 15)


def _reached(b: PhaseBoundary, turn: int, nodes: int, coverage: float, saturation: float, depth: int) -> bool:
    if b.at_turn is not None and turn >= b.at_turn:
        return True
    if turn < b.min_turns:
        return False
    conditions = [
        (b.min_nodes, nodes), (b.min_coverage, coverage), (b.min_saturation, saturation), (b.min_depth, depth),
    ]
    configured = [(limit, value) for limit, value in conditions if limit is not None]
    return not configured or any(value >= limit for limit, value in configured)


def phase_boundaries(methodology: Methodology) -> dict[str, PhaseBoundary]:
    """The effective boundaries for ``mid`` and ``late`` (configured, reference-format, or default)."""
    if methodology.phase_boundaries:
        return dict(methodology.phase_boundaries)
    early = methodology.phases.get("early")
    ref = early.phase_boundaries if early else None
    mid_nodes = ref.early_max_nodes if ref and ref.early_max_nodes is not None else DEFAULT_NODE_BOUNDARIES[0]
    late_nodes = ref.mid_max_nodes if ref and ref.mid_max_nodes is not None else DEFAULT_NODE_BOUNDARIES[1]
    return {"mid": PhaseBoundary(min_nodes=mid_nodes), "late": PhaseBoundary(min_nodes=late_nodes)}


def interview_phase(
    methodology: Methodology, turn: int, node_count: int, coverage: float = 0.0, saturation: float = 0.0,
    max_depth: int = 0, previous: str | None = None,
) -> str:
    """The phase at ``turn``: the latest phase whose boundary is reached, never earlier than ``previous``."""
    bounds = phase_boundaries(methodology)
    phase = "early"
    for name in ("mid", "late"):
        b = bounds.get(name)
        if b is not None and _reached(b, turn, node_count, coverage, saturation, max_depth):
            phase = name
    if previous in PHASES and PHASES.index(previous) > PHASES.index(phase):
        return previous
    return phase
