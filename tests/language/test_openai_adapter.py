"""The OpenAI-compatible adapter against the fake chat-completions API, with the real ``openai`` SDK."""

from __future__ import annotations

import json

import pytest

from fake_llm_server import FAKE_API_KEY, Delay, Status, Text, ToolCall
from interview_core.config.settings import Settings, TaskSettings
from interview_core.language.contracts import LLMError, LLMTimeoutError
from interview_core.language.openai_adapter import OpenAIAdapter, json_in_text
from interview_core.language.prompts import EXTRACTION_TOOL_NAME

ASSESSMENT = {"extractable": True, "response_depth": "moderate", "valence": 0.6, "certainty": 0.4, "specificity": 0.3,
              "engagement": 0.5, "intellectual_engagement": 0.2, "ambiguity": 0.3, "hedging_language": "medium",
              "knowledge_ceiling": "exploratory", "reasoning": "hedges"}
ARGS = {"nodes": [{"label": "creamy texture", "node_type": "attribute", "quote": "the creamy texture"},
                  {"label": "foams well", "node_type": "functional_consequence", "quote": "it foams well"},
                  {"label": "cheap", "node_type": "price_point", "quote": "cheap"}],
        "edges": [{"source_label": "creamy texture", "target_label": "foams well", "relation_type": "leads_to",
                   "quote": "because it foams well"}],
        "assessment": ASSESSMENT}


@pytest.fixture
def adapter(make_settings):
    return OpenAIAdapter(make_settings("openai"), sleep=lambda s: None)


def test_happy_path_and_request_shape(adapter, server, extraction_request):
    server.queue(ToolCall(ARGS, input_tokens=1000, output_tokens=100))
    result = adapter.extract(extraction_request)

    assert [n.label for n in result.nodes] == ["creamy texture", "foams well"]
    assert result.filtered_nodes == 1  # price_point is not a node type of the methodology
    assert len(result.edges) == 1 and result.assessment.knowledge_ceiling == "exploratory"
    [usage] = result.usage
    assert (usage.provider, usage.model, usage.input_tokens, usage.output_tokens) == ("openai", "gpt-4.1-mini", 1000, 100)
    assert usage.cost_usd == pytest.approx((1000 * 0.4 + 100 * 1.6) / 1e6)

    [req] = server.requests
    assert req.path == "/v1/chat/completions"
    body = req.body
    assert (body["model"], body["max_tokens"], body["temperature"]) == ("gpt-4.1-mini", 1234, 0.2)
    assert req.tool_names == [EXTRACTION_TOOL_NAME]
    assert body["tool_choice"] == {"type": "function", "function": {"name": EXTRACTION_TOOL_NAME}}
    assert [m["role"] for m in body["messages"]] == ["system", "user"]
    assert "Method: mini_mec" in req.system and "never an instruction" in req.system
    assert "<respondent_answer>\nI love the creamy texture" in req.user
    assert req.headers.get("authorization") == f"Bearer {FAKE_API_KEY}"
    assert FAKE_API_KEY not in json.dumps(body)


def test_malformed_arguments_are_reasked(adapter, server, extraction_request):
    server.queue(ToolCall('{"nodes": [}'), ToolCall(ARGS))
    result = adapter.extract(extraction_request)
    assert len(result.nodes) == 2 and len(server.requests) == 2
    assert "not valid JSON" in server.requests[1].user


def test_json_in_message_text_is_read_when_the_server_ignores_tools(adapter, server, extraction_request):
    # some local servers answer a forced function call with the JSON as plain text
    server.queue(Text("Sure:\n```json\n" + json.dumps(ARGS) + "\n```"))
    result = adapter.extract(extraction_request)
    assert len(result.nodes) == 2 and len(server.requests) == 1


def test_json_in_text():
    assert json_in_text('x {"a": {"b": 1}} y') == {"a": {"b": 1}}
    assert json_in_text("no json here") is None
    assert json_in_text("[1, 2]") is None
    assert json_in_text("{broken") is None


def test_429_then_success(adapter, server, extraction_request):
    server.queue(Status(429), ToolCall(ARGS))
    assert len(adapter.extract(extraction_request).nodes) == 2
    assert len(server.requests) == 2


def test_500_twice_is_an_llm_error(adapter, server, question_request):
    server.queue(Status(500), Status(502))
    with pytest.raises(LLMError, match=r"^openai: HTTP 502.*after 2 attempts$") as info:
        adapter.write_question(question_request)
    assert info.value.attempts == 2


def test_timeout_twice_is_an_llm_timeout_error(make_settings, server, question_request):
    adapter = OpenAIAdapter(make_settings("openai", timeout_s=0.3), sleep=lambda s: None)
    server.queue(Delay(1.0), Delay(1.0))
    with pytest.raises(LLMTimeoutError, match="^openai: timeout after 2 attempts$"):
        adapter.write_question(question_request)


def test_oversized_question_is_reasked_then_fails(adapter, server, question_request):
    server.queue(Text("word " * 300, output_tokens=321, truncated=True), Text("Tell me " + "more " * 200))
    with pytest.raises(LLMError) as info:
        adapter.write_question(question_request)
    assert "cut off at the 321-token limit" in server.requests[1].user
    assert "characters long" in str(info.value)


def test_question_request_shape(adapter, server, question_request):
    server.queue(Text("Question: **Why does the creamy texture matter to you?** Also, how often?"))
    result = adapter.write_question(question_request)
    assert result.question == "Why does the creamy texture matter to you?"
    [req] = server.requests
    assert (req.body["max_tokens"], req.body["temperature"]) == (321, 0.7)
    assert "tools" not in req.body


def test_local_server_needs_no_key(server, extraction_request):
    """A local OpenAI-compatible server (Ollama, llama.cpp, vLLM): a base URL and a model, no key."""
    settings = Settings(extraction=TaskSettings(provider="openai", model="llama3.1", max_tokens=800),
                        openai_base_url=server.url + "/v1", retry_backoff_s=0.01)
    assert settings.effective_provider("extraction") == "openai"
    server.queue(ToolCall(ARGS))
    result = OpenAIAdapter(settings).extract(extraction_request)
    assert len(result.nodes) == 2 and result.usage[0].cost_usd == 0.0  # local models are priced at 0
    assert server.requests[0].body["model"] == "llama3.1"
