"""The twelve stages of a turn, in the order the pipeline runs them.

Each stage names the context fields it ``reads`` and the output model it writes, and has one method,
``run(ctx) -> output``. What a stage works with (engine, language port, transcript, de-duplication) it
receives in its constructor; ``pipeline.build_stages`` wires one session's stages. Stages keep no state
between turns: the turn's data flows through the context.
"""

from __future__ import annotations

from ..config.concept import Concept
from ..dedup.provider_slots import offline_merge_records
from ..engine import Engine
from ..language.contracts import ExtractionRequest, QuestionChunk, QuestionRequest
from ..language.port import LanguagePort
from ..language.streaming import write_streaming
from ..provenance import Provenance
from ..text import segment_clauses
from ..vocabulary import Turn, catalogue
from ..vocabulary.assessment import RESPONDENT_ENDED
from . import contracts as c
from .record import build_turn_record
from .transcript import Transcript

RECENT_TURNS = 4
RECENT_QUESTIONS = 6
MAX_ACTIVE_SIGNALS = 10
# Answers are stored whole; language work sees at most this much, so a huge paste stays bounded.
MAX_ANALYSED_CHARS = 6000
SCRIPTED_WHY = "Why is that important to you?"


class Stage:
    name: str = ""
    reads: tuple[str, ...] = ()
    output: type[c.StageOutput] = c.StageOutput

    def run(self, ctx: c.PipelineContext) -> c.StageOutput:  # pragma: no cover - interface
        raise NotImplementedError


class ContextLoading(Stage):
    """Load the turn number, the previous question and its focus, the recent conversation, and every turn the
    interviewer has said (a reply already given is not given again)."""

    name = "ContextLoading"
    reads = ("user_input", "completed_turns")
    output = c.ContextLoadingOutput

    def __init__(self, transcript: Transcript, engine: Engine):
        self.transcript, self.engine = transcript, engine

    def run(self, ctx):
        utterances = self.transcript.utterances()  # read once for both
        questions = self.transcript.questions(utterances)
        return self.output(
            turn_number=ctx.completed_turns + 1,
            previous_question=questions[-1] if questions else "",
            previous_focus=self.engine.current_focus(),
            recent_turns=self.transcript.recent_turns(RECENT_TURNS, utterances),
            recent_questions=questions[-RECENT_QUESTIONS:],
            said_before=questions,
        )


class UtteranceSaving(Stage):
    """Commit the respondent's answer before any language work, so a crash cannot lose it."""

    name = "UtteranceSaving"
    reads = ("turn_number", "user_input")
    output = c.UtteranceSavingOutput

    def __init__(self, transcript: Transcript):
        self.transcript = transcript

    def run(self, ctx):
        if ctx.existing_utterance_id:
            return self.output(utterance_id=ctx.existing_utterance_id)
        # Conditional insert: raises AnswerConflict (nothing stored) unless the question is still current.
        uid = self.transcript.save_answer(ctx.turn_number, ctx.user_input, ctx.question_id,
                                          ctx.provenance or Provenance())
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

    def __init__(self, engine: Engine, language: LanguagePort):
        self.engine, self.language = engine, language

    def run(self, ctx):
        request = ExtractionRequest(
            methodology=self.engine.methodology, concept=self.engine.concept,
            answer=ctx.user_input[:MAX_ANALYSED_CHARS], utterance_id=ctx.utterance_id,
            question=ctx.previous_question or "", focus=ctx.previous_focus, recent_turns=ctx.recent_turns,
            known_labels=self.engine.graph.labels(), clauses=ctx.clauses,
        )
        result = self.language.extract(request)
        return self.output(extraction=result, concept_count=len(result.nodes), relationship_count=len(result.edges))


