"""The turn record: everything a turn stores besides the answer, committed in one transaction.

``ScoringPersistence`` builds it; the session commits it with the final TurnResult once the pipeline has
returned (``TurnRecord.commit``), so the stored TurnResult is the one the caller gets, and the
interviewer's next question is stored together with the turn it belongs to.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass

import numpy as np

from ..engine import Engine
from ..persistence import Repository

STATE_VERSION = 1


def pack_vectors(vectors: dict) -> dict[str, str]:
    """Embedding vectors of the graph's labels as base64 float32: a fraction of the size and time of
    JSON float lists. Only node labels are kept: enough that a resumed session re-embeds nothing."""
    return {label: base64.b64encode(np.asarray(v, dtype=np.float32).tobytes()).decode("ascii") for label, v in vectors.items()}


def unpack_vectors(packed: dict[str, str]) -> dict[str, list[float]]:
    return {label: np.frombuffer(base64.b64decode(v), dtype=np.float32) for label, v in packed.items()}


@dataclass
class TurnRecord:
    """The rows of one turn: the next question, the graph snapshot, the engine state, the scoring."""

    session_id: str
    turn: int
    question_id: str
    question: str
    nodes: list[dict]
    edges: list[dict]
    engine_state: dict
    scoring: dict
    alternatives: list[dict]
    canonical: dict | None

    def commit(self, repo: Repository, result) -> None:
        """Store this record with ``result`` (the final TurnResult), its language calls and, when the
        interview ended, the session's end: all in one transaction."""
        repo.commit_turn(
            self.session_id, self.turn, question_id=self.question_id, question=self.question,
            nodes=self.nodes, edges=self.edges, engine_state=self.engine_state, engine_state_version=STATE_VERSION,
            scoring=self.scoring, alternatives=self.alternatives, canonical=self.canonical,
            turn_result=result.model_dump(mode="json"),
            llm_calls=[u.model_dump(mode="json") for u in result.llm_usage],
            finished=not result.should_continue, termination_reason=result.termination_reason,
        )


def engine_state(engine: Engine, matcher=None) -> dict:
    """Engine state plus the embedding vectors of the graph's labels (the canonical graph has its own
    tables)."""
    vectors = matcher.vector_arrays(engine.graph.labels()) if hasattr(matcher, "vector_arrays") else {}
    return {"engine": engine.state.to_dict(), "vectors": pack_vectors(vectors)}


def build_turn_record(ctx, result, engine: Engine, matcher=None, canonical=None) -> TurnRecord:
    sel = ctx.selection
    graph = engine.graph.to_dict()
    return TurnRecord(
        session_id=ctx.session_id, turn=ctx.turn_number, question_id=ctx.question_utterance_id,
        question=ctx.next_question,
        nodes=graph["nodes"], edges=graph["edges"], engine_state=engine_state(engine, matcher),
        scoring={"strategy": result.strategy_selected, "focus": sel.focus.model_dump(mode="json"),
                 "score": sel.score, "phase": sel.phase,
                 # the full selection (every node's signals, refs, veto context) lets the dashboard
                 # re-rank this turn under edited weights (Engine.rerank); alternatives are stored apart
                 "signals": {**result.signals.model_dump(mode="json"),
                             "selection": sel.model_dump(mode="json", exclude={"alternatives"})}},
        alternatives=[{**a.model_dump(mode="json"), "rank": i} for i, a in enumerate(result.strategy_alternatives)],
        canonical=canonical.to_dict() if canonical is not None else None,
    )
