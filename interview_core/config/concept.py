"""Concept YAML: the stimulus an interview is about, with reference elements to cover."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, field_validator

from ..language.codes import check_language_tag

from .errors import ConfigError, Problem
from .loader import read_yaml, validate_model


class Element(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    label: str
    aliases: list[str] = Field(default_factory=list)
    description: str = ""
    connects_to: list[str] = Field(default_factory=list)  # connection requirements (seed 003 "unconnected" gap)


class Concept(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    name: str
    methodology: str
    objective: str = ""
    stimulus: str = ""
    # An image shown with the stimulus: a file name relative to the concept file's folder (or absolute).
    stimulus_image: str | None = None
    # Shown to respondents before the first question (a study's consent text takes precedence).
    consent_text: str = ""
    # The interview language: an ISO 639-1 code, optionally with a region (a study's language takes precedence).
    language: str = "en"
    elements: list[Element] = Field(default_factory=list)

    @field_validator("language")
    @classmethod
    def _language_code(cls, v: str) -> str:
        return check_language_tag(v)

    def element(self, element_id: str) -> Element | None:
        return next((e for e in self.elements if e.id == element_id), None)


def check_concept(c: Concept, file: str) -> list[Problem]:
    problems = []
    ids = [e.id for e in c.elements]
    for e in c.elements:
        if ids.count(e.id) > 1:
            problems.append(Problem(file, f"elements[{e.id}]", f"duplicate element id '{e.id}'"))
        for target in e.connects_to:
            if target not in ids:
                problems.append(Problem(file, f"elements[{e.id}].connects_to", f"unknown element '{target}'"))
    return problems


def load_concept(path: Path | str, text: str | None = None) -> Concept:
    path = Path(path)
    data = read_yaml(path, text)
    model = validate_model(Concept, data, path.name)
    problems = check_concept(model, path.name)
    if problems:
        raise ConfigError(problems)
    return model
