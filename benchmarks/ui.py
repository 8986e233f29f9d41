"""``interview bench ui``: rerun time of every dashboard page with a large (200-node) session.

A session is built through the session API on the offline layer: scripted answers, each naming several
new concepts, until the surface graph has ``--nodes`` nodes (the session's methodology text has its
continuation relaxed and no closing strategy, so the interview runs long enough). Each page is then driven with Streamlit's AppTest:
one warm-up run, then ``--reruns`` timed reruns. Goals: 300 ms or less per rerun, 1 s for the graph page.
AppTest runs the script in-process without a browser, so the figures cover the Python side of a rerun
(what the server spends), not the browser's drawing.
"""

from __future__ import annotations

import os
import random
import statistics
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
PAGES = ["pages/home.py", "pages/interview.py", "pages/graph.py", "pages/scoring.py", "pages/weights.py",
         "pages/sessions.py"]
GOAL_MS = {"pages/graph.py": 1000.0}
DEFAULT_GOAL_MS = 300.0
ADJ = ["smooth", "creamy", "cheap", "expensive", "green", "local", "fresh", "sweet", "light", "rich", "thin",
       "organic", "nutty", "frothy", "healthy", "bitter", "mild", "warm", "cold", "natural", "plain", "crisp"]
NOUN = ["foam", "texture", "carton", "price", "taste", "brand", "label", "colour", "smell", "packaging", "recipe",
        "coffee", "breakfast", "budget", "farm", "shop", "morning", "energy", "routine", "family", "porridge", "tea"]
VALUES = ["peace of mind", "feeling in control", "being a good parent", "saving money", "helping the planet",
          "feeling healthy", "enjoying my mornings", "being independent", "feeling safe", "having more time"]


def build_session(db_path: str, nodes: int = 200, seed: int = 0, max_turns: int = 150) -> tuple[str, int, int]:
    """Start an offline oat-milk interview and answer until the graph has ``nodes`` nodes.
    Returns (session id, node count, turns)."""
    from interview_core.config import registry
    from interview_core.session import InterviewSession

    data = yaml.safe_load(registry.resolve("methodologies", "means_end_chain").read_text(encoding="utf-8"))
    # No early end while building: continuation checks start at max_turns and the closing strategy is removed.
    data["continuation"].update(max_turns=max_turns, min_turns=max_turns)
    data["strategies"] = [s for s in data["strategies"] if s["name"] != "closing"]
    for phase in data.get("phases", {}).values():
        for key in ("signal_weights", "phase_bonuses"):
            (phase.get(key) or {}).pop("closing", None)
    for veto in data.get("vetoes") or []:
        veto["spares"] = [x for x in veto.get("spares") or [] if x != "closing"]
    session = InterviewSession.start(methodology="means_end_chain", concept="oat_milk", max_turns=max_turns,
                                     db_path=db_path, methodology_text=yaml.safe_dump(data, sort_keys=False))
    rng = random.Random(seed)
    count = 0
    for _ in range(max_turns):
        parts = [f"the {rng.choice(ADJ)} {rng.choice(NOUN)} {rng.choice(['matters', 'helps', 'annoys me'])} "
                 f"because it gives me {rng.choice(VALUES)}" for _ in range(8)]
        result = session.answer("I think " + ", and ".join(parts) + ".")
        count = len(session.graph_snapshot()["nodes"])
        if count >= nodes or not result.should_continue:
            break
    return session.session_id, count, session.turn_number


def time_pages(session_id: str, reruns: int = 5) -> dict[str, dict]:
    """Per page: median and max rerun time (ms) over ``reruns`` timed reruns after one warm-up run."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=600)
    at.session_state["session_id"] = session_id
    at.run()
    out = {}
    for page in PAGES:
        at.switch_page(page).run()  # warm-up: caches filled, page modules imported
        if at.exception:
            raise RuntimeError(f"{page}: {at.exception[0].value}")
        times = []
        for _ in range(reruns):
            t0 = time.perf_counter()
            at.run()
            times.append((time.perf_counter() - t0) * 1000)
        goal = GOAL_MS.get(page, DEFAULT_GOAL_MS)
        out[page] = {"median_ms": statistics.median(times), "max_ms": max(times), "goal_ms": goal,
                     "ok": statistics.median(times) <= goal}
    return out


def run(args) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "bench_ui.db")
        os.environ["INTERVIEW_DATABASE"] = db
        t0 = time.perf_counter()
        sid, count, turns = build_session(db, args.nodes, args.seed)
        print(f"session {sid}: {count} nodes after {turns} turns (built in {time.perf_counter() - t0:.1f} s)")
        results = time_pages(sid, args.reruns)
    print(f"{'page':<22}{'median ms':>10}{'max ms':>10}{'goal ms':>10}  ok")
    for page, r in results.items():
        print(f"{page:<22}{r['median_ms']:>10.0f}{r['max_ms']:>10.0f}{r['goal_ms']:>10.0f}  {'yes' if r['ok'] else 'NO'}")
    return 0 if all(r["ok"] for r in results.values()) else 1


def register(sub) -> None:
    p = sub.add_parser("ui", help="dashboard page rerun times with a 200-node session (AppTest)")
    p.add_argument("--nodes", type=int, default=200, help="surface nodes to build before timing")
    p.add_argument("--reruns", type=int, default=5, help="timed reruns per page")
    p.add_argument("--seed", type=int, default=0)
    p.set_defaults(func=run)
