import json

from engine_support import concept, edge, ladder, node, result

from interview_core.config.concept import Element
from interview_core.config.registry import CONFIG_DIR
from interview_core.config import load_methodology
from interview_core.engine import Engine, Selection

STRATEGIES = [
    {"name": "deepen", "focus": "node", "signal_weights": {
        "graph.node.exhaustion_score.low": 1.0, "graph.node.is_current_focus.true": 0.2,
        "technique.node.strategy_repetition.high": -0.5, "temporal.strategy_repetition_count": -0.3}},
    {"name": "cover", "focus": "element", "signal_weights": {"coverage.element.gap.unmentioned": 0.9}},
    {"name": "reflect", "focus": "none", "signal_weights": {"meta.conversation.saturation": 1.0}},
    {"name": "closing", "focus": "none", "generates_closing_question": True, "signal_weights": {"meta.interview_progress.high": 5.0}},
]


def new_engine():
    m = ladder(strategies=STRATEGIES, vetoes=[{"name": "node_exhausted"}, {"name": "element_exhausted"}])
    return Engine(m, concept(Element(id="taste", label="Taste"), Element(id="price", label="Price")))


ANSWERS = [
    result([node("creamy", element_mapping="taste", reaction="positive")], depth="moderate"),
    result([node("feel calm", "consequence")], [edge("creamy", "feel calm")], depth="deep", engagement=0.8),
    result([], depth="shallow", engagement=0.3),
]


def play(engine, answers, start=1):
    selections = []
    for turn, answer in enumerate(answers, start):
        engine.apply_extraction(answer, f"u{turn}", turn)
        engine.compute_state(answer.assessment, turn)
        selections.append(engine.select(turn, recent_questions=[f"question {t}" for t in range(1, turn + 1)]))
    return selections


def test_turn_loop_records_focus_yield_and_depth():
    e = new_engine()
    sels = play(e, ANSWERS)
    assert [s.detector_errors for s in sels] == [[], [], []]
    first = sels[0]
    # creamy (fresh, score 1.0) beats cover price (0.9): deepen on n1
    assert (first.strategy, first.focus.id, first.score) == ("deepen", "n1", 1.0)
    st = e.state.tracker.states["n1"]
    # the turn-2 answer came while n1 was in focus: it yielded, its depth was recorded for n1
    assert st.yield_count == 1 and st.all_response_depths[:1] == ["deep"]
    assert e.state.strategy_history == [s.strategy for s in sels]
    assert e.state.yield_history == [1, 2, 0]
    json.dumps([s.model_dump(mode="json") for s in sels])  # JSON-safe


def test_restore_gives_the_same_next_selection():
    a = new_engine()
    play(a, ANSWERS[:2])
    state = json.loads(json.dumps(a.state.to_dict()))
    b = Engine.restore(state, a.methodology, a.concept)
    assert b.state.to_dict() == a.state.to_dict()
    sa, sb = play(a, ANSWERS[2:], start=3)[0], play(b, ANSWERS[2:], start=3)[0]
    assert sa.model_dump(mode="json") == sb.model_dump(mode="json")


def test_rerank_under_edited_weights_is_pure():
    e = new_engine()
    sel = play(e, ANSWERS[:1])[0]
    before = e.state.to_dict()
    edited = e.methodology.model_copy(deep=True)
    edited.strategy("cover").signal_weights["coverage.element.gap.unmentioned"] = 3.0
    stored = json.loads(json.dumps(sel.model_dump(mode="json")))
    alts = e.rerank(stored, edited)
    assert (alts[0].strategy, alts[0].focus.id, alts[0].final) == ("cover", "price", 3.0)
    same = e.rerank(Selection.model_validate(stored), e.methodology)
    assert [(a.strategy, a.focus.id, a.final) for a in same] == [(a.strategy, a.focus.id, a.final) for a in sel.alternatives]
    assert e.state.to_dict() == before


def test_random_policy_is_seeded_and_never_picks_a_vetoed_pair():
    picks = set()
    for seed in range(12):
        e = new_engine()
        e.state.coverage.element_focus_counts["price"] = 3  # exhausted: (cover, price) vetoed
        e.apply_extraction(ANSWERS[0], "u1", 1)
        e.compute_state(ANSWERS[0].assessment, 1)
        s = e.select(1, policy="random", rng_seed=seed)
        picks.add((s.strategy, s.focus.id))
        assert (s.strategy, s.focus.id) != ("cover", "price")
        assert s.strategy != "closing"  # the random baseline never ends the interview by itself
    assert len(picks) >= 2


def test_closing_strategy_ends_the_interview():
    e = new_engine()
    sels = play(e, ANSWERS)
    assert e.continuation(sels[-1], 3, 20) == (True, None)
    late = e.select(19, max_turns=20)  # progress 0.95 -> closing's +5 wins
    assert late.strategy == "closing" and e.continuation(late, 19, 20) == (False, "close_strategy")


def test_project_methodology_runs_without_detector_errors():
    m = load_methodology(CONFIG_DIR / "methodologies" / "means_end_chain.yaml")
    e = Engine(m, concept(Element(id="texture", label="Creamy texture")))
    types = [t.name for t in sorted(m.ontology.nodes, key=lambda t: t.level or 0)]
    sel = e.select(0)
    for turn in range(1, 6):
        r = result([node(f"idea {turn}", types[min(turn - 1, len(types) - 1)])],
                   [edge(f"idea {turn - 1}", f"idea {turn}")] if turn > 1 else [], depth="moderate")
        delta = e.apply_extraction(r, f"u{turn}", turn)
        assert delta.rejected == [] and delta.added_node_ids
        e.compute_state(r.assessment, turn)
        sel = e.select(turn, recent_questions=["q"] * turn)
        assert sel.detector_errors == []
        assert any(a.strategy == sel.strategy and a.focus == sel.focus and not a.vetoed for a in sel.alternatives)
    # the project's boundary for mid: 2+ turns and 5+ nodes or depth 2+ (reached with the first link)
    assert sel.phase == "mid"


def test_current_focus_follows_the_last_selection():
    e = new_engine()
    assert e.current_focus().kind == "none"
    play(e, ANSWERS[:1])
    f = e.current_focus()
    assert (f.kind, f.id, f.label, f.node_type) == ("node", "n1", "creamy", "attribute")
