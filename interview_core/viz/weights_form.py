"""The weights of a methodology as two tables a form can edit, and back; problem paths to YAML lines.

:func:`weight_rows` gives one row per weight key (signal and level) with a column per strategy (the weight,
or None where the strategy has none); :func:`phase_rows` one row per strategy with each phase's
multiplier and bonus. :func:`with_edits` writes edited rows back into the methodology data (keys whose
cell is emptied are removed). :func:`line_of` finds the line a loader message points at.
"""

from __future__ import annotations

import math
import re
from typing import Any

import yaml

from ..vocabulary import catalogue


def split_key(key: str) -> tuple[str, str]:
    """``llm.engagement.high`` -> (``llm.engagement``, ``high``); a bare catalogue signal has level ``""``."""
    if key in catalogue.CATALOGUE or "." not in key:
        return key, ""
    signal, level = key.rsplit(".", 1)
    return signal, level


def join_key(signal: str, level: str) -> str:
    return f"{signal}.{level}" if level else signal


def strategy_names(data: dict) -> list[str]:
    return [s["name"] for s in data.get("strategies") or [] if isinstance(s, dict) and s.get("name")]


def weight_rows(data: dict) -> list[dict]:
    """One row per weight key in order of first appearance: ``signal``, ``level``, then per strategy the
    weight (a number, or None when that strategy does not weigh the key)."""
    names = strategy_names(data)
    weights = {s["name"]: dict(s.get("signal_weights") or {}) for s in data.get("strategies") or [] if s.get("name")}
    keys = list(dict.fromkeys(k for n in names for k in weights[n]))
    rows = []
    for key in keys:
        signal, level = split_key(key)
        rows.append({"signal": signal, "level": level, **{n: weights[n].get(key) for n in names}})
    return rows


def phase_rows(data: dict) -> list[dict]:
    """One row per strategy: ``strategy``, then ``<phase> multiplier`` (None: 1.0 by default) and
    ``<phase> bonus`` (None: 0) for every phase."""
    phases = data.get("phases") or {}
    rows = []
    for name in strategy_names(data):
        row: dict[str, Any] = {"strategy": name}
        for phase, cfg in phases.items():
            cfg = cfg or {}
            row[f"{phase} multiplier"] = (cfg.get("signal_weights") or {}).get(name)
            row[f"{phase} bonus"] = (cfg.get("phase_bonuses") or {}).get(name)
        rows.append(row)
    return rows


def _number(value) -> float | None:
    """A cell as a number; None for an empty cell (None, NaN, blank text). Text that is not a number is
    kept as is so the loader reports it with its key."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return None
    if isinstance(value, str):
        if not value.strip():
            return None
        try:
            return float(value)
        except ValueError:
            return value  # type: ignore[return-value]
    if isinstance(value, (bool, int)):
        return value
    return float(value)


def with_edits(data: dict, weights: list[dict], phases: list[dict]) -> dict:
    """A copy of ``data`` whose strategies' ``signal_weights`` and phases' multipliers and bonuses are
    those of the edited rows (same shapes as :func:`weight_rows` and :func:`phase_rows`)."""
    out = yaml.safe_load(yaml.safe_dump(data, sort_keys=False))  # a deep copy of plain data
    for strategy in out.get("strategies") or []:
        name = strategy.get("name")
        new = {}
        for row in weights:
            if not str(row.get("signal") or "").strip():
                continue
            value = _number(row.get(name))
            if value is not None:
                new[join_key(str(row["signal"]).strip(), str(row.get("level") or "").strip())] = value
        if new or strategy.get("signal_weights"):
            strategy["signal_weights"] = new
    by_strategy = {r["strategy"]: r for r in phases}
    for phase, cfg in (out.get("phases") or {}).items():
        if cfg is None:
            cfg = out["phases"][phase] = {}
        for field, column in (("signal_weights", "multiplier"), ("phase_bonuses", "bonus")):
            values = {s: _number(r.get(f"{phase} {column}")) for s, r in by_strategy.items()}
            kept = {s: v for s, v in values.items() if v is not None}
            if kept or cfg.get(field):
                cfg[field] = kept
    return out


_STEP = re.compile(r"\['([^']*)'\]|\[([^\]]*)\]|\.?([^.\[\]]+)")


def line_of(text: str, path: str) -> int | None:
    """The 1-based line of ``path`` (as in the loader's messages, e.g. ``strategies[deepen].signal_weights
    ['llm.engagement.hihg']``) in the YAML ``text``: the deepest part of the path found; None when the
    text does not parse or not even the first part is there."""
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return None
    line = None
    for quoted, bracket, plain in _STEP.findall(path):
        step = quoted or bracket or plain
        if isinstance(node, yaml.MappingNode):
            hit = next(((k, v) for k, v in node.value if k.value == step), None)
            if hit is None:
                break
            line, node = hit[0].start_mark.line + 1, hit[1]
        elif isinstance(node, yaml.SequenceNode):
            item = _item(node, step)
            if item is None:
                break
            line, node = item.start_mark.line + 1, item
        else:
            break
    return line


def _item(node: yaml.SequenceNode, step: str):
    if step.isdigit() and int(step) < len(node.value):
        return node.value[int(step)]
    for item in node.value:
        if isinstance(item, yaml.MappingNode) and any(k.value in ("name", "id") and v.value == step for k, v in item.value):
            return item
    return None
