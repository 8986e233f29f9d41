"""The offline language layer: the embedded default when no API key is set.

It implements :class:`interview_core.language.port.LanguagePort` with rules, lexicons (VADER for
sentiment) and the methodology's own node types, cues and templates, so the pipeline never knows
whether it talks to this layer or to a model.
"""

from __future__ import annotations

import time

from ..contracts import ExtractionRequest, ExtractionResult, QuestionRequest, QuestionResult, Usage
from .extraction import extract_offline
from .grammar import load_lexicons
from .questions import is_near_repeat, write_offline_question

PROVIDER = "offline"
MODEL = "offline-rules"

__all__ = ["OfflineLanguage", "is_near_repeat"]


class OfflineLanguage:
    """Rule-based extraction, assessment and question writing; no network, deterministic."""

    name = PROVIDER

    def __init__(self, embed=None):
        """``embed`` (optional): texts -> unit vectors in one batch, used to keep questions from
        repeating one another in meaning, not only in wording (the session passes the matcher's)."""
        self.embed = embed
        load_lexicons()  # once per process, here rather than inside the first answer's turn

    def extract(self, request: ExtractionRequest) -> ExtractionResult:
        """Nodes, edges, assessment and clauses of ``request.answer`` (quotes are exact substrings)."""
        started = time.perf_counter()
        result, clauses = extract_offline(request)
        result.clauses = clauses
        result.usage = [Usage(task="extraction", provider=PROVIDER, model=MODEL,
                              latency_ms=(time.perf_counter() - started) * 1000)]
        return result

    def write_question(self, request: QuestionRequest) -> QuestionResult:
        """The next question for ``request.kind`` (opening | follow_up | closing)."""
        started = time.perf_counter()
        question = write_offline_question(request, embed=self.embed)
        return QuestionResult(question=question, usage=[Usage(task="question", provider=PROVIDER, model=MODEL,
                                                              latency_ms=(time.perf_counter() - started) * 1000)])
