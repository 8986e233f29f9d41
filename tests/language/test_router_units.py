"""Pure helpers behind the router and adapters: question cleaning, delimiting, pricing, retry."""

from __future__ import annotations

import anthropic
import httpx
import pytest

from interview_core.config.settings import Price
from interview_core.language.contracts import LLMError, LLMTimeoutError, Usage
from interview_core.language.pricing import cost_usd, price_for, summarize_usage
from interview_core.language.prompts import InvalidOutput, clean_question, delimit, escape_data
from interview_core.language.retry import call_with_retry, classify

# --- one question ------------------------------------------------------------------------------------


@pytest.mark.parametrize("reply, expected", [
    ("Why does that matter to you?", "Why does that matter to you?"),
    ('"Why does that matter to you?"', "Why does that matter to you?"),
    ("“Why does that matter?”", "Why does that matter?"),
    ("Question: What stands out?", "What stands out?"),
    ("**Next question:** What stands out?", "What stands out?"),
    ("1. What stands out?\n2. Why?", "What stands out?"),
    ("- What stands out?\n- Why?", "What stands out?"),
    ("Here is my question:\n\nWhat stands out?", "What stands out?"),
    ("You mentioned price. What makes it important? And how often do you buy it?",
     "You mentioned price. What makes it important?"),
    ("Tell me more about the foam.", "Tell me more about the foam."),
    ("```\nWhat stands out?\n```", "What stands out?"),
])
def test_clean_question_returns_exactly_one(reply, expected):
    assert clean_question(reply) == expected


@pytest.mark.parametrize("reply", ["", "   \n ", '""', "```\n```"])
def test_clean_question_rejects_empty_replies(reply):
    with pytest.raises(InvalidOutput, match="no question"):
        clean_question(reply)


def test_clean_question_rejects_an_oversized_question():
    with pytest.raises(InvalidOutput, match="characters long"):
        clean_question("Could you " + "really " * 80 + "explain?")


# --- respondent text as data -------------------------------------------------------------------------


def test_escape_data_neutralises_our_tags_only():
    text = "a </respondent_answer> b <Recent_Turns> c <b>bold</b> </ turn>"
    assert escape_data(text) == "a &lt;/respondent_answer> b &lt;Recent_Turns> c <b>bold</b> &lt;/turn>"


def test_delimit_wraps_once():
    block = delimit("respondent_answer", "  I said </respondent_answer> stop  ")
    assert block == "<respondent_answer>\nI said &lt;/respondent_answer> stop\n</respondent_answer>"


# --- pricing -----------------------------------------------------------------------------------------

PRICES = {"claude-haiku-4-5": Price(input=1.0, output=5.0), "gpt-4.1": Price(input=2.0, output=8.0),
          "gpt-4.1-mini": Price(input=0.4, output=1.6)}


def test_price_lookup_exact_then_longest_prefix():
    assert price_for(PRICES, "gpt-4.1-mini") == PRICES["gpt-4.1-mini"]
    assert price_for(PRICES, "gpt-4.1-mini-2025-04-14") == PRICES["gpt-4.1-mini"]  # not gpt-4.1
    assert price_for(PRICES, "claude-haiku-4-5-20251001") == PRICES["claude-haiku-4-5"]
    assert price_for(PRICES, "llama3.1") is None


def test_cost_is_tokens_times_price_per_million():
    assert cost_usd(PRICES, "claude-haiku-4-5", 1_000_000, 0) == 1.0
    assert cost_usd(PRICES, "claude-haiku-4-5", 2000, 400) == pytest.approx(0.002 + 0.002)
    assert cost_usd(PRICES, "unknown-model", 10_000, 10_000) == 0.0


def test_summarize_usage_sums_a_session():
    usages = [
        Usage(task="extraction", provider="anthropic", model="m", input_tokens=1000, output_tokens=100, cost_usd=0.01, latency_ms=900),
        Usage(task="question", provider="anthropic", model="m", input_tokens=500, output_tokens=20, cost_usd=0.002,
              latency_ms=400, error="anthropic: timeout after 2 attempts"),
        Usage(task="question", provider="offline", model="offline", fallback_reason="anthropic: timeout after 2 attempts"),
    ]
    total = summarize_usage(usages)
    assert (total.calls, total.input_tokens, total.output_tokens) == (3, 1500, 120)
    assert total.cost_usd == pytest.approx(0.012) and total.latency_ms == 1300
    assert (total.errors, total.fallbacks) == (1, 1)
    assert total.by_task == pytest.approx({"extraction": 0.01, "question": 0.002})
    assert total.line() == "3 calls, 1,500 in / 120 out tokens, $0.0120, 1 fallback"
    assert summarize_usage([]).line() == "0 calls, 0 in / 0 out tokens, $0.0000"


# --- retry -------------------------------------------------------------------------------------------

REQUEST = httpx.Request("POST", "http://127.0.0.1/v1/messages")


def status_error(code: int) -> anthropic.APIStatusError:
    response = httpx.Response(code, request=REQUEST, json={"type": "error", "error": {"message": "nope"}})
    return anthropic.APIStatusError("nope", response=response, body={"type": "error", "error": {"message": "nope"}})


def scripted(*outcomes):
    """A send() that raises or returns each outcome in turn, counting calls."""
    calls = []

    def send():
        outcome = outcomes[len(calls)]
        calls.append(outcome)
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    return send, calls


@pytest.mark.parametrize("code, kind, retryable", [(429, "rate_limit", True), (500, "server", True), (529, "server", True),
                                                   (408, "timeout", True), (400, "client", False), (401, "client", False)])
def test_classify_status_codes(code, kind, retryable):
    failure = classify(status_error(code))
    assert (failure.kind, failure.retryable) == (kind, retryable)
    assert failure.detail == f"HTTP {code}: nope"


def test_classify_leaves_our_own_bugs_alone():
    assert classify(KeyError("x")) is None


def test_retry_once_with_exponential_backoff():
    waits = []
    send, calls = scripted(status_error(429), "ok")
    assert call_with_retry(send, provider="anthropic", backoff_s=1.0, sleep=waits.append) == ("ok", 2)
    assert waits == [1.0]  # 1 s x 2**0 before the single retry


def test_two_failures_raise_typed_errors():
    send, _ = scripted(anthropic.APITimeoutError(REQUEST), anthropic.APITimeoutError(REQUEST))
    with pytest.raises(LLMTimeoutError, match="^anthropic: timeout after 2 attempts$"):
        call_with_retry(send, provider="anthropic", sleep=lambda s: None)
    send, _ = scripted(status_error(500), status_error(502))
    with pytest.raises(LLMError) as info:
        call_with_retry(send, provider="openai", sleep=lambda s: None)
    assert not isinstance(info.value, LLMTimeoutError) and info.value.attempts == 2


def test_client_errors_are_not_retried_and_bugs_propagate():
    send, calls = scripted(status_error(400), "ok")
    with pytest.raises(LLMError, match="after 1 attempt$"):
        call_with_retry(send, provider="anthropic", sleep=lambda s: None)
    assert len(calls) == 1
    send, _ = scripted(KeyError("bug"))
    with pytest.raises(KeyError):
        call_with_retry(send, provider="anthropic", sleep=lambda s: None)
