"""``interview bench perf``: time one full signal detection plus one scoring pass on synthetic graphs.

A synthetic interview is grown answer by answer through the real engine (five concepts per answer
on the methodology's ladder, each linked to a concept one level below, some orphans and merges), with a
focus selected every tenth answer so node state is realistic. The methodology is the project's
means-end chain with its strategies padded to 12 (a copy of the first node-bound strategy), so every
size is scored with 12 strategies.

Two figures per size: ``cold_ms`` runs detection with an empty cluster cache (a full Louvain pass),
``turn_ms`` is a regular turn: one more answer added to a graph whose clusters were computed on the
previous turn (the cache updates the partition incrementally, see ``graph/clusters.py``). Both include
detection, ranking of every pair and materialising the alternatives.
"""

from __future__ import annotations

import random
import time

from ..config.concept import Concept, Element
from ..config.methodology import Methodology, load_methodology
from ..config.registry import CONFIG_DIR
from ..engine import Engine
from ..graph.clusters import ClusterCache
from ..graph.metrics import edge_total
from ..language.contracts import Assessment, ExtractedEdge, ExtractedNode, ExtractionResult
from ..scoring.ranking import rank_strategy_node_pairs
from ..scoring.vetoes import VetoContext
from ..signals.detection import detect_signals

SIZES = (50, 200, 1000)
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


def _answer(m: Methodology, rng: random.Random, turn: int, labels_by_level: dict[int, list[str]]) -> ExtractionResult:
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
        result = _answer(m, rng, turn, labels)
        engine.apply_extraction(result, f"u{turn}", turn)
        engine.compute_state(result.assessment, turn)
        if turn % 10 == 0:
            engine.select(turn)
        turn += 1
    return engine, turn


def _detect_and_rank(engine: Engine, turn: int) -> int:
    ctx = engine.signal_context(turn)
    signals = detect_signals(ctx)
    nodes, elements = engine.focus_refs()
    ranking = rank_strategy_node_pairs(engine.methodology, signals, nodes, elements, None, VetoContext())
    return ranking.total_pairs


def bench_engine(sizes=SIZES, repeats: int = 7) -> list[dict]:
    """Per size: nodes, edges, pairs scored, cold_ms and turn_ms (best of ``repeats``)."""
    rows = []
    for size in sizes:
        engine, turn = build_engine(size, repeats=repeats)
        cold = []
        for _ in range(repeats):
            engine.state.clusters = ClusterCache()
            t0 = time.perf_counter()
            pairs = _detect_and_rank(engine, turn)
            cold.append((time.perf_counter() - t0) * 1000)
        warm = []
        rng = random.Random(size)
        labels: dict[int, list[str]] = {}
        for r in range(repeats):
            _detect_and_rank(engine, turn)  # the previous turn's detection fills the cluster cache
            turn += 1
            result = _answer(engine.methodology, rng, turn, labels)
            engine.apply_extraction(result, f"u{turn}", turn)
            engine.compute_state(result.assessment, turn)
            t0 = time.perf_counter()
            pairs = _detect_and_rank(engine, turn)
            warm.append((time.perf_counter() - t0) * 1000)
        rows.append({"size": size, "nodes": len(engine.graph), "edges": edge_total(engine.graph.g),
                     "pairs": pairs, "cold_ms": min(cold), "turn_ms": min(warm)})
    return rows


def run(args) -> int:
    rows = bench_engine(tuple(args.sizes))
    print(f"{'nodes':>6} {'edges':>6} {'pairs':>6} {'turn ms':>8} {'cold ms':>8}")
    for r in rows:
        print(f"{r['nodes']:>6} {r['edges']:>6} {r['pairs']:>6} {r['turn_ms']:>8.1f} {r['cold_ms']:>8.1f}")
    if len(rows) > 1:
        print(f"growth (largest / smallest turn time): {rows[-1]['turn_ms'] / rows[0]['turn_ms']:.1f}x")
    if args.turn_sizes:
        from .turn import bench_turns, print_turns

        for embeddings in (True, False):
            print_turns([bench_turns(size, turns=args.turns, embeddings=embeddings) for size in args.turn_sizes])
    return 0


def register(benches) -> None:
    p = benches.add_parser("perf", help="time signal detection + scoring on synthetic 50/200/1000-node graphs")
    p.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    p.add_argument("--turn-sizes", type=int, nargs="*", default=[50, 200],
                   help="graph sizes for full offline turns through the pipeline (none: skip)")
    p.add_argument("--turns", type=int, default=12, help="timed turns per size")
    p.set_defaults(func=run)
