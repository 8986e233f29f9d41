"""``POST /v1/interview/answers/stream``: the next question as server-sent events while a provider writes it
(the loopback server plays the provider), then the turn's result; errors as an ``error`` event."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from benchmarks.stream import fake_server_module
from interview_core.api.app import create_app
from interview_core.config.settings import DedupSettings, Settings, TaskSettings
from interview_core.session import InterviewSession

QUESTION = "What does the foam on your coffee do for your morning?"


@pytest.fixture
def provider():
    with fake_server_module().FakeLLMServer() as server:
        yield server


@pytest.fixture
def client_and_session(provider, tmp_path):
    settings = Settings(database=str(tmp_path / "api.db"), dedup=DedupSettings(embeddings_enabled=False),
                        question=TaskSettings(provider="anthropic", model="claude-haiku-4-5", timeout_s=10),
                        anthropic_api_key="sk-test-key", anthropic_base_url=provider.url, retry_backoff_s=0.01)
    session = InterviewSession.start("means_end_chain", "oat_milk", settings=settings, max_turns=6)
    with TestClient(create_app(settings)) as client:
        yield client, session


def events(client, token: str, question_id: str, text: str) -> list[tuple[str, dict]]:
    out = []
    with client.stream("POST", "/v1/interview/answers/stream", headers={"X-Session-Token": token},
                       json={"question_id": question_id, "text": text}) as response:
        assert response.status_code == 200 and response.headers["content-type"].startswith("text/event-stream")
        name = None
        for line in response.iter_lines():
            if line.startswith("event: "):
                name = line.removeprefix("event: ")
            elif line.startswith("data: "):
                out.append((name, json.loads(line.removeprefix("data: "))))
    return out


def test_the_next_question_arrives_as_chunks_then_the_result(client_and_session, provider):
    client, session = client_and_session
    provider.queue(fake_server_module().Stream(QUESTION), tool="text")
    token, question_id = session.row["respondent_token"], session.current_question_id
    got = events(client, token, question_id, "The foam holds its shape, which I like.")

    names = [name for name, _ in got]
    assert names[-1] == "result" and set(names[:-1]) == {"chunk"} and len(names) > 3
    assert "".join(data["text"] for _, data in got[:-1]) == QUESTION
    result = got[-1][1]
    assert result["question"]["text"] == QUESTION and result["turn"] == 1
    assert session.repo.current_question(session.session_id)["text"] == QUESTION


def test_a_stale_question_is_an_error_event_and_nothing_is_stored(client_and_session):
    client, session = client_and_session
    got = events(client, session.row["respondent_token"], "not-the-current-question", "An answer.")
    [(name, data)] = got
    assert name == "error" and data["status"] == 409 and data["error"]["code"] == "stale_question"
    assert session.repo.completed_turns(session.session_id) == 0
