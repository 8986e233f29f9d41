"""Provider-neutral contracts of the language layer.

The pipeline asks a :class:`LanguagePort` for pydantic models and gets one back, or a typed error.
It never sees raw JSON and never knows whether the offline layer or a real model answered.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ..vocabulary import Assessment, FocusRef, Turn
from ..vocabulary.extraction import ExtractedEdge, ExtractedNode, ExtractionResult, Usage

# The extraction contracts are ground-floor vocabulary (the graph reads them); the language layer
# re-exports them so a provider needs one import.
__all__ = ["ActiveSignal", "Assessment", "ExtractedEdge", "ExtractedNode", "ExtractionRequest", "ExtractionResult",
           "FocusRef", "LLMError", "LLMTimeoutError", "QuestionChunk", "QuestionRequest", "QuestionResult", "Turn",
           "Usage"]


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
    # farewell: the remark after the closing answer; always written offline (no provider call)
    kind: Literal["opening", "follow_up", "closing", "farewell"] = "follow_up"
    strategy: object | None = None  # config.Strategy
    focus: FocusRef = Field(default_factory=FocusRef)
    phase: str = "early"
    active_signals: list[ActiveSignal] = Field(default_factory=list)
    rationale: list[str] = Field(default_factory=list)  # why the strategy won
    recent_turns: list[Turn] = Field(default_factory=list)
    recent_questions: list[str] = Field(default_factory=list)  # the last six, never to be near-repeated
    # every interviewer turn of the session, oldest first: a reply to the respondent's own turn (an answer to
    # their question about the interview or the product) given in one of them is not given again
    said_before: list[str] = Field(default_factory=list)
    # the labels of what the respondent's last answer said (its nodes): the farewell acknowledges a new point
    answer_labels: list[str] = Field(default_factory=list)
    summary_labels: list[str] = Field(default_factory=list)  # for summary/synthesis questions
    turn_number: int = 0
    seed: int = 0
    turns_left: int | None = None  # questions left in the budget, to answer "how long does this take?"
    termination_reason: str | None = None  # farewell: why the interview ended (respondent_ended: at their wish)


class QuestionResult(BaseModel):
    question: str
    usage: list[Usage] = Field(default_factory=list)


class QuestionChunk(BaseModel):
    """A piece of the next question while it is written (see ``language.streaming``).

    The question shown so far is the concatenation of the chunks' texts since the last chunk with
    ``replace`` set; such a chunk replaces everything shown before (a retry, a re-ask, the offline
    writer's question after a provider failed midway, or the cleaned final question). After the last
    chunk the text shown equals the question stored.
    """

    text: str
    replace: bool = False


class LLMError(RuntimeError):
    """A provider failed after its retry. Carries attempts and usage for the call log."""

    def __init__(self, message: str, attempts: int = 1, usage: Usage | None = None):
        super().__init__(message)
        self.attempts = attempts
        self.usage = usage


class LLMTimeoutError(LLMError):
    pass
