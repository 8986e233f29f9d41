"""Engine-default safeguards: the protections every methodology gets unless its file sets them itself.

A researcher who brings their own guide (a reference file, a colleague's YAML) gets the same protection
as our files. Defaults, by name:

======================  =========================================================================
``strategy_run``        veto: no strategy asks more than 3 questions in a row (closing spared)
``knowledge_ceiling``   veto: after a terminal "I don't know", not the same focus again (unbound and
                        closing strategies spared)
``node_exhausted``      veto: an exhausted concept is not a focus again until it comes up anew
``element_exhausted``   veto: an element asked about 3 times is not asked about again
``recent_redundancy``   veto: no focus whose question would repeat one of the last three (>= 0.85;
                        unbound and closing strategies spared)
``repetition_penalty``  weight: every strategy that weights no ``temporal.strategy_repetition_count``
                        gets ``-0.6`` on it (saturating: 0.5, 0.75, 0.875 ... of the weight)
``answer_point``        weights: every node-focused strategy that weights neither signal gets
                        ``graph.node.prominence.point`` +0.8 and ``.backdrop`` -0.9 (follow the point of
                        an answer, not its backdrop); one that asks "why" (the word in its description,
                        prompt hint or templates) also gets ``graph.node.reason_given.true`` -0.7 (do not
                        ask why of what an answer already explained). ``weight`` scales all three.
``patience``            continuation: before turn 12 a depth plateau or degraded quality ends the
                        interview only when the respondent is fatigued (``continuation.patience_turns``)
======================  =========================================================================

A file *sets* a default explicitly by naming it: a ``vetoes`` entry of that name (its threshold and
spares replace the default's; ``enabled: false`` switches it off), or an entry under ``safeguards``
(``enabled``, ``threshold``, ``weight``, ``spares``). A strategy that weights the repetition signal (or a
prominence or reason signal) itself keeps its own weight. :func:`relied_on` lists the defaults a file relies on (``interview
methodologies validate`` prints them).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ..config.methodology import SAFEGUARD_NAMES, Methodology, Safeguard, Strategy, Veto, resolve_weight_key
from ..text.primitives import IdentityCache

REPETITION_SIGNAL = "temporal.strategy_repetition_count"
DEFAULT_REPETITION_WEIGHT = -0.6
PROMINENCE_SIGNAL = "graph.node.prominence"
REASON_SIGNAL = "graph.node.reason_given"
# answer_point: the weight keys every node-focused strategy gets, and the one a "why" strategy adds.
POINT_WEIGHTS = {f"{PROMINENCE_SIGNAL}.point": 0.8, f"{PROMINENCE_SIGNAL}.backdrop": -0.9}
REASON_WEIGHTS = {f"{REASON_SIGNAL}.true": -0.7}


@dataclass(frozen=True)
class DefaultVeto:
    name: str
    threshold: float | None
    spare_unbound: bool  # spare strategies with no focus (they cannot repeat a focus)
    description: str


DEFAULT_VETOES = (
    DefaultVeto("strategy_run", 3, False, "No strategy asks more than three questions in a row"),
    DefaultVeto("knowledge_ceiling", None, True, "After a terminal 'I don't know', do not ask about the same focus again"),
    DefaultVeto("node_exhausted", None, False, "An exhausted concept is left alone until the respondent brings it up again"),
    DefaultVeto("element_exhausted", 3, False, "An element asked about three times is not asked about again"),
    # Unbound strategies are spared: with no focus label, their description is the strategy name alone,
    # which would veto any repeat within three turns (the run ceiling and the penalty govern them).
    DefaultVeto("recent_redundancy", 0.85, True, "No focus whose question would repeat a recent one"),
)
assert SAFEGUARD_NAMES == tuple(v.name for v in DEFAULT_VETOES) + ("repetition_penalty", "answer_point")


@dataclass
class Effective:
    """What the engine enforces for one methodology: its vetoes and strategies with defaults filled in."""

    methodology: Methodology
    vetoes: list[Veto]
    strategies: list[Strategy]
    defaults: list[str]  # the defaults this methodology relies on (not set by its file)


def _default_spares(m: Methodology, spare_unbound: bool) -> list[str]:
    return [s.name for s in m.strategies if s.generates_closing_question or (spare_unbound and s.focus_kind == "none")]


def _weights(strategy: Strategy, signal: str) -> bool:
    """Whether the strategy's file weights ``signal`` (bare or at any level)."""
    for key in strategy.signal_weights:
        try:
            if resolve_weight_key(key).signal == signal:
                return True
        except ValueError:
            continue
    return False


