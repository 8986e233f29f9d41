import pytest

from interview_core.language.contracts import Usage
from persistence_helpers import new_session


def test_calls_round_trip_in_order_and_sum(repo):
    new_session(repo)
    repo.log_llm_call("s1", 1, {"task": "extraction", "provider": "anthropic", "model": "claude", "input_tokens": 1200,
                                "output_tokens": 300, "cost_usd": 0.0081, "latency_ms": 950.5, "error": None,
                                "fallback_reason": None})
    repo.log_llm_call("s1", 1, Usage(task="question", provider="offline", model="offline", error="timeout after 30s",
                                     fallback_reason="anthropic timed out"))
    repo.log_llm_call("s1", None, {"task": "signals", "provider": "openai", "model": "gpt", "input_tokens": 100,
                                   "output_tokens": 20, "cost_usd": 0.0004})
    calls = repo.llm_calls("s1")
    assert [c["seq"] for c in calls] == [1, 2, 3]
    assert [c["turn"] for c in calls] == [1, 1, None]
    assert calls[0] | {"created_at": None} == {
        "seq": 1, "turn": 1, "task": "extraction", "provider": "anthropic", "model": "claude", "input_tokens": 1200,
        "output_tokens": 300, "cost_usd": 0.0081, "latency_ms": 950.5, "error": None, "fallback_reason": None,
        "created_at": None}
    assert (calls[1]["error"], calls[1]["fallback_reason"], calls[1]["input_tokens"]) == (
        "timeout after 30s", "anthropic timed out", 0)
    cost = repo.session_cost("s1")
    assert cost == {"input_tokens": 1300, "output_tokens": 320, "cost_usd": pytest.approx(0.0085), "calls": 3}


def test_cost_of_a_session_without_calls(repo):
    new_session(repo)
    assert repo.session_cost("s1") == {"input_tokens": 0, "output_tokens": 0, "cost_usd": 0.0, "calls": 0}
    assert repo.llm_calls("s1") == []


def test_bad_usage_is_refused(repo):
    new_session(repo)
    with pytest.raises(ValueError, match="api_key"):
        repo.log_llm_call("s1", 1, {"task": "x", "provider": "p", "model": "m", "api_key": "sk-secret"})
    with pytest.raises(ValueError, match="model"):
        repo.log_llm_call("s1", 1, {"task": "x", "provider": "p"})
    with pytest.raises(KeyError):
        repo.log_llm_call("ghost", 1, {"task": "x", "provider": "p", "model": "m"})
    assert repo.llm_calls("s1") == []
