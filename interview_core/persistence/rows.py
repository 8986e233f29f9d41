"""Checking engine dicts against the columns they are stored in, so a misspelt key fails loudly."""

from __future__ import annotations

from typing import Any, Mapping


def checked(kind: str, data: Mapping[str, Any] | Any, allowed: tuple[str, ...], required: tuple[str, ...] = ()) -> dict:
    """``data`` as a dict after checking it has every ``required`` key and no key outside ``allowed``.

    Pydantic models are accepted and dumped first. Raises ValueError naming ``kind`` and the bad key.
    """
    row = data.model_dump(mode="json") if hasattr(data, "model_dump") else dict(data)
    unknown = sorted(set(row) - set(allowed))
    if unknown:
        hint = " (free-form values go under 'extra')" if "extra" in allowed else ""
        raise ValueError(f"{kind}: unknown key(s) {unknown}; allowed: {list(allowed)}{hint}")
    missing = [k for k in required if row.get(k) is None]
    if missing:
        raise ValueError(f"{kind}: missing required key(s) {missing}")
    return row