def asks_why(strategy: Strategy) -> bool:
    """Whether a strategy asks why its focus matters (a laddering question): "why" as a word of its
    description, prompt hint or question templates."""
    text = " ".join([strategy.description or "", strategy.prompt_hint or "", *strategy.question_templates])
    return "why" in re.findall(r"[a-z]+", text.lower())


def point_weights(strategy: Strategy, scale: float = 1.0) -> dict[str, float]:
    """The ``answer_point`` weights a node-focused strategy gets (none for another focus, and none of a
    signal the strategy weights itself)."""
    if strategy.focus_kind != "node":
        return {}
    out = {} if _weights(strategy, PROMINENCE_SIGNAL) else dict(POINT_WEIGHTS)
    if asks_why(strategy) and not _weights(strategy, REASON_SIGNAL):
        out |= REASON_WEIGHTS
    return {k: v * scale for k, v in out.items()}


def _weigh(m: Methodology, strategies: list[Strategy], relied: list[str], name: str, default: float,
           added_weights: Callable[[Strategy, float], dict[str, float]]) -> None:
    """Apply the weight default ``name`` in place: each strategy not spared gets ``added_weights(strategy,
    weight)`` merged into its weights (``weight``: the file's ``safeguards.<name>.weight``, else
    ``default``); ``name`` joins ``relied`` when the file does not set it and some strategy got a weight."""
    guard = m.safeguards.get(name)
    if guard is not None and not guard.enabled:
        return
    weight = guard.weight if guard is not None and guard.weight is not None else default
    spared = set(guard.spares if guard is not None and guard.spares is not None else _default_spares(m, False))
    added = False
    for i, s in enumerate(strategies):
        extra = {} if s.name in spared else added_weights(s, weight)
        if extra:
            strategies[i] = s.model_copy(update={"signal_weights": {**s.signal_weights, **extra}})
            added = True
    if added and guard is None:
        relied.append(name)


def _build(m: Methodology) -> Effective:
    vetoes = [v for v in m.vetoes if v.enabled]
    listed = {v.name for v in m.vetoes}
    relied: list[str] = []
    for d in DEFAULT_VETOES:
        if d.name in listed:
            continue
        guard = m.safeguards.get(d.name)
        if guard is not None and not guard.enabled:
            continue
        if guard is None:
            relied.append(d.name)
        guard = guard or Safeguard()
        vetoes.append(Veto(
            name=d.name, description=f"{d.description} (engine default)",
            threshold=guard.threshold if guard.threshold is not None else d.threshold,
            spares=guard.spares if guard.spares is not None else _default_spares(m, d.spare_unbound),
        ))
    strategies = list(m.strategies)
    _weigh(m, strategies, relied, "repetition_penalty", DEFAULT_REPETITION_WEIGHT,
           lambda s, w: {} if _weights(s, REPETITION_SIGNAL) else {REPETITION_SIGNAL: w})
    _weigh(m, strategies, relied, "answer_point", 1.0, point_weights)
    if "patience_turns" not in m.continuation.model_fields_set:
        relied.append("patience")
    return Effective(m, vetoes, strategies, relied)


effective = IdentityCache(_build, "methodology")


def relied_on(m: Methodology) -> list[str]:
    """The engine defaults ``m`` relies on because its file does not set them."""
    return list(effective(m).defaults)
