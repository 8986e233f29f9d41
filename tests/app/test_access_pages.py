"""Roles in the app (AppTest): sign-in when served, respondent links pinned to their one interview."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from interview_core.access import hash_password
from interview_core.config.settings import DedupSettings, Settings
from interview_core.persistence import Repository
from interview_core.session import InterviewSession

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "a long analyst password"
ANALYST_PAGES = ("home", "interview", "graph", "scoring", "weights", "sessions")


def app(**params) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    for k, v in params.items():
        at.query_params[k] = v
    return at.run()


@pytest.fixture
def served(monkeypatch):
    """The app as ``make serve`` runs it: sign-in enforced, a password hash configured."""
    monkeypatch.setenv("INTERVIEW_ACCESS__REQUIRE_SIGN_IN", "1")
    monkeypatch.setenv("INTERVIEW_ACCESS__ANALYST_PASSWORD_HASH", hash_password(PASSWORD, iterations=1000))
    monkeypatch.setenv("INTERVIEW_DEDUP__EMBEDDINGS_ENABLED", "false")


@pytest.fixture
def two_sessions():
    settings = Settings(database=os.environ["INTERVIEW_DATABASE"], dedup=DedupSettings(embeddings_enabled=False))
    a = InterviewSession.start("means_end_chain", "oat_milk", settings=settings)
    b = InterviewSession.start("means_end_chain", "meal_kit", settings=settings)
    repo = Repository(settings.database)
    return [(s, repo.get_session(s.session_id)["respondent_token"]) for s in (a, b)]


def _pages(at) -> list[str]:
    return [Path(p).stem for p in at._tree.main.pages] if hasattr(at._tree, "main") else []


def test_served_analyst_pages_refuse_without_the_password(served):
    at = app()
    assert not at.exception
    assert at.title[0].value == "Sign in" and not at.chat_input
    for page in ANALYST_PAGES:
        with pytest.raises(ValueError, match="Could not find a navigation page"):
            at.switch_page(f"pages/{page}.py")
    at.text_input[0].input("wrong password")
    at.button[0].click().run()
    assert any("not right" in e.value for e in at.error) and at.title[0].value == "Sign in"
    at.text_input[0].input(PASSWORD)
    at.button[0].click().run()
    assert not at.exception and at.title[0].value != "Sign in"
    at.switch_page("pages/sessions.py").run()
    assert not at.exception and at.title[0].value == "Sessions"


def test_served_without_a_password_refuses_everyone(monkeypatch):
    monkeypatch.setenv("INTERVIEW_ACCESS__REQUIRE_SIGN_IN", "1")
    at = app()
    assert at.title[0].value == "Sign in" and not at.text_input
    assert any("no analyst password is set" in e.value for e in at.error)


def test_local_run_needs_no_sign_in():
    at = app()
    assert not at.exception and at.title[0].value != "Sign in"


@pytest.mark.parametrize("params", [
    {"session": "{token}", "view": "respondent"},
    {"session": "{token}"},  # without view: still the respondent page
])
def test_a_respondent_link_opens_its_interview_only(served, two_sessions, params):
    (mine, token), (other, other_token) = two_sessions
    at = app(**{k: v.format(token=token) for k, v in params.items()})
    assert not at.exception
    assert at.title[0].value == mine.concept.name != other.concept.name
    for page in ANALYST_PAGES:
        with pytest.raises(ValueError, match="Could not find a navigation page"):
            at.switch_page(f"pages/{page}.py")
    # Tampering with the parameters inside the same browser session changes nothing: the role is pinned.
    at.query_params["session"] = other_token
    at.query_params.pop("view", None)
    at.run()
    assert at.title[0].value == mine.concept.name != other.concept.name
    at.query_params["session"] = mine.session_id  # the session id is not a token
    at.run()
    assert at.title[0].value == mine.concept.name != other.concept.name


@pytest.mark.parametrize("value", ["{sid}", "not-a-token", "", "{token}x"])
def test_tampered_respondent_links_open_nothing(two_sessions, value):
    (mine, token), _ = two_sessions
    at = app(session=value.format(sid=mine.session_id, token=token), view="respondent")
    assert any("not valid" in e.value for e in at.error)
    assert not at.chat_input and not at.text and not at.button
    with pytest.raises(ValueError, match="Could not find a navigation page"):
        at.switch_page("pages/sessions.py")


AUTH = {"redirect_uri": "http://127.0.0.1:8501/oauth2callback", "cookie_secret": "COOKIE-SECRET-" + "x" * 32,
        "client_id": "interview-dashboard", "client_secret": "CLIENT-SECRET-VALUE",
        "server_metadata_url": "http://127.0.0.1:9/.well-known/openid-configuration"}


def provider_app(user: dict, auth: dict = AUTH) -> AppTest:
    """The served app with an identity provider configured and this identity in Streamlit's cookie."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.secrets["auth"] = auth
    at.user = user
    return at.run()


