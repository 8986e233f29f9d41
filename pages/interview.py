"""Interview: start a session, converse, watch each turn's decision, or let a simulated respondent answer."""

from __future__ import annotations

import streamlit as st

from interview_core.access import respondent_link
from interview_core.config import registry
from interview_core.config.errors import ConfigError
from interview_core.plain_words import termination
from interview_core.provenance import Provenance, describe
from interview_core.session import (InterviewSession, InvalidAnswer, LanguageNotAvailable, QuestionNotCurrent, SessionDeleted,
                                    SessionFinished)
from interview_core.viz.escaping import markdown_literal
from interview_core.viz.scoring_view import focus_label
from pages import shared

shared.ensure_navigation()

st.title("Interview")


def start_form() -> None:
    concepts = shared.config_names("concepts")
    methods = shared.config_names("methodologies")
    # Outside the form so the description follows the choice.
    concept = st.selectbox("Concept", concepts, index=concepts.index("oat_milk") if "oat_milk" in concepts else 0,
                           key="start_concept")
    described = registry.concept(concept)
    with st.container(border=True):
        st.text(described.name)
        if described.objective:
            st.caption("Objective: " + markdown_literal(described.objective))
        st.text(described.stimulus.strip() or "(no stimulus text)")
        if described.facts.lines():
            st.caption("Study facts: " + markdown_literal(" ".join(described.facts.lines())))
    with st.form("start"):
        c1, c2 = st.columns(2)
        method = c1.selectbox("Methodology", ["(the concept's own)", *methods])
        provider = c2.selectbox("Language provider", shared.PROVIDERS, index=0,
                                help="offline: the embedded offline layer, no key needed. A provider without a key "
                                     "falls back to offline.")
        max_turns = st.number_input("Maximum turns", min_value=1, max_value=100, value=12, step=1)
        if st.form_submit_button("Start interview", type="primary"):
            try:
                with st.spinner("Writing the opening question..."):
                    session = InterviewSession.start(
                        methodology=None if method.startswith("(") else method, concept=concept,
                        max_turns=int(max_turns), settings=shared.settings(),
                        provider=None if provider == "offline" else provider,
                    )
            except ConfigError as exc:
                st.error("\n\n".join(str(p) for p in exc.problems))
                return
            except LanguageNotAvailable as exc:
                st.error(str(exc))
                return
            shared.adopt(session)
            st.rerun()


def turn_caption(result) -> str:
    return (f"Turn {result.turn_number} · phase **{result.phase or '-'}** · strategy "
            f"**{result.strategy_selected or '-'}** · focus **{markdown_literal(focus_label(result.focus))}**")


def conversation(session: InterviewSession) -> None:
    """The transcript as chat messages; after each follow-up question, the decision behind it."""
    results = {r.turn_number: r for r in shared.turn_results(session)}
    for u in session.transcript():
        if u["speaker"] == "interviewer":
            with st.chat_message("assistant", avatar=":material/forum:"):
                st.text(u["text"])
                if u["turn"] in results:
                    st.caption(turn_caption(results[u["turn"]]))
        else:
            simulated = u.get("source") == "simulated"
            with st.chat_message("user", avatar=":material/smart_toy:" if simulated else ":material/person:"):
                st.text(u["text"])
                st.caption(describe(u.get("source"), u.get("source_detail")))


def answer(held: shared.LiveSession, text: str, question_id: str | None, arriving) -> None:
    """Submit the researcher's typed answer to the question this browser showed (``question_id``); with a
    provider, the next question is drawn in ``arriving`` while it is written."""
    session, provenance = held.session, Provenance(source="researcher")
    with held.lock:
        try:
            if session.streams_questions:
                with shared.QuestionStream(arriving, text, ":material/person:", "Thinking about the next question...") as view:
                    result = session.answer(text, question_id=question_id, provenance=provenance,
                                            on_question_chunk=view)
                view.done(result.next_question)
                st.session_state[SHOWN_KEY] = result.question_utterance_id  # on screen now: answers reply to it
            else:
                with st.spinner("Thinking about the next question..."):
                    session.answer(text, question_id=question_id, provenance=provenance)
        except QuestionNotCurrent as exc:
            st.session_state["answer_refused"] = str(exc)
        except SessionDeleted as exc:
            shared.show_unsaved_answer(str(exc), exc.answer)
            shared.forget(held.session.session_id)
            st.stop()
        except (InvalidAnswer, SessionFinished) as exc:
            st.warning(str(exc))
            return
    st.rerun()


