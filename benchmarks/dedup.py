"""``interview bench dedup``: precision and recall of the surface matcher on labelled pairs, untuned
(the flat ``Settings.dedup`` thresholds) and tuned (the per-node-type thresholds calibrated on the dev
split), per split; the external pairs (``../shared/evaluation``) measured only; and milliseconds per
turn for embedding plus matching at 200 nodes. ``--calibrate`` re-fits the thresholds on the dev split
and writes ``config/dedup_calibration.yaml``."""

from __future__ import annotations

import sys
from pathlib import Path

from interview_core.config.settings import PROJECT_ROOT, load_settings
from interview_core.dedup.calibration import DEFAULT_PATH as CALIBRATION_PATH
from interview_core.dedup.calibration import save_calibration
from interview_core.dedup.embeddings import clear_vector_caches
from interview_core.dedup.evaluation import (DEFAULT_PAIRS, cross_pairs, evaluate, load_pairs, summarise_times,
                                             time_turns)
from interview_core.dedup.matcher import HybridMatcher
from interview_core.dedup.lexicon import default_lexicon
from interview_core.dedup.evaluation import rank_auc
from interview_core.dedup.tuning import (DEFINED, calibrate, candidate_scores, certify_score, embedding_tier_auc, guard_blocks,
                                         guard_effects, pair_rows, tier_population, word_tier_merges)

GOALS = {"precision": 0.95, "heldout_recall": 0.60, "external_recall": 0.40, "ms_per_turn": 50.0}
EXTERNAL_PAIRS = PROJECT_ROOT.parent / "shared" / "evaluation" / "paraphrase_pairs.tsv"


def register(subparsers) -> None:
    p = subparsers.add_parser("dedup", help="precision/recall of semantic de-duplication and ms per turn")
    p.add_argument("--pairs", default=str(DEFAULT_PAIRS), help="labelled pairs TSV (default: the bundled set)")
    p.add_argument("--external", default=str(EXTERNAL_PAIRS),
                   help="pairs measured only, never tuned on (default ../shared/evaluation/paraphrase_pairs.tsv)")
    p.add_argument("--lexical-only", action="store_true", help="disable the embedding tier")
    p.add_argument("--model", default=None, help="embedding model name or local path (default: settings)")
    p.add_argument("--calibrate", action="store_true", help=f"re-fit per-type thresholds on the dev split, write {CALIBRATION_PATH.name}")
    p.add_argument("--definitions", action="store_true",
                   help="with --calibrate: also try the aligned tier through WordNet's definitions (off by default)")
    p.add_argument("--nodes", type=int, default=200, help="existing nodes for the timing run (default 200)")
    p.add_argument("--per-turn", type=int, default=5, help="new labels per timed turn (default 5)")
    p.add_argument("--turns", type=int, default=30, help="timed turns after one warm-up (default 30)")
    p.add_argument("--scores", action="store_true",
                   help="AUC on the dev pairs of each candidate score of the embedding tier (before and after the guard), then stop")
    p.add_argument("--guards", action="store_true",
                   help="per rule of the restriction guard, the dev pairs it saves and the paraphrases it costs, then stop")
    p.add_argument("--errors", action="store_true", help="list every wrong decision of the tuned matcher")
    p.add_argument("--cross", action="store_true",
                   help="dev only: the tuned matcher's merges among labels of different dev pairs of one domain and "
                        "node type (an interview's nodes, mostly different concepts), listed per tier, then stop")
    p.add_argument("--guard", choices=["roles", "words"], default="roles",
                   help="the opposite guard: by syntactic roles (default) or on words alone (wave 3's, for comparison)")
    p.add_argument("--provider", choices=["loopback"], default=None,
                   help="run the pairs through the provider-assisted slot decision with a deterministic loopback stand-in")
    p.add_argument("--every-turns", type=int, default=3, help="with --provider: one batched call per this many turns")
    p.set_defaults(func=run)


