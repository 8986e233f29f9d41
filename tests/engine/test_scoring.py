import random

import pytest
from engine_support import ladder

from interview_core.scoring import VetoContext, rank_strategy_node_pairs, should_continue
from interview_core.scoring.continuation import depth_plateau_length
from interview_core.scoring.values import factor, factor_column
from interview_core.vocabulary import FocusRef, catalogue
from interview_core.signals.registry import DetectedSignals

STRATEGIES = [
    {"name": "deepen", "focus": "node", "signal_weights": {
        "llm.engagement.high": 0.5, "graph.node.exhausted.true": -1.0, "graph.node.exhaustion_score.low": 1.0,
        "temporal.strategy_repetition_count": -0.4, "graph.max_depth": 0.5}},
    {"name": "reflect", "focus": "none", "signal_weights": {
        "llm.response_depth.deep": 0.6, "meta.conversation.saturation": 0.3}},
]
PHASES = {"mid": {"signal_weights": {"deepen": 2.0}, "phase_bonuses": {"reflect": 0.1}}}
NODES = {"n1": FocusRef(kind="node", id="n1", label="creamy texture", node_type="attribute"),
         "n2": FocusRef(kind="node", id="n2", label="price", node_type="attribute")}


def signals(**overrides) -> DetectedSignals:
    glob = {"llm.engagement": 0.8, "temporal.strategy_repetition_count": {"deepen": 2}, "graph.max_depth": 2,
            "llm.response_depth": "deep", "meta.conversation.saturation": 0.5, "meta.interview.phase": "mid"}
    glob.update(overrides)
    return DetectedSignals(global_=glob, node={
        "n1": {"graph.node.exhausted": False, "graph.node.exhaustion_score": 0.1, "graph.node.is_terminal": False},
        "n2": {"graph.node.exhausted": True, "graph.node.exhaustion_score": 0.7, "graph.node.is_terminal": False},
    })


def method(**extra):
    return ladder(strategies=STRATEGIES, phases=PHASES, signal_norms={"graph.max_depth": 4}, **extra)


def test_hand_computed_table():
    r = rank_strategy_node_pairs(method(), signals(), NODES, {})
    table = [(a.strategy, a.focus.id, round(a.base, 6), a.multiplier, a.bonus, round(a.final, 6)) for a in r.alternatives]
    # deepen global part: 0.5 (engagement high) - 0.4 x (1 - 0.5**2) + 0.5 x 2/4 = 0.45
    assert table == [
        ("deepen", "n1", 1.45, 2.0, 0.0, 2.9),  # + 1.0 exhaustion score low
        ("reflect", None, 0.75, 1.0, 0.1, 0.85),  # 0.6 deep + 0.3 x 0.5
        ("deepen", "n2", -0.55, 2.0, 0.0, -1.1),  # - 1.0 exhausted
    ]
    assert r.winner.strategy == "deepen" and r.winner.focus.id == "n1"
    contributions = {c.key: (c.level, c.value, c.weight, round(c.contribution, 6)) for c in r.winner.contributions}
    assert contributions == {
        "llm.engagement.high": ("high", 0.8, 0.5, 0.5),
        "temporal.strategy_repetition_count": (None, 2, -0.4, -0.3),
        "graph.max_depth": (None, 2, 0.5, 0.25),
        "graph.node.exhausted.true": ("true", False, -1.0, 0.0),
        "graph.node.exhaustion_score.low": ("low", 0.1, 1.0, 1.0),
        # engine default answer_point (no prominence signal here, so no contribution)
        "graph.node.prominence.point": ("point", None, 0.8, 0.0),
        "graph.node.prominence.backdrop": ("backdrop", None, -0.9, 0.0),
    }
    assert sum(c.contribution for c in r.winner.contributions) == pytest.approx(r.winner.base)


def test_without_phase_config_multiplier_is_one():
    r = rank_strategy_node_pairs(method(), signals(**{"meta.interview.phase": "early"}), NODES, {})
    assert r.winner.final == pytest.approx(1.45) and r.winner.multiplier == 1.0


def test_vetoed_pair_stays_listed_with_reason_but_cannot_win():
    m = method(vetoes=[{"name": "node_exhausted"}, {"name": "knowledge_ceiling", "spares": ["reflect"]}])
    r = rank_strategy_node_pairs(m, signals(), NODES, {})
    n2 = next(a for a in r.alternatives if a.focus.id == "n2")
    assert n2.vetoed and n2.veto == "node_exhausted" and n2.veto_reason == "node is exhausted"
    assert n2.final == pytest.approx(-1.1)
    # A terminal "don't know" about n1 (the last focus) vetoes deepen on n1; reflect is spared.
    r = rank_strategy_node_pairs(m, signals(**{"llm.knowledge_ceiling": "terminal"}), NODES, {}, None,
                                 VetoContext(previous_focus=("node", "n1")))
    assert r.alternatives[0].vetoed and r.alternatives[0].veto == "knowledge_ceiling"
    assert r.winner.strategy == "reflect"