class GraphUpdate(Stage):
    """Add or merge nodes and edges under the ontology; map elements; record yield for the old focus."""

    name = "GraphUpdate"
    reads = ("extraction", "utterance_id", "turn_number")
    output = c.GraphUpdateOutput

    def __init__(self, engine: Engine, matcher=None):
        self.engine, self.matcher = engine, matcher

    def run(self, ctx):
        if self.matcher is not None and hasattr(self.matcher, "prepare"):
            self.matcher.prepare([n.label for n in ctx.extraction.nodes])  # one embedding batch per turn
        delta = self.engine.apply_extraction(ctx.extraction, ctx.utterance_id, ctx.turn_number)
        return self.output(delta=delta)


class SlotDiscovery(Stage):
    """Map surface nodes to canonical slots (paraphrases of one concept share a slot); with a
    ``slot_decider`` (a provider configured), every few turns one batched call may merge borderline slots."""

    name = "SlotDiscovery"
    reads = ("delta", "turn_number")
    output = c.SlotDiscoveryOutput

    def __init__(self, engine: Engine, canonical, canonical_status: str, slot_decider=None):
        self.engine, self.canonical, self.canonical_status = engine, canonical, canonical_status
        self.slot_decider = slot_decider

    def run(self, ctx):
        if self.canonical is None:
            return self.output(slots=None, canonical_status=self.canonical_status)
        graph = self.engine.graph.to_dict()
        result = self.canonical.update(graph["nodes"], graph["edges"], ctx.turn_number)
        decisions = offline_merge_records(result, self.canonical, {n["id"]: n["label"] for n in graph["nodes"]})
        usage = []
        if self.slot_decider is not None:
            outcome = self.slot_decider.run(result, graph["nodes"], graph["edges"], ctx.turn_number)
            decisions, usage = [*decisions, *outcome.records], outcome.usage
        return self.output(slots=result, canonical_status=self.canonical_status, slot_decisions=decisions,
                           slot_usage=usage)


class StateComputation(Stage):
    """Response depth to the previous focus, momentum, graph metrics, coverage gaps, phase."""

    name = "StateComputation"
    reads = ("extraction", "turn_number")
    output = c.StateComputationOutput

    def __init__(self, engine: Engine, canonical=None):
        self.engine, self.canonical = engine, canonical

    def run(self, ctx):
        assessment = ctx.extraction.assessment
        side_step = assessment.side_step and not ctx.extraction.nodes  # a question or a pause, nothing said
        snapshot = self.engine.compute_state(assessment, ctx.turn_number, side_step)
        canonical_graph = comparison = None
        if self.canonical is not None:
            canonical_graph = self.canonical.metrics()
            comparison = self.canonical.comparison(snapshot.graph)
        return self.output(state=snapshot, canonical_graph=canonical_graph, graph_comparison=comparison)


class StrategySelection(Stage):
    """Score every (strategy, focus) pair and pick the winner (``policy``: adaptive, or random as a
    baseline)."""

    name = "StrategySelection"
    reads = ("state", "turn_number", "recent_questions")
    output = c.StrategySelectionOutput

    def __init__(self, engine: Engine, policy: str = "adaptive", seed: int = 0):
        self.engine, self.policy, self.seed = engine, policy, seed

    def run(self, ctx):
        selection = self.engine.select(ctx.turn_number, recent_questions=ctx.recent_questions,
                                       policy=self.policy, rng_seed=self.seed)
        return self.output(selection=selection)


