"""The respondent's view (``?session=TOKEN&view=respondent``): only this interview's conversation.

No analyst page, control or other session is reachable from here: the app registers this page alone, the
session is found only by its unguessable token, and nothing but the questions and the respondent's own
answers is shown (rehearsal answers typed by the researcher or simulated are hidden, and no provenance is
ever shown).
"""

from __future__ import annotations

import streamlit as st

from interview_core.session import InterviewSession, InvalidAnswer, QuestionNotCurrent, SessionFinished
from pages import gate, shared

shared.ensure_navigation()

token = gate.respondent_token()  # pinned by the first URL of this browser session (pages/gate.py)
held = shared.live_by_token(token) if token else None
if held is None:
    st.title("Interview")
    st.error("This interview link is not valid. Please check the link you were sent.")
    st.stop()

session: InterviewSession = held.session
st.title("Interview")
st.caption("Thank you for taking part. Answer in your own words; there are no right or wrong answers.")


def own_conversation(transcript: list[dict]) -> list[dict]:
    """The questions this respondent answered or is asked now, and their own answers only."""
    answered_by_others = {u["reply_to"] for u in transcript
                          if u["speaker"] == "respondent" and u.get("source") not in (None, "respondent")}
    hidden = answered_by_others | {u["id"] for u in transcript if u["speaker"] == "respondent"
                                   and u.get("source") not in (None, "respondent")}
    return [u for u in transcript if u["id"] not in hidden]


SHOWN_KEY = "shown_question"
shown = st.session_state.get(SHOWN_KEY)  # the question this browser displayed on its last run
st.session_state[SHOWN_KEY] = session.current_question_id
if refused := st.session_state.pop("answer_refused", None):
    st.warning(refused)

for u in own_conversation(session.transcript()):
    with st.chat_message("assistant" if u["speaker"] == "interviewer" else "user",
                         avatar=":material/forum:" if u["speaker"] == "interviewer" else ":material/person:"):
        st.text(u["text"])

if session.finished:
    st.success("The interview has ended. Thank you for your time!")
    st.stop()

text = st.chat_input("Your answer")
if text is not None:
    with held.lock:
        try:
            with st.spinner("..."):
                session.answer(text, question_id=shown)
        except QuestionNotCurrent as exc:
            st.session_state["answer_refused"] = str(exc)
        except (InvalidAnswer, SessionFinished) as exc:
            st.warning(str(exc))
            st.stop()
    st.rerun()
