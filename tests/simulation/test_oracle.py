"""Oracle extraction: exactly the concepts and links the respondent revealed, with the mind's types."""

from __future__ import annotations

from pathlib import Path

import pytest

from interview_core.config import registry
from interview_core.simulation.mind import parse_mind
from interview_core.simulation.oracle import oracle_extraction, relation_for
from interview_core.simulation.respondent import Answer
from interview_core.simulation.runner import run_interview

MIND = """
id: t
concept: oat_milk
concepts:
  - {id: creamy, type: attribute, element: texture, stance: 1, phrasings: ["the creamy texture"]}
  - {id: foam, type: functional_consequence, element: foaming, stance: 1, phrasings: ["it foams properly"]}
  - {id: special, type: psychosocial_consequence, stance: 1, phrasings: ["my coffee feels special"]}
  - {id: pricey, type: attribute, element: price, stance: -1, phrasings: ["it costs more"]}
links: [[creamy, foam], [foam, special]]
"""


@pytest.fixture
def mind():
    return parse_mind(Path("t.yaml"), MIND)[0]


def test_nodes_and_links_of_one_answer(mind):
    mec = registry.methodology("means_end_chain")
    # "Why does the creamy texture matter?" -> "It foams properly, and it costs more."
    ans = Answer("It foams properly, and it costs more.", ["foam", "pricey"], ["foam", "pricey"], "ladder_up", "medium", "creamy")
    nodes, edges = oracle_extraction(mind, mec, ans)
    assert [(n.label, n.node_type, n.element_mapping, n.stance) for n in nodes] == [
        ("it foams properly", "functional_consequence", "foaming", 1), ("it costs more", "attribute", "price", -1)]
    assert [(e.source_label, e.target_label, e.relation_type) for e in edges] == [
        ("the creamy texture", "it foams properly", "leads_to")]  # the topic's link; foam->special not said
    silent = Answer("Not really.", [], [], "ladder_up", "acknowledgment", "creamy")
    assert oracle_extraction(mind, mec, silent) == ([], [])


def test_relation_respects_permitted_connections():
    mec = registry.methodology("means_end_chain")
    assert relation_for(mec, "attribute", "functional_consequence") == "leads_to"
    assert relation_for(mec, "terminal_value", "attribute") == "revises"  # only the "*" edge allows it


def test_oracle_run_captures_what_was_revealed(tmp_path):
    rec = run_interview("means_end_chain", "oat_milk", "cooperative", "oat_milk_health_seeker", 8, seed=0,
                        db_path=str(tmp_path / "o.db"), extraction="oracle")
    assert rec["extraction"] == "oracle"
    labels = {n["label"] for n in rec["graph"]["nodes"]}
    mind = registry.resolve("minds", "oat_milk_health_seeker")
    m = parse_mind(mind)[0]
    revealed = {c for t in rec["turns"] for c in t["revealed"]}
    assert {m.by_id[c].phrasings[0] for c in revealed} <= labels
    assert rec["metrics"]["concept_recall"] >= rec["metrics"]["concepts_revealed"] - 1e-9
    with pytest.raises(ValueError, match="unknown extraction"):
        run_interview("means_end_chain", "oat_milk", "cooperative", "oat_milk_health_seeker", 1, extraction="perfect")
