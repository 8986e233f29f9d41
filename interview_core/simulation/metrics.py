"""Interview-quality metrics: pure functions over a transcript and the mind behind it.

Inputs are plain data: graphs as ``{"nodes": [{id, label, ...}], "edges": [{source, target, ...}]}``,
node lists per turn, strategy names and focus ids per turn, question texts. Similarity goes through a
:class:`~.similarity.Similarity` (token Jaccard, plus cosine when it has an encoder). Shares are in [0, 1].

A mind concept is *captured* by a graph node when the node's label has token Jaccard >= 0.5, or cosine
>= 0.7, with one of the concept's phrasings. A mind link (cause, effect) is captured when some node
capturing the cause reaches some node capturing the effect by a directed path of one or two edges.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Iterable, Sequence

from ..config.concept import Concept
from .mind import Mind
from .similarity import Similarity, jaccard

CAPTURE_JACCARD = 0.5
CAPTURE_COSINE = 0.7
DUPLICATE_JACCARD = 0.85
DUPLICATE_COSINE = 0.85
DUPLICATE_WINDOW = 6
MAX_LINK_PATH = 2
ROTATION_WINDOW = 6  # turns inspected by the rotation detector


def captured_by(mind: Mind, nodes: Iterable[dict], sim: Similarity) -> dict[str, list[str]]:
    """Concept id -> ids of the nodes that capture it (empty list: not captured)."""
    nodes = [n for n in nodes if n.get("label")]
    sim.prime([n["label"] for n in nodes] + [p for c in mind.concepts for p in c.phrasings])
    return {
        c.id: [
            n["id"] for n in nodes
            if any(sim.match(n["label"], p, CAPTURE_JACCARD, CAPTURE_COSINE) for p in c.phrasings)
        ]
        for c in mind.concepts
    }


def _reach(edges: Iterable[dict], max_len: int) -> dict[str, set[str]]:
    """Node id -> ids reachable by a directed path of 1..max_len edges."""
    out: dict[str, set[str]] = {}
    for e in edges:
        out.setdefault(e["source"], set()).add(e["target"])
    reach = {s: set(t) for s, t in out.items()}
    for _ in range(max_len - 1):
        reach = {s: r | {z for y in r for z in out.get(y, ())} for s, r in reach.items()}
    return reach


def captured_links(mind: Mind, graph: dict, sim: Similarity) -> list[tuple[str, str]]:
    """The mind's links captured by ``graph`` (directed path of at most :data:`MAX_LINK_PATH` edges)."""
    cap = captured_by(mind, graph.get("nodes", []), sim)
    reach = _reach(graph.get("edges", []), MAX_LINK_PATH)
    return [
        (a, b) for a, b in mind.links
        if any(t in reach.get(s, ()) for s in cap[a] for t in cap[b] if s != t)
    ]


def ladder_recall(mind: Mind, graph: dict, sim: Similarity) -> float:
    """Share of the mind's links captured; 0.0 for a mind without links."""
    return len(captured_links(mind, graph, sim)) / len(mind.links) if mind.links else 0.0


def concept_recall(mind: Mind, graph: dict, sim: Similarity) -> float:
    """Share of the mind's concepts captured by some node of ``graph``."""
    cap = captured_by(mind, graph.get("nodes", []), sim)
    return sum(1 for v in cap.values() if v) / len(mind.concepts)


def terminal_reach(mind: Mind, terminal_types: set[str], nodes_per_turn: Sequence[list[dict]], sim: Similarity) -> int | None:
    """The first turn (1-based) whose graph captures a mind concept of a terminal type; None: never.

    ``nodes_per_turn[i]`` are the graph's nodes after turn i+1.
    """
    terminal = [c for c in mind.concepts if c.type in terminal_types]
    if not terminal:
        return None
    sub = mind.model_copy(update={"concepts": terminal, "links": []})
    for i, nodes in enumerate(nodes_per_turn):
        if any(captured_by(sub, nodes, sim).values()):
            return i + 1
    return None


def element_covered(concept: Concept, nodes: Iterable[dict]) -> set[str]:
    """Element ids covered by ``nodes``: a node names the element (``element``/``element_mapping``/
    ``element_id``), or its label contains one of the element's aliases as whole words, or has token
    Jaccard >= 0.5 with the element's label."""
    covered: set[str] = set()
    ids = {e.id for e in concept.elements}
    for n in nodes:
        for key in ("element", "element_mapping", "element_id"):
            if n.get(key) in ids:
                covered.add(n[key])
        label = (n.get("label") or "").lower()
        for e in concept.elements:
            if any(re.search(rf"\b{re.escape(a.lower())}\b", label) for a in e.aliases) or jaccard(label, e.label) >= CAPTURE_JACCARD:
                covered.add(e.id)
    return covered