class Continuation(Stage):
    """Decide whether the interview goes on, and why not.

    The respondent's wish comes first: an answer read as a wish to end now (``Assessment.ending == "now"``:
    "I have to go now", "let's leave it there", an offer to end accepted) ends the interview with this turn,
    reason ``respondent_ended``: the answer has been stored and extracted like any other, and the
    interviewer's last word is a short thanks with no question. A wish to go on another time ("later") or a
    pause does not end it: the session stays open, to be resumed. When the engine decides to close (the
    closing strategy wins, or a continuation rule ends the interview), the closing question is asked as a
    turn of its own: the session stays active, and the turn that answers it ends the interview with that
    reason (also when that answer is a wish to leave). A script has no closing strategy, so a scripted
    interview (``closing_strategy_ends=False``) runs to its last turn; a bench that scripts fixed answers
    (``respondent_can_end=False``) runs to the end of its script whatever the answers say."""

    name = "Continuation"
    reads = ("selection", "turn_number", "extraction")
    output = c.ContinuationOutput

    def __init__(self, engine: Engine, max_turns: int, closing_strategy_ends: bool = True,
                 respondent_can_end: bool = True):
        self.engine, self.max_turns, self.closing_strategy_ends = engine, max_turns, closing_strategy_ends
        self.respondent_can_end = respondent_can_end

    def run(self, ctx):
        if self.engine.closing_reason:  # this answer replies to the closing question: the interview ends
            return self.output(should_continue=False, termination_reason=self.engine.closing_reason)
        if self.respondent_can_end and ctx.extraction.assessment.ending == "now":
            return self.output(should_continue=False, termination_reason=RESPONDENT_ENDED)
        go_on, reason = self.engine.continuation(ctx.selection, ctx.turn_number, self.max_turns)
        if reason == "close_strategy" and not self.closing_strategy_ends:
            go_on = ctx.turn_number < self.max_turns
            reason = None if go_on else "max_turns_reached"
        if go_on:
            return self.output(should_continue=True)
        self.engine.begin_close(reason)  # stored with this turn's engine state, so a reload knows
        return self.output(should_continue=True, closing_question=True)


class QuestionGeneration(Stage):
    """Write the next question for the winning pair, the closing question, or (after the closing answer)
    the farewell."""

    name = "QuestionGeneration"
    reads = ("selection", "should_continue", "recent_questions", "recent_turns")
    output = c.QuestionGenerationOutput

    def __init__(self, engine: Engine, language: LanguagePort, max_turns: int, seed: int = 0):
        self.engine, self.language, self.max_turns, self.seed = engine, language, max_turns, seed

    def run(self, ctx):
        sel = ctx.selection
        request = QuestionRequest(
            methodology=self.engine.methodology, concept=self.engine.concept,
            kind=question_kind(ctx), strategy=self.engine.methodology.strategy(sel.strategy),
            focus=sel.focus, phase=sel.phase, active_signals=active_signals(sel), rationale=rationale(sel),
            recent_turns=[*ctx.recent_turns, Turn(question=ctx.previous_question or "", answer=ctx.user_input)][-RECENT_TURNS:],
            recent_questions=ctx.recent_questions, summary_labels=summary_labels(self.engine),
            turn_number=ctx.turn_number, seed=self.seed, turns_left=max(self.max_turns - ctx.turn_number, 0),
            termination_reason=ctx.termination_reason, said_before=ctx.said_before or [],
            answer_labels=[n.label for n in ctx.extraction.nodes] if ctx.extraction else [],
        )
        if ctx.on_question_chunk is None:
            result = self.language.write_question(request)
        else:
            result = write_streaming(self.language, request, ctx.on_question_chunk)
        return self.output(next_question=result.question, question_usage=result.usage, question_strategy=sel.strategy)


class ScriptedQuestionGeneration(QuestionGeneration):
    """The scripted baseline's questions: one probe per concept element, then "why is that important" on
    every answer; the closing question is written as usual. Its turns are recorded as strategy
    ``scripted``."""

    name = "QuestionGeneration"

    def run(self, ctx):
        if question_kind(ctx) != "follow_up":
            return super().run(ctx).model_copy(update={"question_strategy": "scripted"})
        question = scripted_question(self.engine.concept, ctx.turn_number)
        if ctx.on_question_chunk is not None:
            ctx.on_question_chunk(QuestionChunk(text=question))
        return self.output(next_question=question, question_usage=[],
                           question_strategy="scripted")


class ResponseSaving(Stage):
    """Name the interviewer's next question. It is stored with the turn record, in the one transaction the
    session commits when the pipeline returns, so a crash never leaves a question without its turn."""

    name = "ResponseSaving"
    reads = ("next_question", "turn_number")
    output = c.ResponseSavingOutput

    def __init__(self, transcript: Transcript):
        self.transcript = transcript

    def run(self, ctx):
        return self.output(question_utterance_id=self.transcript.next_question_id(ctx.turn_number))


