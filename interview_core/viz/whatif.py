"""What-if: compare a turn's ranking with its re-ranking under edited weights; name new methodology files.

:func:`compare_rankings` takes two best-first lists of alternatives (dicts or models) and says which
(strategy, focus) pairs moved and whether the winner changed. :func:`validate_methodology_text` runs the
loader on editor text and returns its messages (file, key, did-you-mean) instead of raising.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..config.errors import ConfigError
from .scoring_view import as_dict, focus_label, pair_key, winner_index
from .weights_form import line_of


@dataclass
class WhatIf:
    """``rows``: one per pair present in either ranking, ordered by the new rank; ``winner_before`` /
    ``winner_after``: ``(strategy, focus label)``; ``moved``: pairs whose rank changed."""

    rows: list[dict] = field(default_factory=list)
    winner_before: tuple[str, str] | None = None
    winner_after: tuple[str, str] | None = None

    @property
    def winner_changed(self) -> bool:
        return self.winner_before != self.winner_after

    @property
    def moved(self) -> list[dict]:
        return [r for r in self.rows if r["rank_before"] != r["rank_after"]]


def compare_rankings(before: list, after: list) -> WhatIf:
    """Rank (1-based), final score and veto of every pair before and after; ``delta`` = after - before
    (None when a side is missing); ``movement`` = ranks gained (positive: moved up)."""
    b = {pair_key(a): (i + 1, as_dict(a)) for i, a in enumerate(before)}
    a_ = {pair_key(a): (i + 1, as_dict(a)) for i, a in enumerate(after)}
    keys = sorted(set(b) | set(a_), key=lambda k: (a_.get(k, (10**9,))[0], b.get(k, (10**9,))[0]))
    rows = []
    for k in keys:
        rb, db = b.get(k, (None, None))
        ra, da = a_.get(k, (None, None))
        some = da or db
        fb = float(db["final"]) if db else None
        fa = float(da["final"]) if da else None
        rows.append({
            "strategy": k[0], "focus": focus_label(some.get("focus")),
            "rank_before": rb, "rank_after": ra,
            "movement": (rb - ra) if rb is not None and ra is not None else None,
            "final_before": fb, "final_after": fa,
            "delta": round(fa - fb, 6) if fa is not None and fb is not None else None,
            "vetoed_after": bool(da.get("vetoed")) if da else None,
        })
    return WhatIf(rows, _winner(before), _winner(after))


def _winner(alternatives: list) -> tuple[str, str] | None:
    i = winner_index(alternatives)
    if i is None:
        return None
    a = as_dict(alternatives[i])
    return a["strategy"], focus_label(a.get("focus"))


def validate_methodology_text(text: str, file_name: str):
    """(Methodology or None, error lines, warning lines) for editor text standing for ``file_name``."""
    from ..config.loader import read_yaml
    from ..config.methodology import parse_methodology

    try:
        model, warnings = parse_methodology(read_yaml(Path(file_name), text), file_name)
    except ConfigError as exc:
        return None, [_with_line(p, text) for p in exc.problems] or [str(exc)], [_with_line(p, text) for p in exc.warnings]
    return model, [], [_with_line(p, text) for p in warnings]


def _with_line(problem, text: str) -> str:
    """The loader's message, with `` (line N)`` where its path is found in ``text``."""
    if not problem.path or problem.path.startswith("line "):
        return str(problem)
    line = line_of(text, problem.path)
    return f"{problem} (line {line})" if line else str(problem)


# Plain-word column headers for the what-if table (keys as :func:`compare_rankings` returns them).
WHATIF_HEADERS = {"strategy": "strategy", "focus": "focus", "rank_before": "rank then", "rank_after": "rank edited",
                  "movement": "places gained", "final_before": "score then", "final_after": "score edited",
                  "delta": "score change", "vetoed_after": "vetoed when edited"}


def pair_text(pair: tuple[str, str] | None) -> str:
    """``deepen \u2192 creamy texture (node)``; a strategy without a focus alone (``synthesis``); ``-``
    when there is no winner."""
    if not pair:
        return "-"
    strategy, focus = pair
    return strategy if focus in (None, "", "-") else f"{strategy} \u2192 {focus}"


_VERSION = re.compile(r"^(?P<stem>.*?)(?:_v(?P<n>\d+))?$")


def versioned_name(name: str, existing: set[str] | list[str]) -> str:
    """The next free ``<stem>_v<N>.yaml`` for a methodology ``name`` (with or without ``.yaml`` or a
    ``_vN`` suffix), N from 2, skipping names in ``existing`` (file names or stems)."""
    stem = Path(name).stem if name.endswith((".yaml", ".yml")) else name
    m = _VERSION.match(stem)
    base = m.group("stem") if m else stem
    taken = {Path(e).stem for e in existing}
    n = int(m.group("n")) + 1 if m and m.group("n") else 2
    while f"{base}_v{n}" in taken:
        n += 1
    return f"{base}_v{n}.yaml"


def methodology_file_problem(name: str) -> str | None:
    """Why ``name`` cannot be a methodology file name under ``config/methodologies`` (None when it can):
    a plain file name ending in .yaml or .yml, no folders, no control characters (a NUL byte cannot be
    in a path at all)."""
    bad = next((i for i, ch in enumerate(name) if ord(ch) < 32 or ord(ch) == 127), None)
    if bad is not None:
        return (f"The file name contains a control character ({name[bad].encode('unicode_escape').decode()} at "
                f"position {bad + 1}); type a plain name.")
    if not name.strip() or Path(name).name != name or name.startswith(".") or "\\" in name:
        return "Give a plain file name ending in .yaml (no folders)."
    if not name.endswith((".yaml", ".yml")):
        return "The file name must end in .yaml (or .yml)."
    if len(name) > 120:
        return "The file name is longer than 120 characters."
    return None
