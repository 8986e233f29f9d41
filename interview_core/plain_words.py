"""Plain-words wording of the engine's codes, for people reading the app (analysts and respondents)."""

from __future__ import annotations

TERMINATION = {
    "max_turns_reached": "the planned number of questions was reached",
    "close_strategy": "the interviewer judged the topic covered and closed the interview",
    "depth_plateau": "the answers stopped going deeper, so the interview was closed",
    "quality_degraded": "the answers became short or vague, so the interview was closed",
    "fatigue_coverage": "the respondent seemed tired and the topics were covered, so the interview was closed",
    "ended_by_researcher": "the researcher ended it",
    "respondent_ended": "the respondent asked to end the interview",
    "declined_consent": "the respondent declined to take part",
}


def termination(reason: str | None) -> str:
    """Why an interview ended, in a sentence fragment (``"the researcher ended it"``)."""
    if not reason:
        return "it finished"
    return TERMINATION.get(reason, reason.replace("_", " "))


def dedup_status(status: str | None) -> str:
    """The de-duplication back end in plain words (``HybridMatcher.backend_status`` codes)."""
    if not status:
        return "Similar answers are grouped by their wording."
    if status.startswith("embeddings"):
        model = status.split(":", 1)[1].strip() if ":" in status else ""
        return ("Similar answers are grouped by meaning" + (f" (sentence-embedding model {model})" if model else "")
                + " and by wording.")
    if status.startswith("lexical only"):
        why = status.split(":", 1)[1].strip() if ":" in status else ""
        return ("Similar answers are grouped by wording only: the meaning model is not available"
                + (f" ({why})" if why else "") + ".")
    return status


def questions_left(left: int) -> str:
    """``"About 5 questions left"`` for a budget of ``left`` questions (the current one included); the
    interviewer may close earlier, hence "about"."""
    if left <= 1:
        return "This is about the last question"
    return f"About {left} questions left"
