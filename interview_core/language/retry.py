"""Retry, re-ask and validation in one wrapper, shared by the provider adapters.

Seed 002: one retry with exponential backoff (``backoff_s * 2**attempt``) on timeout, 429 and 5xx (and
lost connections); then ``LLMTimeoutError`` or ``LLMError``. On top of that, a reply that does not
validate is re-asked once with the validation error; a second invalid reply raises ``LLMError``.
Errors carry the accounting (tokens, cost, latency) of every call made, and never an API key.

A provider adapter subclasses :class:`ModelAdapter` and implements ``_send``: one request, one
:class:`Reply`; and ``_stream`` for questions written as a stream (the same, passing each text delta on as
it arrives). A stream that fails midway (a dropped connection, a read timeout, an end without the
provider's stop marker) is retried and classified like a failed request.
"""

from __future__ import annotations

import importlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import anthropic
import openai

from ..config.settings import Settings
from . import prompts
from . import slot_decisions as sd
from .contracts import ExtractionRequest, ExtractionResult, LLMError, LLMTimeoutError, QuestionRequest, QuestionResult, Usage
from ..vocabulary import Assessment
from .pricing import cost_usd
from .streaming import ChunkCallback, QuestionPreview

T = TypeVar("T")
ATTEMPTS = 2  # one call and one retry


@dataclass(frozen=True)
class Reply:
    """A provider's answer, normalised: text, the forced tool's arguments, tokens, and whether it was cut."""

    text: str = ""
    tool_args: Any = None  # dict, or JSON text (OpenAI-compatible servers), or None when no tool was called
    input_tokens: int = 0
    output_tokens: int = 0
    truncated: bool = False  # stopped at max_tokens


class IncompleteStream(RuntimeError):
    """A streamed reply ended before the provider said it was complete."""


def _transport_errors() -> tuple[tuple[type, ...], tuple[type, ...]]:
    """(timeouts, transport errors) of the HTTP client under the SDKs: an error while a stream is read
    reaches us unwrapped. The SDKs use httpx, newer releases its successor httpx2; both are covered."""
    timeouts, transport = [], []
    for name in ("httpx", "httpx2"):
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        timeouts.append(module.TimeoutException)
        transport.append(module.TransportError)
    return tuple(timeouts), tuple(transport)


STREAM_TIMEOUTS, STREAM_TRANSPORT_ERRORS = _transport_errors()


@dataclass(frozen=True)
class Failure:
    kind: str  # timeout | rate_limit | server | connection | malformed | client
    retryable: bool
    detail: str


def redact(text: str, secrets: tuple[str, ...]) -> str:
    """``text`` with every secret replaced by ``[redacted]``."""
    for secret in secrets:
        if secret:
            text = text.replace(secret, "[redacted]")
    return text


def _error_text(exc: Exception) -> str:
    """The provider's own error message from the response body (first 200 characters, one line)."""
    body = getattr(exc, "body", None)
    error = body.get("error", body) if isinstance(body, dict) else None
    text = error.get("message") if isinstance(error, dict) else None
    return " ".join(str(text or getattr(exc, "message", "") or type(exc).__name__).split())[:200]


