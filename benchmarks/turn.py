"""Full offline turns through the real pipeline (all twelve stages, SQLite included) at a given graph size.

A session on the project's means-end chain is pre-filled with a synthetic graph of about ``size`` nodes
(through the engine, as earlier turns would have), stored as the session's last completed turn and loaded
back (as a server process resumes a session), then natural answers are run through
``InterviewSession.answer`` and each turn's wall-clock milliseconds (the stages plus the one commit of the
turn's writes), process CPU milliseconds, encoder calls and per-stage milliseconds are recorded.
Reported: medians over the timed turns (after one warm-up turn), the graph size the timed turns ran on,
and the load average around the run (the machine is shared: CPU time is the steadier figure).

Before 2026-11-23 the pre-filled graph was never stored: the session found the database one turn behind
its own counter, reloaded itself from it and ran every timed turn on an almost empty graph (2 to 40
nodes), while the report printed the size of the discarded synthetic graph.
"""

from __future__ import annotations

import json
import os
import random
import re
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


def _forward_passes(encoder) -> int:
    """The model's forward passes so far (0 without an encoder or one that does not count them)."""
    stats = getattr(encoder, "stats", None)
    return stats().forward_passes if stats is not None else 0


def _store_prefill(session, turn: int) -> None:
    """Store the pre-filled engine as completed turn ``turn``, as the pipeline would have stored it."""
    from interview_core.pipeline.record import STATE_VERSION, engine_state

    graph = session.engine.graph.to_dict()
    session.repo.save_turn(
        session.session_id, turn, nodes=graph["nodes"], edges=graph["edges"],
        engine_state=engine_state(session.engine, session.matcher), engine_state_version=STATE_VERSION,
        scoring={"strategy": None, "focus": None, "score": None, "phase": None, "signals": {}}, alternatives=[],
        turn_result={"turn_number": turn},
        canonical=session.canonical.to_dict() if session.canonical is not None else None)


def bench_turns(size: int, turns: int = 12, embeddings: bool = True, seed: int = 0) -> dict:
    """Median wall and CPU ms, encoder calls and per-stage ms of ``turns`` offline turns at about ``size``
    nodes."""
    from interview_core.dedup.embeddings import clear_vector_caches, get_encoder
    from interview_core.session import InterviewSession  # heavy imports only when the bench runs
    from interview_core.text.parse import clear_cache as clear_parse_cache

    clear_vector_caches()  # an earlier run's texts (vectors, parses) must not be cache hits here
    clear_parse_cache()
    encoder = get_encoder() if embeddings else None
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
        _store_prefill(session, turn)
        session = InterviewSession.load(session.session_id, repo=session.repo, settings=settings)
        start_nodes = len(session.engine.graph)
        load_before = os.getloadavg()
        totals, cpus, calls, texts, passes, stages = [], [], [], [], [], {}
        for i in range(turns + 1):
            calls_before, texts_before = session.matcher.encode_calls, session.matcher.encoded_texts
            passes_before = _forward_passes(encoder)
            started, cpu_started = time.perf_counter(), time.process_time()
            result = session.answer(ANSWERS[i % len(ANSWERS)])
            wall_ms = (time.perf_counter() - started) * 1000  # the stages plus the turn's one commit
            cpu_ms = (time.process_time() - cpu_started) * 1000
            if i == 0:
                continue  # warm-up: the canonical graph's first pass, first SQLite writes
            totals.append(wall_ms)
            cpus.append(cpu_ms)
            calls.append(session.matcher.encode_calls - calls_before)
            texts.append(session.matcher.encoded_texts - texts_before)
            passes.append(_forward_passes(encoder) - passes_before)
            stages.setdefault("(commit and checks)", []).append(wall_ms - result.latency_ms)
            for name, ms in result.stage_ms.items():
                stages.setdefault(name, []).append(ms)
        return {
            "size": size, "nodes": start_nodes, "end_nodes": len(session.engine.graph),
            "embeddings": session.canonical_status,
            "turn_ms": statistics.median(totals), "p90_ms": sorted(totals)[int(0.9 * (len(totals) - 1))],
            "cpu_ms": statistics.median(cpus), "encode_calls": sum(calls) / len(calls),
            "encoded_texts": sum(texts) / len(texts), "forward_passes": sum(passes) / len(passes),
            "load": (load_before[0], os.getloadavg()[0]),
            "stage_ms": {k: statistics.median(v) for k, v in stages.items()},
        }


def print_turns(rows: list[dict]) -> None:
    for r in rows:
        print(f"\nfull offline turn at {r['nodes']}-{r['end_nodes']} nodes ({r['embeddings']}): median {r['turn_ms']:.1f} ms, "
              f"p90 {r['p90_ms']:.1f} ms; process CPU median {r['cpu_ms']:.1f} ms; per turn {r['encode_calls']:.2f} "
              f"encoder calls ({r['encoded_texts']:.1f} texts), {r['forward_passes']:.2f} model passes; "
              f"load average {r['load'][0]:.1f} -> {r['load'][1]:.1f}")
        for name, ms in r["stage_ms"].items():
            print(f"  {name:20s} {ms:8.2f} ms")


