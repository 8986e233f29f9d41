"""The interview graph as a self-contained vis.js page (pyvis), plus node details and a legend.

Input is plain data: surface nodes/edges as the repository or ``KnowledgeGraph.to_dict`` give them,
or the canonical graph (``{"slots", "edges", "mapping"}``). :func:`view_elements` turns either into
one neutral shape; :func:`graph_html` draws it.

Safety: the page is rendered in an iframe that can run scripts, so nothing from the respondent is
trusted. Labels and tooltips go through :mod:`.escaping`; tooltip strings become DOM elements in our own
script, never through vis.js's string handling; every remote ``<script src>``/``<link href>`` pyvis
emits is stripped, so the page makes no network request (vis.js is inlined by ``cdn_resources="in_line"``).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

import networkx as nx

from ..graph.clusters import louvain_partition, undirected_adjacency
from .escaping import escape_label, tooltip

# Colour-blind-friendly categorical palette (Okabe-Ito, then Tableau extras).
PALETTE = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#7F7F7F",
           "#8C564B", "#17BECF", "#BCBD22", "#9467BD"]
FOCUS_COLOUR = "#d62728"
EXHAUSTED_BORDER = "#555555"
COLOR_BY = ("type", "cluster")
SIZE_BY = ("support", "degree")
VIEWS = ("surface", "canonical")
MIN_SIZE, SIZE_STEP, MAX_SIZE = 10.0, 6.0, 46.0

_REMOTE = re.compile(
    r"<script\b[^>]*\bsrc\s*=[^>]*>\s*</script>|<link\b[^>]*\bhref\s*=[^>]*>",
    re.IGNORECASE | re.DOTALL,
)


@dataclass
class ViewNode:
    """One drawable node: a surface node or a canonical slot. ``support``: mentions (utterance ids of a
    surface node, slot support of a slot); ``members``: surface node ids (a slot's, or the node itself)."""

    id: str
    label: str
    node_type: str
    support: int
    quotes: list[str] = field(default_factory=list)
    utterance_ids: list[str] = field(default_factory=list)
    members: list[str] = field(default_factory=list)
    status: str | None = None


@dataclass
class ViewEdge:
    source: str
    target: str
    relation_type: str
    quote: str = ""
    support: int = 1


def view_elements(surface: dict, canonical: dict | None = None, view: str = "surface") -> tuple[list[ViewNode], list[ViewEdge]]:
    """Nodes and edges of the chosen ``view``. ``surface``: ``{"nodes", "edges"}``; ``canonical``:
    ``{"slots", "edges", "mapping"}`` (slots take their quotes and utterances from their surface members)."""
    if view not in VIEWS:
        raise ValueError(f"unknown view '{view}' (use one of {', '.join(VIEWS)})")
    s_nodes = {n["id"]: n for n in surface.get("nodes", [])}
    if view == "surface":
        nodes = [ViewNode(id=n["id"], label=n.get("label", ""), node_type=n.get("node_type", ""),
                          support=max(1, len(n.get("utterance_ids") or [])), quotes=list(n.get("quotes") or []),
                          utterance_ids=list(n.get("utterance_ids") or []), members=[n["id"]])
                 for n in s_nodes.values()]
        edges = [ViewEdge(e["source"], e["target"], e.get("relation_type", ""), e.get("quote") or "")
                 for e in surface.get("edges", []) if e["source"] in s_nodes and e["target"] in s_nodes]
        return nodes, edges
    canonical = canonical or {}
    members: dict[str, list[str]] = {}
    for surface_id, slot_id in (canonical.get("mapping") or {}).items():
        members.setdefault(slot_id, []).append(surface_id)
    nodes = []
    for slot in canonical.get("slots") or []:
        ids = sorted(members.get(slot["id"], []) or slot.get("surface_ids") or [])
        quotes = [q for sid in ids for q in (s_nodes.get(sid, {}).get("quotes") or [])]
        utts = list(dict.fromkeys(u for sid in ids for u in (s_nodes.get(sid, {}).get("utterance_ids") or [])))
        nodes.append(ViewNode(id=slot["id"], label=slot.get("label", ""), node_type=slot.get("node_type", ""),
                              support=int(slot.get("support") or len(ids) or 1), quotes=quotes, utterance_ids=utts,
                              members=ids, status=slot.get("status")))
    known = {n.id for n in nodes}
    edges = [ViewEdge(e["source"], e["target"], e.get("relation_type", ""), "", int(e.get("support") or 1))
             for e in canonical.get("edges") or [] if e["source"] in known and e["target"] in known]
    return nodes, edges


def degrees(nodes: list[ViewNode], edges: list[ViewEdge]) -> dict[str, int]:
    """Links touching each node, in and out (a self-loop counts twice, as in networkx)."""
    deg = {n.id: 0 for n in nodes}
    for e in edges:
        deg[e.source] = deg.get(e.source, 0) + 1
        deg[e.target] = deg.get(e.target, 0) + 1
    return deg


def clusters(nodes: list[ViewNode], edges: list[ViewEdge]) -> dict[str, int]:
    """Louvain cluster index per node (the engine's partition function, fixed seed)."""
    g = nx.MultiDiGraph()
    g.add_nodes_from(n.id for n in nodes)
    g.add_edges_from((e.source, e.target) for e in edges)
    return louvain_partition(undirected_adjacency(g))


def node_size(value: int) -> float:
    """Radius for a support or degree value: 10 + 6 x sqrt(value), capped at 46 (area grows ~ linearly)."""
    return min(MAX_SIZE, MIN_SIZE + SIZE_STEP * math.sqrt(max(0, value)))


def colour_keys(nodes: list[ViewNode], edges: list[ViewEdge], color_by: str, type_order: list[str] | None = None) -> tuple[dict[str, str], dict[str, str]]:
    """(node id -> legend key, legend key -> colour). Types follow ``type_order`` (the ontology's order)
    then first appearance; clusters are numbered from 1."""
    if color_by not in COLOR_BY:
        raise ValueError(f"unknown colouring '{color_by}' (use one of {', '.join(COLOR_BY)})")
    if color_by == "type":
        key_of = {n.id: n.node_type for n in nodes}
        order = list(dict.fromkeys([*(t for t in (type_order or []) if t in key_of.values()), *key_of.values()]))
    else:
        part = clusters(nodes, edges)
        key_of = {n.id: f"cluster {part[n.id] + 1}" for n in nodes}
        order = sorted(set(key_of.values()), key=lambda k: int(k.split()[1]))
    return key_of, {k: PALETTE[i % len(PALETTE)] for i, k in enumerate(order)}


@dataclass
class LegendEntry:
    label: str
    colour: str
    kind: str = "colour"  # colour | focus | exhausted | size


def legend(colours: dict[str, str], size_by: str, has_focus: bool, has_exhausted: bool) -> list[LegendEntry]:
    out = [LegendEntry(k, c) for k, c in colours.items()]
    if has_focus:
        out.append(LegendEntry("current focus (red ring)", FOCUS_COLOUR, "focus"))
    if has_exhausted:
        out.append(LegendEntry("exhausted (dashed grey ring)", EXHAUSTED_BORDER, "exhausted"))
    out.append(LegendEntry(f"size = {'mentions' if size_by == 'support' else 'links'}", "#bbbbbb", "size"))
    return out


def strip_remote_resources(page: str) -> str:
    """Remove every ``<script src=...></script>`` and ``<link href=...>`` (CDN or relative)."""
    return _REMOTE.sub("", page)


# Runs after pyvis's drawGraph(): tooltips become elements built from our escaped HTML (vis.js would
# otherwise print the entities); ``data-drawn`` tells tests the canvas has been painted.
_POST_SCRIPT = """
<script type="text/javascript">
(function () {
  function el(html) { var d = document.createElement('div'); d.className = 'iv-tip'; d.innerHTML = html; return d; }
  function convert(ds) {
    var items = ds.get().filter(function (x) { return typeof x.title === 'string'; });
    ds.update(items.map(function (x) { return {id: x.id, title: el(x.title)}; }));
  }
  convert(nodes); convert(edges);
  network.once('afterDrawing', function () { document.body.setAttribute('data-drawn', '1'); });
  network.redraw();
})();
</script>
"""

_LEGEND_CSS = """
<style>
.iv-legend {position:absolute; top:8px; left:8px; background:rgba(255,255,255,.92); border:1px solid #ddd;
  border-radius:6px; padding:6px 8px; font:12px sans-serif; z-index:10; max-width:45%;}
.iv-legend span.sw {display:inline-block; width:11px; height:11px; border-radius:50%; margin-right:5px;
  vertical-align:middle;}
.iv-legend span.ring {background:#fff; border:3px solid;}
.iv-legend span.dash {background:#fff; border:2px dashed;}
.iv-tip {max-width:340px; white-space:normal; font:12px sans-serif;}
.card {border:none !important;}
</style>
"""


def legend_html(entries: list[LegendEntry]) -> str:
    import html as _html

    rows = []
    for e in entries:
        cls = {"focus": "sw ring", "exhausted": "sw dash"}.get(e.kind, "sw")
        style = f"border-color:{e.colour}" if e.kind in ("focus", "exhausted") else f"background:{e.colour}"
        rows.append(f'<div><span class="{cls}" style="{style}"></span>{_html.escape(e.label)}</div>')
    return f'<div class="iv-legend" id="iv-legend">{"".join(rows)}</div>'


def graph_html(nodes: list[ViewNode], edges: list[ViewEdge], *, color_by: str = "type", size_by: str = "support",
               exhausted: set[str] | frozenset[str] = frozenset(), focus_id: str | None = None,
               type_order: list[str] | None = None, height_px: int = 620) -> str:
    """A complete HTML page drawing the graph with vis.js inlined and no remote resource.

    ``exhausted``: ids drawn with a dashed grey ring; ``focus_id``: the current focus, drawn larger with a
    red ring; ``color_by``: ``type`` or ``cluster`` (Louvain); ``size_by``: ``support`` (mentions) or
    ``degree`` (links). Labels and tooltips are escaped (see module docstring).
    """
    from pyvis.network import Network

    if size_by not in SIZE_BY:
        raise ValueError(f"unknown sizing '{size_by}' (use one of {', '.join(SIZE_BY)})")
    key_of, colours = colour_keys(nodes, edges, color_by, type_order)
    deg = degrees(nodes, edges)
    net = Network(height=f"{height_px}px", width="100%", directed=True, cdn_resources="in_line", notebook=False)
    labels = {n.id: n.label for n in nodes}
    for n in nodes:
        value = n.support if size_by == "support" else deg.get(n.id, 0)
        is_focus = n.id == focus_id
        is_exhausted = n.id in exhausted
        colour = {"background": colours[key_of[n.id]], "border": colours[key_of[n.id]],
                  "highlight": {"background": colours[key_of[n.id]], "border": "#222222"}}
        opts: dict = {"borderWidth": 1}
        if is_exhausted:
            colour["border"] = EXHAUSTED_BORDER
            opts.update(borderWidth=3, shapeProperties={"borderDashes": [4, 3]}, opacity=0.75)
        if is_focus:
            colour["border"] = FOCUS_COLOUR
            opts.update(borderWidth=5)
        lines = [("type", n.node_type), ("mentions", n.support), ("links", deg.get(n.id, 0))]
        if n.status:
            lines.append(("slot", n.status))
        if is_exhausted:
            lines.append(("state", "exhausted"))
        if is_focus:
            lines.append(("state", "current focus"))
        net.add_node(n.id, label=escape_label(n.label), title=tooltip(n.label, lines, n.quotes), color=colour,
                     size=node_size(value) * (1.25 if is_focus else 1.0), shape="dot",
                     font={"multi": "html", "size": 14}, **opts)
    for e in edges:
        title = tooltip(f"{labels.get(e.source, e.source)} \u2192 {labels.get(e.target, e.target)}",
                        [("relation", e.relation_type)] + ([("support", e.support)] if e.support > 1 else []),
                        [e.quote] if e.quote else [])
        net.add_edge(e.source, e.target, title=title, label=escape_label(e.relation_type),
                     font={"multi": "html", "size": 10, "color": "#666666"}, width=min(1 + e.support, 6))
    net.set_options("""{
      "physics": {"solver": "barnesHut", "barnesHut": {"gravitationalConstant": -4000, "springLength": 120},
                  "stabilization": {"enabled": true, "iterations": 250, "fit": true}},
      "edges": {"arrows": {"to": {"enabled": true, "scaleFactor": 0.5}}, "smooth": {"type": "continuous"}},
      "interaction": {"hover": true, "tooltipDelay": 120}
    }""")
    page = strip_remote_resources(net.generate_html(notebook=False))
    legend_entries = legend(colours, size_by, focus_id in labels, bool(exhausted & set(labels)))
    page = page.replace("</head>", _LEGEND_CSS + "</head>", 1)
    page = page.replace('<div id="mynetwork"', legend_html(legend_entries) + '<div id="mynetwork"', 1)
    return page.replace("</body>", _POST_SCRIPT + "</body>", 1)


def node_details(node: ViewNode, utterances: list[dict]) -> dict:
    """What the details panel shows: label, type, support, quotes, and the utterances the node came from
    (``{"id", "turn", "speaker", "text"}``, in transcript order)."""
    wanted = set(node.utterance_ids)
    return {
        "label": node.label, "node_type": node.node_type, "support": node.support, "status": node.status,
        "members": node.members, "quotes": list(node.quotes),
        "utterances": [{k: u.get(k) for k in ("id", "turn", "speaker", "text")} for u in utterances if u.get("id") in wanted],
    }


def exhausted_ids(engine_state: dict | None) -> set[str]:
    """Exhausted node ids from a stored engine state (``EngineState.to_dict()``); empty when absent."""
    from ..state.node_state import NodeStateTracker

    tracker = (engine_state or {}).get("tracker")
    if not tracker:
        return set()
    return {nid for nid, s in NodeStateTracker.from_dict(tracker).states.items() if s.is_exhausted}
