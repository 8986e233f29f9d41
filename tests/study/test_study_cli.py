"""`interview study create|list|add|show|export` end to end on offline interviews."""

from __future__ import annotations

import csv
import io
import zipfile

from interview_core.cli.main import main
from interview_core.persistence import Repository


def test_study_cli_end_to_end(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("INTERVIEW_DEDUP__EMBEDDINGS_ENABLED", "false")
    db = str(tmp_path / "cli.db")
    answers = tmp_path / "answers.txt"
    for text in ("I like the creamy texture because it foams well.\nFoaming well makes me feel proud.\n",
                 "The creamy texture foams well, so I feel proud.\nA low price saves money.\n"):
        answers.write_text(text)
        assert main(["run", "--concept", "oat_milk", "--answers", str(answers), "--db", db]) == 0
    capsys.readouterr()
    sids = [r["session_id"] for r in Repository(db).list_sessions()]
    study_file = tmp_path / "wave.yaml"
    study_file.write_text("name: Wave 1\nconcept: oat_milk\nconsent_text: We record this.\nlanguage: en\nmax_turns: 6\n")
    assert main(["study", "--db", db, "create", "--file", str(study_file)]) == 0
    assert "Wave 1" in capsys.readouterr().out
    assert main(["study", "--db", db, "add", "Wave 1", *sids]) == 0
    assert capsys.readouterr().out.count("added") == 2
    assert main(["study", "--db", db, "list"]) == 0
    assert "interviews=2" in capsys.readouterr().out
    assert main(["study", "--db", db, "show", "Wave 1", "--cutoff", "1"]) == 0
    out = capsys.readouterr().out
    assert "R01" in out and "R02" in out and "Implication matrix" in out and "Dominant chains" in out
    target = tmp_path / "wave.qdpx"
    assert main(["study", "--db", db, "export", "Wave 1", "--format", "qdpx", "--out", str(target)]) == 0
    assert "coded selections" in capsys.readouterr().err
    with zipfile.ZipFile(target) as z:
        assert "project.qde" in z.namelist() and sum(n.startswith("sources/") for n in z.namelist()) == 2
    for fmt in ("qdc", "ladders", "matrix", "graphml", "svg", "png"):
        path = tmp_path / f"x.{fmt}"
        assert main(["study", "--db", db, "export", "Wave 1", "--format", fmt, "--out", str(path)]) == 0
        assert path.stat().st_size > 0
    rows = list(csv.DictReader(io.StringIO((tmp_path / "x.ladders").read_text())))
    assert {r["respondent"] for r in rows} == {"R01", "R02"}


def test_study_cli_errors(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("INTERVIEW_DEDUP__EMBEDDINGS_ENABLED", "false")
    db = str(tmp_path / "cli.db")
    assert main(["study", "--db", db, "show", "nope"]) == 2
    assert "no study 'nope'" in capsys.readouterr().err
    assert main(["study", "--db", db, "create", "--name", "X"]) == 2
    assert main(["study", "--db", db, "create", "--name", "X", "--concept", "oat_milk", "--language", "english"]) == 2
    assert "language" in capsys.readouterr().err
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: Y\nconcept: nowhere\n")
    assert main(["study", "--db", db, "create", "--file", str(bad)]) == 2
    assert "nowhere" in capsys.readouterr().err
    assert main(["study", "--db", db, "create", "--name", "X", "--concept", "oat_milk"]) == 0
    assert main(["study", "--db", db, "add", "X", "zzz"]) == 2
    assert "no session 'zzz'" in capsys.readouterr().err


def test_show_escapes_terminal_controls(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("INTERVIEW_DEDUP__EMBEDDINGS_ENABLED", "false")
    db = str(tmp_path / "cli.db")
    assert main(["study", "--db", db, "create", "--name", "Evil\x1b[31m", "--concept", "oat_milk"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out
    assert main(["study", "--db", db, "show", "Evil\x1b[31m"]) == 0
    assert "\x1b" not in capsys.readouterr().out
