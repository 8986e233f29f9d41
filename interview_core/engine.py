"""The engine facade the turn pipeline calls: graph update, state computation, selection, continuation.

One :class:`Engine` per interview. Its :class:`EngineState` holds everything that must survive a
restart and round-trips through JSON (``to_dict`` / ``from_dict``). Stages, in pipeline order:

1. :meth:`Engine.apply_extraction` - GraphUpdate: add/merge nodes and edges (schema-checked), map
   elements and reactions into coverage, register nodes, record the yield of the node in focus.
2. :meth:`Engine.compute_state` - StateComputation: response depth for the previous focus, momentum,
   graph metrics, coverage gaps, phase.
3. :meth:`Engine.select` - StrategySelection: two-pass signal detection, joint ranking, focus update.
4. :meth:`Engine.continuation` - Continuation: whether to go on, and why not.

Pure library code: no I/O, no language model.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import BaseModel, Field

from .config.concept import Concept
from .config.methodology import Methodology
from .graph.clusters import ClusterCache
from .graph.knowledge_graph import GraphDelta, KnowledgeGraph
from .graph.matching import NodeMatcher
from .graph.metrics import graph_metrics
from .vocabulary.extraction import ExtractionResult
from .vocabulary import Assessment, FocusRef
from .scoring.continuation import should_continue
from .scoring.models import Alternative, Contribution
from .scoring.ranking import Ranking, rank_strategy_node_pairs
from .scoring.vetoes import VetoContext
from .signals.canonical import CanonicalView
from .signals.context import SignalContext
from .signals.detection import DetectedSignals, detect_signals
from .signals.meta_signals import SATURATION_NORM, saturation
from .state.coverage import CoverageState
from .state.momentum import Momentum, momentum_value
from .state.node_state import NodeStateTracker
from .state.phase import interview_phase

ENGINE_SCHEMA_VERSION = 1
ELEMENT_PREFIX = "element:"

__all__ = ["Engine", "EngineState", "Selection", "StateSnapshot", "Alternative", "Contribution", "GraphDelta"]


class Selection(BaseModel):
    """The chosen (strategy, focus) with every signal and the ranked alternatives behind it.

    ``node_refs`` / ``element_refs`` (id -> FocusRef) and ``recent`` ([strategy, question] pairs the
    redundancy veto compared against) are kept so :meth:`Engine.rerank` can replay the turn.
    ``note`` says when the winner had to be taken from vetoed pairs.
    """

    strategy: str
    focus: FocusRef
    score: float
    phase: str
    global_signals: dict = Field(default_factory=dict)
    node_signals: dict = Field(default_factory=dict)
    element_signals: dict = Field(default_factory=dict)
    alternatives: list[Alternative] = Field(default_factory=list)
    detector_errors: list[str] = Field(default_factory=list)
    node_refs: dict[str, FocusRef] = Field(default_factory=dict)
    element_refs: dict[str, FocusRef] = Field(default_factory=dict)
    recent: list[tuple[str | None, str]] = Field(default_factory=list)
    previous_focus: tuple[str, str] | None = None
    latest_node_ids: list[str] = Field(default_factory=list)
    policy: str = "adaptive"
    note: str | None = None


class StateSnapshot(BaseModel):
    """JSON-able state after an answer: graph metrics, coverage, momentum and the phase."""

    turn: int
    graph: dict
    coverage: dict
    momentum: dict
    phase: str


@dataclass
class EngineState:
    """Everything that survives a restart. Histories hold one entry per answered or selected turn."""

    graph: KnowledgeGraph
    tracker: NodeStateTracker
    coverage: CoverageState
    momentum: Momentum = field(default_factory=Momentum)
    clusters: ClusterCache = field(default_factory=ClusterCache)
    strategy_history: list[str] = field(default_factory=list)
    focus_history: list[str | None] = field(default_factory=list)
    depth_history: list[str] = field(default_factory=list)
    yield_history: list[int] = field(default_factory=list)
    new_node_history: list[int] = field(default_factory=list)
    max_depth_history: list[int] = field(default_factory=list)
    answered_turns: list[int] = field(default_factory=list)
    phase: str = "early"
    assessment: dict | None = None
    # Set when the closing question has been asked: why the interview ends once it is answered.
    closing_reason: str | None = None
    # The latest answer only asked the interviewer something or paused and made no node: no continuation rule
    # begins the close on it (:func:`interview_core.scoring.continuation.should_continue`, ``side_step``).
    side_step: bool = False

    def to_dict(self) -> dict:
        return {
            "schema_version": ENGINE_SCHEMA_VERSION,
            "graph": self.graph.to_dict(),
            "tracker": self.tracker.to_dict(),
            "coverage": self.coverage.to_dict(),
            "momentum": self.momentum.to_dict(),
            "clusters": self.clusters.to_dict(),
            "strategy_history": list(self.strategy_history),
            "focus_history": list(self.focus_history),
            "depth_history": list(self.depth_history),
            "yield_history": list(self.yield_history),
            "new_node_history": list(self.new_node_history),
            "max_depth_history": list(self.max_depth_history),
            "answered_turns": list(self.answered_turns),
            "phase": self.phase,
            "assessment": self.assessment,
            "closing_reason": self.closing_reason,
            "side_step": self.side_step,
        }

    @classmethod
    def from_dict(cls, d: dict, methodology: Methodology, concept: Concept, matcher: NodeMatcher | None = None) -> EngineState:
        if d.get("schema_version") != ENGINE_SCHEMA_VERSION:
            raise ValueError(f"engine state schema version {d.get('schema_version')} is not supported")
        return cls(
            graph=KnowledgeGraph.from_dict(d["graph"], methodology, matcher),
            tracker=NodeStateTracker.from_dict(d["tracker"]),
            coverage=CoverageState.from_dict(d["coverage"], concept),
            momentum=Momentum.from_dict(d["momentum"]),
            clusters=ClusterCache.from_dict(d["clusters"]),
            **{k: list(d[k]) for k in ("strategy_history", "focus_history", "depth_history", "yield_history",
                                       "new_node_history", "max_depth_history", "answered_turns")},
            phase=d["phase"],
            assessment=d.get("assessment"),
            closing_reason=d.get("closing_reason"),
            side_step=bool(d.get("side_step", False)),
        )


class Engine:
    def __init__(self, methodology: Methodology, concept: Concept, matcher: NodeMatcher | None = None,
                 canonical: CanonicalView | None = None):
        self.methodology = methodology
        self.concept = concept
        self.canonical = canonical
        self.state = EngineState(KnowledgeGraph(methodology, matcher), NodeStateTracker(), CoverageState(concept))

    @classmethod
    def restore(cls, state_dict: dict, methodology: Methodology, concept: Concept,
                matcher: NodeMatcher | None = None, canonical: CanonicalView | None = None) -> Engine:
        engine = cls(methodology, concept, matcher, canonical)
        engine.state = EngineState.from_dict(state_dict, methodology, concept, matcher)
        return engine

    @property
    def graph(self) -> KnowledgeGraph:
        return self.state.graph

    def set_methodology(self, methodology: Methodology) -> None:
        """Score later turns with an edited methodology (same ontology expected; the graph re-checks
        new nodes and edges against the new one)."""
        self.methodology = methodology
        self.state.graph.methodology = methodology

    def current_focus(self) -> FocusRef:
        """The focus of the last selected question (kind ``none`` before the first selection)."""
        previous = self._previous_focus()
        if previous is None:
            return FocusRef(kind="none")
        kind, focus_id = previous
        if kind == "node":
            if focus_id not in self.state.graph.g:
                return FocusRef(kind="none")
            d = self.state.graph.g.nodes[focus_id]
            return FocusRef(kind="node", id=focus_id, label=d["label"], node_type=d["node_type"])
        element = self.concept.element(focus_id)
        return FocusRef(kind="element", id=focus_id, label=element.label if element else focus_id)

    # -- 1. GraphUpdate ------------------------------------------------------------------------------
    def apply_extraction(self, extraction: ExtractionResult, utterance_id: str, turn: int) -> GraphDelta:
        """Add the answer's nodes and edges; update coverage and node state; return the delta.

        The node in focus when the answer came yields when the answer added nodes or edges. Other
        existing nodes the answer touched again are *mentioned*, which clears their stagnation
        (reversible exhaustion); the focus itself is not, or repeating its name would keep it fresh.
        """
        st = self.state
        delta = st.graph.apply(extraction, utterance_id, turn)
        levels = {t.name: t.level or 0 for t in self.methodology.ontology.nodes}
        g = st.graph.g
        for node_id in delta.added_node_ids:
            d = g.nodes[node_id]
            st.tracker.register_node(node_id, d["label"], turn, levels.get(d["node_type"], 0))
        for edge_id in delta.added_edge_ids:
            st.tracker.add_edge(*st.graph.edge_ends(edge_id))
        depth = extraction.assessment.response_depth
        for item in extraction.nodes:
            node_id = st.graph.node_id_for_label(item.label)
            element = g.nodes[node_id]["element_id"] if node_id else None
            element = item.element_mapping or element
            if node_id is None or element is None or not st.coverage.map_node(element, node_id):
                continue
            if item.reaction is not None:
                st.coverage.record_reaction(element, item.reaction)
            st.coverage.record_depth(element, depth)
        st.tracker.record_answer(delta.changed, turn)
        for node_id in delta.mentioned_node_ids:
            if node_id != st.tracker.previous_focus:
                st.tracker.record_mention(node_id, turn)
        added = len(delta.added_node_ids) + len(delta.added_edge_ids)
        if st.answered_turns and st.answered_turns[-1] == turn:  # a second extraction for the same answer
            st.yield_history[-1] += added
            st.new_node_history[-1] += len(delta.added_node_ids)
        else:
            st.answered_turns.append(turn)
            st.yield_history.append(added)
            st.new_node_history.append(len(delta.added_node_ids))
        return delta

    # -- 2. StateComputation -------------------------------------------------------------------------
    def compute_state(self, assessment: Assessment, turn: int, side_step: bool = False) -> StateSnapshot:
        """Fold the answer's assessment into node state and momentum; return metrics, coverage, phase.

        ``side_step``: the answer only asked the interviewer something or paused and made no node
        (``Assessment.side_step``, set by the language adapter); momentum holds, since a respondent who asks how
        long this takes or goes to the door is neither engaged with a topic nor tired of the interview."""
        st = self.state
        st.side_step = side_step
        st.tracker.append_response_depth(assessment.response_depth)
        st.depth_history.append(assessment.response_depth)
        if not side_step:
            st.momentum.update(momentum_value(assessment.engagement, assessment.response_depth), turn)
        st.assessment = assessment.model_dump(mode="json")
        metrics = graph_metrics(st.graph.g, self.methodology)
        st.max_depth_history.append(metrics["max_depth"])
        coverage = st.coverage.summary(st.graph.g)
        st.phase = interview_phase(
            self.methodology, turn, metrics["node_count"], coverage["ratio"],
            saturation(st.yield_history, SATURATION_NORM), metrics["max_depth"], st.phase,
        )
        momentum = {k: v for k, v in st.momentum.to_dict().items() if k != "history"} | {"level": st.momentum.level}
        return StateSnapshot(turn=turn, graph=metrics, coverage=coverage, momentum=momentum, phase=st.phase)

    # -- 3. StrategySelection ------------------------------------------------------------------------
    def signal_context(self, turn: int, max_turns: int | None = None) -> SignalContext:
        st = self.state
        return SignalContext(
            methodology=self.methodology, concept=self.concept, graph=st.graph, tracker=st.tracker,
            coverage=st.coverage, momentum=st.momentum, turn=turn,
            max_turns=max_turns or self.methodology.continuation.max_turns,
            assessment=Assessment.model_validate(st.assessment) if st.assessment else None,
            strategy_history=st.strategy_history, focus_history=st.focus_history,
            depth_history=st.depth_history, yield_history=st.yield_history,
            new_node_history=st.new_node_history, previous_phase=st.phase, canonical=self.canonical,
            cluster_cache=st.clusters, **self._similarity(),
        )

    def _similarity(self) -> dict:
        """Thematic fixation uses the matcher's semantic similarity (embeddings) when it has one."""
        similarity = getattr(self.state.graph.matcher, "similarity", None)
        return {"label_similarity": similarity} if callable(similarity) else {}

    def focus_refs(self) -> tuple[dict[str, FocusRef], dict[str, FocusRef]]:
        """Candidate foci: tracked graph nodes and concept elements, as FocusRefs."""
        nodes = {
            n: FocusRef(kind="node", id=n, label=d["label"], node_type=d["node_type"])
            for n, d in self.state.graph.g.nodes(data=True) if n in self.state.tracker.states
        }
        elements = {e.id: FocusRef(kind="element", id=e.id, label=e.label) for e in self.concept.elements}
        return nodes, elements

    def select(self, turn: int, recent_questions: list[str] | None = None, policy: str = "adaptive",
               rng_seed: int = 0, max_turns: int | None = None) -> Selection:
        """Detect signals, rank every (strategy, focus) pair, pick one and record the focus.

        ``policy``: ``adaptive`` takes the best non-vetoed pair; ``random`` a uniformly random non-vetoed
        pair (seeded by ``rng_seed``), a baseline for benchmarks. ``recent_questions``: the questions
        asked so far, oldest first; the last ones are paired with the strategies that asked them.
        """
        if policy not in ("adaptive", "random"):
            raise ValueError(f"unknown selection policy '{policy}' (adaptive, random)")
        st = self.state
        ctx = self.signal_context(turn, max_turns)
        signals = detect_signals(ctx)
        phase = signals.global_.get("meta.interview.phase", st.phase)
        questions = list(recent_questions or [])
        strategies: list[str | None] = list(st.strategy_history[-len(questions):]) if questions else []
        recent = list(zip([None] * (len(questions) - len(strategies)) + strategies, questions))[-6:]
        node_refs, element_refs = self.focus_refs()
        previous_focus = self._previous_focus()
        latest = frozenset(n for n, d in st.graph.g.nodes(data=True) if d["created_turn"] == turn)
        ranking = rank_strategy_node_pairs(self.methodology, signals, node_refs, element_refs, phase,
                                           VetoContext(recent, previous_focus, latest))
        chosen = ranking.random_choice(rng_seed) if policy == "random" else ranking.winner
        if chosen is None:
            raise RuntimeError("no strategy can be scored: the methodology has no strategy with a candidate focus")
        self._record_focus(chosen, turn)
        st.phase = phase
        return Selection.model_construct(
            strategy=chosen.strategy, focus=chosen.focus, score=chosen.final, phase=phase,
            global_signals=signals.global_, node_signals=signals.node, element_signals=signals.element,
            alternatives=ranking.alternatives, detector_errors=signals.errors, node_refs=node_refs,
            element_refs=element_refs, recent=recent, previous_focus=previous_focus, latest_node_ids=sorted(latest),
            policy=policy, note=ranking.note,
        )

    def _previous_focus(self) -> tuple[str, str] | None:
        last = self.state.focus_history[-1] if self.state.focus_history else None
        if last is None:
            return None
        if last.startswith(ELEMENT_PREFIX):
            return "element", last[len(ELEMENT_PREFIX):]
        return "node", last

    def _record_focus(self, chosen: Alternative, turn: int) -> None:
        st = self.state
        focus = chosen.focus
        st.tracker.update_focus(focus.id if focus.kind == "node" else None, chosen.strategy, turn)
        if focus.kind == "element" and focus.id:
            st.coverage.record_element_focus(focus.id)
        st.strategy_history.append(chosen.strategy)
        st.focus_history.append(
            focus.id if focus.kind == "node" else ELEMENT_PREFIX + focus.id if focus.kind == "element" and focus.id else None
        )

    # -- 4. Continuation -----------------------------------------------------------------------------
    def continuation(self, selection: Selection, turn: int, max_turns: int) -> tuple[bool, str | None]:
        """(should_continue, termination_reason): max_turns_reached, close_strategy, depth_plateau,
        quality_degraded or fatigue_coverage (see :mod:`interview_core.scoring.continuation`)."""
        st = self.state
        return should_continue(
            self.methodology, turn, max_turns, selection.strategy, st.max_depth_history, st.depth_history,
            st.momentum.fatigued, st.coverage.summary(st.graph.g)["ratio"], st.new_node_history,
            side_step=st.side_step,
        )

    @property
    def closing_reason(self) -> str | None:
        """Why the interview ends once the closing question (already asked) is answered; None before."""
        return self.state.closing_reason

    def begin_close(self, reason: str) -> None:
        """The closing question is being asked: the next answer is the last, and ``reason`` says why."""
        self.state.closing_reason = reason

    # -- what-if -------------------------------------------------------------------------------------
    def rerank(self, selection_or_stored_signals: Selection | dict, methodology: Methodology) -> list[Alternative]:
        """Re-rank a stored turn's signals under another methodology (e.g. edited weights). Pure: the
        engine's state is not touched. Accepts a Selection or its ``model_dump(mode="json")``."""
        return rerank(selection_or_stored_signals, methodology)


