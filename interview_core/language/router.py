"""The language router: each task on its configured provider, the offline layer when that fails.

``build_language(settings)`` is what the pipeline and the UI call. Per task (``extraction``,
``signals``, ``question``) the router uses ``Settings.effective_provider``: a provider without a key
runs offline by configuration. When a provider still fails after its retry (or its re-ask), that task
runs on the offline layer for this turn and the returned usage says why (``fallback_reason``); the
interview goes on and the answer is never lost. After a timeout the task's circuit breaker opens: its
next calls run offline at once for ``Settings.breaker_cooloff_s`` (``cooling_off()`` says which and for
how long), instead of paying the full timeouts again on every turn.

``stream_question`` is ``write_question`` with the question streamed to a callback as the provider writes
it (``language.streaming``); with the same fallback, whose offline question replaces what was shown.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import TypeVar

from ..config.settings import TASKS, Settings
from ..vocabulary import Assessment
from .breaker import BREAKER, CircuitBreaker
from .codes import is_english, language_name
from .interview_language import NOT_ANALYSED, NoOfflineFallback, english_only_question, language_of, unreadable_offline
from .contracts import (
    ExtractionRequest,
    ExtractionResult,
    LLMError,
    LLMTimeoutError,
    QuestionChunk,
    QuestionRequest,
    QuestionResult,
    Usage,
)
from .offline.questions import interviewer_reply, is_pause_turn
from .slot_decisions import SLOT_TASK, SlotDecisionReply, SlotDecisionRequest
from .port import LanguagePort
from .streaming import ChunkCallback, prefixed, write_streaming

log = logging.getLogger(__name__)
OFFLINE = "offline"
R = TypeVar("R")


def load_offline(settings: Settings) -> LanguagePort:
    """The embedded offline layer, imported only when a task needs it."""
    from .offline import OfflineLanguage

    return OfflineLanguage()


def build_adapter(provider: str, settings: Settings):
    """The adapter for a real provider (``anthropic`` or ``openai``)."""
    if provider == "anthropic":
        from .anthropic_adapter import AnthropicAdapter
        return AnthropicAdapter(settings)
    if provider == "openai":
        from .openai_adapter import OpenAIAdapter
        return OpenAIAdapter(settings)
    raise ValueError(f"unknown language provider '{provider}'")


class LanguageRouter:
    """The language port over per-task providers with offline fallback.

    ``adapters`` (provider -> port) and ``offline_factory`` replace the real ones in tests. Raises
    ValueError when a task runs on a provider without a model (neither configured nor a default).
    """

    name = "router"

    def __init__(self, settings: Settings, adapters: Mapping[str, object] | None = None,
                 offline_factory: Callable[[Settings], LanguagePort] = load_offline,
                 breaker: CircuitBreaker = BREAKER):
        self.settings = settings
        self.providers = {task: settings.effective_provider(task) for task in TASKS}
        for task, provider in self.providers.items():
            if provider != OFFLINE:
                settings.model_for(task, provider)  # a missing model is a configuration error: fail now
        self._adapters = dict(adapters or {})
        self._offline_factory = offline_factory
        self._offline: LanguagePort | None = None
        self.breaker = breaker

    # -- what runs where -----------------------------------------------------------------------------
    @property
    def mode(self) -> str:
        """``offline``, ``anthropic`` or ``openai`` when every task runs there, else ``mixed``."""
        used = set(self.providers.values())
        return used.pop() if len(used) == 1 else "mixed"

    @property
    def offline_tasks(self) -> list[str]:
        """Tasks that run offline by configuration (no provider set, or no key for it)."""
        return [task for task in TASKS if self.providers[task] == OFFLINE]

    @property
    def routes(self) -> dict[str, str]:
        """Task -> ``provider:model`` (``offline`` alone for the offline layer), for the CLI and UI."""
        return {task: p if p == OFFLINE else f"{p}:{self.settings.model_for(task, p)}"
                for task, p in self.providers.items()}

    def _adapter(self, provider: str):
        if provider not in self._adapters:
            self._adapters[provider] = build_adapter(provider, self.settings)
        return self._adapters[provider]

    @property
    def offline(self) -> LanguagePort:
        if self._offline is None:
            self._offline = self._offline_factory(self.settings)
        return self._offline

    def _separate_signals(self) -> bool:
        """Whether the assessment needs its own call: signals configured apart from extraction."""
        ext, sig = self.providers["extraction"], self.providers["signals"]
        if ext != sig:
            return True
        return sig != OFFLINE and self.settings.model_for("signals", sig) != self.settings.model_for("extraction", ext)

    # -- the port ------------------------------------------------------------------------------------
    def extract(self, request: ExtractionRequest) -> ExtractionResult:
        """Nodes, edges and assessment; the assessment from a separate call only when so configured."""
        provider = self.providers["extraction"]
        if unreadable_offline(request, self.providers):  # stored, never turned into English-guessed nodes
            result = _not_analysed(NOT_ANALYSED)
        elif provider == OFFLINE:
            result = self.offline.extract(request)
        else:
            result = self._guarded("extraction", provider, lambda: self._adapter(provider).extract(request),
                                   lambda: self._offline_extract(request), _usage_of, _with_usage)
        if not self._separate_signals():
            return result
        assessment, usage = self._assess(request)
        return result.model_copy(update={"assessment": assessment, "usage": [*result.usage, *usage]})

    def _assess(self, request: ExtractionRequest) -> tuple[Assessment, list[Usage]]:
        provider = self.providers["signals"]

        def offline() -> tuple[Assessment, list[Usage]]:
            result = self.offline.extract(request)
            return result.assessment, result.usage

        if provider == OFFLINE:
            assessment, usage = offline()
            return assessment, _as_task(usage, "signals")
        return self._guarded("signals", provider, lambda: self._adapter(provider).assess(request), offline,
                             lambda pair: pair[1], lambda pair, usage: (pair[0], usage))

    def write_question(self, request: QuestionRequest) -> QuestionResult:
        """Exactly one question from the question task's provider, or the offline layer on failure."""
        return self._question(request, None)

    def stream_question(self, request: QuestionRequest, on_chunk: ChunkCallback) -> QuestionResult:
        """:meth:`write_question` with the question sent to ``on_chunk`` as it is written. When the provider
        fails (also midway through its stream) the fallback question comes as a replacing chunk."""
        return self._question(request, on_chunk)

    def _question(self, request: QuestionRequest, on_chunk: ChunkCallback | None) -> QuestionResult:
        provider = self.providers["question"]
        if request.kind in ("follow_up", "closing") and unreadable_offline(request, self.providers):
            closing = self.offline.write_question(request).question if request.kind == "closing" else None
            return _shown(QuestionResult(question=english_only_question(request, closing),
                                         usage=[Usage(task="question", provider=OFFLINE, model=OFFLINE)]), on_chunk)
        # The farewell is a fixed English remark (no call); in another language the provider writes it. A pause
        # is met with "No rush" and the same question, as offline (no call).
        if provider == OFFLINE or (request.kind == "farewell" and is_english(language_of(request))) or (
                is_english(language_of(request)) and is_pause_turn(request)):
            return _shown(self.offline.write_question(request), on_chunk)
        if on_chunk is None:
            call = lambda: self._adapter(provider).write_question(request)  # noqa: E731
        else:
            said = _said(request)
            shown = prefixed(f"{said} " if said else "", on_chunk)
            call = lambda: write_streaming(self._adapter(provider), request, shown)  # noqa: E731
        return self._guarded("question", provider, lambda: _with_reply(request, call()),
                             lambda: _shown(self._offline_question(request), on_chunk, replace=True),
                             _usage_of, _with_usage)

    # -- when the provider fails in an interview in another language -----------------------------------
    def _offline_extract(self, request: ExtractionRequest) -> ExtractionResult:
        """The offline fallback for extraction; it reads English only, so an answer in an interview held in
        another language is kept unanalysed rather than turned into English-guessed nodes."""
        if is_english(language_of(request)):
            return self.offline.extract(request)
        return _not_analysed("The language model failed and the offline layer reads English only: stored, not analysed.")

    def _offline_question(self, request: QuestionRequest) -> QuestionResult:
        """The offline fallback for a question; in another language it asks the previous question again (it
        is in the interview language) rather than an English one. The opening has none to repeat: it raises
        NoOfflineFallback (the session then stores nothing); the farewell falls back to the offline layer's."""
        if not is_english(language_of(request)) and request.kind == "opening":
            raise NoOfflineFallback(f"the language model could not write the opening question in "
                                    f"{language_name(language_of(request))}")
        if is_english(language_of(request)) or request.kind not in ("follow_up", "closing") or not request.recent_turns:
            return self.offline.write_question(request)
        return QuestionResult(question=request.recent_turns[-1].question,
                              usage=[Usage(task="question", provider=OFFLINE, model=OFFLINE)])

    def decide_slot_pairs(self, request: SlotDecisionRequest, task: str) -> SlotDecisionReply | None:
        """The model's verdicts on concept-label pairs, on ``task``'s provider and model (one call, the
        adapter's retry and re-ask), or None when that task runs offline. On a failure, or while the slot
        decision's own breaker cools off after a timeout, the reply has no decisions and its usage says why
        (the offline decisions stand)."""
        provider = self.providers[task]
        if provider == OFFLINE:
            return None
        key = self._breaker_key(SLOT_TASK, provider, task)
        left = self.breaker.remaining(key)
        if left > 0:
            return SlotDecisionReply(usage=[Usage(task=SLOT_TASK, provider=OFFLINE, model=OFFLINE,
                                                  fallback_reason=f"{provider}: cooling off for {left:.0f} s after a timeout")])
        try:
            return self._adapter(provider).decide_slot_pairs(request, task)
        except Exception as exc:  # noqa: BLE001 - a failed slot decision must leave the turn running
            if isinstance(exc, LLMTimeoutError):
                self.breaker.open(key, str(exc), self.settings.breaker_cooloff_s)
            offline = [Usage(task=SLOT_TASK, provider=OFFLINE, model=OFFLINE)]
            usage = self._fallback_usage(exc, task, provider, offline)
            return SlotDecisionReply(usage=[u.model_copy(update={"task": SLOT_TASK}) for u in usage])

    @property
    def streams_questions(self) -> bool:
        """Whether questions come from a provider (and so can be shown while they are written)."""
        return self.providers["question"] != OFFLINE

    # -- failure handling ----------------------------------------------------------------------------
    def _guarded(self, task: str, provider: str, call: Callable[[], R], offline: Callable[[], R],
                 usage_of: Callable[[R], list[Usage]], with_usage: Callable[[R, list[Usage]], R]) -> R:
        """``call()`` on the provider; the offline result (with the reason in its usage) when the call
        fails or the task's breaker is open. A timeout opens the breaker."""
        key = self._breaker_key(task, provider)
        left = self.breaker.remaining(key)
        if left > 0:
            result = offline()
            reason = f"{provider}: cooling off for {left:.0f} s after a timeout"
            return with_usage(result, [u.model_copy(update={"fallback_reason": reason})
                                       for u in _as_task(usage_of(result), task)])
        try:
            return call()
        except Exception as exc:  # noqa: BLE001 - any provider failure must leave the turn running
            if isinstance(exc, LLMTimeoutError):
                self.breaker.open(key, str(exc), self.settings.breaker_cooloff_s)
            result = offline()
            return with_usage(result, self._fallback_usage(exc, task, provider, usage_of(result)))

    def _breaker_key(self, task: str, provider: str, model_task: str | None = None) -> tuple:
        """``model_task``: the task whose model is used, when ``task`` has no settings of its own."""
        base_url = {"anthropic": self.settings.anthropic_base_url, "openai": self.settings.openai_base_url}.get(provider)
        return provider, base_url, task, self.settings.model_for(model_task or task, provider)

    def cooling_off(self) -> dict[str, float]:
        """Task -> seconds left for tasks whose provider timed out and that run offline meanwhile."""
        left = {task: self.breaker.remaining(self._breaker_key(task, p)) for task, p in self.providers.items() if p != OFFLINE}
        return {task: s for task, s in left.items() if s > 0}

    def _fallback_usage(self, exc: Exception, task: str, provider: str, offline_usage: list[Usage]) -> list[Usage]:
        """The failed provider's accounting, then the offline call's with ``fallback_reason`` set."""
        if isinstance(exc, LLMError):
            reason = str(exc)
        else:  # a bug, not a provider failure: keep the interview going but leave a trace
            log.exception("%s %s failed unexpectedly; running it offline", provider, task)
            reason = f"{provider}: unexpected {type(exc).__name__}"
        failed = exc.usage if isinstance(exc, LLMError) and exc.usage else Usage(
            task=task, provider=provider, model=self.settings.model_for(task, provider), error=reason)
        log.warning("%s ran offline this turn: %s", task, reason)
        return [failed, *(u.model_copy(update={"fallback_reason": reason}) for u in _as_task(offline_usage, task))]


