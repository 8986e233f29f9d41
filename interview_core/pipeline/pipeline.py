"""The turn pipeline: read this module to see a turn, stage by stage, in order (seed 002).

    ContextLoading -> UtteranceSaving -> SRLPreprocessing -> Extraction -> GraphUpdate -> SlotDiscovery
    -> StateComputation -> StrategySelection -> Continuation -> QuestionGeneration -> ResponseSaving
    -> ScoringPersistence

A ``PipelineContext`` flows through; each stage declares what it reads and returns a pydantic output
that is merged into the context. Each stage's time is recorded in milliseconds.
"""

from __future__ import annotations

import time

from .contracts import PipelineContext, TurnResult
from .stages import (
    Continuation,
    ContextLoading,
    Extraction,
    GraphUpdate,
    QuestionGeneration,
    ResponseSaving,
    ScoringPersistence,
    SlotDiscovery,
    SRLPreprocessing,
    Stage,
    StateComputation,
    StrategySelection,
    UtteranceSaving,
)

STAGES: list[Stage] = [
    ContextLoading(),
    UtteranceSaving(),
    SRLPreprocessing(),
    Extraction(),
    GraphUpdate(),
    SlotDiscovery(),
    StateComputation(),
    StrategySelection(),
    Continuation(),
    QuestionGeneration(),
    ResponseSaving(),
    ScoringPersistence(),
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


def run_turn(ctx: PipelineContext, stages: list[Stage] | None = None) -> TurnResult:
    ctx.started_at = time.perf_counter()
    for stage in stages or STAGES:
        run_stage(stage, ctx)
    result: TurnResult = ctx.turn_result
    result.stage_ms = dict(ctx.timings_ms)
    result.latency_ms = round((time.perf_counter() - ctx.started_at) * 1000, 3)
    return result
