"""The twelve stages of a turn, in the order the pipeline runs them.

Each stage names the context fields it ``reads`` and the output model it writes, and has one method,
``run(ctx) -> output``. Stages hold no state; the session's live objects come in ``ctx.runtime``.
"""

from __future__ import annotations

import time

from ..language.contracts import ExtractionRequest, QuestionRequest
from ..provenance import Provenance
from ..text import segment_clauses
from ..vocabulary import Turn, catalogue
from . import contracts as c

RECENT_TURNS = 4
RECENT_QUESTIONS = 6
MAX_ACTIVE_SIGNALS = 10
# Answers are stored whole; language work sees at most this much, so a huge paste stays bounded.
MAX_ANALYSED_CHARS = 6000


class Stage:
    name: str = ""
    reads: tuple[str, ...] = ()
    output: type[c.StageOutput] = c.StageOutput

    def run(self, ctx: c.PipelineContext) -> c.StageOutput:  # pragma: no cover - interface
        raise NotImplementedError


class ContextLoading(Stage):
    """Load the turn number, the previous question and its focus, and the recent conversation."""

    name = "ContextLoading"
    reads = ("runtime", "user_input")
    output = c.ContextLoadingOutput

    def run(self, ctx):
        rt = ctx.runtime
        transcript = rt.transcript()
        questions = [u["text"] for u in transcript if u["speaker"] == "interviewer"]
        return self.output(
            turn_number=rt.completed_turns + 1,
            previous_question=questions[-1] if questions else "",
            previous_focus=rt.current_focus(),
            recent_turns=rt.recent_turns(RECENT_TURNS),
            recent_questions=questions[-RECENT_QUESTIONS:],
        )


class UtteranceSaving(Stage):
    """Commit the respondent's answer before any language work, so a crash cannot lose it."""

    name = "UtteranceSaving"
    reads = ("turn_number", "user_input")
    output = c.UtteranceSavingOutput

    def run(self, ctx):
        if ctx.existing_utterance_id:
            return self.output(utterance_id=ctx.existing_utterance_id)
        rt = ctx.runtime
        question_id = ctx.question_id or rt.repo.current_question(rt.session_id)["id"]
        source = ctx.provenance or Provenance()
        # Conditional insert: raises AnswerConflict (nothing stored) unless question_id is still current.
        uid = rt.repo.add_answer(rt.session_id, ctx.turn_number, question_id, ctx.user_input,
                                 source=source.source, source_detail=source.detail())
        return self.output(utterance_id=uid)


class SRLPreprocessing(Stage):
    """Segment the answer into clauses on discourse markers (the light-weight semantic-role stage)."""

    name = "SRLPreprocessing"
    reads = ("user_input",)
    output = c.SRLPreprocessingOutput

    def run(self, ctx):
        return self.output(clauses=segment_clauses(ctx.user_input[:MAX_ANALYSED_CHARS]))


class Extraction(Stage):
    """Concepts, links and the answer's assessment, in one language call."""

    name = "Extraction"
    reads = ("user_input", "utterance_id", "clauses", "previous_focus", "recent_turns")
    output = c.ExtractionOutput

    def run(self, ctx):
        rt = ctx.runtime
        request = ExtractionRequest(
            methodology=rt.methodology, concept=rt.concept, answer=ctx.user_input[:MAX_ANALYSED_CHARS], utterance_id=ctx.utterance_id,
            question=ctx.previous_question or "", focus=ctx.previous_focus, recent_turns=ctx.recent_turns,
            known_labels=rt.known_labels(), clauses=ctx.clauses,
        )
        result = rt.language.extract(request)
        return self.output(extraction=result, concept_count=len(result.nodes), relationship_count=len(result.edges))


class GraphUpdate(Stage):
    """Add or merge nodes and edges under the ontology; map elements; record yield for the old focus."""

    name = "GraphUpdate"
    reads = ("extraction", "utterance_id", "turn_number")
    output = c.GraphUpdateOutput

    def run(self, ctx):
        rt = ctx.runtime
        if rt.matcher is not None and hasattr(rt.matcher, "prepare"):
            rt.matcher.prepare([n.label for n in ctx.extraction.nodes])  # one embedding batch per turn
        delta = rt.engine.apply_extraction(ctx.extraction, ctx.utterance_id, ctx.turn_number)
        return self.output(delta=_dump(delta))


