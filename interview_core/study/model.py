"""The study definition: a named set of interviews on one concept and methodology.

A study file (YAML, ``extra="forbid"``) or the app supplies it::

    name: Oat milk baristas, wave 1
    concept: oat_milk
    methodology: means_end_chain      # default: the concept's
    consent_text: "This interview is recorded for research..."
    language: en
    max_turns: 20
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, field_validator

from ..config.loader import read_yaml, validate_model
from ..language.codes import check_language_tag


class Study(BaseModel):
    """What every interview of a study shares. ``language`` is an ISO 639-1 code, optionally with a region (``en``, ``de``, ``pt-BR``);
    ``max_turns`` the turn budget each session starts with; ``consent_text`` is shown to respondents
    before the first question."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=200)
    concept: str = Field(min_length=1)
    methodology: str | None = None
    consent_text: str = ""
    language: str = "en"
    max_turns: int = Field(default=20, ge=1, le=200)
    description: str = ""

    @field_validator("name")
    @classmethod
    def _strip_name(cls, v: str) -> str:
        v = v.strip()
        if not v:
            raise ValueError("a study needs a non-blank name")
        return v

    @field_validator("language")
    @classmethod
    def _language_tag(cls, v: str) -> str:
        return check_language_tag(v)


def load_study(path: Path | str, text: str | None = None) -> Study:
    """Read and validate a study file; ConfigError names the file, the key and the bad value."""
    path = Path(path)
    return validate_model(Study, read_yaml(path, text), path.name)
