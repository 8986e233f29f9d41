"""Sign-in through an identity provider (Streamlit's ``st.login``) in a real browser, against a strict
OpenID Connect provider on 127.0.0.1 started here: analyst pages refuse before sign-in, open for an
allowed account, stay shut for one that is not on the list; sign-out works; a respondent link needs no
sign-in and reaches nothing else; no secret from the ``[auth]`` section reaches the page, the log or the
database."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import TIMEOUT_MS, settled
from fake_oidc import FakeOIDCProvider
from interview_core.config.settings import DedupSettings, Settings
from interview_core.persistence import Repository
from interview_core.session import InterviewSession

pytestmark = pytest.mark.browser
CLIENT_ID = "interview-dashboard"
CLIENT_SECRET = "client-secret-5f1d0c9e8b7a6f5e4d3c2b1a"
COOKIE_SECRET = "cookie-secret-0a1b2c3d4e5f60718293a4b5c6d7e8f9"
ALLOWED = "ana@research.example"          # on analyst_emails
DOMAIN_MEMBER = "ben@team.example"        # admitted by analyst_email_domains
STRANGER = "eve@elsewhere.example"        # on neither list
UNVERIFIED = "mal@team.example"           # in the domain, but the provider says the address is unverified
ANALYST_WORDS = ("Sessions", "Weights", "Scoring", "Start interview", "respondent_token")
SIGN_IN_BUTTON = "Sign in with your organisation's account"


def _secrets_file(tmp_path: Path, metadata_url: str) -> Path:
    """One secrets file for both readers: Streamlit's ``[auth]`` and our ``[access]``."""
    path = tmp_path / "secrets.toml"
    path.write_text(f'''[auth]
redirect_uri = "http://127.0.0.1:{{port}}/oauth2callback"
cookie_secret = "{COOKIE_SECRET}"
client_id = "{CLIENT_ID}"
client_secret = "{CLIENT_SECRET}"
server_metadata_url = "{metadata_url}"

[access]
analyst_emails = ["Ana@Research.example"]
analyst_email_domains = ["team.example"]
''')
    return path


def _session(db: str):
    settings = Settings(database=db, dedup=DedupSettings(embeddings_enabled=False))
    s = InterviewSession.start("means_end_chain", "oat_milk", settings=settings)
    return s, Repository(db).get_session(s.session_id)["respondent_token"]


def _refused(page, base: str, path: str) -> None:
    page.goto(base + path)
    page.get_by_role("heading", name="Sign in").wait_for()
    settled(page)
    text = page.inner_text("body")
    assert not [w for w in ANALYST_WORDS if w in text], (path, text)
    assert page.get_by_test_id("stTopNav").count() == 0, path
    assert not [s for s in (CLIENT_SECRET, COOKIE_SECRET) if s in page.content()], path


def _sign_in_as(page, email: str) -> None:
    page.get_by_role("button", name=SIGN_IN_BUTTON).click()
    page.get_by_role("heading", name="Choose an account").wait_for()  # the provider's page
    page.get_by_role("link", name=email, exact=True).click()


