"""An answerable close: the closing question is a turn of its own; its answer is extracted and stored,
and that turn ends the interview with the reason decided when the question was asked."""

import pytest

from interview_core.config.settings import Settings, TaskSettings
from interview_core.language.contracts import QuestionResult
from interview_core.language.router import LanguageRouter
from interview_core.persistence import Repository
from interview_core.session import InterviewSession, SessionFinished
from interview_core.vocabulary.extraction import Usage

ANSWERS = [
    "I really like how creamy it is, because it foams properly for my latte.",
    "It makes my morning coffee feel like a treat.",
    "I guess because I want to take care of myself.",
]
CLOSING_ANSWER = "One more thing: the recyclable carton makes me feel less guilty about waste."


def closing_session(settings, max_turns=3) -> tuple[InterviewSession, list]:
    """A session answered up to its closing question (the budget reached at ``max_turns``)."""
    s = InterviewSession.start("means_end_chain", "oat_milk", settings=settings, max_turns=max_turns)
    return s, [s.answer(a) for a in ANSWERS[:max_turns]]


def test_closing_question_is_asked_as_a_turn_and_the_session_stays_active(backend_settings):
    s, results = closing_session(backend_settings)
    last = results[-1]
    assert [r.closing_question for r in results] == [False, False, True]
    assert last.should_continue is True and last.termination_reason is None
    assert not s.finished and s.awaiting_closing_answer
    assert s.current_question == last.next_question
    assert "before we finish" in last.next_question.lower() or "last thought" in last.next_question.lower()
    assert s.row["status"] == "active" and s.termination_reason is None


def test_closing_answer_is_extracted_stored_and_ends_the_interview(backend_settings):
    s, _ = closing_session(backend_settings)
    before = {n["label"] for n in s.graph_snapshot()["nodes"]}
    final = s.answer(CLOSING_ANSWER)
    assert final.turn_number == 4 and final.should_continue is False and not final.closing_question
    assert final.termination_reason == "max_turns_reached"
    assert s.finished and s.termination_reason == "max_turns_reached" and not s.awaiting_closing_answer
    # extracted like any other answer: nodes that quote it, its utterance stored
    assert final.extracted.nodes and final.extracted.added_node_ids
    repo = Repository(backend_settings.database)
    stored = {n["label"]: n for n in repo.list_nodes(s.session_id)}
    added = set(stored) - before
    assert added and all(final.respondent_utterance_id in stored[label]["utterance_ids"] for label in added)
    said = [u for u in s.transcript() if u["speaker"] == "respondent"]
    assert said[-1]["text"] == CLOSING_ANSWER and said[-1]["id"] == final.respondent_utterance_id
    # the interviewer's last word is a farewell, not another question; the turn is stored as returned
    assert final.next_question and "?" not in final.next_question
    assert s.transcript()[-1]["speaker"] == "interviewer" and s.transcript()[-1]["text"] == final.next_question
    assert s.turn_results()[-1] == final
    with pytest.raises(SessionFinished):
        s.answer("and another thing")


def test_reload_while_awaiting_the_closing_answer(backend_settings):
    s, results = closing_session(backend_settings)
    again = InterviewSession.load(s.session_id, settings=backend_settings)
    assert again.awaiting_closing_answer and not again.finished
    assert again.current_question == results[-1].next_question and again.turn_number == 3
    final = again.answer(CLOSING_ANSWER)
    assert final.should_continue is False and final.termination_reason == "max_turns_reached"
    assert InterviewSession.load(s.session_id, settings=backend_settings).finished


def test_an_explicit_end_at_the_closing_question_keeps_its_reason(lexical_settings):
    s, _ = closing_session(lexical_settings)
    s.end()
    assert s.finished and s.termination_reason == "max_turns_reached"
    with pytest.raises(SessionFinished):
        s.answer(CLOSING_ANSWER)


