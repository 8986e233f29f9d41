"""Typed messages of the turn pipeline: the context that flows through, stage outputs, TurnResult.

Every stage declares the context fields it reads and the output model it writes; the runner checks
the reads are present before a stage runs, merges the output into the context and records timing.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from ..engine import Selection, StateSnapshot
from ..graph.knowledge_graph import GraphDelta
from ..language.slot_decisions import SlotDecisionRecord
from ..scoring.models import Alternative
from ..provenance import Provenance
from ..vocabulary import Assessment, FocusRef, Turn
from ..vocabulary.extraction import ExtractedEdge, ExtractedNode, ExtractionResult, Usage
from .record import TurnRecord


class StageOutput(BaseModel):
    model_config = ConfigDict(arbitrary_types_allowed=True)


class ContextLoadingOutput(StageOutput):
    turn_number: int
    previous_question: str
    previous_focus: FocusRef
    recent_turns: list[Turn]
    recent_questions: list[str]
    said_before: list[str]  # every interviewer turn so far, oldest first


class UtteranceSavingOutput(StageOutput):
    utterance_id: str


class SRLPreprocessingOutput(StageOutput):
    clauses: list[str]


class ExtractionOutput(StageOutput):
    extraction: ExtractionResult
    concept_count: int
    relationship_count: int


class GraphUpdateOutput(StageOutput):
    delta: GraphDelta


class SlotDiscoveryOutput(StageOutput):
    slots: object = None  # dedup.canonical.SlotDiscoveryResult; None when de-duplication is unavailable
    canonical_status: str = ""
    slot_decisions: list[SlotDecisionRecord] = Field(default_factory=list)  # offline merges, provider verdicts
    slot_usage: list[Usage] = Field(default_factory=list)  # the provider slot decision's call, when one was made


class StateComputationOutput(StageOutput):
    state: StateSnapshot
    canonical_graph: dict | None = None
    graph_comparison: dict | None = None


class StrategySelectionOutput(StageOutput):
    selection: Selection


class ContinuationOutput(StageOutput):
    should_continue: bool
    termination_reason: str | None = None
    closing_question: bool = False  # the next question is the closing one; the interview ends after its answer


class QuestionGenerationOutput(StageOutput):
    next_question: str
    question_usage: list[Usage] = Field(default_factory=list)
    question_strategy: str | None = None  # the strategy the question was written for ("scripted" for the script)


class ResponseSavingOutput(StageOutput):
    question_utterance_id: str


class ScoringPersistenceOutput(StageOutput):
    turn_result: "TurnResult"
    turn_record: TurnRecord


class PipelineContext(BaseModel):
    """What one turn knows: the session's input, then what each stage wrote (None until then)."""

    model_config = ConfigDict(arbitrary_types_allowed=True)
    session_id: str
    completed_turns: int  # turns committed before this one
    user_input: str
    existing_utterance_id: str | None = None  # set when completing a turn whose answer was already saved
    question_id: str | None = None  # the question this answer replies to; stored only if still current
    provenance: Provenance | None = None  # who answered (None: the respondent)
    on_question_chunk: object = None  # language.streaming.ChunkCallback: the next question as it is written
    timings_ms: dict[str, float] = Field(default_factory=dict)
    started_at: float = 0.0  # perf_counter() when the turn began
    # Written by the stages (None until then).
    turn_number: int | None = None
    previous_question: str | None = None
    previous_focus: FocusRef | None = None
    recent_turns: list[Turn] | None = None
    recent_questions: list[str] | None = None
    said_before: list[str] | None = None
    utterance_id: str | None = None
    clauses: list[str] | None = None
    extraction: ExtractionResult | None = None
    concept_count: int | None = None
    relationship_count: int | None = None
    delta: GraphDelta | None = None
    slots: object = None
    canonical_status: str | None = None
    slot_decisions: list[SlotDecisionRecord] | None = None
    slot_usage: list[Usage] | None = None
    state: StateSnapshot | None = None
    canonical_graph: dict | None = None
    graph_comparison: dict | None = None
    selection: Selection | None = None
    should_continue: bool | None = None
    termination_reason: str | None = None
    closing_question: bool | None = None
    next_question: str | None = None
    question_usage: list[Usage] | None = None
    question_strategy: str | None = None
    question_utterance_id: str | None = None
    turn_result: TurnResult | None = None
    turn_record: TurnRecord | None = None


class Extracted(GraphDelta):
    """What the answer yielded: the extraction (nodes, edges, assessment, clauses) and what the graph
    did with it (the GraphDelta fields)."""

    nodes: list[ExtractedNode] = Field(default_factory=list)
    edges: list[ExtractedEdge] = Field(default_factory=list)
    assessment: Assessment = Field(default_factory=Assessment)
    clauses: list[str] = Field(default_factory=list)


class ScoringSummary(BaseModel):
    """The winning pair's score: ``score = base x multiplier + bonus`` (None parts: nothing could win)."""

    strategy: str
    focus: FocusRef
    score: float
    phase: str
    base: float | None = None
    multiplier: float | None = None
    bonus: float | None = None


class TurnSignals(BaseModel):
    """The turn's signals: every global one, and those of the chosen node or element focus."""

    model_config = ConfigDict(populate_by_name=True, serialize_by_alias=True)
    global_: dict = Field(default_factory=dict, alias="global")
    node: dict = Field(default_factory=dict)
    element: dict = Field(default_factory=dict)
    detector_errors: list[str] = Field(default_factory=list)


class Fallback(BaseModel):
    task: str
    reason: str


class TurnResult(BaseModel):
    """Everything one turn produced (seed 002 fields plus timings and language accounting). Typed to the
    edge: persistence and export dump it with ``model_dump(mode="json")``; ``InterviewSession.turn_results``
    reads the stored ones back into this model."""

    turn_number: int
    extracted: Extracted
    graph_state: dict  # graph metrics (StateSnapshot.graph)
    scoring: ScoringSummary
    strategy_selected: str | None
    focus: FocusRef
    next_question: str
    should_continue: bool
    signals: TurnSignals
    # True when ``next_question`` is the closing question: the session stays active for its answer, the
    # turn that answers it ends the interview (``should_continue`` False, ``next_question`` the farewell).
    closing_question: bool = False
    strategy_alternatives: list[Alternative]
    termination_reason: str | None = None
    canonical_graph: dict | None = None
    graph_comparison: dict | None = None
    latency_ms: float = 0.0
    stage_ms: dict[str, float] = Field(default_factory=dict)
    offline_tasks: list[str] = Field(default_factory=list)  # language tasks that ran on the offline layer
    fallbacks: list[Fallback] = Field(default_factory=list)  # when a provider failed this turn
    llm_usage: list[Usage] = Field(default_factory=list)
    phase: str | None = None
    coverage: dict = Field(default_factory=dict)
    momentum: dict = Field(default_factory=dict)
    respondent_utterance_id: str | None = None
    question_utterance_id: str | None = None
    canonical_status: str | None = None
    # This turn's canonical slot decisions with their source (offline matcher or provider), for analysts.
    slot_decisions: list[SlotDecisionRecord] = Field(default_factory=list)


ScoringPersistenceOutput.model_rebuild()
PipelineContext.model_rebuild()
