"""Streaming the next question: both adapters against the loopback server with the real SDKs, the
preview rules, and the router's fallback when a stream breaks off midway."""

from __future__ import annotations

import threading

import pytest

from fake_llm_server import FAKE_API_KEY, Status, Stream, Text, tokens
from interview_core.language.anthropic_adapter import AnthropicAdapter
from interview_core.language.contracts import LLMError, QuestionChunk
from interview_core.language.openai_adapter import OpenAIAdapter
from interview_core.language.router import LanguageRouter
from interview_core.language.streaming import QuestionPreview, display_only, prefixed, write_streaming

QUESTION = "What does the creamy texture give you when you make your morning coffee?"
ADAPTERS = {"anthropic": AnthropicAdapter, "openai": OpenAIAdapter}


def adapter_for(provider, make_settings):
    return ADAPTERS[provider](make_settings(provider), sleep=lambda s: None)


# -- the adapters, through the real SDKs ----------------------------------------------------------------
@pytest.mark.parametrize("provider", ["anthropic", "openai"])
def test_a_streamed_question_arrives_word_by_word_and_adds_up(provider, make_settings, server, question_request, shown):
    server.queue(Stream(QUESTION, input_tokens=900, output_tokens=17))
    result = adapter_for(provider, make_settings).stream_question(question_request, shown)

    assert result.question == QUESTION
    assert "".join(c.text for c in shown.chunks) == QUESTION and not any(c.replace for c in shown.chunks)
    assert len(shown.chunks) >= len(tokens(QUESTION)) - 1  # word by word, not all at once
    [req] = server.requests
    assert req.body["stream"] is True
    if provider == "openai":
        assert req.body["stream_options"] == {"include_usage": True}
    [usage] = result.usage
    assert (usage.task, usage.provider, usage.input_tokens, usage.output_tokens) == ("question", provider, 900, 17)
    assert usage.cost_usd > 0 and usage.error is None


@pytest.mark.parametrize("provider", ["anthropic", "openai"])
def test_the_first_words_are_shown_before_the_stream_ends(provider, make_settings, server, question_request):
    release = threading.Event()
    server.queue(Stream(QUESTION, hold=release))
    seen_before_release: list[str] = []

    def on_chunk(chunk):
        if not release.is_set():
            seen_before_release.append(chunk.text)
            if len("".join(seen_before_release).split()) >= 3:
                release.set()  # the server holds the last token until the first words were seen

    result = adapter_for(provider, make_settings).stream_question(question_request, on_chunk)
    assert result.question == QUESTION
    assert "".join(seen_before_release).split()[:3] == QUESTION.split()[:3]


@pytest.mark.parametrize("provider", ["anthropic", "openai"])
def test_a_stream_cut_midway_is_retried_and_the_retry_replaces_the_fragment(provider, make_settings, server,
                                                                             question_request, shown):
    server.queue(Stream("How often do you drink it at home and", cut_after=5), Stream(QUESTION))
    result = adapter_for(provider, make_settings).stream_question(question_request, shown)

    assert result.question == QUESTION and shown.text == QUESTION
    assert shown.chunks[0].text == "How"  # the first attempt's words were shown
    assert [c.replace for c in shown.chunks].count(True) == 1  # the retry's first words replaced the fragment
    assert len(server.requests) == 2


@pytest.mark.parametrize("provider", ["anthropic", "openai"])
def test_a_stream_cut_twice_raises_with_the_accounting(provider, make_settings, server, question_request, shown):
    server.queue(Stream("How often do you", cut_after=2), Stream("How often do you", cut_after=2))
    # the openai SDK wraps the broken stream as a lost connection; anthropic's reaches us unwrapped
    with pytest.raises(LLMError, match=f"{provider}: (the stream broke off|connection failed) after 2 attempts") as info:
        adapter_for(provider, make_settings).stream_question(question_request, shown)
    assert info.value.usage.error and FAKE_API_KEY not in str(info.value)


@pytest.mark.parametrize("provider", ["anthropic", "openai"])
def test_a_streamed_reply_is_cleaned_like_a_whole_one(provider, make_settings, server, question_request, shown):
    server.queue(Stream('Question: "Why does that matter to you?"\n2. Another one?'))
    result = adapter_for(provider, make_settings).stream_question(question_request, shown)
    assert result.question == "Why does that matter to you?" == shown.text
    assert not any("Question" in c.text or "Another" in c.text for c in shown.chunks)  # never shown


@pytest.mark.parametrize("provider", ["anthropic", "openai"])
def test_a_rate_limit_before_the_stream_is_retried(provider, make_settings, server, question_request, shown):
    server.queue(Status(429), Stream(QUESTION))
    assert adapter_for(provider, make_settings).stream_question(question_request, shown).question == QUESTION
    assert shown.text == QUESTION and not any(c.replace for c in shown.chunks)


