"""Provider-neutral contracts of the language layer.

The pipeline asks a :class:`LanguagePort` for pydantic models and gets one back, or a typed error.
It never sees raw JSON and never knows whether the offline layer or a real model answered.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Reaction = Literal["positive", "negative", "neutral", "skeptical", "curious"]
ResponseDepth = Literal["surface", "shallow", "moderate", "deep"]
Hedging = Literal["none", "low", "medium", "high"]
KnowledgeCeiling = Literal["none", "exploratory", "terminal"]


class ExtractedNode(BaseModel):
    model_config = ConfigDict(extra="ignore")
    label: str = Field(min_length=1, max_length=200)
    node_type: str
    quote: str = Field(min_length=1)
    element_mapping: str | None = None
    reaction: Reaction | None = None
    stance: Literal[-1, 0, 1] = 0


class ExtractedEdge(BaseModel):
    model_config = ConfigDict(extra="ignore")
    source_label: str
    target_label: str
    relation_type: str
    quote: str = Field(min_length=1)
    origin: Literal["explicit", "implicit", "conversational", "model"] = "model"


class Assessment(BaseModel):
    """The answer's assessment: the values behind the ``llm.*`` signals (floats in [0, 1])."""

    model_config = ConfigDict(extra="ignore")
    extractable: bool = True
    response_depth: ResponseDepth = "shallow"
    valence: float = Field(0.5, ge=0, le=1)
    certainty: float = Field(0.5, ge=0, le=1)
    specificity: float = Field(0.5, ge=0, le=1)
    engagement: float = Field(0.5, ge=0, le=1)
    intellectual_engagement: float = Field(0.0, ge=0, le=1)
    ambiguity: float = Field(0.0, ge=0, le=1)
    hedging_language: Hedging = "none"
    knowledge_ceiling: KnowledgeCeiling = "none"
    reasoning: str = ""


class Usage(BaseModel):
    """Accounting of one language call (offline calls have zero tokens and cost)."""

    task: str
    provider: str
    model: str
    input_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float = 0.0
    latency_ms: float = 0.0
    error: str | None = None
    fallback_reason: str | None = None  # set when this task fell back to the offline layer


class ExtractionResult(BaseModel):
    nodes: list[ExtractedNode] = Field(default_factory=list)
    edges: list[ExtractedEdge] = Field(default_factory=list)
    assessment: Assessment = Field(default_factory=Assessment)
    clauses: list[str] = Field(default_factory=list)  # SRL-stage segmentation, for traceability
    usage: list[Usage] = Field(default_factory=list)
    filtered_nodes: int = 0  # dropped: node type not in the methodology
    filtered_edges: int = 0  # dropped: relation or type pair not permitted, or an endpoint unknown


class Turn(BaseModel):
    question: str
    answer: str


class FocusRef(BaseModel):
    """What a question is about: a graph node, a concept element, or nothing (open/summary)."""

    kind: Literal["node", "element", "none"] = "none"
    id: str | None = None
    label: str | None = None
    node_type: str | None = None


class ExtractionRequest(BaseModel):
    model_config = ConfigDict(arbitrary_types_allowed=True)
    methodology: object  # config.Methodology
    concept: object  # config.Concept
    answer: str
    utterance_id: str
    question: str = ""
    focus: FocusRef = Field(default_factory=FocusRef)
    recent_turns: list[Turn] = Field(default_factory=list)
    known_labels: list[str] = Field(default_factory=list)  # existing node labels edges may refer to
    clauses: list[str] = Field(default_factory=list)  # from the SRL preprocessing stage


class ActiveSignal(BaseModel):
    name: str
    value: object
    description: str = ""


class QuestionRequest(BaseModel):
    model_config = ConfigDict(arbitrary_types_allowed=True)
    methodology: object  # config.Methodology
    concept: object  # config.Concept
    kind: Literal["opening", "follow_up", "closing"] = "follow_up"
    strategy: object | None = None  # config.Strategy
    focus: FocusRef = Field(default_factory=FocusRef)
    phase: str = "early"
    active_signals: list[ActiveSignal] = Field(default_factory=list)
    rationale: list[str] = Field(default_factory=list)  # why the strategy won
    recent_turns: list[Turn] = Field(default_factory=list)
    recent_questions: list[str] = Field(default_factory=list)  # the last six, never to be near-repeated
    summary_labels: list[str] = Field(default_factory=list)  # for summary/synthesis questions
    turn_number: int = 0
    seed: int = 0


class QuestionResult(BaseModel):
    question: str
    usage: list[Usage] = Field(default_factory=list)


class LLMError(RuntimeError):
    """A provider failed after its retry. Carries attempts and usage for the call log."""

    def __init__(self, message: str, attempts: int = 1, usage: Usage | None = None):
        super().__init__(message)
        self.attempts = attempts
        self.usage = usage


class LLMTimeoutError(LLMError):
    pass
