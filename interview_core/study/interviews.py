"""One interview as the study sees it, its plain-text transcript and where each quote sits in it.

The transcript is the text exported as the interview's REFI-QDA source; every quote's character
offsets are computed against that exact text, so ``text[start:end] == quote`` always holds for a
located quote (offsets count Unicode code points, as Python slices do).
"""

from __future__ import annotations

from dataclasses import dataclass, field

SPEAKER_NAMES = {"interviewer": "Interviewer", "respondent": "Respondent"}


@dataclass
class StudyInterview:
    """A session of a study. ``respondent`` is its display name (``R01`` ...), ``nodes``/``edges`` the
    final surface graph (repository dicts with ``id``, ``label``, ``node_type``, ``utterance_ids``,
    ``quotes`` / ``source``, ``target``, ``relation_type``, ``utterance_id``, ``quote``),
    ``utterances`` the transcript (``id``, ``turn``, ``speaker``, ``text``), ``decisions`` the
    interviewer's choice per turn (``turn``, ``strategy``, ``focus``, ``score``, ``phase``)."""

    session_id: str
    respondent: str
    status: str = "active"
    turns: int = 0
    created_at: str = ""
    attributes: dict[str, str | int | float] = field(default_factory=dict)
    utterances: list[dict] = field(default_factory=list)
    nodes: list[dict] = field(default_factory=list)
    edges: list[dict] = field(default_factory=list)
    decisions: list[dict] = field(default_factory=list)


@dataclass(frozen=True)
class Transcript:
    """``text``: the plain-text source; ``starts``: utterance id -> offset of its text in ``text``."""

    text: str
    starts: dict[str, int]
    utterances: dict[str, str]

    def locate(self, utterance_id: str | None, quote: str) -> tuple[int, int] | None:
        """(start, end) of ``quote`` inside the utterance's text within :attr:`text`, or None.

        Exact match first, then case-insensitive when lower-casing keeps the length (so offsets stay
        exact). A quote that is not in its utterance (a paraphrase) is not located.
        """
        if not quote or utterance_id not in self.starts:
            return None
        utt = self.utterances[utterance_id]
        at = utt.find(quote)
        if at < 0:
            low_utt, low_quote = utt.lower(), quote.lower()
            if len(low_utt) == len(utt) and len(low_quote) == len(quote):
                at = low_utt.find(low_quote)
        if at < 0:
            return None
        start = self.starts[utterance_id] + at
        return start, start + len(quote)


def transcript(interview: StudyInterview) -> Transcript:
    """The interview as plain text: ``Speaker: text`` paragraphs separated by a blank line."""
    parts: list[str] = []
    starts: dict[str, int] = {}
    texts: dict[str, str] = {}
    pos = 0
    for u in interview.utterances:
        prefix = f"{SPEAKER_NAMES.get(u['speaker'], u['speaker'])}: "
        starts[u["id"]] = pos + len(prefix)
        texts[u["id"]] = u["text"]
        chunk = f"{prefix}{u['text']}\n\n"
        parts.append(chunk)
        pos += len(chunk)
    return Transcript("".join(parts), starts, texts)

