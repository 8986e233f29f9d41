"""One exchange of the conversation."""

from __future__ import annotations

from pydantic import BaseModel


class Turn(BaseModel):
    """A question and the respondent's answer to it."""

    question: str
    answer: str
