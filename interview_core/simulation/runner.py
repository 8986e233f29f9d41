"""Drive one interview session with a simulated respondent and score it against the respondent's mind.

The respondent sees only question text; the session sees only answer text. The run record holds every
question, answer, what the answer revealed, the session's turn result and the graph's nodes after each
turn, then the final graph and :func:`score_run` metrics.
"""

from __future__ import annotations

from ..config import registry
from ..config.concept import Concept
from ..config.methodology import Methodology
from ..pipeline.pipeline import POLICIES
from ..provenance import Provenance
from . import metrics as m
from .mind import Mind, load_mind
from .oracle import EXTRACTIONS, OracleLanguage
from .respondent import SimulatedRespondent
from .similarity import Similarity, default_similarity

NODE_FIELDS = ("id", "label", "node_type", "element", "element_mapping", "element_id")


def _nodes(snapshot: dict) -> list[dict]:
    return [{k: n[k] for k in NODE_FIELDS if k in n} for n in snapshot.get("nodes", [])]


def run_interview(
    methodology: str, concept: str, persona: str, mind: str, turns: int, seed: int = 0,
    provider: str | None = None, policy: str = "adaptive", db_path: str | None = None,
    sim: Similarity | None = None, extraction: str = "offline",
) -> dict:
    """Run one simulated interview of at most ``turns`` answers; return the run record with metrics.

    ``methodology``, ``concept``, ``persona`` and ``mind`` are names or file paths. ``extraction``:
    ``offline`` (the session's own language layer) or ``oracle`` (:mod:`.oracle`: exactly what the
    respondent revealed, so the strategy engine is measured apart from extraction quality).
    """
    if extraction not in EXTRACTIONS:
        raise ValueError(f"unknown extraction '{extraction}' (use one of {', '.join(EXTRACTIONS)})")
    from ..session import InterviewSession  # the engine; the respondent itself never imports it
    from .autopilot import autopilot

    meth = registry.methodology(methodology)
    conc = registry.concept(concept)
    mind_obj = load_mind(mind, concept=conc)  # checked against the concept it is used with
    pers = registry.persona(persona)
    respondent = SimulatedRespondent(mind_obj, pers, seed=seed, concept=conc)
    session = InterviewSession.start(
        methodology=methodology, concept=concept, max_turns=turns, db_path=db_path, settings=None,
        provider=provider, policy=policy, seed=seed,
    )
    oracle = None
    if extraction == "oracle":
        oracle = OracleLanguage(session.language, mind_obj, meth)
        session.use_language(oracle)
    record_turns: list[dict] = []
    termination = None
    for step in autopilot(session, respondent, turns, Provenance.simulated(pers.id, mind_obj.id),
                          on_reply=oracle.expect if oracle is not None else None):
        record_turns.append({
            "question": step.question, "answer": step.reply.text, "revealed": step.reply.revealed,
            "respondent": step.reply.record(), "turn_result": step.result.model_dump(mode="json"),
            "nodes": _nodes(session.graph_snapshot()),
        })
        termination = step.result.termination_reason
    record = {
        "session_id": session.session_id, "methodology": meth.name, "concept": conc.id, "persona": pers.id,
        "mind": mind_obj.id, "policy": policy, "seed": seed, "extraction": extraction,
        "methodology_file": methodology, "concept_file": concept, "mind_file": str(mind), "max_turns": turns, "turns": record_turns,
        "termination_reason": termination, "graph": session.graph_snapshot(),
    }
    record["metrics"] = score_run(record, mind_obj, conc, meth, sim or default_similarity())
    record["metrics"].update(ending_metrics(record, mind_obj, pers))
    return record


EARLY_END_TURN = 12


def ending_metrics(record: dict, mind: Mind, persona) -> dict:
    """How the run ended against what was left: links the respondent never revealed (both ends said),
    whether the respondent was tired by then (its persona's fatigue onset passed), and ``early_end``: the
    interview stopped itself before turn 12 while links were unrevealed and the respondent was not tired."""
    from .behaviour import profile

    said = {c for t in record["turns"] for c in t["revealed"]}
    unrevealed = sum(1 for a, b in mind.links if not (a in said and b in said))
    onset = profile(persona).fatigue_onset
    n = len(record["turns"])
    fatigued = onset is not None and n > onset
    stopped = record["termination_reason"] not in (None, "max_turns_reached")
    return {"links_unrevealed": unrevealed, "respondent_fatigued": fatigued,
            "early_end": stopped and n < min(EARLY_END_TURN, record["max_turns"]) and unrevealed > 0 and not fatigued}


def score_run(record: dict, mind: Mind, concept: Concept, methodology: Methodology, sim: Similarity) -> dict:
    """Every per-run metric of :mod:`.metrics` for a run record (see :func:`run_interview`)."""
    turns = record["turns"]
    nodes_per_turn = [t["nodes"] for t in turns]
    results = [t["turn_result"] for t in turns]
    strategies = [r.get("strategy_selected") for r in results]
    focus = [(r.get("focus") or {}) for r in results]
    focus_ids = [f.get("id") if f.get("kind") == "node" else None for f in focus]
    questions = [t["question"] for t in turns]
    coverage, full_at = m.element_coverage(concept, nodes_per_turn)
    terminal_turn = m.terminal_reach(mind, methodology.terminal_types, nodes_per_turn, sim)
    dups = m.duplicate_questions(questions, sim)
    behaviour = m.strategy_behaviour(strategies, focus_ids)
    return {
        "turns": len(turns),
        "ladder_recall": m.ladder_recall(mind, record["graph"], sim),
        "links_captured": [list(x) for x in m.captured_links(mind, record["graph"], sim)],
        "links_total": len(mind.links),
        "concept_recall": m.concept_recall(mind, record["graph"], sim),
        "concepts_revealed": len({c for t in turns for c in t["revealed"]}) / len(mind.concepts),
        "terminal_reached": terminal_turn is not None,
        "terminal_turn": terminal_turn,
        "element_coverage": coverage,
        "full_coverage_turn": full_at,
        "strategy": behaviour,
        "longest_run_turns": _run_turns(strategies, behaviour["longest_run"], behaviour["longest_run_strategy"]),
        "duplicate_rate": len(dups) / len(questions) if questions else 0.0,
        "duplicate_turns": [i + 1 for i in dups],
        "extraction_precision": m.extraction_precision(mind, m.new_nodes(nodes_per_turn), [t["revealed"] for t in turns], sim),
        "similarity": sim.mode,
    }


def _run_turns(strategies: list, length: int, name: str | None) -> list[int]:
    """1-based turns of the first run of ``length`` consecutive ``name`` selections."""
    run = 0
    for i, s in enumerate(strategies):
        run = run + 1 if s == name else 0
        if run == length and name is not None:
            return list(range(i - length + 2, i + 2))
    return []