def classify(exc: Exception) -> Failure | None:
    """Classify an SDK exception; None for anything that is not a provider error (a bug: re-raise)."""
    if isinstance(exc, (anthropic.APITimeoutError, openai.APITimeoutError)):
        return Failure("timeout", True, "timeout")
    if isinstance(exc, (anthropic.APIConnectionError, openai.APIConnectionError)):
        return Failure("connection", True, "connection failed")
    if isinstance(exc, (anthropic.APIStatusError, openai.APIStatusError)):
        status = exc.status_code
        detail = f"HTTP {status}: {_error_text(exc)}"
        if status == 408:
            return Failure("timeout", True, detail)
        if status == 429:
            return Failure("rate_limit", True, detail)
        if status >= 500:
            return Failure("server", True, detail)
        return Failure("client", False, detail)
    if isinstance(exc, STREAM_TIMEOUTS):  # raised while a stream is read, outside the SDK's wrapping
        return Failure("timeout", True, "timeout")
    if isinstance(exc, (*STREAM_TRANSPORT_ERRORS, IncompleteStream)):
        return Failure("connection", True, "the stream broke off")
    if isinstance(exc, json.JSONDecodeError):  # a 200 reply whose body is not JSON (cut off, a proxy's page)
        return Failure("malformed", True, f"malformed JSON reply ({exc.msg} at character {exc.pos})")
    if isinstance(exc, (anthropic.AnthropicError, openai.OpenAIError)):
        return Failure("client", False, f"{type(exc).__name__}: {str(exc)[:200]}")
    return None


def call_with_retry(send: Callable[[], T], *, provider: str, backoff_s: float = 1.0,
                    secrets: tuple[str, ...] = (), sleep: Callable[[float], None] = time.sleep) -> tuple[T, int]:
    """``send()`` with one retry on transient failures; returns (result, attempts made).

    Raises LLMTimeoutError when the last failure was a timeout, LLMError otherwise, with a message like
    ``anthropic: timeout after 2 attempts`` (keys redacted) and ``attempts`` set.
    """
    for attempt in range(ATTEMPTS):
        try:
            return send(), attempt + 1
        except Exception as exc:
            failure = classify(exc)
            if failure is None:
                raise
            if failure.retryable and attempt + 1 < ATTEMPTS:
                sleep(backoff_s * 2**attempt)
                continue
            tries = attempt + 1
            what = "timeout" if failure.kind == "timeout" else failure.detail
            message = redact(f"{provider}: {what} after {tries} attempt{'s' if tries > 1 else ''}", secrets)
            error_type = LLMTimeoutError if failure.kind == "timeout" else LLMError
            raise error_type(message, attempts=tries) from None
    raise AssertionError("unreachable")


def combine_usage(usages: list[Usage], error: str) -> Usage:
    """One Usage summing ``usages`` (all of one task), with ``error`` set: the cost of a failed task."""
    first = usages[0]
    return Usage(
        task=first.task, provider=first.provider, model=first.model, error=error,
        input_tokens=sum(u.input_tokens for u in usages), output_tokens=sum(u.output_tokens for u in usages),
        cost_usd=sum(u.cost_usd for u in usages), latency_ms=sum(u.latency_ms for u in usages),
    )


