import pytest
from engine_support import concept, edge, ladder, node, result

from interview_core.config.concept import Element
from interview_core.config.methodology import PhaseBoundary
from interview_core.graph import KnowledgeGraph
from interview_core.state import CoverageState, Momentum, NodeStateTracker, interview_phase
from interview_core.state.momentum import momentum_value


def focused_tracker(streak_turns: int, depths: list[str], yields: list[bool]) -> NodeStateTracker:
    t = NodeStateTracker()
    t.register_node("n1", "a", 0)
    for turn in range(1, streak_turns + 1):
        t.update_focus("n1", "deepen", turn)
    for d, y in zip(depths, yields):
        t.append_response_depth(d)
        t.record_answer(y, 0)
    return t


def test_exhaustion_rule_and_score_by_hand():
    t = focused_tracker(2, ["shallow", "surface", "moderate"], [False, False, False])
    s = t.states["n1"]
    assert (s.turns_since_last_yield, s.current_focus_streak, s.shallow_ratio) == (3, 2, pytest.approx(2 / 3))
    assert s.is_exhausted
    # 3/10 x 0.4 + 2/5 x 0.3 + 2/3 x 0.3 = 0.12 + 0.12 + 0.2
    assert s.exhaustion_score == pytest.approx(0.44)


@pytest.mark.parametrize("streak, depths, yields", [
    (1, ["shallow"] * 3, [False] * 3),  # focused only one turn running
    (2, ["shallow", "deep", "deep"], [False] * 3),  # answers were deep
    (2, ["shallow"] * 3, [False, False, True]),  # the last answer yielded
])
def test_not_exhausted_when_one_condition_fails(streak, depths, yields):
    assert not focused_tracker(streak, depths, yields).states["n1"].is_exhausted


def test_exhaustion_is_reversible_by_a_spontaneous_mention():
    t = focused_tracker(2, ["shallow"] * 3, [False] * 3)
    assert t.states["n1"].is_exhausted
    t.record_mention("n1", 5)
    assert not t.states["n1"].is_exhausted and t.states["n1"].turns_since_last_yield == 0


def test_yield_and_depth_go_to_the_previous_focus_only():
    t = NodeStateTracker()
    for n in ("n1", "n2"):
        t.register_node(n, n, 0)
    t.update_focus("n1", "deepen", 1)
    t.append_response_depth("deep")
    t.record_answer(True, 2)
    t.update_focus("n2", "clarify", 2)
    assert t.states["n1"].all_response_depths == ["deep"] and t.states["n1"].yield_count == 1
    assert t.states["n2"].all_response_depths == [] and t.states["n2"].yield_count == 0
    assert t.states["n1"].current_focus_streak == 0 and t.states["n2"].current_focus_streak == 1
    assert t.states["n1"].yield_rate == 1.0


def test_tracker_round_trip_and_schema_version():
    t = focused_tracker(3, ["deep", "shallow"], [True, False])
    t.add_edge("n1", "n1")
    back = NodeStateTracker.from_dict(t.to_dict())
    assert back.to_dict() == t.to_dict() and back.to_dict()["schema_version"] == 1
    with pytest.raises(ValueError):
        NodeStateTracker.from_dict({**t.to_dict(), "schema_version": 99})


def test_element_exhaustion_counts_total_focuses_across_topic_switches():
    cov = CoverageState(concept(Element(id="A", label="a"), Element(id="B", label="b")))
    for e in ("A", "A", "B", "A"):  # seed 003 hotspot 7: the reference reset A at B and needed 6
        cov.record_element_focus(e)
    assert cov.is_exhausted("A") and not cov.is_exhausted("B")
    assert cov.element_focus_counts == {"A": 3, "B": 1}


