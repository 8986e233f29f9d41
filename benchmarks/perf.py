"""``interview bench perf``: time one full signal detection plus one scoring pass on synthetic graphs.

A synthetic interview (``synthetic.py``) is grown answer by answer through the real engine, with a
focus selected every tenth answer so node state is realistic; every size is scored with 12 strategies.

Two figures per size: ``cold_ms`` runs detection with an empty cluster cache (a full Louvain pass),
``turn_ms`` is a regular turn: one more answer added to a graph whose clusters were computed on the
previous turn (the cache updates the partition incrementally, see ``graph/clusters.py``). Both include
detection, ranking of every pair and materialising the alternatives.
"""

from __future__ import annotations

import random
import time

from interview_core.engine import Engine
from interview_core.graph.clusters import ClusterCache
from interview_core.graph.metrics import edge_total
from interview_core.scoring.ranking import rank_strategy_node_pairs
from interview_core.scoring.vetoes import VetoContext
from interview_core.signals.detection import detect_signals

from .synthetic import build_engine, synthetic_answer
from .turn import bench_turns, print_turns

SIZES = (50, 200, 1000)


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
            result = synthetic_answer(engine.methodology, rng, turn, labels)
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
