"""The interview language: which tasks can hold an interview in it, and what the models are told.

With a provider, every text the respondent reads is written in the interview language and node labels
keep the respondent's own words (never translated). The offline layer writes and reads English only: an
interview in another language is refused when any language task would run offline
(:func:`offline_tasks_for`), with :func:`offline_refusal` saying why and what to change.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..config.settings import TASKS, Settings
from .codes import is_english, language_name


class NoOfflineFallback(RuntimeError):
    """The provider failed on a text the respondent reads first (the opening question) in an interview held in
    another language, and the English-only offline layer cannot stand in for it."""


def language_of(request) -> str:
    """The language a language request's interview is held in: its concept's, which the session sets
    from the study or the concept file when the interview starts."""
    return getattr(request.concept, "language", None) or "en"


def offline_tasks_for(language: str, settings: Settings) -> list[str]:
    """The language tasks that would run on the English-only offline layer in an interview held in
    ``language`` (empty for English, or when a provider covers every task)."""
    if is_english(language):
        return []
    return [task for task in TASKS if settings.effective_provider(task) == "offline"]


def offline_refusal(language: str, tasks: list[str]) -> str:
    """The analyst's message when an interview in ``language`` cannot run because ``tasks`` run offline."""
    name = language_name(language)
    which = "no language model is configured" if set(tasks) == set(TASKS) else \
        f"no language model is configured for {', '.join(tasks)}"
    return (f"This interview is in {name}, but {which}: without one the app interviews in English only, so it "
            f"will not hold an interview in {name}. To go on, configure a provider (an Anthropic or OpenAI API "
            "key in the settings or environment) or choose an English concept or study.")


def respondent_refusal(language: str) -> str:
    """What a respondent reads when their interview's language cannot be served right now."""
    return (f"This interview is held in {language_name(language)}, and the interview service cannot hold it in "
            "that language right now. Nothing you typed has been stored. Please contact the research team "
            "that sent you the link.")


def write_in(language: str) -> str:
    """The instruction for prompts that write text the respondent reads."""
    name = language_name(language)
    return (f"The interview language is {name}. Write everything the respondent reads in {name}, whatever "
            "language the instructions, the concept description or the respondent's answers are in.")


def keep_labels_in(language: str) -> str:
    """The instruction for extraction prompts: labels stay in the respondent's words and language."""
    return (f"The interview is held in {language_name(language)}. Write every node label in the language the "
            "respondent used, with the respondent's own words: never translate labels (not into English "
            "either). Quotes are verbatim.")


# --- an English interview offline: an answer plainly in another language ----------------------------

ENGLISH_ONLY_NOTICE = ("Sorry, this interview runs in English only, so I could not use that answer (it is saved "
                       "as you wrote it). Could you answer in English?")
NOT_ANALYSED = "The answer is not in English and the offline layer reads English only: stored, not analysed."


def unreadable_offline(request, providers: Mapping[str, str]) -> bool:
    """Whether the offline layer must leave this request's answer alone: the interview is in English, the
    answer is plainly in another language (:func:`~interview_core.language.english.plainly_not_english`)
    and extraction runs offline. ``providers``: task -> provider (the router's)."""
    from .english import plainly_not_english

    answer = getattr(request, "answer", None)
    if answer is None:  # a question request: the answer it follows
        turns = getattr(request, "recent_turns", None) or []
        answer = turns[-1].answer if turns else ""
    return (providers.get("extraction") == "offline" and is_english(language_of(request))
            and bool(answer.strip()) and plainly_not_english(answer))


def english_only_question(request, closing_question: str | None = None) -> str:
    """The interviewer's reply to an answer it could not read: the notice, then the same question again
    (for the closing question, ``closing_question``)."""
    again = closing_question or (request.recent_turns[-1].question if request.recent_turns else "")
    return f"{ENGLISH_ONLY_NOTICE} {again}".strip()