def autopilot(held: shared.LiveSession) -> None:
    session = held.session
    minds = [m for m in shared.config_names("minds") if shared.concept_of_mind(m) == session.concept.id]
    with st.expander("Autopilot: a simulated respondent answers", expanded=False):
        if not minds:
            st.caption(f"No simulated respondent mind is written for the concept '{session.concept.id}'.")
            return
        st.caption("Rehearsal only: these answers are stored as simulated (with persona and mind), labelled as "
                   "such here and in every export, and never shown to a respondent.")
        c1, c2, c3, c4 = st.columns(4)
        persona = c1.selectbox("Persona", shared.config_names("personas"), key="ap_persona")
        mind = c2.selectbox("Mind", minds, key="ap_mind")
        n = c3.number_input("Turns", min_value=1, max_value=50, value=3, key="ap_turns")
        seed = c4.number_input("Seed", min_value=0, value=0, key="ap_seed")
        c1.caption(markdown_literal(registry.persona(persona).description or "(no description)"))
        c2.caption(markdown_literal(shared.mind_summary(mind)))
        if not st.button("Run autopilot", key="ap_run", disabled=session.finished):
            return
        from interview_core.simulation.autopilot import autopilot as run_autopilot
        from interview_core.simulation.mind import load_mind
        from interview_core.simulation.respondent import SimulatedRespondent

        respondent = SimulatedRespondent(load_mind(mind, concept=session.concept), registry.persona(persona), seed=int(seed), concept=session.concept)
        bar = st.progress(0.0, text="Autopilot starting...")
        box = st.container()
        done = 0
        with held.lock:  # the same generator as `interview simulate`; stops if someone else answers
            for step in run_autopilot(session, respondent, int(n), Provenance.simulated(persona, mind)):
                with box.chat_message("user", avatar=":material/smart_toy:"):
                    st.text(step.reply.text)
                done += 1
                with box.chat_message("assistant", avatar=":material/forum:"):
                    st.text(step.result.next_question)
                    st.caption(turn_caption(step.result))
                bar.progress(done / int(n), text=f"Autopilot: turn {done} of {int(n)}")
        st.session_state["ap_done"] = done
        st.rerun()  # redraw the header and transcript with every autopilot turn counted


held = shared.current()
if held is None:
    shared.mode_badges()
    st.subheader("Start an interview")
    start_form()
    st.stop()

session = held.session
shared.mode_badges(session)
shared.session_caption(session)
if session.language_problem:  # e.g. started with a provider, resumed without one: answers are refused
    st.warning(session.language_problem)

top = st.columns([2, 1, 1, 1])
with top[1].popover("Respondent link"):
    base_url = shared.settings().access.public_base_url
    st.caption("Send this link to a remote respondent. It opens this interview only, and shows only its "
               "questions and the respondent's own answers.")
    st.code(respondent_link(session.row["respondent_token"], base_url), language=None)
    if not base_url:
        st.caption("Put your public address in front of it, or set INTERVIEW_ACCESS__PUBLIC_BASE_URL to get "
                   "a complete link (README: serving interviews to remote respondents).")
# Ending or replacing an interview asks first; both sit at the top, away from the answer box.
if top[2].button("End interview...", key="end", disabled=session.finished):
    st.session_state["confirm"] = "end"
if top[3].button("New interview...", key="new"):
    st.session_state["confirm"] = "new"
confirm = st.session_state.get("confirm")
if confirm:
    st.warning("End this interview now? No further answers will be taken, also not from the respondent's link."
               if confirm == "end" else
               "Start a new interview? This one stays stored under Sessions and can be resumed there.")
    yes, no = st.columns(2)
    if yes.button("Yes, end it" if confirm == "end" else "Yes, start a new one", key="confirm_yes", type="primary"):
        st.session_state.pop("confirm")
        if confirm == "end":
            with held.lock:
                session.end("ended_by_researcher")
        else:
            del st.session_state[shared.SESSION_KEY]
        st.rerun()
    if no.button("Cancel", key="confirm_no"):
        st.session_state.pop("confirm")
        st.rerun()

# Read the current question before drawing the transcript, so an answer typed below is bound to a
# question this browser has displayed (never to one that arrived while it was drawing).
SHOWN_KEY = f"shown_question:{session.session_id}"
shown = st.session_state.get(SHOWN_KEY)  # the question this browser displayed on its last run
st.session_state[SHOWN_KEY] = session.current_question_id
conversation(session)
arriving = st.container()  # the answer just typed and the next question, while it is written

if session.finished:
    st.success(f"The interview has ended: {termination(session.termination_reason)}.", icon=":material/flag:")
    shared.scroll_to_end(key="scroll_end")  # a finished interview opens at its end
else:
    if st.session_state.pop("ap_done", None):
        st.caption("Autopilot finished; the turns above are stored.")
    autopilot(held)
    shared.live_watch(session)
    if refused := st.session_state.pop("answer_refused", None):
        st.warning(refused)
    text = st.chat_input("Type the respondent's answer", key=shared.ANSWER_BOX)
    if text is not None:
        answer(held, text, shown, arriving)