def test_a_non_streamed_text_reply_waits_as_long_as_the_stream(make_settings, server, question_request):
    server.token_delay_s = 0.0  # structural: a queued Text is answered whole to a request without "stream"
    server.queue(Text(QUESTION))
    assert adapter_for("anthropic", make_settings).write_question(question_request).question == QUESTION
    assert "stream" not in server.requests[0].body


# -- the preview, on hand-written deltas -----------------------------------------------------------------
@pytest.mark.parametrize("deltas, shown_while_streaming", [
    (["What ", "do ", "you ", "like?"], ["What", " do", " you"]),
    (["Quest", "ion: ", "Why ", "that?"], ["Why"]),  # the prefix never shows
    (["1. How", " often", " do you", " buy", " it?\n2. ", "And then?"], ["How", " often do", " you", " buy it?"]),
    (["Why?"], []),  # no whole word before the end: all of it comes with the final question
    (["你", "喜欢", "燕麦奶", "吗？"], ["你", "喜欢", "燕麦奶", "吗？"]),  # no spaces: wide characters show at once
])
def test_preview_shows_whole_words_of_the_cleaned_reply(deltas, shown_while_streaming, shown):
    preview = QuestionPreview(shown)
    send = preview.attempt()
    for delta in deltas:
        send(delta)
    assert [c.text for c in shown.chunks] == shown_while_streaming
    preview.finish(shown.text + "!")
    assert shown.text.endswith("!") and not any(c.replace for c in shown.chunks)


def test_preview_a_new_attempt_replaces_and_a_different_final_question_replaces(shown):
    preview = QuestionPreview(shown)
    send = preview.attempt()
    send("How often do ")
    send = preview.attempt()  # the retry
    send("Why does it ")
    assert shown.chunks[-1] == QuestionChunk(text="Why does it", replace=True) and shown.text == "Why does it"
    preview.finish("Something else entirely?")
    assert shown.chunks[-1].replace and shown.text == "Something else entirely?"


def test_prefixed_puts_the_reply_before_the_first_and_every_replacing_chunk(shown):
    send = prefixed("About ten minutes. ", shown)
    send(QuestionChunk(text="What"))
    send(QuestionChunk(text=" else?"))
    assert shown.text == "About ten minutes. What else?"
    send(QuestionChunk(text="Why?", replace=True))
    assert shown.text == "About ten minutes. Why?"


def test_display_only_swallows_a_broken_display_once():
    calls = []

    def broken(chunk):
        calls.append(chunk)
        raise RuntimeError("the page went away")

    send = display_only(broken)
    send(QuestionChunk(text="a"))
    send(QuestionChunk(text="b"))
    assert len(calls) == 1


def test_a_port_without_streaming_sends_its_question_whole(fake_offline, question_request, shown):
    result = write_streaming(fake_offline, question_request, shown)
    assert shown.chunks == [QuestionChunk(text=result.question)]


# -- the router ---------------------------------------------------------------------------------------
def router_for(settings, offline):
    return LanguageRouter(settings, offline_factory=lambda s: offline)


@pytest.mark.parametrize("provider", ["anthropic", "openai"])
def test_a_stream_that_fails_midway_is_replaced_by_the_offline_question(provider, make_settings, server,
                                                                        fake_offline, question_request, shown):
    server.queue(Stream("How often do you drink it at home", cut_after=4),
                 Stream("How often do you drink it at home", cut_after=4))
    router = router_for(make_settings(provider), fake_offline)
    result = router.stream_question(question_request, shown)

    assert result.question == "What else would you like to say?" == shown.text  # the offline writer's
    assert shown.chunks[0].text == "How"  # a fragment was shown, then replaced
    assert shown.chunks[-1].replace
    failed, offline = result.usage
    assert failed.provider == provider and "after 2 attempts" in failed.error
    assert offline.provider == "offline" and offline.fallback_reason == failed.error


def test_the_router_streams_through_the_provider_and_counts_it(make_settings, server, fake_offline, question_request, shown):
    server.queue(Stream(QUESTION))
    router = router_for(make_settings("anthropic"), fake_offline)
    assert router.streams_questions
    result = router.stream_question(question_request, shown)
    assert result.question == QUESTION == shown.text and fake_offline.calls == []


def test_the_router_offline_sends_the_question_whole(fake_offline, question_request, shown):
    from interview_core.config.settings import Settings

    router = router_for(Settings(), fake_offline)
    assert not router.streams_questions
    result = router.stream_question(question_request, shown)
    assert shown.chunks == [QuestionChunk(text=result.question)]
