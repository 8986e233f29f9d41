"""Structural metrics of the surface graph, each a pure function of (graph, methodology).

Chains follow the ontology's levels: an edge is a chain step when it climbs to a strictly higher level
(attribute -> consequence); when either end's type has no level (ontologies without a ladder) every
edge except a self-loop is a step. Cycles among steps are collapsed into one step (strongly connected
components), so every depth is finite and computed in O(V + E). Depth counts *nodes* on the chain:
a lone concept has depth 1, attribute -> consequence -> value has depth 3.
"""

from __future__ import annotations

import networkx as nx

from ..config.methodology import Methodology


def chain_dag(g: nx.MultiDiGraph, methodology: Methodology) -> nx.DiGraph:
    """The chain-step graph: same nodes as ``g``, one edge per ascending (or level-less) link."""
    level = {n.name: n.level for n in methodology.ontology.nodes}
    types = nx.get_node_attributes(g, "node_type")
    steps = nx.DiGraph()
    steps.add_nodes_from(g.nodes)
    for s, t in g.edges():
        if s == t:
            continue
        ls, lt = level.get(types[s]), level.get(types[t])
        if ls is None or lt is None or lt > ls:
            steps.add_edge(s, t)
    return steps


def _condensed(steps: nx.DiGraph):
    cond = nx.condensation(steps)
    return cond, cond.graph["mapping"], list(reversed(list(nx.topological_sort(cond))))


def chain_depths(g: nx.MultiDiGraph, methodology: Methodology, steps: nx.DiGraph | None = None) -> dict[str, int]:
    """``{node: depth of the longest chain starting at node}`` (1 for a node with no step out)."""
    steps = steps if steps is not None else chain_dag(g, methodology)
    cond, members, order = _condensed(steps)
    longest: dict[int, int] = {}
    for c in order:
        longest[c] = 1 + max((longest[d] for d in cond.successors(c)), default=0)
    return {n: longest[members[n]] for n in steps}


def chain_completion(g: nx.MultiDiGraph, methodology: Methodology, steps: nx.DiGraph | None = None) -> tuple[bool, float]:
    """(any first-level node reaches a terminal-type node, share of first-level nodes that do).

    First level = the lowest ``level`` in the ontology. Reachability follows chain steps. (False, 0.0)
    when the ontology has no levels or no terminal type, or the graph has no first-level node.
    """
    levels = [n.level for n in methodology.ontology.nodes if n.level is not None]
    terminal = methodology.terminal_types
    if not levels or not terminal:
        return False, 0.0
    first = {n.name for n in methodology.ontology.nodes if n.level == min(levels)}
    starts = [n for n, t in g.nodes(data="node_type") if t in first]
    if not starts:
        return False, 0.0
    steps = steps if steps is not None else chain_dag(g, methodology)
    cond, members, order = _condensed(steps)
    reaches: dict[int, bool] = {}
    for c in order:
        reaches[c] = any(g.nodes[n]["node_type"] in terminal for n in cond.nodes[c]["members"]) or any(
            reaches[d] for d in cond.successors(c))
    complete = sum(1 for n in starts if reaches[members[n]])
    return complete > 0, complete / len(starts)


def orphan_ids(g: nx.MultiDiGraph) -> list[str]:
    """Nodes linked to no *other* node (a self-loop alone still leaves a node orphaned)."""
    return [n for n in g.nodes if not any(m != n for m in g.successors(n)) and not any(m != n for m in g.predecessors(n))]


def graph_metrics(g: nx.MultiDiGraph, methodology: Methodology) -> dict:
    """All global graph metrics as a JSON-safe dict.

    Keys: ``node_count``, ``edge_count``, ``max_depth`` (longest chain, in nodes), ``avg_depth`` (mean
    longest-chain depth over chain starts: nodes no step leads into, orphans included, so a graph of
    orphans has avg 1.0), ``orphan_count``, ``edge_density`` (edges per node, 0.0 when empty),
    ``chain_complete`` and ``chain_completion_ratio``. Every value is 0 for the empty graph.
    """
    n, m = g.number_of_nodes(), g.number_of_edges()
    if n == 0:
        return {"node_count": 0, "edge_count": 0, "max_depth": 0, "avg_depth": 0.0, "orphan_count": 0,
                "edge_density": 0.0, "chain_complete": False, "chain_completion_ratio": 0.0}
    steps = chain_dag(g, methodology)
    depths = chain_depths(g, methodology, steps)
    starts = [v for v in steps if steps.in_degree(v) == 0] or list(steps)  # all-cycle graph: every node starts
    complete, ratio = chain_completion(g, methodology, steps)
    return {
        "node_count": n,
        "edge_count": m,
        "max_depth": max(depths.values()),
        "avg_depth": sum(depths[v] for v in starts) / len(starts),
        "orphan_count": len(orphan_ids(g)),
        "edge_density": m / n,
        "chain_complete": complete,
        "chain_completion_ratio": ratio,
    }
