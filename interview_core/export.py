"""Session exports: JSON (every TurnResult), Markdown transcript, CSV of nodes and edges, GraphML.

Each function takes the session id and a Repository and returns the file content (text or bytes), so the
CLI writes it to disk and the dashboard offers it as a download.
"""

from __future__ import annotations

import csv
import io
import json

import networkx as nx

from .config.diff import describe_change

from .plain_words import termination
from .provenance import describe

FORMATS = ("json", "markdown", "csv", "graphml")
EXTENSIONS = {"json": "json", "markdown": "md", "csv": "csv", "graphml": "graphml"}


def export_json(repo, session_id: str) -> str:
    row = repo.get_session(session_id)
    payload = {
        "session": {k: v for k, v in row.items() if k not in ("methodology_yaml", "concept_yaml", "respondent_token")},
        "transcript": repo.list_utterances(session_id),
        "turn_results": repo.turn_results(session_id),
        "weight_changes": repo.weight_changes(session_id),
        "cost": repo.session_cost(session_id),
    }
    return json.dumps(payload, indent=2, ensure_ascii=False)


def export_markdown(repo, session_id: str) -> str:
    row = repo.get_session(session_id)
    results = {r["turn_number"]: r for r in repo.turn_results(session_id)}
    lines = [
        f"# Interview {session_id}",
        "",
        f"- Concept: {row['concept_id']}",
        f"- Methodology: {row['methodology_name']}",
        f"- Started: {row['created_at']}",
        f"- Status: {row['status']}" + (f" ({row['termination_reason']}: {termination(row['termination_reason'])})"
                                         if row.get("termination_reason") else ""),
        "",
        "## Transcript",
        "",
    ]
    for u in repo.list_utterances(session_id):
        who = "Interviewer" if u["speaker"] == "interviewer" else describe(u.get("source"), u.get("source_detail"))
        text = u["text"].replace("\n", "  \n> ")
        lines.append(f"**{who}** (turn {u['turn']}, `{u['id']}`):")
        lines.append(f"> {text}")
        result = results.get(u["turn"]) if u["speaker"] == "interviewer" and u["turn"] > 0 else None
        if result:
            focus = (result.get("focus") or {}).get("label") or "-"
            lines.append(f"*strategy: {result.get('strategy_selected')} / focus: {focus} / phase: {result.get('phase')}*")
        lines.append("")
    changes = repo.weight_changes(session_id)
    if changes:
        lines += ["## Weight changes", ""]
        for c in changes:
            lines.append(f"- from turn {c['after_turn'] + 1}, by {c['changed_by']} ({c['created_at'][:19]}):")
            lines += [f"  - `{describe_change(d)}`" for d in c["diff"]] or ["  - (no difference)"]
        lines.append("")
    return "\n".join(lines)


def answer_sources(repo, session_id: str):
    """A function from utterance ids to the sorted, distinct provenance sources of those answers
    (``respondent``, ``researcher``, ``simulated``; ``unrecorded`` for answers stored before provenance)."""
    by_id = {u["id"]: u.get("source") or "unrecorded" for u in repo.list_utterances(session_id)}

    def sources(ids) -> str:
        return ";".join(sorted({by_id[i] for i in ids if i in by_id}))
    return sources


def export_csv(repo, session_id: str) -> str:
    """Nodes then edges in one CSV, with a ``kind`` column; quotes, utterance ids and the provenance of those
    utterances (``answer_sources``) kept for traceability."""
    out = io.StringIO()
    writer = csv.writer(out)
    sources = answer_sources(repo, session_id)
    writer.writerow(["kind", "id", "label_or_relation", "node_type", "source", "target", "stance", "element_id",
                     "created_turn", "utterance_ids", "quotes", "answer_sources"])
    for n in repo.list_nodes(session_id):
        ids = n.get("utterance_ids") or []
        writer.writerow(["node", n["id"], n["label"], n["node_type"], "", "", n.get("stance"), n.get("element_id") or "",
                         n.get("created_turn"), ";".join(ids), " | ".join(n.get("quotes") or []), sources(ids)])
    for e in repo.list_edges(session_id):
        ids = [e["utterance_id"]] if e.get("utterance_id") else []
        writer.writerow(["edge", e["id"], e["relation_type"], "", e["source"], e["target"], "", "", e.get("created_turn"),
                         e.get("utterance_id") or "", e.get("quote") or "", sources(ids)])
    return out.getvalue()


def surface_graph(repo, session_id: str) -> nx.MultiDiGraph:
    g = nx.MultiDiGraph(name=f"surface:{session_id}")
    sources = answer_sources(repo, session_id)
    for n in repo.list_nodes(session_id):
        g.add_node(n["id"], label=n["label"], node_type=n["node_type"], stance=int(n.get("stance") or 0),
                   element_id=n.get("element_id") or "", quotes=" | ".join(n.get("quotes") or []),
                   utterance_ids=";".join(n.get("utterance_ids") or []), graph="surface",
                   answer_sources=sources(n.get("utterance_ids") or []))
    for e in repo.list_edges(session_id):
        g.add_edge(e["source"], e["target"], key=e["id"], relation_type=e["relation_type"], quote=e.get("quote") or "",
                   utterance_id=e.get("utterance_id") or "",
                   answer_sources=sources([e["utterance_id"]] if e.get("utterance_id") else []))
    return g


def canonical_graph(repo, session_id: str) -> nx.MultiDiGraph:
    data = repo.canonical(session_id)
    g = nx.MultiDiGraph(name=f"canonical:{session_id}")
    for s in data.get("slots", []):
        g.add_node(f"slot:{s['id']}", label=s.get("label", ""), node_type=s.get("node_type", ""),
                   status=s.get("status", ""), support=int(s.get("support") or 0), graph="canonical")
    for e in data.get("edges", []):
        g.add_edge(f"slot:{e['source']}", f"slot:{e['target']}", relation_type=e.get("relation_type", ""),
                   support=int(e.get("support") or 0))
    for surface_id, slot_id in (data.get("mapping") or {}).items():
        g.add_node(f"surface:{surface_id}", graph="surface_ref")
        g.add_edge(f"surface:{surface_id}", f"slot:{slot_id}", relation_type="maps_to", support=1)
    return g


def export_graphml(repo, session_id: str) -> str:
    """Both graphs in one GraphML document: surface nodes, canonical slots and the surface-to-slot mapping."""
    combined = nx.MultiDiGraph(name=f"interview:{session_id}")
    surface = surface_graph(repo, session_id)
    combined.add_nodes_from((f"surface:{n}", d) for n, d in surface.nodes(data=True))
    combined.add_edges_from((f"surface:{s}", f"surface:{t}", d) for s, t, d in surface.edges(data=True))
    canon = canonical_graph(repo, session_id)
    for n, d in canon.nodes(data=True):
        if n not in combined:
            combined.add_node(n, **d)
    combined.add_edges_from(canon.edges(data=True))
    return "\n".join(nx.generate_graphml(combined))


def export(repo, session_id: str, fmt: str) -> str:
    if fmt not in FORMATS:
        raise ValueError(f"unknown format '{fmt}' (use one of {', '.join(FORMATS)})")
    return {"json": export_json, "markdown": export_markdown, "csv": export_csv, "graphml": export_graphml}[fmt](repo, session_id)
