"""The surface knowledge graph of one interview, on a networkx MultiDiGraph.

Every extracted concept becomes a node (or merges into an existing one), every extracted link an edge.
The methodology's ontology is enforced here: an unknown node type, an unknown relation or a connection
the ontology does not permit is *rejected and reported* in the :class:`GraphDelta`, never dropped
silently. Cycles, self-loops and several relations between the same pair are allowed (seed 003).

Node identity: a label equal to an existing label (case- and whitespace-insensitive) always merges into
that node, whatever type the extractor gave it, so no two nodes share a label. Otherwise the pluggable
:class:`~interview_core.graph.matching.NodeMatcher` is asked with the same-type nodes as candidates.
A merged node keeps every utterance id and quote.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import networkx as nx
from pydantic import BaseModel, Field

from ..config.methodology import Methodology
from ..vocabulary.extraction import ExtractedEdge, ExtractedNode, ExtractionResult
from .matching import ExactMatcher, NodeMatcher, normalise_label


class GraphDelta(BaseModel):
    """What one extraction changed: added and merged nodes, added edges, and what was rejected.

    ``merged``: dicts ``{label, node_id, similarity, method}``; ``rejected``: dicts
    ``{kind: "node"|"edge", item, reason}``; ``repeated_edge_ids``: links the graph already had
    (same source, target and relation); ``mentioned_node_ids``: existing nodes the answer touched again
    (merged into, or an endpoint of a new or repeated link), which makes their exhaustion reversible.
    """

    added_node_ids: list[str] = Field(default_factory=list)
    merged: list[dict] = Field(default_factory=list)
    added_edge_ids: list[str] = Field(default_factory=list)
    repeated_edge_ids: list[str] = Field(default_factory=list)
    rejected: list[dict] = Field(default_factory=list)
    mentioned_node_ids: list[str] = Field(default_factory=list)

    @property
    def changed(self) -> bool:
        """True when the answer added a node or an edge (the seed 004 definition of a yield)."""
        return bool(self.added_node_ids or self.added_edge_ids)


@dataclass
class GraphNode:
    id: str
    label: str
    node_type: str
    stance: int = 0
    reaction: str | None = None
    element_id: str | None = None
    utterance_ids: list[str] = field(default_factory=list)
    quotes: list[str] = field(default_factory=list)
    created_turn: int = 0
    prominence: str | None = None  # point / supporting / backdrop in the latest answer that said it
    said_turn: int | None = None  # the turn of that answer
    reason_given: bool = False  # an answer said why it matters (see :meth:`KnowledgeGraph.apply`)


@dataclass
class GraphEdge:
    id: str
    source: str
    target: str
    relation_type: str
    utterance_id: str
    quote: str
    created_turn: int = 0


_NODE_FIELDS = ("label", "node_type", "stance", "reaction", "element_id", "utterance_ids", "quotes", "created_turn")
# Added later (wave 8): graphs saved before them load with these defaults.
_OPTIONAL_NODE_FIELDS = {"prominence": None, "said_turn": None, "reason_given": False}
# Links that say why their source matters: the answer to a question about the source, or a provider's
# link read from the answer (its target is what the source leads to). Not a link from a causal marker
# of the offline reader ("A because B" is read B -> A: the extractor stamps A itself), nor one guessed
# from neighbouring clauses.
REASON_ORIGINS = frozenset({"conversational", "model"})
_PROMINENCE_RANK = {"backdrop": 1, "supporting": 2, "point": 3}


def _node_dict(n: GraphNode) -> dict:
    """A node as saved: the original fields, and the later ones under ``extra`` (the stored row's free-form
    column), so a graph saved before them loads with their defaults."""
    d = {k: v for k, v in vars(n).items() if k not in _OPTIONAL_NODE_FIELDS}
    return d | {"utterance_ids": list(n.utterance_ids), "quotes": list(n.quotes),
                "extra": {k: getattr(n, k) for k in _OPTIONAL_NODE_FIELDS}}


class KnowledgeGraph:
    """Schema-checked surface graph. ``g`` is the underlying ``nx.MultiDiGraph`` (edge key = edge id)."""

    def __init__(self, methodology: Methodology, matcher: NodeMatcher | None = None):
        self.methodology = methodology
        self.matcher: NodeMatcher = matcher or ExactMatcher()
        self.g = nx.MultiDiGraph()
        self._by_label: dict[str, str] = {}  # normalised label -> node id
        self._ends: dict[str, tuple[str, str]] = {}  # edge id -> (source, target)
        self._next_node = 1
        self._next_edge = 1

    # -- reading ---------------------------------------------------------------------------------
    def __len__(self) -> int:
        return self.g.number_of_nodes()

    def node(self, node_id: str) -> GraphNode:
        d = self.g.nodes[node_id]
        return GraphNode(id=node_id, **{k: d[k] for k in _NODE_FIELDS},
                         **{k: d.get(k, default) for k, default in _OPTIONAL_NODE_FIELDS.items()})

    def nodes(self) -> Iterator[GraphNode]:
        for node_id in self.g.nodes:
            yield self.node(node_id)

    def edges(self) -> Iterator[GraphEdge]:
        for s, t, key, d in self.g.edges(keys=True, data=True):
            yield GraphEdge(key, s, t, d["relation_type"], d["utterance_id"], d["quote"], d.get("created_turn", 0))

    def node_id_for_label(self, label: str) -> str | None:
        return self._by_label.get(normalise_label(label))

    def edge_ends(self, edge_id: str) -> tuple[str, str]:
        """(source, target) of an edge id."""
        return self._ends[edge_id]

    def labels(self) -> list[str]:
        return [d["label"] for _, d in self.g.nodes(data=True)]

    # -- writing ---------------------------------------------------------------------------------
    def apply(self, extraction: ExtractionResult, utterance_id: str, turn: int) -> GraphDelta:
        """Add or merge the extraction's nodes, then its edges; return what changed and what was rejected.

        Each node the answer says is stamped with its prominence there (the latest answer wins; of two
        items merged into one node in one answer, the more prominent) and, once an answer gives its
        reason, ``reason_given``: the extractor says so, or a link of :data:`REASON_ORIGINS` (new or
        repeated) leaves the node.
        """
        delta = GraphDelta()
        local: dict[str, str] = {}  # extracted label (normalised) -> node id, for this answer's edges
        for item in extraction.nodes:
            node_id = self._add_node(item, utterance_id, turn, delta)
            if node_id is not None:
                local[normalise_label(item.label)] = node_id
        for item in extraction.edges:
            self._add_edge(item, utterance_id, turn, local, delta)
        added = set(delta.added_node_ids)
        delta.mentioned_node_ids = [n for n in dict.fromkeys(delta.mentioned_node_ids) if n not in added]
        return delta

    def _add_node(self, item: ExtractedNode, utterance_id: str, turn: int, delta: GraphDelta) -> str | None:
        if self.methodology.node_type(item.node_type) is None:
            delta.rejected.append({
                "kind": "node", "item": item.model_dump(),
                "reason": f"node type '{item.node_type}' is not in the ontology ({', '.join(self.methodology.node_type_names)})",
            })
            return None
        key = normalise_label(item.label)
        existing = self._by_label.get(key)
        match = None
        if existing is None:
            candidates = [(n, d["label"]) for n, d in self.g.nodes(data=True) if d["node_type"] == item.node_type]
            match = self.matcher.match(item.label, item.node_type, candidates) if candidates else None
            existing = match.node_id if match else None
        if existing is not None:
            self._merge_into(existing, item, utterance_id, turn)
            delta.merged.append({
                "label": item.label, "node_id": existing,
                "similarity": match.similarity if match else 1.0, "method": match.method if match else "exact",
            })
            delta.mentioned_node_ids.append(existing)
            self._by_label.setdefault(key, existing)
            return existing
        node_id = f"n{self._next_node}"
        self._next_node += 1
        self.g.add_node(
            node_id, label=item.label.strip(), node_type=item.node_type, stance=item.stance,
            reaction=item.reaction, element_id=item.element_mapping, utterance_ids=[utterance_id],
            quotes=[item.quote], created_turn=turn, prominence=item.prominence, said_turn=turn,
            reason_given=bool(item.reason_given),
        )
        self._by_label[key] = node_id
        delta.added_node_ids.append(node_id)
        return node_id

    def _merge_into(self, node_id: str, item: ExtractedNode, utterance_id: str, turn: int) -> None:
        d = self.g.nodes[node_id]
        if d.get("said_turn") != turn:
            d["prominence"], d["said_turn"] = item.prominence, turn
        elif _PROMINENCE_RANK.get(item.prominence, 0) > _PROMINENCE_RANK.get(d.get("prominence"), 0):
            d["prominence"] = item.prominence
        d["reason_given"] = bool(d.get("reason_given") or item.reason_given)
        if utterance_id not in d["utterance_ids"]:
            d["utterance_ids"].append(utterance_id)
        if item.quote not in d["quotes"]:
            d["quotes"].append(item.quote)
        # The latest expressed reaction and stance win: respondents change their minds.
        if item.reaction is not None:
            d["reaction"] = item.reaction
        if item.stance != 0:
            d["stance"] = item.stance
        if d["element_id"] is None and item.element_mapping is not None:
            d["element_id"] = item.element_mapping

    def _resolve(self, label: str, local: dict[str, str]) -> str | None:
        key = normalise_label(label)
        return local.get(key) or self._by_label.get(key)

    def _add_edge(self, item: ExtractedEdge, utterance_id: str, turn: int, local: dict[str, str],
                  delta: GraphDelta) -> None:
        def reject(reason: str) -> None:
            delta.rejected.append({"kind": "edge", "item": item.model_dump(), "reason": reason})

        source, target = self._resolve(item.source_label, local), self._resolve(item.target_label, local)
        if source is None or target is None:
            missing = item.source_label if source is None else item.target_label
            return reject(f"unknown node '{missing}'")
        if not any(e.name == item.relation_type for e in self.methodology.ontology.edges):
            return reject(f"relation '{item.relation_type}' is not in the ontology")
        s_type, t_type = self.g.nodes[source]["node_type"], self.g.nodes[target]["node_type"]
        if not self.methodology.is_edge_permitted(item.relation_type, s_type, t_type):
            return reject(f"'{item.relation_type}' from {s_type} to {t_type} is not permitted by the ontology")
        if item.origin in REASON_ORIGINS:
            self.g.nodes[source]["reason_given"] = True
        for key, d in (self.g.get_edge_data(source, target) or {}).items():
            if d["relation_type"] == item.relation_type:
                delta.repeated_edge_ids.append(key)
                delta.mentioned_node_ids.extend((source, target))
                return None
        edge_id = f"e{self._next_edge}"
        self._next_edge += 1
        self.g.add_edge(source, target, key=edge_id, relation_type=item.relation_type,
                        utterance_id=utterance_id, quote=item.quote, created_turn=turn)
        self._ends[edge_id] = (source, target)
        delta.added_edge_ids.append(edge_id)
        delta.mentioned_node_ids.extend((source, target))
        return None

    # -- persistence -----------------------------------------------------------------------------
    def to_dict(self) -> dict:
        """JSON-safe snapshot: nodes, edges and the id counters."""
        return {
            "nodes": [_node_dict(n) for n in self.nodes()],
            "edges": [vars(e) for e in self.edges()],
            "next_node": self._next_node,
            "next_edge": self._next_edge,
        }

    @classmethod
    def from_dict(cls, data: dict, methodology: Methodology, matcher: NodeMatcher | None = None) -> KnowledgeGraph:
        kg = cls(methodology, matcher)
        for n in data["nodes"]:
            extra = n.get("extra") or {}
            attrs = {k: n[k] for k in _NODE_FIELDS} | {k: extra.get(k, default) for k, default in _OPTIONAL_NODE_FIELDS.items()}
            attrs["utterance_ids"], attrs["quotes"] = list(n["utterance_ids"]), list(n["quotes"])
            kg.g.add_node(n["id"], **attrs)
            kg._by_label[normalise_label(n["label"])] = n["id"]
        for e in data["edges"]:
            kg.g.add_edge(e["source"], e["target"], key=e["id"], relation_type=e["relation_type"],
                          utterance_id=e["utterance_id"], quote=e["quote"], created_turn=e.get("created_turn", 0))
            kg._ends[e["id"]] = (e["source"], e["target"])
        kg._next_node, kg._next_edge = data["next_node"], data["next_edge"]
        return kg
