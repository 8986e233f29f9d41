"""Streamlit entry point: navigation over the pages in pages/. No interview logic lives here.

``?session=TOKEN&view=respondent`` serves the respondent view alone (no analyst page is registered, so
none can be reached); otherwise the analyst pages share one ``st.session_state`` (the current session).
"""

import streamlit as st

# No page_icon: a material-icon favicon is fetched from fonts.gstatic.com, and the app makes no remote request.
st.set_page_config(page_title="Adaptive interviews", layout="wide")

if st.query_params.get("view") == "respondent":
    pages = [st.Page("pages/respondent.py", title="Interview", default=True)]
    st.navigation(pages, position="hidden").run()
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
    ]
    st.navigation(pages).run()
