"""A synthetic interview for the engine benchmarks: the project's means-end chain padded to 12
strategies, grown answer by answer through the real engine (five concepts per answer on the
methodology's ladder, each linked to a concept one level below, some orphans and merges)."""

from __future__ import annotations

import random

from interview_core.config.concept import Concept, Element
from interview_core.config.methodology import Methodology, load_methodology
from interview_core.config.registry import CONFIG_DIR
from interview_core.engine import Engine
from interview_core.language.contracts import ExtractedEdge, ExtractedNode, ExtractionResult
from interview_core.vocabulary import Assessment

STRATEGY_COUNT = 12
NODES_PER_ANSWER = 5


def bench_methodology() -> Methodology:
    """The project's means-end chain, padded to 12 strategies."""
    m = load_methodology(CONFIG_DIR / "methodologies" / "means_end_chain.yaml")
    strategies = list(m.strategies)
    template = next(s for s in strategies if s.focus_kind == "node")
    i = 0
    while len(strategies) < STRATEGY_COUNT:
        i += 1
        strategies.append(template.model_copy(update={"name": f"{template.name}_variant_{i}"}))
    return m.model_copy(update={"strategies": strategies[:STRATEGY_COUNT]})


def bench_concept() -> Concept:
    return Concept(id="bench", name="Bench", methodology="means_end_chain",
                   elements=[Element(id=f"el{i}", label=f"element {i}") for i in range(8)])


def synthetic_answer(m: Methodology, rng: random.Random, turn: int, labels_by_level: dict[int, list[str]]) -> ExtractionResult:
    types = sorted((t for t in m.ontology.nodes if t.level is not None), key=lambda t: t.level)
    edge = next(e for e in m.ontology.edges if e.permitted_connections)
    nodes, edges = [], []
    for k in range(NODES_PER_ANSWER):
        t = types[min(int(rng.expovariate(0.5)), len(types) - 1)]
        label = f"concept {turn}-{k} {rng.choice(['taste', 'price', 'foam', 'health', 'habit', 'planet'])}"
        nodes.append(ExtractedNode(label=label, node_type=t.name, quote=label, stance=rng.choice([-1, 0, 0, 1]),
                                   element_mapping=f"el{rng.randrange(8)}" if rng.random() < 0.2 else None))
        for step in (1, 0):  # a link from the level below, sometimes one from the same level
            below = labels_by_level.get(t.level - step, [])
            if below and rng.random() < (0.9 if step else 0.4):
                edges.append(ExtractedEdge(source_label=rng.choice(below[-40:]), target_label=label,
                                           relation_type=edge.name, quote=label))
        labels_by_level.setdefault(t.level, []).append(label)
    return ExtractionResult(nodes=nodes, edges=edges, assessment=Assessment(response_depth=rng.choice(
        ["surface", "shallow", "moderate", "deep"]), engagement=rng.random()))


def build_engine(size: int, seed: int = 0, repeats: int = 0) -> tuple[Engine, int]:
    """An engine whose graph holds about ``size`` nodes once ``repeats`` more answers are added; returns
    it with the next turn number."""
    m = bench_methodology()
    engine = Engine(m, bench_concept())
    rng = random.Random(seed)
    labels: dict[int, list[str]] = {}
    turn = 1
    while len(engine.graph) + NODES_PER_ANSWER * (repeats + 1) <= size:
        result = synthetic_answer(m, rng, turn, labels)
        engine.apply_extraction(result, f"u{turn}", turn)
        engine.compute_state(result.assessment, turn)
        if turn % 10 == 0:
            engine.select(turn)
        turn += 1
    return engine, turn
