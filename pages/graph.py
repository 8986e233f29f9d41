"""Graph: the interview's knowledge graph (surface or canonical), its legend, and node details."""

from __future__ import annotations

import streamlit as st

from interview_core.viz import graph_view as gv
from interview_core.viz.slot_view import decision_rows
from interview_core.viz.escaping import markdown_literal
from pages import shared
from pages.graph_canvas import graph_canvas

shared.ensure_navigation()

st.title("Graph")
held = shared.require_session()
session = held.session
shared.mode_badges(session)
shared.session_caption(session)


@st.cache_data(show_spinner=False, max_entries=16)
def page_html(session_id: str, turn: int, view: str, color_by: str, size_by: str, _snapshot: tuple) -> str:
    """The vis.js page for one turn and set of options (keyed on the session, turn and options)."""
    nodes, edges, exhausted, focus_id, type_order = _snapshot
    return gv.graph_html(nodes, edges, color_by=color_by, size_by=size_by, exhausted=exhausted, focus_id=focus_id,
                         type_order=type_order, height_px=640)


committed = session.committed_graph()
surface, canonical, engine_state, turn = committed.surface, committed.canonical, committed.engine_state, committed.turn

c1, c2, c3 = st.columns(3)
view = c1.segmented_control("View", gv.VIEWS, default="surface", key="g_view",
                            help="surface: the respondent's own concepts; canonical: paraphrases merged into slots")
color_by = c2.segmented_control("Colour by", gv.COLOR_BY, default="type", key="g_colour",
                                format_func=lambda x: {"type": "node type", "cluster": "Louvain cluster"}[x])
size_by = c3.segmented_control("Size by", gv.SIZE_BY, default="support", key="g_size",
                               format_func=lambda x: {"support": "mentions", "degree": "links"}[x])
view, color_by, size_by = view or "surface", color_by or "type", size_by or "support"

if view == "canonical" and not canonical.get("slots"):
    st.info(f"No canonical graph yet ({session.canonical_status or 'de-duplication has not produced slots'}).")
    st.stop()

nodes, edges = gv.view_elements(surface, canonical, view)
if not nodes:
    st.info("The graph is empty: answer a question on the Interview page first.")
    st.stop()

last = shared.turn_results(session)[-1] if session.turn_number else None
focus_id = last.focus.id if last is not None and last.focus.kind == "node" else None
exhausted = gv.exhausted_ids(engine_state)
if view == "canonical":  # mark slots through their surface members
    mapping = canonical.get("mapping") or {}
    focus_id = mapping.get(focus_id) if focus_id else None
    exhausted = {s for n, s in mapping.items() if n in exhausted}

if view == "canonical":  # why labels share a slot: the offline matcher's merges and the model's verdicts
    rows = decision_rows([d for r in shared.turn_results(session) for d in r.slot_decisions])
    with st.expander(f"Slot decisions ({len(rows)})"):
        st.caption("Who decided each merge: the offline matcher, or the model when a provider is configured "
                   "(one batched call every few turns; the offline opposite guard always wins).")
        if rows:
            st.dataframe(rows, hide_index=True, width="stretch")
        else:
            st.caption("No merges or model verdicts yet.")

m1, m2, m3, m4 = st.columns(4)
m1.metric("Nodes", len(nodes))
m2.metric("Links", len(edges))
m3.metric("Exhausted", len(exhausted & {n.id for n in nodes}))
m4.metric("Turn", turn)

type_order = session.methodology.node_type_names
html_page = page_html(session.session_id, turn, view, color_by, size_by,
                      (nodes, edges, frozenset(exhausted), focus_id, type_order))
clicked = graph_canvas(html_page, height=700, key="g_canvas")
st.caption("Drag to move, scroll to zoom; click a node to see its details below.")

st.subheader("Node details")
choices = gv.node_choices(nodes)  # display name -> node, most mentioned first
if clicked:
    st.session_state["g_node"] = next((name for name, n in choices.items() if n.id == clicked), None)
choice = st.selectbox("Node", list(choices), key="g_node")
if choice in choices:
    d = gv.node_details(choices[choice], session.transcript())
    st.markdown(f"**Type** {markdown_literal(d['node_type'])} · **mentions** {d['support']}"
                + (f" · **slot** {markdown_literal(d['status'])}" if d["status"] else ""))
    st.markdown("**Quotes**")
    for q in d["quotes"]:
        st.text(f"\u201c{q}\u201d")
    st.markdown("**Utterances it came from**")
    st.dataframe([{"turn": u["turn"], "utterance": u["id"], "text": u["text"]} for u in d["utterances"]],
                 hide_index=True, width="stretch")
