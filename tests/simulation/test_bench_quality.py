"""The quality benchmark's pure parts: grid, run scoring, aggregation, goals, explanations, report."""


import pytest

from benchmarks import quality as q
from interview_core.config import registry
from interview_core.simulation.mind import load_mind
from interview_core.simulation.runner import score_run
from interview_core.simulation.similarity import Similarity


def test_grid_pairs_each_methodology_file_with_the_minds_it_suits(tmp_path):
    grid, notes = q.build_grid([10, 20], ["cooperative"], [], ["critical_incident"], ["adaptive", "scripted"], [0],
                               ["offline", "oracle"])
    minds = {j["mind"] for j in grid}
    assert minds == {p.stem for p in registry.list_files("minds") if p.stem.startswith("banking_")}
    assert len(grid) == len(minds) * 2 * 2 * 2 and not notes
    assert all(j["concept"].endswith("online_banking_incident.yaml") and j["label"] == "critical_incident" for j in grid)
    # A file whose ontology suits no mind says so instead of being left out.
    text = (registry.CONFIG_DIR / "methodologies" / "means_end_chain.yaml").read_text()
    odd = tmp_path / "methods" / "odd.yaml"
    odd.parent.mkdir()
    odd.write_text(text.replace("name: attribute", "name: feature").replace("[attribute,", "[feature,").replace(", attribute]", ", feature]"))
    grid, notes = q.build_grid([10], ["cooperative"], ["oat_milk_texture_lover"], [str(odd)], ["adaptive"], [0])
    assert grid == [] and notes and notes[0].startswith("odd@" + tmp_path.name + ": suits no mind")


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
    return {"mind": "oat_milk_texture_lover", "mind_file": "oat_milk_texture_lover", "methodology": "means_end_chain",
            "methodology_file": "means_end_chain", "turns": turns, "graph": graph}


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


def fake_run(policy, persona, turns, ladder, terminal_turn, longest=2, dups=(), methodology="means_end_chain", why=None,
             extraction="offline", early=False):
    return {"methodology": methodology, "policy": policy, "persona": persona, "turns": turns, "mind": "m", "seed": 0,
            "extraction": extraction, "termination_reason": "depth_plateau" if early else None,
            "why": why or {}, "metrics": {
                "ladder_recall": ladder, "concept_recall": ladder, "terminal_reached": terminal_turn is not None,
                "terminal_turn": terminal_turn, "element_coverage": 0.5, "duplicate_rate": len(dups) / turns,
                "duplicate_turns": list(dups), "extraction_precision": None, "turns": 9 if early else turns,
                "early_end": early, "links_unrevealed": 2 if early else 0,
                "strategy": {"longest_run": longest, "distinct_per_10": 3.0, "top_share": 0.4, "distinct_focus_nodes": 4, "rotation": None}}}


def test_aggregate_and_goals():
    coop = q.COOPERATIVE
    runs = [fake_run("adaptive", coop, 20, 0.7, 8), fake_run("adaptive", coop, 20, 0.5, 14, why={"terminal": "late"}),
            fake_run("scripted", coop, 20, 0.3, None), fake_run("adaptive", "terse", 10, 0.2, None, longest=5,
                                                                 dups=(4,), why={"streak": {"turn 3": "deepen ..."}}, early=True),
            fake_run("adaptive", coop, 20, 0.9, 6, extraction="oracle")]
    rows = q.aggregate(runs)
    first = next(r for r in rows if r["policy"] == "adaptive" and r["persona"] == coop)
    assert first["runs"] == 2 and first["ladder_recall"] == pytest.approx(0.6) and first["terminal_rate"] == 1.0
    assert first["terminal_turn"] == 11
    goals = {g["goal"]: g for g in q.goals(runs)}
    off = "means_end_chain [offline]"
    terminal = goals[f"{off} cooperative: terminal value within 12 turns in >= 90% of runs"]
    assert terminal["value"] == 0.5 and not terminal["met"] and terminal["misses"][0]["why"] == "late"
    streak = goals[f"{off}: no run of one strategy longer than 3 (every persona)"]
    assert streak["value"] == 5 and not streak["met"] and streak["misses"][0]["why"] == {"turn 3": "deepen ..."}
    dup = goals[f"{off}: no duplicate questions"]
    assert dup["value"] == 1 and not dup["met"]
    early = next(g for k, g in goals.items() if k.startswith(off) and "before turn 12" in k)
    assert early["value"] == 1 and not early["met"] and "2 link(s) unrevealed" in early["misses"][0]["why"]
    ladder = goals[f"{off} cooperative, 20 turns: mean ladder recall >= {q.GOAL_LADDER}"]
    assert ladder["value"] == 0.6 and ladder["met"]
    ratio = goals[f"{off} cooperative, 20 turns: ladder recall >= {q.GOAL_LADDER_RATIO}x scripted baseline"]
    assert ratio["value"] == pytest.approx(2.0) and ratio["met"]
    oracle = goals[f"means_end_chain [oracle] cooperative, 20 turns: mean ladder recall >= {q.GOAL_LADDER_ORACLE}"]
    assert oracle["value"] == 0.9 and oracle["met"]  # oracle rows are reported apart, with their own target
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