def test_coverage_gaps_in_order():
    m = ladder()
    c = concept(Element(id="taste", label="Taste", connects_to=["price"]), Element(id="price", label="Price"),
                Element(id="pack", label="Pack"), Element(id="foam", label="Foam"))
    kg = KnowledgeGraph(m)
    kg.apply(result([node("sweet", element_mapping="taste"), node("cheap", element_mapping="price"),
                     node("foamy", element_mapping="foam")]), "u1", 1)
    cov = CoverageState(c)
    for label, el in (("sweet", "taste"), ("cheap", "price"), ("foamy", "foam")):
        cov.map_node(el, kg.node_id_for_label(label))
    cov.record_reaction("taste", "positive")
    cov.record_reaction("price", "negative")
    cov.record_depth("taste", "deep")
    cov.record_depth("price", "surface")
    gaps = cov.gaps(kg.g)
    assert gaps == {"taste": "unconnected", "price": "no_comprehension", "pack": "unmentioned", "foam": "no_reaction"}
    kg.apply(result([], [edge("sweet", "cheap")]), "u2", 2)  # links taste to price: both connected/understood
    assert cov.gaps(kg.g) == {"taste": "none", "price": "none", "pack": "unmentioned", "foam": "no_reaction"}
    s = cov.summary(kg.g)
    assert (s["ratio"], s["complete_ratio"], s["uncovered_count"], s["has_gaps"]) == (0.75, 0.5, 1, True)
    assert CoverageState.from_dict(cov.to_dict(), c).to_dict() == cov.to_dict()


def test_fatigue_survives_one_outlier():
    m = Momentum()
    for turn in range(1, 4):
        m.update(0.1, turn)  # scores 0.38, 0.296, 0.2372
    assert m.fatigued and m.consecutive_low == 3
    m.update(0.9, 4)  # 0.7 x 0.2372 + 0.27 = 0.436: below the 0.45 recovery line
    assert m.score == pytest.approx(0.43604)
    assert m.fatigued and m.consecutive_low == 0  # the reference counter would have reset fatigue here
    m.update(0.9, 5)
    assert not m.fatigued
    assert Momentum.from_dict(m.to_dict()) == m


def test_momentum_value_and_fatigue_from_score_alone():
    assert momentum_value(0.5, "deep") == 0.75 and momentum_value(0.0, "surface") == 0.0
    m = Momentum()
    m.update(0.0, 1)  # 0.35, level low
    m.update(0.34, 2)  # 0.347, mid level: consecutive low resets, score not yet below 0.3
    m.update(0.0, 3)  # 0.243
    assert not m.fatigued
    m.update(0.0, 4)  # 0.170: two turns below 0.3
    assert m.fatigued and m.consecutive_low == 2


def test_phase_reference_node_counts_and_default():
    m = ladder(phases={"early": {"phase_boundaries": {"early_max_nodes": 3, "mid_max_nodes": 6}}})
    assert [interview_phase(m, 1, n) for n in (2, 3, 6)] == ["early", "mid", "late"]
    assert [interview_phase(ladder(), 1, n) for n in (4, 5, 15)] == ["early", "mid", "late"]


def test_phase_combines_turns_with_graph_state_and_never_goes_back():
    m = ladder(phase_boundaries={"mid": PhaseBoundary(min_turns=2, min_nodes=5, min_depth=3),
                                 "late": PhaseBoundary(min_turns=8, min_coverage=0.8, at_turn=12)})
    assert interview_phase(m, 1, node_count=20) == "early"  # too early in turns
    assert interview_phase(m, 2, node_count=1, max_depth=3) == "mid"  # depth condition holds
    assert interview_phase(m, 9, node_count=30, coverage=0.5) == "mid"
    assert interview_phase(m, 9, node_count=30, coverage=0.8) == "late"
    assert interview_phase(m, 12, node_count=0) == "late"  # forced
    assert interview_phase(m, 3, node_count=0, previous="mid") == "mid"


def test_paraphrases_share_one_exhaustion():
    """Two surface nodes of one canonical slot: focus and stagnation add up to the concept's exhaustion."""
    from interview_core.state.node_state import NodeState, aggregate_states

    a = NodeState("n1", "proper foam", 1, focus_count=2, last_focus_turn=3, current_focus_streak=2,
                  turns_since_last_yield=3, all_response_depths=["shallow", "surface"])
    b = NodeState("n2", "nice foam on top", 2, focus_count=1, last_focus_turn=4, current_focus_streak=1,
                  turns_since_last_yield=4, all_response_depths=["shallow"])
    assert not a.is_exhausted or not b.is_exhausted
    merged = aggregate_states([a, b])
    assert merged.focus_count == 3 and merged.current_focus_streak == 2 and merged.turns_since_last_yield == 3
    assert merged.all_response_depths == ["shallow", "surface", "shallow"]
    assert merged.is_exhausted
    # hand-computed: min(3,10)/10*0.4 + min(2,5)/5*0.3 + 1.0*0.3 = 0.12 + 0.12 + 0.3
    assert abs(merged.exhaustion_score - 0.54) < 1e-9
    assert aggregate_states([a]) is a
