"""Momentum and fatigue (seed 003, with the exponentially weighted fix its hotspot 5 proposes).

Each answer gets a momentum value in [0, 1]: the mean of its engagement and its depth (surface 0,
shallow 1/3, moderate 2/3, deep 1). Its *level* is low below 1/3, high from 2/3, mid between.

The score is an exponentially weighted average, ``score = 0.7 x previous + 0.3 x current`` starting
from a neutral 0.5. The respondent becomes *fatigued* when the score has stayed below 0.3 for 2+
turns, or after 3+ low-level answers in a row (the reference's rule, kept and exposed as
``consecutive_low``). Once fatigued, the state only clears when the score climbs back to 0.45 or above:
one lively answer after a run of low ones lifts the score to about 0.4 and does not reset fatigue, which
the reference's consecutive counter did.
"""

from __future__ import annotations

from dataclasses import dataclass, field

DEPTH_VALUE = {"surface": 0.0, "shallow": 1 / 3, "moderate": 2 / 3, "deep": 1.0}
DECAY = 0.7
FATIGUE_SCORE = 0.3
FATIGUE_TURNS = 2
FATIGUE_CONSECUTIVE = 3
RECOVERY_SCORE = 0.45


def momentum_value(engagement: float, response_depth: str) -> float:
    """Momentum of one answer in [0, 1]: mean of engagement and depth value."""
    return (engagement + DEPTH_VALUE.get(response_depth, 1 / 3)) / 2


def momentum_level(value: float) -> str:
    return "low" if value < 1 / 3 else "high" if value >= 2 / 3 else "mid"


@dataclass
class Momentum:
    score: float = 0.5
    consecutive_low: int = 0
    turns_below: int = 0
    fatigued: bool = False
    history: list[dict] = field(default_factory=list)  # per turn: turn, value, level, score

    def update(self, value: float, turn: int) -> None:
        """Fold one answer's momentum value (in [0, 1]) into the score and the fatigue state."""
        level = momentum_level(value)
        self.score = DECAY * self.score + (1 - DECAY) * value
        self.consecutive_low = self.consecutive_low + 1 if level == "low" else 0
        self.turns_below = self.turns_below + 1 if self.score < FATIGUE_SCORE else 0
        if self.fatigued:
            self.fatigued = self.score < RECOVERY_SCORE
        else:
            self.fatigued = self.turns_below >= FATIGUE_TURNS or self.consecutive_low >= FATIGUE_CONSECUTIVE
        self.history.append({"turn": turn, "value": value, "level": level, "score": self.score})

    @property
    def level(self) -> str:
        return self.history[-1]["level"] if self.history else "mid"

    def to_dict(self) -> dict:
        """As ``dataclasses.asdict`` (the history's entries hold scalars only), without its deep copy."""
        return {**vars(self), "history": [dict(h) for h in self.history]}

    @classmethod
    def from_dict(cls, data: dict) -> Momentum:
        return cls(**data)
