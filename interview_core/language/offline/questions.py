"""Offline question writing: the methodology's templates per strategy, the focus label made natural,
varied wording chosen deterministically from (seed, turn, strategy, focus), and never a near-repeat of
one of the last six questions."""

from __future__ import annotations

import random
import re
from functools import lru_cache
from pathlib import Path

import yaml

from ..contracts import QuestionRequest
from .lexicon import lexicon
from .naturalise import natural_label, proper_nouns
from .text import jaccard, words

_DATA = Path(__file__).parent / "data" / "questions.yaml"
RECENT_WINDOW = 6
# Near-repeat: nearly the same words overall, or the same content words in a similar sentence.
SAME_WORDS = 0.8
SAME_CONTENT = 0.6
SIMILAR_FORM = 0.45
MAX_SUMMARY_LABELS = 3
MAX_INTRO_CHARS = 220


@lru_cache(maxsize=1)
def _wording() -> dict:
    return yaml.load(_DATA.read_text(encoding="utf-8"), Loader=yaml.BaseLoader)


def question_similarity(a: str, b: str) -> tuple[float, float]:
    """(all-word Jaccard, content-word Jaccard) of two questions, each in [0, 1]."""
    wa, wb = set(words(a)), set(words(b))
    stop = lexicon().stopwords
    return jaccard(wa, wb), jaccard(wa - stop, wb - stop)


def is_near_repeat(candidate: str, previous: list[str]) -> bool:
    """Whether ``candidate`` near-repeats any of the last RECENT_WINDOW questions in ``previous``.

    Better than a bare word Jaccard: "Why does the price matter to you?" does not repeat "Why does the
    creamy texture matter to you?" (same frame, different content), but "Why does price matter to you?"
    does.
    """
    for prev in previous[-RECENT_WINDOW:]:
        words_sim, content_sim = question_similarity(candidate, prev)
        if words_sim >= SAME_WORDS or (content_sim >= SAME_CONTENT and words_sim >= SIMILAR_FORM):
            return True
    return False


def _fill(template: str, values: dict[str, str]) -> str | None:
    """Template with placeholders replaced; None if it needs a value we do not have."""
    out = template
    for name in re.findall(r"{(\w+)}", template):
        value = values.get(name)
        if not value:
            return None
        out = out.replace("{" + name + "}", value)
    out = re.sub(r"\s+", " ", out).strip()
    return out[0].upper() + out[1:] if out else None


def _join(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _values(request: QuestionRequest) -> dict[str, str]:
    concept = request.concept
    proper = proper_nouns(getattr(concept, "name", ""), getattr(concept, "stimulus", ""),
                          *(e.label for e in getattr(concept, "elements", [])))
    name = getattr(concept, "name", "") or "this"
    stimulus = " ".join((getattr(concept, "stimulus", "") or "").split())
    first_sentence = re.split(r"(?<=[.!?])\s", stimulus, maxsplit=1)[0] if stimulus else ""
    labels = [natural_label(lbl, proper) for lbl in request.summary_labels[:MAX_SUMMARY_LABELS] if lbl.strip()]
    return {
        "focus": natural_label(request.focus.label, proper) if request.focus.label else "",
        "summary": _join(labels) if labels else "",
        "concept": natural_label(name.split(",")[0], proper),
        "stimulus_intro": first_sentence if len(first_sentence) <= MAX_INTRO_CHARS else "",
    }


def _generic(strategy, focused: bool, has_summary: bool) -> list[str]:
    """Built-in wording for a strategy without templates, chosen by keywords in its name/description."""
    text = f"{getattr(strategy, 'name', '')} {getattr(strategy, 'description', '')}".lower()
    for entry in _wording()["generic"]:
        if not entry["keywords"] or any(k in text for k in entry["keywords"]):
            if focused:
                return list(entry["focused"])
            if not has_summary and "unfocused_no_summary" in entry:
                return list(entry["unfocused_no_summary"])
            return list(entry["unfocused"])
    return []


def _templates(request: QuestionRequest, values: dict[str, str]) -> tuple[list[str], list[str]]:
    """(primary templates, fallback templates) for the request's kind."""
    method = request.methodology.method
    if request.kind == "opening":
        bias = (method.opening_bias or "").lower()
        experience = any(w in bias for w in _wording()["experience_words"])
        builtin = _wording()["openings_experience" if experience else "openings"]
        return list(method.opening_templates) or list(builtin), list(_wording()["openings"])
    if request.kind == "closing":
        return list(method.closing_templates) or list(_wording()["closings"]), list(_wording()["closings"])
    strategy = request.strategy
    focused = request.focus.kind != "none" and bool(values["focus"])
    own = list(getattr(strategy, "question_templates", []) or [])
    generic = _generic(strategy, focused, bool(values["summary"])) + _generic(None, focused, bool(values["summary"]))
    return own or generic, generic


def _with_lead_in(question: str, lead_in: str) -> str:
    if not lead_in:
        return question
    if lead_in.rstrip().endswith((".", "!", "?")) or question.split(" ", 1)[0] == "I":
        return lead_in + question
    return lead_in + question[0].lower() + question[1:]


def write_offline_question(request: QuestionRequest) -> str:
    """The question for a request: opening, follow-up (strategy + focus) or closing.

    Deterministic for the same request. Candidates are tried in an order drawn from
    (seed, turn_number, kind, strategy, focus); the first that is not a near-repeat of the last six
    questions wins; if all are, rescue lead-ins are tried, then the least similar candidate is used.
    """
    values = _values(request)
    primary, fallback = _templates(request, values)
    key = f"{request.seed}:{request.turn_number}:{request.kind}:{getattr(request.strategy, 'name', '')}:{request.focus.label}"
    rng = random.Random(key)
    rng.shuffle(primary)
    candidates = [q for q in (_fill(t, values) for t in primary + fallback) if q]
    if not candidates:
        candidates = [_fill(t, values) or "Could you tell me more about that?" for t in _generic(None, False, False)]
    wording = _wording()
    starts = set(wording["question_starts"])
    lead_in = rng.choice(wording["lead_ins"]) if request.kind == "follow_up" else ""
    recent = request.recent_questions[-RECENT_WINDOW:]
    ordered = [
        _with_lead_in(q, lead_in) if q.split(" ", 1)[0].lower().strip(",") in starts else q for q in candidates
    ]
    for q in ordered:
        if not is_near_repeat(q, recent):
            return q
    for rescue in wording["rescue_lead_ins"]:
        for q in candidates:
            rescued = _with_lead_in(q, rescue)
            if not is_near_repeat(rescued, recent):
                return rescued
    return min(ordered, key=lambda q: max((sum(question_similarity(q, p)) for p in recent), default=0.0))
