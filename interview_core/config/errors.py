"""Configuration problems that name the file, the path inside it and the bad value."""

from __future__ import annotations

import difflib
from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    file: str
    path: str
    message: str
    severity: str = "error"  # "error" or "warning"

    def __str__(self) -> str:
        where = f"{self.file}: {self.path}: " if self.path else f"{self.file}: "
        prefix = "warning: " if self.severity == "warning" else ""
        return f"{where}{prefix}{self.message}"


class ConfigError(ValueError):
    """Raised when a configuration file is invalid; carries every problem found."""

    def __init__(self, problems: list[Problem]):
        self.problems = [p for p in problems if p.severity == "error"]
        self.warnings = [p for p in problems if p.severity == "warning"]
        super().__init__("\n".join(str(p) for p in self.problems))


def did_you_mean(word: str, choices, cutoff: float = 0.6) -> str:
    """``"; did you mean 'x'?"`` for the closest choice, or an empty string."""
    matches = difflib.get_close_matches(word, list(choices), n=1, cutoff=cutoff)
    return f"; did you mean '{matches[0]}'?" if matches else ""


def format_loc(loc: tuple, data) -> str:
    """Turn a pydantic error location into ``strategies[deepen].signal_weights['x']``.

    List items are named by their ``name`` (or ``id``) field when they have one, so a reader can
    find them in the file.
    """
    out = ""
    node = data
    for part in loc:
        if isinstance(part, int):
            label = str(part)
            item = node[part] if isinstance(node, list) and part < len(node) else None
            if isinstance(item, dict):
                label = str(item.get("name") or item.get("id") or part)
            out += f"[{label}]"
            node = item
        else:
            if isinstance(node, dict) and out and _is_mapping_key(node, part):
                out += f"[{part!r}]" if "." in str(part) else f".{part}"
            else:
                out += f".{part}" if out else str(part)
            node = node.get(part) if isinstance(node, dict) else None
    return out


def _is_mapping_key(node: dict, part) -> bool:
    return part in node
