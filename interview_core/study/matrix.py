"""Implication matrix and per-respondent ladders (Reynolds & Gutman 1988).

Each respondent's surface links are read through the codebook as links between codes (a link inside
one code is dropped). For every ordered pair of codes (A, B) a respondent counts at most once:

- **direct** when the respondent linked A to B;
- **indirect** when B is reachable from A only through other codes (A -> X -> B) and never directly.

So a cell reads ``direct.indirect`` respondents, and the two never count the same respondent twice.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .codebook import Codebook
from .interviews import StudyInterview

Pair = tuple[str, str]
MAX_LADDERS_PER_RESPONDENT = 500  # bound on path enumeration in one interview's code graph


@dataclass
class RespondentRelations:
    """One respondent's code graph: ``direct`` pairs, ``reachable`` pairs (direct or indirect), and the
    quotes behind each direct pair as (quote, utterance id)."""

    session_id: str
    respondent: str
    direct: set[Pair] = field(default_factory=set)
    reachable: set[Pair] = field(default_factory=set)
    quotes: dict[Pair, list[tuple[str, str | None]]] = field(default_factory=dict)

    @property
    def indirect(self) -> set[Pair]:
        return self.reachable - self.direct


def respondent_relations(interview: StudyInterview, book: Codebook) -> RespondentRelations:
    """The respondent's direct and reachable code pairs (self-pairs excluded, cycles allowed)."""
    rel = RespondentRelations(interview.session_id, interview.respondent)
    sid = interview.session_id
    for e in interview.edges:
        a, b = book.code_of(sid, e["source"]), book.code_of(sid, e["target"])
        if a is None or b is None or a == b:
            continue
        rel.direct.add((a, b))
        if e.get("quote"):
            rel.quotes.setdefault((a, b), []).append((e["quote"], e.get("utterance_id")))
    succ: dict[str, set[str]] = {}
    for a, b in rel.direct:
        succ.setdefault(a, set()).add(b)
    for start in succ:
        seen, stack = set(), list(succ[start])
        while stack:
            node = stack.pop()
            if node in seen:
                continue
            seen.add(node)
            stack.extend(succ.get(node, ()))
        rel.reachable.update((start, t) for t in seen if t != start)
    return rel


@dataclass
class ImplicationMatrix:
    """Counts of respondents per ordered code pair. ``codes``: row/column order; ``direct[(a, b)]`` and
    ``indirect[(a, b)]`` respondents (a respondent is in at most one of the two for a pair);
    ``respondents[(a, b)]``: session ids with a direct link; ``respondent_count``: interviews counted."""

    codes: list[str]
    direct: Counter = field(default_factory=Counter)
    indirect: Counter = field(default_factory=Counter)
    respondents: dict[Pair, list[str]] = field(default_factory=dict)
    respondent_count: int = 0

    def total(self, pair: Pair) -> int:
        return self.direct[pair] + self.indirect[pair]

    def cell(self, a: str, b: str) -> str:
        """``"d.i"`` as printed in the literature (``""`` for an empty cell)."""
        d, i = self.direct[(a, b)], self.indirect[(a, b)]
        return f"{d}.{i}" if d or i else ""

    def rows(self, labels: dict[str, str]) -> list[dict]:
        """Table rows: ``code`` (label) then one ``d.i`` column per code with any relation, plus the
        row's direct and indirect sums ``out_direct``/``out_indirect``."""
        used = [c for c in self.codes if any(self.total((c, o)) or self.total((o, c)) for o in self.codes)]
        out = []
        for a in used:
            row = {"code": labels[a]}
            row.update({labels[b]: self.cell(a, b) for b in used})
            row["out_direct"] = sum(self.direct[(a, b)] for b in used)
            row["out_indirect"] = sum(self.indirect[(a, b)] for b in used)
            out.append(row)
        return out


def implication_matrix(relations: list[RespondentRelations], codes: list[str]) -> ImplicationMatrix:
    """Sum the respondents' relations into a matrix over ``codes`` (the display order)."""
    m = ImplicationMatrix(list(codes), respondent_count=len(relations))
    for rel in relations:
        for pair in rel.direct:
            m.direct[pair] += 1
            m.respondents.setdefault(pair, []).append(rel.session_id)
        for pair in rel.indirect:
            m.indirect[pair] += 1
    return m


def maximal_paths(pairs: set[Pair], limit: int) -> list[list[str]]:
    """Maximal simple paths along ``pairs``: from each code nothing leads to, until a code that leads
    nowhere (or only back into the path). A cycle no path enters is entered at its first code in sorted
    order. Deterministic; at most ``limit`` paths (the enumeration is exponential in dense graphs)."""
    succ: dict[str, list[str]] = {}
    for a, b in sorted(pairs):
        succ.setdefault(a, []).append(b)
    targets = {b for _, b in pairs}
    starts = [a for a in succ if a not in targets]
    reached: set[str] = set()

    def reach(frontier: list[str]) -> None:
        while frontier:
            node = frontier.pop()
            if node not in reached:
                reached.add(node)
                frontier.extend(succ.get(node, ()))

    reach(list(starts))
    for a in succ:
        if a not in reached:
            starts.append(a)
            reach([a])
    out: list[list[str]] = []
    for s in starts:
        stack = [[s]]
        while stack and len(out) < limit:
            path = stack.pop()
            nxt = [t for t in succ.get(path[-1], []) if t not in path]
            if not nxt:
                if len(path) > 1:
                    out.append(path)
                continue
            stack.extend(path + [t] for t in reversed(nxt))
    return out


def ladders(rel: RespondentRelations) -> list[list[str]]:
    """The respondent's ladders: maximal chains of direct links (:func:`maximal_paths`), bottom up;
    at most :data:`MAX_LADDERS_PER_RESPONDENT`."""
    return maximal_paths(rel.direct, MAX_LADDERS_PER_RESPONDENT)


def ladder_counts(per_respondent: dict[str, list[list[str]]], level_of: dict[str, int],
                  relations: list[RespondentRelations]) -> dict:
    """Summary counts: ``respondents``, ``ladders``, ``ladders_per_respondent`` (mean), ``mean_ladder_length``
    (codes per ladder), ``links`` (direct code links over respondents), ``links_across_levels`` (those
    joining codes of different levels) and ``links_skipping_levels`` (those spanning more than one level)."""
    n = len(per_respondent)
    all_ladders = [lad for lads in per_respondent.values() for lad in lads]
    links = [p for r in relations for p in r.direct]
    across = [p for p in links if level_of.get(p[0]) != level_of.get(p[1])]
    skipping = [p for p in links if abs(level_of.get(p[0], 0) - level_of.get(p[1], 0)) > 1]
    return {
        "respondents": n,
        "ladders": len(all_ladders),
        "ladders_per_respondent": len(all_ladders) / n if n else 0.0,
        "mean_ladder_length": sum(map(len, all_ladders)) / len(all_ladders) if all_ladders else 0.0,
        "links": len(links),
        "links_across_levels": len(across),
        "links_skipping_levels": len(skipping),
    }
