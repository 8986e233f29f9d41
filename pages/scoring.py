"""Scoring: why a (strategy, focus) pair won a turn, every alternative, the signals, and the timeline."""

from __future__ import annotations

import html

import streamlit as st

from interview_core.viz import scoring_view as sv
from interview_core.viz.escaping import markdown_literal
from pages import shared

shared.ensure_navigation()

st.title("Scoring")
held = shared.require_session()
session = held.session
shared.mode_badges(session)
shared.session_caption(session)

results = shared.turn_results(session)
if not results:
    st.info("No turn has been scored yet: answer a question on the Interview page first.")
    st.stop()

by_turn = {r.turn_number: r for r in results}
turns = sorted(by_turn)
turn = st.select_slider("Turn", options=turns, value=turns[-1], key="s_turn") if len(turns) > 1 else turns[0]
result = by_turn[turn]
alternatives = result.strategy_alternatives
win = sv.winner_index(alternatives)

c1, c2, c3 = st.columns(3)
c1.metric("Strategy", result.strategy_selected or "-")
c2.metric("Phase", result.phase or "-")
c3.metric("Score", sv.plain(result.scoring.score))
st.text(f"Focus: {sv.focus_label(result.focus)}")  # as text, and wrapped: long labels are not cut
tie = sv.tie_break_note(alternatives, [s.name for s in session.methodology.strategies])
if tie:
    st.info(markdown_literal(tie), icon=":material/balance:")  # names node labels: literal
if result.strategy_selected == "scripted":
    st.caption("This session follows the scripted baseline: the adaptive ranking below was computed but not used.")

st.subheader("All alternatives")
st.caption("Best first; click a column header to sort. Vetoed pairs keep their score but cannot win.")
rows = sv.alternatives_rows(alternatives)
st.dataframe(rows, hide_index=True, width="stretch", key="s_alts",
             column_config={"rank": st.column_config.NumberColumn("rank", width="small"),
                            "winner": st.column_config.CheckboxColumn("won", width="small"),
                            "strategy": st.column_config.TextColumn("strategy", width="medium"),
                            "focus": st.column_config.TextColumn("focus", width="large"),
                            "vetoed": st.column_config.CheckboxColumn("vetoed", width="small"),
                            "veto_reason": st.column_config.TextColumn("veto reason", width="large")})

st.subheader("Contribution breakdown")
labels = [f"#{r['rank']} {r['strategy']} \u2192 {r['focus']}" + (" (vetoed)" if r["vetoed"] else "") for r in rows]
other = st.selectbox("Compare with", ["(none)", *[lbl for i, lbl in enumerate(labels) if i != win]], key="s_other")
left, right = st.columns(2) if other != "(none)" else (st.container(), None)
if win is not None:
    left.plotly_chart(sv.contribution_figure(alternatives[win], title=f"Winner<br>{html.escape(labels[win])}"), key="s_fig_win")
if right is not None:
    chosen = alternatives[labels.index(other)]
    right.plotly_chart(sv.contribution_figure(chosen, title=f"Compared<br>{html.escape(other)}"), key="s_fig_other")
    a = sv.as_dict(chosen)
    if a.get("vetoed"):
        right.warning(f"Vetoed by **{markdown_literal(a.get('veto'))}**: {markdown_literal(a.get('veto_reason'))}")

st.subheader("Signals of this turn")
signals = result.signals
focus = result.focus
sig_rows = sv.signal_rows(signals.global_, "global")
if signals.node:
    sig_rows += sv.signal_rows(signals.node, f"node: {focus.label or focus.id}")
if signals.element:
    sig_rows += sv.signal_rows(signals.element, f"element: {focus.label or focus.id}")
st.dataframe(sig_rows, hide_index=True, width="stretch", key="s_signals",
             column_config={"description": st.column_config.TextColumn("description", width="large")})
if signals.detector_errors:
    st.warning("Signal detectors that failed this turn: " + "; ".join(map(str, signals.detector_errors)))

st.subheader("Timeline")
timeline = sv.timeline_rows(results)
st.plotly_chart(sv.timeline_figure(timeline), key="s_timeline")
with st.expander("Timeline table"):
    st.dataframe(timeline, hide_index=True, width="stretch")
