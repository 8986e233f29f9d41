"""Concept YAML: the stimulus an interview is about, with reference elements to cover."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, StrictBool, field_validator

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


# A study fact is a short phrase said inside the interviewer's sentence: one line, at most this many characters.
MAX_FACT_CHARS = 200


class StudyFacts(BaseModel):
    """What the interviewer may tell a respondent who asks about the study itself. Every field is optional; a
    question about a fact that is not set is answered honestly (the interviewer has not been told; the research
    team can answer). Set under ``facts:`` in the concept file::

        facts:
          commissioned_by: Harbour Lane Arts Trust        # "This study is commissioned by ..."
          answers_kept: for two years, then deleted        # "Your answers are kept ..."
          contact_after: false                             # whether the research team may contact respondents
          thank_you: a 15-pound voucher for the cafe       # "As a thank-you for taking part: ..."
    """

    model_config = ConfigDict(extra="forbid")
    commissioned_by: str | None = Field(default=None, max_length=MAX_FACT_CHARS)
    answers_kept: str | None = Field(default=None, max_length=MAX_FACT_CHARS)
    contact_after: StrictBool | None = None
    thank_you: str | None = Field(default=None, max_length=MAX_FACT_CHARS)

    @field_validator("commissioned_by", "answers_kept", "thank_you")
    @classmethod
    def _one_line(cls, v: str | None) -> str | None:
        if v is None:
            return None
        v = " ".join(v.split()).rstrip(".")
        if not v:
            raise ValueError("a study fact needs words; leave the key out when there is nothing to say")
        return v

    def lines(self) -> list[str]:
        """The facts as sentences, in the order of the fields (shown with the description)."""
        out = []
        if self.commissioned_by:
            out.append(f"This study is commissioned by {self.commissioned_by}.")
        if self.answers_kept:
            out.append(f"Your answers are kept {self.answers_kept}.")
        if self.contact_after is not None:
            out.append("The research team may contact you after this interview." if self.contact_after
                       else "No one will contact you after this interview.")
        if self.thank_you:
            out.append(f"As a thank-you for taking part: {self.thank_you}.")
        return out


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
    # Facts about the study a respondent may ask about (who commissions it, how long answers are kept, ...).
    facts: StudyFacts = Field(default_factory=StudyFacts)

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
