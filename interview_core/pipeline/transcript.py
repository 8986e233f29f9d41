"""The conversation of one session as the stages see it: its utterances, in order, in the repository."""

from __future__ import annotations

from ..persistence import Repository
from ..provenance import Provenance
from ..vocabulary import Turn

QUOTED_ANSWER_CHARS = 2000  # how much of an answer the recent turns carry into a prompt


class Transcript:
    """One session's utterances: read them, and commit the respondent's answer the moment it arrives."""

    def __init__(self, repo: Repository, session_id: str):
        self.repo = repo
        self.session_id = session_id

    def utterances(self) -> list[dict]:
        """Every utterance in order: id, turn, speaker, text, created_at."""
        return self.repo.list_utterances(self.session_id)

    def questions(self, utterances: list[dict] | None = None) -> list[str]:
        """The interviewer's questions in order (of ``utterances`` when given, read once by the caller)."""
        return [u["text"] for u in (self.utterances() if utterances is None else utterances) if u["speaker"] == "interviewer"]

    def recent_turns(self, n: int, utterances: list[dict] | None = None) -> list[Turn]:
        """The last ``n`` (question, answer) pairs, answers cut to QUOTED_ANSWER_CHARS (of ``utterances``
        when given)."""
        turns, question = [], None
        for u in self.utterances() if utterances is None else utterances:
            if u["speaker"] == "interviewer":
                question = u["text"]
            elif question is not None:
                turns.append(Turn(question=question, answer=u["text"][:QUOTED_ANSWER_CHARS]))
        return turns[-n:]

    def save_answer(self, turn: int, text: str, question_id: str | None, provenance: Provenance) -> str:
        """Commit the answer to ``question_id`` (default: the current question) now, before any language
        work, and return its utterance id. Raises AnswerConflict, storing nothing, unless that question is
        still the current, unanswered one."""
        question_id = question_id or self.repo.current_question(self.session_id)["id"]
        return self.repo.add_answer(self.session_id, turn, question_id, text, source=provenance.source,
                                    source_detail=provenance.detail())

    def next_question_id(self, turn: int) -> str:
        """The id the interviewer's question of ``turn`` will get when the turn is committed."""
        return self.repo.next_utterance_id(self.session_id, turn, "interviewer")
