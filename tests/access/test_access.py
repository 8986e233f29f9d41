"""Access rules: password hashes, what counts as local, respondent links, the CLI hash command."""

from __future__ import annotations

import subprocess
import sys

import pytest

from interview_core.access import (AUTH_KEYS, auth_problems, hash_password, identity_allowed, is_loopback,
                                   respondent_link, sign_in_required, verify_password)
from interview_core.config.settings import Settings


def test_hash_round_trip_and_refusals():
    h = hash_password("correct horse battery", iterations=1000, salt=b"0123456789abcdef")
    assert h.startswith("pbkdf2_sha256$1000$")
    assert verify_password("correct horse battery", password_hash=h)
    assert not verify_password("correct horse batterY", password_hash=h)
    assert not verify_password("", password_hash=h)
    assert not verify_password("x", password_hash="md5$1$aa$bb")
    assert not verify_password("x", password_hash="garbage")
    assert hash_password("a") != hash_password("a")  # fresh salt each time
    with pytest.raises(ValueError):
        hash_password("")


def test_plain_password_and_nothing_configured():
    assert verify_password("s3cret", password="s3cret")
    assert not verify_password("s3cre", password="s3cret")
    assert not verify_password("anything")  # nothing configured: nobody gets in
    h = hash_password("other", iterations=1000)
    assert not verify_password("s3cret", password="s3cret", password_hash=h)  # the hash wins when both are set


@pytest.mark.parametrize("host,expected", [
    ("127.0.0.1", True), ("127.1.2.3", True), ("::1", True), ("[::1]", True), ("localhost", True),
    ("0.0.0.0", False), ("", False), (None, False), ("192.168.1.5", False), ("example.org", False), ("::", False),
])
def test_is_loopback(host, expected):
    assert is_loopback(host) is expected


@pytest.mark.parametrize("address,forced,client,proxied,expected", [
    ("127.0.0.1", False, None, False, False),        # make run: local, sign-in free
    ("127.0.0.1", True, None, False, True),          # make serve forces it
    ("0.0.0.0", False, None, False, True),           # every interface
    (None, False, None, False, True),                # Streamlit's default: every interface
    ("127.0.0.1", False, None, True, True),          # behind a reverse proxy
    ("127.0.0.1", False, "10.0.0.7", False, True),   # a visitor from elsewhere
])
def test_sign_in_required(address, forced, client, proxied, expected):
    assert sign_in_required(server_address=address, forced=forced, client_address=client, proxied=proxied) is expected


def test_respondent_link():
    assert respondent_link("abc-_1") == "?session=abc-_1&view=respondent"
    assert respondent_link("tok", "https://i.example.org/") == "https://i.example.org/?session=tok&view=respondent"


def test_access_settings_from_environment(monkeypatch):
    monkeypatch.setenv("INTERVIEW_ACCESS__REQUIRE_SIGN_IN", "1")
    monkeypatch.setenv("INTERVIEW_ACCESS__ANALYST_PASSWORD_HASH", "pbkdf2_sha256$1$AA==$AA==")
    monkeypatch.setenv("INTERVIEW_ACCESS__PUBLIC_BASE_URL", "https://i.example.org")
    access = Settings().access
    assert access.require_sign_in and access.password_configured
    assert access.public_base_url == "https://i.example.org"
    assert "pbkdf2" not in repr(access)  # held as a secret, never printed


def test_cli_hash_password():
    out = subprocess.run([sys.executable, "-m", "interview_core.cli.main", "hash-password", "--stdin"],
                         input="a long enough password\n", capture_output=True, text=True, check=True).stdout.strip()
    assert verify_password("a long enough password", password_hash=out)
    short = subprocess.run([sys.executable, "-m", "interview_core.cli.main", "hash-password", "--stdin"],
                           input="short\n", capture_output=True, text=True)
    assert short.returncode == 2 and "12 characters" in short.stderr


