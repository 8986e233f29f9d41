"""What changed between two versions of a configuration file, as a list of ``{path, before, after}``.

Paths read like the loader's messages (``strategies[deepen].signal_weights['llm.engagement.high']``):
list items that have a ``name`` (or ``id``) are named by it, keys with dots are quoted. A value missing
on one side is ``None`` there.
"""

from __future__ import annotations

from typing import Any


def flatten(data: Any, prefix: str = "") -> dict[str, Any]:
    """``{path: leaf value}`` for nested mappings and lists of named mappings; other lists are leaves."""
    out: dict[str, Any] = {}
    if isinstance(data, dict):
        for key, value in data.items():
            step = f"['{key}']" if "." in str(key) else (f".{key}" if prefix else str(key))
            out.update(flatten(value, prefix + step))
    elif isinstance(data, list) and data and all(isinstance(i, dict) and (i.get("name") or i.get("id")) for i in data):
        for item in data:
            out.update(flatten(item, f"{prefix}[{item.get('name') or item.get('id')}]"))
    else:
        out[prefix] = data
    return out


def config_diff(before: Any, after: Any) -> list[dict]:
    """Every path whose value differs, in the order of ``before`` then paths only in ``after``."""
    old, new = flatten(before), flatten(after)
    paths = list(dict.fromkeys([*old, *new]))
    return [{"path": p, "before": old.get(p), "after": new.get(p)} for p in paths if old.get(p) != new.get(p)]


def describe_change(change: dict) -> str:
    """``path: 0.3 -> 0.9`` (``(none)`` for a side where the key is absent)."""
    def show(v):
        return "(none)" if v is None else str(v)

    return f"{change['path']}: {show(change['before'])} \u2192 {show(change['after'])}"


def yaml_in_force(turn: int, changes: list[dict], current_yaml: str) -> str:
    """The configuration text that scored ``turn``: the last change applied before it (``after_turn <
    turn``), else the text the first change replaced, else ``current_yaml`` (never changed).
    ``changes``: rows with ``after_turn``, ``methodology_yaml_before`` and ``methodology_yaml_after``,
    in the order applied."""
    applied = [c for c in changes if c["after_turn"] < turn]
    if applied:
        return applied[-1]["methodology_yaml_after"]
    return changes[0]["methodology_yaml_before"] if changes else current_yaml