class SlotDiscovery(Stage):
    """Map surface nodes to canonical slots (paraphrases of one concept share a slot)."""

    name = "SlotDiscovery"
    reads = ("delta", "turn_number")
    output = c.SlotDiscoveryOutput

    def run(self, ctx):
        rt = ctx.runtime
        if rt.canonical is None:
            return self.output(slots=None, canonical_status=rt.canonical_status)
        result = rt.canonical.update(rt.node_dicts(), rt.edge_dicts(), ctx.turn_number)
        return self.output(slots=_dump(result), canonical_status=rt.canonical_status)


class StateComputation(Stage):
    """Response depth to the previous focus, momentum, graph metrics, coverage gaps, phase."""

    name = "StateComputation"
    reads = ("extraction", "turn_number")
    output = c.StateComputationOutput

    def run(self, ctx):
        rt = ctx.runtime
        snapshot = _dump(rt.engine.compute_state(ctx.extraction.assessment, ctx.turn_number))
        canonical_graph = comparison = None
        if rt.canonical is not None:
            canonical_graph = rt.canonical.metrics()
            comparison = rt.canonical.comparison(snapshot.get("graph", {}))
        return self.output(state=snapshot, canonical_graph=canonical_graph, graph_comparison=comparison)


class StrategySelection(Stage):
    """Score every (strategy, focus) pair and pick the winner."""

    name = "StrategySelection"
    reads = ("state", "turn_number", "recent_questions")
    output = c.StrategySelectionOutput

    def run(self, ctx):
        rt = ctx.runtime
        selection = rt.engine.select(ctx.turn_number, recent_questions=ctx.recent_questions,
                                     policy="random" if rt.policy == "random" else "adaptive", rng_seed=rt.seed)
        return self.output(selection=selection)


class Continuation(Stage):
    """Decide whether the interview goes on, and why not."""

    name = "Continuation"
    reads = ("selection", "turn_number")
    output = c.ContinuationOutput

    def run(self, ctx):
        rt = ctx.runtime
        go_on, reason = rt.engine.continuation(ctx.selection, ctx.turn_number, rt.max_turns)
        if rt.policy == "scripted" and reason == "close_strategy":
            go_on, reason = ctx.turn_number < rt.max_turns, (None if ctx.turn_number < rt.max_turns else "max_turns_reached")
        return self.output(should_continue=go_on, termination_reason=reason)


class QuestionGeneration(Stage):
    """Write the next question for the winning pair (or the closing question)."""

    name = "QuestionGeneration"
    reads = ("selection", "should_continue", "recent_questions", "recent_turns")
    output = c.QuestionGenerationOutput

    def run(self, ctx):
        rt = ctx.runtime
        if rt.policy == "scripted" and ctx.should_continue:
            return self.output(next_question=rt.scripted_question(ctx.turn_number, ctx.extraction), question_usage=[])
        sel = ctx.selection
        strategy = rt.methodology.strategy(sel.strategy)
        kind = "follow_up" if ctx.should_continue else "closing"
        request = QuestionRequest(
            methodology=rt.methodology, concept=rt.concept, kind=kind, strategy=strategy, focus=sel.focus,
            phase=sel.phase, active_signals=active_signals(sel), rationale=rationale(sel),
            recent_turns=[*ctx.recent_turns, Turn(question=ctx.previous_question or "", answer=ctx.user_input)][-RECENT_TURNS:],
            recent_questions=ctx.recent_questions, summary_labels=rt.summary_labels(),
            turn_number=ctx.turn_number, seed=rt.seed, turns_left=max(rt.max_turns - ctx.turn_number, 0),
        )
        result = rt.language.write_question(request)
        return self.output(next_question=result.question, question_usage=result.usage)


class ResponseSaving(Stage):
    """Store the interviewer's next question."""

    name = "ResponseSaving"
    reads = ("next_question", "turn_number")
    output = c.ResponseSavingOutput

    def run(self, ctx):
        uid = ctx.runtime.repo.add_utterance(ctx.runtime.session_id, ctx.turn_number, "interviewer", ctx.next_question)
        return self.output(question_utterance_id=uid)


class ScoringPersistence(Stage):
    """Build the TurnResult and save the turn (graph, state, scoring, call log) in one transaction."""

    name = "ScoringPersistence"
    reads = ("selection", "state", "delta", "extraction", "next_question", "should_continue")
    output = c.ScoringPersistenceOutput

    def run(self, ctx):
        rt = ctx.runtime
        result = build_turn_result(ctx)
        rt.persist_turn(ctx, result)
        return self.output(turn_result=result)


