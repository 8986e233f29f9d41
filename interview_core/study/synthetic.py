"""Build a study of synthetic interviews directly in the repository, fast and reproducibly.

For benchmarks and tests that need many interviews: running the interview engine for 200 x 20 turns
takes over an hour on a laptop, so each respondent here is drawn from a shipped *mind* of the concept
(its concepts, phrasings and means-end links, as the simulated respondents use) and its transcript,
surface graph and per-turn decisions are written as a finished session would have them. Each turn
voices one of the respondent's links ("A, so B"), the node quotes are verbatim spans of the answer,
and a concept keeps the phrasing the respondent first used for it. The stored engine state holds only
the label vectors, so these sessions can be analysed and exported but not resumed.
"""

from __future__ import annotations

import random

from ..config import registry
from ..persistence import Repository
from ..simulation.mind import load_mind
from .model import Study
from .service import create_study

CONNECTIVES = ["so", "which means", "and that way", "because of that"]


def _minds(concept: str):
    minds = [load_mind(p) for p in registry.list_files("minds")]
    minds = [m for m in minds if m.concept == concept and m.links]
    if not minds:
        raise ValueError(f"no shipped mind with links for concept '{concept}'")
    return minds


def synthetic_study(repo: Repository, name: str, interviews: int, turns: int, *, concept: str = "oat_milk",
                    seed: int = 0, matcher=None) -> str:
    """Create study ``name`` with ``interviews`` finished sessions of ``turns`` turns each; return its id.

    ``matcher``: when it has embeddings, every session stores its labels' vectors with its state, as a
    real session does (embedded once here, in one batch)."""
    rng = random.Random(seed)
    minds = _minds(concept)
    vectors = {}
    if getattr(matcher, "embeddings_available", False):
        labels = [p.lower() for m in minds for c in m.concepts for p in c.phrasings]
        matcher.prepare(labels)
        vectors = matcher.vector_arrays(labels)
    concept_obj = registry.concept(concept)
    methodology_path = registry.resolve("methodologies", concept_obj.methodology)
    study_id = create_study(repo, Study(name=name, concept=concept, max_turns=turns))["study_id"]
    for i in range(interviews):
        sid = f"syn{seed:03d}{i:05d}"
        with repo.db.transaction():  # one commit per interview
            _write_session(repo, sid, rng.choice(minds), turns, rng, concept, concept_obj.methodology,
                           methodology_path.read_text(encoding="utf-8"), vectors)
            repo.add_study_session(study_id, sid)
    return study_id


def _write_session(repo, sid, mind, turns, rng, concept, methodology, methodology_yaml, vectors) -> None:
    from ..pipeline.record import pack_vectors

    repo.create_session(session_id=sid, concept_id=concept, methodology_name=methodology,
                        methodology_yaml=methodology_yaml, concept_yaml=f"id: {concept}", max_turns=turns,
                        settings_summary={}, seed=rng.randrange(10**6))
    by_id = {c.id: c for c in mind.concepts}
    links = [link for link in mind.links if rng.random() < 0.8] or list(mind.links)
    phrasing = {c: rng.choice(by_id[c].phrasings) for c in by_id}
    nodes: dict[str, dict] = {}
    edges: list[dict] = []
    question_id = repo.add_utterance(sid, 0, "interviewer", "When you think about it, what comes to mind first?")
    for turn in range(1, turns + 1):
        a, b = links[(turn - 1) % len(links)]
        pa, pb = phrasing[a], phrasing[b]
        text = f"{pa[0].upper()}{pa[1:]}, {rng.choice(CONNECTIVES)} {pb}."
        uid = repo.add_utterance(sid, turn, "respondent", text, source="simulated", source_detail={"mind": mind.id},
                                reply_to=question_id)
        for cid, phr in ((a, pa), (b, pb)):
            node = nodes.setdefault(cid, {"id": f"n{len(nodes) + 1}", "label": phr.lower(), "node_type": by_id[cid].type,
                                          "utterance_ids": [], "quotes": [], "created_turn": turn})
            node["utterance_ids"].append(uid)
            start = text.lower().find(phr.lower())
            node["quotes"].append(text[start:start + len(phr)])
        source, target = nodes[a]["id"], nodes[b]["id"]
        if not any(e["source"] == source and e["target"] == target for e in edges):
            edges.append({"id": f"e{len(edges) + 1}", "source": source, "target": target, "relation_type": "leads_to",
                          "utterance_id": uid, "quote": text, "created_turn": turn})
        question = f"Why does {pb} matter to you?"
        state = {"vectors": pack_vectors({n["label"]: vectors[n["label"]] for n in nodes.values() if n["label"] in vectors})
                 } if turn == turns else {}
        repo.save_turn(sid, turn, nodes=list(nodes.values()), edges=edges, engine_state=state, engine_state_version=1,
                       scoring={"strategy": "deepen", "focus": {"kind": "node", "id": nodes[b]["id"], "label": nodes[b]["label"]},
                                "score": round(rng.uniform(0.4, 0.9), 3), "phase": "early" if turn < 4 else "mid",
                                "signals": {}},
                       alternatives=[], turn_result={"turn_number": turn})
        if turn < turns:
            question_id = repo.add_utterance(sid, turn, "interviewer", question)
    repo.update_session(sid, status="finished", termination_reason="max_turns")
