"""The answer's assessment: what the ``llm.*`` signals are read from."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

ResponseDepth = Literal["surface", "shallow", "moderate", "deep"]
Hedging = Literal["none", "low", "medium", "high"]
KnowledgeCeiling = Literal["none", "exploratory", "terminal"]
# The respondent's wish to end the interview: "now" (leave or stop now: "I have to go now", "let's leave it there",
# or an offer to end accepted), "later" (stop now and go on another time: "can I finish this tomorrow?"),
# "none" (no such wish; a pause, or stopping something else: "I want to stop paying for storage").
Ending = Literal["none", "now", "later"]
# The termination reason of an interview ended on the respondent's wish ("now").
RESPONDENT_ENDED = "respondent_ended"


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
    # The answer only steps aside from the interview: it asks the interviewer something (the interview's
    # length, purpose, privacy, a word's meaning, or the product) or is a pause ("one sec, the door").
    # Asking to skip or to end is no side step. Set by every language adapter; the engine holds momentum
    # over a side step that made no node (a respondent who asks a question is not tiring).
    side_step: bool = False
    # Set by every language adapter; Continuation ends the interview on "now" (see ``pipeline.stages``).
    ending: Ending = "none"
    reasoning: str = ""
