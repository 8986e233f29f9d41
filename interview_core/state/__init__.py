"""Interview state that outlives one turn: per-node state, element coverage, momentum, phase."""

from .coverage import CoverageState
from .momentum import Momentum
from .node_state import NodeState, NodeStateTracker
from .phase import interview_phase

__all__ = ["CoverageState", "Momentum", "NodeState", "NodeStateTracker", "interview_phase"]
