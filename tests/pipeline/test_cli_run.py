"""`interview run --answers --out` and `interview sessions list|show|export`."""

import json

import networkx as nx

from interview_core.cli.main import main


def test_run_from_answers_then_sessions(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("INTERVIEW_DEDUP__EMBEDDINGS_ENABLED", "false")
    db = tmp_path / "cli.db"
    answers = tmp_path / "answers.yaml"
    answers.write_text("- I like how creamy it is because it foams well.\n- It makes my coffee feel like a treat.\n- 'I want to take care of myself.'\n")
    out = tmp_path / "run.json"
    assert main(["run", "--concept", "oat_milk", "--answers", str(answers), "--out", str(out), "--db", str(db)]) == 0
    err = capsys.readouterr().err
    assert "offline mode" in err and "Matching: lexical only" in err and "Language calls:" in err
    run = json.loads(out.read_text())
    assert len(run["turns"]) == 3 and run["turns"][0]["turn_result"]["turn_number"] == 1
    assert run["turns"][2]["turn_result"]["next_question"]
    sid = run["session_id"]

    assert main(["sessions", "--db", str(db), "list"]) == 0
    assert sid in capsys.readouterr().out
    assert main(["sessions", "--db", str(db), "show", sid]) == 0
    assert "I like how creamy it is" in capsys.readouterr().out
    for fmt, ext in (("json", "json"), ("markdown", "md"), ("csv", "csv"), ("graphml", "graphml")):
        target = tmp_path / f"x.{ext}"
        assert main(["sessions", "--db", str(db), "export", sid, "--format", fmt, "--out", str(target)]) == 0
        assert target.stat().st_size > 0
    assert len(json.loads((tmp_path / "x.json").read_text())["turn_results"]) == 3
    assert "kind,id,label_or_relation" in (tmp_path / "x.csv").read_text()
    g = nx.read_graphml(tmp_path / "x.graphml")
    assert any(n.startswith("surface:") for n in g.nodes) and any(n.startswith("slot:") for n in g.nodes)
    assert main(["sessions", "--db", str(db), "show", "nope"]) == 2


def test_run_lines_file_and_bad_concept(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("INTERVIEW_DEDUP__EMBEDDINGS_ENABLED", "false")
    answers = tmp_path / "a.txt"
    answers.write_text("On weeknights I hate deciding what to cook.\n\nSo a kit saves me the planning.\n")
    assert main(["run", "--concept", "meal_kit", "--answers", str(answers), "--db", str(tmp_path / "d.db")]) == 0
    assert main(["run", "--concept", "oat_mlk", "--db", str(tmp_path / "d.db")]) == 2
    assert "did you mean 'oat_milk'" in capsys.readouterr().err
