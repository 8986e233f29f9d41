"""The hierarchical value map as a Plotly figure for the Study page.

Codes are markers with their label on the row of their level; each link is a line whose width is the
link's width, with an invisible marker at its middle whose hover text gives the count and the quotes
behind the link (respondent text escaped through :func:`~interview_core.viz.escaping.tooltip`).
"""

from __future__ import annotations

import plotly.graph_objects as go

from interview_core.study.hvm import HvmMap
from interview_core.study.render import short_label

from .escaping import escape_label, tooltip

LINK_COLOUR = "rgba(84, 112, 198, 0.65)"


def hvm_figure(hvm: HvmMap, height_per_level: int = 110) -> go.Figure:
    """The map with levels as y (0 = bottom) and each code's x in (0, 1)."""
    pos = {n.code: (n.x, n.level) for n in hvm.nodes}
    fig = go.Figure()
    names = {n.code: n.label for n in hvm.nodes}
    mid_x, mid_y, mid_text = [], [], []
    by_width: dict[float, tuple[list, list]] = {}  # one trace per line width (rounded): few traces for many links
    for lk in hvm.links:
        (x1, y1), (x2, y2) = pos[lk.source], pos[lk.target]
        xs, ys = by_width.setdefault(round(lk.width * 2) / 2, ([], []))
        xs.extend([x1, x2, None])
        ys.extend([y1, y2, None])
        mid_x.append((x1 + x2) / 2)
        mid_y.append((y1 + y2) / 2)
        mid_text.append(tooltip(f"{names[lk.source]} → {names[lk.target]}",
                                [("respondents (direct)", lk.count), ("indirect", lk.indirect)],
                                [f"{r}: {q}" for r, q in lk.quotes], max_quotes=5))
    for width, (xs, ys) in sorted(by_width.items()):
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", hoverinfo="skip", showlegend=False,
                                 line={"width": width, "color": LINK_COLOUR}))
    if hvm.links:
        fig.add_trace(go.Scatter(x=mid_x, y=mid_y, mode="markers", hovertext=mid_text, hoverinfo="text",
                                 marker={"size": 12, "color": "rgba(0,0,0,0)"}, showlegend=False, name="links"))
    # neighbours in a row alternate their label above and below, so long labels overlap less
    rank = {n.code: sorted((m.x for m in hvm.nodes if m.level == n.level)).index(n.x) for n in hvm.nodes}
    fig.add_trace(go.Scatter(
        x=[n.x for n in hvm.nodes], y=[n.level for n in hvm.nodes], mode="markers+text", showlegend=False,
        text=[escape_label(short_label(n.label, 22)) for n in hvm.nodes], name="codes",
        textposition=["top center" if rank[n.code] % 2 == 0 else "bottom center" for n in hvm.nodes],
        hovertext=[tooltip(n.label, [("node type", n.node_type), ("respondents", n.respondents)]) for n in hvm.nodes],
        hoverinfo="text", marker={"size": [10 + min(n.respondents, 30) for n in hvm.nodes], "color": "#33415c"}))
    fig.update_layout(
        height=max(320, height_per_level * len(hvm.levels)), margin={"l": 10, "r": 10, "t": 10, "b": 10},
        plot_bgcolor="white", hoverlabel={"align": "left"},
        xaxis={"visible": False, "range": [-0.02, 1.02]},
        yaxis={"tickmode": "array", "tickvals": list(range(len(hvm.levels))), "ticktext": hvm.levels,
               "range": [-0.5, len(hvm.levels) - 0.4], "showgrid": True, "gridcolor": "#eef0f4", "zeroline": False})
    return fig