def test_identity_provider_sign_in_end_to_end(streamlit_app, browser, tmp_path):
    accounts = {ALLOWED: {"email_verified": True, "name": "Ana"},
                DOMAIN_MEMBER: {"email_verified": True, "name": "Ben"},
                STRANGER: {"email_verified": True, "name": "Eve"},
                UNVERIFIED: {"email_verified": False, "name": "Mal"}}
    with FakeOIDCProvider(CLIENT_ID, CLIENT_SECRET, accounts) as idp:
        secrets_file = _secrets_file(tmp_path, idp.metadata_url)
        base, db = streamlit_app(
            env={"INTERVIEW_ACCESS__REQUIRE_SIGN_IN": "1", "INTERVIEW_SECRETS_FILE": str(secrets_file),
                 "NO_PROXY": "127.0.0.1,localhost", "no_proxy": "127.0.0.1,localhost"},
            options=["--secrets.files", str(secrets_file)])
        mine, token = _session(db)

        # Before sign-in every analyst path shows the sign-in page and nothing else.
        context = browser.new_context()
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        for path in ("/", "/sessions", "/weights", f"/interview?session_id={mine.session_id}", "/sign-out"):
            _refused(page, base, path)
        assert page.get_by_text(mine.opening_question[:40]).count() == 0

        # Cancelling at the provider, or a provider that turns the code down, leads back to the sign-in page.
        page.get_by_role("button", name=SIGN_IN_BUTTON).click()
        page.get_by_role("link", name="Cancel").click()
        page.get_by_role("button", name=SIGN_IN_BUTTON).wait_for()
        idp.refuse_tokens = True
        _sign_in_as(page, ALLOWED)
        page.get_by_role("button", name=SIGN_IN_BUTTON).wait_for()
        settled(page)
        assert page.get_by_test_id("stTopNav").count() == 0 and idp.tokens_issued == []
        assert idp.errors == ["token requests refused by the test"]
        idp.refuse_tokens, idp.errors[:] = False, []

        # An allowed account: through the provider and back, then the dashboard opens.
        _sign_in_as(page, ALLOWED)
        nav = page.get_by_test_id("stTopNav")
        nav.get_by_role("link", name="Sessions", exact=True).click()
        page.get_by_role("heading", name="Sessions").wait_for()
        settled(page)
        assert idp.tokens_issued == [ALLOWED], idp.errors
        assert not [s for s in (CLIENT_SECRET, COOKIE_SECRET) if s in page.content()]
        # A new tab of the same browser is signed in too (Streamlit's identity cookie), on any page.
        other_tab = context.new_page()
        other_tab.set_default_timeout(TIMEOUT_MS)
        other_tab.goto(base + "/weights")
        other_tab.get_by_test_id("stTopNav").get_by_role("link", name="Sign out").wait_for()
        other_tab.close()

        # Sign-out: the identity cookie is gone, the analyst pages refuse again.
        nav.get_by_role("link", name="Sign out").click()
        page.get_by_text(f"Signed in as: {ALLOWED}").wait_for()
        page.get_by_role("button", name="Sign out").click()
        page.get_by_role("button", name=SIGN_IN_BUTTON).wait_for()
        assert not [c for c in context.cookies() if c["name"].startswith("_streamlit_user")]
        _refused(page, base, "/sessions")

        # A member of an allowed domain gets in.
        _sign_in_as(page, DOMAIN_MEMBER)
        page.get_by_test_id("stTopNav").get_by_role("link", name="Sessions", exact=True).wait_for()
        context.close()

        # Accounts not on the list are refused plainly, with a way out, and see nothing of the dashboard.
        for email in (STRANGER, UNVERIFIED):
            context = browser.new_context()
            page = context.new_page()
            page.set_default_timeout(TIMEOUT_MS)
            page.goto(base + "/")
            _sign_in_as(page, email)
            page.get_by_text("This account is not on the list of analysts").wait_for()
            page.get_by_text(f"Signed in as: {email}").wait_for()
            for path in ("/sessions", f"/graph?session_id={mine.session_id}", "/"):
                page.goto(base + path)
                page.get_by_text("This account is not on the list of analysts").wait_for()
                settled(page)
                text = page.inner_text("body")
                assert not [w for w in ANALYST_WORDS if w in text], (email, path)
            page.get_by_role("button", name="Sign out").click()
            page.get_by_role("button", name=SIGN_IN_BUTTON).wait_for()
            context.close()
        assert idp.tokens_issued == [ALLOWED, DOMAIN_MEMBER, STRANGER, UNVERIFIED], idp.errors

        # A respondent link needs no sign-in and reaches only its interview, even on analyst paths.
        context = browser.new_context(viewport={"width": 390, "height": 844})
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        for path in (f"/?session={token}&view=respondent", f"/sessions?session={token}", f"/sign-out?session={token}"):
            page.goto(base + path)
            page.get_by_role("heading", name=mine.concept.name).wait_for()
            settled(page)
            text = page.inner_text("body")
            assert "Sign in" not in text and not [w for w in ANALYST_WORDS if w in text], path
            assert not [s for s in (CLIENT_SECRET, COOKIE_SECRET) if s in page.content()], path
        context.close()
        assert not idp.errors, idp.errors

    # The provider's client secret and the cookie secret never reach the server log or the database.
    logs = "".join(p.read_text(errors="replace") for p in tmp_path.glob("streamlit-*.log"))
    stored = b"".join(p.read_bytes() for p in tmp_path.glob("browser.db*"))
    for secret in (CLIENT_SECRET, COOKIE_SECRET):
        assert secret not in logs and secret.encode() not in stored
