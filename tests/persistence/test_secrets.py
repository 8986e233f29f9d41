import sqlite3

import pytest
from pydantic import SecretStr

from interview_core.config.settings import Settings
from interview_core.persistence import Repository, SecretValueError, summarize_settings
from persistence_helpers import new_session

FAKE_KEY = "sk-" + "ant-api03-FAKEFAKEFAKEFAKEFAKEFAKE0123456789"  # built so no key pattern sits in the source


def settings_like():
    return {
        "extraction": {"provider": "anthropic", "model": "claude-sonnet-4-5", "temperature": 0.2,
                       "api_key": FAKE_KEY},
        "signals": {"provider": "offline", "model": None},
        "question": {"provider": "openai", "model": "gpt-4o-mini", "max_tokens": 300},
        "anthropic_api_key": FAKE_KEY,
        "openai_api_key": SecretStr("sk-proj-another"),
        "openai_base_url": "https://user:sk-pw@llm.local/v1",
        "prices": {"claude": {"input": 3.0, "output": 15.0}},
        "max_turns": 12,
        "offline": False,
        "dedup": {"jaccard_threshold": 0.75, "token": FAKE_KEY},
    }


def test_only_allow_listed_fields_survive():
    assert summarize_settings(settings_like()) == {
        "extraction": {"provider": "anthropic", "model": "claude-sonnet-4-5", "temperature": 0.2},
        "signals": {"provider": "offline", "model": None},
        "question": {"provider": "openai", "model": "gpt-4o-mini", "max_tokens": 300},
        "max_turns": 12,
        "offline": False,
        "dedup": {"jaccard_threshold": 0.75},
    }


@pytest.mark.parametrize("value", [FAKE_KEY, "sk-proj-abc", "Bearer abc.def", "A" * 48])
def test_credential_like_values_in_allowed_fields_are_refused(value):
    data = {"question": {"provider": "anthropic", "model": value}}
    with pytest.raises(SecretValueError, match="question.model"):
        summarize_settings(data)


def test_secret_objects_are_refused_even_in_allowed_fields():
    with pytest.raises(SecretValueError, match="SecretStr"):
        summarize_settings({"extraction": {"model": SecretStr("x")}})


def test_a_real_settings_object_with_keys(monkeypatch, tmp_path):
    monkeypatch.setenv("INTERVIEW_SECRETS_FILE", str(tmp_path / "none.toml"))
    monkeypatch.setenv("INTERVIEW_SETTINGS_FILE", str(tmp_path / "none.yaml"))
    settings = Settings(anthropic_api_key=FAKE_KEY, openai_base_url="http://localhost:1234/v1")
    summary = summarize_settings(settings)
    assert set(summary) == {"extraction", "signals", "question", "offline_default", "max_turns", "dedup"}
    assert "FAKE" not in repr(summary) and "localhost" not in repr(summary)


def test_no_key_reaches_the_database_file(sqlite_path):
    db_path = sqlite_path
    repo = Repository(db_path)
    new_session(repo, settings_summary=settings_like())
    repo.update_session("s1", settings_summary=settings_like())
    with pytest.raises(SecretValueError):
        new_session(repo, "s2", settings_summary={"question": {"model": FAKE_KEY}})
    assert repo.get_session("s2") is None
    repo.close()
    con = sqlite3.connect(db_path)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    dump = "\n".join(con.iterdump())
    assert "FAKEFAKE" not in dump and "sk-proj" not in dump and "sk-pw" not in dump
    assert "claude-sonnet-4-5" in dump  # the summary itself is stored
    raw = b"".join(p.read_bytes() for p in db_path.parent.iterdir() if p.name.startswith(db_path.name))
    assert b"FAKEFAKE" not in raw