# --- helpers -----------------------------------------------------------------------------------------


def _dump(obj):
    if obj is None or isinstance(obj, dict):
        return obj
    if hasattr(obj, "model_dump"):
        return obj.model_dump(mode="json")
    if hasattr(obj, "to_dict"):
        return obj.to_dict()
    from dataclasses import asdict, is_dataclass

    if is_dataclass(obj):
        return asdict(obj)
    raise TypeError(f"cannot serialise {type(obj).__name__}")


def winner(selection):
    return next((a for a in selection.alternatives if not a.vetoed), None)


def active_signals(selection) -> list:
    """The signals that moved the winner, with their descriptions (seed 002, Signal Rationale in Prompts)."""
    from ..language.contracts import ActiveSignal

    best = winner(selection)
    if best is None:
        return []
    ranked = sorted(best.contributions, key=lambda x: abs(x.contribution), reverse=True)
    out = []
    for contrib in ranked[:MAX_ACTIVE_SIGNALS]:
        if contrib.contribution == 0:
            continue
        out.append(ActiveSignal(name=contrib.signal, value=contrib.value, description=catalogue.describe(contrib.signal)))
    return out


def rationale(selection) -> list[str]:
    """Plain sentences on why the strategy won: its strongest contributions and the runner-up."""
    best = winner(selection)
    if best is None:
        return []
    lines = []
    for contrib in sorted(best.contributions, key=lambda x: x.contribution, reverse=True)[:3]:
        if contrib.contribution > 0:
            level = f" is {contrib.level}" if contrib.level else f" = {contrib.value}"
            lines.append(f"{contrib.signal}{level} (+{contrib.contribution:.2f})")
    runner_up = next((a for a in selection.alternatives[1:] if not a.vetoed and a.strategy != best.strategy), None)
    if runner_up is not None:
        lines.append(f"beat {runner_up.strategy} ({runner_up.final:.2f} vs {best.final:.2f})")
    return lines


def build_turn_result(ctx) -> c.TurnResult:
    rt = ctx.runtime
    sel = ctx.selection
    best = winner(sel)
    usage = [*ctx.extraction.usage, *(ctx.question_usage or [])]
    fallbacks = [{"task": u.task, "reason": u.fallback_reason} for u in usage if u.fallback_reason]
    offline = sorted({u.task for u in usage if u.provider == "offline"})
    node_id = sel.focus.id if sel.focus.kind == "node" else None
    element_id = sel.focus.id if sel.focus.kind == "element" else None
    state = ctx.state or {}
    strategy_selected = "scripted" if rt.policy == "scripted" else sel.strategy
    return c.TurnResult(
        latency_ms=round((time.perf_counter() - ctx.started_at) * 1000, 3) if ctx.started_at else 0.0,
        turn_number=ctx.turn_number,
        extracted={
            "nodes": [n.model_dump(mode="json") for n in ctx.extraction.nodes],
            "edges": [e.model_dump(mode="json") for e in ctx.extraction.edges],
            "assessment": ctx.extraction.assessment.model_dump(mode="json"),
            "clauses": ctx.clauses or [],
            **(ctx.delta or {}),
        },
        graph_state=state.get("graph", {}),
        scoring={
            "strategy": sel.strategy, "focus": sel.focus.model_dump(mode="json"), "score": sel.score,
            "phase": sel.phase,
            "base": best.base if best else None, "multiplier": best.multiplier if best else None,
            "bonus": best.bonus if best else None,
        },
        strategy_selected=strategy_selected,
        focus=sel.focus,
        next_question=ctx.next_question,
        should_continue=ctx.should_continue,
        signals={
            "global": sel.global_signals,
            "node": sel.node_signals.get(node_id, {}) if node_id else {},
            "element": sel.element_signals.get(element_id, {}) if element_id else {},
            "detector_errors": sel.detector_errors,
        },
        strategy_alternatives=[a.model_dump(mode="json") for a in sel.alternatives],
        termination_reason=ctx.termination_reason,
        canonical_graph=ctx.canonical_graph,
        graph_comparison=ctx.graph_comparison,
        stage_ms=dict(ctx.timings_ms),
        offline_tasks=offline,
        fallbacks=fallbacks,
        llm_usage=usage,
        phase=sel.phase,
        coverage=state.get("coverage", {}),
        momentum=state.get("momentum", {}),
        respondent_utterance_id=ctx.utterance_id,
        question_utterance_id=ctx.question_utterance_id,
        canonical_status=ctx.canonical_status,
    )
