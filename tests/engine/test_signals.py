import pytest
from engine_support import concept, edge, ladder, node, result

from interview_core.config.concept import Element
from interview_core.engine import Engine
from interview_core.vocabulary import catalogue
from interview_core.signals.detection import DETECTORS, detect_signals
from interview_core.signals.llm_signals import response_trend
from interview_core.signals.node_signals import count_level, streak_level
from interview_core.signals.registry import Detector
from interview_core.signals.technique_signals import repetition_level
from interview_core.signals.temporal_signals import run_length


def test_every_catalogued_signal_has_exactly_one_detector():
    assert set(DETECTORS) == set(catalogue.CATALOGUE)


@pytest.mark.parametrize("fn, cases", [
    (streak_level, {0: "none", 1: "low", 2: "medium", 3: "medium", 4: "high"}),
    (count_level, {0: "none", 2: "low", 3: "medium", 4: "medium", 5: "high"}),
    (repetition_level, {0: "none", 1: "low", 2: "medium", 3: "high", 7: "high"}),
])
def test_categorical_levels(fn, cases):
    assert {n: fn(n) for n in cases} == cases


def test_response_trend_levels():
    assert response_trend(["deep"]) == "stable"
    assert response_trend(["shallow", "surface", "shallow"]) == "fatigued"
    assert response_trend(["surface", "surface", "moderate", "deep", "deep", "moderate"]) == "deepening"
    assert response_trend(["deep", "deep", "deep", "moderate", "shallow", "moderate"]) == "shallowing"
    assert run_length(["a", "b", "b"]) == 2 and run_length([]) == 0


def engine_with_answers():
    m = ladder()
    e = Engine(m, concept(Element(id="taste", label="Taste"), Element(id="price", label="Price")))
    e.apply_extraction(result([node("creamy foam", stance=1, element_mapping="taste", reaction="positive"),
                               node("creamy texture"), node("feel calm", "consequence")],
                              [edge("creamy foam", "feel calm")], depth="deep", engagement=0.9), "u1", 1)
    e.compute_state(result(depth="deep", engagement=0.9).assessment, 1)
    e.apply_extraction(result([node("creamy milk", stance=-1)], depth="shallow"), "u2", 2)
    e.compute_state(result(depth="shallow", engagement=0.2, knowledge_ceiling="exploratory").assessment, 2)
    return e


def test_signal_values_on_a_small_interview():
    e = engine_with_answers()
    s = detect_signals(e.signal_context(turn=3))
    assert s.errors == []
    g = s.global_
    assert (g["graph.node_count"], g["graph.edge_count"], g["graph.max_depth"], g["graph.orphan_count"]) == (4, 1, 2, 2)
    assert g["llm.response_depth"] == "shallow" and g["llm.knowledge_ceiling"] == "exploratory"
    assert g["llm.uncertainty"] == 0.5 and g["llm.sentiment"] == "neutral"
    # labels of the last 3 turns: creamy foam, creamy texture, feel calm, creamy milk; overlap coefficient of
    # content stems: three "creamy" pairs at 0.5, three pairs with "feel calm" at 0 -> 1.5 / 6
    assert g["graph.thematic_fixation"] == pytest.approx(0.25)
    assert g["coverage.ratio"] == 0.5 and g["coverage.uncovered_count"] == 1 and g["coverage.has_gaps"] is True
    # yields per answer: 3 nodes + 1 edge, then 1 node -> mean 2.5 over norm 4
    assert g["meta.conversation.saturation"] == pytest.approx(1 - 2.5 / 4)
    assert g["meta.interview.phase"] == "early" and g["meta.interview_progress"] == pytest.approx(3 / 20)
    n = s.node
    assert n["n1"]["graph.node.opposite_stance_present"] is True and n["n2"]["graph.node.opposite_stance_present"] is False
    assert n["n1"]["graph.node.has_outgoing"] is True and n["n3"]["graph.node.has_outgoing"] is False
    assert n["n3"]["graph.node.level_ratio"] == 0.5 and n["n1"]["graph.node.level_ratio"] == 0.0
    assert n["n1"]["graph.node.novelty"] == "medium" and n["n4"]["graph.node.novelty"] == "high"
    assert n["n2"]["graph.node.is_orphan"] is True and n["n1"]["graph.node.cluster_density"] == 1.0
    assert n["n1"]["graph.node.canonical_novelty"] == "new"
    assert s.element["taste"]["coverage.element.gap"] == "none"
    assert s.element["price"]["coverage.element.gap"] == "unmentioned"


def test_a_failing_detector_is_reported_and_the_others_still_run():
    e = engine_with_answers()

    def broken(ctx):
        raise RuntimeError("boom")

    detectors = {"graph.node_count": Detector("graph.node_count", broken, False),
                 "graph.edge_count": DETECTORS["graph.edge_count"],
                 "meta.interview.phase": DETECTORS["meta.interview.phase"]}
    s = detect_signals(e.signal_context(turn=3), detectors)
    assert s.errors == ["graph.node_count: RuntimeError: boom"]
    assert "graph.node_count" not in s.global_ and s.global_["graph.edge_count"] == 1
    assert s.global_["meta.interview.phase"] == "early"  # the meta pass still ran


class FakeCanonical:
    """Two slots: s1 holds n1 and n2 (paraphrases), n3 is unmapped."""

    def slot_of(self, node_id):
        return {"n1": "s1", "n2": "s1"}.get(node_id)

    def metrics(self):
        return {"concept_count": 1, "edge_count": 3, "orphan_count": 0, "max_depth": 1, "avg_support": 2.0}

    def slot_first_turn(self, slot_id):
        return 1

    def slot_support(self, slot_id):
        return 2

    def turn_new_slot_counts(self):
        return [1, 0, 0]


def test_canonical_signals_read_the_canonical_view():
    e = engine_with_answers()
    e.state.tracker.states["n2"].created_at_turn = 2  # a later paraphrase of slot s1
    e.canonical = FakeCanonical()
    s = detect_signals(e.signal_context(turn=3))
    g = s.global_
    assert g["graph.canonical_concept_count"] == 1 and g["graph.canonical_edge_density"] == 3.0
    assert g["meta.canonical.saturation"] == pytest.approx(1 - (1 / 3) / 2)
    assert [s.node[n]["graph.node.canonical_novelty"] for n in ("n1", "n2", "n3")] == ["new", "confirming", "orphan"]
