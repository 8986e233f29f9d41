"""`interview methodologies|concepts|personas list|validate`: exit codes and output."""

import subprocess
import sys
from pathlib import Path

import pytest
from reference_support import SHARED

from interview_core.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = SHARED / "reference"


@pytest.mark.reference
def test_validate_reference_methodologies_exit_0(capsys):
    paths = [str(p) for p in sorted((REFERENCE / "methodologies").glob("*.yaml"))]
    assert main(["methodologies", "validate", *paths]) == 0
    out = capsys.readouterr()
    assert "5 file(s) valid" in out.out
    # Reference files carry node-level weights on node_binding: none strategies: reported, not fatal.
    assert "never fires" in out.err


@pytest.mark.reference
def test_validate_strict_turns_warnings_into_errors(capsys):
    path = str(REFERENCE / "methodologies" / "means_end_chain.yaml")
    assert main(["methodologies", "validate", "--strict", path]) == 2


def test_validate_broken_exit_2_one_line_per_problem(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    text = (ROOT / "config" / "methodologies" / "means_end_chain.yaml").read_text()
    text = text.replace("llm.engagement.high: 0.3", "llm.engagement.medium: 0.3", 1)
    text = text.replace("graph.node.novelty.high: 0.7", "graph.node.novelty.hgh: 0.7", 1)
    bad.write_text(text)
    assert main(["methodologies", "validate", str(bad)]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 2
    assert all(line.startswith("bad.yaml: strategies[deepen].signal_weights[") for line in lines)


def test_validate_missing_file(capsys):
    assert main(["concepts", "validate", "/nonexistent/x.yaml"]) == 2
    assert "x.yaml: file not found" in capsys.readouterr().err


def test_list_commands(capsys):
    assert main(["methodologies", "list"]) == 0
    out = capsys.readouterr().out
    assert "means_end_chain" in out and "jobs_to_be_done" in out
    assert main(["concepts", "list"]) == 0
    assert "oat_milk" in capsys.readouterr().out
    assert main(["personas", "list"]) == 0
    out = capsys.readouterr().out
    assert {"cooperative", "terse", "rambler", "tiring", "fixated", "sceptic", "emotional", "unsure"} <= set(out.split())
    assert "baseline_cooperative" not in out  # reference personas are not found by name


def test_console_script_installed():
    exe = Path(sys.executable).parent / "interview"
    result = subprocess.run([str(exe), "personas", "validate", str(ROOT / "config" / "personas" / "terse.yaml")],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr


def test_config_dirs_are_honoured_by_name(tmp_path, monkeypatch, capsys):
    """A user's own folder (--config-dir or INTERVIEW_EXTRA_CONFIG_DIRS) and INTERVIEW_CONFIG_DIR."""
    from interview_core.config import registry

    own = tmp_path / "mine"
    (own / "personas").mkdir(parents=True)
    text = (ROOT / "config" / "personas" / "terse.yaml").read_text().replace("id: terse", "id: my_terse")
    (own / "personas" / "my_terse.yaml").write_text(text)
    monkeypatch.setenv(registry.EXTRA_DIRS_ENV, "")  # restored after the test
    assert main(["--config-dir", str(own), "personas", "list"]) == 0
    out = capsys.readouterr().out.split()
    assert "my_terse" in out and "cooperative" in out
    assert registry.persona("my_terse").id == "my_terse"
    # INTERVIEW_CONFIG_DIR replaces config/ as the primary directory
    monkeypatch.delenv(registry.EXTRA_DIRS_ENV)
    monkeypatch.setenv(registry.CONFIG_DIR_ENV, str(own))
    assert [p.stem for p in registry.list_files("personas")] == ["my_terse"]
    with pytest.raises(Exception, match="no persona named 'terse'"):
        registry.persona("terse")
