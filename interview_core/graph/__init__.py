"""The surface knowledge graph: schema-checked nodes and edges on networkx, metrics and clusters."""

from .knowledge_graph import GraphDelta, KnowledgeGraph
from .matching import ExactMatcher, Match, NodeMatcher, normalise_label

__all__ = ["GraphDelta", "KnowledgeGraph", "ExactMatcher", "Match", "NodeMatcher", "normalise_label"]
