"""Scoring tables and figures, the what-if comparison and versioned names, on hand-made alternatives."""

from interview_core.viz.scoring_view import (
    alternatives_rows, contribution_figure, contribution_rows, focus_label, signal_rows, timeline_figure,
    timeline_rows, winner_index,
)
from interview_core.viz.whatif import compare_rankings, validate_methodology_text, versioned_name

NODE = {"kind": "node", "id": "n1", "label": "creamy", "node_type": "attribute"}
NONE = {"kind": "none", "id": None, "label": None, "node_type": None}


def alt(strategy, final, focus=NONE, vetoed=False, base=None, mult=1.0, bonus=0.0, contributions=()):
    return {"strategy": strategy, "focus": focus, "base": final if base is None else base, "multiplier": mult,
            "bonus": bonus, "final": final, "vetoed": vetoed, "veto": "terminal_node" if vetoed else None,
            "veto_reason": "node is terminal" if vetoed else None, "contributions": list(contributions)}


def test_focus_label_and_winner_skips_vetoed():
    assert focus_label(NODE) == "creamy (node)" and focus_label(NONE) == "-"
    alts = [alt("deepen", 2.0, NODE, vetoed=True), alt("explore", 1.5)]
    assert winner_index(alts) == 1 and winner_index([]) is None
    rows = alternatives_rows(alts)
    assert [r["winner"] for r in rows] == [False, True]
    assert rows[0]["veto_reason"] == "terminal_node: node is terminal" and rows[1]["veto_reason"] == ""


def test_contribution_rows_sum_to_final():
    # base 0.8 = 1.0 x 1 + 0.5 x (-0.4); final = 0.8 x 1.5 + 0.2 = 1.4
    c = [{"signal": "llm.engagement", "level": "high", "key": "llm.engagement.high", "value": 0.9, "weight": 1.0, "contribution": 1.0},
         {"signal": "graph.node_count", "level": None, "key": "graph.node_count", "value": 20, "weight": -0.5, "contribution": -0.2}]
    a = alt("deepen", 1.4, NODE, base=0.8, mult=1.5, bonus=0.2, contributions=c)
    rows = contribution_rows(a)
    assert [r["item"] for r in rows] == ["llm.engagement.high", "graph.node_count", "phase multiplier x1.5", "phase bonus"]
    assert abs(sum(r["contribution"] for r in rows) - 1.4) < 1e-9
    assert rows[1]["level"] == "(value)" and rows[0]["value"] == "0.9"
    fig = contribution_figure(a)
    assert list(fig.data[0].y)[-1] == "final" and abs(fig.data[0].x[-1] - 1.4) < 1e-9


def test_signal_rows_have_levels_and_descriptions():
    rows = signal_rows({"llm.engagement": 0.9, "graph.node.exhausted": False, "unknown.signal": 1,
                        "temporal.strategy_repetition_count": {"deepen": 2}}, "node")
    by = {r["signal"]: r for r in rows}
    assert by["llm.engagement"]["level"] == "high" and by["graph.node.exhausted"]["level"] == "false"
    assert by["llm.engagement"]["description"].startswith("How engaged")
    assert by["unknown.signal"]["description"] == ""
    assert by["temporal.strategy_repetition_count"]["value"] == "deepen: 2"
    assert by["temporal.strategy_repetition_count"]["level"] == ""


def test_timeline_rows_and_figure():
    from interview_core.pipeline.contracts import TurnResult, TurnSignals
    from interview_core.vocabulary import FocusRef

    results = [TurnResult.model_construct(turn_number=1, strategy_selected="explore", focus=FocusRef(**NONE),
                                          phase="early", graph_state={"node_count": 3, "max_depth": 1},
                                          coverage={"ratio": 0.25}, signals=TurnSignals()),
               TurnResult.model_construct(turn_number=2, strategy_selected="deepen", focus=FocusRef(**NODE), phase="mid",
                                          graph_state={}, coverage={}, signals=TurnSignals(global_={
                                              "graph.node_count": 5, "graph.max_depth": 2, "coverage.ratio": 0.5}))]
    rows = timeline_rows(results)
    assert rows[1] == {"turn": 2, "strategy": "deepen", "focus": "creamy (node)", "phase": "mid", "node_count": 5,
                       "max_depth": 2, "coverage": 0.5}
    fig = timeline_figure(rows)
    assert list(fig.data[2].y) == [25.0, 50.0]


def test_what_if_winner_change_and_moves():
    before = [alt("deepen", 2.0, NODE), alt("explore", 1.0), alt("closing", 0.1)]
    after = [alt("explore", 1.0), alt("deepen", 0.5, NODE), alt("closing", 0.1)]
    w = compare_rankings(before, after)
    assert w.winner_changed and w.winner_before == ("deepen", "creamy (node)") and w.winner_after == ("explore", "-")
    assert [(r["strategy"], r["rank_before"], r["rank_after"], r["movement"]) for r in w.moved] == [
        ("explore", 2, 1, 1), ("deepen", 1, 2, -1)]
    assert w.rows[1]["delta"] == -1.5


