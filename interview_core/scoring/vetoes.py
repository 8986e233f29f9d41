"""Hard constraints (seed 001 tier 1): a vetoed pair keeps its score for inspection but cannot win.

A veto applies only when the methodology lists it under ``vetoes``; strategies in its ``spares`` are
never vetoed by it. Each veto of the catalogue (``vocabulary/vetoes.py``) registers one check with
``@veto_check(name)``, as detectors register with ``@detector``; a check returns a boolean mask over one
candidate table (one entry per focus) and the reason.

- ``knowledge_ceiling``: the latest answer hit a *terminal* "I don't know" (``llm.knowledge_ceiling``)
  about the focus of the last question: non-spared strategies may not take that focus again, nor the
  concepts extracted from that same "don't know" answer (they sit at the top of what the respondent
  knows). When the last question had no focus, every pair of a non-spared strategy is vetoed (seed 001
  vetoes by strategy). An *exploratory* "don't know" vetoes nothing.
- ``element_exhausted``: an element focus that has been the focus ``threshold`` (default 3) times in total.
- ``node_exhausted``: a node focus that is exhausted (``graph.node.exhausted``), or, with a
  ``threshold``, whose ``graph.node.exhaustion_score`` reaches it.
- ``terminal_node``: a node focus of a terminal type (nothing above it to ladder to).
- ``recent_redundancy``: the pair's focus description ``"<strategy>: <label>"`` is too close to one of
  the last 3 questions actually asked. Similarity = share of the description's content stems found in
  the question, where the strategy token counts as found when that question was asked by the same
  strategy (generated questions rarely say "deepen"). Veto at ``threshold`` (default 0.85).
- ``strategy_run``: the strategy asked the last ``threshold`` (default 3) questions in a row. The
  saturating repetition penalty makes rotation a preference; this is the hard ceiling behind it, so a
  respondent whose signals never change cannot lock one strategy in (the reference ran one for 9 turns).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from ..config.methodology import Veto
from ..signals.text import content_stems
from ..vocabulary.vetoes import VETOES

REDUNDANCY_WINDOW = 3
DEFAULT_REDUNDANCY = 0.85
DEFAULT_ELEMENT_EXHAUSTION = 3
DEFAULT_STRATEGY_RUN = 3


def strategy_run_length(recent: list[tuple[str | None, str]], strategy: str) -> int:
    """How many of the most recent questions in a row were asked by ``strategy``."""
    run = 0
    for asked_by, _question in reversed(recent):
        if asked_by != strategy:
            break
        run += 1
    return run


@dataclass
class VetoContext:
    """``recent``: the last questions asked, oldest first, each with the strategy that asked it (None when
    unknown, e.g. the opening). ``previous_focus``: (kind, id) of the last question's focus, or None."""

    recent: list[tuple[str | None, str]] = field(default_factory=list)
    previous_focus: tuple[str, str] | None = None
    latest_node_ids: frozenset[str] = frozenset()  # nodes created from the latest answer


@lru_cache(maxsize=16384)
def _label_stems(label: str) -> frozenset[str]:
    return frozenset(content_stems(label))


@dataclass
class TableView:
    """One candidate table: focus kind, candidate ids and labels, and focus signals per signal name."""

    kind: str
    ids: list
    labels: list[str]
    columns: dict[str, dict] = field(default_factory=dict)  # signal -> {candidate id: value}
    _cache: dict = field(default_factory=dict)
    _overlaps: list[tuple[str | None, np.ndarray]] | None = None
    _sizes: np.ndarray | None = None

    def column(self, name: str, default=None) -> list:
        """The signal's value for every candidate, in table order (``default`` where absent)."""
        key = (name, default)
        if key not in self._cache:
            col = self.columns.get(name, {})
            self._cache[key] = [col.get(i, default) for i in self.ids]
        return self._cache[key]

    def row(self, index: int) -> dict:
        """Every focus signal of one candidate."""
        i = self.ids[index]
        return {name: col[i] for name, col in self.columns.items() if i in col}

    def redundancy_inputs(self, recent: list[tuple[str | None, str]]):
        """(per question: its strategy and the overlap count of each label with it, label stem counts)."""
        if self._overlaps is None:
            stems = [_label_stems(label) for label in self.labels]
            self._sizes = np.array([len(s) for s in stems], dtype=float)
            self._overlaps = []
            for strategy, question in recent[-REDUNDANCY_WINDOW:]:
                q = content_stems(question)
                self._overlaps.append((strategy, np.array([len(s & q) for s in stems], dtype=float)))
        return self._overlaps, self._sizes


