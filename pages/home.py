"""Home: what this is, which mode the language layer is in, what is configured."""

import streamlit as st

from interview_core.config import registry
from pages import shared

shared.ensure_navigation()

settings = shared.settings()

st.title("Adaptive interviews")
st.caption("Knowledge-graph driven laddering interviews for qualitative research.")

if settings.offline:
    st.info("**Offline mode**: no API key is set, so interviews run on the embedded offline language layer. "
            "Set ANTHROPIC_API_KEY or OPENAI_API_KEY to use a real language model.", icon=":material/cloud_off:")
else:
    providers = {t: settings.effective_provider(t) for t in ("extraction", "signals", "question")}
    st.success("Language model: " + ", ".join(f"{t}: {p}" for t, p in providers.items()), icon=":material/cloud_done:")

cols = st.columns(3)
cols[0].metric("Methodologies", len(registry.list_files("methodologies")))
cols[1].metric("Concepts", len(registry.list_files("concepts")))
cols[2].metric("Personas", len(registry.list_files("personas")))
