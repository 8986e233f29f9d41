"""Streaming the next question: chunks for the page while the model writes, the whole question at the end.

A respondent sees only text that would survive ``prompts.clean_question``: the preview grows by whole
words of the cleaned reply so far (by characters in Chinese or Japanese), so a ``Question:`` prefix, numbering or a second candidate after the
first question mark never shows. When an attempt is retried or re-asked, or the provider fails and the
offline writer's question is used instead, a ``replace`` chunk takes the place of what was shown, so a
broken fragment is never left standing. After the last chunk the text shown equals the question stored.

:func:`write_streaming` gives every language port this interface: a port without ``stream_question``
(the offline layer, a test fake) sends its whole question as one chunk.
"""

from __future__ import annotations

import logging
import unicodedata
from collections.abc import Callable

from .contracts import QuestionChunk, QuestionRequest, QuestionResult
from .prompts import InvalidOutput, clean_question

log = logging.getLogger(__name__)
ChunkCallback = Callable[[QuestionChunk], None]


class QuestionPreview:
    """The chunks shown for one question a model writes, over all its attempts (retry, re-ask)."""

    def __init__(self, on_chunk: ChunkCallback):
        self._on_chunk = on_chunk
        self._shown = ""  # the text the page shows now
        self._fresh = False  # a new attempt began: its first chunk replaces what is shown
        self._raw = ""  # the current attempt's reply so far

    def attempt(self) -> Callable[[str], None]:
        """Begin an attempt; returns the callable that takes its raw text deltas."""
        self._raw = ""
        self._fresh = bool(self._shown)
        return self._receive

    def _receive(self, delta: str) -> None:
        self._raw += delta
        end = _shown_end(self._raw)
        if end <= 0:
            return
        try:
            preview = clean_question(self._raw[:end])
        except InvalidOutput:  # nothing to show yet, or too long (the re-ask replaces it)
            return
        if self._fresh:
            self._send(QuestionChunk(text=preview, replace=True))
        elif preview.startswith(self._shown) and len(preview) > len(self._shown):
            self._send(QuestionChunk(text=preview[len(self._shown):]))

    def finish(self, question: str) -> None:
        """The final question: the rest of it, or a replace chunk when it does not extend what is shown."""
        if self._fresh or not question.startswith(self._shown):
            self._send(QuestionChunk(text=question, replace=True))
        elif question != self._shown:
            self._send(QuestionChunk(text=question[len(self._shown):]))

    def _send(self, chunk: QuestionChunk) -> None:
        self._shown = chunk.text if chunk.replace else self._shown + chunk.text
        self._fresh = False
        self._on_chunk(chunk)


def _shown_end(raw: str) -> int:
    """How much of ``raw`` may show: up to its last space or line break, with it ("1. " is numbering,
    "1." may not be), so only whole words show; all of it when it ends in a character of a script written
    without spaces (Chinese, Japanese: wide characters), where every character is a whole piece."""
    if raw and unicodedata.east_asian_width(raw[-1]) in ("W", "F"):
        return len(raw)
    return max(raw.rfind(" "), raw.rfind("\n")) + 1


def prefixed(prefix: str, on_chunk: ChunkCallback) -> ChunkCallback:
    """``on_chunk`` with ``prefix`` in front of the question (the interviewer's reply to a question the
    respondent asked): before the first chunk and in every replacing chunk."""
    if not prefix:
        return on_chunk
    started = False

    def send(chunk: QuestionChunk) -> None:
        nonlocal started
        if chunk.replace or not started:
            chunk = QuestionChunk(text=prefix + chunk.text, replace=chunk.replace)
        started = True
        on_chunk(chunk)

    return send


def display_only(on_chunk: ChunkCallback) -> ChunkCallback:
    """``on_chunk`` whose failures cannot cost the turn: the first exception is logged and the display
    stops; the question is still written and stored. (Control-flow exceptions that are not ``Exception``,
    such as a page being stopped, pass through.)"""
    broken = False

    def send(chunk: QuestionChunk) -> None:
        nonlocal broken
        if broken:
            return
        try:
            on_chunk(chunk)
        except Exception:  # noqa: BLE001 - a display problem must never lose the turn
            broken = True
            log.exception("showing the streamed question failed; the question is still stored")

    return send


def write_streaming(language, request: QuestionRequest, on_chunk: ChunkCallback) -> QuestionResult:
    """The question from ``language``, streamed through ``on_chunk`` when the port can stream
    (``stream_question``), else sent as one chunk once written."""
    stream = getattr(language, "stream_question", None)
    if stream is not None:
        return stream(request, on_chunk)
    result = language.write_question(request)
    on_chunk(QuestionChunk(text=result.question))
    return result