def _table(table, flat: float | None = None) -> str:
    if table is None:
        return f"{flat:.2f} (the settings value: the file has no table)"
    return str(table) if table else "off for every type"


def _report(name: str, matcher: HybridMatcher, pairs, errors: bool) -> dict:
    results, outcomes = evaluate(matcher, pairs)
    for split, c in results.items():
        tiers = ", ".join(f"{k} {v}" + (f" ({c.wrong_by_method[k]} wrong)" if k in c.wrong_by_method else "")
                          for k, v in sorted(c.by_method.items()))
        print(f"  {name:8s} {split:9s} precision {c.precision:.3f}  recall {c.recall:.3f}  "
              f"(tp {c.tp}, fp {c.fp}, fn {c.fn}, tn {c.tn}; merges by {tiers or 'none'})")
    if matcher.related_words:
        _print_links(matcher, outcomes)
    if errors:
        for o in outcomes:
            if (o.method is not None) != o.pair.same:
                kind = "false merge" if o.method else "missed"
                print(f"    {kind:11s} [{o.pair.split}/{o.pair.domain}/{o.pair.node_type}] {o.pair.a!r} / {o.pair.b!r} {o.method or ''}")
    return results


def _print_links(matcher: HybridMatcher, outcomes) -> None:
    """Per split, the aligned tier's merges that only WordNet's looser links reach, and (where certified) those
    only its definitions reach (totals, and how many wrong)."""
    kinds = {"looser links": {}, "definitions": {}}
    lex = matcher.lexicon
    for o in outcomes:
        ka, kb = matcher.key(o.pair.a), matcher.key(o.pair.b)
        if o.method != "aligned" or lex.reworded(ka, kb):
            continue
        by_split = kinds["looser links" if lex.reworded(ka, kb, True) else "definitions"]
        for k in ("all", o.pair.split):
            row = by_split.setdefault(k, [0, 0])
            row[0], row[1] = row[0] + 1, row[1] + (not o.pair.same)
    for kind, by_split in kinds.items():
        if kind == "definitions" and not matcher.defined_words:
            continue
        parts = ", ".join(f"{k} {n} ({w} wrong)" for k, (n, w) in by_split.items())
        print(f"    of the aligned merges, through WordNet's {kind} only: {parts or 'none'}")


def _print_auc(name: str, matcher: HybridMatcher, pairs) -> None:
    """The cosine's ranking quality where it decides: pairs neither merged lexically nor blocked by the guard."""
    aucs = embedding_tier_auc(matcher, pairs)
    if aucs:
        parts = ", ".join(f"{k} {'n/a' if a is None else f'{a:.3f}'} ({n} pairs)" for k, (a, n) in aucs.items())
        print(f"  cosine AUC on the pairs reaching the embedding tier ({name}; 0.5 = chance): {parts}")


def _print_guard(name: str, matcher: HybridMatcher, pairs) -> None:
    """Same-concept pairs the guard blocks (false blocks) and different-concept pairs it blocks, per split."""
    parts = ", ".join(f"{k} {s} same / {d} different" for k, (s, d) in guard_blocks(matcher, pairs).items())
    print(f"  guard ({matcher.lexicon.by_role and 'by role' or 'on words'}) blocks ({name}): {parts}")


