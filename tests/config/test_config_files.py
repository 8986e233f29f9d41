"""Every shipped and reference configuration file validates; broken files give named problems."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml
from reference_support import SHARED, reference_files

from interview_core.config import ConfigError, load_concept, load_methodology, load_persona
from interview_core.config.methodology import methodology_warnings, resolve_weight_key, WeightKeyError

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = SHARED / "reference"
OURS = ROOT / "config"


def _files(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.yaml"))


@pytest.mark.parametrize("path", _files(OURS / "methodologies"), ids=lambda p: p.name)
def test_our_methodologies_validate_without_warnings(path):
    m = load_methodology(path)
    assert m.strategies and m.ontology.nodes
    assert methodology_warnings(path) == []
    for s in m.strategies:
        assert s.description and s.prompt_hint or s.generates_closing_question, s.name
        assert s.question_templates, f"{s.name} has no offline templates"


def test_our_methodologies_cover_the_seed_strategies():
    mec = load_methodology(OURS / "methodologies" / "means_end_chain.yaml")
    names = {s.name for s in mec.strategies}
    assert {"deepen", "clarify", "explore", "reflect", "revitalize", "bridge", "contrast", "ease",
            "synthesis", "cover_element", "closing"} <= names
    assert {p.stem for p in _files(OURS / "methodologies")} >= {"means_end_chain", "jobs_to_be_done", "critical_incident"}


@pytest.mark.parametrize("path", reference_files("reference", "methodologies"))
def test_reference_methodologies_load_unchanged(path):
    m = load_methodology(path)
    assert len(m.strategies) >= 5


@pytest.mark.parametrize("path", _files(OURS / "concepts"), ids=lambda p: p.name)
def test_our_concepts_validate(path):
    c = load_concept(path)
    assert c.elements and c.stimulus
    assert (OURS / "methodologies" / f"{c.methodology}.yaml").exists()


def test_concepts_span_two_methodologies():
    methods = {load_concept(p).methodology for p in _files(OURS / "concepts")}
    assert len(_files(OURS / "concepts")) >= 3 and len(methods) >= 2


def test_reference_minimal_concept_form(tmp_path):
    p = tmp_path / "c.yaml"
    p.write_text("id: x\nname: X\nmethodology: means_end_chain\nobjective: learn\n")
    assert load_concept(p).elements == []


@pytest.mark.parametrize("path", [pytest.param(p, id=p.name) for p in _files(OURS / "personas")] + reference_files("reference", "personas"))
def test_personas_validate(path):
    p = load_persona(path)
    assert p.id == path.stem


# --- broken files: one per error class ------------------------------------------------------------------

BASE = yaml.safe_load((OURS / "methodologies" / "means_end_chain.yaml").read_text())


def _strategy(data, name):
    return next(s for s in data["strategies"] if s["name"] == name)


def _set_weight(name, key, value):
    def mutate(d):
        _strategy(d, name)["signal_weights"][key] = value
    return mutate


def _dup_strategy(d):
    d["strategies"].append(copy.deepcopy(_strategy(d, "deepen")))


def _phase_unknown(d):
    d["phases"]["mid"]["signal_weights"]["deepn"] = 1.0


def _bad_connection(d):
    d["ontology"]["edges"][0]["permitted_connections"].append(["atribute", "terminal_value"])


def _unknown_key(d):
    _strategy(d, "deepen")["signal_weight"] = {}


def _unknown_veto(d):
    d["vetoes"].append({"name": "knowledge_cieling", "spares": []})


def _veto_spares_unknown(d):
    d["vetoes"][0]["spares"].append("summarise")


def _bad_placeholder(d):
    _strategy(d, "deepen")["question_templates"].append("Why does {focuss} matter?")


BROKEN = [
    ("unknown level", _set_weight("deepen", "llm.engagement.medium", 0.3),
     "means_end_chain.yaml: strategies[deepen].signal_weights['llm.engagement.medium']: unknown level 'medium' for llm.engagement (float: low, mid, high); did you mean 'mid'?"),
    ("unknown signal", _set_weight("deepen", "llm.engagment.high", 0.3),
     "means_end_chain.yaml: strategies[deepen].signal_weights['llm.engagment.high']: unknown signal 'llm.engagment.high'; did you mean 'llm.engagement'?"),
    ("boolean without level", _set_weight("deepen", "graph.node.exhausted", -1.0),
     "means_end_chain.yaml: strategies[deepen].signal_weights['graph.node.exhausted']: boolean signal graph.node.exhausted needs a level (boolean: true, false), e.g. 'graph.node.exhausted.true'"),
    ("numeric without norm", _set_weight("deepen", "graph.edge_count", 0.2),
     "means_end_chain.yaml: strategies[deepen].signal_weights['graph.edge_count']: numeric signal graph.edge_count can exceed 1 and has no norm; add signal_norms['graph.edge_count']"),
    ("node-level on unbound", _set_weight("reflect", "graph.node.is_orphan.true", 0.5),
     "means_end_chain.yaml: strategies[reflect].signal_weights['graph.node.is_orphan.true']: node-level signal graph.node.is_orphan on strategy 'reflect' with focus 'none' (no node binding)"),
    ("duplicate strategy", _dup_strategy,
     "means_end_chain.yaml: strategies[deepen]: duplicate strategy name 'deepen'"),
    ("phase unknown strategy", _phase_unknown,
     "means_end_chain.yaml: phases.mid.signal_weights.deepn: unknown strategy 'deepn'; did you mean 'deepen'?"),
    ("unknown node type in connection", _bad_connection,
     "means_end_chain.yaml: ontology.edges[leads_to].permitted_connections[12]: unknown node type 'atribute'; did you mean 'attribute'?"),
    ("unknown key", _unknown_key,
     "means_end_chain.yaml: strategies[deepen].signal_weight: unknown key; did you mean 'signal_weights'?"),
    ("unknown veto", _unknown_veto,
     "means_end_chain.yaml: vetoes[knowledge_cieling]: unknown veto 'knowledge_cieling'; did you mean 'knowledge_ceiling'?"),
    ("veto spares unknown strategy", _veto_spares_unknown,
     "means_end_chain.yaml: vetoes[knowledge_ceiling].spares: unknown strategy 'summarise'"),
    ("template placeholder", _bad_placeholder,
     f"means_end_chain.yaml: strategies[deepen].question_templates[{len(_strategy(BASE, 'deepen')['question_templates'])}]: unknown placeholder '{{focuss}}'; did you mean 'focus'? (known: focus, summary, concept)"),
]


@pytest.mark.parametrize("label,mutate,expected", BROKEN, ids=[b[0] for b in BROKEN])
def test_broken_methodology_names_file_and_key(tmp_path, label, mutate, expected):
    data = copy.deepcopy(BASE)
    mutate(data)
    path = tmp_path / "means_end_chain.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    with pytest.raises(ConfigError) as info:
        load_methodology(path)
    messages = [str(p) for p in info.value.problems]
    assert expected in messages, messages


def test_malformed_yaml_names_line(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text("method:\n  name: x\n strategies: [\n")
    with pytest.raises(ConfigError) as info:
        load_methodology(path)
    (problem,) = info.value.problems
    assert str(problem).startswith("broken.yaml: line ") and "malformed YAML" in str(problem)


def test_top_level_not_a_mapping(tmp_path):
    path = tmp_path / "list.yaml"
    path.write_text("- a\n- b\n")
    with pytest.raises(ConfigError, match="list.yaml: expected a mapping at the top level, got list"):
        load_methodology(path)


def test_broken_concept_and_persona(tmp_path):
    c = tmp_path / "c.yaml"
    c.write_text("id: x\nname: X\nmethodology: m\nelements:\n  - {id: a, label: A, connects_to: [b]}\n")
    with pytest.raises(ConfigError, match=r"c.yaml: elements\[a\].connects_to: unknown element 'b'"):
        load_concept(c)
    p = tmp_path / "p.yaml"
    p.write_text("id: p\nname: P\nresponse_patterns: {detailed: 0.5, medium: 0.5, brief: 0.5, acknowledgment: 0}\n")
    with pytest.raises(ConfigError, match=r"p.yaml: response_patterns: shares must sum to 1.0 \(got 1.50\)"):
        load_persona(p)


@pytest.mark.parametrize("key,signal,level", [
    ("llm.engagement.mid", "llm.engagement", "mid"),
    ("graph.chain_completion.has_complete.false", "graph.chain_completion.has_complete", "false"),
    ("temporal.strategy_repetition_count", "temporal.strategy_repetition_count", None),
    ("temporal.strategy_repetition_count.high", "temporal.strategy_repetition_count", "high"),
    ("meta.node.opportunity.probe_deeper", "meta.node.opportunity", "probe_deeper"),
    ("meta.conversation.saturation", "meta.conversation.saturation", None),
])
def test_resolve_weight_key(key, signal, level):
    wk = resolve_weight_key(key)
    assert (wk.signal, wk.level) == (signal, level)


def test_resolve_weight_key_rejects_category_typo():
    with pytest.raises(WeightKeyError, match="unknown level 'deeep' for llm.response_depth .*did you mean 'deep'"):
        resolve_weight_key("llm.response_depth.deeep")


@pytest.mark.reference
def test_reference_data_is_beside_the_project():
    """The reference files must be there (CI puts ../shared beside the clone); never skip them silently."""
    assert len(_files(REFERENCE / "methodologies")) == 5, f"missing {REFERENCE / 'methodologies'}"
    assert len(_files(REFERENCE / "personas")) == 9, f"missing {REFERENCE / 'personas'}"
