"""Tables and plotly figures for the scoring page: alternatives, contribution breakdown, signals, timeline.

Alternatives are dicts shaped like :class:`interview_core.scoring.models.Alternative` dumps (as stored in
``TurnResult.strategy_alternatives`` and the repository's scoring history); model instances are accepted
too. Scores are the engine's unbounded sums: ``final = base x multiplier + bonus``.
"""

from __future__ import annotations

import plotly.graph_objects as go

from ..vocabulary import catalogue
from .escaping import plotly_literal


def as_dict(alt) -> dict:
    """An Alternative model or dict as a plain dict."""
    return alt.model_dump(mode="json") if hasattr(alt, "model_dump") else dict(alt)


def focus_label(focus) -> str:
    """``label (kind)`` for a node or element focus (a FocusRef or its dict); ``-`` for none."""
    focus = as_dict(focus) if focus else {}
    if focus.get("kind") in (None, "none"):
        return "-"
    return f"{focus.get('label') or focus.get('id')} ({focus.get('kind')})"


def pair_key(alt) -> tuple[str, str, str | None]:
    """Identity of a (strategy, focus) pair across rankings: strategy, focus kind, focus id."""
    a = as_dict(alt)
    f = a.get("focus") or {}
    return a["strategy"], f.get("kind") or "none", f.get("id")


def winner_index(alternatives: list) -> int | None:
    """Index of the best non-vetoed alternative (the list is best first), else 0, else None when empty."""
    for i, a in enumerate(alternatives):
        if not as_dict(a).get("vetoed"):
            return i
    return 0 if alternatives else None


def alternatives_rows(alternatives: list) -> list[dict]:
    """One row per alternative, best first: rank (1-based), strategy, focus, base, multiplier, bonus, final,
    vetoed, veto reason, and whether it won."""
    win = winner_index(alternatives)
    rows = []
    for i, alt in enumerate(alternatives):
        a = as_dict(alt)
        rows.append({
            "rank": i + 1, "winner": i == win, "strategy": a["strategy"], "focus": focus_label(a.get("focus")),
            "base": round(float(a.get("base") or 0.0), 4), "multiplier": float(a.get("multiplier") or 0.0),
            "bonus": float(a.get("bonus") or 0.0), "final": round(float(a.get("final") or 0.0), 4),
            "vetoed": bool(a.get("vetoed")),
            "veto_reason": (f"{a.get('veto')}: {a.get('veto_reason')}" if a.get("vetoed") else ""),
        })
    return rows


def contribution_rows(alt) -> list[dict]:
    """The breakdown of one alternative: each weight key (signal, level, raw value, weight, contribution),
    then the phase multiplier's effect (base x (multiplier - 1)) and the phase bonus. The rows sum to
    ``final``."""
    a = as_dict(alt)
    rows = [{"item": c["key"], "signal": c["signal"], "level": c.get("level") or "(value)", "value": _fmt(c.get("value")),
             "weight": float(c["weight"]), "contribution": float(c["contribution"])}
            for c in a.get("contributions") or []]
    base, mult, bonus = float(a.get("base") or 0.0), float(a.get("multiplier") or 1.0), float(a.get("bonus") or 0.0)
    rows.append({"item": f"phase multiplier x{mult:g}", "signal": "phase", "level": "multiplier", "value": f"{mult:g}",
                 "weight": mult, "contribution": base * (mult - 1.0)})
    rows.append({"item": "phase bonus", "signal": "phase", "level": "bonus", "value": f"{bonus:g}", "weight": bonus,
                 "contribution": bonus})
    return rows


def _level(spec, value) -> str | None:
    """The catalogue level of a value, or None when it has none (missing, unknown signal, or a
    per-strategy mapping such as ``temporal.strategy_repetition_count``)."""
    if spec is None or value is None or isinstance(value, (dict, list)):
        return None
    return catalogue.level_of(spec, value)


def _fmt(value) -> str:
    if value is None:
        return "absent"
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_fmt(v)}" for k, v in value.items()) or "{}"
    if isinstance(value, float):
        return f"{value:.3g}"
    return str(value)


