"""The provider port: what the pipeline needs from any language layer."""

from __future__ import annotations

from typing import Protocol

from .contracts import ExtractionRequest, ExtractionResult, QuestionRequest, QuestionResult


class LanguagePort(Protocol):
    """Extraction with assessment in one call; question writing in another.

    Implementations: the offline layer (``language.offline``), Anthropic and OpenAI-compatible
    adapters. Implementations raise ``LLMError``/``LLMTimeoutError`` after their own retry; the
    pipeline then runs the offline layer for that task and records the fallback.

    A port may also offer ``stream_question(request, on_chunk) -> QuestionResult``: the question sent to
    ``on_chunk`` while it is written (the router and the adapters do; ``streaming.write_streaming``
    gives every port that interface).
    """

    name: str

    def extract(self, request: ExtractionRequest) -> ExtractionResult: ...

    def write_question(self, request: QuestionRequest) -> QuestionResult: ...
