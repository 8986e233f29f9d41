"""What a question is about."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel


class FocusRef(BaseModel):
    """What a question is about: a graph node, a concept element, or nothing (open/summary)."""

    kind: Literal["node", "element", "none"] = "none"
    id: str | None = None
    label: str | None = None
    node_type: str | None = None