def _print_scores(matcher: HybridMatcher, pairs) -> int:
    """Dev only (the split decisions are made on): how well each candidate score ranks paraphrases above
    different-concept pairs where the embedding tier decides, with and without the opposite guard."""
    if not matcher.embeddings_available:
        print("--scores needs the embedding model", file=sys.stderr)
        return 2
    dev = [p for p in pairs if p.split == "dev"]
    unguarded = tier_population(matcher, dev, guarded=False)
    rows = tier_population(matcher, dev)
    same = [r.pair.same for r in rows]
    print(f"dev pairs reaching the embedding tier: {len(unguarded)} before the guard, {len(rows)} after it "
          f"({sum(same)} same, {len(rows) - sum(same)} different); AUC, 0.5 = chance")
    print(f"  cosine before the guard: {rank_auc([r.cosine for r in unguarded], [r.pair.same for r in unguarded]):.3f}")
    every = pair_rows(matcher, dev)
    train = [r for r in every if not r.exact and not r.opposed]  # the adapters' training pairs
    merged = word_tier_merges(matcher, dev, every)
    at = {id(r.pair): k for k, r in enumerate(every)}
    for name, scores in candidate_scores(matcher, rows, train).items():
        per_pair: list[float | None] = [None] * len(dev)
        for r, s in zip(rows, scores):
            per_pair[at[id(r.pair)]] = None if merged[at[id(r.pair)]] else s
        table = certify_score(dev, merged, per_pair)
        print(f"  {name} after the guard: {rank_auc(scores, same):.3f}; certified as a tier: {table or 'nothing'}")
    return 0


def _print_cross(matcher: HybridMatcher, pairs) -> int:
    """Dev only: every merge the tuned matcher makes among labels of different dev pairs of one domain and node
    type (:func:`cross_pairs`), with its tier; the count per tier. To be read: a few are one concept written twice."""
    cross = cross_pairs(pairs)
    _, outcomes = evaluate(matcher, cross)
    merged = [o for o in outcomes if o.method is not None]
    tiers: dict[str, int] = {}
    for o in merged:
        tiers[o.method] = tiers.get(o.method, 0) + 1
        print(f"    {o.method:9s} [{o.pair.domain}/{o.pair.node_type}] {o.pair.a!r} / {o.pair.b!r}")
    print(f"dev cross pairs (labels of different dev pairs, one domain and node type): {len(cross)}; merged "
          f"{len(merged)} ({', '.join(f'{k} {v}' for k, v in sorted(tiers.items())) or 'none'}); read them: "
          "a few are one concept written twice")
    return 0


