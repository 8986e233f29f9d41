"""Faults as the pages see them: hostile YAML in the Weights editor, a NUL byte in "save as", a hung
provider announced on the page."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from interview_core.viz.whatif import methodology_file_problem
from test_pages import app, start_interview, texts

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "language"))
from fake_llm_server import FakeLLMServer, Hang  # noqa: E402


@pytest.fixture
def weights_page():
    at = start_interview(app())
    at.switch_page("pages/weights.py").run()
    assert not at.exception
    return at


def test_hostile_yaml_in_the_editor_is_a_message(weights_page):
    at = weights_page
    sid = at.session_state["session_id"]
    at.text_area(key=f"w_text_{sid}").set_value("a: " + "[" * 50_000 + "]" * 50_000).run()
    assert not at.exception
    errors = " ".join(e.value for e in at.error)
    assert "means_end_chain.yaml: line 1, column 67: refused YAML: nested more than 64 levels deep" in errors
    at.text_area(key=f"w_text_{sid}").set_value("method:\n  name: " + "9" * 4301).run()
    assert not at.exception and "integer too large" in " ".join(e.value for e in at.error)


def test_a_nul_byte_in_save_as_is_a_clear_message(weights_page):
    at = weights_page
    at.text_input(key="w_file").set_value("evil\x00name.yaml").run()
    assert not at.exception
    assert any("control character (\\x00 at position 5)" in e.value for e in at.error)
    assert at.button(key="w_save").disabled


@pytest.mark.parametrize("name, problem", [
    ("ok_v2.yaml", None),
    ("a\x00.yaml", "control character (\\x00 at position 2)"),
    ("../x.yaml", "no folders"),
    ("sub/x.yaml", "no folders"),
    (".hidden.yaml", "no folders"),
    ("x.txt", "must end in .yaml"),
    ("", "no folders"),
])
def test_methodology_file_names(name, problem):
    found = methodology_file_problem(name)
    assert (found is None) if problem is None else (problem in found)


def test_a_hung_provider_is_announced_and_the_interview_goes_on(monkeypatch):
    with FakeLLMServer() as hung:
        hung.queue(*[Hang()] * 20)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-hung")
        monkeypatch.setenv("OPENAI_BASE_URL", hung.url + "/v1")
        monkeypatch.setenv("INTERVIEW_QUESTION__PROVIDER", "openai")
        monkeypatch.setenv("INTERVIEW_QUESTION__TIMEOUT_S", "0.3")
        monkeypatch.setenv("INTERVIEW_RETRY_BACKOFF_S", "0.01")
        monkeypatch.setenv("INTERVIEW_DEDUP__EMBEDDINGS_ENABLED", "false")
        at = start_interview(app())  # the opening question times out twice, then runs offline
        assert len(hung.requests) == 2
        assert "The language provider timed out" in texts(at) and "question (" in texts(at)
        at.chat_input[0].set_value("Creamy, it foams well in my coffee").run()
        assert not at.exception
        assert len(hung.requests) == 2  # cooling off: the next question went offline at once
        assert len(at.chat_message) == 3
