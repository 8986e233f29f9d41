"""``interview bench dedup``: precision and recall of the surface matcher on the labelled paraphrase
set at the configured thresholds, and milliseconds per turn for embedding plus matching at 200 nodes."""

from __future__ import annotations

import sys

from interview_core.config.settings import load_settings
from interview_core.dedup.evaluation import DEFAULT_PAIRS, evaluate, load_pairs, summarise_times, time_turns
from interview_core.dedup.matcher import HybridMatcher

GOALS = {"precision": 0.95, "recall": 0.70, "ms_per_turn": 50.0}


def register(subparsers) -> None:
    p = subparsers.add_parser("dedup", help="precision/recall of semantic de-duplication and ms per turn")
    p.add_argument("--pairs", default=str(DEFAULT_PAIRS), help="labelled pairs TSV (default: the bundled set)")
    p.add_argument("--lexical-only", action="store_true", help="disable the embedding tier")
    p.add_argument("--model", default=None, help="embedding model name or local path (default: settings)")
    p.add_argument("--nodes", type=int, default=200, help="existing nodes for the timing run (default 200)")
    p.add_argument("--per-turn", type=int, default=5, help="new labels per timed turn (default 5)")
    p.add_argument("--errors", action="store_true", help="list every wrong decision")
    p.set_defaults(func=run)


def run(args) -> int:
    dedup = load_settings().dedup
    update = {"embeddings_enabled": False} if args.lexical_only else {}
    if args.model:
        update["embedding_model"] = args.model
    dedup = dedup.model_copy(update=update)
    pairs = load_pairs(args.pairs)
    matcher = HybridMatcher(dedup)
    print(f"backend: {matcher.backend_status}")
    print(f"pairs: {len(pairs)} ({sum(p.same for p in pairs)} same, {sum(not p.same for p in pairs)} different) from {args.pairs}")
    print(f"thresholds: jaccard {matcher.jaccard_threshold:.2f}, embedding {matcher.embedding_threshold:.2f}")
    results, outcomes = evaluate(matcher, pairs)
    for name, c in results.items():
        tiers = ", ".join(f"{k} {v}" for k, v in sorted(c.by_method.items()))
        print(f"{name:8s} precision {c.precision:.3f}  recall {c.recall:.3f}  (tp {c.tp}, fp {c.fp}, fn {c.fn}, tn {c.tn}; merges by {tiers or 'none'})")
    if args.errors:
        for o in outcomes:
            if (o.method is not None) != o.pair.same:
                kind = "false merge" if o.method else "missed"
                print(f"  {kind:11s} [{o.pair.split}/{o.pair.domain}] {o.pair.a!r} / {o.pair.b!r} {o.method or ''}")
    labels = list(dict.fromkeys(x for p in pairs for x in (p.a, p.b)))
    existing, fresh = labels[: args.nodes], labels[args.nodes :]
    times = time_turns(HybridMatcher(dedup), existing, fresh, per_turn=args.per_turn)  # a fresh vector cache
    total = summarise_times([e + m for e, m in times])
    embed, match = summarise_times([e for e, _ in times]), summarise_times([m for _, m in times])
    print(f"speed: {len(existing)} nodes, {args.per_turn} new labels per turn, {len(times)} turns after 1 warm-up: "
          f"median {total['median']:.1f} ms per turn (embedding {embed['median']:.1f}, matching {match['median']:.1f}); "
          f"p95 {total['p95']:.1f} ms, max {total['max']:.1f} ms")
    a = results["all"]
    ok = a.precision >= GOALS["precision"] and a.recall >= GOALS["recall"] and total["median"] <= GOALS["ms_per_turn"]
    print(f"goals (precision >= {GOALS['precision']}, recall >= {GOALS['recall']}, median <= {GOALS['ms_per_turn']:.0f} ms per turn): "
          f"{'met' if ok else 'NOT met'}")
    sys.stdout.flush()
    return 0
