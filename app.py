"""Streamlit entry point: decides the role of the browser session, then registers only its pages.

A respondent link (``?session=TOKEN&view=respondent``) registers the respondent page alone, so no analyst
page or other session can be reached from it in any URL shape. Analysts get the dashboard, after signing in
when the app is served beyond this machine (pages/gate.py). No interview logic lives here.
"""

import streamlit as st

# No page_icon: a material-icon favicon is fetched from fonts.gstatic.com, and the app makes no remote request.
st.set_page_config(page_title="Adaptive interviews", layout="wide")

from pages import gate  # noqa: E402  (after set_page_config)

if gate.respondent_token() is not None:
    st.navigation(gate.at_every_path("pages/respondent.py", "Interview"), position="hidden").run()
elif not gate.analyst_allowed():
    st.navigation(gate.at_every_path(gate.sign_in_page, "Sign in"), position="hidden").run()
else:
    from pages import shared

    settings = shared.settings()
    if settings.dedup.embeddings_enabled:  # load the model once per process, before the first interview needs it
        shared.embedding_model(settings.dedup.embedding_model)
    pages = [
        st.Page("pages/home.py", title="Home", default=True),
        st.Page("pages/interview.py", title="Interview"),
        st.Page("pages/graph.py", title="Graph"),
        st.Page("pages/scoring.py", title="Scoring"),
        st.Page("pages/weights.py", title="Weights"),
        st.Page("pages/sessions.py", title="Sessions"),
        st.Page("pages/study.py", title="Study"),
    ]
    if gate.signed_in():  # who is signed in, and the way out
        pages.append(st.Page(gate.sign_out_page, title="Sign out", url_path="sign-out"))
    # Sidebar navigation is switched off in .streamlit/config.toml (so no visitor ever sees the pages/
    # folder listed before this runs); the analyst's menu is drawn at the top instead.
    st.navigation(pages, position="top").run()
