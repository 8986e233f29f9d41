"""The mind format: loading, structure, and the validator's named problems."""

from pathlib import Path

import pytest

from interview_core.cli.main import main
from interview_core.config import registry
from interview_core.config.errors import ConfigError
from interview_core.simulation.mind import load_mind, parse_mind

GOOD = """
id: tiny
concept: oat_milk
concepts:
  - {id: creamy, type: attribute, element: texture, stance: 1, phrasings: ["how creamy it is"]}
  - {id: foams, type: functional_consequence, phrasings: ["it foams properly"]}
  - {id: special, type: psychosocial_consequence, phrasings: ["my coffee feels special"]}
  - {id: enjoy, type: terminal_value, phrasings: ["enjoying life"]}
  - {id: price, type: attribute, element: price, stance: -1, phrasings: ["it costs more"]}
links: [[creamy, foams], [foams, special], [special, enjoy]]
"""


def problems_for(text: str) -> list[str]:
    with pytest.raises(ConfigError) as exc:
        parse_mind(Path("bad.yaml"), text)
    return [str(p) for p in exc.value.problems]


def test_structure_of_a_small_mind():
    mind, warnings = parse_mind(Path("tiny.yaml"), GOOD)
    assert warnings == []
    assert mind.roots == ["creamy", "price"]
    assert mind.rung == {"creamy": 1, "foams": 2, "special": 3, "enjoy": 4, "price": 1}
    assert mind.depth == 4
    assert mind.successors["foams"] == ["special"]
    assert mind.branch_of("foams") == {"creamy", "foams", "special", "enjoy"}
    assert mind.branch_of("price") == {"price"}


@pytest.mark.parametrize("old,new,expected", [
    ("type: functional_consequence", "type: functional_consequense",
     "bad.yaml: concepts[foams].type: unknown node type 'functional_consequense' for means_end_chain; did you mean 'functional_consequence'?"),
    ("element: texture", "element: textur", "bad.yaml: concepts[creamy].element: unknown element 'textur' of concept 'oat_milk'; did you mean 'texture'?"),
    ("[special, enjoy]]", "[special, enjoi]]", "bad.yaml: links[2]: unknown concept 'enjoi'; did you mean 'enjoy'?"),
    ("{id: price,", "{id: creamy,", "bad.yaml: concepts[creamy]: duplicate concept id 'creamy'"),
    ("concept: oat_milk", "concept: oat_mlk", "bad.yaml: concept: cannot load concept 'oat_mlk'"),
    ("[special, enjoy]]", "[special, enjoy], [enjoy, creamy]]", "bad.yaml: links: links form a cycle; a ladder must lead upwards"),
    ("stance: -1,", "stance: 2,", "bad.yaml: concepts[price].stance: Input should be -1, 0 or 1 (got 2)"),
    ("links:", "linkz:", "bad.yaml: linkz: unknown key"),
])
def test_validator_names_file_and_key(old, new, expected):
    assert old in GOOD
    found = problems_for(GOOD.replace(old, new, 1))
    assert any(p.startswith(expected) for p in found), found


def test_every_shipped_mind_is_valid_and_each_concept_has_three():
    minds = [load_mind(p) for p in registry.list_files("minds")]
    per_concept = {}
    for m in minds:
        per_concept.setdefault(m.concept, []).append(m)
    assert set(per_concept) == {p.stem for p in registry.list_files("concepts")}
    for concept, ms in per_concept.items():
        assert len(ms) >= 3, concept
        assert len({m.depth for m in ms}) >= 2, f"{concept}: minds should vary in depth"
        assert all(2 <= m.depth <= 5 for m in ms)
        methodology = registry.methodology(registry.concept(concept).methodology)
        if methodology.name == "means_end_chain":
            for m in ms:  # each MEC mind tops out at a terminal value
                assert any(m.by_id[c].type == "terminal_value" and m.rung[c] == m.depth for c in m.by_id), m.id


def test_cli_validate_exit_codes(tmp_path, capsys):
    good = tmp_path / "good.yaml"
    good.write_text(GOOD)
    bad = tmp_path / "bad.yaml"
    bad.write_text(GOOD.replace("element: texture", "element: nope"))
    assert main(["minds", "validate", str(good)]) == 0
    assert main(["minds", "validate", str(good), str(bad)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["bad.yaml: concepts[creamy].element: unknown element 'nope' of concept 'oat_milk'"]


def test_cli_list_shows_every_mind(capsys):
    assert main(["minds", "list"]) == 0
    out = capsys.readouterr().out
    for p in registry.list_files("minds"):
        assert p.stem in out
