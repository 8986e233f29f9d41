"""Coverage of the concept's reference elements (seed 003 ``CoverageState``).

An element is *mentioned* once a node maps to it, *reacted to* once a reaction was recorded for it,
*comprehended* once the respondent said something substantial about it (an answer mentioning it was
moderate or deep, or one of its nodes is linked to another concept), and *connected* once every
element in its ``connects_to`` list is linked to it by an edge between their nodes (either direction).
Its gap is the first missing step, in that order; ``none`` when nothing is missing.

Element exhaustion counts *total* focuses (threshold 3 by default). Seed 003 hotspot 7 reset the
other elements' counts whenever the focus moved, so a respondent who switched topics could be asked
about the same element six times; here counts never reset.
"""

from __future__ import annotations

import networkx as nx

from ..config.concept import Concept

GAP_KINDS = ("unmentioned", "no_reaction", "no_comprehension", "unconnected", "none")
COMPREHENDING_DEPTHS = ("moderate", "deep")


class CoverageState:
    def __init__(self, concept: Concept, exhaustion_threshold: int = 3):
        self.concept = concept
        self.exhaustion_threshold = exhaustion_threshold
        self.element_node_mappings: dict[str, list[str]] = {e.id: [] for e in concept.elements}
        self.element_reactions: dict[str, str] = {}
        self.comprehended: set[str] = set()
        self.element_focus_counts: dict[str, int] = {e.id: 0 for e in concept.elements}

    def map_node(self, element_id: str, node_id: str) -> bool:
        """Map a node to an element; False (and nothing recorded) for an unknown element id."""
        nodes = self.element_node_mappings.get(element_id)
        if nodes is None:
            return False
        if node_id not in nodes:
            nodes.append(node_id)
        return True

    def record_reaction(self, element_id: str, reaction: str) -> None:
        if element_id in self.element_node_mappings:
            self.element_reactions[element_id] = reaction

    def record_depth(self, element_id: str, response_depth: str) -> None:
        if element_id in self.element_node_mappings and response_depth in COMPREHENDING_DEPTHS:
            self.comprehended.add(element_id)

    def record_element_focus(self, element_id: str) -> None:
        """Count one more focus on ``element_id``; other elements keep their counts."""
        if element_id in self.element_focus_counts:
            self.element_focus_counts[element_id] += 1

    def is_exhausted(self, element_id: str) -> bool:
        return self.element_focus_counts.get(element_id, 0) >= self.exhaustion_threshold

    def gaps(self, g: nx.MultiDiGraph) -> dict[str, str]:
        """``{element_id: first open gap kind}``; mappings to nodes no longer in ``g`` are ignored."""
        live = {e: [n for n in ns if n in g] for e, ns in self.element_node_mappings.items()}
        out: dict[str, str] = {}
        for element in self.concept.elements:
            nodes = live[element.id]
            if not nodes:
                out[element.id] = "unmentioned"
            elif element.id not in self.element_reactions:
                out[element.id] = "no_reaction"
            elif element.id not in self.comprehended and not any(g.degree(n) > 0 for n in nodes):
                out[element.id] = "no_comprehension"
            elif not all(_linked(g, nodes, live.get(t, [])) for t in element.connects_to):
                out[element.id] = "unconnected"
            else:
                out[element.id] = "none"
        return out

    def summary(self, g: nx.MultiDiGraph) -> dict:
        """JSON-safe coverage: ratio (mentioned share), complete_ratio, uncovered_count, has_gaps, gaps,
        focus_counts, exhausted. Ratios are 1.0 for a concept with no elements."""
        gaps = self.gaps(g)
        total = len(gaps)
        mentioned = sum(1 for k in gaps.values() if k != "unmentioned")
        complete = sum(1 for k in gaps.values() if k == "none")
        return {
            "ratio": mentioned / total if total else 1.0,
            "complete_ratio": complete / total if total else 1.0,
            "uncovered_count": total - mentioned,
            "has_gaps": complete < total,
            "gaps": gaps,
            "focus_counts": dict(self.element_focus_counts),
            "exhausted": [e for e in self.element_focus_counts if self.is_exhausted(e)],
        }

    def to_dict(self) -> dict:
        return {
            "element_node_mappings": self.element_node_mappings,
            "element_reactions": self.element_reactions,
            "comprehended": sorted(self.comprehended),
            "element_focus_counts": self.element_focus_counts,
            "exhaustion_threshold": self.exhaustion_threshold,
        }

    @classmethod
    def from_dict(cls, data: dict, concept: Concept) -> CoverageState:
        state = cls(concept, data.get("exhaustion_threshold", 3))
        state.element_node_mappings.update({k: list(v) for k, v in data["element_node_mappings"].items()})
        state.element_reactions.update(data["element_reactions"])
        state.comprehended = set(data["comprehended"])
        state.element_focus_counts.update(data["element_focus_counts"])
        return state


def _linked(g: nx.MultiDiGraph, a: list[str], b: list[str]) -> bool:
    """Whether any node of ``a`` and any node of ``b`` share an edge, in either direction."""
    targets = set(b)
    return any(t in targets for n in a for t in (*g.successors(n), *g.predecessors(n)))
