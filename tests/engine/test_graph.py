import networkx as nx
import pytest
from engine_support import edge, ladder, node, result

from interview_core.graph import ExactMatcher, KnowledgeGraph, Match
from interview_core.graph.clusters import ClusterCache, cluster_stats, peripheral_count, undirected_adjacency
from interview_core.graph.metrics import graph_metrics


def build(m, *answers):
    kg = KnowledgeGraph(m)
    deltas = [kg.apply(r, f"u{i}", i) for i, r in enumerate(answers, 1)]
    return kg, deltas


def test_duplicate_labels_merge_case_insensitively_and_keep_every_quote(mec):
    kg, (d1, d2) = build(mec, result([node("Creamy texture", quote="so creamy")]),
                         result([node("  creamy   TEXTURE ", quote="creamy again", reaction="positive")]))
    assert d1.added_node_ids == ["n1"] and d2.added_node_ids == []
    assert d2.merged == [{"label": "  creamy   TEXTURE ", "node_id": "n1", "similarity": 1.0, "method": "exact"}]
    n = kg.node("n1")
    assert n.quotes == ["so creamy", "creamy again"] and n.utterance_ids == ["u1", "u2"] and n.reaction == "positive"
    assert len(kg) == 1


def test_schema_rejections_are_reported_not_dropped(mec):
    kg, (d,) = build(mec, result(
        [node("price", "attribute"), node("health", "value"), node("mood", "feeling")],
        [edge("price", "health"), edge("price", "nowhere"), edge("price", "health", "causes")],
    ))
    reasons = [(r["kind"], r["reason"]) for r in d.rejected]
    assert ("node", "node type 'feeling' is not in the ontology (attribute, consequence, value)") in reasons
    assert ("edge", "'leads_to' from attribute to value is not permitted by the ontology") in reasons
    assert ("edge", "unknown node 'nowhere'") in reasons
    assert ("edge", "relation 'causes' is not in the ontology") in reasons
    assert d.added_edge_ids == []


def test_wildcard_relation_allows_cycles_and_self_loops(mec):
    kg, (d,) = build(mec, result([node("a"), node("b", "consequence")],
                                 [edge("a", "b"), edge("b", "a", "revises"), edge("a", "a", "revises")]))
    assert d.rejected == [] and len(d.added_edge_ids) == 3
    m = graph_metrics(kg.g, mec)
    # a -> b climbs; b -> a descends and the self-loop is no step: the chain is a, b.
    assert m["max_depth"] == 2 and m["orphan_count"] == 0 and m["edge_density"] == 1.5


def test_repeated_edge_is_recorded_once(mec):
    kg, (_, d2) = build(mec, result([node("a"), node("b", "consequence")], [edge("a", "b")]),
                        result([], [edge("A", "b")]))
    assert d2.added_edge_ids == [] and d2.repeated_edge_ids == ["e1"] and set(d2.mentioned_node_ids) == {"n1", "n2"}


def test_metrics_on_a_named_ladder(mec):
    # a1 -> c1 -> v1 (complete chain), a2 -> c1, a3 orphan, a1 -> a4 (same level: not a chain step)
    kg, _ = build(mec, result(
        [node("a1"), node("a2"), node("a3"), node("a4"), node("c1", "consequence"), node("v1", "value")],
        [edge("a1", "c1"), edge("c1", "v1"), edge("a2", "c1"), edge("a1", "a4")],
    ))
    m = graph_metrics(kg.g, mec)
    assert m["node_count"] == 6 and m["edge_count"] == 4
    assert m["max_depth"] == 3
    # chain starts (nothing steps into them): a1 (3), a2 (3), a3 (1), a4 (1) -> 8 / 4
    assert m["avg_depth"] == 2.0
    assert m["orphan_count"] == 1
    assert m["chain_complete"] is True
    assert m["chain_completion_ratio"] == 0.5  # a1, a2 reach v1; a3, a4 do not
    assert m["edge_density"] == pytest.approx(4 / 6)


def test_metrics_without_levels_are_cycle_safe():
    m = ladder(ontology={"nodes": [{"name": "thing"}], "edges": [{"name": "rel"}]})
    kg, _ = build(m, result([node("x", "thing"), node("y", "thing"), node("z", "thing")],
                            [edge("x", "y", "rel"), edge("y", "x", "rel"), edge("y", "z", "rel")]))
    metrics = graph_metrics(kg.g, m)
    assert metrics["max_depth"] == 2  # the x-y cycle counts as one step, then z
    assert metrics["chain_complete"] is False


def test_empty_graph_metrics(mec):
    assert graph_metrics(KnowledgeGraph(mec).g, mec)["max_depth"] == 0


def test_pluggable_matcher_is_asked_with_same_type_candidates(mec):
    calls = []

    class Always:
        def match(self, label, node_type, candidates):
            calls.append((label, node_type, candidates))
            return Match(candidates[0][0], 0.9, "embedding")

    kg = KnowledgeGraph(mec, Always())
    kg.apply(result([node("oat taste"), node("feel good", "consequence")]), "u1", 1)
    d = kg.apply(result([node("taste of oats")]), "u2", 2)
    assert calls[-1] == ("taste of oats", "attribute", [("n1", "oat taste")])
    assert d.merged == [{"label": "taste of oats", "node_id": "n1", "similarity": 0.9, "method": "embedding"}]
    assert ExactMatcher().match("X  y", "t", [("n9", "x Y")]) == Match("n9", 1.0, "exact")


def test_graph_round_trip(mec):
    kg, _ = build(mec, result([node("a"), node("b", "consequence")], [edge("a", "b")]))
    back = KnowledgeGraph.from_dict(kg.to_dict(), mec)
    assert back.to_dict() == kg.to_dict()
    assert back.apply(result([node("A")]), "u9", 9).added_node_ids == []


def test_cluster_statistics_on_two_triangles():
    g = nx.MultiDiGraph()
    g.add_edges_from([("a", "b"), ("b", "c"), ("c", "a"), ("d", "e"), ("e", "f"), ("f", "d"), ("c", "d")])
    adj = undirected_adjacency(g)
    part = ClusterCache().partition(g, 1, adj)
    assert part["a"] == part["b"] == part["c"] != part["d"] == part["e"] == part["f"]
    s = cluster_stats({"a", "b", "c"}, adj)
    assert (s.density, s.median_degree, s.saturation) == (1.0, 2.0, pytest.approx(2 / 3))
    # d is 1 hop from {a, b, c}, e and f are 2 hops; d was focused -> e, f are candidates
    assert peripheral_count({"a", "b", "c"}, adj, focused={"d"}) == 2
    assert peripheral_count({"a", "b", "c"}, adj, focused={"d"}, hops=1) == 0


def test_cluster_cache_updates_incrementally_between_full_runs():
    g = nx.MultiDiGraph()
    g.add_edges_from([(f"a{i}", f"a{j}") for i in range(5) for j in range(i + 1, 5)])
    cache = ClusterCache(refresh_fraction=0.5)
    cache.partition(g, 1)
    g.add_edge("new", "a0")
    part = cache.partition(g, 2)
    assert cache.full_runs == 1 and part["new"] == part["a0"]