class ScoringPersistence(Stage):
    """Build the TurnResult and the turn's record (graph, engine state, scoring, alternatives, canonical
    graph) that the session commits, together with the question and the call log, in one transaction."""

    name = "ScoringPersistence"
    reads = ("selection", "state", "delta", "extraction", "next_question", "should_continue", "question_utterance_id")
    output = c.ScoringPersistenceOutput

    def __init__(self, engine: Engine, matcher=None, canonical=None):
        self.engine, self.matcher, self.canonical = engine, matcher, canonical

    def run(self, ctx):
        result = build_turn_result(ctx)
        record = build_turn_record(ctx, result, self.engine, self.matcher, self.canonical)
        return self.output(turn_result=result, turn_record=record)


# --- helpers -----------------------------------------------------------------------------------------


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


def question_kind(ctx) -> str:
    """``follow_up``, ``closing`` (the interview ends after its answer) or ``farewell`` (it has ended)."""
    if not ctx.should_continue:
        return "farewell"
    return "closing" if ctx.closing_question else "follow_up"


def summary_labels(engine: Engine, n: int = 3) -> list[str]:
    """The labels of the ``n`` newest nodes (for summary and synthesis questions)."""
    nodes = sorted(engine.graph.nodes(), key=lambda x: (x.created_turn, x.id))
    return [x.label for x in nodes[-n:]]


def scripted_question(concept: Concept, turn: int) -> str:
    """The scripted baseline's question for ``turn``: the concept's elements in order, then the why-probe."""
    elements = concept.elements
    if turn <= len(elements):
        return f"What do you think about the {elements[turn - 1].label.lower()}?"
    return SCRIPTED_WHY


def build_turn_result(ctx) -> c.TurnResult:
    """The typed TurnResult of a turn whose stages have all run (timings are added by ``run_turn``)."""
    sel = ctx.selection
    best = winner(sel)
    usage = [*ctx.extraction.usage, *(ctx.slot_usage or []), *(ctx.question_usage or [])]
    node_id = sel.focus.id if sel.focus.kind == "node" else None
    element_id = sel.focus.id if sel.focus.kind == "element" else None
    state = ctx.state
    return c.TurnResult(
        turn_number=ctx.turn_number,
        extracted=c.Extracted(**dict(ctx.delta), nodes=ctx.extraction.nodes, edges=ctx.extraction.edges,
                              assessment=ctx.extraction.assessment, clauses=ctx.clauses or []),
        graph_state=state.graph,
        scoring=c.ScoringSummary(strategy=sel.strategy, focus=sel.focus, score=sel.score, phase=sel.phase,
                                 base=best.base if best else None, multiplier=best.multiplier if best else None,
                                 bonus=best.bonus if best else None),
        strategy_selected=ctx.question_strategy or sel.strategy,
        focus=sel.focus,
        next_question=ctx.next_question,
        should_continue=ctx.should_continue,
        closing_question=bool(ctx.closing_question),
        signals=c.TurnSignals(global_=sel.global_signals,
                              node=sel.node_signals.get(node_id, {}) if node_id else {},
                              element=sel.element_signals.get(element_id, {}) if element_id else {},
                              detector_errors=sel.detector_errors),
        strategy_alternatives=sel.alternatives,
        termination_reason=ctx.termination_reason,
        canonical_graph=ctx.canonical_graph,
        graph_comparison=ctx.graph_comparison,
        stage_ms=dict(ctx.timings_ms),
        offline_tasks=sorted({u.task for u in usage if u.provider == "offline"}),
        fallbacks=[c.Fallback(task=u.task, reason=u.fallback_reason) for u in usage if u.fallback_reason],
        llm_usage=usage,
        phase=sel.phase,
        coverage=state.coverage,
        momentum=state.momentum,
        respondent_utterance_id=ctx.utterance_id,
        question_utterance_id=ctx.question_utterance_id,
        canonical_status=ctx.canonical_status,
        slot_decisions=ctx.slot_decisions or [],
    )
