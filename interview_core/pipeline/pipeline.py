"""The turn pipeline: read this module to see a turn, stage by stage, in order (seed 002).

    ContextLoading -> UtteranceSaving -> SRLPreprocessing -> Extraction -> GraphUpdate -> SlotDiscovery
    -> StateComputation -> StrategySelection -> Continuation -> QuestionGeneration -> ResponseSaving
    -> ScoringPersistence

The close is a turn like any other: when Continuation decides to end (the closing strategy wins, or a
continuation rule fires), QuestionGeneration writes the closing question and the session stays active
(``TurnResult.closing_question``); the answer to it runs through every stage (extracted and stored), and
that turn ends the interview with the reason decided before, its "question" being the farewell. An answer
in which the respondent says they want to end now (``Assessment.ending``, read by the language layer)
ends the interview with that turn (reason ``respondent_ended``), after it too has run through every stage.

``build_stages`` wires one session's stages with what each one works with. A ``PipelineContext`` flows
through; each stage declares what it reads and returns a pydantic output that is merged into the
context. Each stage's time is recorded in milliseconds. The session then commits the turn's record
with the final TurnResult in one transaction (see ``record.py``).
"""

from __future__ import annotations

import time

from ..engine import Engine
from ..language.port import LanguagePort
from .contracts import PipelineContext, TurnResult
from .stages import (
    Continuation,
    ContextLoading,
    Extraction,
    GraphUpdate,
    QuestionGeneration,
    ResponseSaving,
    ScoringPersistence,
    ScriptedQuestionGeneration,
    SlotDiscovery,
    SRLPreprocessing,
    Stage,
    StateComputation,
    StrategySelection,
    UtteranceSaving,
)
from .transcript import Transcript

POLICIES = ("adaptive", "random", "scripted")


def build_stages(*, engine: Engine, language: LanguagePort, transcript: Transcript, max_turns: int,
                 policy: str = "adaptive", seed: int = 0, matcher=None, canonical=None,
                 canonical_status: str = "", slot_decider=None, respondent_can_end: bool = True) -> list[Stage]:
    """The stages of one session's turn, in order.

    ``policy``: ``adaptive`` (the best pair), ``random`` (a seeded random pair, a baseline) or
    ``scripted`` (the baseline script writes the questions: a different question-writing stage).
    ``matcher``/``canonical``: the de-duplication objects, None when it is unavailable; ``slot_decider``:
    the provider-assisted slot decision (``dedup.provider_slots``), None offline. ``respondent_can_end``:
    whether an answer that says the respondent wants to end now ends the interview (an engine default,
    True; benches that script fixed answers set it False so that every script runs to its end).
    """
    if policy not in POLICIES:
        raise ValueError(f"unknown policy '{policy}' (use one of {', '.join(POLICIES)})")
    scripted = policy == "scripted"
    write_question = ScriptedQuestionGeneration if scripted else QuestionGeneration
    return [
        ContextLoading(transcript, engine),
        UtteranceSaving(transcript),
        SRLPreprocessing(),
        Extraction(engine, language),
        GraphUpdate(engine, matcher),
        SlotDiscovery(engine, canonical, canonical_status, slot_decider),
        StateComputation(engine, canonical),
        StrategySelection(engine, policy="random" if policy == "random" else "adaptive", seed=seed),
        Continuation(engine, max_turns, closing_strategy_ends=not scripted, respondent_can_end=respondent_can_end),
        write_question(engine, language, max_turns, seed),
        ResponseSaving(transcript),
        ScoringPersistence(engine, matcher, canonical),
    ]


class StageContractError(RuntimeError):
    pass


def run_stage(stage: Stage, ctx: PipelineContext) -> PipelineContext:
    """Run one stage: check its reads, run it, merge its output, record its time (also used by tests)."""
    missing = [field for field in stage.reads if getattr(ctx, field) is None]
    if missing:
        raise StageContractError(f"{stage.name} needs {', '.join(missing)}, which no earlier stage wrote")
    start = time.perf_counter()
    output = stage.run(ctx)
    ctx.timings_ms[stage.name] = round((time.perf_counter() - start) * 1000, 3)
    if not isinstance(output, stage.output):
        raise StageContractError(f"{stage.name} returned {type(output).__name__}, not {stage.output.__name__}")
    for field, value in output:
        setattr(ctx, field, value)
    return ctx


def run_turn(ctx: PipelineContext, stages: list[Stage]) -> TurnResult:
    """Run every stage in order; the TurnResult with each stage's time and the turn's latency."""
    ctx.started_at = time.perf_counter()
    for stage in stages:
        run_stage(stage, ctx)
    result: TurnResult = ctx.turn_result
    result.stage_ms = dict(ctx.timings_ms)
    result.latency_ms = round((time.perf_counter() - ctx.started_at) * 1000, 3)
    return result
