"""Node matching: decides whether a newly extracted label is an existing node.

The graph asks a :class:`NodeMatcher` before adding a node; the default :class:`ExactMatcher` merges
labels that are equal once case and whitespace are normalised. The semantic de-duplication work plugs an
embedding matcher in through the same protocol.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class Match:
    """An existing node a label matched: its id, similarity in [0, 1] and how it was found."""

    node_id: str
    similarity: float
    method: str  # "exact" | "jaccard" | "contained" | "embedding"


class NodeMatcher(Protocol):
    def match(self, label: str, node_type: str, candidates: list[tuple[str, str]]) -> Match | None:
        """Return the candidate (node_id, label) of the same node type that ``label`` denotes, or None."""
        ...


def normalise_label(label: str) -> str:
    """Lower-case and collapse whitespace: ``'  Creamy   Texture'`` -> ``'creamy texture'``."""
    return " ".join(label.lower().split())


class ExactMatcher:
    """Case-insensitive, whitespace-normalised equality (similarity 1.0, method ``exact``)."""

    def match(self, label: str, node_type: str, candidates: list[tuple[str, str]]) -> Match | None:
        key = normalise_label(label)
        for node_id, other in candidates:
            if normalise_label(other) == key:
                return Match(node_id, 1.0, "exact")
        return None
