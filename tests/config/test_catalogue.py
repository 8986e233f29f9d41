"""The signal catalogue covers the seeds' signals and every signal the reference files use."""


import pytest
import yaml
from reference_support import reference_files

from interview_core.config.methodology import resolve_weight_key
from interview_core.vocabulary import catalogue


SEED_SIGNALS = [
    "graph.node_count", "graph.max_depth", "graph.orphan_count", "graph.chain_completion.has_complete",
    "graph.node.exhausted", "graph.node.exhaustion_score", "graph.node.yield_stagnation", "graph.node.focus_streak",
    "graph.node.recency_score", "graph.node.is_orphan", "graph.node.edge_count", "graph.node.is_current_focus",
    "graph.node.has_outgoing", "llm.response_depth", "llm.sentiment", "llm.uncertainty", "llm.ambiguity",
    "llm.hedging_language", "llm.global_response_trend", "temporal.strategy_repetition_count",
    "temporal.turns_since_strategy_change", "meta.interview_progress", "meta.interview.phase", "meta.node.opportunity",
    "technique.node.strategy_repetition", "graph.node.cluster_density", "graph.node.peripheral_candidates",
    "graph.node.opposite_stance_present", "graph.node.cluster_saturation", "graph.thematic_fixation",
]


@pytest.mark.parametrize("name", SEED_SIGNALS)
def test_seed_signals_are_catalogued(name):
    spec = catalogue.CATALOGUE[name]
    assert spec.description and spec.pool in catalogue.POOLS


@pytest.mark.parametrize("path", reference_files("reference", "methodologies"))
def test_every_reference_weight_key_resolves(path):
    data = yaml.safe_load(path.read_text())
    for strategy in data["strategies"]:
        for key in strategy["signal_weights"]:
            resolve_weight_key(key)
    for names in data["signals"].values():
        for name in names:
            assert name in catalogue.CATALOGUE or name in catalogue.GROUPS, name


def test_levels():
    spec = catalogue.CATALOGUE["llm.engagement"]
    assert [catalogue.level_of(spec, v) for v in (0.0, 0.33, 1 / 3, 0.66, 2 / 3, 1.0)] == ["low", "low", "mid", "mid", "high", "high"]
    count = catalogue.CATALOGUE["temporal.strategy_repetition_count"]
    assert catalogue.level_of(count, 4, norm=3) == "high" and catalogue.level_of(count, 1, norm=3) == "mid"
    assert catalogue.level_of(catalogue.CATALOGUE["graph.node.exhausted"], True) == "true"
