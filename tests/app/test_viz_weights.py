"""The weights form's tables, configuration differences, the weights in force at a turn, problem lines,
and the what-if's wording."""

from __future__ import annotations

from pathlib import Path

import yaml

from interview_core.config.diff import config_diff, describe_change, flatten, yaml_in_force
from interview_core.viz.weights_form import line_of, phase_rows, split_key, weight_rows, with_edits
from interview_core.viz.whatif import pair_text, validate_methodology_text

ROOT = Path(__file__).resolve().parents[2]
MINI = {
    "method": {"name": "m"},
    "strategies": [
        {"name": "deepen", "signal_weights": {"llm.engagement.high": 0.5, "graph.node_count": -0.2}},
        {"name": "explore", "signal_weights": {"llm.engagement.high": 0.1}},
        {"name": "synthesis"},
    ],
    "phases": {"early": {"signal_weights": {"deepen": 1.2}, "phase_bonuses": {"explore": 0.3}}, "late": None},
}


def test_weight_rows_are_a_strategy_by_key_grid():
    assert weight_rows(MINI) == [
        {"signal": "llm.engagement", "level": "high", "deepen": 0.5, "explore": 0.1, "synthesis": None},
        {"signal": "graph.node_count", "level": "", "deepen": -0.2, "explore": None, "synthesis": None},
    ]
    assert split_key("graph.node_count") == ("graph.node_count", "")
    assert split_key("llm.engagement.high") == ("llm.engagement", "high")


def test_phase_rows_hold_multipliers_and_bonuses():
    rows = phase_rows(MINI)
    assert rows[0] == {"strategy": "deepen", "early multiplier": 1.2, "early bonus": None, "late multiplier": None,
                       "late bonus": None}
    assert rows[1]["early bonus"] == 0.3


def test_unedited_tables_give_back_the_same_data_and_edits_land_in_place():
    assert config_diff(MINI, with_edits(MINI, weight_rows(MINI), phase_rows(MINI))) == []
    weights = weight_rows(MINI)
    weights[0]["explore"] = float("nan")  # emptied cell: the weight goes
    weights[1]["synthesis"] = 0.7
    weights.append({"signal": "llm.valence", "level": "low", "deepen": None, "explore": 0.4, "synthesis": None})
    phases = phase_rows(MINI)
    phases[2]["late bonus"] = 0.25
    edited = with_edits(MINI, weights, phases)
    assert config_diff(MINI, edited) == [
        {"path": "strategies[explore].signal_weights['llm.engagement.high']", "before": 0.1, "after": None},
        {"path": "strategies[explore].signal_weights['llm.valence.low']", "before": None, "after": 0.4},
        {"path": "strategies[synthesis].signal_weights['graph.node_count']", "before": None, "after": 0.7},
        {"path": "phases.late.phase_bonuses.synthesis", "before": None, "after": 0.25},
    ]
    assert edited["phases"]["late"] == {"phase_bonuses": {"synthesis": 0.25}}
    assert MINI["strategies"][1]["signal_weights"] == {"llm.engagement.high": 0.1}  # the input is not touched


def test_flatten_and_describe():
    assert flatten({"a": {"b.c": 1}, "s": [{"name": "x", "w": 2}], "l": [1, 2]}) == {
        "a['b.c']": 1, "s[x].name": "x", "s[x].w": 2, "l": [1, 2]}
    assert describe_change({"path": "p", "before": None, "after": 0.4}) == "p: (none) \u2192 0.4"


def test_the_yaml_in_force_at_each_turn():
    changes = [{"after_turn": 2, "methodology_yaml_before": "v1", "methodology_yaml_after": "v2"},
               {"after_turn": 5, "methodology_yaml_before": "v2", "methodology_yaml_after": "v3"}]
    assert [yaml_in_force(t, changes, "v3") for t in (1, 2, 3, 5, 6, 9)] == ["v1", "v1", "v2", "v2", "v3", "v3"]
    assert yaml_in_force(4, [], "only") == "only"


def test_line_of_follows_the_loader_path():
    text = (ROOT / "config" / "methodologies" / "means_end_chain.yaml").read_text(encoding="utf-8")
    lines = text.splitlines()
    n = line_of(text, "strategies[deepen].signal_weights['llm.engagement.high']")
    assert "llm.engagement.high" in lines[n - 1]
    assert lines[line_of(text, "phases.mid.phase_bonuses") - 1].strip().startswith("phase_bonuses")
    assert line_of(text, "method.nope") == line_of(text, "method")  # the deepest part found
    assert line_of("a: [", "a") is None


def test_editor_errors_name_their_line():
    text = (ROOT / "config" / "methodologies" / "means_end_chain.yaml").read_text(encoding="utf-8")
    bad = text.replace("llm.engagement.high: 0.3", "llm.engagement.hihg: 0.3", 1)
    _model, errors, _ = validate_methodology_text(bad, "means_end_chain.yaml")
    line = next(i for i, l in enumerate(bad.splitlines(), 1) if "llm.engagement.hihg" in l)
    assert errors[0].endswith(f"(line {line})") and "did you mean 'high'" in errors[0]


def test_pair_text_never_shows_a_dash_for_a_missing_focus():
    assert pair_text(("synthesis", "-")) == "synthesis"
    assert pair_text(("deepen", "creamy (node)")) == "deepen \u2192 creamy (node)"
    assert pair_text(None) == "-"


def test_a_yaml_dump_of_the_form_reloads():
    text = (ROOT / "config" / "methodologies" / "means_end_chain.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    dumped = yaml.safe_dump(with_edits(data, weight_rows(data), phase_rows(data)), sort_keys=False)
    model, errors, _ = validate_methodology_text(dumped, "means_end_chain.yaml")
    assert model is not None and errors == []
