"""JSON columns and timestamps: the single place values are encoded for and decoded from the database."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import Any


def _default(value: Any) -> Any:
    # Engine values arrive as pydantic models, numpy arrays/scalars (embeddings), sets and datetimes.
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    if hasattr(value, "tolist"):  # numpy arrays and numpy scalars
        return value.tolist()
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)
    if isinstance(value, datetime):
        return value.isoformat()
    raise TypeError(f"cannot store a {type(value).__name__} in a JSON column: {value!r:.80}")


# One encoder for every column (``json.dumps`` with options builds a new one per call; a turn encodes some
# hundreds of small values). Empty containers, most of them, skip the encoder.
_ENCODER = json.JSONEncoder(ensure_ascii=False, default=_default, separators=(",", ":"))
_EMPTY = {list: "[]", dict: "{}", tuple: "[]"}


def to_json(value: Any) -> str | None:
    """Encode ``value`` for a JSON column; ``None`` stays SQL NULL. Non-ASCII text is kept as is."""
    if value is None:
        return None
    if not value and type(value) in _EMPTY:
        return _EMPTY[type(value)]
    return _ENCODER.encode(value)


def from_json(text: str | None, default: Any = None) -> Any:
    """Decode a JSON column; SQL NULL gives ``default``."""
    return default if text is None else json.loads(text)


def utc_now() -> str:
    """The current time as UTC ISO 8601 with microseconds, e.g. ``2026-02-03T10:15:00.123456+00:00``.

    The fixed width makes string order equal time order.
    """
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")
