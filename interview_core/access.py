"""Who may see what: analyst sign-in and respondent links. Pure functions; the app applies them.

Two roles. The *analyst* sees every page; when the app is served beyond the local machine the analyst
must sign in (a password, or a PBKDF2 hash of it, from the environment or the secrets file; or an identity
provider through Streamlit's ``st.login``, admitting only the listed addresses or domains). The
*respondent* holds an unguessable token that opens that one interview and nothing else.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import ipaddress
import secrets
from urllib.parse import urlencode

HASH_SCHEME = "pbkdf2_sha256"
HASH_ITERATIONS = 600_000  # OWASP's 2023 figure for PBKDF2-HMAC-SHA256
LOOPBACK_NAMES = {"localhost", "localhost.localdomain"}


def hash_password(password: str, *, iterations: int = HASH_ITERATIONS, salt: bytes | None = None) -> str:
    """``pbkdf2_sha256$<iterations>$<salt b64>$<digest b64>`` for ``password`` (a fresh 16-byte salt)."""
    if not password:
        raise ValueError("the password is empty")
    salt = salt if salt is not None else secrets.token_bytes(16)
    digest = hashlib.pbkdf2_hmac("sha256", password.encode("utf-8"), salt, iterations)
    return "$".join((HASH_SCHEME, str(iterations), _b64(salt), _b64(digest)))


def verify_password(candidate: str, *, password: str | None = None, password_hash: str | None = None) -> bool:
    """True when ``candidate`` matches the configured hash (preferred) or plain password.

    Comparison is constant-time (``hmac.compare_digest``); an empty candidate, nothing configured or a
    malformed hash all give False.
    """
    if not candidate:
        return False
    if password_hash:
        try:
            scheme, iterations, salt, digest = password_hash.split("$")
            if scheme != HASH_SCHEME:
                return False
            got = hashlib.pbkdf2_hmac("sha256", candidate.encode("utf-8"), _unb64(salt), int(iterations))
            return hmac.compare_digest(got, _unb64(digest))
        except (ValueError, TypeError):
            return False
    if password:
        return hmac.compare_digest(candidate.encode("utf-8"), password.encode("utf-8"))
    return False


def is_loopback(host: str | None) -> bool:
    """True for 127.0.0.0/8, ::1 and ``localhost``; False for anything else, including "" and 0.0.0.0
    (which listen on every interface)."""
    if not host:
        return False
    host = host.strip().strip("[]").lower()
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def sign_in_required(*, server_address: str | None, forced: bool, client_address: str | None = None,
                     proxied: bool = False) -> bool:
    """Analyst pages need sign-in unless the app is provably local: listening on a loopback address, the
    visitor on loopback too (when known), no reverse proxy in between, and sign-in not forced."""
    if forced or proxied or not is_loopback(server_address):
        return True
    return client_address is not None and not is_loopback(client_address)


def identity_allowed(email: str | None, *, email_verified: object = None, emails: list[str] | tuple = (),
                     domains: list[str] | tuple = ()) -> bool:
    """True when an identity signed in through the identity provider may open the analyst pages.

    Allowed: its e-mail address is on ``emails``, or its domain (the part after the last ``@``) is one of
    ``domains`` (exactly: ``example.org`` admits ``ana@example.org``, not ``ana@sub.example.org`` nor
    ``ana@badexample.org``). Case and surrounding spaces are ignored. An identity whose provider says the
    address is not verified (``email_verified`` false) is refused; providers that do not send the claim
    are taken at their word. Nothing listed: nobody is let in.
    """
    if email_verified is False or (isinstance(email_verified, str) and email_verified.lower() == "false"):
        return False
    address = normalise_email(email)
    if not address:
        return False
    if address in {normalise_email(e) for e in emails}:
        return True
    return address.rpartition("@")[2] in {normalise_domain(d) for d in domains}


AUTH_KEYS = ("redirect_uri", "cookie_secret", "client_id", "client_secret", "server_metadata_url")


def auth_problems(section: dict, public_base_url: str | None = None) -> list[str]:
    """What stops Streamlit's ``st.login`` from working with the ``[auth]`` section of the secrets file, in
    plain words (names of keys only, never their values): missing keys, a redirect address that does not
    end in ``/oauth2callback``, a non-absolute address, a short cookie secret, a redirect address that is
    not on the public address respondents and analysts use (when ``public_base_url`` is set)."""
    problems = [f"{key} is missing" for key in AUTH_KEYS if not str(section.get(key) or "").strip()]
    redirect = str(section.get("redirect_uri") or "")
    if redirect and not redirect.rstrip().endswith("/oauth2callback"):
        problems.append("redirect_uri must be the app's address followed by /oauth2callback")
    for key in ("redirect_uri", "server_metadata_url"):
        value = str(section.get(key) or "").strip()
        if value and not value.startswith(("http://", "https://")):
            problems.append(f"{key} must be an absolute address (http:// or https://)")
    if 0 < len(str(section.get("cookie_secret") or "")) < 32:
        problems.append("cookie_secret is shorter than 32 characters")
    if redirect and public_base_url and redirect.strip() != public_base_url.rstrip("/") + "/oauth2callback":
        problems.append("redirect_uri is not access.public_base_url followed by /oauth2callback")
    return problems


def normalise_email(value: str | None) -> str:
    """``value`` stripped and lower-cased; "" unless it is one ``local@domain`` address."""
    value = (value or "").strip().lower()
    local, at, domain = value.rpartition("@")
    return value if at and local and domain and "@" not in local and " " not in value else ""


def normalise_domain(value: str) -> str:
    """``@Example.org`` or ``example.org.`` -> ``example.org``."""
    return value.strip().lower().lstrip("@").rstrip(".")


def respondent_link(token: str, base_url: str | None = None) -> str:
    """The link a respondent opens: complete when ``base_url`` (the public address) is set, else the
    query part alone, to be appended to the address the respondent can reach."""
    query = "?" + urlencode({"session": token, "view": "respondent"})
    return base_url.rstrip("/") + "/" + query if base_url else query


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.b64decode(text.encode("ascii"), validate=True)
