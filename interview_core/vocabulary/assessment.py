"""The answer's assessment: what the ``llm.*`` signals are read from."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

ResponseDepth = Literal["surface", "shallow", "moderate", "deep"]
Hedging = Literal["none", "low", "medium", "high"]
KnowledgeCeiling = Literal["none", "exploratory", "terminal"]


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
