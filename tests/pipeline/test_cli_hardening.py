"""The CLI and session API against hostile input: answers files checked before a session exists, control
characters from answers escaped on the terminal, lone surrogates refused, exports to a named default path."""

from __future__ import annotations

import time

import pytest

from interview_core.cli.main import main
from interview_core.persistence import Repository
from interview_core.session import InterviewSession, InvalidAnswer

ANSI = "I like it \x1b[31mRED\x1b[0m\x1b[2J because it foams\r well"


@pytest.fixture(autouse=True)
def _lexical(monkeypatch):
    monkeypatch.setenv("INTERVIEW_DEDUP__EMBEDDINGS_ENABLED", "false")


def _sessions(db) -> list:
    return Repository(db).list_sessions() if db.exists() else []


@pytest.mark.parametrize("content, message", [
    (b"- caf\xe9 au lait\n- fine\n", "answers.yaml: byte 5: not UTF-8 text (invalid continuation byte)"),
    (b"- [nested, list]\n- fine\n", "answers.yaml: item 1: expected text, got a nested list or mapping"),
    (b"- 'unclosed\n", "answers.yaml: line 2, column 1: malformed YAML"),
])
def test_a_bad_answers_file_creates_no_session(tmp_path, capsys, content, message):
    answers = tmp_path / "answers.yaml"
    answers.write_bytes(content)
    db = tmp_path / "run.db"
    assert main(["run", "--concept", "oat_milk", "--answers", str(answers), "--db", str(db)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(message) and "Traceback" not in err
    assert _sessions(db) == []


def test_a_billion_laughs_answers_file_is_refused_at_once(tmp_path, capsys):
    lines = ["- &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    lines += [f"- &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 10)]
    answers = tmp_path / "answers.yaml"
    answers.write_text("\n".join(lines) + "\n", encoding="utf-8")
    db = tmp_path / "run.db"
    started = time.perf_counter()
    assert main(["run", "--concept", "oat_milk", "--answers", str(answers), "--db", str(db)]) == 2
    assert time.perf_counter() - started < 10  # refused while counting, never expanded
    assert "refused YAML: more than 5,000,000 characters once its aliases are expanded" in capsys.readouterr().err
    assert _sessions(db) == []


def test_control_characters_from_answers_are_escaped_in_run_and_show(tmp_path, capsys):
    answers = tmp_path / "answers.txt"
    answers.write_text(ANSI + "\nIt makes my coffee a treat\n", encoding="utf-8")
    db = tmp_path / "run.db"
    assert main(["run", "--concept", "oat_milk", "--answers", str(answers), "--db", str(db)]) == 0
    out = capsys.readouterr()
    assert "\x1b" not in out.out + out.err and "\r" not in out.out
    assert "Respondent: I like it \\x1b[31mRED\\x1b[0m\\x1b[2J because it foams\\r well" in out.out
    sid = _sessions(db)[0]["session_id"]
    assert main(["sessions", "--db", str(db), "show", sid]) == 0
    shown = capsys.readouterr().out
    assert "\x1b" not in shown and "\\x1b[31mRED" in shown
    assert Repository(db).list_utterances(sid)[1]["text"] == ANSI  # stored exactly as given


def test_lone_surrogates_are_an_invalid_answer(lexical_settings):
    session = InterviewSession.start("means_end_chain", "oat_milk", settings=lexical_settings)
    with pytest.raises(InvalidAnswer, match="lone surrogate, position 2"):
        session.answer("x\ud800 and more")
    assert session.turn_number == 0  # no turn consumed
    assert session.answer("Creamy, it foams well").turn_number == 1


def test_export_without_out_goes_to_a_named_file_in_the_data_directory(tmp_path, capsys, monkeypatch):
    db = tmp_path / "data" / "run.db"
    db.parent.mkdir()
    answers = tmp_path / "answers.txt"
    answers.write_text("It foams well\n", encoding="utf-8")
    assert main(["run", "--concept", "oat_milk", "--answers", str(answers), "--db", str(db)]) == 0
    sid = _sessions(db)[0]["session_id"]
    work = tmp_path / "cwd"
    work.mkdir()
    monkeypatch.chdir(work)
    capsys.readouterr()
    assert main(["sessions", "--db", str(db), "export", sid, "--format", "markdown"]) == 0
    target = tmp_path / "data" / "exports" / f"oat_milk_{sid}.md"
    assert target.read_text(encoding="utf-8").startswith(f"# Interview {sid}")
    err = capsys.readouterr().err
    assert f"wrote {target}" in err and "--out - for stdout" in err
    assert list(work.iterdir()) == []  # nothing dropped into the current directory
    assert main(["sessions", "--db", str(db), "export", sid, "--out", "-"]) == 0
    assert f'"session_id": "{sid}"' in capsys.readouterr().out
