"""Hostile YAML in every configuration loader: the usual file/key message and exit code 2, never a
traceback (deep nesting, huge integers, alias bombs, self-referencing aliases)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from interview_core.cli.main import main
from interview_core.config.errors import ConfigError
from interview_core.config.loader import read_yaml
from interview_core.config.safe_yaml import UnsafeYAML, expanded_size, parse_yaml
from interview_core.viz.whatif import validate_methodology_text

ROOT = Path(__file__).resolve().parents[2]

BOMB = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{c}: &{c} [{', '.join(['*' + chr(ord(c) - 1)] * 10)}]\n" for c in "bcdefghi")

HOSTILE = {
    "flow_nesting": "a: " + "[" * 50_000 + "]" * 50_000 + "\n",
    "block_nesting": "a:\n" + "".join("  " * i + "-\n" for i in range(1000)),  # 3000 levels: over the size cap
    "decimal_4301_digits": "method:\n  name: " + "9" * 4301 + "\n",
    "hex_integer": "method:\n  name: 0x" + "f" * 5000 + "\n",
    "alias_bomb": BOMB,
    "self_alias": "a: &a [1, *a]\n",
}


@pytest.mark.parametrize("kind", ["methodologies", "concepts", "personas", "minds"])
@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_every_validate_command_reports_hostile_yaml_with_exit_2(kind, case, tmp_path, capsys):
    path = tmp_path / f"{case}.yaml"
    path.write_text(HOSTILE[case], encoding="utf-8")
    assert main([kind, "validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{case}.yaml: line "), err[:300]
    assert "Traceback" not in err and len(err) < 300


def test_the_cli_prints_no_traceback_in_a_subprocess(tmp_path):
    path = tmp_path / "deep.yaml"
    path.write_text(HOSTILE["flow_nesting"], encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "interview_core.cli.main", "methodologies", "validate", str(path)],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert run.returncode == 2
    assert run.stderr.strip() == "deep.yaml: line 1, column 67: refused YAML: nested more than 64 levels deep"


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_the_weights_editor_gets_messages_not_exceptions(case):
    model, errors, _warnings = validate_methodology_text(HOSTILE[case], "means_end_chain.yaml")
    assert model is None and len(errors) == 1
    assert errors[0].startswith("means_end_chain.yaml: line ") and "refused YAML" in errors[0]


def test_a_huge_bad_value_is_cut_in_the_message(tmp_path):
    path = tmp_path / "long.yaml"
    path.write_text("method:\n  name: [1]\n  goal: " + "7" * 4000 + "\n", encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        read_yaml(path)  # 4,000 digits are within Python's limit but beyond ours
    assert "integer too large (4,000 characters)" in str(info.value)


def test_limits_leave_ordinary_yaml_alone():
    text = (ROOT / "config" / "methodologies" / "means_end_chain.yaml").read_text(encoding="utf-8")
    assert parse_yaml(text) == yaml.safe_load(text)
    assert parse_yaml("a: &x [1, 2]\nb: *x\nc: 123456789012345678901234567890\n") == {
        "a": [1, 2], "b": [1, 2], "c": 123456789012345678901234567890}
    assert parse_yaml("") is None


def test_expanded_size_counts_aliases_once_per_use():
    node = yaml.compose("a: &x [ab, cde]\nb: *x\n")
    # mapping 1 + keys 'a','b' (1 each) + the list twice (1 + 2 + 3 each)
    assert expanded_size(node) == 1 + 1 + 1 + 2 * (1 + 2 + 3)
    with pytest.raises(UnsafeYAML):
        parse_yaml(BOMB, max_expanded=10_000)


def test_an_oversized_file_is_refused_before_reading(tmp_path):
    path = tmp_path / "big.yaml"
    path.write_text("a: " + "x" * 2_100_000, encoding="utf-8")
    with pytest.raises(ConfigError, match="big.yaml: file larger than 2,000,000 bytes"):
        read_yaml(path)
