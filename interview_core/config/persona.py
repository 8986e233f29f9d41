"""Persona YAML: a simulated respondent's behaviour style (reference format plus optional knobs)."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from .errors import ConfigError, Problem
from .loader import read_yaml, validate_model

ANSWER_KINDS = ("detailed", "medium", "brief", "acknowledgment")


class ResponsePatterns(BaseModel):
    model_config = ConfigDict(extra="forbid")
    detailed: float = 0.25
    medium: float = 0.5
    brief: float = 0.2
    acknowledgment: float = 0.05


class Persona(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    name: str
    description: str = ""
    traits: list[str] = Field(default_factory=list)
    speech_pattern: str = ""
    response_patterns: ResponsePatterns = Field(default_factory=ResponsePatterns)
    deflection_patterns: list[str] = Field(default_factory=list)
    # Optional knobs of ours (the simulated-respondent issue gives them behaviour).
    fatigue_onset: int | None = None  # turn after which answers get shorter
    tangent_rate: float = 0.0  # chance of an off-topic aside per answer
    fixation: float = 0.0  # chance of steering back to one branch
    hedging_rate: float | None = None  # chance of hedging words; None: inferred from traits


def check_persona(p: Persona, file: str) -> list[Problem]:
    total = sum(getattr(p.response_patterns, k) for k in ANSWER_KINDS)
    problems = []
    if abs(total - 1.0) > 0.02:
        problems.append(Problem(file, "response_patterns", f"shares must sum to 1.0 (got {total:.2f})"))
    for k in ANSWER_KINDS:
        v = getattr(p.response_patterns, k)
        if not 0 <= v <= 1:
            problems.append(Problem(file, f"response_patterns.{k}", f"share must be in [0, 1] (got {v})"))
    for knob in ("tangent_rate", "fixation"):
        v = getattr(p, knob)
        if not 0 <= v <= 1:
            problems.append(Problem(file, knob, f"must be in [0, 1] (got {v})"))
    return problems


def load_persona(path: Path | str, text: str | None = None) -> Persona:
    path = Path(path)
    model = validate_model(Persona, read_yaml(path, text), path.name)
    problems = check_persona(model, path.name)
    if problems:
        raise ConfigError(problems)
    return model