class ModelAdapter:
    """The language port over one provider: extraction with assessment, assessment alone, questions.

    Per task the model, temperature, max tokens and timeout come from ``settings`` (``extraction``,
    ``signals``, ``question``). Subclasses implement ``_send``.
    """

    name = "model"

    def __init__(self, settings: Settings, *, api_key: str | None, sleep: Callable[[float], None] = time.sleep):
        self.settings = settings
        self._secrets = (api_key,) if api_key else ()
        self._sleep = sleep

    def _send(self, prompt: prompts.Prompt, task: str, model: str) -> Reply:  # pragma: no cover - abstract
        raise NotImplementedError

    def _stream(self, prompt: prompts.Prompt, task: str, model: str, on_text: Callable[[str], None]) -> Reply:
        """``_send`` as a stream: ``on_text`` gets each text delta as it arrives. Adapters whose provider
        streams override it; this default sends the whole reply as one delta."""
        reply = self._send(prompt, task, model)
        on_text(reply.text)
        return reply

    # -- the port ----------------------------------------------------------------------------------
    def extract(self, request: ExtractionRequest) -> ExtractionResult:
        """Nodes, edges and the assessment in one tool call; nodes/edges filtered to the methodology."""
        result, usage = self._structured("extraction", prompts.extraction_prompt(request),
                                         lambda reply: prompts.parse_extraction(reply.tool_args, request))
        return result.model_copy(update={"usage": usage})

    def assess(self, request: ExtractionRequest) -> tuple[Assessment, list[Usage]]:
        """The answer's assessment alone (the ``signals`` task configured apart from extraction)."""
        return self._structured("signals", prompts.assessment_prompt(request),
                                lambda reply: prompts.parse_assessment(reply.tool_args))

    def write_question(self, request: QuestionRequest) -> QuestionResult:
        """Exactly one question (cleaned by ``prompts.clean_question``)."""
        question, usage = self._structured("question", prompts.question_prompt(request),
                                           lambda reply: prompts.clean_question(reply.text))
        return QuestionResult(question=question, usage=usage)

    def decide_slot_pairs(self, request, task: str = "extraction"):
        """Verdicts on concept-label pairs in one tool call (``slot_decisions``), on ``task``'s model and
        limits; the usage is labelled ``slot_decision``. Raises LLMError like the other tasks."""
        reply, usage = self._structured(task, sd.slot_decision_prompt(request),
                                        lambda r: sd.parse_slot_decisions(r.tool_args, request))
        return reply.model_copy(update={"usage": [u.model_copy(update={"task": sd.SLOT_TASK}) for u in usage]})

    def stream_question(self, request: QuestionRequest, on_chunk: ChunkCallback) -> QuestionResult:
        """:meth:`write_question` with the question streamed through ``on_chunk`` as the model writes it
        (see ``streaming.QuestionPreview``); the same retry, re-ask, errors and usage."""
        preview = QuestionPreview(on_chunk)
        question, usage = self._structured(
            "question", prompts.question_prompt(request), lambda reply: prompts.clean_question(reply.text),
            send=lambda prompt, task, model: self._stream(prompt, task, model, preview.attempt()))
        preview.finish(question)
        return QuestionResult(question=question, usage=usage)

    # -- the wrapper -------------------------------------------------------------------------------
    def _structured(self, task: str, prompt: prompts.Prompt, parse: Callable[[Reply], T],
                    send: Callable[[prompts.Prompt, str, str], Reply] | None = None) -> tuple[T, list[Usage]]:
        """Call (``send``, default ``_send``), validate, re-ask once with the validation error; (value,
        usage of every call) or LLMError."""
        send = send or self._send
        model = self.settings.model_for(task, self.name)
        usages: list[Usage] = []
        for attempt in range(2):
            started = time.perf_counter()
            try:
                reply, _ = call_with_retry(lambda: send(prompt, task, model), provider=self.name,
                                           backoff_s=self.settings.retry_backoff_s, secrets=self._secrets,
                                           sleep=self._sleep)
            except LLMError as exc:
                failed = Usage(task=task, provider=self.name, model=model, error=str(exc),
                               latency_ms=(time.perf_counter() - started) * 1000)
                exc.usage = combine_usage([*usages, failed], str(exc))
                raise
            usage = Usage(task=task, provider=self.name, model=model, input_tokens=reply.input_tokens,
                          output_tokens=reply.output_tokens, latency_ms=(time.perf_counter() - started) * 1000,
                          cost_usd=cost_usd(self.settings.prices, model, reply.input_tokens, reply.output_tokens))
            try:
                if reply.truncated:
                    limit = self.settings.task(task).max_tokens
                    raise prompts.InvalidOutput(f"the reply was cut off at the {limit}-token limit; "
                                                "answer completely and more briefly")
                value = parse(reply)
            except prompts.InvalidOutput as exc:
                problem = redact(str(exc), self._secrets)
                usages.append(usage.model_copy(update={"error": f"invalid output: {problem}"}))
                prompt = prompt.with_feedback(problem)
                continue
            usages.append(usage)
            return value, usages
        message = f"{self.name}: invalid output after a re-ask ({problem})"
        raise LLMError(message, attempts=2, usage=combine_usage(usages, message))
