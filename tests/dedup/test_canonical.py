import math

import pytest
from dedup_support import FakeEncoder, unit

from interview_core.config.settings import DedupSettings
from interview_core.dedup.canonical import CanonicalGraph, aggregate_edges, graph_structure, thematic_fixation
from interview_core.dedup.lexicon import load_dedup_config
from interview_core.dedup.matcher import HybridMatcher


def node(id_, label, type_="attribute", utterances=("u1",), turn=1):
    return {"id": id_, "label": label, "node_type": type_, "utterance_ids": list(utterances), "quotes": [],
            "created_turn": turn}


def edge(id_, s, t, rel="leads_to"):
    return {"id": id_, "source": s, "target": t, "relation_type": rel}


@pytest.fixture
def graph():
    enc = FakeEncoder({"gets me going": unit(1, 0), "wakes me up": unit(0.76, 0.65)})  # cosine 0.76
    return CanonicalGraph(HybridMatcher(DedupSettings(), encoder=enc), min_support=2), enc


def test_paraphrases_share_a_slot_and_activate_at_min_support(graph):
    cg, enc = graph
    r1 = cg.update([node("n1", "wakes me up")], [], 1)
    assert r1.new_slot_ids == ["s1"] and cg.slots["s1"].status == "candidate" and cg.turn_new_slot_counts() == [0]
    nodes = [node("n1", "wakes me up"), node("n2", "gets me going", utterances=("u2",), turn=2),
             node("n3", "wakes me up", "functional_consequence", ("u2",), 2)]
    r2 = cg.update(nodes, [], 2)
    # 0.76 is below the surface threshold 0.80 but above the slot threshold 0.75
    assert r2.mapped == {"n2": "s1", "n3": "s2"} and r2.merges[0]["method"] == "embedding"
    assert r2.activated_slot_ids == ["s1"] and cg.slot_support("s1") == 2 and cg.slot_first_turn("s1") == 1
    assert cg.slot_of("n3") == "s2" and cg.slots["s2"].status == "candidate"  # other type: its own slot
    assert cg.turn_new_slot_counts() == [0, 1]
    assert len(enc.calls) == 2  # one embedding batch per update


def test_antonyms_get_their_own_slots(graph):
    cg, _ = graph
    cg.update([node("n1", "cheap"), node("n2", "expensive"), node("n3", "sweet"), node("n4", "not sweet enough")], [], 1)
    assert len(set(cg.mapping.values())) == 4


def test_repeated_mentions_of_one_surface_node_activate_its_slot(graph):
    cg, _ = graph
    cg.update([node("n1", "oat taste", utterances=("u1", "u3"))], [], 3)
    assert cg.slots["s1"].status == "active" and cg.slots["s1"].activated_turn == 3
    assert cg.turn_new_slot_counts() == [0, 0, 1]


def hand_made():
    """Surface: a1 'creamy texture', a2 'creamy textures' (paraphrase), f1 'mixes well', p1 'feel good',
    o1 'price' (orphan, one mention). Edges a1->f1, a2->f1 (aggregate to one), f1->p1, a1->a2 (inside a slot)."""
    nodes = [node("a1", "creamy texture", utterances=("u1",)), node("a2", "creamy textures", utterances=("u2",)),
             node("f1", "mixes well with coffee", "functional_consequence", ("u1", "u2")),
             node("p1", "feel relaxed", "psychosocial_consequence", ("u2", "u3")),
             node("o1", "price", utterances=("u3",))]
    edges = [edge("e1", "a1", "f1"), edge("e2", "a2", "f1"), edge("e3", "f1", "p1"), edge("e4", "a1", "a2")]
    return nodes, edges


def test_canonical_metrics_on_a_hand_made_graph():
    cg = CanonicalGraph(HybridMatcher(DedupSettings(embeddings_enabled=False), use_calibration=False), min_support=2)
    nodes, edges = hand_made()
    cg.update(nodes, edges, 1)
    texture = cg.slot_of("a1")
    assert cg.slot_of("a2") == texture and cg.slot_support(texture) == 2
    assert [(e.source, e.target, e.support) for e in cg.edges] == [(texture, cg.slot_of("f1"), 2), (cg.slot_of("f1"), cg.slot_of("p1"), 1)]
    # active: texture (2), mixes (2), relaxed (2); candidate: price (1)
    assert cg.metrics() == {"concept_count": 3, "edge_count": 2, "orphan_count": 0, "max_depth": 3,
                            "avg_support": 2.0, "slot_count": 4, "candidate_count": 1, "total_edge_count": 2}
    surface = {"node_count": 5, "edge_count": 4, "orphan_count": 1}
    cmp = cg.comparison(surface)
    assert cmp["node_reduction_pct"] == pytest.approx(20.0)  # 5 nodes -> 4 slots
    assert cmp["edge_aggregation_ratio"] == pytest.approx(0.5)  # 4 surface edges -> 2 canonical
    assert cmp["orphan_improvement_pct"] == 0.0  # price is still an orphan
    assert cg.comparison({"node_count": 0, "edge_count": 0, "orphan_count": 0}) == {
        "node_reduction_pct": 0.0, "edge_aggregation_ratio": 0.0, "orphan_improvement_pct": 0.0}


