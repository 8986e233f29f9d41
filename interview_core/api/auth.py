"""Who may call what: researcher API keys (only their SHA-256 hashes are held) and signed embed links.

Researcher keys: the environment variable ``INTERVIEW_API_KEY_SHA256`` holds one or more hex SHA-256
hashes, comma-separated (``interview api hash-key`` prints the hash of a key typed on stdin). The server
never sees a key at rest; a request's ``X-API-Key`` is hashed and compared in constant time.

Embed links: ``INTERVIEW_EMBED_SECRET`` signs start links (HMAC-SHA-256 over the study or concept), so a
survey tool can start one interview per respondent without holding an API key.
"""

from __future__ import annotations

import hashlib
import hmac
import os

from .errors import ApiError

KEY_HASHES_ENV = "INTERVIEW_API_KEY_SHA256"
EMBED_SECRET_ENV = "INTERVIEW_EMBED_SECRET"


def hash_key(key: str) -> str:
    """The hex SHA-256 of ``key`` (surrounding whitespace ignored)."""
    return hashlib.sha256(key.strip().encode("utf-8")).hexdigest()


def configured_key_hashes(environ=os.environ) -> list[str]:
    """The researcher key hashes from the environment (lower-case hex); empty when none is configured."""
    raw = environ.get(KEY_HASHES_ENV, "")
    hashes = [h.strip().lower() for h in raw.split(",") if h.strip()]
    bad = [h for h in hashes if len(h) != 64 or any(c not in "0123456789abcdef" for c in h)]
    if bad:
        raise ValueError(f"{KEY_HASHES_ENV}: every entry must be a 64-digit hex SHA-256 hash "
                         "(use `interview api hash-key`), not a key")
    return hashes


def check_researcher_key(presented: str | None, hashes: list[str]) -> None:
    """Raise ApiError 401 unless ``presented`` hashes to one of ``hashes`` (503 when none is configured)."""
    if not hashes:
        raise ApiError(503, "api_keys_not_configured",
                       f"Researcher calls are disabled: set {KEY_HASHES_ENV} to the SHA-256 hash of a key.")
    if not presented:
        raise ApiError(401, "missing_api_key", "Send the researcher API key in the X-API-Key header.")
    digest = hash_key(presented)
    if not any(hmac.compare_digest(digest, h) for h in hashes):
        raise ApiError(401, "invalid_api_key", "The API key is not valid.")


def sign_start(target: str, secret: str) -> str:
    """The signature of an embed start link for ``target`` (``concept:<id>`` or ``study:<id>``)."""
    return hmac.new(secret.encode("utf-8"), target.encode("utf-8"), hashlib.sha256).hexdigest()[:32]


def check_start_signature(target: str, signature: str | None, secret: str | None) -> None:
    if not secret:
        raise ApiError(503, "embed_not_configured", f"Embedded starts are disabled: set {EMBED_SECRET_ENV}.")
    if not signature or not hmac.compare_digest(sign_start(target, secret), signature):
        raise ApiError(403, "invalid_link", "This interview link is not valid.")
