"""Flat exports of a study: implication-matrix CSV, ladders CSV and the HVM as GraphML."""

from __future__ import annotations

import csv
import io

import networkx as nx

from .analysis import StudyAnalysis
from .hvm import HvmMap


def matrix_csv(analysis: StudyAnalysis) -> str:
    """One row per (from, to) code pair with any relation: labels, node types, ``direct``, ``indirect``
    and ``total`` respondents, strongest first."""
    m = analysis.matrix
    book = analysis.codebook
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["from_code", "from_type", "to_code", "to_type", "direct", "indirect", "total"])
    for a, b in sorted(set(m.direct) | set(m.indirect), key=lambda p: (-m.direct[p], -m.total(p), m.codes.index(p[0]), m.codes.index(p[1]))):
        w.writerow([book.codes[a].label, book.codes[a].node_type, book.codes[b].label, book.codes[b].node_type,
                    m.direct[(a, b)], m.indirect[(a, b)], m.total((a, b))])
    return buf.getvalue()


def ladders_csv(analysis: StudyAnalysis) -> str:
    """``respondent, session_id, ladder, length, codes`` with codes bottom to top joined by `` > ``."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["respondent", "session_id", "ladder", "length", "codes"])
    for iv in analysis.interviews:
        for i, ladder in enumerate(analysis.ladders[iv.respondent], start=1):
            w.writerow([iv.respondent, iv.session_id, i, len(ladder), " > ".join(analysis.labels[c] for c in ladder)])
    return buf.getvalue()


def hvm_graph(hvm: HvmMap) -> nx.DiGraph:
    """The map as a networkx graph: node ``label``, ``node_type``, ``level``, ``x``, ``respondents``;
    edge ``count`` (direct respondents), ``indirect``, ``width``."""
    g = nx.DiGraph(cutoff=hvm.cutoff, share_kept=hvm.share_kept)
    for n in hvm.nodes:
        g.add_node(n.code, label=n.label, node_type=n.node_type, level=n.level, x=n.x, respondents=n.respondents)
    for lk in hvm.links:
        g.add_edge(lk.source, lk.target, count=lk.count, indirect=lk.indirect, width=lk.width)
    return g


def hvm_graphml(hvm: HvmMap) -> str:
    return "\n".join(nx.generate_graphml(hvm_graph(hvm))) + "\n"
