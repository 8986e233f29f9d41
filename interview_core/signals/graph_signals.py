"""Pool ``graph``: global structure of the surface graph (and of the canonical graph when given)."""

from __future__ import annotations

from .context import SignalContext
from .registry import detector


@detector("graph.node_count")
def node_count(ctx: SignalContext) -> int:
    return ctx.metrics["node_count"]


@detector("graph.edge_count")
def edge_count(ctx: SignalContext) -> int:
    return ctx.metrics["edge_count"]


@detector("graph.max_depth")
def max_depth(ctx: SignalContext) -> int:
    return ctx.metrics["max_depth"]


@detector("graph.avg_depth")
def avg_depth(ctx: SignalContext) -> float:
    return ctx.metrics["avg_depth"]


@detector("graph.orphan_count")
def orphan_count(ctx: SignalContext) -> int:
    return ctx.metrics["orphan_count"]


@detector("graph.edge_density")
def edge_density(ctx: SignalContext) -> float:
    return ctx.metrics["edge_density"]


@detector("graph.chain_completion.has_complete")
def chain_has_complete(ctx: SignalContext) -> bool:
    return ctx.metrics["chain_complete"]


@detector("graph.chain_completion.ratio")
def chain_ratio(ctx: SignalContext) -> float:
    return ctx.metrics["chain_completion_ratio"]


@detector("graph.cluster_count")
def cluster_count(ctx: SignalContext) -> int:
    return len(ctx.clusters)


FIXATION_TURNS = 3
FIXATION_MAX_NODES = 12


@detector("graph.thematic_fixation")
def thematic_fixation(ctx: SignalContext) -> float:
    """Mean pairwise label similarity of the nodes created in the last 3 turns (at most the 12 newest).

    1.0 means every recent concept sits in the same theme; 0.0 with fewer than two recent concepts.
    Similarity is ``ctx.label_similarity`` (lexical overlap of content stems by default).
    """
    since = ctx.turn - FIXATION_TURNS
    recent = [d["label"] for _, d in ctx.g.nodes(data=True) if d["created_turn"] > since][-FIXATION_MAX_NODES:]
    if len(recent) < 2:
        return 0.0
    pairs = [(a, b) for i, a in enumerate(recent) for b in recent[i + 1:]]
    return sum(ctx.label_similarity(a, b) for a, b in pairs) / len(pairs)


# --- canonical graph (surface fallback when no canonical view is given) ------------------------------


@detector("graph.canonical_concept_count")
def canonical_concept_count(ctx: SignalContext) -> int:
    """Active canonical slots; without a canonical view, the surface node count."""
    return ctx.canonical.metrics()["concept_count"] if ctx.canonical else ctx.metrics["node_count"]


@detector("graph.canonical_edge_density")
def canonical_edge_density(ctx: SignalContext) -> float:
    """Canonical edges per canonical concept (0.0 when empty); without a view, the surface density."""
    if ctx.canonical is None:
        return ctx.metrics["edge_density"]
    m = ctx.canonical.metrics()
    return m["edge_count"] / m["concept_count"] if m["concept_count"] else 0.0


@detector("graph.canonical_orphan_count")
def canonical_orphan_count(ctx: SignalContext) -> int:
    """Canonical concepts without a canonical link; without a view, the surface orphan count."""
    return ctx.canonical.metrics()["orphan_count"] if ctx.canonical else ctx.metrics["orphan_count"]


@detector("graph.canonical_exhaustion_score")
def canonical_exhaustion_score(ctx: SignalContext) -> float:
    """Mean over canonical slots of the highest exhaustion score among the slot's surface nodes.

    The highest, because a concept is talked out when any of its paraphrases is. Unmapped nodes and,
    without a canonical view, every node count as their own slot. 0.0 for an empty graph.
    """
    slots: dict[str, float] = {}
    for n in ctx.node_ids:
        slot = (ctx.canonical.slot_of(n) if ctx.canonical else None) or f"node:{n}"
        slots[slot] = max(slots.get(slot, 0.0), ctx.tracker.states[n].exhaustion_score)
    return sum(slots.values()) / len(slots) if slots else 0.0
