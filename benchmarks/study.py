"""``interview bench study``: a study of 200 interviews x 20 turns: first build, cut-off changes, page reruns.

The interviews are synthetic sessions written straight into SQLite by :mod:`interview_core.study.synthetic`
(respondents drawn from the shipped minds; running the engine 4,000 turns would take over an hour),
each storing its labels' vectors as a real session does, cached in ``--cache`` so later runs skip the
build. Timed:

1. **first build**: load the interviews from the database, build the codebook (cross-interview slot
   matching with the configured matcher; the embedding model is loaded beforehand and timed apart),
   apply the edits, the implication matrix and the map at the default cut-off. Goal 5 s.
2. **cut-off change**: the map and its dominant chains at every cut-off from 1 to the highest count.
   Goal 300 ms each.
3. **Study page rerun** (Streamlit AppTest, warm caches): goal 1 s; plus a rerun after moving the slider.
"""

from __future__ import annotations

import os
import statistics
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOALS_MS = {"first_build": 5000.0, "cutoff_change": 300.0, "page_rerun": 1000.0}


def build_cache(path: Path, interviews: int, turns: int, seed: int) -> tuple[str, float]:
    """(study id, seconds spent building; 0 when the cache already held it)."""
    from interview_core.config.settings import load_settings
    from interview_core.persistence import Repository
    from interview_core.study.service import study_matcher
    from interview_core.study.synthetic import synthetic_study

    repo = Repository(path)
    name = f"bench {interviews}x{turns} seed {seed}"
    row = repo.get_study(name)
    if row is not None and len(repo.study_sessions(row["study_id"])) == interviews:
        return row["study_id"], 0.0
    if row is not None:
        repo.delete_study(row["study_id"])
    t0 = time.perf_counter()
    study_id = synthetic_study(repo, name, interviews, turns, seed=seed, matcher=study_matcher(load_settings()))
    return study_id, time.perf_counter() - t0


def time_analysis(path: Path, study_id: str) -> dict:
    from interview_core.config.settings import load_settings
    from interview_core.persistence import Repository
    from interview_core.study import service

    repo = Repository(path)
    t0 = time.perf_counter()
    matcher = service.study_matcher(load_settings())
    if hasattr(matcher, "prepare"):
        matcher.prepare(["warm up"])  # load the encoder now: its one-off load is reported apart
    model_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    analysis = service.analyse(repo, study_id, matcher=matcher)
    load_ms = (time.perf_counter() - t0) * 1000
    t1 = time.perf_counter()
    _ = analysis.matrix
    hvm = analysis.hvm(2)
    build_ms = (time.perf_counter() - t1) * 1000
    cut_times = {}
    from interview_core.study.hvm import max_cutoff
    for cutoff in range(1, max_cutoff(analysis.matrix) + 1):
        t = time.perf_counter()
        analysis.hvm(cutoff)
        analysis.chains(cutoff, 10)
        cut_times[cutoff] = (time.perf_counter() - t) * 1000
    return {"matcher": getattr(matcher, "backend_status", type(matcher).__name__), "model_load_s": model_s,
            "load_ms": load_ms, "codebook_matrix_map_ms": build_ms, "first_build_ms": load_ms + build_ms,
            "codes": len(analysis.codebook.codes), "links_at_2": len(hvm.links), "share_at_2": hvm.share_kept,
            "cut_ms": cut_times, "counts": analysis.counts}


def time_page(path: Path, study_id: str, reruns: int) -> dict:
    from streamlit.testing.v1 import AppTest

    os.environ["INTERVIEW_DATABASE"] = str(path)
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=600)
    at.session_state["y_study"] = study_id
    at.run()
    t0 = time.perf_counter()
    at.switch_page("pages/study.py").run()
    first_ms = (time.perf_counter() - t0) * 1000
    if at.exception:
        raise RuntimeError(f"pages/study.py: {at.exception[0].value}")
    times = []
    for _ in range(reruns):
        t = time.perf_counter()
        at.run()
        times.append((time.perf_counter() - t) * 1000)
    slider = at.slider(key="y_cutoff")
    moves = []
    for value in (1, min(3, slider.max), 2):
        t = time.perf_counter()
        at.slider(key="y_cutoff").set_value(value).run()
        moves.append((time.perf_counter() - t) * 1000)
    return {"first_ms": first_ms, "rerun_median_ms": statistics.median(times), "rerun_max_ms": max(times),
            "slider_median_ms": statistics.median(moves)}


def run(args) -> int:
    path = Path(args.cache)
    path.parent.mkdir(parents=True, exist_ok=True)
    study_id, built_s = build_cache(path, args.interviews, args.turns, args.seed)
    print(f"study {study_id}: {args.interviews} interviews x {args.turns} turns in {path} "
          f"({'built in %.1f s' % built_s if built_s else 'from the cache'})")
    a = time_analysis(path, study_id)
    c = a["counts"]
    print(f"matcher: {a['matcher']} (model load {a['model_load_s']:.1f} s, not counted)")
    print(f"{a['codes']} codes, {c['ladders']} ladders, {c['links']} links; at cut-off 2: {a['links_at_2']} links, "
          f"{a['share_at_2']:.0%} of relations kept")
    cut = list(a["cut_ms"].values())
    p = time_page(path, study_id, args.reruns)
    rows = [
        ("first build: load interviews + vectors", a["load_ms"], None),
        ("first build: codebook + matrix + map", a["codebook_matrix_map_ms"], None),
        ("first build total", a["first_build_ms"], GOALS_MS["first_build"]),
        (f"cut-off change (median of {len(cut)})", statistics.median(cut), GOALS_MS["cutoff_change"]),
        ("cut-off change (max)", max(cut), GOALS_MS["cutoff_change"]),
        ("Study page first run", p["first_ms"], None),
        (f"Study page rerun (median of {args.reruns})", p["rerun_median_ms"], GOALS_MS["page_rerun"]),
        ("Study page rerun (max)", p["rerun_max_ms"], None),
        ("Study page slider move (median of 3)", p["slider_median_ms"], GOALS_MS["page_rerun"]),
    ]
    print(f"{'measure':<42}{'ms':>9}{'goal ms':>9}  ok")
    ok = True
    for name, ms, goal in rows:
        met = goal is None or ms <= goal
        ok &= met
        print(f"{name:<42}{ms:>9.0f}{(f'{goal:.0f}' if goal else '-'):>9}  {'' if goal is None else ('yes' if met else 'NO')}")
    return 0 if ok else 1


def register(sub) -> None:
    p = sub.add_parser("study", help="study analysis with 200 interviews x 20 turns: build, cut-off, page rerun")
    p.add_argument("--interviews", type=int, default=200)
    p.add_argument("--turns", type=int, default=20)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--reruns", type=int, default=5)
    p.add_argument("--cache", default=str(ROOT / "artifacts" / "bench_study.db"), help="SQLite file kept between runs")
    p.set_defaults(func=run)
