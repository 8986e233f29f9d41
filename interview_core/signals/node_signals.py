"""Pool ``graph.node``: one value per tracked node, from the node state tracker, the graph and its
Louvain clusters (ADR-006)."""

from __future__ import annotations

from ..graph.clusters import peripheral_count
from .context import SignalContext
from .registry import detector

RECENCY_HORIZON = 20
STANCE = {1: "positive", 0: "neutral", -1: "negative"}


def streak_level(n: int) -> str:
    """Focus streak: none (0), low (1), medium (2-3), high (4+)."""
    return "none" if n <= 0 else "low" if n == 1 else "medium" if n <= 3 else "high"


def count_level(n: int) -> str:
    """Focus count: none (0), low (1-2), medium (3-4), high (5+)."""
    return "none" if n <= 0 else "low" if n <= 2 else "medium" if n <= 4 else "high"


def _states(ctx: SignalContext):
    """(node id, state) per candidate; with a canonical graph, the state of the node's whole slot, so
    paraphrases of one concept share one exhaustion (seed 002, dual-graph architecture)."""
    concept_states = ctx.concept_states
    return ((n, concept_states.get(n) or ctx.tracker.states[n]) for n in ctx.node_ids)


@detector("graph.node.exhausted")
def exhausted(ctx: SignalContext) -> dict:
    return {n: s.is_exhausted for n, s in _states(ctx)}


@detector("graph.node.exhaustion_score")
def exhaustion_score(ctx: SignalContext) -> dict:
    return {n: s.exhaustion_score for n, s in _states(ctx)}


@detector("graph.node.yield_stagnation")
def yield_stagnation(ctx: SignalContext) -> dict:
    return {n: s.yield_stagnation for n, s in _states(ctx)}


@detector("graph.node.focus_streak")
def focus_streak(ctx: SignalContext) -> dict:
    return {n: streak_level(s.current_focus_streak) for n, s in _states(ctx)}


@detector("graph.node.focus_count")
def focus_count(ctx: SignalContext) -> dict:
    return {n: count_level(s.focus_count) for n, s in _states(ctx)}


@detector("graph.node.is_current_focus")
def is_current_focus(ctx: SignalContext) -> dict:
    return {n: n == ctx.tracker.previous_focus for n in ctx.node_ids}


@detector("graph.node.recency_score")
def recency_score(ctx: SignalContext) -> dict:
    """1 - min(turns since last focus or mention, 20) / 20: 1.0 this turn, 0.0 twenty or more turns ago."""
    out = {}
    for n, s in _states(ctx):
        touched = max(t for t in (s.created_at_turn, s.last_focus_turn, s.last_mention_turn) if t is not None)
        out[n] = 1.0 - min(max(ctx.turn - touched, 0), RECENCY_HORIZON) / RECENCY_HORIZON
    return out


@detector("graph.node.novelty")
def novelty(ctx: SignalContext) -> dict:
    """high: created this turn or the one before; medium: 2-3 turns ago; low: older."""
    out = {}
    for n, s in _states(ctx):
        age = ctx.turn - s.created_at_turn
        out[n] = "high" if age <= 1 else "medium" if age <= 3 else "low"
    return out


@detector("graph.node.is_orphan")
def is_orphan(ctx: SignalContext) -> dict:
    adj = ctx.adjacency
    return {n: not adj[n] for n in ctx.node_ids}


@detector("graph.node.edge_count")
def edge_count(ctx: SignalContext) -> dict:
    g = ctx.g
    return {n: g.degree(n) for n in ctx.node_ids}


@detector("graph.node.has_outgoing")
def has_outgoing(ctx: SignalContext) -> dict:
    succ = ctx.g.succ
    return {n: any(t != n for t in succ[n]) for n in ctx.node_ids}


@detector("graph.node.is_terminal")
def is_terminal(ctx: SignalContext) -> dict:
    terminal = ctx.methodology.terminal_types
    nodes = ctx.g.nodes
    return {n: nodes[n]["node_type"] in terminal for n in ctx.node_ids}


