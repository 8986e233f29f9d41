"""What the ranking returns for each (strategy, focus) pair: its score and why."""

from __future__ import annotations

from pydantic import BaseModel, Field

from ..vocabulary import FocusRef


class Contribution(BaseModel):
    """One weight key's part in a base score: ``contribution = weight x factor`` where the factor is 1 or
    0 for a level key (did the signal sit at ``level``?) and the normalised value for a bare key."""

    signal: str
    level: str | None  # the level the key fires on (None: bare numeric weight)
    key: str
    value: object = None  # the raw signal value seen for this pair (None: signal absent)
    weight: float
    contribution: float


class Alternative(BaseModel):
    """A scored pair: ``final = base x multiplier + bonus``; a vetoed pair keeps its score but cannot win."""

    strategy: str
    focus: FocusRef
    base: float
    multiplier: float = 1.0
    bonus: float = 0.0
    final: float
    vetoed: bool = False
    veto: str | None = None
    veto_reason: str | None = None
    contributions: list[Contribution] = Field(default_factory=list)
