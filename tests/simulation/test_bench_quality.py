"""The quality benchmark's pure parts: grid, run scoring, aggregation, goals, explanations, report."""


import pytest

from benchmarks import quality as q
from interview_core.config import registry
from interview_core.simulation.mind import load_mind
from interview_core.simulation.runner import score_run
from interview_core.simulation.similarity import Similarity


def test_grid_pairs_minds_with_their_methodology():
    grid = q.build_grid([10, 20], ["baseline_cooperative"], [], ["critical_incident"], ["adaptive", "scripted"], [0])
    minds = {j["mind"] for j in grid}
    assert minds == {p.stem for p in registry.list_files("minds") if p.stem.startswith("banking_")}
    assert len(grid) == len(minds) * 2 * 2
    assert all(j["concept"] == "online_banking_incident" for j in grid)


def alt(strategy, final, contributions=(), vetoed=False):
    return {"strategy": strategy, "final": final, "base": final, "multiplier": 1.0, "bonus": 0.0, "vetoed": vetoed,
            "contributions": [{"key": k, "contribution": v} for k, v in contributions]}


def turn(question, answer, revealed, strategy, nodes, focus=None, alts=()):
    return {"question": question, "answer": answer, "revealed": revealed, "nodes": nodes,
            "turn_result": {"strategy_selected": strategy, "focus": focus or {"kind": "none"},
                            "strategy_alternatives": list(alts)}}


@pytest.fixture
def record():
    """A hand-made four-turn MEC run over the texture-lover mind (silky -> indulgent -> enjoy_life)."""
    n1 = {"id": "a", "label": "silky body"}
    n2 = {"id": "b", "label": "feels indulgent"}
    n3 = {"id": "c", "label": "enjoying small pleasures life"}
    deepen = [alt("deepen", 1.4, [("llm.response_depth.deep", 0.6), ("graph.node.focus_count.none", 0.5)]),
              alt("explore", 1.1)]
    turns = [
        turn("What stands out?", "The silky body of it.", ["silky_body"], "deepen", [n1], {"kind": "node", "id": "a"}, deepen),
        turn("Why is the silky body important?", "It feels indulgent.", ["indulgent"], "deepen", [n1, n2], {"kind": "node", "id": "b"}, deepen),
        turn("Why does feeling indulgent matter?", "Enjoying the small pleasures in life.", ["enjoy_life"], "deepen", [n1, n2, n3], {"kind": "node", "id": "c"}, deepen),
        turn("Why does feeling indulgent matter?", "I can't say more.", [], "deepen", [n1, n2, n3], {"kind": "node", "id": "c"}, deepen),
    ]
    graph = {"nodes": [n1, n2, n3], "edges": [{"source": "a", "target": "b"}, {"source": "b", "target": "c"}]}
    return {"mind": "oat_milk_texture_lover", "methodology": "means_end_chain", "turns": turns, "graph": graph}


def test_score_run_by_hand(record):
    mind = load_mind("oat_milk_texture_lover")
    metrics = score_run(record, mind, registry.concept("oat_milk"), registry.methodology("means_end_chain"), Similarity())
    # links: silky->indulgent (captured), indulgent->enjoy (captured), aftertaste->put_off (not): 2/3
    assert metrics["ladder_recall"] == pytest.approx(2 / 3)
    assert metrics["concept_recall"] == pytest.approx(3 / 5)
    assert metrics["terminal_turn"] == 3 and metrics["terminal_reached"]
    assert metrics["strategy"]["longest_run"] == 4 and metrics["longest_run_turns"] == [1, 2, 3, 4]
    assert metrics["duplicate_turns"] == [4] and metrics["duplicate_rate"] == 0.25
    assert metrics["extraction_precision"] == 1.0
    assert metrics["element_coverage"] == pytest.approx(1 / 6)  # 'body' is a texture alias; nothing else is covered
    record["metrics"] = metrics
    why = q.explain(record)
    assert why["streak"]["turn 1"].startswith("deepen 1.40 (base 1.40 x1.00 +0.00) over explore 1.10; llm.response_depth.deep +0.60")
    assert "terminal" not in why


def fake_run(policy, persona, turns, ladder, terminal_turn, longest=2, dups=(), methodology="means_end_chain", why=None):
    return {"methodology": methodology, "policy": policy, "persona": persona, "turns": turns, "mind": "m", "seed": 0,
            "why": why or {}, "metrics": {
                "ladder_recall": ladder, "concept_recall": ladder, "terminal_reached": terminal_turn is not None,
                "terminal_turn": terminal_turn, "element_coverage": 0.5, "duplicate_rate": len(dups) / turns,
                "duplicate_turns": list(dups), "extraction_precision": None,
                "strategy": {"longest_run": longest, "distinct_per_10": 3.0, "top_share": 0.4, "distinct_focus_nodes": 4, "rotation": None}}}


def test_aggregate_and_goals():
    coop = q.COOPERATIVE
    runs = [fake_run("adaptive", coop, 20, 0.7, 8), fake_run("adaptive", coop, 20, 0.5, 14, why={"terminal": "late"}),
            fake_run("scripted", coop, 20, 0.3, None), fake_run("adaptive", "brief_responder", 10, 0.2, None, longest=5,
                                                                 dups=(4,), why={"streak": {"turn 3": "deepen ..."}})]
    rows = q.aggregate(runs)
    first = next(r for r in rows if r["policy"] == "adaptive" and r["persona"] == coop)
    assert first["runs"] == 2 and first["ladder_recall"] == pytest.approx(0.6) and first["terminal_rate"] == 1.0
    assert first["terminal_turn"] == 11
    goals = {g["goal"]: g for g in q.goals(runs)}
    terminal = next(g for k, g in goals.items() if k.startswith("MEC cooperative"))
    assert terminal["value"] == 0.5 and not terminal["met"] and terminal["misses"][0]["why"] == "late"
    streak = next(g for k, g in goals.items() if "in a row" in k)
    assert streak["value"] == 5 and not streak["met"] and streak["misses"][0]["why"] == {"turn 3": "deepen ..."}
    dup = next(g for k, g in goals.items() if "duplicate" in k)
    assert dup["value"] == 1 and not dup["met"]
    ladder = next(g for k, g in goals.items() if k.endswith(f">= {q.GOAL_LADDER}"))
    assert ladder["value"] == 0.6 and ladder["met"]
    ratio = next(g for k, g in goals.items() if "scripted" in k)
    assert ratio["value"] == pytest.approx(2.0) and ratio["met"]
    text = q.table(rows)
    assert "adaptive" in text and "scripted" in text and len(text.splitlines()) == 2 + len(rows)


def test_html_report_has_plotly_charts():
    runs = [fake_run("adaptive", q.COOPERATIVE, 20, 0.7, 8), fake_run("scripted", q.COOPERATIVE, 20, 0.3, None)]
    report = {"command": "interview bench quality", "similarity": "jaccard", "runs": runs,
              "aggregate": q.aggregate(runs), "goals": q.goals(runs)}
    page = q.html_report(report)
    assert page.count("Plotly.newPlot") == 5
    assert "<td>met</td>" in page  # the terminal goal: 1 of 1 MEC cooperative run within 12 turns
    assert "<table>" in page and "Ladder recall by policy" in page