# -- behaviour digest: what a change meant only to be faster must leave exactly as it was -------------------
DIGEST_SCRIPT = ANSWERS + ["What do you mean by that?", "I don't know.", "hmm",
                           "The price matters because I am saving for a holiday, and that makes me feel free.",
                           "Can I ask who is running this study?", "It is too sweet, honestly, and I hate that."]
_RANDOM_IDS = re.compile(r"(?<=u_)[0-9a-f]{12}|[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}|[0-9a-f]{32}")
_UNSTABLE_KEYS = {"latency_ms", "stage_ms", "created_at", "updated_at"}


def _stable(value, ids: dict):
    """``value`` without timings and timestamps, random ids renamed in order of appearance."""
    if isinstance(value, dict):
        return {k: _stable(v, ids) for k, v in value.items() if k not in _UNSTABLE_KEYS}
    if isinstance(value, list):
        return [_stable(v, ids) for v in value]
    if isinstance(value, str):
        return _RANDOM_IDS.sub(lambda m: ids.setdefault(m.group(), f"id{len(ids)}"), value)
    return value


def scripted_outputs(answers: list[str], embeddings: bool = False, prefill: int = 0, resume: bool = False,
                     seed: int = 0) -> list[dict]:
    """Run ``answers`` through an offline session (pre-filled to about ``prefill`` nodes when given;
    ``resume``: loaded back from the database before every answer, caches emptied, as a fresh process
    would) and return, per turn, the TurnResult and the stored graph, canonical graph and scoring, then the
    transcript and the stored engine state; without timings, timestamps or random ids."""
    from interview_core.dedup.embeddings import clear_vector_caches
    from interview_core.session import InterviewSession
    from interview_core.text.parse import clear_cache as clear_parse_cache

    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(database=str(Path(tmp) / "digest.db"), dedup=DedupSettings(embeddings_enabled=embeddings))
        session = InterviewSession.start("means_end_chain", "oat_milk", settings=settings, max_turns=10_000, seed=seed,
                                         methodology_text=_never_closing_methodology())
        if prefill:
            rng, labels, turn = random.Random(seed), {}, 0
            while len(session.engine.graph) + NODES_PER_ANSWER <= prefill:
                turn += 1
                result = synthetic_answer(session.engine.methodology, rng, turn, labels)
                session.engine.apply_extraction(result, f"synthetic-{turn}", turn)
                session.engine.compute_state(result.assessment, turn)
            _store_prefill(session, turn)
            session = InterviewSession.load(session.session_id, repo=session.repo, settings=settings)
        ids: dict = {}
        out = []
        for text in answers:
            if resume:
                clear_parse_cache()
                clear_vector_caches()
                session = InterviewSession.load(session.session_id, repo=session.repo, settings=settings)
            result = session.answer(text)
            sid = session.session_id
            out.append({"result": result.model_dump(mode="json"), "nodes": session.repo.list_nodes(sid),
                        "edges": session.repo.list_edges(sid), "canonical": session.repo.canonical(sid),
                        "scoring": session.repo.scoring_history(sid)[-1]})
            if session.finished:
                break
        out.append({"transcript": session.repo.list_utterances(session.session_id),
                    "state": session.repo.load_state(session.session_id), "llm_calls": session.repo.llm_calls(session.session_id)})
        session.repo.close()
        return _stable(out, ids)


def digest(embeddings: bool) -> dict:
    """The behaviour digest compared before and after a speed change (``interview bench turn --digest``)."""
    from .load import answer_text

    rng = random.Random(1)
    return {"script": scripted_outputs(DIGEST_SCRIPT, embeddings),
            "script_resumed": scripted_outputs(DIGEST_SCRIPT[:8], embeddings, resume=True),
            "prefilled_50": scripted_outputs(DIGEST_SCRIPT[:10], embeddings, prefill=50),
            "load_answers": scripted_outputs([answer_text(rng, t) for t in range(1, 9)], embeddings)}


def run(args) -> int:
    if args.digest:
        data = digest(not args.lexical_only)
        Path(args.digest).write_text(json.dumps(data, indent=1, sort_keys=True, default=str), encoding="utf-8")
        print(f"behaviour digest of {sum(len(v) - 1 for v in data.values())} scripted turns written to {args.digest}")
        return 0
    print_turns([bench_turns(size, turns=args.turns, embeddings=not args.lexical_only) for size in args.sizes])
    return 0


def register(benches) -> None:
    p = benches.add_parser("turn", help="time full offline turns at given graph sizes, or write a behaviour digest")
    p.add_argument("--sizes", type=int, nargs="+", default=[50], help="graph sizes (nodes) to pre-fill")
    p.add_argument("--turns", type=int, default=12, help="timed turns per size")
    p.add_argument("--lexical-only", action="store_true", help="no sentence encoder (default: embeddings on)")
    p.add_argument("--digest", metavar="PATH",
                   help="instead of timing: write every output of fixed scripted interviews (questions, strategies, "
                        "foci, scores, graphs, stored rows; no timings or random ids) as JSON, to compare two versions")
    p.set_defaults(func=run)
