"""Study: the interviews of a study together: codebook editor, implication matrix, value map, chains,
ladders, counts and the exports. The analysis lives in interview_core.study; this page only draws it."""

from __future__ import annotations

import functools

import streamlit as st
from pydantic import ValidationError

from interview_core.config.errors import ConfigError
from interview_core.study import service
from interview_core.session import LanguageNotAvailable
from interview_core.study.codebook import CodebookEdit, EditError
from interview_core.study.exports import FORMATS, export_filename, export_study
from interview_core.study.hvm import max_cutoff
from interview_core.study.model import Study
from interview_core.viz.escaping import markdown_literal
from interview_core.viz.hvm_view import hvm_figure
from pages import shared

shared.ensure_navigation()

st.title("Study")
shared.mode_badges()
repo = shared.repo()


@st.cache_resource(show_spinner=False)
def matcher():
    return service.study_matcher(shared.settings())


@st.cache_resource(show_spinner="Building the study codebook...", max_entries=8)
def base_analysis(database: str, study_id: str, members: tuple):
    """The analysis without edits; its automatic codebook is what every edited state reuses.
    ``members`` ((session id, updated_at) pairs) is part of the key: a changed interview rebuilds it."""
    return service.analyse(shared.repository(database), study_id, matcher=matcher())


@st.cache_resource(show_spinner=False, max_entries=32)
def edited_analysis(database: str, study_id: str, members: tuple, edits: tuple):
    base = base_analysis(database, study_id, members)
    if not edits:
        return base
    return service.analyse(shared.repository(database), study_id, base=base.base_codebook)


def deferred(fmt: str, cutoff: int = 1):
    """The export built only when its download button is clicked (no cost on a rerun); pure library
    code, since Streamlit runs it outside the script."""
    return functools.partial(export_study, analysis, study, fmt, cutoff)