def signed(value: float, places: int = 3) -> str:
    """``+0.250`` / ``-0.500``; a value that rounds to zero is ``0.000`` (never ``-0.000``)."""
    rounded = round(float(value), places)
    return f"{0.0:.{places}f}" if rounded == 0 else f"{rounded:+.{places}f}"


def plain(value: float, places: int = 3) -> str:
    """``1.070``; never ``-0.000``."""
    rounded = round(float(value), places)
    return f"{(0.0 if rounded == 0 else rounded):.{places}f}"


def waterfall_range(contributions: list[float], final: float, pad: float = 0.35) -> tuple[float, float]:
    """The x range of a waterfall: every running total, 0 and ``final``, widened by ``pad`` of the span
    on each side (at least 0.25) so the value printed beyond a bar's end stays inside the plot."""
    running, points = 0.0, [0.0, final]
    for c in contributions:
        running += c
        points.append(running)
    lo, hi = min(points), max(points)
    margin = max(0.25, pad * (hi - lo))
    return lo - margin, hi + margin


def contribution_figure(alt, title: str | None = None) -> go.Figure:
    """A waterfall from 0 to ``final``: one bar per weight key (signal and level), the phase multiplier's
    effect, the phase bonus, and the total. Values are printed beside the bars inside a padded range
    (never cut), zero as ``0.000``; long item names get the margin they need."""
    a = as_dict(alt)
    rows = contribution_rows(a)
    final = float(a.get("final") or 0.0)
    fig = go.Figure(go.Waterfall(
        orientation="h",
        measure=["relative"] * len(rows) + ["total"],
        y=[plotly_literal(r["item"]) for r in rows] + ["final"],
        x=[r["contribution"] for r in rows] + [final],
        text=[signed(r["contribution"]) for r in rows] + [plain(final)],
        textposition="outside", cliponaxis=False,
        hovertext=[plotly_literal(f"{r['signal']} = {r['value']} (weight {r['weight']:g})") for r in rows] + ["final score"],
        hoverinfo="text",
        increasing={"marker": {"color": "#2ca02c"}}, decreasing={"marker": {"color": "#d62728"}},
        totals={"marker": {"color": "#2f6f8f"}},
    ))
    fig.update_layout(
        title={"text": title or plotly_literal(f"{a['strategy']} on {focus_label(a.get('focus'))}"), "font": {"size": 15}},
        height=max(260, 34 * (len(rows) + 1) + 90), margin={"l": 10, "r": 30, "t": 50, "b": 30},
        yaxis={"autorange": "reversed", "automargin": True},
        xaxis={"range": list(waterfall_range([r["contribution"] for r in rows], final)), "zeroline": True},
        showlegend=False,
    )
    return fig


def tie_break_note(alternatives: list, strategy_order: list[str]) -> str | None:
    """Why the winner beat the runner-up when their scores print the same (3 decimals), else None.

    The ranking sorts by final score and keeps, on an exact tie, the methodology's strategy order, then
    the order in which focus candidates were considered (``ranking._rank``: a stable sort)."""
    win = winner_index(alternatives)
    if win is None:
        return None
    w = as_dict(alternatives[win])
    runner = next((as_dict(a) for i, a in enumerate(alternatives) if i != win and not as_dict(a).get("vetoed")), None)
    if runner is None:
        return None
    fw, fr = float(w.get("final") or 0.0), float(runner.get("final") or 0.0)
    if plain(fw) != plain(fr):
        return None
    who = f"{w['strategy']} \u2192 {focus_label(w.get('focus'))}"
    other = f"{runner['strategy']} \u2192 {focus_label(runner.get('focus'))}"
    if fw != fr:
        return (f"{who} and {other} both show {plain(fw)}, but {who} is ahead by {abs(fw - fr):.2g} "
                "(beyond the third decimal).")
    if w["strategy"] != runner["strategy"]:
        order = {s: i for i, s in enumerate(strategy_order)}
        first = min((w["strategy"], runner["strategy"]), key=lambda s: order.get(s, len(order)))
        return (f"Tie at {plain(fw)} between {who} and {other}: on equal scores the methodology's strategy "
                f"order decides, and {first} is listed first.")
    return (f"Tie at {plain(fw)} between {who} and {other}: on equal scores within one strategy, the focus "
            "considered first wins (the order in which the candidates were collected).")


