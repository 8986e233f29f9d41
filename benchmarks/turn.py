"""Full offline turns through the real pipeline (all twelve stages, SQLite included) at a given graph size.

A session on the project's means-end chain is pre-filled with a synthetic graph of about ``size`` nodes
(through the engine, as earlier turns would have), then natural answers are run through
``InterviewSession.answer`` and each turn's wall-clock milliseconds (the stages plus the one commit of the
turn's writes) and per-stage milliseconds are recorded. Reported:
medians over the timed turns (after one warm-up turn).
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

import yaml

from interview_core.config.registry import CONFIG_DIR
from interview_core.config.settings import DedupSettings, Settings
from .synthetic import NODES_PER_ANSWER, synthetic_answer

ANSWERS = [
    "I like how creamy it is because it foams properly for my latte.",
    "It makes my morning coffee feel like a little treat, so I start the day in a good mood.",
    "I guess it matters because I want to take care of myself.",
    "The price is a bit steep, which means I only buy it on offer.",
    "The carton is recyclable, so I feel less guilty about the waste.",
    "No added sugar is important since I'm watching my health.",
    "Honestly it tastes a bit oaty but I got used to it.",
    "It mixes well with tea too, which saves me buying two kinds of milk.",
    "For me it's about peace of mind, knowing what I put in my body.",
    "It froths better than almond milk and that makes it feel like a cafe at home.",
]


def _never_closing_methodology() -> str:
    """The shipped means-end chain with closing and early stopping switched off, so timing runs go on."""
    data = yaml.safe_load((CONFIG_DIR / "methodologies" / "means_end_chain.yaml").read_text(encoding="utf-8"))
    for strategy in data["strategies"]:
        if strategy.get("generates_closing_question"):
            strategy["signal_weights"] = {"meta.interview_progress": -100.0}
    data["continuation"].update(depth_plateau_turns=10_000, quality_degraded_shallow=10_000, max_turns=10_000)
    return yaml.safe_dump(data, sort_keys=False)


def bench_turns(size: int, turns: int = 12, embeddings: bool = True, seed: int = 0) -> dict:
    """Median total and per-stage ms of ``turns`` offline turns at about ``size`` nodes."""
    from interview_core.session import InterviewSession  # heavy imports only when the bench runs

    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(database=str(Path(tmp) / "bench.db"), dedup=DedupSettings(embeddings_enabled=embeddings))
        session = InterviewSession.start("means_end_chain", "oat_milk", settings=settings, max_turns=10_000, seed=seed,
                                         methodology_text=_never_closing_methodology())
        engine = session.engine
        rng = random.Random(seed)
        labels: dict[int, list[str]] = {}
        turn = 0
        while len(engine.graph) + NODES_PER_ANSWER <= size:
            turn += 1
            result = synthetic_answer(engine.methodology, rng, turn, labels)
            engine.apply_extraction(result, f"synthetic-{turn}", turn)
            engine.compute_state(result.assessment, turn)
        session.completed_turns = turn
        totals, stages = [], {}
        for i in range(turns + 1):
            started = time.perf_counter()
            result = session.answer(ANSWERS[i % len(ANSWERS)])
            wall_ms = (time.perf_counter() - started) * 1000  # the stages plus the turn's one commit
            if i == 0:
                continue  # warm-up: first embedding batch, first SQLite writes
            totals.append(wall_ms)
            stages.setdefault("(commit and checks)", []).append(wall_ms - result.latency_ms)
            for name, ms in result.stage_ms.items():
                stages.setdefault(name, []).append(ms)
        return {
            "size": size, "nodes": len(engine.graph), "embeddings": session.canonical_status,
            "turn_ms": statistics.median(totals), "p90_ms": sorted(totals)[int(0.9 * (len(totals) - 1))],
            "stage_ms": {k: statistics.median(v) for k, v in stages.items()},
        }


def print_turns(rows: list[dict]) -> None:
    for r in rows:
        print(f"\nfull offline turn at {r['nodes']} nodes ({r['embeddings']}): median {r['turn_ms']:.1f} ms, p90 {r['p90_ms']:.1f} ms")
        for name, ms in r["stage_ms"].items():
            print(f"  {name:20s} {ms:8.2f} ms")
