"""The hierarchical value map (HVM): the implication matrix's direct links at or above a cut-off,
codes arranged by abstraction level, and the dominant chains through it.

Levels are the methodology's node types in order (for means-end chains: attribute at the bottom,
terminal value at the top). A link is kept when at least ``cutoff`` respondents made it directly;
the *share kept* is the kept links' respondent counts over all direct respondent counts (the
proportion of all relations the map accounts for). Line width grows linearly with the count.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .codebook import Codebook
from .matrix import ImplicationMatrix, Pair, RespondentRelations, maximal_paths

MIN_WIDTH, MAX_WIDTH = 1.0, 8.0
MAX_CHAIN_PATHS = 20_000  # bound on chain enumeration in a dense map


@dataclass
class HvmNode:
    code: str
    label: str
    node_type: str
    level: int  # 0 = bottom row
    x: float  # position in its row, 0..1
    respondents: int  # interviews that mention the code


@dataclass
class HvmLink:
    source: str
    target: str
    count: int  # respondents with the direct link
    indirect: int  # respondents with it only indirectly
    width: float
    quotes: list[tuple[str, str]] = field(default_factory=list)  # (respondent, quote)


@dataclass
class HvmMap:
    """The map at one cut-off. ``share_kept`` in [0, 1]; ``levels``: node type per row, bottom first."""

    cutoff: int
    levels: list[str]
    nodes: list[HvmNode]
    links: list[HvmLink]
    share_kept: float
    kept_relations: int  # respondent-links kept
    total_relations: int  # all respondent-links

    def node(self, code: str) -> HvmNode:
        return next(n for n in self.nodes if n.code == code)


def level_order(node_types: list[str], levels: dict[str, int | None] | None = None) -> list[str]:
    """Node types bottom to top: by declared ``level`` when given, else in declaration order."""
    levels = levels or {}
    return sorted(node_types, key=lambda t: (levels.get(t) is None, levels.get(t) or 0, node_types.index(t)))


def max_cutoff(matrix: ImplicationMatrix) -> int:
    """The largest useful cut-off: the highest direct count (at least 1)."""
    return max(matrix.direct.values(), default=1)


def build_hvm(matrix: ImplicationMatrix, book: Codebook, levels: list[str], cutoff: int,
              quotes: dict[Pair, list[tuple[str, str]]] | None = None, max_quotes: int = 5) -> HvmMap:
    """The map of direct links with ``count >= cutoff`` (cutoff below 1 counts as 1).

    ``levels``: node types bottom to top (a code of a type not listed goes on the bottom row);
    ``quotes``: pair -> (respondent, quote) for hover text, at most ``max_quotes`` kept per link.
    """
    cutoff = max(1, int(cutoff))
    total = sum(matrix.direct.values())
    kept_pairs = sorted((p for p, n in matrix.direct.items() if n >= cutoff and p[0] in book.codes and p[1] in book.codes),
                        key=lambda p: (-matrix.direct[p], p))
    kept = sum(matrix.direct[p] for p in kept_pairs)
    top = max((matrix.direct[p] for p in kept_pairs), default=1)
    rank = {t: i for i, t in enumerate(levels)}
    links = [HvmLink(a, b, matrix.direct[(a, b)], matrix.indirect[(a, b)], _width(matrix.direct[(a, b)], cutoff, top),
                     list((quotes or {}).get((a, b), []))[:max_quotes]) for a, b in kept_pairs]
    codes = list(dict.fromkeys(c for p in kept_pairs for c in p))
    rows: dict[int, list[str]] = {}
    for c in codes:
        rows.setdefault(rank.get(book.codes[c].node_type, 0), []).append(c)
    x = _layout(rows, kept_pairs)
    nodes = [HvmNode(c, book.codes[c].label, book.codes[c].node_type, rank.get(book.codes[c].node_type, 0), x[c],
                     len(book.codes[c].respondents())) for c in codes]
    return HvmMap(cutoff, list(levels), nodes, links, kept / total if total else 0.0, kept, total)


def _width(count: int, low: int, high: int) -> float:
    if high <= low:
        return (MIN_WIDTH + MAX_WIDTH) / 2 if high == low and count >= low else MIN_WIDTH
    return MIN_WIDTH + (MAX_WIDTH - MIN_WIDTH) * (count - low) / (high - low)


def _layout(rows: dict[int, list[str]], pairs: list[Pair], sweeps: int = 4) -> dict[str, float]:
    """x in (0, 1) per code: rows ordered by the barycentre of their neighbours (a few up/down sweeps),
    which keeps crossings few; ties keep label order."""
    neighbours: dict[str, list[str]] = {}
    for a, b in pairs:
        neighbours.setdefault(a, []).append(b)
        neighbours.setdefault(b, []).append(a)
    order = {lvl: sorted(codes) for lvl, codes in rows.items()}
    pos = _positions(order)
    levels = sorted(order)
    for sweep in range(sweeps):
        for lvl in (levels if sweep % 2 == 0 else reversed(levels)):
            def bary(c: str) -> float:
                ns = [pos[n] for n in neighbours.get(c, []) if n in pos]
                return sum(ns) / len(ns) if ns else pos[c]
            order[lvl] = sorted(order[lvl], key=lambda c: (bary(c), c))
            pos = _positions(order)
    return pos


def _positions(order: dict[int, list[str]]) -> dict[str, float]:
    return {c: (i + 1) / (len(codes) + 1) for codes in order.values() for i, c in enumerate(codes)}


@dataclass
class Chain:
    codes: list[str]
    respondents: int  # respondents whose relations contain every step (directly or indirectly)
    min_link: int  # the weakest link's direct count in the map


def dominant_chains(hvm: HvmMap, relations: list[RespondentRelations], top_n: int = 10) -> list[Chain]:
    """The top ``top_n`` chains of the map by respondent count (then length, then weakest link).

    A chain is a maximal path of kept links (:func:`~.matrix.maximal_paths`); a respondent supports it when each consecutive step is
    among their direct or indirect relations.
    """
    count = {(lk.source, lk.target): lk.count for lk in hvm.links}
    paths = maximal_paths(set(count), MAX_CHAIN_PATHS)
    # respondents per kept step as a bit set (bit i = relations[i]), so a chain's support is an AND
    steps_needed = {(a, b) for path in paths for a, b in zip(path, path[1:])}
    holders = dict.fromkeys(steps_needed, 0)
    for i, r in enumerate(relations):
        for step in steps_needed & r.reachable:
            holders[step] |= 1 << i
    everyone = (1 << len(relations)) - 1
    chains = []
    for path in paths:
        steps = list(zip(path, path[1:]))
        support = everyone
        for step in steps:
            support &= holders[step]
        chains.append(Chain(path, support.bit_count(), min(count[s] for s in steps)))
    chains.sort(key=lambda c: (-c.respondents, -len(c.codes), -c.min_link, c.codes))
    return chains[:top_n]
