"""The canonical graph (seed 002, "Dual-Graph Architecture"): one slot per distinct concept.

Surface nodes keep the respondent's words; each is mapped, one way and for good, to a canonical *slot*
of the same node type. A slot starts as a ``candidate`` and becomes ``active`` once its support (the
mentions of its surface nodes) reaches ``min_support``. Canonical edges are the surface edges between
different slots, aggregated by (source slot, relation, target slot) with a support count.

Slot matching uses the surface :class:`~interview_core.dedup.matcher.HybridMatcher` with the looser
slot thresholds of ``config/dedup.yaml`` (default Jaccard 0.60, cosine 0.75): a slot is a coarser unit
than a surface node, and the negation/antonym guard still applies. A new surface node is compared with
every label already in a slot, so a slot grows by paraphrases of any of its members.

:class:`CanonicalGraph` implements :class:`interview_core.signals.canonical.CanonicalView`.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

import networkx as nx
import numpy as np

from interview_core.graph.matching import NodeMatcher

from .lexicon import DedupConfig, load_dedup_config
from .matcher import HybridMatcher

CANDIDATE, ACTIVE = "candidate", "active"


@dataclass
class Slot:
    """A canonical concept. ``support``: mentions of its surface nodes (each surface node counts its
    utterance ids, at least 1); ``first_turn``: earliest ``created_turn`` of its surface nodes;
    ``activated_turn``: the turn its support reached the minimum (None while a candidate)."""

    id: str
    label: str
    node_type: str
    status: str = CANDIDATE
    support: int = 0
    surface_ids: list[str] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    first_turn: int = 0
    activated_turn: int | None = None


@dataclass
class CanonicalEdge:
    """Surface edges between two different slots with one relation; ``support`` = how many."""

    id: str
    source: str
    target: str
    relation_type: str
    support: int
    surface_edge_ids: list[str]


@dataclass
class SlotDiscoveryResult:
    """What one :meth:`CanonicalGraph.update` did.

    ``mapped``: surface id -> slot id for the surface nodes mapped this call; ``new_slot_ids``: slots
    created; ``activated_slot_ids``: slots that became active; ``merges``: ``{surface_id, slot_id,
    similarity, method}`` for each surface node that joined an existing slot.
    """

    turn: int
    mapped: dict[str, str] = field(default_factory=dict)
    new_slot_ids: list[str] = field(default_factory=list)
    activated_slot_ids: list[str] = field(default_factory=list)
    merges: list[dict] = field(default_factory=list)

    def to_dict(self) -> dict:
        return asdict(self)


class CanonicalGraph:
    """Canonical slots, the surface-to-slot mapping and canonical edges of one interview.

    Parameters
    ----------
    matcher : the session's surface matcher; a :class:`HybridMatcher` is re-used with the slot
        thresholds (sharing its vectors), any other :class:`NodeMatcher` is used as it is.
    min_support : mentions a slot needs to become active (``Settings.dedup.slot_min_support``).
    config : the dedup config whose slot thresholds apply; default ``config/dedup.yaml``.
    """

    def __init__(self, matcher: NodeMatcher, min_support: int = 2, config: DedupConfig | None = None):
        if isinstance(matcher, HybridMatcher):
            cfg = config or load_dedup_config()
            matcher = matcher.with_thresholds(cfg.slot_jaccard_threshold, cfg.slot_embedding_threshold)
        self.matcher = matcher
        self.min_support = min_support
        self.slots: dict[str, Slot] = {}
        self.mapping: dict[str, str] = {}
        self.edges: list[CanonicalEdge] = []
        self._last_turn = 0

    # -- update ----------------------------------------------------------------------------------------
    def update(self, surface_nodes: list[dict], surface_edges: list[dict], turn: int) -> SlotDiscoveryResult:
        """Map new surface nodes to slots, refresh support and lifecycle, re-aggregate edges.

        ``surface_nodes``: the whole surface graph's node dicts (``id``, ``label``, ``node_type``,
        ``utterance_ids``, ``created_turn``; others ignored); ``surface_edges``: its edge dicts (``id``,
        ``source``, ``target``, ``relation_type``). Nodes already mapped keep their slot. ``turn`` is the
        1-based turn number. Calling it again with the same graph changes nothing.
        """
        result = SlotDiscoveryResult(turn=turn)
        self._last_turn = max(self._last_turn, turn)
        new_nodes = [n for n in surface_nodes if n["id"] not in self.mapping]
        if new_nodes and hasattr(self.matcher, "prepare"):
            self.matcher.prepare([n["label"] for n in new_nodes])  # one embedding batch for the turn
        for node in new_nodes:
            self._map(node, turn, result)
        by_id = {n["id"]: n for n in surface_nodes}
        for slot in self.slots.values():
            present = [by_id[s] for s in slot.surface_ids if s in by_id]
            if present:
                slot.support = sum(max(1, len(n.get("utterance_ids") or [])) for n in present)
            if slot.status == CANDIDATE and slot.support >= self.min_support:
                slot.status, slot.activated_turn = ACTIVE, turn
                result.activated_slot_ids.append(slot.id)
        self.edges = aggregate_edges(surface_edges, self.mapping)
        return result

    def _map(self, node: dict, turn: int, result: SlotDiscoveryResult) -> None:
        candidates = [(s.id, label) for s in self.slots.values() if s.node_type == node["node_type"] for label in s.labels]
        match = self.matcher.match(node["label"], node["node_type"], candidates) if candidates else None
        created = int(node.get("created_turn") or turn)
        if match is not None:
            slot = self.slots[match.node_id]
            result.merges.append({"surface_id": node["id"], "slot_id": slot.id, "similarity": match.similarity,
                                  "method": match.method})
            slot.first_turn = min(slot.first_turn, created)
        else:
            slot = Slot(id=self._next_id(), label=node["label"], node_type=node["node_type"], first_turn=created)
            self.slots[slot.id] = slot
            result.new_slot_ids.append(slot.id)
        slot.surface_ids.append(node["id"])
        if node["label"] not in slot.labels:
            slot.labels.append(node["label"])
        self.mapping[node["id"]] = slot.id
        result.mapped[node["id"]] = slot.id

    def _next_id(self) -> str:
        numbers = [int(s[1:]) for s in self.slots if s[1:].isdigit()]
        return f"s{max(numbers, default=0) + 1}"

    # -- CanonicalView -----------------------------------------------------------------------------------
    def slot_of(self, node_id: str) -> str | None:
        """The slot a surface node is mapped to (candidate or active), or None if not mapped yet."""
        return self.mapping.get(node_id)

    def slot_first_turn(self, slot_id: str) -> int:
        """Earliest ``created_turn`` among the slot's surface nodes."""
        return self.slots[slot_id].first_turn

    def slot_support(self, slot_id: str) -> int:
        """Mentions of the slot: over its surface nodes, the number of utterance ids (at least 1 each)."""
        return self.slots[slot_id].support

    def turn_new_slot_counts(self) -> list[int]:
        """Index ``i`` = turn ``i + 1``: how many slots became active in that turn, up to the last turn seen."""
        counts = [0] * self._last_turn
        for slot in self.slots.values():
            if slot.activated_turn is not None and 1 <= slot.activated_turn <= self._last_turn:
                counts[slot.activated_turn - 1] += 1
        return counts

    def metrics(self) -> dict:
        """Metrics of the active canonical graph (candidates and their edges left out).

        ``concept_count`` active slots; ``edge_count`` canonical edges between active slots;
        ``orphan_count`` active slots with no such edge; ``max_depth`` longest chain in slots (a cycle
        counts as one step; 0 when empty); ``avg_support`` mean support of active slots (0.0 when none).
        Also ``slot_count`` (all slots), ``candidate_count`` and ``total_edge_count`` (all canonical edges).
        """
        active = {s.id for s in self.slots.values() if s.status == ACTIVE}
        structure = graph_structure(active, [(e.source, e.target) for e in self.edges])
        supports = [self.slots[s].support for s in active]
        return {
            "concept_count": len(active),
            "edge_count": structure["edge_count"],
            "orphan_count": structure["orphan_count"],
            "max_depth": structure["max_depth"],
            "avg_support": sum(supports) / len(supports) if supports else 0.0,
            "slot_count": len(self.slots),
            "candidate_count": len(self.slots) - len(active),
            "total_edge_count": len(self.edges),
        }

    def comparison(self, surface_metrics: dict) -> dict:
        """Surface graph vs the full canonical graph (every slot, candidate or active).

        ``surface_metrics`` needs ``node_count``, ``edge_count`` and ``orphan_count``. Returns
        ``node_reduction_pct`` = 100 * (surface nodes - slots) / surface nodes; ``edge_aggregation_ratio``
        = canonical edges / surface edges; ``orphan_improvement_pct`` = 100 * (surface orphans -
        canonical orphans) / surface orphans. Each is 0.0 when its denominator is 0. All slots are used
        because every surface node sits in exactly one slot, so the reduction measures merging only.
        """
        full = graph_structure(set(self.slots), [(e.source, e.target) for e in self.edges])
        n, m, o = (surface_metrics.get(k, 0) for k in ("node_count", "edge_count", "orphan_count"))
        return {
            "node_reduction_pct": 100.0 * (n - len(self.slots)) / n if n else 0.0,
            "edge_aggregation_ratio": len(self.edges) / m if m else 0.0,
            "orphan_improvement_pct": 100.0 * (o - full["orphan_count"]) / o if o else 0.0,
        }

    # -- persistence -----------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        """``{"slots": [...], "edges": [...], "mapping": {surface_id: slot_id}}`` (the repository's shape)."""
        return {"slots": [_shallow(s) for s in self.slots.values()], "edges": [_shallow(e) for e in self.edges],
                "mapping": dict(self.mapping)}

    @classmethod
    def from_dict(cls, data: dict, matcher: NodeMatcher, min_support: int = 2, last_turn: int = 0,
                  config: DedupConfig | None = None) -> "CanonicalGraph":
        """Rebuild from :meth:`to_dict`. ``last_turn``: turns completed so far, so that
        :meth:`turn_new_slot_counts` covers trailing turns in which no slot was activated."""
        graph = cls(matcher, min_support, config)
        for s in data.get("slots") or []:
            graph.slots[s["id"]] = Slot(**s)
        graph.edges = [CanonicalEdge(**e) for e in data.get("edges") or []]
        graph.mapping = dict(data.get("mapping") or {})
        activated = [s.activated_turn for s in graph.slots.values() if s.activated_turn is not None]
        graph._last_turn = max([last_turn, *activated])
        return graph


