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

import json
import math
import re
from dataclasses import dataclass, field

import networkx as nx

from ..graph.clusters import louvain_partition, undirected_adjacency
from .escaping import escape_label, tooltip

# Colour-blind-friendly categorical palette (Okabe-Ito without its pale yellow, then darker extras):
# every colour has at least 2.2:1 contrast against the white canvas.
PALETTE = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#7F7F7F", "#8C564B",
           "#17BECF", "#A6761D", "#9467BD", "#6A3D9A"]
LABEL_FONT_PX = 16
MIN_SCALE = 0.8  # the first view never zooms out below this: labels stay at 16 x 0.8 = 12.8 px or more
CLUSTER_NAME_CHARS = 40
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
        names = cluster_names(nodes, edges)
        part = clusters(nodes, edges)
        key_of = {n.id: names[part[n.id]] for n in nodes}
        order = [names[c] for c in sorted(names)]
    return key_of, {k: PALETTE[i % len(PALETTE)] for i, k in enumerate(order)}


def cluster_names(nodes: list[ViewNode], edges: list[ViewEdge]) -> dict[int, str]:
    """Louvain cluster index -> a name: the label of its most central node (most links inside the
    cluster, then most mentions, then alphabetical), cut to 40 characters; a repeated name gets ``(2)``."""
    part = clusters(nodes, edges)
    inner = {n.id: 0 for n in nodes}
    for e in edges:
        if e.source != e.target and part.get(e.source) == part.get(e.target):
            inner[e.source] += 1
            inner[e.target] += 1
    names: dict[int, str] = {}
    for c in sorted(set(part.values())):
        members = [n for n in nodes if part[n.id] == c]
        central = min(members, key=lambda n: (-inner[n.id], -n.support, n.label.casefold(), n.id))
        label = " ".join(central.label.split()) or central.id
        name = label if len(label) <= CLUSTER_NAME_CHARS else label[: CLUSTER_NAME_CHARS - 1] + "\u2026"
        k = 2
        base = name
        while name in names.values():
            name, k = f"{base} ({k})", k + 1
        names[c] = name
    return names


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
# otherwise print the entities); ``data-drawn`` tells tests the canvas has been painted. After the layout
# settles the view is fitted but never below MIN_SCALE (centred on the current focus when there is one),
# so labels stay legible. A click on a node tells the page around this frame which node (its id only);
# the PNG and SVG buttons save the picture (the SVG is drawn from the node positions, texts set as text).
_POST_SCRIPT = """
<script type="text/javascript">
(function () {
  var MIN_SCALE = __MIN_SCALE__, FOCUS = __FOCUS__;
  function el(html) { var d = document.createElement('div'); d.className = 'iv-tip'; d.innerHTML = html; return d; }
  function convert(ds) {
    var items = ds.get().filter(function (x) { return typeof x.title === 'string'; });
    ds.update(items.map(function (x) { return {id: x.id, title: el(x.title)}; }));
  }
  convert(nodes); convert(edges);
  var settled = false;
  function settle() {
    if (settled) { return; }
    settled = true;
    network.setOptions({physics: {enabled: false}});  // the layout stays where it settled
    network.fit({animation: false});
    var scale = network.getScale();
    if (scale < MIN_SCALE) {
      var at = FOCUS && network.getPositions([FOCUS])[FOCUS];
      network.moveTo(at ? {position: at, scale: MIN_SCALE} : {scale: MIN_SCALE});
    }
    document.body.setAttribute('data-scale', network.getScale().toFixed(3));
  }
  network.once('stabilizationIterationsDone', settle);
  network.once('stabilized', settle);
  setTimeout(settle, 2500);
  network.once('afterDrawing', function () { document.body.setAttribute('data-drawn', '1'); });
  network.on('click', function (params) {
    if (params.nodes.length) { window.parent.postMessage({ivGraphNode: String(params.nodes[0])}, '*'); }
  });
  function save(name, url) {
    var a = document.createElement('a'); a.href = url; a.download = name;
    document.body.appendChild(a); a.click(); a.remove();
  }
  document.getElementById('iv-png').onclick = function () {
    var src = document.querySelector('#mynetwork canvas');
    var out = document.createElement('canvas'); out.width = src.width; out.height = src.height;
    var ctx = out.getContext('2d'); ctx.fillStyle = '#ffffff'; ctx.fillRect(0, 0, out.width, out.height);
    ctx.drawImage(src, 0, 0);
    save('interview-graph.png', out.toDataURL('image/png'));
  };
  document.getElementById('iv-svg').onclick = function () {
    var ns = 'http://www.w3.org/2000/svg', pos = network.getPositions(), pad = 60;
    var xs = [], ys = [];
    nodes.get().forEach(function (n) { var p = pos[n.id]; if (p) { xs.push(p.x); ys.push(p.y); } });
    var x0 = Math.min.apply(null, xs) - pad - 80, y0 = Math.min.apply(null, ys) - pad;
    var w = Math.max.apply(null, xs) - x0 + pad + 80, h = Math.max.apply(null, ys) - y0 + pad + 30;
    var svg = document.createElementNS(ns, 'svg');
    svg.setAttribute('xmlns', ns); svg.setAttribute('viewBox', [x0, y0, w, h].join(' '));
    svg.setAttribute('width', Math.round(w)); svg.setAttribute('height', Math.round(h));
    function add(parent, tag, attrs, text) {
      var e = document.createElementNS(ns, tag);
      Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
      if (text !== undefined) { e.textContent = text; }
      parent.appendChild(e); return e;
    }
    add(svg, 'rect', {x: x0, y: y0, width: w, height: h, fill: '#ffffff'});
    var defs = add(svg, 'defs', {});
    var m = add(defs, 'marker', {id: 'arrow', viewBox: '0 0 10 10', refX: 10, refY: 5, markerWidth: 6, markerHeight: 6, orient: 'auto'});
    add(m, 'path', {d: 'M0,0 L10,5 L0,10 z', fill: '#999999'});
    var size = {};
    nodes.get().forEach(function (n) { size[n.id] = n.size || 10; });
    edges.get().forEach(function (e) {
      var a = pos[e.from], b = pos[e.to]; if (!a || !b) { return; }
      var dx = b.x - a.x, dy = b.y - a.y, d = Math.sqrt(dx * dx + dy * dy) || 1, r = size[e.to] + 2;
      add(svg, 'line', {x1: a.x, y1: a.y, x2: b.x - dx / d * r, y2: b.y - dy / d * r, stroke: '#999999',
                        'stroke-width': e.width || 1, 'marker-end': 'url(#arrow)'});
    });
    nodes.get().forEach(function (n) {
      var p = pos[n.id]; if (!p) { return; }
      var c = n.color || {};
      add(svg, 'circle', {cx: p.x, cy: p.y, r: n.size || 10, fill: c.background || '#888888', stroke: c.border || '#444444',
                          'stroke-width': n.borderWidth || 1});
      add(svg, 'text', {x: p.x, y: p.y + (n.size || 10) + 16, 'text-anchor': 'middle', 'font-family': 'sans-serif',
                        'font-size': __FONT__, fill: '#1a1a1a', stroke: '#ffffff', 'stroke-width': 3, 'paint-order': 'stroke'},
          n.plain_label || '');
    });
    var blob = new Blob([new XMLSerializer().serializeToString(svg)], {type: 'image/svg+xml'});
    save('interview-graph.svg', URL.createObjectURL(blob));
  };
  network.redraw();
})();
</script>
"""

