"""The signal catalogue: every signal the engine knows, in one registry.

This is the contract between the methodology YAML (weight keys are resolved against it at load time)
and the detectors (each detector produces exactly one catalogued signal). A signal has

- a dotted name whose first segment(s) give its pool (``graph``, ``graph.node``, ``llm``, ...);
- a type: ``float`` in [0, 1] (levels ``low``/``mid``/``high``), ``boolean`` (levels ``true``/``false``),
  ``categorical`` (its categories are its levels) or ``count`` (a non-negative number; weighted bare
  after normalisation by ``signal_norms``, or by level on the normalised value);
- a scope: ``global`` (one value per turn), ``node`` (one value per graph node) or ``element``
  (one value per concept element);
- a one-line description used in prompts and in the UI.

Float levels: ``low`` below 1/3, ``mid`` from 1/3 up to 2/3, ``high`` from 2/3 (inclusive).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

SignalType = Literal["float", "boolean", "categorical", "count"]
Scope = Literal["global", "node", "element"]

FLOAT_LEVELS: tuple[str, ...] = ("low", "mid", "high")
BOOLEAN_LEVELS: tuple[str, ...] = ("true", "false")
LOW_MID_BOUNDARY = 1.0 / 3.0
MID_HIGH_BOUNDARY = 2.0 / 3.0

POOLS: tuple[str, ...] = (
    "graph",
    "graph.node",
    "llm",
    "temporal",
    "meta",
    "meta.node",
    "technique.node",
    "coverage",
    "coverage.element",
)


@dataclass(frozen=True)
class SignalSpec:
    name: str
    type: SignalType
    scope: Scope
    description: str
    categories: tuple[str, ...] = ()
    default_norm: float | None = None  # for counts: the value that maps to 1.0 when no signal_norms entry
    group: str | None = None  # e.g. "graph.chain_completion" for graph.chain_completion.has_complete

    @property
    def pool(self) -> str:
        for pool in sorted(POOLS, key=len, reverse=True):
            if self.name.startswith(pool + "."):
                return pool
        raise ValueError(f"signal {self.name} is in no known pool")

    @property
    def levels(self) -> tuple[str, ...]:
        if self.type == "float" or self.type == "count":
            return FLOAT_LEVELS
        if self.type == "boolean":
            return BOOLEAN_LEVELS
        return self.categories

    @property
    def node_level(self) -> bool:
        return self.scope == "node"

    def type_label(self) -> str:
        """Human-readable type with levels, as used in error messages: ``float: low, mid, high``."""
        if self.type == "count":
            return "count: bare weight, or levels low, mid, high on the normalised value"
        return f"{self.type}: {', '.join(self.levels)}"


def _s(name, type_, scope, description, categories=(), default_norm=None, group=None) -> SignalSpec:
    return SignalSpec(name, type_, scope, description, tuple(categories), default_norm, group)


FOCUS_STREAK = ("none", "low", "medium", "high")

_SPECS: list[SignalSpec] = [
    # --- graph (global) -------------------------------------------------------------------------
    _s("graph.node_count", "count", "global", "Number of concepts in the surface graph; small graphs mean we are still mapping the territory.", default_norm=50),
    _s("graph.edge_count", "count", "global", "Number of links between concepts; more links mean a better-connected map."),
    _s("graph.max_depth", "count", "global", "Length of the longest chain following the ontology's levels; below 2 means surface-level, 4 or more means values are being reached.", default_norm=10),
    _s("graph.avg_depth", "count", "global", "Average chain depth over concepts that start a chain; low values mean most chains stop early.", default_norm=10),
    _s("graph.orphan_count", "count", "global", "Concepts with no link to any other; many orphans mean ideas are mentioned but not connected.", default_norm=10),
    _s("graph.edge_density", "count", "global", "Links per concept; below 1 means a sparse map of disconnected ideas.", default_norm=3),
    _s("graph.chain_completion.has_complete", "boolean", "global", "Whether any chain runs from a first-level concept to a terminal one (for laddering: attribute to value).", group="graph.chain_completion"),
    _s("graph.chain_completion.ratio", "float", "global", "Share of first-level concepts whose chain reaches a terminal concept.", group="graph.chain_completion"),
    _s("graph.thematic_fixation", "float", "global", "How tightly the recently extracted concepts sit in one theme (1 = all the same theme); high means the respondent is fixated and breadth is needed."),
    _s("graph.cluster_count", "count", "global", "Number of thematic clusters (Louvain communities) in the graph.", default_norm=10),
    _s("graph.canonical_concept_count", "count", "global", "Number of distinct concepts after merging paraphrases (active canonical slots).", default_norm=50),
    _s("graph.canonical_edge_density", "count", "global", "Canonical links per canonical concept; the connectedness of the de-duplicated map.", default_norm=3),
    _s("graph.canonical_exhaustion_score", "float", "global", "Mean exhaustion over canonical concepts; high means most distinct concepts have been talked out."),
    _s("graph.canonical_orphan_count", "count", "global", "Canonical concepts with no canonical link.", default_norm=10),
    # --- graph.node ---------------------------------------------------------------------------------
    _s("graph.node.exhausted", "boolean", "node", "Whether this concept has stopped yielding: no new information for 3+ turns, focused 2+ turns running, mostly shallow answers."),
    _s("graph.node.exhaustion_score", "float", "node", "How talked-out this concept is, 0 (fresh) to 1 (exhausted): stagnation 40%, focus streak 30%, shallow answers 30%."),
    _s("graph.node.yield_stagnation", "boolean", "node", "Whether this concept has gone 3+ turns without producing new concepts or links."),
    _s("graph.node.focus_streak", "categorical", "node", "Consecutive turns this concept has been the focus: none (0), low (1), medium (2-3), high (4+).", FOCUS_STREAK),
    _s("graph.node.focus_count", "categorical", "node", "Total times this concept has been the focus: none (0), low (1-2), medium (3-4), high (5+).", FOCUS_STREAK),
    _s("graph.node.is_current_focus", "boolean", "node", "Whether this concept was the focus of the last question."),
    _s("graph.node.recency_score", "float", "node", "How recently this concept was focused or mentioned: 1 = this turn, 0 = 20 or more turns ago."),
    _s("graph.node.novelty", "categorical", "node", "How new this concept is: high (created in the last 2 turns), medium (3-4 turns ago), low (older).", ("low", "medium", "high")),
    _s("graph.node.is_orphan", "boolean", "node", "Whether this concept has no links; an orphan should be connected to the rest."),
    _s("graph.node.edge_count", "count", "node", "Number of links touching this concept (in and out).", default_norm=10),
    _s("graph.node.has_outgoing", "boolean", "node", "Whether this concept already leads to something else."),
    _s("graph.node.is_terminal", "boolean", "node", "Whether this concept is of a terminal type in the ontology (e.g. a terminal value): nothing is above it to ladder to."),
    _s("graph.node.level_ratio", "float", "node", "Where this concept sits on the ontology ladder: 0 = first level, 1 = terminal level."),
    _s("graph.node.stance", "categorical", "node", "The respondent's stance toward this concept.", ("positive", "neutral", "negative")),
    _s("graph.node.canonical_novelty", "categorical", "node", "Whether this concept's canonical slot is new (first mention), confirming (a paraphrase of a known concept) or orphan (not yet mapped to a slot).", ("new", "confirming", "orphan")),
    _s("graph.node.cluster_density", "float", "node", "Edge density of the thematic cluster this concept belongs to; high means the cluster is well mapped."),
    _s("graph.node.peripheral_candidates", "count", "node", "Concepts within 2 hops of this concept's cluster that were never focused: places a bridge can go.", default_norm=5),
    _s("graph.node.opposite_stance_present", "boolean", "node", "Whether some concept carries the opposite stance to this one: material for a contrast question."),
    _s("graph.node.prominence", "categorical", "node", "How the latest answer said this concept: as its point, a supporting detail, or the backdrop of a story (unknown: the extractor did not say; earlier: the latest answer did not mention it).", ("point", "supporting", "backdrop", "unknown", "earlier")),
    _s("graph.node.reason_given", "boolean", "node", "Whether an answer already said why this concept matters (a causal link from it, an answer to the question about it, or a 'because' right after it): asking 'why' again is pointless."),
    _s("graph.node.cluster_saturation", "float", "node", "Saturation of this concept's cluster: density times median degree over 3, capped at 1; high invites a synthesis."),
    # --- llm (assessment of the latest answer) ------------------------------------------------------
    _s("llm.response_depth", "categorical", "global", "Depth of the latest answer: surface (a word or two), shallow (a plain statement), moderate (some reasons), deep (reasons, examples, feelings).", ("surface", "shallow", "moderate", "deep")),
    _s("llm.valence", "float", "global", "Emotional tone of the latest answer: 0 negative, 0.5 neutral, 1 positive."),
    _s("llm.sentiment", "categorical", "global", "Sentiment of the latest answer as a category.", ("negative", "neutral", "positive")),
    _s("llm.certainty", "float", "global", "How certain the respondent sounds: low means hedging and doubt, high means confident claims."),
    _s("llm.uncertainty", "float", "global", "How uncertain the respondent sounds (1 minus certainty)."),
    _s("llm.hedging_language", "categorical", "global", "Amount of hedging language (maybe, sort of, I guess) in the latest answer.", FOCUS_STREAK),
    _s("llm.specificity", "float", "global", "How concrete the answer is: low means vague generalities, high means specific examples, numbers, situations."),
    _s("llm.engagement", "float", "global", "How engaged the respondent is: low means curt or withdrawn, high means elaborating willingly."),
    _s("llm.intellectual_engagement", "float", "global", "How much reasoning about motives the answer shows (because, so that, what matters is)."),
    _s("llm.ambiguity", "float", "global", "How ambiguous the answer is: high means it is hard to extract a clear claim and clarification is needed."),
    _s("llm.knowledge_ceiling", "categorical", "global", "Whether the respondent said they do not know: none, exploratory (does not know but keeps thinking) or terminal (nothing more to say).", ("none", "exploratory", "terminal")),
    _s("llm.global_response_trend", "categorical", "global", "Trend of answer depth across the interview: deepening, stable, shallowing, or fatigued (several shallow answers in a row).", ("deepening", "stable", "shallowing", "fatigued")),
    # --- temporal ----------------------------------------------------------------------------------
    _s("temporal.strategy_repetition_count", "count", "global", "How many of the recent turns used the candidate's strategy (saturating: 1 - 0.5^n once normalised by the engine).", default_norm=5),
    _s("temporal.turns_since_strategy_change", "count", "global", "Turns since the selected strategy last changed; high means one strategy has been running for a while.", default_norm=5),
    _s("temporal.turns_since_focus_change", "count", "global", "Turns since the focus concept last changed.", default_norm=5),
    _s("temporal.turns_since_cluster_jump", "count", "global", "Turns since the focus moved to a different thematic cluster.", default_norm=5),
    # --- meta --------------------------------------------------------------------------------------
    _s("meta.interview.phase", "categorical", "global", "Interview phase from turn count and graph state: early (mapping), mid (deepening), late (validating and closing).", ("early", "mid", "late")),
    _s("meta.interview_progress", "float", "global", "Share of the maximum number of turns already used."),
    _s("meta.conversation.saturation", "float", "global", "How much new information has dried up: 1 means the last turns added no new concepts or links."),
    _s("meta.canonical.saturation", "float", "global", "Saturation measured on de-duplicated concepts: 1 means recent answers only repeated known concepts."),
    _s("meta.momentum.score", "float", "global", "Exponentially weighted engagement momentum (0.7 old, 0.3 new); one lively answer does not reset it."),
    _s("meta.momentum.fatigued", "boolean", "global", "Whether the respondent appears fatigued: momentum score below 0.3 for 2+ turns, or 3+ low-momentum turns in a row."),
    _s("meta.momentum.consecutive_low", "count", "global", "Consecutive turns with low momentum.", default_norm=5),
    _s("meta.node.opportunity", "categorical", "node", "What this concept offers: exhausted (talked out), probe_deeper (deep answers but nothing extracted: ask differently), fresh (open to explore).", ("exhausted", "probe_deeper", "fresh")),
    # --- technique ---------------------------------------------------------------------------------
    _s("technique.node.strategy_repetition", "categorical", "node", "How often the candidate strategy was used on this concept in a row: none (0), low (1), medium (2), high (3+).", FOCUS_STREAK),
    # --- coverage ----------------------------------------------------------------------------------
    _s("coverage.ratio", "float", "global", "Share of the concept's reference elements the respondent has talked about."),
    _s("coverage.complete_ratio", "float", "global", "Share of elements with no gap left (mentioned, reacted to, understood, connected)."),
    _s("coverage.uncovered_count", "count", "global", "Number of reference elements never mentioned."),
    _s("coverage.has_gaps", "boolean", "global", "Whether any reference element still has a gap."),
    _s("coverage.element.gap", "categorical", "element", "The first open gap of this element: unmentioned, no_reaction, no_comprehension, unconnected, or none.", ("unmentioned", "no_reaction", "no_comprehension", "unconnected", "none")),
    _s("coverage.element.exhausted", "boolean", "element", "Whether this element has been the focus 3 or more times in total (not reset by switching topics)."),
    _s("coverage.element.focus_count", "count", "element", "Total times this element has been the focus.", default_norm=3),
]

CATALOGUE: dict[str, SignalSpec] = {spec.name: spec for spec in _SPECS}
# Groups (e.g. "graph.chain_completion") may be listed in a methodology's `signals:` section.
GROUPS: frozenset[str] = frozenset(spec.group for spec in _SPECS if spec.group)


def get(name: str) -> SignalSpec:
    return CATALOGUE[name]


def float_level(value: float) -> str:
    """Level of a value in [0, 1]: ``low`` < 1/3 <= ``mid`` < 2/3 <= ``high``."""
    if value < LOW_MID_BOUNDARY:
        return "low"
    if value < MID_HIGH_BOUNDARY:
        return "mid"
    return "high"


def level_of(spec: SignalSpec, value, norm: float | None = None) -> str | None:
    """The level a raw value takes for ``spec`` (None when the value is missing)."""
    if value is None:
        return None
    if spec.type == "boolean":
        return "true" if bool(value) else "false"
    if spec.type == "categorical":
        return str(value)
    if spec.type == "count":
        norm = norm or spec.default_norm
        if not norm:
            return None
        return float_level(min(float(value) / norm, 1.0))
    return float_level(float(value))


def describe(name: str) -> str:
    spec = CATALOGUE.get(name)
    return spec.description if spec else ""