def aggregate_edges(surface_edges: list[dict], mapping: dict[str, str]) -> list[CanonicalEdge]:
    """Group surface edges by (source slot, relation, target slot), in first-seen order.

    Edges with an unmapped endpoint, and edges inside one slot (a paraphrase linked to another), are
    left out. ``support`` is the number of surface edges in the group.
    """
    groups: dict[tuple[str, str, str], list[str]] = {}
    for e in surface_edges:
        s, t = mapping.get(e["source"]), mapping.get(e["target"])
        if s is None or t is None or s == t:
            continue
        groups.setdefault((s, e["relation_type"], t), []).append(e["id"])
    return [CanonicalEdge(f"{s}:{rel}:{t}", s, t, rel, len(ids), ids) for (s, rel, t), ids in groups.items()]


def graph_structure(node_ids: set[str], edges: list[tuple[str, str]]) -> dict:
    """``edge_count``, ``orphan_count`` and ``max_depth`` of the graph induced on ``node_ids``.

    ``edge_count`` counts the given (source, target) pairs with both ends in ``node_ids`` (parallel
    pairs with different relations count separately); ``max_depth`` is the longest chain in nodes
    after collapsing cycles (1 for a lone node, 0 for no nodes).
    """
    inside = [(s, t) for s, t in edges if s in node_ids and t in node_ids]
    g = nx.DiGraph()
    g.add_nodes_from(node_ids)
    g.add_edges_from(inside)
    orphans = sum(1 for n in g if g.degree(n) == 0)
    depth = nx.dag_longest_path_length(nx.condensation(g)) + 1 if node_ids else 0
    return {"edge_count": len(inside), "orphan_count": orphans, "max_depth": depth}


def thematic_fixation(vectors: list[list[float]]) -> float:
    """How tightly a set of concept vectors sits in one semantic spot, in [0, 1].

    1 - mean pairwise cosine distance (distance = 1 - cosine), clipped to [0, 1]: 1.0 when every
    vector points the same way, near 0 for unrelated concepts (MiniLM puts unrelated short phrases at
    cosine 0.0-0.2). 0.0 with fewer than two non-zero vectors. Vectors need not be unit length.
    """
    if len(vectors) < 2:
        return 0.0
    m = np.asarray(vectors, dtype=np.float64)
    norms = np.linalg.norm(m, axis=1)
    m = m[norms > 0] / norms[norms > 0, None]
    if len(m) < 2:
        return 0.0
    sims = m @ m.T
    mean_distance = float(np.mean(1.0 - sims[np.triu_indices(len(m), 1)]))
    return float(min(1.0, max(0.0, 1.0 - mean_distance)))


def _shallow(obj) -> dict:
    """A slot or edge as a dict with its (flat) containers copied: ``asdict`` without the deep-copy cost."""
    return {k: (v.copy() if isinstance(v, (list, dict, set)) else v) for k, v in vars(obj).items()}
