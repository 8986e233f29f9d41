"""Access rules: password hashes, what counts as local, respondent links, the CLI hash command."""

from __future__ import annotations

import subprocess
import sys

import pytest

from interview_core.access import (hash_password, is_loopback, respondent_link, sign_in_required,
                                   verify_password)
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