_LEGEND_CSS = """
<style>
body {margin:0;}
.iv-bar {display:flex; justify-content:space-between; align-items:flex-start; gap:12px; padding:2px 4px 6px;
  font:13px sans-serif; color:#222;}
.iv-legend {display:flex; flex-wrap:wrap; gap:4px 16px;}
.iv-legend span.sw {display:inline-block; width:12px; height:12px; border-radius:50%; margin-right:5px;
  vertical-align:middle;}
.iv-legend span.ring {background:#fff; border:3px solid;}
.iv-legend span.dash {background:#fff; border:2px dashed;}
.iv-tools {white-space:nowrap;}
.iv-tools button {font:12px sans-serif; margin-left:6px; padding:3px 9px; border:1px solid #bbb; border-radius:5px;
  background:#fafafa; cursor:pointer;}
.iv-tip {max-width:340px; white-space:normal; font:12px sans-serif;}
.card {border:none !important;}
#mynetwork {border:1px solid #e3e3e3 !important; border-radius:6px; box-sizing:border-box;}
</style>
"""


def legend_html(entries: list[LegendEntry]) -> str:
    """The legend and the download buttons as a bar above the canvas (never over it)."""
    import html as _html

    rows = []
    for e in entries:
        cls = {"focus": "sw ring", "exhausted": "sw dash"}.get(e.kind, "sw")
        style = f"border-color:{e.colour}" if e.kind in ("focus", "exhausted") else f"background:{e.colour}"
        rows.append(f'<div><span class="{cls}" style="{style}"></span>{_html.escape(e.label)}</div>')
    tools = ('<div class="iv-tools"><button id="iv-png" type="button">Download PNG</button>'
             '<button id="iv-svg" type="button">Download SVG</button></div>')
    return f'<div class="iv-bar"><div class="iv-legend" id="iv-legend">{"".join(rows)}</div>{tools}</div>'


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
                     size=node_size(value) * (1.25 if is_focus else 1.0), shape="dot", plain_label=n.label,
                     font={"multi": "html", "size": LABEL_FONT_PX, "color": "#1a1a1a", "strokeWidth": 4,
                           "strokeColor": "#ffffff"},
                     widthConstraint={"maximum": 170}, **opts)
    for e in edges:
        title = tooltip(f"{labels.get(e.source, e.source)} \u2192 {labels.get(e.target, e.target)}",
                        [("relation", e.relation_type)] + ([("support", e.support)] if e.support > 1 else []),
                        [e.quote] if e.quote else [])
        net.add_edge(e.source, e.target, title=title, label=escape_label(e.relation_type),
                     font={"multi": "html", "size": 11, "color": "#555555", "strokeWidth": 3, "strokeColor": "#ffffff"},
                     width=min(1 + e.support, 6))
    net.set_options("""{
      "physics": {"solver": "barnesHut", "barnesHut": {"gravitationalConstant": -3500, "springLength": 110,
                                                           "avoidOverlap": 0.4},
                  "stabilization": {"enabled": true, "iterations": 250, "fit": true}},
      "edges": {"arrows": {"to": {"enabled": true, "scaleFactor": 0.5}}, "smooth": {"type": "continuous"}},
      "interaction": {"hover": true, "tooltipDelay": 120}
    }""")
    page = strip_remote_resources(net.generate_html(notebook=False))
    legend_entries = legend(colours, size_by, focus_id in labels, bool(exhausted & set(labels)))
    page = page.replace("</head>", _LEGEND_CSS + "</head>", 1)
    page = page.replace('<div id="mynetwork"', legend_html(legend_entries) + '<div id="mynetwork"', 1)
    script = (_POST_SCRIPT.replace("__MIN_SCALE__", repr(MIN_SCALE)).replace("__FONT__", str(LABEL_FONT_PX))
              .replace("__FOCUS__", json.dumps(focus_id if focus_id in labels else None).replace("<", "\\u003c")))
    return page.replace("</body>", script + "</body>", 1)


def node_choices(nodes: list[ViewNode]) -> dict[str, ViewNode]:
    """``"label (type)"`` -> node, most mentioned first; a name shared by two nodes gets the id appended."""
    ordered = sorted(nodes, key=lambda n: (-n.support, n.label, n.id))
    counts: dict[str, int] = {}
    for n in ordered:
        counts[f"{n.label} ({n.node_type})"] = counts.get(f"{n.label} ({n.node_type})", 0) + 1
    out = {}
    for n in ordered:
        name = f"{n.label} ({n.node_type})"
        out[name if counts[name] == 1 else f"{name} [{n.id}]"] = n
    return out


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
