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


def chain_steps(g: nx.MultiDiGraph, methodology: Methodology) -> dict[str, set[str]]:
    """``{node: nodes one chain step above it}``: ascending (or level-less) links, self-loops dropped."""
    level = {n.name: n.level for n in methodology.ontology.nodes}
    lv = {n: level.get(t) for n, t in g.nodes(data="node_type")}
    steps: dict[str, set[str]] = {n: set() for n in g}
    for s, nbrs in g.succ.items():
        ls = lv[s]
        for t in nbrs:
            if t != s and (ls is None or lv[t] is None or lv[t] > ls):
                steps[s].add(t)
    return steps


def _groups(g: nx.MultiDiGraph, methodology: Methodology, steps: dict[str, set[str]]):
    """(groups as (key, members, successor keys) with every group after the groups it steps to,
    ``{node: its group key}``). A group is a strongly connected component of the steps. When every
    node has a level, steps strictly climb, there is no cycle, and each node is its own group, sorted
    by descending level (no condensation needed)."""
    level = {n.name: n.level for n in methodology.ontology.nodes}
    lv = {n: level.get(t) for n, t in g.nodes(data="node_type")}
    if all(v is not None for v in lv.values()):
        return [(n, (n,), steps[n]) for n in sorted(g, key=lv.__getitem__, reverse=True)], {n: n for n in g}
    dag = nx.DiGraph()
    dag.add_nodes_from(steps)
    dag.add_edges_from((s, t) for s, ts in steps.items() for t in ts)
    cond = nx.condensation(dag)
    groups = [(c, tuple(cond.nodes[c]["members"]), set(cond.successors(c)))
              for c in reversed(list(nx.topological_sort(cond)))]
    return groups, cond.graph["mapping"]


def _analyse(g: nx.MultiDiGraph, methodology: Methodology, steps: dict[str, set[str]] | None = None):
    """(longest chain depth from each node, whether each node reaches a terminal-type node)."""
    steps = steps if steps is not None else chain_steps(g, methodology)
    groups, group_of = _groups(g, methodology, steps)
    terminal = methodology.terminal_types
    types = dict(g.nodes(data="node_type"))
    depth: dict = {}
    reach: dict = {}
    for key, members, succ in groups:
        depth[key] = 1 + max((depth[t] for t in succ), default=0)
        reach[key] = any(types[m] in terminal for m in members) or any(reach[t] for t in succ)
    return {n: depth[group_of[n]] for n in g}, {n: reach[group_of[n]] for n in g}


def chain_depths(g: nx.MultiDiGraph, methodology: Methodology) -> dict[str, int]:
    """``{node: depth of the longest chain starting at node}`` (1 for a node with no step out)."""
    return _analyse(g, methodology)[0]


def _completion(g: nx.MultiDiGraph, methodology: Methodology, reach: dict[str, bool]) -> tuple[bool, float]:
    levels = [n.level for n in methodology.ontology.nodes if n.level is not None]
    if not levels or not methodology.terminal_types:
        return False, 0.0
    first = {n.name for n in methodology.ontology.nodes if n.level == min(levels)}
    starts = [n for n, t in g.nodes(data="node_type") if t in first]
    if not starts:
        return False, 0.0
    complete = sum(1 for n in starts if reach[n])
    return complete > 0, complete / len(starts)


def chain_completion(g: nx.MultiDiGraph, methodology: Methodology) -> tuple[bool, float]:
    """(any first-level node reaches a terminal-type node, share of first-level nodes that do).

    First level = the lowest ``level`` in the ontology. Reachability follows chain steps. (False, 0.0)
    when the ontology has no levels or no terminal type, or the graph has no first-level node.
    """
    return _completion(g, methodology, _analyse(g, methodology)[1])


def edge_total(g: nx.MultiDiGraph) -> int:
    """Number of edges of a multigraph (faster than ``number_of_edges`` on large graphs)."""
    return sum(len(keys) for nbrs in g.succ.values() for keys in nbrs.values())


def orphan_ids(g: nx.MultiDiGraph) -> list[str]:
    """Nodes linked to no *other* node (a self-loop alone still leaves a node orphaned)."""
    return [n for n in g if not any(m != n for m in g.succ[n]) and not any(m != n for m in g.pred[n])]


def graph_metrics(g: nx.MultiDiGraph, methodology: Methodology) -> dict:
    """All global graph metrics as a JSON-safe dict.

    Keys: ``node_count``, ``edge_count``, ``max_depth`` (longest chain, in nodes), ``avg_depth`` (mean
    longest-chain depth over chain starts: nodes no step leads into, orphans included, so a graph of
    orphans has avg 1.0), ``orphan_count``, ``edge_density`` (edges per node, 0.0 when empty),
    ``chain_complete`` and ``chain_completion_ratio``. Every value is 0 for the empty graph.
    """
    n, m = g.number_of_nodes(), edge_total(g)
    if n == 0:
        return {"node_count": 0, "edge_count": 0, "max_depth": 0, "avg_depth": 0.0, "orphan_count": 0,
                "edge_density": 0.0, "chain_complete": False, "chain_completion_ratio": 0.0}
    steps = chain_steps(g, methodology)
    depths, reach = _analyse(g, methodology, steps)
    entered = {t for ts in steps.values() for t in ts}
    starts = [v for v in g if v not in entered] or list(g)  # all-cycle graph: every node starts
    complete, ratio = _completion(g, methodology, reach)
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
