"""Minds resolve the concept they are used with: by path, from outside config/, or from --concept."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from interview_core.cli.main import main
from interview_core.config import registry
from interview_core.config.errors import ConfigError
from interview_core.simulation.mind import load_mind

ROOT = Path(__file__).resolve().parents[2]


def own_concept(folder: Path, concept_id: str = "oat_milk") -> Path:
    """A copy of oat_milk outside config/, with one element renamed (so the two are told apart)."""
    text = (ROOT / "config" / "concepts" / "oat_milk.yaml").read_text()
    text = text.replace("id: oat_milk", f"id: {concept_id}").replace("id: texture", "id: mouthfeel")
    path = folder / f"{concept_id}.yaml"
    path.write_text(text)
    return path


def own_mind(folder: Path, concept_ref: str) -> Path:
    text = (ROOT / "config" / "minds" / "oat_milk_texture_lover.yaml").read_text()
    text = text.replace("concept: oat_milk", f"concept: {concept_ref}").replace("element: texture", "element: mouthfeel")
    path = folder / "lover.yaml"
    path.write_text(text)
    return path


def test_mind_names_its_concept_by_relative_path(tmp_path):
    own_concept(tmp_path, "studio_oat")
    mind = load_mind(str(own_mind(tmp_path, "studio_oat.yaml")))
    assert mind.load_concept().id == "studio_oat"
    assert mind.concept_path() == tmp_path / "studio_oat.yaml"


def test_same_id_as_a_shipped_concept_is_checked_against_the_given_one(tmp_path):
    """The mind's concept id also exists in config/concepts: --concept decides, not config/."""
    concept_path = own_concept(tmp_path)  # id oat_milk, element 'mouthfeel' instead of 'texture'
    mind_path = own_mind(tmp_path, "oat_milk")
    with pytest.raises(ConfigError, match="unknown element 'mouthfeel'"):
        load_mind(str(mind_path))  # by name: the shipped oat_milk, which has no 'mouthfeel'
    mind = load_mind(str(mind_path), concept=registry.load_concept(concept_path))
    assert mind.id == "oat_milk_texture_lover"


def test_simulate_uses_the_concept_from_the_command_line(tmp_path, capsys):
    concept_path = own_concept(tmp_path)
    out = tmp_path / "run.json"
    code = main(["simulate", "--mind", str(own_mind(tmp_path, "oat_milk")), "--concept", str(concept_path),
                 "--turns", "2", "--db", str(tmp_path / "s.db"), "--out", str(out)])
    assert code == 0, capsys.readouterr().err
    rec = json.loads(out.read_text())
    assert rec["concept"] == "oat_milk" and len(rec["turns"]) == 2


def test_missing_concept_path_is_named(tmp_path):
    with pytest.raises(ConfigError, match="file not found"):
        load_mind(str(own_mind(tmp_path, "nowhere/none.yaml")))
