"""The router: per-task providers, offline by configuration, offline fallback after a provider fails."""

from __future__ import annotations

import pytest

from fake_llm_server import FAKE_API_KEY, Delay, Status, Text, ToolCall
from interview_core.config.settings import Settings, TaskSettings
from interview_core.language.router import LanguageRouter, build_language


def router_for(settings, offline):
    return LanguageRouter(settings, offline_factory=lambda s: offline)


def test_default_settings_run_everything_offline():
    router = build_language(Settings())
    assert router.mode == "offline"
    assert router.offline_tasks == ["extraction", "signals", "question"]
    assert router.routes == {"extraction": "offline", "signals": "offline", "question": "offline"}


def test_a_provider_without_a_key_runs_offline_by_configuration():
    settings = Settings().with_provider("anthropic")
    router = build_language(settings)
    assert router.mode == "offline" and len(router.offline_tasks) == 3


def test_mode_and_routes_with_keys(make_settings):
    router = build_language(make_settings("anthropic"))
    assert router.mode == "anthropic" and router.offline_tasks == []
    assert router.routes["question"] == "anthropic:claude-haiku-4-5"
    mixed = make_settings("anthropic", tasks={"question": TaskSettings(provider="openai", model="deepseek-chat")})
    assert build_language(mixed).mode == "mixed"


def test_default_models_come_from_settings_yaml(make_settings):
    settings = make_settings("openai", tasks={"question": TaskSettings(provider="openai")})  # model: None
    assert build_language(settings).routes["question"] == "openai:gpt-4.1-mini"


def test_a_provider_without_any_model_is_a_configuration_error(make_settings, monkeypatch, tmp_path):
    (tmp_path / "settings.yaml").write_text("max_turns: 20\n")
    monkeypatch.setenv("INTERVIEW_SETTINGS_FILE", str(tmp_path / "settings.yaml"))  # no default_models
    settings = make_settings("openai", tasks={"question": TaskSettings(provider="openai")})
    with pytest.raises(ValueError, match="no model configured for task 'question' on provider 'openai'"):
        build_language(settings)


def test_happy_path_is_one_call_per_task(make_settings, server, fake_offline, extraction_request, question_request):
    router = router_for(make_settings("anthropic"), fake_offline)
    result = router.extract(extraction_request)
    question = router.write_question(question_request)

    assert len(server.requests) == 2  # extraction with assessment, then the question: two calls per turn
    assert fake_offline.calls == []
    assert result.nodes[0].node_type == "attribute" and result.assessment.engagement == 0.7
    assert question.question == "What else comes to mind about that (point 2)?"  # one question of the two sent
    assert [u.fallback_reason for u in [*result.usage, *question.usage]] == [None, None]


def test_500_twice_falls_back_to_offline_and_says_why(make_settings, server, fake_offline, extraction_request):
    router = router_for(make_settings("anthropic"), fake_offline)
    server.queue(Status(500), Status(500))
    result = router.extract(extraction_request)

    assert fake_offline.calls == ["extract"]
    assert [n.label for n in result.nodes] == ["offline node"]
    assert result.nodes[0].quote == extraction_request.answer[:20]  # the answer reached the offline layer
    failed, offline = result.usage
    assert (failed.provider, failed.error) == ("anthropic", "anthropic: HTTP 500: fake failure after 2 attempts")
    assert offline.provider == "offline" and offline.fallback_reason == failed.error


def test_timeout_falls_back_for_the_question(make_settings, server, fake_offline, question_request):
    router = router_for(make_settings("openai", timeout_s=0.3), fake_offline)
    server.queue(Delay(1.0), Delay(1.0))
    result = router.write_question(question_request)

    assert result.question == "What else would you like to say?"
    assert result.usage[-1].fallback_reason == "openai: timeout after 2 attempts"
    assert result.usage[-1].task == "question"


def test_invalid_output_after_reask_falls_back(make_settings, server, fake_offline, extraction_request):
    router = router_for(make_settings("anthropic"), fake_offline)
    server.queue(ToolCall("not json"), ToolCall("still not json"))
    result = router.extract(extraction_request)
    assert result.usage[-1].fallback_reason.startswith("anthropic: invalid output after a re-ask")
    assert result.usage[0].input_tokens == 2400  # the two failed calls are still accounted


