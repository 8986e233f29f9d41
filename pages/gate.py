"""The role of this browser session, decided in app.py before anything is drawn.

A respondent link (a respondent token in the ``session`` parameter, or ``view=respondent``) makes the
browser session a respondent one for good: only that interview's page is registered, whatever URL or
in-app navigation follows. Anyone else is an analyst; when the app is served beyond this machine the
analyst signs in first (password or hash from the environment/secrets file, compared in constant time,
or an identity provider through ``st.login`` when ``[auth]`` is configured). Rules: interview_core.access.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from interview_core.access import sign_in_required, verify_password
from interview_core.session import session_id_for_token
from pages import shared

RESPONDENT_KEY = "respondent_token"
ANALYST_KEY = "analyst_signed_in"
PROXY_HEADERS = ("X-Forwarded-For", "X-Forwarded-Host", "Forwarded", "X-Real-Ip")
# Every path a URL may name (the analyst pages and the modules of pages/): a restricted role serves its
# one page under each, so no URL shape reaches anything else or shows a "page not found" dialog.
KNOWN_PATHS = ("home", "interview", "graph", "scoring", "weights", "sessions", "respondent", "shared", "gate", "app")


def at_every_path(page, title: str) -> list:
    """``page`` (a file or a function) registered as the default page and under every known path."""
    own = Path(page).stem if isinstance(page, str) else page.__name__  # the default page reserves this one
    return [st.Page(page, title=title, default=True)] + [st.Page(page, title=title, url_path=p)
                                                         for p in KNOWN_PATHS if p != own]


def respondent_token() -> str | None:
    """The respondent token this browser session is bound to ("" for an invalid respondent link), or
    None for an analyst session. The first URL decides; later URLs cannot change it."""
    if RESPONDENT_KEY in st.session_state:
        return st.session_state[RESPONDENT_KEY]
    token = st.query_params.get("session", "")
    is_token = bool(token) and session_id_for_token(token, repo=shared.repo()) is not None
    if is_token or st.query_params.get("view") == "respondent":
        st.session_state[RESPONDENT_KEY] = token if is_token else ""
        return st.session_state[RESPONDENT_KEY]
    return None


def _proxied() -> bool:
    try:
        headers = st.context.headers
    except Exception:  # no request context (AppTest)
        return False
    return any(h in headers for h in PROXY_HEADERS)


def _identity_provider() -> bool:
    try:
        return "auth" in st.secrets
    except Exception:  # no secrets file
        return False


def analyst_needs_sign_in() -> bool:
    access = shared.settings().access
    ip = st.context.ip_address  # None when the visitor is on this machine
    return sign_in_required(server_address=st.get_option("server.address"), forced=access.require_sign_in,
                            client_address=ip if isinstance(ip, str) else None, proxied=_proxied())


def analyst_allowed() -> bool:
    """True when the analyst pages may be shown to this browser session."""
    if not analyst_needs_sign_in() or st.session_state.get(ANALYST_KEY):
        return True
    if _identity_provider() and getattr(st.user, "is_logged_in", False):
        allowed = {e.lower() for e in shared.settings().access.analyst_emails}
        return str(st.user.get("email", "")).lower() in allowed
    return False


def sign_in_page() -> None:
    """The only page an analyst who has not signed in can reach."""
    access = shared.settings().access
    st.title("Sign in")
    st.caption("This interview dashboard is for the research team. Participants: please use the link you "
               "were sent.")
    if _identity_provider():
        if getattr(st.user, "is_logged_in", False):
            st.error("This account is not on the list of analysts (access.analyst_emails).")
            if st.button("Sign out"):
                st.logout()
        elif st.button("Sign in with your organisation's account", type="primary"):
            st.login()
    if access.password_configured:
        with st.form("sign_in"):
            password = st.text_input("Password", type="password")
            if st.form_submit_button("Sign in", type="primary"):
                if verify_password(password,
                                   password=_secret(access.analyst_password),
                                   password_hash=_secret(access.analyst_password_hash)):
                    st.session_state[ANALYST_KEY] = True
                    st.rerun()
                st.error("That password is not right.")
    elif not _identity_provider():
        st.error("Sign-in is required because this app is reachable from other machines, but no analyst "
                 "password is set. Set INTERVIEW_ACCESS__ANALYST_PASSWORD_HASH (from `interview hash-password`) "
                 "and restart. See README, 'Serving interviews to remote respondents'.")


def _secret(value) -> str | None:
    return value.get_secret_value() if value is not None else None
