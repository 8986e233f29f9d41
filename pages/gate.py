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
from streamlit.auth_util import is_authlib_installed

from interview_core.access import auth_problems, identity_allowed, sign_in_required, verify_password
from interview_core.session import session_id_for_token
from pages import shared

RESPONDENT_KEY = "respondent_token"
ANALYST_KEY = "analyst_signed_in"
PROXY_HEADERS = ("X-Forwarded-For", "X-Forwarded-Host", "Forwarded", "X-Real-Ip")
# Every path a URL may name (the analyst pages and the modules of pages/): a restricted role serves its
# one page under each, so no URL shape reaches anything else or shows a "page not found" dialog.
KNOWN_PATHS = ("home", "interview", "graph", "scoring", "weights", "sessions", "study", "respondent", "shared", "gate",
               "app", "sign-out")


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
    """True when the secrets file has Streamlit's ``[auth]`` section (st.login)."""
    try:
        return "auth" in st.secrets
    except Exception:  # no secrets file
        return False


def _provider_user() -> bool:
    """True when this browser carries an identity from the provider (Streamlit's signed cookie)."""
    return _identity_provider() and bool(getattr(st.user, "is_logged_in", False))


def _provider_user_allowed() -> bool:
    access = shared.settings().access
    return identity_allowed(st.user.get("email"), email_verified=st.user.get("email_verified"),
                            emails=access.analyst_emails, domains=access.analyst_email_domains)


def analyst_needs_sign_in() -> bool:
    access = shared.settings().access
    ip = st.context.ip_address  # None when the visitor is on this machine
    return sign_in_required(server_address=st.get_option("server.address"), forced=access.require_sign_in,
                            client_address=ip if isinstance(ip, str) else None, proxied=_proxied())


def analyst_allowed() -> bool:
    """True when the analyst pages may be shown to this browser session."""
    if not analyst_needs_sign_in() or st.session_state.get(ANALYST_KEY):
        return True
    return _provider_user() and _provider_user_allowed()


def sign_in_page() -> None:
    """The only page an analyst who has not signed in can reach."""
    access = shared.settings().access
    st.title("Sign in")
    st.caption("This interview dashboard is for the research team. Participants: please use the link you "
               "were sent.")
    if _identity_provider():
        _provider_sign_in(access)
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


def _provider_sign_in(access) -> None:
    """The identity provider's part of the sign-in page: the button, or why this account is refused."""
    if _provider_user():
        st.error("This account is not on the list of analysts. Ask whoever runs this app to add it, or sign "
                 "out and sign in with another account.")
        st.text(f"Signed in as: {st.user.get('email') or '(the provider sent no e-mail address)'}")
        if st.button("Sign out", key="provider_sign_out"):
            st.logout()
        return
    problems = auth_problems(st.secrets["auth"], access.public_base_url)
    if not is_authlib_installed():
        problems.append("the Authlib package is not installed (make install installs it)")
    if problems:  # key names only: values from the secrets file are never shown
        st.error("Sign-in with your organisation's account is not set up correctly: " + "; ".join(problems)
                 + ". See README, 'Serving interviews to remote respondents'.")
        return
    if not (access.analyst_emails or access.analyst_email_domains):
        st.warning("No analyst e-mail addresses or domains are listed (access.analyst_emails, "
                   "access.analyst_email_domains), so no account can open the analyst pages yet.")
    if st.button("Sign in with your organisation's account", type="primary"):
        st.login()


def signed_in() -> bool:
    """True when this analyst had to sign in (and did): the menu then offers "Sign out"."""
    return analyst_needs_sign_in() and (bool(st.session_state.get(ANALYST_KEY)) or _provider_user())


def sign_out_page() -> None:
    """Who is signed in, and the button that ends it (the provider's cookie and/or the password session)."""
    st.title("Sign out")
    provider = _provider_user()
    st.text("Signed in as: " + (str(st.user.get("email") or "") if provider else "analyst (password)"))
    if st.button("Sign out", type="primary"):
        st.session_state.pop(ANALYST_KEY, None)
        if provider:
            st.logout()  # clears Streamlit's identity cookie and starts a new session
        else:
            st.rerun()


def _secret(value) -> str | None:
    return value.get_secret_value() if value is not None else None
