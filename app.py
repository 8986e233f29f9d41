"""Streamlit entry point: navigation over the pages in pages/. No interview logic lives here."""

import streamlit as st

st.set_page_config(page_title="Adaptive interviews", page_icon=":material/forum:", layout="wide")

pages = [
    st.Page("pages/home.py", title="Home", icon=":material/home:", default=True),
]
st.navigation(pages).run()