def element_coverage(concept: Concept, nodes_per_turn: Sequence[list[dict]]) -> tuple[float, int | None]:
    """(share of elements covered after the last turn, first turn with every element covered or None)."""
    if not concept.elements:
        return 1.0, None
    total = len(concept.elements)
    full_at = None
    share = 0.0
    for i, nodes in enumerate(nodes_per_turn):
        share = len(element_covered(concept, nodes)) / total
        if share == 1.0 and full_at is None:
            full_at = i + 1
    return share, full_at


def strategy_behaviour(strategies: Sequence[str | None], focus_ids: Sequence[str | None]) -> dict:
    """Strategy-selection figures over the turns that selected a strategy.

    - ``longest_run`` / ``longest_run_strategy``: most consecutive turns of one strategy;
    - ``distinct_per_10``: mean count of distinct strategies over every window of 10 consecutive turns
      (the whole run when shorter);
    - ``top_share`` / ``top_strategy``: share of turns taken by the most used strategy;
    - ``distinct_focus_nodes``: distinct non-empty focus ids;
    - ``rotation``: 1-based turn where a window of :data:`ROTATION_WINDOW` consecutive focused turns
      uses exactly three nodes, each at least twice, with no node twice in a row (None: no rotation).
    """
    seq = [s for s in strategies if s]
    out = {"longest_run": 0, "longest_run_strategy": None, "distinct_per_10": 0.0, "top_share": 0.0,
           "top_strategy": None, "distinct_focus_nodes": len({f for f in focus_ids if f}), "rotation": None}
    if seq:
        run, best = 1, (1, seq[0])
        for prev, cur in zip(seq, seq[1:]):
            run = run + 1 if cur == prev else 1
            best = max(best, (run, cur), key=lambda x: x[0])
        out["longest_run"], out["longest_run_strategy"] = best
        width = min(10, len(seq))
        windows = [len(set(seq[i:i + width])) for i in range(len(seq) - width + 1)]
        out["distinct_per_10"] = sum(windows) / len(windows)
        top, count = Counter(seq).most_common(1)[0]
        out["top_strategy"], out["top_share"] = top, count / len(seq)
    out["rotation"] = _rotation(focus_ids)
    return out


def _rotation(focus_ids: Sequence[str | None]) -> int | None:
    for i in range(len(focus_ids) - ROTATION_WINDOW + 1):
        window = focus_ids[i:i + ROTATION_WINDOW]
        if None in window:
            continue
        counts = Counter(window)
        if len(counts) == 3 and min(counts.values()) >= 2 and all(a != b for a, b in zip(window, window[1:])):
            return i + 1
    return None


def duplicate_questions(questions: Sequence[str], sim: Similarity) -> list[int]:
    """0-based indices of questions with cosine or Jaccard >= 0.85 against one of the previous six."""
    sim.prime(list(questions))
    return [
        i for i, q in enumerate(questions)
        if any(sim.match(q, p, DUPLICATE_JACCARD, DUPLICATE_COSINE) for p in questions[max(0, i - DUPLICATE_WINDOW):i])
    ]


def duplicate_rate(questions: Sequence[str], sim: Similarity) -> float:
    """Share of questions that duplicate one of the previous six (0.0 for no questions)."""
    return len(duplicate_questions(questions, sim)) / len(questions) if questions else 0.0


def extraction_precision(mind: Mind, new_nodes_per_turn: Sequence[list[dict]], revealed_per_turn: Sequence[list[str]], sim: Similarity) -> float | None:
    """Share of extracted nodes that capture a concept the respondent had revealed by that turn.

    ``new_nodes_per_turn[i]`` are the nodes first seen after turn i+1; ``revealed_per_turn[i]`` the concept
    ids the answer at turn i+1 mentioned. None when nothing was extracted.
    """
    seen: set[str] = set()
    hits = total = 0
    for nodes, revealed in zip(new_nodes_per_turn, revealed_per_turn):
        seen.update(revealed)
        if not nodes:
            continue
        cap = captured_by(mind, nodes, sim)
        good = {nid for cid in seen for nid in cap.get(cid, [])}
        total += len(nodes)
        hits += sum(1 for n in nodes if n["id"] in good)
    return hits / total if total else None


def new_nodes(nodes_per_turn: Sequence[list[dict]]) -> list[list[dict]]:
    """Per turn, the nodes whose id was not in the previous turn's graph."""
    out, before = [], set()
    for nodes in nodes_per_turn:
        out.append([n for n in nodes if n["id"] not in before])
        before = {n["id"] for n in nodes}
    return out
