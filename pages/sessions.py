"""Sessions: every stored interview; resume, delete (after confirmation) and export."""

from __future__ import annotations

import streamlit as st

from interview_core import export
from interview_core.session import delete_session, export_session, list_sessions
from pages import shared

shared.ensure_navigation()

st.title("Sessions")
shared.mode_badges()

rows = list_sessions(settings=shared.settings())
if not rows:
    st.info("No interviews stored yet. Start one on the Interview page.")
    st.stop()

table = [{"session": r["session_id"], "date": (r.get("created_at") or "")[:19].replace("T", " "), "concept": r["concept_id"],
          "methodology": r["methodology_name"], "turns": r["turns"], "status": r["status"],
          "ended because": r.get("termination_reason") or "", "cost (USD)": round(float(r.get("total_cost_usd") or 0), 4)}
         for r in rows]
st.dataframe(table, hide_index=True, width="stretch", key="x_table")

ids = [r["session_id"] for r in rows]
current = st.session_state.get(shared.SESSION_KEY)
sid = st.selectbox("Session", ids, index=ids.index(current) if current in ids else 0, key="x_session",
                   format_func=lambda s: next(f"{t['session']} · {t['date']} · {t['concept']} · {t['turns']} turns"
                                              for t in table if t["session"] == s))

c1, c2 = st.columns(2)
with c1:
    st.markdown("**Resume**")
    if st.button("Resume this session", key="x_resume", type="primary", disabled=sid == current):
        st.session_state[shared.SESSION_KEY] = sid
        shared.live(sid)
        st.switch_page("pages/interview.py")
    if sid == current:
        st.caption("This is the current session.")
with c2:
    st.markdown("**Delete**")
    armed = st.session_state.get("x_confirm_delete") == sid
    if not armed:
        if st.button("Delete this session...", key="x_delete"):
            st.session_state["x_confirm_delete"] = sid
            st.rerun()
    else:
        st.warning(f"Delete session {sid} and everything stored with it? This cannot be undone.")
        y, n = st.columns(2)
        if y.button("Yes, delete", key="x_delete_yes", type="primary"):
            delete_session(sid, settings=shared.settings())
            shared.forget(sid)
            st.session_state.pop("x_confirm_delete", None)
            st.toast(f"Deleted {sid}.")
            st.rerun()
        if n.button("Cancel", key="x_delete_no"):
            st.session_state.pop("x_confirm_delete", None)
            st.rerun()

st.markdown("**Export**")
labels = {"json": "JSON (all turn results)", "markdown": "Markdown transcript", "csv": "CSV of nodes and edges",
          "graphml": "GraphML of both graphs"}
mimes = {"json": "application/json", "markdown": "text/markdown", "csv": "text/csv", "graphml": "application/xml"}


@st.cache_data(show_spinner=False, max_entries=64)
def exported(session_id: str, fmt: str, updated_at: str) -> str:
    """The export of one format (cached until the session changes: ``updated_at`` is part of the key)."""
    return export_session(session_id, fmt, repo=shared.repo())


updated = next(r.get("updated_at") or "" for r in rows if r["session_id"] == sid)
cols = st.columns(len(export.FORMATS))
for col, fmt in zip(cols, export.FORMATS):
    col.download_button(labels[fmt], data=exported(sid, fmt, updated),
                        file_name=f"interview_{sid}.{export.EXTENSIONS[fmt]}", mime=mimes[fmt], key=f"x_dl_{fmt}",
                        on_click="ignore")
