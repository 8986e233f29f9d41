"""Who produced an answer: the respondent, the researcher typing on the analyst page, or a simulation.

Every respondent-side utterance is stored with its provenance so rehearsal answers are never mistaken for
real ones: the analyst's transcript and every export show it; the respondent's own view never does.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, model_validator

Source = Literal["respondent", "researcher", "simulated"]
SOURCES: tuple[str, ...] = ("respondent", "researcher", "simulated")


class Provenance(BaseModel):
    """``source`` plus, for a simulated answer, the persona and mind that produced it."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    source: Source = "respondent"
    persona: str | None = None
    mind: str | None = None

    @model_validator(mode="after")
    def _simulated_only(self) -> "Provenance":
        if self.source != "simulated" and (self.persona or self.mind):
            raise ValueError("persona and mind describe simulated answers only")
        return self

    @classmethod
    def simulated(cls, persona: str | None, mind: str | None) -> "Provenance":
        return cls(source="simulated", persona=persona, mind=mind)

    def detail(self) -> dict:
        """What is stored beside ``source`` (empty for respondent and researcher answers)."""
        return {k: v for k, v in (("persona", self.persona), ("mind", self.mind)) if v}


def describe(source: str | None, detail: dict | None = None) -> str:
    """A plain-words label for the analyst and for exports, e.g. ``Simulated (persona terse, mind x)``.

    ``source`` None means the answer was stored before provenance was recorded.
    """
    if source == "respondent":
        return "Respondent"
    if source == "researcher":
        return "Researcher (typed on the analyst page)"
    if source == "simulated":
        parts = [f"{k} {v}" for k, v in (detail or {}).items() if k in ("persona", "mind") and v]
        return "Simulated respondent" + (f" ({', '.join(parts)})" if parts else "")
    return "Answer (source not recorded)"
