"""``interview bench quality``: how well the interviewer elicits ladders, across methodology files, minds,
personas, interview lengths, extraction (the offline layer, or the oracle: exactly what the respondent
revealed) and the two baselines (scripted and random strategy choice).

``--methodologies`` takes names or paths (ours and any reference file); every listed file is run over
every mind whose node types it has (a file whose ontology suits no mind is reported as such, not left out
silently). Figures are reported per methodology file and extraction; ``--set`` names the material
(ours, dev, held-out, external) so that sets are reported side by side, never merged.

Every run is an :func:`~interview_core.simulation.runner.run_interview`; the report keeps each run's
metrics, aggregates them per (methodology, policy, persona, turns) and checks the project's goals. When a
goal is missed the report says why: the winning strategy's top weighted signals on the turns of a
streak, and whether a missing terminal value was never revealed by the respondent or never extracted.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from interview_core.config import registry
from interview_core.scoring.safeguards import effective
from interview_core.simulation.mind import load_mind
from interview_core.simulation.oracle import EXTRACTIONS
from interview_core.simulation.runner import EARLY_END_TURN, POLICIES, run_interview

DEFAULT_PERSONAS = ("cooperative", "terse", "fixated", "tiring", "rambler", "sceptic", "emotional", "unsure")
COOPERATIVE = "cooperative"
GOAL_TERMINAL_SHARE = 0.9
GOAL_TERMINAL_TURNS = 12
GOAL_MAX_RUN = 3
GOAL_LADDER = 0.6
GOAL_LADDER_ORACLE = 0.8
GOAL_LADDER_RATIO = 1.5


def register(benches) -> None:
    p = benches.add_parser("quality", help="interview quality against simulated respondents with a hidden ground truth")
    p.add_argument("--turns", default="10,15,20", help="comma-separated interview lengths")
    p.add_argument("--personas", default=",".join(DEFAULT_PERSONAS), help="comma-separated names or paths")
    p.add_argument("--minds", default="", help="comma-separated names or paths (default: every shipped mind)")
    p.add_argument("--methodologies", default="", help="comma-separated names or paths (default: each mind's own)")
    p.add_argument("--extraction", default="offline", help="comma-separated: offline, oracle")
    p.add_argument("--set", default="ours", help="name of the material measured (reported, never merged)")
    p.add_argument("--policies", default=",".join(POLICIES), help="adaptive and the baselines: random, scripted")
    p.add_argument("--seeds", default="0", help="comma-separated seeds")
    p.add_argument("--provider", default=None)
    p.add_argument("--jobs", type=int, default=max(1, min(8, (os.cpu_count() or 2) - 1)))
    p.add_argument("--runs-dir", help="also write every run record here")
    p.add_argument("--out", required=True, help="report JSON")
    p.add_argument("--html", help="report HTML with plotly charts")
    p.set_defaults(func=_run)


def _csv(text: str) -> list[str]:
    return [x.strip() for x in text.split(",") if x.strip()]


def methodology_label(name_or_path: str) -> str:
    """``means_end_chain`` for a name; ``means_end_chain@reference`` for a file (its folder's parent)."""
    if not registry.is_path(name_or_path):
        return name_or_path
    p = Path(name_or_path)
    return f"{p.stem}@{p.resolve().parent.parent.name}"


def suits(mind, methodology) -> bool:
    """Whether every concept type of the mind is a node type of the methodology."""
    return {c.type for c in mind.concepts} <= set(methodology.node_type_names)


def build_grid(turns, personas, minds, methodologies, policies, seeds, extractions=("offline",)) -> tuple[list[dict], list[str]]:
    """(every run to make, notes). Without ``methodologies`` each mind runs with its concept's
    methodology; with them, each listed file runs over every mind it suits (notes name files that suit
    no mind)."""
    minds = minds or [p.stem for p in registry.list_files("minds")]
    loaded = {name: load_mind(name) for name in minds}
    grid, notes = [], []
    pairs: list[tuple[str, str]] = []  # (methodology name or path, mind name)
    if methodologies:
        for meth in methodologies:
            m = registry.methodology(meth)
            fitting = [name for name, mind in loaded.items() if suits(mind, m)]
            if not fitting:
                types = sorted({c.type for mind in loaded.values() for c in mind.concepts})
                notes.append(f"{methodology_label(meth)}: suits no mind (its node types {m.node_type_names}; the minds use {types})")
            pairs += [(meth, name) for name in fitting]
    else:
        pairs = [(mind.load_concept().methodology, name) for name, mind in loaded.items()]
    for meth, mind_name in pairs:
        mind = loaded[mind_name]
        concept = str(mind.concept_path())
        for persona in personas:
            for n in turns:
                for policy in policies:
                    for extraction in extractions:
                        for seed in seeds:
                            grid.append({"methodology": meth, "label": methodology_label(meth), "concept": concept,
                                         "persona": persona, "mind": mind_name, "turns": n, "policy": policy,
                                         "extraction": extraction, "seed": seed})
    return grid, notes


def _one(job: dict) -> dict:
    """Run one grid cell in a worker; keep the metrics and what explains a miss, not the transcript."""
    db = Path(job["db_dir"]) / f"worker_{os.getpid()}.db"  # one SQLite file per worker process
    started = time.perf_counter()
    record = run_interview(job["methodology"], job["concept"], job["persona"], job["mind"], job["turns"],
                           job["seed"], provider=job.get("provider"), policy=job["policy"], db_path=str(db),
                           extraction=job.get("extraction", "offline"))
    out = {**job, "session_id": record["session_id"], "termination_reason": record["termination_reason"],
           "metrics": record["metrics"], "seconds": round(time.perf_counter() - started, 2),
           "why": explain(record)}
    if job.get("runs_dir"):
        name = (f"{job.get('label', job['methodology'])}_{job['mind']}_{job['persona']}_{job['policy']}_"
                f"{job.get('extraction', 'offline')}_{job['turns']}_{job['seed']}.json")
        (Path(job["runs_dir"]) / name).write_text(json.dumps(record, indent=1, default=str))
    return out


def _winner_reason(tr: dict) -> str:
    """'deepen 1.40 (base 1.17 x1.20 +0.00) over explore 1.10; llm.response_depth.deep +0.60, ...'."""
    alts = [a for a in tr.get("strategy_alternatives", []) if not a.get("vetoed")]
    win = next((a for a in alts if a["strategy"] == tr.get("strategy_selected")), alts[0] if alts else None)
    if win is None:
        return "no scored alternative"
    other = next((a for a in alts if a["strategy"] != win["strategy"]), None)
    top = sorted(win.get("contributions", []), key=lambda c: -abs(c["contribution"]))[:3]
    sig = ", ".join(f"{c['key']} {c['contribution']:+.2f}" for c in top)
    vs = f" over {other['strategy']} {other['final']:.2f}" if other else ""
    return (f"{win['strategy']} {win['final']:.2f} (base {win['base']:.2f} x{win['multiplier']:.2f} "
            f"+{win['bonus']:.2f}){vs}; {sig}")


def explain(record: dict) -> dict:
    """Why a run missed a goal: the streak's winning signals, and the fate of terminal concepts."""
    m = record["metrics"]
    turns = record["turns"]
    why: dict = {}
    if m["strategy"]["longest_run"] > GOAL_MAX_RUN:
        # The strategy of turn t is chosen after answer t; its reasons are in turn t's result.
        why["streak"] = {f"turn {t}": _winner_reason(turns[t - 1]["turn_result"]) for t in m["longest_run_turns"]}
    if not m["terminal_reached"]:
        mind = load_mind(record["mind_file"])
        terminal = {c.id for c in mind.concepts if c.type in registry.methodology(record["methodology_file"]).terminal_types}
        said = [i + 1 for i, t in enumerate(turns) if terminal & set(t["revealed"])]
        strategies = [t["turn_result"].get("strategy_selected") for t in turns]
        why["terminal"] = (
            f"respondent stated a terminal value at turn(s) {said} but no node captured it (extraction/labels)"
            if said else f"respondent never reached a terminal value; strategies: {strategies}"
        )
    return why


def aggregate(runs: list[dict]) -> list[dict]:
    """Mean figures per (methodology file, extraction, policy, persona, turns)."""
    groups: dict[tuple, list[dict]] = {}
    for r in runs:
        key = (_label(r), r.get("extraction", "offline"), r["policy"], r["persona"], r["turns"])
        groups.setdefault(key, []).append(r["metrics"])
    rows = []
    for (meth, extraction, policy, persona, turns), ms in sorted(groups.items()):
        prec = [x["extraction_precision"] for x in ms if x["extraction_precision"] is not None]
        tt = [x["terminal_turn"] for x in ms if x["terminal_turn"]]
        rows.append({
            "methodology": meth, "extraction": extraction, "policy": policy, "persona": persona, "turns": turns, "runs": len(ms),
            "terminal_by_12": sum(bool(x["terminal_turn"]) and x["terminal_turn"] <= GOAL_TERMINAL_TURNS for x in ms) / len(ms),
            "early_ends": sum(bool(x.get("early_end")) for x in ms),
            "ladder_recall": statistics.mean(x["ladder_recall"] for x in ms),
            "concept_recall": statistics.mean(x["concept_recall"] for x in ms),
            "terminal_rate": sum(x["terminal_reached"] for x in ms) / len(ms),
            "terminal_turn": statistics.mean(tt) if tt else None,
            "element_coverage": statistics.mean(x["element_coverage"] for x in ms),
            "max_strategy_run": max(x["strategy"]["longest_run"] for x in ms),
            "distinct_per_10": statistics.mean(x["strategy"]["distinct_per_10"] for x in ms),
            "top_share": statistics.mean(x["strategy"]["top_share"] for x in ms),
            "focus_nodes": statistics.mean(x["strategy"]["distinct_focus_nodes"] for x in ms),
            "rotations": sum(x["strategy"]["rotation"] is not None for x in ms),
            "duplicate_rate": statistics.mean(x["duplicate_rate"] for x in ms),
            "extraction_precision": statistics.mean(prec) if prec else None,
        })
    return rows


def _label(r: dict) -> str:
    return r.get("label") or r["methodology"]


def _ceiling(methodology: str) -> int:
    """The strategy-run ceiling the methodology file enforces (the engine default unless it sets one)."""
    veto = next((v for v in effective(registry.methodology(methodology)).vetoes if v.name == "strategy_run"), None)
    return int(veto.threshold or 3) if veto is not None else 10**6


def goals(runs: list[dict]) -> list[dict]:
    """The project's goals per methodology file and extraction, each with the measured value, pass/fail
    and the runs that explain a miss."""
    out = []
    keys = sorted({(_label(r), r.get("extraction", "offline")) for r in runs})
    for label, extraction in keys:
        these = [r for r in runs if _label(r) == label and r.get("extraction", "offline") == extraction]
        out += _goals_of(f"{label} [{extraction}]", extraction, these)
    return out


def _goals_of(tag: str, extraction: str, runs: list[dict]) -> list[dict]:
    adaptive = [r for r in runs if r["policy"] == "adaptive"]
    out = []
    laddering = [r for r in adaptive if r["persona"] == COOPERATIVE and r["turns"] >= GOAL_TERMINAL_TURNS
                 and registry.methodology(r.get("methodology_file", r["methodology"])).terminal_types]
    if laddering:
        hit = [r for r in laddering if r["metrics"]["terminal_turn"] and r["metrics"]["terminal_turn"] <= GOAL_TERMINAL_TURNS]
        share = len(hit) / len(laddering)
        out.append({"goal": f"{tag} cooperative: terminal value within {GOAL_TERMINAL_TURNS} turns in >= 90% of runs",
                    "value": round(share, 3), "runs": len(laddering), "met": share >= GOAL_TERMINAL_SHARE,
                    "misses": [_miss(r, "terminal") for r in laddering if r not in hit]})
    if adaptive:
        ceiling = _ceiling(adaptive[0].get("methodology_file", adaptive[0]["methodology"]))
        worst = max(r["metrics"]["strategy"]["longest_run"] for r in adaptive)
        offenders = [r for r in adaptive if r["metrics"]["strategy"]["longest_run"] > ceiling]
        out.append({"goal": f"{tag}: no run of one strategy longer than {ceiling} (every persona)",
                    "value": worst, "runs": len(adaptive), "met": not offenders,
                    "misses": [_miss(r, "streak") for r in offenders]})
        dups = [r for r in adaptive if r["metrics"]["duplicate_turns"]]
        out.append({"goal": f"{tag}: no duplicate questions", "value": sum(len(r["metrics"]["duplicate_turns"]) for r in dups),
                    "runs": len(adaptive), "met": not dups,
                    "misses": [{"run": _name(r), "turns": r["metrics"]["duplicate_turns"]} for r in dups]})
        early = [r for r in adaptive if r["metrics"].get("early_end")]
        out.append({"goal": f"{tag}: no interview ends before turn {EARLY_END_TURN} with links unrevealed and the respondent not tired",
                    "value": len(early), "runs": len(adaptive), "met": not early,
                    "misses": [{"run": _name(r), "why": f"{r['termination_reason']} at turn {r['metrics']['turns']}, "
                                f"{r['metrics']['links_unrevealed']} link(s) unrevealed"} for r in early]})
    coop20 = [r for r in runs if r["persona"] == COOPERATIVE and r["turns"] == 20]
    ad = [r["metrics"]["ladder_recall"] for r in coop20 if r["policy"] == "adaptive"]
    sc = [r["metrics"]["ladder_recall"] for r in coop20 if r["policy"] == "scripted"]
    if ad:
        target = GOAL_LADDER_ORACLE if extraction == "oracle" else GOAL_LADDER
        mean_ad = statistics.mean(ad)
        out.append({"goal": f"{tag} cooperative, 20 turns: mean ladder recall >= {target}", "value": round(mean_ad, 3),
                    "runs": len(ad), "met": mean_ad >= target,
                    "misses": [{"run": _name(r), "ladder_recall": round(r["metrics"]["ladder_recall"], 2)}
                               for r in coop20 if r["policy"] == "adaptive" and r["metrics"]["ladder_recall"] < target]})
        if sc:
            mean_sc = statistics.mean(sc)
            ratio = mean_ad / mean_sc if mean_sc else float("inf")
            out.append({"goal": f"{tag} cooperative, 20 turns: ladder recall >= {GOAL_LADDER_RATIO}x scripted baseline",
                        "value": round(ratio, 3), "scripted": round(mean_sc, 3), "runs": len(sc),
                        "met": ratio >= GOAL_LADDER_RATIO, "misses": []})
    return out


def _name(r: dict) -> str:
    return f"{_label(r)}/{r.get('extraction', 'offline')}/{r['mind']}/{r['persona']}/{r['turns']}t/seed{r['seed']}"


def _miss(r: dict, key: str) -> dict:
    return {"run": _name(r), "why": r["why"].get(key)}


def table(rows: list[dict]) -> str:
    """A fixed-width text table of aggregated rows."""
    head = f"{'methodology':28s} {'extr':7s} {'policy':9s} {'persona':12s} {'T':>3s} {'n':>3s} {'ladder':>6s} {'concpt':>6s} {'term%':>5s} {'<=12':>4s} {'t@':>4s} {'cover':>5s} {'run':>3s} {'early':>5s} {'d/10':>4s} {'dup':>4s} {'prec':>4s}"
    lines = [head, "-" * len(head)]
    for r in rows:
        f = lambda v, w=4, d=2: f"{v:{w}.{d}f}" if v is not None else " " * (w - 1) + "-"
        lines.append(f"{r['methodology'][:28]:28s} {r['extraction'][:7]:7s} {r['policy']:9s} {r['persona'][:12]:12s} {r['turns']:3d} {r['runs']:3d} "
                     f"{f(r['ladder_recall'], 6)} {f(r['concept_recall'], 6)} {r['terminal_rate'] * 100:5.0f} {r['terminal_by_12'] * 100:4.0f} "
                     f"{f(r['terminal_turn'], 4, 1)} {f(r['element_coverage'], 5)} {r['max_strategy_run']:3d} {r['early_ends']:5d} "
                     f"{f(r['distinct_per_10'], 4, 1)} {f(r['duplicate_rate'])} {f(r['extraction_precision'])}")
    return "\n".join(lines)


def html_report(report: dict) -> str:
    """A self-contained HTML page: goals, the aggregated table and plotly charts."""
    import plotly.graph_objects as go
    from plotly.io import to_html

    rows = report["aggregate"]
    charts = []

    def bars(metric: str, title: str, by: str, filt=lambda r: True) -> None:
        fig = go.Figure()
        series = sorted({r[by] for r in rows if filt(r)})
        for s in series:
            pts = [r for r in rows if r[by] == s and filt(r)]
            xs = sorted({(r["methodology"], r["turns"]) for r in pts})
            ys = [statistics.mean(r[metric] or 0 for r in pts if (r["methodology"], r["turns"]) == x) for x in xs]
            fig.add_bar(name=s, x=[f"{m} {t}t" for m, t in xs], y=ys)
        fig.update_layout(title=title, barmode="group", height=380, margin=dict(t=50, b=40))
        charts.append(to_html(fig, full_html=False, include_plotlyjs=False))

    bars("ladder_recall", "Ladder recall by policy (all personas)", "policy")
    bars("terminal_rate", "Terminal-value reach by persona (adaptive)", "persona", lambda r: r["policy"] == "adaptive")
    bars("max_strategy_run", "Longest run of one strategy by policy (max over runs)", "policy")
    bars("concept_recall", "Concept recall by persona (adaptive)", "persona", lambda r: r["policy"] == "adaptive")
    bars("duplicate_rate", "Duplicate-question rate by policy", "policy")
    goal_rows = "".join(
        f"<tr><td>{g['goal']}</td><td>{g['value']}</td><td>{'met' if g['met'] else 'MISSED'}</td>"
        f"<td><pre>{json.dumps(g['misses'][:5], indent=1)}</pre></td></tr>" for g in report["goals"])
    from plotly.offline import get_plotlyjs
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>Interview quality</title>"
            f"<script>{get_plotlyjs()}</script><style>body{{font-family:sans-serif;margin:2em}}td{{vertical-align:top;border-bottom:1px solid #ddd;padding:4px}}pre{{white-space:pre-wrap;font-size:11px;max-width:900px}}</style></head><body>"
            f"<h1>Interview quality benchmark</h1><p>{report['command']}<br>{len(report['runs'])} runs, similarity: {report['similarity']}</p>"
            f"<h2>Goals</h2><table><tr><th>goal</th><th>value</th><th>status</th><th>why (first misses)</th></tr>{goal_rows}</table>"
            f"<h2>Charts</h2>{''.join(charts)}<h2>Table</h2><pre>{table(rows)}</pre></body></html>")