def test_empty_canonical_graph_metrics():
    cg = CanonicalGraph(HybridMatcher(DedupSettings(embeddings_enabled=False), use_calibration=False))
    assert cg.metrics()["concept_count"] == 0 and cg.metrics()["max_depth"] == 0 and cg.metrics()["avg_support"] == 0.0
    assert cg.turn_new_slot_counts() == []


def test_graph_structure_collapses_cycles():
    assert graph_structure({"a", "b", "c"}, [("a", "b"), ("b", "a"), ("b", "c")]) == {
        "edge_count": 3, "orphan_count": 0, "max_depth": 2}
    assert graph_structure({"a"}, [("a", "z")]) == {"edge_count": 0, "orphan_count": 1, "max_depth": 1}


def test_aggregate_edges_skips_unmapped_and_inside_slot_edges():
    got = aggregate_edges([edge("e1", "x", "y"), edge("e2", "x", "x2"), edge("e3", "x", "q")], {"x": "s1", "x2": "s1", "y": "s2"})
    assert [(e.id, e.support, e.surface_edge_ids) for e in got] == [("s1:leads_to:s2", 1, ["e1"])]


def test_round_trip_keeps_slots_mapping_edges_and_turn_history():
    cg = CanonicalGraph(HybridMatcher(DedupSettings(embeddings_enabled=False), use_calibration=False), min_support=2)
    nodes, edges = hand_made()
    cg.update(nodes, edges, 2)
    data = cg.to_dict()
    assert set(data) == {"slots", "edges", "mapping"} and all("id" in s for s in data["slots"])
    back = CanonicalGraph.from_dict(data, HybridMatcher(DedupSettings(embeddings_enabled=False), use_calibration=False), 2, last_turn=4)
    assert back.to_dict() == data and back.metrics() == cg.metrics()
    assert back.turn_new_slot_counts() == [0, 3, 0, 0]
    r = back.update(nodes + [node("n9", "the texture is creamy", utterances=("u9",), turn=5)], edges, 5)
    assert r.mapped == {"n9": cg.slot_of("a1")} and r.new_slot_ids == []
    assert back.update(nodes + [node("n9", "creamy mouthfeel", utterances=("u9",), turn=5)], edges, 5).mapped == {}


def test_slot_thresholds_come_from_the_config():
    cfg = load_dedup_config().model_copy(update={"slot_embedding_threshold": 0.99})
    enc = FakeEncoder({"gets me going": unit(1, 0), "wakes me up": unit(0.76, 0.65)})
    cg = CanonicalGraph(HybridMatcher(DedupSettings(), encoder=enc), config=cfg)
    cg.update([node("n1", "wakes me up"), node("n2", "gets me going")], [], 1)
    assert cg.slot_of("n1") != cg.slot_of("n2")


def test_thematic_fixation_hand_cases():
    assert thematic_fixation([]) == 0.0 and thematic_fixation([[1, 0]]) == 0.0
    assert thematic_fixation([[1, 0], [2, 0], [3, 0]]) == pytest.approx(1.0)
    assert thematic_fixation([[1, 0], [0, 1]]) == pytest.approx(0.0)
    assert thematic_fixation([[1, 0], [-1, 0]]) == 0.0  # clipped
    c = math.cos(math.radians(60))
    assert thematic_fixation([[1, 0], [c, math.sin(math.radians(60))]]) == pytest.approx(0.5)
    # three vectors: cosines 1, 0, 0 -> mean 1/3
    assert thematic_fixation([[1, 0], [1, 0], [0, 1]]) == pytest.approx(1 / 3)
    assert thematic_fixation([[0, 0], [1, 0]]) == 0.0  # zero vectors are ignored
