"""The respondent's view (``?session=TOKEN&view=respondent``): consent, the stimulus, the conversation, an
end screen.

No analyst page, control or other session is reachable from here: app.py registers this page alone for a
respondent link, the session is found only by its unguessable token, and nothing but the questions and the
respondent's own answers is shown (rehearsal answers typed by the researcher or simulated are hidden, and
no provenance is ever shown). Declining consent stores nothing.
"""

from __future__ import annotations

import streamlit as st

from interview_core.plain_words import questions_left
from interview_core.session import InterviewSession, InvalidAnswer, QuestionNotCurrent, SessionFinished
from interview_core.viz.escaping import markdown_literal
from pages import gate, shared

shared.ensure_navigation()

token = gate.respondent_token()  # pinned by the first URL of this browser session (pages/gate.py)
held = shared.live_by_token(token) if token else None
if held is None:
    st.title("Interview")
    st.error("This interview link is not valid. Please check the link you were sent.")
    st.stop()

session: InterviewSession = held.session
STIMULUS_SEEN = f"stimulus_seen:{session.session_id}"
SHOWN_KEY = f"shown_question:{session.session_id}"


def own_conversation(transcript: list[dict]) -> list[dict]:
    """The questions this respondent answered or is asked now, and their own answers only."""
    others = [u for u in transcript if u["speaker"] == "respondent" and u.get("source") not in (None, "respondent")]
    hidden = {u["id"] for u in others} | {u["reply_to"] for u in others}
    return [u for u in transcript if u["id"] not in hidden]


def stimulus() -> None:
    st.text(session.concept.stimulus.strip() or session.concept.name)
    facts = session.concept.facts.lines()  # what the study tells respondents (who commissions it, ...)
    if facts:
        st.caption(markdown_literal(" ".join(facts)))
    image = session.stimulus_image()
    if image is not None:
        st.image(str(image), width="stretch")


def end_screen() -> None:
    if session.ended_by_respondent:  # "I have to go now": their wish, not the end of a plan
        st.success("Thank you! The interview has ended as you asked, and your answers have been saved.",
                   icon=":material/check:")
    else:
        st.success("Thank you! The interview is complete and your answers have been saved.", icon=":material/check:")
    st.write("You can close this page now.")
    st.stop()


st.title(session.concept.name)

if session.language_problem:  # offline, the app interviews in English only: refuse rather than pretend
    st.info(session.respondent_language_notice)
    st.stop()

if st.session_state.get("declined"):
    st.info("Thank you for your time. Nothing has been recorded. You can close this page now.")
    st.stop()

if not session.consented:
    if session.finished:
        st.info("This interview has ended. Thank you for your interest.")
        st.stop()
    st.subheader("Before we start")
    st.text(session.consent_text)
    agree, decline = st.columns(2)
    if agree.button("Yes, I agree to take part", type="primary", key="consent_yes"):
        session.record_consent()
        st.rerun()
    if decline.button("No, thank you", key="consent_no"):
        st.session_state["declined"] = True  # nothing is stored
        st.rerun()
    st.stop()

mine = own_conversation(session.transcript())
answered = any(u["speaker"] == "respondent" for u in mine)
if not answered and not st.session_state.get(STIMULUS_SEEN) and not session.finished:
    st.subheader("Please read this first")
    stimulus()
    if st.button("Continue to the first question", type="primary", key="stimulus_done"):
        st.session_state[STIMULUS_SEEN] = True
        st.rerun()
    st.stop()

with st.expander("Read the description again"):
    stimulus()

shown = st.session_state.get(SHOWN_KEY)  # the question this browser displayed on its last run
st.session_state[SHOWN_KEY] = session.current_question_id
if refused := st.session_state.pop("answer_refused", None):
    st.warning(refused)

for u in mine:
    with st.chat_message("assistant" if u["speaker"] == "interviewer" else "user",
                         avatar=":material/forum:" if u["speaker"] == "interviewer" else ":material/person:"):
        st.text(u["text"])

if session.finished:
    end_screen()

arriving = st.container()  # the answer just sent and the next question, while it is written
left = "This is the last question" if session.awaiting_closing_answer else questions_left(session.questions_left)
st.caption(left + ". Answer in your own words; there are "
           "no right or wrong answers.")
text = st.chat_input("Your answer")
if text is not None:
    with held.lock:
        try:
            if session.streams_questions:  # a provider writes the question: show it as it comes
                with shared.QuestionStream(arriving, text, ":material/person:",
                                           "The interviewer is reading your answer...") as view:
                    result = session.answer(text, question_id=shown, on_question_chunk=view)
                view.done(result.next_question)
                st.session_state[SHOWN_KEY] = result.question_utterance_id  # on screen now: answers reply to it
            else:
                with st.spinner("The interviewer is reading your answer..."):
                    session.answer(text, question_id=shown)
        except QuestionNotCurrent as exc:
            st.session_state["answer_refused"] = str(exc)
        except SessionFinished:
            pass  # the end screen follows on the rerun
        except InvalidAnswer as exc:
            st.warning(str(exc))
            st.stop()
    st.rerun()