def test_close_strategy_asks_its_question_and_ends_on_the_answer(lexical_settings, monkeypatch):
    """Whatever rule closes (here a continuation rule), the closing question comes first."""
    from interview_core.engine import Engine

    s = InterviewSession.start("means_end_chain", "oat_milk", settings=lexical_settings, max_turns=10)
    real = Engine.continuation
    monkeypatch.setattr(Engine, "continuation", lambda self, sel, turn, max_turns:
                        (False, "depth_plateau") if turn == 2 else real(self, sel, turn, max_turns))
    first, second = s.answer(ANSWERS[0]), s.answer(ANSWERS[1])
    assert not first.closing_question and second.closing_question and not s.finished
    final = s.answer(CLOSING_ANSWER)
    assert final.termination_reason == "depth_plateau" and s.finished and s.termination_reason == "depth_plateau"


class ProviderQuestions:
    """A stand-in provider adapter that writes the questions (no network)."""

    def __init__(self):
        self.kinds: list[str] = []

    def write_question(self, request):
        self.kinds.append(request.kind)
        return QuestionResult(question=f"Provider {request.kind} question?",
                              usage=[Usage(task="question", provider="anthropic", model="claude-haiku-4-5")])


def test_with_a_provider_it_writes_the_closing_question_and_the_farewell_stays_offline(lexical_settings):
    settings = Settings(**{**lexical_settings.model_dump(exclude={"question"}),
                           "question": TaskSettings(provider="anthropic", model="claude-haiku-4-5"),
                           "anthropic_api_key": "sk-test-x"})
    provider = ProviderQuestions()
    s = InterviewSession.start("means_end_chain", "oat_milk", settings=lexical_settings, max_turns=2)
    s.use_language(LanguageRouter(settings, adapters={"anthropic": provider}))
    s.answer(ANSWERS[0])
    closing = s.answer(ANSWERS[1])
    assert closing.closing_question and closing.next_question == "Provider closing question?" and not s.finished
    final = s.answer(CLOSING_ANSWER)
    assert provider.kinds == ["follow_up", "closing"]  # no call for the farewell
    assert s.finished and final.termination_reason == "max_turns_reached" and final.extracted.nodes
    assert final.next_question and "?" not in final.next_question


def test_offline_farewell_answers_a_last_question_about_the_study(lexical_settings):
    s, _ = closing_session(lexical_settings)
    final = s.answer("What happens with my answers after this?")
    assert s.finished and final.next_question.startswith("It's a typed interview")  # the privacy answer (offline wording)
    assert not final.extracted.nodes  # a question to the interviewer makes no node


def test_cli_run_shows_the_closing_question_then_the_farewell(tmp_path, capsys, monkeypatch):
    import json

    from interview_core.cli.main import main

    monkeypatch.setenv("INTERVIEW_DEDUP__EMBEDDINGS_ENABLED", "false")
    answers, out, db = tmp_path / "a.txt", tmp_path / "run.json", tmp_path / "cli.db"
    answers.write_text("\n".join([*ANSWERS[:2], CLOSING_ANSWER]) + "\n")
    assert main(["run", "--concept", "oat_milk", "--max-turns", "2", "--answers", str(answers), "--out", str(out),
                 "--db", str(db)]) == 0
    captured = capsys.readouterr()
    assert "closing question]" in captured.err and "[interview ended: max_turns_reached]" in captured.err
    run = json.loads(out.read_text())
    assert [t["turn_result"]["closing_question"] for t in run["turns"]] == [False, True, False]
    assert run["turns"][-1]["answer"] == CLOSING_ANSWER and run["termination_reason"] == "max_turns_reached"
    # input that ends at the closing question ends the interview there, with its reason
    answers.write_text("\n".join(ANSWERS[:2]) + "\n")
    assert main(["run", "--concept", "oat_milk", "--max-turns", "2", "--answers", str(answers), "--out", str(out),
                 "--db", str(db)]) == 0
    assert "closing question was not answered" in capsys.readouterr().err
    assert json.loads(out.read_text())["termination_reason"] == "max_turns_reached"
