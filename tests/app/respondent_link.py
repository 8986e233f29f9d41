"""A respondent link opened in AppTest through the app's own entry point, shared by the page tests."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[2]


def open_link(token: str) -> AppTest:
    """The respondent view of ``token`` after its first run (the consent step)."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params["session"] = token
    at.query_params["view"] = "respondent"
    return at.run()


def open_interview(token: str) -> AppTest:
    """The respondent view past consent and stimulus: the conversation itself."""
    at = open_link(token)
    at.button(key="consent_yes").click().run()
    at.button(key="stimulus_done").click().run()
    return at
