"""Engine-default safeguards apply to methodology files that do not mention them."""

from __future__ import annotations

import pytest
import yaml

from interview_core.cli.main import main
from interview_core.config.errors import ConfigError
from interview_core.config.methodology import parse_methodology
from interview_core.scoring.safeguards import DEFAULT_REPETITION_WEIGHT, REPETITION_SIGNAL, effective, relied_on
from interview_core.session import InterviewSession

# A guide whose weights make one strategy win every turn by a wide margin: nothing in the file stops it.
GREEDY = {
    "method": {"name": "greedy", "opening_templates": ["Tell me about {concept}."]},
    "ontology": {"nodes": [{"name": "thing", "level": 1}, {"name": "goal", "level": 2, "terminal": True}],
                 "edges": [{"name": "leads_to"}]},
    "strategies": [
        {"name": "hammer", "focus": "none", "description": "always", "prompt_hint": "ask",
         "question_templates": ["Where do you usually buy {concept}?", "Which shop stocks the brand you prefer?",
                                "How often does your household run out?", "What did your parents drink instead?",
                                "Who introduced you to the drink first?", "When during the week do you shop?",
                                "Which recipe of yours depends on it?", "What would a friend say about the taste?",
                                "How does the packaging open for you?", "What season do you drink more of it?",
                                "Which cafe near work serves it?", "How much storage space does it take?"],
         "signal_weights": {"meta.interview.phase.early": 5.0, "meta.interview.phase.mid": 5.0,
                            "meta.interview.phase.late": 5.0}},
        {"name": "other", "focus": "none", "description": "never", "prompt_hint": "ask",
         "question_templates": ["How did that make you feel?", "What would you change?", "Who else uses it?"],
         "signal_weights": {"llm.engagement.high": 0.1}},
    ],
    "continuation": {"max_turns": 10, "min_turns": 10},
}
ANSWERS = ["It is creamy and I like the taste.", "It foams well in coffee.", "I feel good about it.",
           "The price is a bit high.", "The carton is recyclable.", "My kids drink it too.",
           "It keeps me healthy.", "I buy it every week.", "It is easy to find.", "That's about it."]


def run_strategies(data: dict, lexical_settings, tmp_path) -> list[str]:
    text = yaml.safe_dump(data)
    s = InterviewSession.start("greedy", "oat_milk", methodology_text=text, settings=lexical_settings,
                               db_path=str(tmp_path / "g.db"))
    chosen = []
    for answer in ANSWERS:
        r = s.answer(answer)
        chosen.append(r.strategy_selected)
        if not r.should_continue:
            break
    return chosen


def longest_run(names: list[str]) -> int:
    best = run = 0
    for i, n in enumerate(names):
        run = run + 1 if i and n == names[i - 1] else 1
        best = max(best, run)
    return best


def test_default_ceiling_holds_a_greedy_file_to_three(lexical_settings, tmp_path):
    chosen = run_strategies(GREEDY, lexical_settings, tmp_path)
    assert len(chosen) == 10 and chosen.count("hammer") >= 7  # the file's preference still shows
    assert longest_run(chosen) == 3


def test_a_file_that_raises_the_ceiling_gets_its_own(lexical_settings, tmp_path):
    data = {**GREEDY, "vetoes": [{"name": "strategy_run", "threshold": 5}]}
    assert longest_run(run_strategies(data, lexical_settings, tmp_path)) == 5
    data = {**GREEDY, "safeguards": {"strategy_run": {"threshold": 4}}}
    assert longest_run(run_strategies(data, lexical_settings, tmp_path)) == 4


def test_a_file_can_switch_a_default_off_by_name(lexical_settings, tmp_path):
    data = {**GREEDY, "safeguards": {"strategy_run": {"enabled": False}}}
    assert run_strategies(data, lexical_settings, tmp_path) == ["hammer"] * 10
    data = {**GREEDY, "vetoes": [{"name": "strategy_run", "enabled": False}]}
    assert run_strategies(data, lexical_settings, tmp_path) == ["hammer"] * 10


def test_defaults_filled_in_and_listed():
    m, _ = parse_methodology(GREEDY, "greedy.yaml")
    enforced = effective(m)
    assert {v.name for v in enforced.vetoes} == {"strategy_run", "knowledge_ceiling", "node_exhausted",
                                                  "element_exhausted", "recent_redundancy"}
    run = next(v for v in enforced.vetoes if v.name == "strategy_run")
    assert run.threshold == 3
    ceiling = next(v for v in enforced.vetoes if v.name == "knowledge_ceiling")
    assert set(ceiling.spares) == {"hammer", "other"}  # unbound strategies cannot repeat a focus
    assert all(s.signal_weights[REPETITION_SIGNAL] == DEFAULT_REPETITION_WEIGHT for s in enforced.strategies)
    assert m.strategies[0].signal_weights.get(REPETITION_SIGNAL) is None  # the file's model is untouched
    assert relied_on(m)[-2:] == ["repetition_penalty", "patience"] and len(relied_on(m)) == 7
    own = {**GREEDY, "strategies": [{**GREEDY["strategies"][0], "signal_weights": {REPETITION_SIGNAL: -0.2}},
                                    GREEDY["strategies"][1]]}
    m2, _ = parse_methodology(own, "own.yaml")
    assert effective(m2).strategies[0].signal_weights[REPETITION_SIGNAL] == -0.2  # its own weight is kept


def test_unknown_safeguard_is_an_error_with_advice():
    with pytest.raises(ConfigError, match="unknown safeguard 'strategy_rn'.*did you mean 'strategy_run'"):
        parse_methodology({**GREEDY, "safeguards": {"strategy_rn": {"threshold": 4}}}, "x.yaml")
    with pytest.raises(ConfigError, match="also listed under vetoes"):
        parse_methodology({**GREEDY, "vetoes": [{"name": "strategy_run"}], "safeguards": {"strategy_run": {}}}, "x.yaml")


def test_validate_lists_the_defaults_a_file_relies_on(tmp_path, capsys):
    path = tmp_path / "greedy.yaml"
    path.write_text(yaml.safe_dump(GREEDY))
    assert main(["methodologies", "validate", str(path)]) == 0
    out = capsys.readouterr().out
    assert "greedy.yaml: relies on engine defaults: strategy_run, knowledge_ceiling, node_exhausted, " \
           "element_exhausted, recent_redundancy, repetition_penalty, patience" in out
