"""Weights: edit the session's methodology YAML, see what a turn would have chosen, apply or save it.

The editor text is validated by the configuration loader on every change; invalid text never replaces
the active configuration. Applying takes effect from the next turn; saving writes a new, versioned file
and never overwrites one without an explicit confirmation.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from interview_core.config.errors import ConfigError
from interview_core.viz import whatif
from interview_core.viz.escaping import markdown_literal
from pages import shared

shared.ensure_navigation()

st.title("Weights")
held = shared.require_session()
session = held.session
shared.mode_badges(session)
shared.session_caption(session)

name = session.methodology.name
file_name = f"{name}.yaml"
text_key = f"w_text_{session.session_id}"
if text_key not in st.session_state:
    st.session_state[text_key] = session.row["methodology_yaml"]

left, right = st.columns([3, 2])
with left:
    text = st.text_area(f"Methodology `{file_name}` (YAML)", key=text_key, height=520,
                        help="Validated as you edit (press Ctrl+Enter or leave the box to check).")
model, errors, warnings = whatif.validate_methodology_text(text, file_name)
with right:
    st.markdown("**Validation**")
    if errors:
        st.error("The YAML is invalid; the active configuration is unchanged.\n\n" + "\n\n".join(f"- `{e}`" for e in errors),
                 icon=":material/error:")
    else:
        st.success("Valid methodology." + (" (unchanged)" if text == session.row["methodology_yaml"] else " (edited)"),
                   icon=":material/check_circle:")
    for w in warnings:
        st.warning(w)
    if st.button("Reset to the active configuration", key="w_reset"):
        del st.session_state[text_key]
        st.rerun()

if model is None:
    st.stop()

st.subheader("What if")
history = shared.scoring_history(session)
replayable = [t for t, row in history.items() if (row.get("signals") or {}).get("selection")]
if not history:
    st.info("No turn has been scored yet: answer a question first, then test edited weights on it.")
elif not replayable:
    st.info("The turns of this session were stored without their full signal set, so they cannot be re-ranked.")
else:
    turn = st.selectbox("Turn to re-rank", sorted(replayable, reverse=True), key="w_turn")
    stored = history[turn]["signals"]["selection"]
    before = session.rerank(stored)
    after = session.rerank(stored, model)
    result = whatif.compare_rankings(before, after)
    c1, c2 = st.columns(2)
    # metric values are Markdown and the winner names a node label: shown literally
    c1.metric("Winner with the active weights", markdown_literal(" \u2192 ".join(result.winner_before or ("-",))))
    c2.metric("Winner with the edited weights", markdown_literal(" \u2192 ".join(result.winner_after or ("-",))))
    if result.winner_changed:
        st.warning("**The winner changes** under the edited weights.", icon=":material/swap_vert:")
    else:
        st.info("The winner stays the same.", icon=":material/check:")
    moved = result.moved
    st.caption(f"{len(moved)} of {len(result.rows)} pairs change rank (movement: ranks gained).")
    st.dataframe(moved if st.toggle("Only pairs that move", value=True, key="w_only_moved") else result.rows,
                 hide_index=True, width="stretch", key="w_moves")

st.subheader("Use the edited weights")
a, b = st.columns(2)
with a:
    st.markdown("**Apply to this session** (from the next turn)")
    unchanged = text == session.row["methodology_yaml"]
    if st.button("Apply to the running session", key="w_apply", disabled=unchanged or session.finished, type="primary"):
        try:
            with held.lock:
                session.apply_methodology(text, file_name)
        except ConfigError as exc:
            st.error("\n\n".join(str(p) for p in exc.problems))
        else:
            st.toast("Applied: the next turn is scored with the edited weights.")
            st.rerun()
with b:
    st.markdown("**Save as a new methodology file**")
    folder = Path(shared.settings().config_dir) / "methodologies"
    existing = {p.name for p in folder.glob("*.y*ml")} if folder.is_dir() else set()
    new_name = st.text_input("File name", value=whatif.versioned_name(name, existing), key="w_file")
    name_problem = whatif.methodology_file_problem(new_name)
    bad_name = name_problem is not None
    if bad_name:
        st.error(name_problem)
    exists = not bad_name and (folder / new_name).exists()
    confirm = st.checkbox(f"Overwrite the existing {new_name}", key="w_overwrite") if exists and not bad_name else True
    if exists and not bad_name and not confirm:
        st.warning(f"{new_name} already exists; tick the box to overwrite it.")
    if st.button("Save file", key="w_save", disabled=bad_name or not confirm):
        folder.mkdir(parents=True, exist_ok=True)
        (folder / new_name).write_text(text, encoding="utf-8")
        shared.config_names.clear()
        st.success(f"Saved {folder / new_name}.")