VetoCheck = Callable[[Veto, str, TableView, dict, VetoContext], tuple[np.ndarray, str]]
VETO_CHECKS: dict[str, VetoCheck] = {}


def veto_check(name: str):
    """Register ``fn(veto, strategy, table, global_signals, ctx) -> (mask, reason)`` as the check of the
    catalogued veto ``name`` (``vocabulary/vetoes.py``); a check returns an all-False mask when it does
    not apply to the table."""
    if name not in VETOES:
        raise KeyError(f"veto '{name}' is not in the veto catalogue")

    def register(fn: VetoCheck) -> VetoCheck:
        if name in VETO_CHECKS:
            raise ValueError(f"two checks for veto {name}")
        VETO_CHECKS[name] = fn
        return fn

    return register


def veto_mask(veto: Veto, strategy: str, table: TableView, global_signals: dict, ctx: VetoContext) -> tuple[np.ndarray, str]:
    """(mask of vetoed candidates, reason) for one veto and one strategy over one table."""
    check = VETO_CHECKS.get(veto.name)
    if check is None or strategy in veto.spares:
        return np.zeros(len(table.ids), dtype=bool), ""
    return check(veto, strategy, table, global_signals, ctx)


def _nothing(table: TableView) -> np.ndarray:
    return np.zeros(len(table.ids), dtype=bool)


@veto_check("knowledge_ceiling")
def _knowledge_ceiling(veto, strategy, table, global_signals, ctx):
    if global_signals.get("llm.knowledge_ceiling") != "terminal":
        return _nothing(table), ""
    reason = "the respondent has nothing more to say about this (terminal knowledge ceiling)"
    if ctx.previous_focus is None:
        return ~_nothing(table), reason
    kind, focus_id = ctx.previous_focus
    if table.kind != "node" and kind != table.kind:
        return _nothing(table), ""
    hit = {focus_id} if kind == table.kind else set()
    if table.kind == "node":
        hit |= ctx.latest_node_ids
    return np.array([i in hit for i in table.ids], dtype=bool), reason


@veto_check("element_exhausted")
def _element_exhausted(veto, strategy, table, global_signals, ctx):
    if table.kind != "element":
        return _nothing(table), ""
    limit = veto.threshold or DEFAULT_ELEMENT_EXHAUSTION
    counts = np.array(table.column("coverage.element.focus_count", 0), dtype=float)
    return counts >= limit, f"element already the focus {int(limit)}+ times"


@veto_check("node_exhausted")
def _node_exhausted(veto, strategy, table, global_signals, ctx):
    if table.kind != "node":
        return _nothing(table), ""
    if veto.threshold is not None:
        scores = np.array(table.column("graph.node.exhaustion_score", 0.0), dtype=float)
        return scores >= veto.threshold, f"node exhaustion score >= {veto.threshold}"
    return np.array(table.column("graph.node.exhausted", False), dtype=bool), "node is exhausted"


@veto_check("terminal_node")
def _terminal_node(veto, strategy, table, global_signals, ctx):
    if table.kind != "node":
        return _nothing(table), ""
    return np.array(table.column("graph.node.is_terminal", False), dtype=bool), "node is a terminal value"


@veto_check("strategy_run")
def _strategy_run(veto, strategy, table, global_signals, ctx):
    limit = int(veto.threshold or DEFAULT_STRATEGY_RUN)
    if strategy_run_length(ctx.recent, strategy) >= limit:
        return ~_nothing(table), f"{strategy} asked the last {limit} questions in a row"
    return _nothing(table), ""


@veto_check("recent_redundancy")
def _recent_redundancy(veto, strategy, table, global_signals, ctx):
    if not ctx.recent:
        return _nothing(table), ""
    threshold = veto.threshold if veto.threshold is not None else DEFAULT_REDUNDANCY
    overlaps, sizes = table.redundancy_inputs(ctx.recent)
    best = np.zeros(len(table.ids))
    for asked_by, overlap in overlaps:
        best = np.maximum(best, (overlap + (1.0 if asked_by == strategy else 0.0)) / (sizes + 1.0))
    return best >= threshold, f"too close to a recent question (similarity >= {threshold})"