def test_all_vetoed_keeps_best_with_a_note():
    m = method(vetoes=[{"name": "knowledge_ceiling"}])
    r = rank_strategy_node_pairs(m, signals(**{"llm.knowledge_ceiling": "terminal"}), NODES, {})
    assert r.winner.vetoed and r.note and r.winner.focus.id == "n1"


def test_recent_redundancy_compares_description_with_recent_questions():
    m = method(vetoes=[{"name": "recent_redundancy", "threshold": 0.85}])
    recent = [("deepen", "Why does the creamy texture matter to you?")]
    r = rank_strategy_node_pairs(m, signals(), NODES, {}, None, VetoContext(recent))
    by_focus = {a.focus.id: a for a in r.alternatives}
    assert by_focus["n1"].veto == "recent_redundancy"  # "deepen: creamy texture" = 3/3 of its stems
    assert by_focus["n2"].veto != "recent_redundancy"  # (n2 is exhausted: the engine-default veto)
    # Asked by another strategy, the strategy token does not match: 2/3 < 0.85.
    r = rank_strategy_node_pairs(m, signals(), NODES, {}, None, VetoContext([("clarify", recent[0][1])]))
    assert not any(a.veto == "recent_redundancy" for a in r.alternatives)


def test_repetition_penalty_saturates():
    m = method()
    penalties = []
    for n in range(5):
        r = rank_strategy_node_pairs(m, signals(**{"temporal.strategy_repetition_count": {"deepen": n}}), NODES, {})
        c = next(c for c in r.winner.contributions if c.key == "temporal.strategy_repetition_count")
        penalties.append(round(c.contribution, 5))
    assert penalties == [0.0, -0.2, -0.3, -0.35, -0.375]  # -0.4 x (1 - 0.5**n), never beyond -0.4


def test_element_strategies_take_only_elements_with_gaps():
    m = ladder(strategies=[{"name": "cover", "focus": "element",
                            "signal_weights": {"coverage.element.gap.unmentioned": 1.0}}])
    s = DetectedSignals(global_={}, element={"a": {"coverage.element.gap": "unmentioned"},
                                             "b": {"coverage.element.gap": "none"},
                                             "c": {"coverage.element.gap": "no_reaction"}})
    refs = {e: FocusRef(kind="element", id=e, label=e) for e in "abc"}
    r = rank_strategy_node_pairs(m, s, {}, refs)
    assert [(a.focus.id, a.final) for a in r.alternatives] == [("a", 1.0), ("c", 0.0)]


def test_node_strategy_without_nodes_is_scored_unbound():
    r = rank_strategy_node_pairs(method(), signals(), {}, {})
    assert {(a.strategy, a.focus.kind) for a in r.alternatives} == {("deepen", "none"), ("reflect", "none")}


def test_vector_factors_match_scalar_factors():
    rng = random.Random(3)
    norms = {"graph.node.edge_count": 4}
    for spec in catalogue.CATALOGUE.values():
        if spec.type == "categorical":
            raws = [rng.choice([*spec.levels, None]) for _ in range(20)]
        elif spec.type == "boolean":
            raws = [rng.choice([True, False, None]) for _ in range(20)]
        else:
            raws = [rng.choice([None, 0, 1, 2.5, 7, 0.2, 0.5, 0.9]) for _ in range(20)]
        for level in (None, *spec.levels):
            if level is None and spec.type in ("categorical", "boolean"):
                continue
            assert factor_column(spec, level, raws, norms).tolist() == [factor(spec, level, r, norms) for r in raws], (spec.name, level)


def test_patience_keeps_an_untired_respondent_talking_until_turn_12():
    m = ladder(continuation={"min_turns": 3, "depth_plateau_turns": 3, "quality_degraded_shallow": 3})
    assert m.continuation.patience_turns == 12  # the engine default
    stalled = dict(max_depth_history=[2, 3, 3, 3, 3], response_depths=["shallow"] * 4, fatigued=False, coverage_ratio=0.0)
    assert should_continue(m, 8, 20, "deepen", **stalled) == (True, None)
    assert should_continue(m, 12, 20, "deepen", **stalled) == (False, "depth_plateau")
    assert should_continue(m, 8, 20, "deepen", **{**stalled, "fatigued": True}) == (False, "depth_plateau")


def test_patience_holds_for_a_tired_respondent_who_just_said_something_new():
    """Fatigue lifts patience only while the respondent keeps adding nothing: a quiet stretch followed by an
    answer that adds a concept (a new line of thought) does not end the interview before turn 12."""
    m = ladder(continuation={"min_turns": 3, "depth_plateau_turns": 3, "quality_degraded_shallow": 3})
    quiet = dict(max_depth_history=[1, 2, 2, 2, 2, 2], response_depths=["shallow"] * 6, fatigued=True, coverage_ratio=0.0)
    assert should_continue(m, 6, 20, "deepen", **quiet, new_node_history=[1, 2, 0, 0, 0, 1]) == (True, None)
    assert should_continue(m, 6, 20, "deepen", **quiet, new_node_history=[1, 2, 0, 0, 1, 0]) == (False, "depth_plateau")
    assert should_continue(m, 12, 20, "deepen", **quiet, new_node_history=[1, 2, 0, 0, 0, 1]) == (False, "depth_plateau")
    covered = {**quiet, "coverage_ratio": 0.8}  # fatigue plus coverage closes, but not right after something new
    assert should_continue(m, 9, 20, "deepen", **covered, new_node_history=[1, 2, 0, 0, 0, 2]) == (True, None)
    assert should_continue(m, 9, 20, "deepen", **covered, new_node_history=[1, 2, 0, 0, 2, 0]) == (False, "fatigue_coverage")
    assert should_continue(m, 12, 20, "deepen", **covered, new_node_history=[1, 2, 0, 0, 0, 2]) == (False, "fatigue_coverage")


