"""The respondent's view (``?session=TOKEN&view=respondent``): only this interview's conversation.

No analyst page, control or other session is reachable from here: the app registers this page alone, the
session is found only by its unguessable token, and nothing but the questions and answers is shown.
"""

from __future__ import annotations

import streamlit as st

from interview_core.session import InterviewSession, InvalidAnswer, SessionFinished
from pages import shared

shared.ensure_navigation()

token = st.query_params.get("session", "")
row = shared.repo().get_session_by_token(token) if token else None
if row is None:
    st.title("Interview")
    st.error("This interview link is not valid. Please check the link you were sent.")
    st.stop()

held = shared.live(row["session_id"])
session: InterviewSession = held.session
st.title("Interview")
st.caption("Thank you for taking part. Answer in your own words; there are no right or wrong answers.")

for u in session.transcript():
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
                session.answer(text)
        except (InvalidAnswer, SessionFinished) as exc:
            st.warning(str(exc))
            st.stop()
    st.rerun()
