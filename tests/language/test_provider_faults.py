"""Provider faults: a malformed JSON 200 reply is a provider error (retried, one log line, no traceback);
a provider that never answers opens a circuit breaker so the next calls run offline at once."""

from __future__ import annotations

import logging
import time

import pytest

from fake_llm_server import FakeLLMServer, Hang, Raw
from interview_core.language.breaker import CircuitBreaker
from interview_core.language.router import LanguageRouter


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize("provider", ["anthropic", "openai"])
def test_a_malformed_json_reply_is_retried_then_falls_back_with_one_log_line(
        provider, make_settings, server, fake_offline, extraction_request, caplog):
    router = LanguageRouter(make_settings(provider), offline_factory=lambda s: fake_offline, breaker=CircuitBreaker())
    server.queue(Raw(b'{"id": "msg_1", "content": [{"type": "tool_u'), Raw(b'{"id": "msg_1", "content": [{"type": "tool_u'))
    with caplog.at_level(logging.INFO, logger="interview_core"):
        result = router.extract(extraction_request)

    assert len(server.requests) == 2  # retried like a 5xx
    reason = result.usage[-1].fallback_reason
    assert reason.startswith(f"{provider}: malformed JSON reply (") and reason.endswith("after 2 attempts"), reason
    assert "unexpected" not in reason
    records = [r for r in caplog.records if r.name.startswith("interview_core.language")]
    assert len(records) == 1 and records[0].exc_info is None
    assert records[0].getMessage() == f"extraction ran offline this turn: {reason}"


def test_a_hung_provider_opens_the_breaker_for_its_task(make_settings, fake_offline, question_request):
    clock = Clock()
    breaker = CircuitBreaker(clock)
    with FakeLLMServer() as hung:
        hung.queue(*[Hang()] * 10)
        settings = make_settings("openai", timeout_s=0.3, breaker_cooloff_s=60.0)
        settings = settings.model_copy(update={"openai_base_url": hung.url + "/v1"})
        router = LanguageRouter(settings, offline_factory=lambda s: fake_offline, breaker=breaker)

        started = time.perf_counter()
        first = router.write_question(question_request)
        first_s = time.perf_counter() - started
        assert first.usage[-1].fallback_reason == "openai: timeout after 2 attempts"
        assert len(hung.requests) == 2 and first_s >= 0.6
        assert router.cooling_off() == {"question": 60.0}

        clock.now += 15
        second = router.write_question(question_request)
        assert len(hung.requests) == 2  # no request sent, so no waiting on the hung server
        assert second.question == "What else would you like to say?"
        assert [u.fallback_reason for u in second.usage] == ["openai: cooling off for 45 s after a timeout"]
        assert router.cooling_off() == {"question": 45.0}

        clock.now += 46  # cooled off: the provider is tried again (and times out again)
        assert router.cooling_off() == {}
        third = router.write_question(question_request)
        assert len(hung.requests) == 4 and third.usage[-1].fallback_reason == "openai: timeout after 2 attempts"
        assert router.cooling_off() == {"question": 60.0}


def test_the_breaker_is_per_task_and_per_server(make_settings, server, fake_offline, question_request, extraction_request):
    breaker = CircuitBreaker(Clock())
    settings = make_settings("anthropic")
    router = LanguageRouter(settings, offline_factory=lambda s: fake_offline, breaker=breaker)
    breaker.open(router._breaker_key("question", "anthropic"), "anthropic: timeout after 2 attempts", 30)
    assert router.write_question(question_request).usage[0].fallback_reason.startswith("anthropic: cooling off")
    assert router.extract(extraction_request).usage[-1].fallback_reason is None  # extraction still on the provider
    other = settings.model_copy(update={"anthropic_base_url": "http://127.0.0.1:9"})
    assert LanguageRouter(other, offline_factory=lambda s: fake_offline, breaker=breaker).cooling_off() == {}