with st.expander("New study", expanded=not repo.list_studies()):
    with st.form("y_new"):
        name = st.text_input("Name", key="y_name")
        concepts = shared.config_names("concepts")
        concept = st.selectbox("Concept", concepts, key="y_concept")
        methodology = st.selectbox("Methodology", ["(the concept's)", *shared.config_names("methodologies")], key="y_method")
        consent = st.text_area("Consent text shown to respondents", key="y_consent")
        c1, c2 = st.columns(2)
        language = c1.text_input("Language (e.g. en, de, pt-BR)", value="en", key="y_language")
        max_turns = c2.number_input("Turn budget", 1, 200, 20, key="y_turns")
        if st.form_submit_button("Create study", type="primary"):
            try:
                row = service.create_study(repo, Study(
                    name=name, concept=concept, methodology=None if methodology.startswith("(") else methodology,
                    consent_text=consent, language=language, max_turns=int(max_turns)))
                st.session_state["y_study"] = row["study_id"]
                st.toast(f"Created study {row['name']}.")
            except ValidationError as exc:
                st.error("; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()))
            except (ConfigError, ValueError) as exc:
                st.error(str(exc))

studies = repo.list_studies()
if not studies:
    st.info("No studies yet: create one above.")
    st.stop()
ids = [s["study_id"] for s in studies]
if st.session_state.get("y_study") not in ids:
    st.session_state["y_study"] = ids[0]
study_id = st.selectbox("Study", ids, key="y_study",
                        format_func=lambda i: next(f"{s['name']} · {s['concept_id']} · {s['sessions']} interviews"
                                                   for s in studies if s["study_id"] == i))
study = repo.get_study(study_id)
definition = study["definition"]
st.caption(f"{study['concept_id']} · {study['methodology_name']} · language {study['language']} · "
           f"turn budget {study['max_turns']}")
if definition.get("consent_text"):
    st.caption("Consent text:")
    st.text(definition["consent_text"])

c1, c2 = st.columns(2)
with c1:
    if st.button("Start an interview in this study", key="y_start"):
        try:
            session = service.start_session(repo, study_id, db_path=shared.settings().database, settings=shared.settings())
        except LanguageNotAvailable as exc:
            st.error(str(exc))
        else:
            shared.adopt(session)
            st.switch_page("pages/interview.py")
with c2:
    members_now = {r["session_id"] for r in repo.study_sessions(study_id)}
    candidates = [r["session_id"] for r in repo.list_sessions()
                  if r["concept_id"] == study["concept_id"] and r["session_id"] not in members_now]
    chosen = st.multiselect("Add existing interviews", candidates, key="y_add_pick")
    if st.button("Add to study", key="y_add", disabled=not chosen):
        for sid in chosen:
            service.add_session(repo, study_id, sid)
        st.session_state.pop("y_add_pick", None)
        st.rerun()

rows = repo.study_sessions(study_id)
if not rows:
    st.info("No interviews in this study yet: start one or add existing interviews.")
    st.stop()
members = tuple((r["session_id"], r["updated_at"]) for r in rows)
edit_rows = repo.codebook_edits(study_id)
edits = tuple(e["seq"] for e in edit_rows)
database = shared.settings().database
analysis = edited_analysis(database, study_id, members, edits)
labels = analysis.labels

st.subheader("Interviews")
st.dataframe([{"respondent": iv.respondent, "session": iv.session_id, "status": iv.status, "turns": iv.turns,
               "date": iv.created_at[:19].replace("T", " "), "codes": len({analysis.codebook.code_of(iv.session_id, n["id"]) for n in iv.nodes}),
               "ladders": len(analysis.ladders[iv.respondent])} for iv in analysis.interviews],
             hide_index=True, width="stretch", key="y_interviews")
c = analysis.counts
m1, m2, m3, m4, m5 = st.columns(5)
m1.metric("Interviews", c["interviews"])
m2.metric("Codes", c["codes"])
m3.metric("Ladders per respondent", f"{c['ladders_per_respondent']:.2f}")
m4.metric("Mean ladder length", f"{c['mean_ladder_length']:.2f}")
m5.metric("Links across levels", f"{c['links_across_levels']} of {c['links']}")

tab_codes, tab_map, tab_matrix, tab_chains, tab_ladders, tab_export = st.tabs(
    ["Codebook", "Value map", "Implication matrix", "Chains", "Ladders", "Export"])

with tab_codes:
    for i, reason in analysis.skipped_edits:
        st.warning(f"Edit {i + 1} no longer applies: {markdown_literal(reason)}")  # names codes: literal
    order = analysis.code_order
    st.dataframe([{"code": labels[cid], "node type": analysis.codebook.codes[cid].node_type,
                   "respondents": len(analysis.codebook.codes[cid].respondents()),
                   "labels": "; ".join(analysis.codebook.codes[cid].labels)} for cid in order],
                 hide_index=True, width="stretch", key="y_codes")
    fmt_code = lambda cid: f"{labels[cid]} ({analysis.codebook.codes[cid].node_type})"  # noqa: E731

    def record(edit: CodebookEdit) -> None:
        try:
            service.record_edit(repo, study_id, analysis, edit)
            st.toast("Codebook updated.")
        except EditError as exc:
            st.error(str(exc))

    e1, e2, e3 = st.columns(3)
    with e1:
        st.markdown("**Rename**")
        code = st.selectbox("Code", order, format_func=fmt_code, key="y_rename_code")
        new = st.text_input("New name", key="y_rename_label")
        if st.button("Rename", key="y_rename"):
            record(CodebookEdit(op="rename", code=code, label=new))
            st.rerun()
    with e2:
        st.markdown("**Merge**")
        into = st.selectbox("Keep", order, format_func=fmt_code, key="y_merge_into")
        others = st.multiselect("Merge into it", [x for x in order if x != into], format_func=fmt_code, key="y_merge_codes")
        if st.button("Merge", key="y_merge", disabled=not others):
            record(CodebookEdit(op="merge", code=into, codes=others))
            st.rerun()
    with e3:
        st.markdown("**Split**")
        splittable = [x for x in order if len(analysis.codebook.codes[x].labels) > 1]
        source = st.selectbox("Code with several labels", splittable, format_func=fmt_code, key="y_split_code")
        moving = st.multiselect("Labels to move", analysis.codebook.codes[source].labels if source else [],
                                key="y_split_labels")
        split_name = st.text_input("New code's name", key="y_split_label")
        if st.button("Split", key="y_split", disabled=not (source and moving)):
            record(CodebookEdit(op="split", code=source, labels=moving, label=split_name))
            st.rerun()
    u1, u2, _ = st.columns([1, 1, 4])
    if u1.button("Undo last edit", key="y_undo", disabled=not edit_rows):
        repo.undo_codebook_edit(study_id)
        st.rerun()
    if u2.button("Redo", key="y_redo", disabled=len(repo.codebook_edits(study_id, include_undone=True)) == len(edit_rows)):
        repo.redo_codebook_edit(study_id)
        st.rerun()
    if edit_rows:
        st.text("Edits, oldest first: " + " · ".join(
            f"{e['edit']['op']} {e['edit'].get('label') or ''}".strip() for e in edit_rows))

top = max_cutoff(analysis.matrix)
with tab_map:
    default = min(2 if len(analysis.interviews) > 1 else 1, top)
    cutoff = st.slider("Cut-off (respondents per link)", 1, max(top, 2), default, key="y_cutoff") if top >= 1 else 1
    hvm = analysis.hvm(cutoff)
    st.metric("Share of relations kept", f"{hvm.share_kept:.0%}",
              help=f"{hvm.kept_relations} of {hvm.total_relations} respondent-links at or above cut-off {cutoff}")
    st.plotly_chart(hvm_figure(hvm), key="y_map", config={"displaylogo": False})
    d1, d2, d3 = st.columns(3)
    for col, fmt, label in ((d1, "png", "PNG"), (d2, "svg", "SVG"), (d3, "graphml", "GraphML")):
        col.download_button(f"Map as {label}", data=deferred(fmt, cutoff),
                            file_name=export_filename(study, fmt, cutoff), mime=FORMATS[fmt][1], key=f"y_dl_{fmt}",
                            on_click="ignore")

with tab_matrix:
    st.caption("Cells read direct.indirect: respondents who linked the row code to the column code directly, "
               "and those who linked them only through other codes (each respondent counted once per pair).")
    st.dataframe(analysis.matrix.rows(labels), hide_index=True, width="stretch", key="y_matrix")
    st.download_button("Implication matrix CSV", data=deferred("matrix"), file_name=export_filename(study, "matrix"),
                       mime="text/csv", key="y_dl_matrix", on_click="ignore")

with tab_chains:
    n = st.number_input("Chains to list", 1, 50, 10, key="y_chain_n")
    st.dataframe([{"respondents": ch.respondents, "chain": analysis.chain_text(ch), "weakest link": ch.min_link}
                  for ch in analysis.chains(st.session_state.get("y_cutoff", 1), int(n))],
                 hide_index=True, width="stretch", key="y_chains")

with tab_ladders:
    st.dataframe([{"respondent": r, "ladder": i, "length": len(lad), "codes": " > ".join(labels[x] for x in lad)}
                  for r, lads in analysis.ladders.items() for i, lad in enumerate(lads, start=1)],
                 hide_index=True, width="stretch", key="y_ladders")
    st.download_button("Ladders CSV", data=deferred("ladders"), file_name=export_filename(study, "ladders"),
                       mime="text/csv", key="y_dl_ladders", on_click="ignore")

with tab_export:
    st.caption("REFI-QDA opens in NVivo, ATLAS.ti, MAXQDA and QualCoder: one transcript per interview, codes "
               "grouped by node type, every quote coded at its exact position, respondents as cases, the "
               "interviewer's reasons as notes.")
    x1, x2 = st.columns(2)
    x1.download_button("REFI-QDA project (.qdpx)", data=deferred("qdpx"),
                       file_name=export_filename(study, "qdpx"), mime=FORMATS["qdpx"][1], key="y_dl_qdpx",
                       on_click="ignore", type="primary")
    x2.download_button("REFI-QDA codebook (.qdc)", data=deferred("qdc"),
                       file_name=export_filename(study, "qdc"), mime=FORMATS["qdc"][1], key="y_dl_qdc",
                       on_click="ignore")