@pytest.mark.parametrize("email,verified,expected", [
    ("ana@research.example", True, True),            # listed address
    ("  ANA@Research.Example ", None, True),         # case and spaces ignored; no claim: taken at its word
    ("ana@research.example", False, False),          # the provider says the address is unverified
    ("ana@research.example", "false", False),        # ... also as a string
    ("ben@team.example", True, True),                # listed domain
    ("ben@sub.team.example", True, False),           # a subdomain is another domain
    ("ben@badteam.example", True, False),            # a suffix is not the domain
    ("team.example", True, False),                   # not an address
    ("eve@team.example@evil.example", True, False),  # two @: not one address
    ("", True, False), (None, True, False),
    ("eve@elsewhere.example", True, False),          # on neither list
])
def test_identity_allowed(email, verified, expected):
    lists = {"emails": ["Ana@research.example"], "domains": ["@Team.example."]}
    assert identity_allowed(email, email_verified=verified, **lists) is expected


def test_identity_allowed_with_nothing_listed_admits_nobody():
    assert not identity_allowed("ana@research.example", email_verified=True)


def test_auth_problems_name_keys_never_values():
    good = {"redirect_uri": "https://i.example.org/oauth2callback", "cookie_secret": "s" * 40,
            "client_id": "app", "client_secret": "top-secret-value", "server_metadata_url":
            "https://idp.example.org/.well-known/openid-configuration"}
    assert auth_problems(good) == []
    assert auth_problems({}) == [f"{k} is missing" for k in AUTH_KEYS]
    bad = dict(good, redirect_uri="i.example.org/callback", cookie_secret="short-secret-value", client_secret="")
    problems = auth_problems(bad)
    assert problems == ["client_secret is missing",
                        "redirect_uri must be the app's address followed by /oauth2callback",
                        "redirect_uri must be an absolute address (http:// or https://)",
                        "cookie_secret is shorter than 32 characters"]
    assert not any(v in " ".join(problems) for v in ("short-secret-value", "i.example.org"))
    assert auth_problems(good, "https://i.example.org/") == []
    assert auth_problems(good, "https://interviews.example.org") == [
        "redirect_uri is not access.public_base_url followed by /oauth2callback"]


def test_secrets_file_shared_with_streamlit_auth(monkeypatch, tmp_path):
    """Streamlit's [auth] sections sit beside our [access] in one secrets file: ours is read, theirs ignored,
    and no value of theirs ends up in the settings."""
    secrets = tmp_path / "secrets.toml"
    secrets.write_text('[auth]\nredirect_uri = "http://127.0.0.1:8501/oauth2callback"\n'
                       'cookie_secret = "COOKIE-SECRET-VALUE"\nclient_id = "app"\nclient_secret = "CLIENT-SECRET-VALUE"\n'
                       'server_metadata_url = "https://idp.example.org/.well-known/openid-configuration"\n'
                       '[auth.microsoft]\nclient_id = "m"\nclient_secret = "CLIENT-SECRET-VALUE"\n'
                       '[access]\nanalyst_emails = ["ana@research.example"]\nanalyst_email_domains = ["team.example"]\n')
    monkeypatch.setenv("INTERVIEW_SECRETS_FILE", str(secrets))
    settings = Settings()
    assert settings.access.analyst_emails == ["ana@research.example"]
    assert settings.access.analyst_email_domains == ["team.example"]
    assert "SECRET-VALUE" not in repr(settings) + settings.model_dump_json()


def test_a_bad_secret_is_not_echoed_in_the_settings_error(monkeypatch, tmp_path):
    secrets = tmp_path / "secrets.toml"
    secrets.write_text('[access]\nanalyst_password = 918273645546372819\n')  # a number, not a string
    monkeypatch.setenv("INTERVIEW_SECRETS_FILE", str(secrets))
    with pytest.raises(ValueError) as err:
        Settings()
    assert "access.analyst_password" in str(err.value) and "918273645546372819" not in str(err.value)