def test_continuation_reasons():
    m = ladder(continuation={"min_turns": 3, "depth_plateau_turns": 3, "quality_degraded_shallow": 3,
                             "fatigue_close_coverage": 0.6, "patience_turns": 0},
               strategies=[{"name": "deepen"}, {"name": "closing", "focus": "none", "generates_closing_question": True}])
    ok = dict(max_depth_history=[1, 2, 3], response_depths=["deep"] * 3, fatigued=False, coverage_ratio=0.0)
    assert should_continue(m, 10, 10, "deepen", **ok) == (False, "max_turns_reached")
    assert should_continue(m, 2, 10, "closing", **ok) == (False, "close_strategy")
    assert should_continue(m, 5, 10, "deepen", **ok) == (True, None)
    assert should_continue(m, 5, 10, "deepen", **{**ok, "max_depth_history": [2, 3, 3, 3, 3]}) == (False, "depth_plateau")
    assert should_continue(m, 2, 10, "deepen", **{**ok, "max_depth_history": [3, 3, 3, 3]}) == (True, None)  # min_turns
    assert should_continue(m, 5, 10, "deepen", **{**ok, "response_depths": ["deep", "surface", "shallow", "shallow"]}) == (False, "quality_degraded")
    assert should_continue(m, 5, 10, "deepen", **{**ok, "fatigued": True, "coverage_ratio": 0.5}) == (True, None)
    assert should_continue(m, 5, 10, "deepen", **{**ok, "fatigued": True, "coverage_ratio": 0.6}) == (False, "fatigue_coverage")
    assert depth_plateau_length([1, 2, 2, 2]) == 2 and depth_plateau_length([3]) == 0
    # A plateau in depth while each turn still adds concepts (breadth) is not a stall.
    flat = {**ok, "max_depth_history": [2, 3, 3, 3, 3]}
    assert should_continue(m, 5, 10, "deepen", **flat, new_node_history=[2, 4, 1, 1, 1]) == (True, None)
    assert should_continue(m, 5, 10, "deepen", **flat, new_node_history=[2, 4, 1, 0, 1]) == (False, "depth_plateau")
    shallow = {**ok, "response_depths": ["deep", "shallow", "shallow", "surface"]}
    assert should_continue(m, 5, 10, "deepen", **shallow, new_node_history=[3, 1, 1, 1]) == (True, None)
    assert should_continue(m, 5, 10, "deepen", **shallow, new_node_history=[3, 1, 0, 1]) == (False, "quality_degraded")


def test_continuation_waits_on_a_side_step():
    """No continuation rule begins the close on an answer that only asked something or paused (wave 16)."""
    m = ladder(continuation={"min_turns": 3, "depth_plateau_turns": 3, "quality_degraded_shallow": 3,
                             "fatigue_close_coverage": 0.6, "patience_turns": 0},
               strategies=[{"name": "deepen"}, {"name": "closing", "focus": "none", "generates_closing_question": True}])
    tired = dict(max_depth_history=[2, 3, 3, 3, 3], response_depths=["deep", "surface", "shallow", "shallow"],
                 fatigued=True, coverage_ratio=0.8, new_node_history=[2, 1, 0, 0, 0])
    assert should_continue(m, 5, 10, "deepen", **tired) == (False, "fatigue_coverage")   # a real answer: closes
    assert should_continue(m, 5, 10, "deepen", **tired, side_step=True) == (True, None)  # a side step: waits
    assert should_continue(m, 10, 10, "deepen", **tired, side_step=True) == (False, "max_turns_reached")
    assert should_continue(m, 5, 10, "closing", **tired, side_step=True) == (False, "close_strategy")
    no_fatigue = {**tired, "fatigued": False}
    assert should_continue(m, 5, 10, "deepen", **no_fatigue) == (False, "depth_plateau")
    assert should_continue(m, 5, 10, "deepen", **no_fatigue, side_step=True) == (True, None)


def test_every_catalogued_veto_has_one_registered_check():
    from interview_core.config.methodology import VETO_NAMES
    from interview_core.scoring.vetoes import VETO_CHECKS, veto_check
    from interview_core.vocabulary.vetoes import VETOES

    assert set(VETO_CHECKS) == set(VETOES) == set(VETO_NAMES)
    with pytest.raises(KeyError, match="not in the veto catalogue"):
        veto_check("no_such_veto")
    with pytest.raises(ValueError, match="two checks"):
        veto_check("strategy_run")(lambda *a: None)
