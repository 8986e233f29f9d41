"""Thematic clusters (ADR-006): Louvain communities of the surface graph and per-cluster statistics.

Communities come from ``nx.community.louvain_communities`` on the undirected, simple version of the
graph (self-loops and parallel links collapsed; orphans are singleton clusters), with a fixed seed so
the same graph always gives the same clusters.

Caching (ADR-006 "cached per turn"): a :class:`ClusterCache` returns the same partition for the same
turn and graph size. Between full Louvain runs it updates the partition incrementally: a node added
since the last run joins the cluster holding most of its neighbours (or becomes a singleton). A full
run happens when the nodes and edges added since the last run exceed ``refresh_fraction`` of the graph
(default 10%), so the partition never drifts far from Louvain's while a turn, which adds a handful of
nodes to a large graph, costs a dictionary update instead of a full Louvain pass.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

import networkx as nx


def undirected_adjacency(g: nx.MultiDiGraph) -> dict[str, set[str]]:
    """``{node: set of other nodes linked to it in either direction}`` (self-loops dropped)."""
    adj: dict[str, set[str]] = {n: set() for n in g}
    for s, t in g.edges():
        if s != t:
            adj[s].add(t)
            adj[t].add(s)
    return adj


@dataclass(frozen=True)
class ClusterStats:
    """Statistics of one cluster: undirected density in [0, 1] (0 for a singleton), median degree
    inside the cluster, and saturation = min(1, density x median degree / 3) (ADR-006)."""

    density: float
    median_degree: float
    saturation: float


def cluster_stats(members: set[str], adj: dict[str, set[str]]) -> ClusterStats:
    n = len(members)
    if n < 2:
        return ClusterStats(0.0, 0.0, 0.0)
    degrees = [len(adj[v] & members) for v in members]
    density = sum(degrees) / (n * (n - 1))  # sum of degrees = 2m; density = 2m / (n(n-1))
    median = float(statistics.median(degrees))
    return ClusterStats(density, median, min(1.0, density * median / 3.0))


def louvain_partition(adj: dict[str, set[str]], seed: int = 0) -> dict[str, int]:
    """``{node: cluster index}`` from Louvain; indices are ordered by each cluster's smallest node id."""
    ug = nx.Graph()
    ug.add_nodes_from(adj)
    ug.add_edges_from((s, t) for s, ts in adj.items() for t in sorted(ts) if s < t)  # sorted: not in hash order
    linked = ug.subgraph([n for n in ug if adj[n]])
    communities = nx.community.louvain_communities(linked, seed=seed) if linked.number_of_nodes() else []
    communities += [{n} for n in ug if not adj[n]]
    communities.sort(key=min)
    return {n: i for i, c in enumerate(communities) for n in c}


class ClusterCache:
    """Per-turn cache of the Louvain partition with incremental updates between full runs."""

    def __init__(self, refresh_fraction: float = 0.1, seed: int = 0):
        self.refresh_fraction = refresh_fraction
        self.seed = seed
        self._key: tuple | None = None
        self._partition: dict[str, int] = {}
        self._size_at_full_run = 0
        self.full_runs = 0

    def partition(self, g: nx.MultiDiGraph, turn: int, adj: dict[str, set[str]] | None = None) -> dict[str, int]:
        """``{node: cluster index}`` for ``g`` at ``turn`` (recomputed at most once per turn and size;
        size = nodes + distinct undirected links)."""
        adj = adj if adj is not None else undirected_adjacency(g)
        links = sum(len(v) for v in adj.values()) // 2
        key = (turn, len(adj), links)
        if key == self._key:
            return self._partition
        size = len(adj) + links
        stale = [n for n in adj if n not in self._partition]
        drift = size - self._size_at_full_run
        if not self._partition or drift > self.refresh_fraction * max(self._size_at_full_run, 1) or len(self._partition) > len(adj):
            self._partition = louvain_partition(adj, self.seed)
            self._size_at_full_run = size
            self.full_runs += 1
        else:
            self._partition = dict(self._partition)
            next_index = max(self._partition.values(), default=-1) + 1
            for n in stale:
                votes: dict[int, int] = {}
                for m in adj[n]:
                    if m in self._partition:
                        votes[self._partition[m]] = votes.get(self._partition[m], 0) + 1
                if votes:
                    self._partition[n] = min(votes, key=lambda c: (-votes[c], c))
                else:
                    self._partition[n] = next_index
                    next_index += 1
        self._key = key
        return self._partition

    def to_dict(self) -> dict:
        return {"partition": self._partition, "size_at_full_run": self._size_at_full_run,
                "key": list(self._key) if self._key else None}

    @classmethod
    def from_dict(cls, data: dict) -> ClusterCache:
        cache = cls()
        cache._partition = dict(data.get("partition", {}))
        cache._size_at_full_run = data.get("size_at_full_run", 0)
        cache._key = tuple(data["key"]) if data.get("key") else None
        return cache


def clusters_of(partition: dict[str, int]) -> dict[int, set[str]]:
    out: dict[int, set[str]] = {}
    for n, c in partition.items():
        out.setdefault(c, set()).add(n)
    return out


def peripheral_count(members: set[str], adj: dict[str, set[str]], focused: set[str], hops: int = 2) -> int:
    """Nodes outside ``members`` within ``hops`` links of the cluster that were never focused."""
    seen = set(members)
    frontier = set(members)
    for _ in range(hops):
        frontier = {m for v in frontier for m in adj[v]} - seen
        seen |= frontier
    return sum(1 for v in seen - members if v not in focused)