@detector("graph.node.level_ratio")
def level_ratio(ctx: SignalContext) -> dict:
    """(level - lowest) / (highest - lowest) over the ontology's levels; 0.0 without levels."""
    levels = {t.name: t.level for t in ctx.methodology.ontology.nodes if t.level is not None}
    lo, hi = (min(levels.values()), max(levels.values())) if levels else (0, 0)
    nodes = ctx.g.nodes
    out = {}
    for n in ctx.node_ids:
        level = levels.get(nodes[n]["node_type"])
        out[n] = (level - lo) / (hi - lo) if level is not None and hi > lo else 0.0
    return out


@detector("graph.node.stance")
def stance(ctx: SignalContext) -> dict:
    nodes = ctx.g.nodes
    return {n: STANCE[nodes[n]["stance"]] for n in ctx.node_ids}


@detector("graph.node.canonical_novelty")
def canonical_novelty(ctx: SignalContext) -> dict:
    """new: first node of its slot; confirming: a later paraphrase; orphan: not mapped to a slot.

    Without a canonical view every node is its own slot: ``new`` while it was mentioned in a single
    utterance, ``confirming`` once a later answer repeated it (merged into it).
    """
    nodes = ctx.g.nodes
    out = {}
    for n in ctx.node_ids:
        s = ctx.tracker.states[n]  # this surface node's own creation turn, not its slot's
        if ctx.canonical is None:
            out[n] = "new" if len(nodes[n]["utterance_ids"]) <= 1 else "confirming"
            continue
        slot = ctx.canonical.slot_of(n)
        if slot is None:
            out[n] = "orphan"
        else:
            out[n] = "new" if ctx.canonical.slot_first_turn(slot) >= s.created_at_turn else "confirming"
    return out


@detector("graph.node.cluster_density")
def cluster_density(ctx: SignalContext) -> dict:
    part, stats = ctx.partition, ctx.cluster_statistics
    return {n: stats[part[n]].density for n in ctx.node_ids}


@detector("graph.node.cluster_saturation")
def cluster_saturation(ctx: SignalContext) -> dict:
    part, stats = ctx.partition, ctx.cluster_statistics
    return {n: stats[part[n]].saturation for n in ctx.node_ids}


@detector("graph.node.peripheral_candidates")
def peripheral_candidates(ctx: SignalContext) -> dict:
    """Never-focused nodes outside this node's cluster within 2 links of it (computed once per cluster)."""
    part, clusters, focused, adj = ctx.partition, ctx.clusters, ctx.focused_ids, ctx.adjacency
    per_cluster = {c: peripheral_count(members, adj, focused) for c, members in clusters.items()}
    return {n: per_cluster[part[n]] for n in ctx.node_ids}


@detector("graph.node.opposite_stance_present")
def opposite_stance_present(ctx: SignalContext) -> dict:
    """True when the node has a stance (+1/-1) and some node carries the opposite one."""
    nodes = ctx.g.nodes
    present = {s for _, s in ctx.g.nodes(data="stance")}
    return {n: nodes[n]["stance"] != 0 and -nodes[n]["stance"] in present for n in ctx.node_ids}


@detector("graph.node.prominence")
def prominence(ctx: SignalContext) -> dict:
    """point / supporting / backdrop: how the latest answer said the node (stamped by the extraction);
    unknown when it said the node and the extractor did not say how (a provider without it); earlier
    when the latest answer did not say it (or the graph was saved before the stamp existed)."""
    nodes = ctx.g.nodes
    out = {}
    for n in ctx.node_ids:
        d = nodes[n]
        out[n] = "earlier" if d.get("said_turn") != ctx.turn else d.get("prominence") or "unknown"
    return out


@detector("graph.node.reason_given")
def reason_given(ctx: SignalContext) -> dict:
    """True once an answer said why the node matters (see ``KnowledgeGraph.apply``)."""
    nodes = ctx.g.nodes
    return {n: bool(nodes[n].get("reason_given")) for n in ctx.node_ids}