def _page_text(at) -> str:
    return " ".join(str(getattr(e, "value", "")) for e in at.main if hasattr(e, "value"))


@pytest.fixture
def provider_served(monkeypatch):
    monkeypatch.setenv("INTERVIEW_ACCESS__REQUIRE_SIGN_IN", "1")
    monkeypatch.setenv("INTERVIEW_ACCESS__ANALYST_EMAILS", '["ana@research.example"]')
    monkeypatch.setenv("INTERVIEW_ACCESS__ANALYST_EMAIL_DOMAINS", '["team.example"]')
    monkeypatch.setenv("INTERVIEW_DEDUP__EMBEDDINGS_ENABLED", "false")


@pytest.mark.parametrize("email", ["ana@research.example", "Ben@Team.example"])
def test_provider_identity_on_the_list_opens_the_dashboard(provider_served, email):
    at = provider_app({"is_logged_in": True, "email": email, "email_verified": True})
    assert not at.exception and at.title[0].value != "Sign in"
    at.switch_page("pages/sessions.py").run()
    assert not at.exception and at.title[0].value == "Sessions"


@pytest.mark.parametrize("user", [
    {"is_logged_in": True, "email": "eve@elsewhere.example"},
    {"is_logged_in": True, "email": "mal@team.example", "email_verified": False},
    {"is_logged_in": True},  # the provider sent no address
])
def test_provider_identity_not_on_the_list_is_refused(provider_served, user):
    at = provider_app(user)
    assert not at.exception and at.title[0].value == "Sign in"
    assert any("not on the list of analysts" in e.value for e in at.error)
    assert [b.label for b in at.button] == ["Sign out"]
    for page in ANALYST_PAGES:
        with pytest.raises(ValueError, match="Could not find a navigation page"):
            at.switch_page(f"pages/{page}.py")


def test_provider_not_signed_in_sees_the_button_and_nothing_else(provider_served):
    at = provider_app({"is_logged_in": False})
    assert at.title[0].value == "Sign in" and not at.error and not at.warning
    assert [b.label for b in at.button] == ["Sign in with your organisation's account"]


def test_provider_misconfigured_says_which_keys_never_their_values(provider_served):
    at = provider_app({"is_logged_in": False}, auth=dict(AUTH, client_id="", cookie_secret="COOKIE-SECRET"))
    assert at.title[0].value == "Sign in" and not at.button
    message = " ".join(e.value for e in at.error)
    assert "client_id is missing" in message and "cookie_secret is shorter than 32 characters" in message
    text = _page_text(at)
    assert "client_id is missing" in text and "SECRET" not in text


def test_provider_without_an_allow_list_warns_that_nobody_can_enter(monkeypatch):
    monkeypatch.setenv("INTERVIEW_ACCESS__REQUIRE_SIGN_IN", "1")
    at = provider_app({"is_logged_in": False})
    assert any("No analyst e-mail addresses or domains are listed" in w.value for w in at.warning)
