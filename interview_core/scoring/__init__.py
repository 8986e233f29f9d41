"""Joint (strategy, focus) scoring: weights, vetoes, phase modifiers, ranking and continuation."""

from .continuation import should_continue
from .models import Alternative, Contribution
from .ranking import Ranking, rank_strategy_node_pairs
from .vetoes import VetoContext

__all__ = ["should_continue", "Alternative", "Contribution", "Ranking", "rank_strategy_node_pairs", "VetoContext"]
