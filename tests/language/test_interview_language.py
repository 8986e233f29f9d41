"""The interview language: codes validated in concepts and studies, stored with the session, and refused
offline (session API, study service, CLI, API) with nothing stored."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from language_support import concept_in_language as german_concept_dir

from interview_core.api.auth import KEY_HASHES_ENV, hash_key
from interview_core.config.concept import load_concept
from interview_core.config.errors import ConfigError
from interview_core.config.settings import DedupSettings, Settings, TaskSettings
from interview_core.language.codes import check_language_tag, is_english, language_name, primary_language
from interview_core.language.interview_language import offline_tasks_for
from interview_core.persistence import Repository
from interview_core.session import InterviewSession, LanguageNotAvailable
from interview_core.study import service
from interview_core.study.model import Study, load_study

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def offline_settings(tmp_path):
    return Settings(database=str(tmp_path / "lang.db"), dedup=DedupSettings(embeddings_enabled=False))


@pytest.mark.parametrize("tag, normalised, name", [
    ("en", "en", "English"), ("DE", "de", "German"), ("pt-br", "pt-BR", "Portuguese (BR)"),
    ("zh-Hant", "zh-Hant", "Chinese (Hant)"), ("fr", "fr", "French"),
])
def test_language_codes_are_iso_639_1(tag, normalised, name):
    assert check_language_tag(tag) == normalised
    assert language_name(normalised) == name


@pytest.mark.parametrize("bad", ["english", "deu", "xx", "", "de_DE", "d"])
def test_other_values_are_refused(bad):
    with pytest.raises(ValueError, match="ISO 639-1"):
        check_language_tag(bad)


def test_english_and_primary_subtags():
    assert is_english("en") and is_english("en-GB") and is_english(None)
    assert not is_english("de") and primary_language("pt-BR") == "pt"


def test_a_bad_concept_language_names_file_and_key(tmp_path, monkeypatch):
    path = german_concept_dir(tmp_path, monkeypatch, language="deutsch")
    with pytest.raises(ConfigError) as exc:
        load_concept(path)
    text = str(exc.value)
    assert "hafermilch.yaml" in text and "language" in text and "deutsch" in text and "ISO 639-1" in text


def test_a_bad_study_language_names_file_and_key(tmp_path):
    path = tmp_path / "wave.yaml"
    path.write_text("name: Wave\nconcept: oat_milk\nlanguage: german\n", encoding="utf-8")
    with pytest.raises(ConfigError) as exc:
        load_study(path)
    assert "wave.yaml" in str(exc.value) and "language" in str(exc.value) and "german" in str(exc.value)


def test_offline_tasks_for_a_language():
    offline = Settings()
    assert offline_tasks_for("en", offline) == []
    assert offline_tasks_for("de", offline) == ["extraction", "signals", "question"]
    provider = Settings(anthropic_api_key="sk-test-key-0123456789", question=TaskSettings(provider="anthropic"),
                        extraction=TaskSettings(provider="anthropic"), signals=TaskSettings(provider="anthropic"))
    assert offline_tasks_for("de", provider) == []
    mixed = provider.model_copy(update={"signals": TaskSettings(provider="offline")})
    assert offline_tasks_for("de", mixed) == ["signals"]


def test_an_offline_german_interview_is_refused_and_nothing_stored(tmp_path, monkeypatch, offline_settings):
    german_concept_dir(tmp_path, monkeypatch)
    with pytest.raises(LanguageNotAvailable) as exc:
        InterviewSession.start(concept="hafermilch", settings=offline_settings)
    message = str(exc.value)
    assert "German" in message and "English only" in message and "configure a provider" in message
    assert "English concept" in message and "Nothing was stored" in message
    assert Repository(offline_settings.database).list_sessions() == []


def test_an_offline_german_study_is_refused_and_nothing_stored(offline_settings):
    repo = Repository(offline_settings.database)
    study = service.create_study(repo, Study(name="Welle 1", concept="oat_milk", language="de"))
    with pytest.raises(LanguageNotAvailable, match="German"):
        service.start_session(repo, study["study_id"], db_path=offline_settings.database, settings=offline_settings)
    assert repo.list_sessions() == [] and repo.study_sessions(study["study_id"]) == []


def test_the_session_keeps_its_language(offline_settings):
    repo = Repository(offline_settings.database)
    study = service.create_study(repo, Study(name="Wave GB", concept="oat_milk", language="en-gb"))
    session = service.start_session(repo, study["study_id"], db_path=offline_settings.database,
                                    settings=offline_settings)
    assert session.row["interview_language"] == "en-GB" and session.interview_language == "en-GB"
    again = InterviewSession.load(session.session_id, settings=offline_settings)
    assert again.interview_language == "en-GB" and again.concept.language == "en-GB"
    assert again.language_problem is None


def test_a_german_session_loaded_offline_refuses_answers_and_stores_nothing(offline_settings):
    session = InterviewSession.start(concept="oat_milk", settings=offline_settings, max_turns=3)
    repo = session.repo  # as if it had been started with a provider that is gone now
    repo.db.execute("UPDATE sessions SET interview_language = 'de' WHERE session_id = ?", (session.session_id,))
    loaded = InterviewSession.load(session.session_id, settings=offline_settings)
    assert loaded.interview_language == "de" and "German" in loaded.language_problem
    assert "German" in loaded.respondent_language_notice and "Nothing you typed" in loaded.respondent_language_notice
    before = repo.list_utterances(session.session_id)
    with pytest.raises(LanguageNotAvailable):
        loaded.answer("Ich mag die cremige Textur.")
    assert repo.list_utterances(session.session_id) == before


def test_the_cli_refuses_an_offline_german_interview(tmp_path, monkeypatch):
    german_concept_dir(tmp_path, monkeypatch)
    db = tmp_path / "cli.db"
    import os
    env = {**os.environ, "PYTHONPATH": str(ROOT), "INTERVIEW_DEDUP__EMBEDDINGS_ENABLED": "false"}
    proc = subprocess.run([sys.executable, "-m", "interview_core.cli.main", "run", "--concept", "hafermilch",
                           "--db", str(db)], input="", env=env, capture_output=True, text=True, timeout=180, cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    assert "German" in proc.stderr and "English only" in proc.stderr and "Traceback" not in proc.stderr
    assert Repository(str(db)).list_sessions() == []


def test_the_api_refuses_an_offline_german_interview(tmp_path, monkeypatch, offline_settings):
    german_concept_dir(tmp_path, monkeypatch)
    monkeypatch.setenv(KEY_HASHES_ENV, hash_key("k" * 24))
    from interview_core.api.app import create_app

    with TestClient(create_app(offline_settings)) as client:
        reply = client.post("/v1/sessions", json={"concept": "hafermilch"}, headers={"X-API-Key": "k" * 24})
    assert reply.status_code == 409, reply.text
    assert reply.json()["error"]["code"] == "language_not_available"
    assert "English only" in reply.json()["error"]["message"]
    assert Repository(offline_settings.database).list_sessions() == []
