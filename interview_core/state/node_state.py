"""Per-node state (seed 002 ``NodeState``) and the exhaustion rule of ADR-015 (seed 004).

Timing (seed 004): the answer of turn *t* responds to the question selected at turn *t-1*, so its yield
and its response depth are recorded for ``previous_focus`` - the node that was in focus when the answer
came - never for the node about to be selected.

Yield: the focused node *yields* when the answer that came while it was in focus added nodes or
edges. ``turns_since_last_yield`` counts the focused turns since the last yield ("no yield for 3+
consecutive focuses", seed 004), so a node nobody asked about is never stagnant.

Reversible exhaustion: a node the respondent brings up again (merged into, or linked by a new or
repeated edge) has its stagnation cleared, whoever was in focus; it leaves the exhausted state at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field

SCHEMA_VERSION = 1
SHALLOW_DEPTHS = ("surface", "shallow")
RECENT_DEPTHS = 3  # the "recent responses" window of the shallow ratio


@dataclass
class NodeState:
    node_id: str
    label: str
    created_at_turn: int
    depth: int = 0  # ontology level of the node type (0 when the ontology has no levels)
    # engagement
    focus_count: int = 0
    last_focus_turn: int | None = None
    turns_since_last_focus: int = 0
    current_focus_streak: int = 0
    # yield
    last_yield_turn: int | None = None
    turns_since_last_yield: int = 0
    yield_count: int = 0
    last_mention_turn: int | None = None
    # response quality
    all_response_depths: list[str] = field(default_factory=list)
    # relationships
    connected_node_ids: list[str] = field(default_factory=list)
    edge_count_outgoing: int = 0
    edge_count_incoming: int = 0
    # strategy usage
    strategy_usage_count: dict[str, int] = field(default_factory=dict)
    last_strategy_used: str | None = None
    consecutive_same_strategy: int = 0

    @property
    def yield_rate(self) -> float:
        """yield_count / focus_count (0.0 before the first focus)."""
        return self.yield_count / self.focus_count if self.focus_count else 0.0

    @property
    def is_orphan(self) -> bool:
        return self.edge_count_incoming + self.edge_count_outgoing == 0

    @property
    def shallow_ratio(self) -> float:
        """Share of surface/shallow answers among the last 3 recorded for this node (0.0 with none)."""
        recent = self.all_response_depths[-RECENT_DEPTHS:]
        return sum(d in SHALLOW_DEPTHS for d in recent) / len(recent) if recent else 0.0

    @property
    def yield_stagnation(self) -> bool:
        """Three or more focused turns without a yield."""
        return self.turns_since_last_yield >= 3

    @property
    def is_exhausted(self) -> bool:
        """Seed 002/004: focused at least once, 3+ turns without yield, focused 2+ turns running, and at
        least 2/3 of the recent answers shallow."""
        return (
            self.focus_count >= 1
            and self.turns_since_last_yield >= 3
            and self.current_focus_streak >= 2
            and self.shallow_ratio >= 0.66
        )

    @property
    def exhaustion_score(self) -> float:
        """0 (fresh) to 1 (exhausted): min(stagnation, 10)/10 x 0.4 + min(streak, 5)/5 x 0.3 + shallow ratio x 0.3."""
        return (
            min(self.turns_since_last_yield, 10) / 10.0 * 0.4
            + min(self.current_focus_streak, 5) / 5.0 * 0.3
            + self.shallow_ratio * 0.3
        )


def aggregate_states(states: list[NodeState]) -> NodeState:
    """One concept's state from the states of its paraphrases (the surface nodes of one canonical slot).

    Engagement adds up (focus counts, yields), the streak is the longest, stagnation is the *least*
    stagnant member that has been focused (a paraphrase that still yields keeps the concept alive), and
    answer depths are pooled in turn order. Exhaustion and its score are then computed as for one node.
    """
    if len(states) == 1:
        return states[0]
    focused = [s for s in states if s.focus_count] or states
    first = min(states, key=lambda s: s.created_at_turn)
    depths = [d for s in sorted(focused, key=lambda s: s.last_focus_turn or 0) for d in s.all_response_depths]
    return NodeState(
        node_id=first.node_id, label=first.label, created_at_turn=first.created_at_turn, depth=max(s.depth for s in states),
        focus_count=sum(s.focus_count for s in states),
        last_focus_turn=max((s.last_focus_turn for s in states if s.last_focus_turn is not None), default=None),
        turns_since_last_focus=min(s.turns_since_last_focus for s in states),
        current_focus_streak=max(s.current_focus_streak for s in states),
        last_yield_turn=max((s.last_yield_turn for s in states if s.last_yield_turn is not None), default=None),
        turns_since_last_yield=min(s.turns_since_last_yield for s in focused),
        yield_count=sum(s.yield_count for s in states),
        all_response_depths=depths,
    )


class NodeStateTracker:
    """All node states plus ``previous_focus``; JSON round trip through to_dict/from_dict."""

    def __init__(self) -> None:
        self.states: dict[str, NodeState] = {}
        self.previous_focus: str | None = None

    def register_node(self, node_id: str, label: str, turn: int, depth: int = 0) -> NodeState:
        """Start tracking a node (idempotent: an already tracked node is returned unchanged)."""
        if node_id not in self.states:
            self.states[node_id] = NodeState(node_id, label, turn, depth, last_mention_turn=turn)
        return self.states[node_id]

    def add_edge(self, source: str, target: str) -> None:
        """Count a new link on both ends (self-loops count once each way, connect nothing)."""
        s, t = self.states[source], self.states[target]
        s.edge_count_outgoing += 1
        t.edge_count_incoming += 1
        if source != target:
            if target not in s.connected_node_ids:
                s.connected_node_ids.append(target)
            if source not in t.connected_node_ids:
                t.connected_node_ids.append(source)

    def record_answer(self, changed: bool, turn: int) -> None:
        """Record whether the answer to the previous focus yielded (added nodes or edges)."""
        state = self.states.get(self.previous_focus or "")
        if state is None:
            return
        if changed:
            state.yield_count += 1
            state.last_yield_turn = turn
            state.turns_since_last_yield = 0
        else:
            state.turns_since_last_yield += 1

    def record_mention(self, node_id: str, turn: int) -> None:
        """The respondent brought this node up again: clear its stagnation (reversible exhaustion)."""
        state = self.states.get(node_id)
        if state is not None:
            state.last_mention_turn = turn
            state.turns_since_last_yield = 0

    def append_response_depth(self, depth: str) -> None:
        """Append the latest answer's depth to the node that was in focus when it came."""
        state = self.states.get(self.previous_focus or "")
        if state is not None:
            state.all_response_depths.append(depth)

    def update_focus(self, node_id: str | None, strategy: str, turn: int) -> None:
        """The question of ``turn`` focuses ``node_id`` (None for element or unbound focus)."""
        for nid, state in self.states.items():
            if nid == node_id:
                continue
            state.current_focus_streak = 0
            if state.last_focus_turn is not None:
                state.turns_since_last_focus = turn - state.last_focus_turn
        state = self.states.get(node_id or "")
        if state is not None:
            state.current_focus_streak = state.current_focus_streak + 1 if self.previous_focus == node_id else 1
            state.focus_count += 1
            state.last_focus_turn = turn
            state.turns_since_last_focus = 0
            state.strategy_usage_count[strategy] = state.strategy_usage_count.get(strategy, 0) + 1
            same = state.last_strategy_used == strategy
            state.consecutive_same_strategy = state.consecutive_same_strategy + 1 if same else 1
            state.last_strategy_used = strategy
        self.previous_focus = node_id

    def to_dict(self) -> dict:
        return {
            "schema_version": SCHEMA_VERSION,
            "previous_focus": self.previous_focus,
            "states": {nid: _shallow(s) for nid, s in self.states.items()},
        }

    @classmethod
    def from_dict(cls, data: dict) -> NodeStateTracker:  # noqa: D102
        version = data.get("schema_version")
        if version != SCHEMA_VERSION:
            raise ValueError(f"node tracker schema version {version} is not supported (expected {SCHEMA_VERSION})")
        tracker = cls()
        tracker.previous_focus = data.get("previous_focus")
        tracker.states = {nid: NodeState(**s) for nid, s in data["states"].items()}
        return tracker


def _shallow(state) -> dict:
    """A NodeState as a dict with its containers copied (much faster than ``asdict``'s deep copy;
    the fields hold only flat lists, sets and dicts of scalars)."""
    return {k: (v.copy() if isinstance(v, (list, dict, set)) else v) for k, v in vars(state).items()}
