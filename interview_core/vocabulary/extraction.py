"""What an extraction yields: concepts and links quoted from the answer, the answer's assessment and
the accounting of the calls that produced them. The graph applies it; every provider returns it."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from .assessment import Assessment

Reaction = Literal["positive", "negative", "neutral", "skeptical", "curious"]
# Where a concept sits in the answer that said it: the respondent's point, a supporting detail, or the
# backdrop of a story (the places, times and other people around the point).
Prominence = Literal["point", "supporting", "backdrop"]


class ExtractedNode(BaseModel):
    model_config = ConfigDict(extra="ignore")
    label: str = Field(min_length=1, max_length=200)
    node_type: str
    quote: str = Field(min_length=1)
    element_mapping: str | None = None
    reaction: Reaction | None = None
    stance: Literal[-1, 0, 1] = 0
    prominence: Prominence | None = None  # None: not read (an extractor that does not say)
    reason_given: bool | None = None  # the same answer already says why it matters ("X, because ...")


class ExtractedEdge(BaseModel):
    model_config = ConfigDict(extra="ignore")
    source_label: str
    target_label: str
    relation_type: str
    quote: str = Field(min_length=1)
    origin: Literal["explicit", "implicit", "conversational", "model"] = "model"


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
