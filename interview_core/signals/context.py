"""Everything a signal detector may read, with the expensive shared computations memoised per turn."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property

from ..config.concept import Concept
from ..config.methodology import Methodology
from ..graph.clusters import ClusterCache, ClusterStats, cluster_stats, clusters_of, undirected_adjacency
from ..graph.knowledge_graph import KnowledgeGraph
from ..graph.metrics import graph_metrics
from ..vocabulary import Assessment
from ..state.coverage import CoverageState
from ..state.momentum import Momentum
from ..state.node_state import NodeState, NodeStateTracker, aggregate_states
from .canonical import CanonicalView
from .text import label_overlap


@dataclass
class SignalContext:
    """Inputs of one turn's detection.

    Histories hold one entry per completed turn, oldest first: ``strategy_history`` the selected
    strategies, ``focus_history`` the selected focus ids (node id, ``element:<id>``, or None),
    ``depth_history`` answer depths, ``yield_history`` nodes + edges added per answer,
    ``new_node_history`` nodes added per answer. ``label_similarity(a, b) -> [0, 1]`` is the
    thematic-fixation similarity (lexical by default; the embeddings work passes its own).
    """

    methodology: Methodology
    concept: Concept
    graph: KnowledgeGraph
    tracker: NodeStateTracker
    coverage: CoverageState
    momentum: Momentum
    turn: int
    max_turns: int
    assessment: Assessment | None = None
    strategy_history: list[str] = field(default_factory=list)
    focus_history: list[str | None] = field(default_factory=list)
    depth_history: list[str] = field(default_factory=list)
    yield_history: list[int] = field(default_factory=list)
    new_node_history: list[int] = field(default_factory=list)
    previous_phase: str | None = None
    canonical: CanonicalView | None = None
    cluster_cache: ClusterCache = field(default_factory=ClusterCache)
    label_similarity: Callable[[str, str], float] = label_overlap

    @property
    def g(self):
        return self.graph.g

    @cached_property
    def node_ids(self) -> list[str]:
        """Tracked nodes that are in the graph: the candidate foci of node-bound strategies."""
        return [n for n in self.g if n in self.tracker.states]

    @cached_property
    def concept_states(self) -> dict[str, NodeState]:
        """Node id -> the aggregated state of its canonical slot, for nodes whose slot holds several
        surface nodes (empty without a canonical graph)."""
        if self.canonical is None:
            return {}
        members: dict[str, list[str]] = {}
        for n in self.node_ids:
            slot = self.canonical.slot_of(n)
            if slot is not None:
                members.setdefault(slot, []).append(n)
        out = {}
        for ids in members.values():
            if len(ids) > 1:
                merged = aggregate_states([self.tracker.states[n] for n in ids])
                out.update(dict.fromkeys(ids, merged))
        return out

    @cached_property
    def metrics(self) -> dict:
        return graph_metrics(self.g, self.methodology)

    @cached_property
    def coverage_summary(self) -> dict:
        return self.coverage.summary(self.g)

    @cached_property
    def adjacency(self) -> dict[str, set[str]]:
        return undirected_adjacency(self.g)

    @cached_property
    def partition(self) -> dict[str, int]:
        return self.cluster_cache.partition(self.g, self.turn, self.adjacency)

    @cached_property
    def clusters(self) -> dict[int, set[str]]:
        return clusters_of(self.partition)

    @cached_property
    def cluster_statistics(self) -> dict[int, ClusterStats]:
        return {c: cluster_stats(members, self.adjacency) for c, members in self.clusters.items()}

    @cached_property
    def focused_ids(self) -> set[str]:
        return {n for n, s in self.tracker.states.items() if s.focus_count > 0}
