"""A concept in another interview language for the language tests: a copy of ``oat_milk`` named
``hafermilch`` with ``language`` set, found through ``INTERVIEW_EXTRA_CONFIG_DIRS``."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def concept_in_language(tmp_path: Path, monkeypatch, language: str = "de", concept_id: str = "hafermilch") -> Path:
    """Write the concept file under ``tmp_path`` and point the extra configuration dirs at it."""
    folder = tmp_path / "cfg" / "concepts"
    folder.mkdir(parents=True, exist_ok=True)
    text = (ROOT / "config" / "concepts" / "oat_milk.yaml").read_text(encoding="utf-8")
    path = folder / f"{concept_id}.yaml"
    path.write_text(text.replace("id: oat_milk", f"id: {concept_id}", 1) + f"\nlanguage: {language}\n",
                    encoding="utf-8")
    monkeypatch.setenv("INTERVIEW_EXTRA_CONFIG_DIRS", str(tmp_path / "cfg"))
    return path


def ask_follow_up(methodology, concept, label: str, answer: str, turn: int, strategy: str = "deepen") -> str:
    """The offline follow-up question on node ``label`` after one answer (the question writer's tests)."""
    from interview_core.language.contracts import FocusRef, QuestionRequest, Turn
    from interview_core.language.offline import OfflineLanguage

    request = QuestionRequest(methodology=methodology, concept=concept, strategy=methodology.strategy(strategy),
                              turn_number=turn, focus=FocusRef(kind="node", label=label),
                              recent_turns=[Turn(question="What comes to mind?", answer=answer)])
    return OfflineLanguage().write_question(request).question


def ask_over_turns(methodology, concept, label: str, answer: str, turns: int, strategy: str = "deepen") -> list[str]:
    """The follow-up on ``label`` as written at turns 0 .. turns-1 (the writer varies its wording by turn)."""
    return [ask_follow_up(methodology, concept, label, answer, turn, strategy) for turn in range(turns)]


def outside_quotes(question: str) -> str:
    """The question with every quoted passage (the respondent's own words) blanked out."""
    return re.sub(r'"[^"]*"', " ", question)


def assert_accepted_shape(question: str, must, must_not) -> None:
    """The question holds every phrase of `must`, none of `must_not`, and ends as a question."""
    assert all(m in question for m in must), question
    assert not any(m in question for m in must_not), question
    assert question.rstrip().endswith("?"), question


def offline_session(tmp_path: Path, concept_id: str, name: str, stimulus: str, max_turns: int = 20):
    """An offline interview on a concept of the test's own (means-end chain), written from ``stimulus``."""
    import yaml

    from interview_core.session import InterviewSession

    concept = tmp_path / f"{concept_id}.yaml"
    concept.write_text(yaml.safe_dump({"id": concept_id, "name": name, "methodology": "means_end_chain",
                                       "stimulus": stimulus}), encoding="utf-8")
    return InterviewSession.start(None, str(concept), max_turns=max_turns, db_path=str(tmp_path / "s.db"),
                                  provider="offline")


def turns_after(tmp_path: Path, concept_id: str, name: str, stimulus: str, answers: list[str],
                max_turns: int = 12) -> list[str]:
    """The interviewer's turn after each of ``answers`` in a fresh offline interview on a concept of the test's own
    (:func:`offline_session`), in a new folder under ``tmp_path`` for each call."""
    home = tmp_path / str(len(list(tmp_path.iterdir())))
    home.mkdir()
    session = offline_session(home, concept_id, name, stimulus, max_turns=max_turns)
    return [session.answer(a).next_question for a in answers]