def test_a_bug_in_an_adapter_does_not_stop_the_interview(make_settings, fake_offline, extraction_request):
    class Broken:
        def extract(self, request):
            raise KeyError("oops")

    router = LanguageRouter(make_settings("anthropic"), adapters={"anthropic": Broken()},
                            offline_factory=lambda s: fake_offline)
    result = router.extract(extraction_request)
    assert result.usage[-1].fallback_reason == "anthropic: unexpected KeyError"


def test_fallback_reasons_never_contain_the_key(make_settings, server, fake_offline, question_request):
    router = router_for(make_settings("anthropic"), fake_offline)
    server.queue(Status(500, f"upstream said {FAKE_API_KEY}"), Status(500, f"upstream said {FAKE_API_KEY}"))
    result = router.write_question(question_request)
    assert FAKE_API_KEY not in result.model_dump_json()


def test_signals_on_another_model_get_their_own_assessment_call(make_settings, server, fake_offline, extraction_request):
    settings = make_settings("anthropic", tasks={"signals": TaskSettings(provider="anthropic", model="claude-haiku-4-5")})
    router = router_for(settings, fake_offline)
    server.queue(ToolCall({"nodes": [], "edges": [], "assessment": {**_assessment(), "engagement": 0.2}}),
                 ToolCall({**_assessment(), "engagement": 0.95}))
    result = router.extract(extraction_request)

    assert [r.tool_names for r in server.requests] == [["extract_graph_elements"], ["assess_answer"]]
    assert server.requests[1].body["model"] == "claude-haiku-4-5"
    assert result.assessment.engagement == 0.95  # the signals task's answer wins
    assert [u.task for u in result.usage] == ["extraction", "signals"]


def test_signals_offline_with_extraction_on_a_provider(make_settings, server, fake_offline, extraction_request):
    settings = make_settings("anthropic", tasks={"signals": TaskSettings(provider="offline")})
    router = router_for(settings, fake_offline)
    assert router.mode == "mixed" and router.offline_tasks == ["signals"]
    result = router.extract(extraction_request)
    assert len(server.requests) == 1 and fake_offline.calls == ["extract"]
    assert result.assessment.reasoning == "offline"
    assert result.usage[-1].task == "signals" and result.usage[-1].fallback_reason is None


def test_the_real_offline_layer_is_the_fallback(make_settings, server, extraction_request, question_request):
    """With no test double: the router loads interview_core.language.offline lazily."""
    router = build_language(make_settings("anthropic"))
    server.queue(Status(503), Status(503), Text(""), Text(""))
    result = router.extract(extraction_request)
    question = router.write_question(question_request)
    assert result.usage[-1].provider == "offline" and result.usage[-1].fallback_reason
    assert question.question and question.usage[-1].fallback_reason.startswith("anthropic: invalid output")


def _assessment():
    return {"extractable": True, "response_depth": "shallow", "valence": 0.5, "certainty": 0.5, "specificity": 0.5,
            "engagement": 0.5, "intellectual_engagement": 0.1, "ambiguity": 0.1, "hedging_language": "none",
            "knowledge_ceiling": "none", "reasoning": "r"}


def test_a_question_about_the_interview_is_answered_with_a_provider(make_settings, server, fake_offline, question_request):
    """The prompt shows the model the interviewer's answer; the router says it before the model's question."""
    from interview_core.language.contracts import Turn

    router = router_for(make_settings("anthropic"), fake_offline)
    request = question_request.model_copy(update={
        "turns_left": 3, "recent_turns": [Turn(question="Why does the creamy texture matter to you?",
                                                answer="Can I ask how long this takes? I've got a delivery coming.")]})
    server.queue(Text("What does the creamy texture give you?"))
    result = router.write_question(request)
    [req] = server.requests
    assert "asked about the interview itself" in req.user and "about 3" in req.user
    assert result.question.endswith("What does the creamy texture give you?")
    assert "3" in result.question.split("What does")[0] and fake_offline.calls == []
