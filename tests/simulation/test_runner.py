"""End to end: the respondent interviewed by a real offline session."""

import json

from interview_core.cli.main import main
from interview_core.simulation.runner import run_interview

KEYS = {"session_id", "methodology", "concept", "persona", "mind", "turns", "termination_reason", "metrics"}


def test_run_record_and_determinism(tmp_path):
    args = ("means_end_chain", "oat_milk", "cooperative", "oat_milk_health_seeker", 6)
    a = run_interview(*args, seed=3, db_path=str(tmp_path / "a.db"))
    b = run_interview(*args, seed=3, db_path=str(tmp_path / "b.db"))
    assert KEYS <= set(a)
    assert len(a["turns"]) in range(1, 7)
    for t in a["turns"]:
        assert {"question", "answer", "revealed", "turn_result"} <= set(t)
        assert t["turn_result"]["turn_number"] >= 1
    assert [t["answer"] for t in a["turns"]] == [t["answer"] for t in b["turns"]]
    assert [t["question"] for t in a["turns"]] == [t["question"] for t in b["turns"]]
    assert 0 <= a["metrics"]["ladder_recall"] <= 1 and a["metrics"]["turns"] == len(a["turns"])


def test_scripted_baseline_probes_elements_then_asks_why(tmp_path):
    rec = run_interview("means_end_chain", "oat_milk", "cooperative", "oat_milk_health_seeker", 8,
                        seed=0, policy="scripted", db_path=str(tmp_path / "s.db"))
    questions = [t["question"] for t in rec["turns"]]
    assert "creamy texture" in questions[1].lower()  # the first element probe follows the opening
    assert rec["turns"][1]["respondent"]["topic"] == "creamy"
    assert questions[-1] == "Why is that important to you?"


def test_cli_simulate_writes_json(tmp_path, capsys):
    out = tmp_path / "run.json"
    code = main(["simulate", "--mind", "banking_locked_out", "--persona", "terse", "--turns", "4",
                 "--seed", "1", "--db", str(tmp_path / "c.db"), "--out", str(out)])
    assert code == 0
    rec = json.loads(out.read_text())
    assert rec["methodology"] == "critical_incident" and rec["persona"] == "terse"
    assert "ladder recall" in capsys.readouterr().out