def _run(args) -> int:
    extractions = _csv(args.extraction)
    unknown = [e for e in extractions if e not in EXTRACTIONS]
    if unknown:
        print(f"unknown extraction {unknown} (use {', '.join(EXTRACTIONS)})", file=sys.stderr)
        return 2
    grid, notes = build_grid([int(t) for t in _csv(args.turns)], _csv(args.personas), _csv(args.minds),
                             _csv(args.methodologies), _csv(args.policies), [int(s) for s in _csv(args.seeds)],
                             extractions)
    for note in notes:
        print(f"note: {note}", file=sys.stderr)
    if args.runs_dir:
        Path(args.runs_dir).mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    print(f"{len(grid)} runs on {args.jobs} worker(s)...", file=sys.stderr)
    with tempfile.TemporaryDirectory(prefix="bench_quality_") as db_dir:
        for job in grid:
            job.update(provider=args.provider, runs_dir=args.runs_dir, db_dir=db_dir)
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs) as pool:
                runs = list(pool.map(_one, grid, chunksize=2))
        else:
            runs = [_one(job) for job in grid]
    rows = aggregate(runs)
    report = {
        "command": "interview bench quality " + " ".join(sys.argv[3:] if sys.argv[1:3] == ["bench", "quality"] else sys.argv[1:]),
        "set": args.set, "notes": notes,
        "similarity": runs[0]["metrics"]["similarity"] if runs else None,
        "seconds": round(time.perf_counter() - started, 1),
        "goals": goals(runs), "aggregate": rows, "runs": runs,
    }
    Path(args.out).write_text(json.dumps(report, indent=1, default=str), encoding="utf-8")
    if args.html:
        Path(args.html).write_text(html_report(report), encoding="utf-8")
    print(f"set: {args.set}")
    print(table(rows))
    for note in notes:
        print(f"note: {note}")
    print(f"\nsimilarity: {report['similarity']}; {len(runs)} runs in {report['seconds']} s")
    for g in report["goals"]:
        print(f"[{'met' if g['met'] else 'MISSED'}] {g['goal']}: {g['value']}")
        for miss in g["misses"][:3]:
            print(f"    {miss}")
    return 0
