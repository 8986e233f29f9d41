"""Joint strategy-focus ranking (seed 002 ``rank_strategy_node_pairs``, seeds 001 and 004).

Every strategy is paired with every candidate focus of its kind:

- node-bound strategies with every tracked node (when the graph is still empty, once with no focus, so
  the opening turns still have a choice);
- element-focused strategies with every concept element that still has a coverage gap;
- unbound strategies with no focus.

For a pair, global and focus signals are merged (focus signals win), the base score is the sum of the
strategy's weight contributions (:mod:`interview_core.scoring.values`), vetoes are applied
(:mod:`interview_core.scoring.vetoes`), and ``final = base x phase multiplier + phase bonus``. The
strategies and vetoes are the methodology's with the engine-default safeguards filled in
(:mod:`interview_core.scoring.safeguards`).

Speed: a strategy's global part is computed once; focus parts are columns over all candidates (numpy),
each factor column computed once per table and shared by every strategy that uses the key. Only the
returned alternatives are materialised with their contributions: the best ``max_alternatives`` pairs
plus the best pair of every strategy, so every strategy stays visible. :meth:`Ranking.all_alternatives`
materialises every pair.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import numpy as np

from ..config.methodology import Methodology, Strategy, resolve_weight_key
from ..vocabulary import FocusRef, catalogue
from ..vocabulary.catalogue import SignalSpec
from ..signals.registry import DetectedSignals
from . import values
from .models import Alternative, Contribution
from .safeguards import effective
from .vetoes import TableView, VetoContext, veto_mask

PER_CANDIDATE = frozenset({"technique.node.strategy_repetition", "temporal.strategy_repetition_count"})


@dataclass(frozen=True)
class Term:
    key: str
    signal: str
    level: str | None
    weight: float

    @property
    def spec(self) -> SignalSpec:
        return catalogue.CATALOGUE[self.signal]


@dataclass
class CompiledStrategy:
    strategy: Strategy
    global_terms: list[Term]
    focus_terms: list[Term]  # node-scope terms for node strategies, element-scope for element strategies


def compile_strategy(strategy: Strategy) -> CompiledStrategy:
    """Resolve a strategy's weight keys once. Terms of a scope the strategy's focus never has (node
    weights on an unbound strategy) are dropped: they could never fire."""
    glob, focus = [], []
    for key, weight in strategy.signal_weights.items():
        wk = resolve_weight_key(key)
        term = Term(key, wk.signal, wk.level, float(weight))
        scope = term.spec.scope
        if scope == "global":
            glob.append(term)
        elif scope == strategy.focus_kind:
            focus.append(term)
    return CompiledStrategy(strategy, glob, focus)


@dataclass
class _Table(TableView):
    refs: list[FocusRef] = field(default_factory=list)
    _columns: dict = field(default_factory=dict)

    def factors(self, term: Term, strategy: str, norms: dict) -> np.ndarray:
        """Factor of ``term`` for every candidate (cached unless the signal depends on the strategy)."""
        cache_key = (term.key, strategy if term.signal in PER_CANDIDATE else None)
        col = self._columns.get(cache_key)
        if col is None:
            spec = term.spec
            raws = self.column(term.signal)
            if term.signal in PER_CANDIDATE:
                raws = [None if r is None else values.for_strategy(spec, r, strategy) for r in raws]
            col = values.factor_column(spec, term.level, raws, norms)
            self._columns[cache_key] = col
        return col


@dataclass
class _Block:
    compiled: CompiledStrategy
    table: _Table
    global_part: float
    base: np.ndarray
    multiplier: float
    bonus: float
    final: np.ndarray
    veto_index: np.ndarray  # -1: not vetoed, else index into ``vetoes``
    vetoes: list[tuple[str, str]]  # (veto name, reason)


@dataclass
class Ranking:
    """All scored pairs. ``alternatives``: materialised, best first; ``winner``: best non-vetoed pair
    (or the best pair outright when every pair is vetoed, with ``note`` saying so)."""

    global_signals: dict
    blocks: list[_Block]
    sorted_block: np.ndarray  # block of each pair, best pair first
    sorted_index: np.ndarray  # candidate index of each pair, best pair first
    norms: dict
    alternatives: list[Alternative] = field(default_factory=list)
    winner: Alternative | None = None
    note: str | None = None

    @property
    def total_pairs(self) -> int:
        return len(self.sorted_block)

    @property
    def order(self) -> list[tuple[int, int]]:
        """Every pair as (block, candidate index), best first."""
        return list(zip(self.sorted_block.tolist(), self.sorted_index.tolist()))

    def alternative(self, block: int, index: int) -> Alternative:
        """Materialise one pair with its contributions."""
        b = self.blocks[block]
        name = b.compiled.strategy.name
        focus_signals = b.table.row(index)
        contributions = []
        for term, source in [(t, self.global_signals) for t in b.compiled.global_terms] + [
            (t, focus_signals) for t in b.compiled.focus_terms
        ]:
            raw = source.get(term.signal)
            if raw is not None and term.signal in PER_CANDIDATE:
                raw = values.for_strategy(term.spec, raw, name)
            f = values.factor(term.spec, term.level, raw, self.norms)
            contributions.append(Contribution(
                signal=term.signal, level=term.level, key=term.key, value=raw, weight=term.weight,
                contribution=term.weight * f,
            ))
        v = int(b.veto_index[index])
        veto, reason = b.vetoes[v] if v >= 0 else (None, None)
        return Alternative(
            strategy=name, focus=b.table.refs[index], base=float(b.base[index]), multiplier=b.multiplier,
            bonus=b.bonus, final=float(b.final[index]), vetoed=v >= 0, veto=veto, veto_reason=reason,
            contributions=contributions,
        )

    def all_alternatives(self) -> list[Alternative]:
        return [self.alternative(b, i) for b, i in self.order]

    def is_vetoed(self, block: int, index: int) -> bool:
        return bool(self.blocks[block].veto_index[index] >= 0)

    def random_choice(self, seed: int) -> Alternative | None:
        """A uniformly random non-vetoed pair (a baseline policy for benchmarks). Closing strategies are
        left out: a baseline that ends the interview at turn 1 measures nothing."""
        order = [(b, i) for b, i in self.order if not self.blocks[b].compiled.strategy.generates_closing_question] or self.order
        allowed = [(b, i) for b, i in order if not self.is_vetoed(b, i)] or order
        if not allowed:
            return None
        return self.alternative(*random.Random(seed).choice(allowed))


def _tables(signals: DetectedSignals, node_refs: dict[str, FocusRef], element_refs: dict[str, FocusRef]) -> dict:
    node_ids = [n for n in signals.node_ids if n in node_refs]
    gaps = signals.element_columns.get("coverage.element.gap", {})
    element_ids = [e for e in signals.element_ids if e in element_refs and gaps.get(e, "none") != "none"]
    return {
        "node": _Table("node", node_ids, [node_refs[n].label or "" for n in node_ids], signals.node_columns,
                       refs=[node_refs[n] for n in node_ids]),
        "element": _Table("element", element_ids, [element_refs[e].label or "" for e in element_ids],
                          signals.element_columns, refs=[element_refs[e] for e in element_ids]),
        "none": _Table("none", [None], [""], {}, refs=[FocusRef(kind="none")]),
    }


def rank_strategy_node_pairs(
    methodology: Methodology,
    signals: DetectedSignals,
    node_refs: dict[str, FocusRef],
    element_refs: dict[str, FocusRef],
    phase: str | None = None,
    veto_context: VetoContext | None = None,
    max_alternatives: int = 30,
) -> Ranking:
    """Score every (strategy, focus) pair and return them ranked.

    ``node_refs`` / ``element_refs`` describe the candidate foci (id -> FocusRef with label and type);
    ``phase`` defaults to the ``meta.interview.phase`` signal. Scores are unbounded sums of weights
    (typically within a few units); ``final = base x multiplier + bonus``.
    """
    norms = methodology.signal_norms
    phase = phase or signals.global_.get("meta.interview.phase")
    phase_cfg = methodology.phases.get(phase) if phase else None
    veto_context = veto_context or VetoContext()
    tables = _tables(signals, node_refs, element_refs)
    enforced = effective(methodology)
    blocks: list[_Block] = []
    for strategy in enforced.strategies:
        compiled = compile_strategy(strategy)
        table = tables[strategy.focus_kind]
        if strategy.focus_kind == "node" and not table.ids:
            table = tables["none"]
        if not table.ids:
            continue
        global_part = 0.0
        for term in compiled.global_terms:
            raw = signals.global_.get(term.signal)
            if raw is not None and term.signal in PER_CANDIDATE:
                raw = values.for_strategy(term.spec, raw, strategy.name)
            global_part += term.weight * values.factor(term.spec, term.level, raw, norms)
        base = np.full(len(table.ids), global_part)
        for term in compiled.focus_terms:
            if table.kind != "none":
                base = base + term.weight * table.factors(term, strategy.name, norms)
        multiplier = phase_cfg.signal_weights.get(strategy.name, 1.0) if phase_cfg else 1.0
        bonus = phase_cfg.phase_bonuses.get(strategy.name, 0.0) if phase_cfg else 0.0
        veto_index = np.full(len(table.ids), -1)
        reasons: list[tuple[str, str]] = []
        for veto in enforced.vetoes:
            mask, reason = veto_mask(veto, strategy.name, table, signals.global_, veto_context)
            mask = mask & (veto_index < 0)
            if mask.any():
                veto_index[mask] = len(reasons)
                reasons.append((veto.name, reason))
        blocks.append(_Block(compiled, table, global_part, base, multiplier, bonus, base * multiplier + bonus,
                             veto_index, reasons))
    return _rank(blocks, signals.global_, norms, max_alternatives)


def _rank(blocks: list[_Block], global_signals: dict, norms: dict, max_alternatives: int) -> Ranking:
    empty = np.zeros(0, dtype=int)
    if not blocks:
        return Ranking(global_signals, blocks, empty, empty, norms, note="no candidate pairs")
    finals = np.concatenate([b.final for b in blocks])
    block_of = np.concatenate([np.full(len(b.final), k) for k, b in enumerate(blocks)])
    index_of = np.concatenate([np.arange(len(b.final)) for b in blocks])
    vetoed = np.concatenate([b.veto_index >= 0 for b in blocks])
    sorted_idx = np.argsort(-finals, kind="stable")  # ties keep strategy order, then candidate order
    ranking = Ranking(global_signals, blocks, block_of[sorted_idx], index_of[sorted_idx], norms)
    allowed = np.flatnonzero(~vetoed[sorted_idx])
    win_rank = int(allowed[0]) if len(allowed) else 0
    if not len(allowed):
        ranking.note = "every pair was vetoed; the best-scoring pair was kept"
    # The top pairs, the best pair of every strategy, and the winner, in rank order.
    first_of_block = np.unique(ranking.sorted_block, return_index=True)[1]
    ranks = sorted(set(range(min(max_alternatives, len(sorted_idx)))) | set(first_of_block.tolist()) | {win_rank})
    ranking.alternatives = [ranking.alternative(int(ranking.sorted_block[r]), int(ranking.sorted_index[r])) for r in ranks]
    ranking.winner = ranking.alternatives[ranks.index(win_rank)]
    return ranking