def run(args) -> int:
    dedup = load_settings().dedup
    update = {"embeddings_enabled": False} if args.lexical_only else {}
    if args.model:
        update["embedding_model"] = args.model
    dedup = dedup.model_copy(update=update)
    pairs = load_pairs(args.pairs)
    lexicon = default_lexicon(None, args.guard == "roles")
    tuned = HybridMatcher(dedup, lexicon=lexicon)
    print(f"backend: {tuned.backend_status}")
    if args.provider:
        from .dedup_provider import run_provider

        ext = {"external": load_pairs(args.external)} if Path(args.external).is_file() else {}
        run_provider(tuned, {"bundled": pairs, **ext}, per_turn=args.per_turn, every_turns=args.every_turns)
        return 0
    if args.guards:
        dev = [p for p in pairs if p.split == "dev"]
        print(f"restriction guard on the {len(dev)} dev pairs the word tiers would otherwise reach "
              "(one label contains the other, or word overlap >= 0.75), each rule alone:")
        for rule, (saved, cost) in guard_effects(lambda rules: default_lexicon(None, args.guard == "roles", rules), dev).items():
            print(f"  {rule:12s} saves {saved} different pairs, costs {cost} paraphrases")
        return 0
    if args.cross:
        return _print_cross(tuned, pairs)
    if args.scores:
        return _print_scores(HybridMatcher(dedup, lexicon=lexicon, use_calibration=False), pairs)
    if args.calibrate:
        if tuned.encoder_name is None:
            print("--calibrate needs the embedding model", file=sys.stderr)
            return 2
        cal = calibrate(HybridMatcher(dedup, lexicon=lexicon, use_calibration=False), pairs,
                        defined_words=args.definitions or DEFINED)
        print(f"certified on {cal.dev_pairs} dev pairs (precision >= {cal.min_precision}, 95 % lower bound >= {cal.target_precision}): "
              f"word overlap {cal.jaccard_thresholds}, aligned words {cal.aligned_thresholds}, "
              f"containment (words added) {cal.contained_thresholds}, embedding {cal.embedding_thresholds}, "
              f"aligned words through WordNet's looser links {'on' if cal.related_words else 'off'}, "
              f"through its definitions {'on' if cal.defined_words else 'off'} "
              f"-> {save_calibration(cal)}")
        tuned = HybridMatcher(dedup, lexicon=lexicon, calibration=cal)
    untuned = HybridMatcher(dedup, lexicon=lexicon, use_calibration=False)
    print(f"pairs: {len(pairs)} ({sum(p.same for p in pairs)} same, {sum(not p.same for p in pairs)} different) from {args.pairs}")
    print(f"untuned thresholds: jaccard {untuned.jaccard_threshold:.2f}, embedding {untuned.embedding_threshold:.2f}")
    if tuned.calibration is None:
        print("tuned thresholds: none (no calibration for this model): the untuned ones")
    else:
        print(f"tuned (certified) thresholds, per node type ('default': types without their own; absent or None: off): "
              f"word overlap {_table(tuned.jaccard_thresholds, tuned.jaccard_threshold)}, "
              f"aligned words {_table(tuned.aligned_thresholds)}, containment (words added) {_table(tuned.contained_thresholds)}, "
              f"embedding {_table(tuned.type_thresholds)}; aligned words through WordNet's looser links "
              f"{'on' if tuned.related_words else 'off'}, through its definitions {'on' if tuned.defined_words else 'off'}")
    print("bundled pairs:")
    _report("untuned", untuned, pairs, False)
    results = _report("tuned", tuned, pairs, args.errors)
    _print_auc("bundled", untuned, pairs)
    _print_guard("bundled", untuned, pairs)
    external = None
    if Path(args.external).is_file():
        ext = load_pairs(args.external)
        print(f"external pairs (measured only, never tuned on): {len(ext)} from {args.external}")
        _report("untuned", untuned, ext, False)
        external = _report("tuned", tuned, ext, args.errors)["all"]
        _print_auc("external, measured only", untuned, ext)
        _print_guard("external, measured only", untuned, ext)
    else:
        print(f"external pairs: NOT MEASURED ({args.external} not found)")
    labels = list(dict.fromkeys(x for p in pairs for x in (p.a, p.b)))
    existing, fresh = labels[: args.nodes], labels[args.nodes :][: (args.turns + 1) * args.per_turn]
    clear_vector_caches()  # the encoder's process-wide cache holds every label evaluated above
    times = time_turns(HybridMatcher(dedup, lexicon=lexicon), existing, fresh, per_turn=args.per_turn)  # a fresh vector cache
    total = summarise_times([e + m for e, m, _ in times])
    embed, match = summarise_times([e for e, _, _ in times]), summarise_times([m for _, m, _ in times])
    cpu = summarise_times([c for _, _, c in times])
    print(f"speed: {len(existing)} nodes, {args.per_turn} new labels per turn, {len(times)} turns after 1 warm-up: "
          f"median {total['median']:.1f} ms per turn (embedding {embed['median']:.1f}, matching {match['median']:.1f}); "
          f"p95 {total['p95']:.1f} ms, max {total['max']:.1f} ms; process CPU median {cpu['median']:.1f} ms per turn")
    checks = {
        f"precision >= {GOALS['precision']} on every split": all(c.precision >= GOALS["precision"] for c in results.values())
        and (external is None or external.precision >= GOALS["precision"]),
        f"held-out recall >= {GOALS['heldout_recall']}": results.get("heldout") is not None
        and results["heldout"].recall >= GOALS["heldout_recall"],
        f"external recall >= {GOALS['external_recall']}": external is not None and external.recall >= GOALS["external_recall"],
        f"median <= {GOALS['ms_per_turn']:.0f} ms per turn": total["median"] <= GOALS["ms_per_turn"],
    }
    for goal, ok in checks.items():
        print(f"goal {goal}: {'met' if ok else 'NOT met'}")
    sys.stdout.flush()
    return 0

