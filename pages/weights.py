"""Weights: edit the session's weights in a form or as YAML, see what a turn would have chosen, apply or
save them. Every change applied to a running session is recorded (turn, who, differences).

The editor text is validated by the configuration loader on every change; invalid text never replaces
the active configuration. Applying takes effect from the next turn; saving writes a new, versioned file
and never overwrites one without an explicit confirmation.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pandas as pd
import streamlit as st
import yaml

from interview_core.config.diff import config_diff, describe_change
from interview_core.config.errors import ConfigError, Problem
from interview_core.config.loader import read_yaml
from interview_core.viz import weights_form as wf
from interview_core.viz import whatif
from pages import shared

shared.ensure_navigation()


@st.cache_data(show_spinner=False, max_entries=16)
def methodology_then(yaml_text: str, file_name: str):
    """The methodology that scored a turn (parsed once per text)."""
    model, errors, _warnings = whatif.validate_methodology_text(yaml_text, file_name)
    if model is None:  # a stored configuration that no longer validates (the loader changed since)
        raise ConfigError([Problem(file_name, "", "; ".join(errors))])
    return model


def analyst_identity() -> str:
    """Who applies a change: the signed-in account's e-mail, else how the analyst got in."""
    if getattr(st.user, "is_logged_in", False) and st.user.get("email"):
        return str(st.user.get("email"))
    return "analyst (password)" if st.session_state.get("analyst_signed_in") else "analyst (local)"


def weights_form(text: str, text_key: str, file_name: str) -> None:
    """The strategy x signal grid and the phase table over ``text``; an edit rewrites the YAML text
    (without its comments) and reruns."""
    try:
        data = read_yaml(Path(file_name), text)
    except ConfigError:
        st.info("Fix the YAML on the right first; the form shows its weights once it parses.")
        return
    digest = hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]
    names = wf.strategy_names(data)
    grid = st.data_editor(
        pd.DataFrame(wf.weight_rows(data), columns=["signal", "level", *names]), key=f"w_grid_{digest}",
        num_rows="dynamic", hide_index=True, width="stretch", height=380,
        column_config={"signal": st.column_config.TextColumn("signal", pinned=True, width="medium"),
                       "level": st.column_config.TextColumn("level", pinned=True, width="small"),
                       **{n: st.column_config.NumberColumn(n, step=0.05, format="%.2f") for n in names}})
    st.markdown("**Phases**: multiplier (empty = 1) and bonus (empty = 0) per strategy")
    phases = st.data_editor(pd.DataFrame(wf.phase_rows(data)), key=f"w_phases_{digest}", hide_index=True,
                            width="stretch", disabled=["strategy"],
                            column_config={"strategy": st.column_config.TextColumn("strategy", pinned=True)})
    edited = wf.with_edits(data, grid.to_dict("records"), phases.to_dict("records"))
    if config_diff(data, edited):
        st.session_state[text_key] = yaml.safe_dump(edited, sort_keys=False, allow_unicode=True, width=110)
        st.rerun()
    st.caption("Editing here rewrites the YAML on the right (its comments are dropped); the loader checks it "
               "the same way.")

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

form_col, yaml_col = st.columns([3, 2], gap="medium")
with form_col:
    st.markdown("**Weights** (edit a cell; an empty cell removes that weight)")
    weights_form(st.session_state[text_key], text_key, file_name)
with yaml_col:
    text = st.text_area(f"Methodology `{file_name}` (YAML)", key=text_key, height=560,
                        help="Validated as you edit (press Ctrl+Enter or leave the box to check).")
model, errors, warnings = whatif.validate_methodology_text(text, file_name)
with yaml_col:
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
    then = methodology_then(session.methodology_yaml_at(turn), file_name)
    ranked_then, ranked_now = session.rerank_ranking(stored, then), session.rerank_ranking(stored, model)
    result = whatif.compare_rankings(ranked_then.alternatives, ranked_now.alternatives)
    c1, c2 = st.columns(2)
    with c1.container(border=True):
        st.caption(f"Winner at turn {turn} (the weights then in force)")
        st.text(whatif.pair_text(result.winner_before))
    with c2.container(border=True):
        st.caption("Winner with the edited weights")
        st.text(whatif.pair_text(result.winner_after))
    if result.winner_changed:
        st.warning("**The winner changes** under the edited weights.", icon=":material/swap_vert:")
    else:
        st.info("The winner stays the same.", icon=":material/check:")
    moved = result.moved
    st.caption(f"{ranked_then.total_pairs} (strategy, focus) pairs scored at this turn; {len(moved)} of the best "
               f"{len(result.rows)} under either weighting change rank.")
    st.dataframe(moved if st.toggle("Only pairs that move", value=True, key="w_only_moved") else result.rows,
                 hide_index=True, width="stretch", key="w_moves",
                 column_config={k: st.column_config.Column(v) for k, v in whatif.WHATIF_HEADERS.items()})

changes = session.weight_changes()
if changes:
    st.subheader("Weight changes applied to this session")
    st.dataframe([{"from turn": c["after_turn"] + 1, "by": c["changed_by"], "when (UTC)": c["created_at"][:19],
                   "changes": "; ".join(describe_change(d) for d in c["diff"]) or "(no difference)"}
                  for c in changes], hide_index=True, width="stretch", key="w_changes",
                 column_config={"changes": st.column_config.TextColumn("changes", width="large")})

st.subheader("Use the edited weights")
a, b = st.columns(2)
with a:
    st.markdown("**Apply to this session** (from the next turn)")
    unchanged = text == session.row["methodology_yaml"]
    if st.button("Apply to the running session", key="w_apply", disabled=unchanged or session.finished, type="primary"):
        try:
            with held.lock:
                session.apply_methodology(text, file_name, changed_by=analyst_identity())
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