def _said(request: QuestionRequest) -> str:
    """The answer to a question the respondent asked about the interview (English interviews), else ""."""
    return interviewer_reply(request) if is_english(language_of(request)) else ""


def _with_reply(request: QuestionRequest, result: QuestionResult) -> QuestionResult:
    """A question the respondent asked about the interview is answered before the model's question, in
    the words the prompt showed the model (so its question does not answer it twice). The offline
    layer's questions carry the answer already."""
    said = _said(request)
    return result.model_copy(update={"question": f"{said} {result.question}"}) if said else result


def _shown(result: QuestionResult, on_chunk: ChunkCallback | None, replace: bool = False) -> QuestionResult:
    """``result``, its whole question first sent to ``on_chunk`` (as a replacing chunk after a failure)."""
    if on_chunk is not None:
        on_chunk(QuestionChunk(text=result.question, replace=replace))
    return result


def _not_analysed(reason: str) -> ExtractionResult:
    """An extraction that leaves the answer alone: no nodes, no edges, not extractable, ``reason`` said."""
    # neutral values: an answer not analysed says nothing about engagement or depth
    return ExtractionResult(assessment=Assessment(extractable=False, reasoning=reason),
                            usage=[Usage(task="extraction", provider=OFFLINE, model=OFFLINE)])


def _usage_of(result) -> list[Usage]:
    return result.usage


def _with_usage(result: R, usage: list[Usage]) -> R:
    return result.model_copy(update={"usage": usage})


def _as_task(usages: list[Usage], task: str) -> list[Usage]:
    return [u.model_copy(update={"task": task}) for u in usages] or [Usage(task=task, provider=OFFLINE, model=OFFLINE)]


def build_language(settings: Settings, embed=None) -> LanguageRouter:
    """The language layer for ``settings``: offline by default, real providers per task when configured.
    ``embed`` (texts -> unit vectors) lets the offline question writer avoid repeats in meaning."""
    if embed is None:
        return LanguageRouter(settings)
    from .offline import OfflineLanguage

    return LanguageRouter(settings, offline_factory=lambda _settings: OfflineLanguage(embed=embed))