def test_what_if_same_winner_and_vetoed_winner():
    before = [alt("deepen", 2.0, NODE), alt("explore", 1.0)]
    w = compare_rankings(before, [alt("deepen", 2.5, NODE), alt("explore", 1.0)])
    assert not w.winner_changed and w.moved == []
    w = compare_rankings(before, [alt("deepen", 2.5, NODE, vetoed=True), alt("explore", 1.0)])
    assert w.winner_changed and w.rows[0]["vetoed_after"] is True


def test_validate_methodology_text_reports_loader_messages():
    from interview_core.config import registry

    text = registry.resolve("methodologies", "means_end_chain").read_text()
    model, errors, _ = validate_methodology_text(text, "means_end_chain.yaml")
    assert model is not None and errors == []
    bad = text.replace("llm.engagement.high", "llm.engagement.hihg", 1)
    assert bad != text
    model, errors, _ = validate_methodology_text(bad, "means_end_chain.yaml")
    assert model is None and any("did you mean 'high'" in e and e.startswith("means_end_chain.yaml: ") for e in errors)
    model, errors, _ = validate_methodology_text("a: [1,", "x.yaml")
    assert model is None and "malformed YAML" in errors[0]


def test_versioned_name():
    assert versioned_name("means_end_chain", []) == "means_end_chain_v2.yaml"
    assert versioned_name("means_end_chain.yaml", {"means_end_chain_v2.yaml", "means_end_chain_v3"}) == "means_end_chain_v4.yaml"
    assert versioned_name("means_end_chain_v4", []) == "means_end_chain_v5.yaml"


def test_signed_and_plain_never_print_minus_zero():
    from interview_core.viz.scoring_view import plain, signed

    assert [signed(x) for x in (-0.0, -0.0004, 0.0004, 0.25, -0.5)] == ["0.000", "0.000", "0.000", "+0.250", "-0.500"]
    assert [plain(x) for x in (-0.0, -0.0001, 1.07)] == ["0.000", "0.000", "1.070"]


def test_waterfall_labels_fit_inside_the_range():
    from interview_core.viz.scoring_view import waterfall_range

    # running totals 0, -0.5, -0.5, +0.57 ; final 0.57 -> span 1.07, margin 0.3745
    lo, hi = waterfall_range([-0.5, 0.0, 1.07], 0.57)
    assert abs(lo - (-0.5 - 0.3745)) < 1e-9 and abs(hi - (0.57 + 0.3745)) < 1e-9
    c = [{"signal": "a", "level": "high", "key": "a.high", "value": 1, "weight": -0.5, "contribution": -0.5},
         {"signal": "b", "level": "low", "key": "b.low", "value": 0, "weight": 0.3, "contribution": -0.0}]
    fig = contribution_figure(alt("clarify", -0.5, NODE, base=-0.5, contributions=c), title="x")
    assert list(fig.data[0].text) == ["-0.500", "0.000", "0.000", "0.000", "-0.500"]
    assert fig.data[0].cliponaxis is False and fig.layout.yaxis.automargin is True
    lo, hi = fig.layout.xaxis.range
    assert lo < -0.5 - 0.2 and hi >= 0.25


def test_tie_break_note_explains_equal_scores():
    from interview_core.viz.scoring_view import tie_break_note

    order = ["deepen", "explore", "synthesis"]
    exact = [alt("explore", 1.07, NODE), alt("deepen", 1.07, NODE)]
    assert "strategy order decides, and deepen is listed first" in tie_break_note(exact, order)
    same = [alt("deepen", 1.07, NODE), alt("deepen", 1.07, {**NODE, "id": "n2", "label": "price"})]
    assert "the focus considered first wins" in tie_break_note(same, order)
    close = [alt("deepen", 1.07004, NODE), alt("explore", 1.07, NODE)]
    assert "ahead by 4e-05" in tie_break_note(close, order)
    assert tie_break_note([alt("deepen", 1.2, NODE), alt("explore", 1.07, NODE)], order) is None
    assert tie_break_note([alt("deepen", 1.07, NODE, vetoed=True), alt("explore", 1.07, NODE)], order) is None


def test_timeline_coverage_ticks_and_phase_legend():
    rows = [{"turn": t, "strategy": "deepen", "focus": "-", "phase": p, "node_count": 3 * t, "max_depth": 1,
             "coverage": 0.1 * t} for t, p in ((1, "early"), (2, "early"), (3, "mid"))]
    fig = timeline_figure(rows)
    assert list(fig.layout.yaxis2.tickvals) == [0, 25, 50, 75, 100]
    assert list(fig.layout.yaxis2.ticktext) == ["0%", "25%", "50%", "75%", "100%"]
    assert [t.name for t in fig.data if t.name.startswith("phase")] == ["phase: early", "phase: mid"]
