"""Request and response bodies of the HTTP API (pydantic: they are also the OpenAPI schema)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, model_validator

NAME_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_\-]{0,79}$"  # a shipped file's name, never a path
REF_PATTERN = r"^[A-Za-z0-9_\-.:@]{1,200}$"


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Target(Strict):
    """What an interview is about: a study (its concept, methodology and turn budget) or a concept."""

    study: str | None = Field(None, pattern=NAME_PATTERN, description="study id or name; the session joins it")
    concept: str | None = Field(None, pattern=NAME_PATTERN, description="concept name, e.g. oat_milk")

    @model_validator(mode="after")
    def _one_target(self):
        if (self.study is None) == (self.concept is None):
            raise ValueError("give either 'study' or 'concept'")
        return self

    @property
    def key(self) -> str:
        """``study:<id>`` or ``concept:<name>``: what an embed link signs."""
        return f"study:{self.study}" if self.study else f"concept:{self.concept}"


class CreateSession(Target):
    methodology: str | None = Field(None, pattern=NAME_PATTERN, description="with a concept: defaults to the concept's")
    max_turns: int | None = Field(None, ge=1, le=200, description="with a concept: defaults to the methodology's")
    respondent_ref: str | None = Field(None, pattern=REF_PATTERN,
                                       description="the survey tool's respondent id, stored with the session")


class Question(BaseModel):
    id: str = Field(description="bind the answer to this id")
    text: str


class SessionCreated(BaseModel):
    session_id: str
    respondent_token: str = Field(description="respondent calls send it as X-Session-Token")
    question: Question
    embed_path: str = Field(description="path of the respondent's embeddable page")
    offline: bool


class CurrentQuestion(BaseModel):
    turn: int = Field(description="turns completed so far")
    question: Question
    finished: bool
    termination_reason: str | None = None
    offline: bool


class Answer(Strict):
    question_id: str = Field(min_length=1, max_length=200, description="id of the question being answered")
    text: str = Field(description="the respondent's answer, stored exactly as sent")


class AnswerResult(BaseModel):
    """What a respondent sees of a turn: the next question; the analysis stays with the researcher."""

    turn: int
    question: Question = Field(description="the next question (the closing remark when finished)")
    finished: bool
    termination_reason: str | None = None
    closing: bool = Field(False, description="true when the question is the closing one: the interview ends "
                                             "with its answer")
    replayed: bool = Field(False, description="true when this answer had already been recorded (a retry)")


class Utterance(BaseModel):
    id: str
    turn: int
    speaker: str
    text: str
    created_at: str


class EmbedLinkRequest(Target):
    pass


class EmbedLink(BaseModel):
    path: str = Field(description="append &respondent_id=<the survey tool's id>")
    iframe: str = Field(description="HTML snippet for the survey tool; replace RESPONDENT_ID")