def rerank(stored: Selection | dict, methodology: Methodology, max_alternatives: int = 100) -> list[Alternative]:
    """Rank a stored selection's signals again under ``methodology``; best first."""
    return rerank_ranking(stored, methodology, max_alternatives).alternatives


def rerank_ranking(stored: Selection | dict, methodology: Methodology, max_alternatives: int = 100) -> Ranking:
    """:func:`rerank`'s whole Ranking: ``total_pairs`` counts every pair scored, ``alternatives`` holds the best
    ``max_alternatives`` (plus each strategy's best and the winner)."""
    sel = stored if isinstance(stored, Selection) else Selection.model_validate(stored)
    signals = DetectedSignals(global_=dict(sel.global_signals), node=dict(sel.node_signals),
                              element=dict(sel.element_signals))
    node_refs = {k: FocusRef.model_validate(v) for k, v in sel.node_refs.items()}
    element_refs = {k: FocusRef.model_validate(v) for k, v in sel.element_refs.items()}
    recent = [(s, q) for s, q in sel.recent]
    previous = tuple(sel.previous_focus) if sel.previous_focus else None
    return rank_strategy_node_pairs(methodology, signals, node_refs, element_refs, sel.phase,
                                    VetoContext(recent, previous, frozenset(sel.latest_node_ids)), max_alternatives)