def signal_rows(signals: dict, scope: str) -> list[dict]:
    """Rows ``{scope, signal, value, level, description}`` for a ``{name: value}`` signal dict, by name."""
    rows = []
    for name in sorted(signals):
        spec = catalogue.CATALOGUE.get(name)
        value = signals[name]
        level = _level(spec, value)
        rows.append({"scope": scope, "signal": name, "value": _fmt(value), "level": level or "",
                     "description": catalogue.describe(name)})
    return rows


def timeline_rows(turn_results: list) -> list[dict]:
    """Per turn (TurnResults): strategy, focus, phase, node count, max depth and coverage ratio (0-1)."""
    rows = []
    for r in turn_results:
        graph = r.graph_state
        glob = r.signals.global_
        coverage = r.coverage.get("ratio", glob.get("coverage.ratio"))
        rows.append({
            "turn": r.turn_number, "strategy": r.strategy_selected, "focus": focus_label(r.focus),
            "phase": r.phase,
            "node_count": graph.get("node_count", glob.get("graph.node_count")),
            "max_depth": graph.get("max_depth", glob.get("graph.max_depth")),
            "coverage": coverage,
        })
    return rows


PHASE_COLOURS = {"early": "#9ecae1", "mid": "#fdae6b", "late": "#a1d99b"}
PHASE_OPACITY = 0.25
COVERAGE_TICKS = [0, 25, 50, 75, 100]


def timeline_figure(rows: list[dict]) -> go.Figure:
    """Node count and max depth (left axis), coverage in % (right axis) across turns; the strategy of each
    turn is printed on the node-count line and the phase shades the background."""
    turns = [r["turn"] for r in rows]
    fig = go.Figure()
    fig.add_trace(go.Scatter(x=turns, y=[r["node_count"] for r in rows], name="nodes", mode="lines+markers+text",
                             text=[r["strategy"] or "" for r in rows], textposition="top center"))
    fig.add_trace(go.Scatter(x=turns, y=[r["max_depth"] for r in rows], name="max depth", mode="lines+markers"))
    fig.add_trace(go.Scatter(x=turns, y=[None if r["coverage"] is None else 100 * float(r["coverage"]) for r in rows],
                             name="coverage %", mode="lines+markers", yaxis="y2", line={"dash": "dot"}))
    # One shape per turn, passed as plain dicts: fig.add_vrect validates each call and costs ~15 ms apiece.
    shapes = [{"type": "rect", "xref": "x", "yref": "paper", "x0": r["turn"] - 0.5, "x1": r["turn"] + 0.5, "y0": 0,
               "y1": 1, "fillcolor": PHASE_COLOURS[r["phase"]], "opacity": PHASE_OPACITY, "line": {"width": 0},
               "layer": "below"}
              for r in rows if r["phase"] in PHASE_COLOURS and r["turn"] is not None]
    for phase in [p for p in PHASE_COLOURS if any(r["phase"] == p for r in rows)]:  # legend entries for the shading
        fig.add_trace(go.Scatter(x=[None], y=[None], mode="markers", name=f"phase: {phase}", hoverinfo="skip",
                                 marker={"symbol": "square", "size": 14, "color": PHASE_COLOURS[phase],
                                         "opacity": min(1.0, PHASE_OPACITY * 2.4)}))
    fig.update_layout(
        shapes=shapes,
        height=380, margin={"l": 10, "r": 10, "t": 40, "b": 30}, title="Across turns",
        xaxis={"title": "turn", "dtick": 1}, yaxis={"title": "count", "rangemode": "tozero"},
        yaxis2={"title": "coverage", "overlaying": "y", "side": "right", "range": [0, 104], "tickmode": "array",
                "tickvals": COVERAGE_TICKS, "ticktext": [f"{t}%" for t in COVERAGE_TICKS], "showgrid": False},
        legend={"orientation": "h", "y": -0.22},
    )
    return fig
