"""Several processes on one database: a turn is recorded once, never lost, never duplicated (both backends)."""

import threading

import pytest

from interview_core.persistence import AnswerConflict, Repository, TurnConflict
from interview_core.session import InterviewSession, QuestionNotCurrent


def new_session(repo, session_id):
    return repo.create_session(session_id=session_id, concept_id="c", methodology_name="m", methodology_yaml="m",
                               concept_yaml="c", max_turns=5, settings_summary={})


def _speakers(session):
    return [(u["turn"], u["speaker"]) for u in session.transcript()]


def test_a_second_answer_to_the_same_question_is_refused(database_url):
    repo = Repository(database_url)
    new_session(repo, "s1")
    qid = repo.add_utterance("s1", 0, "interviewer", "Opening?")
    assert repo.add_answer("s1", 1, qid, "first", source="respondent") == "u_s1_1_r"
    with pytest.raises(AnswerConflict):
        repo.add_answer("s1", 1, qid, "second, from another process", source="respondent")
    assert [u["text"] for u in repo.list_utterances("s1")] == ["Opening?", "first"]


def test_a_saved_turn_cannot_be_saved_again(database_url):
    repo = Repository(database_url)
    new_session(repo, "s1")
    with repo.db.transaction():
        repo.claim_turn("s1", 1)
        repo.db.execute("INSERT INTO turn_results (session_id, turn, result, created_at) VALUES ('s1', 1, '{}', 'now')")
    with pytest.raises(TurnConflict):
        with repo.db.transaction():
            repo.claim_turn("s1", 1)


def test_two_copies_of_one_session_cannot_both_answer_a_turn(backend_settings):
    a = InterviewSession.start("means_end_chain", "oat_milk", settings=backend_settings)
    b = InterviewSession.load(a.session_id, settings=backend_settings)  # the same session in a second process
    question = b.current_question_id
    a.answer("I love how creamy it is.", question_id=question)
    with pytest.raises(QuestionNotCurrent):
        b.answer("A different answer to the same question.", question_id=question)
    fresh = InterviewSession.load(a.session_id, settings=backend_settings)
    assert fresh.turn_number == 1
    assert _speakers(fresh) == [(0, "interviewer"), (1, "respondent"), (1, "interviewer")]
    assert fresh.answer("It foams well so my coffee feels special.").turn_number == 2


def test_racing_processes_record_each_turn_exactly_once(backend_settings):
    start = InterviewSession.start("means_end_chain", "oat_milk", settings=backend_settings)
    copies = [InterviewSession.load(start.session_id, settings=backend_settings) for _ in range(4)]
    barrier, outcomes, question = threading.Barrier(len(copies)), [], start.current_question_id

    def answer(session, i):
        barrier.wait()
        try:
            outcomes.append(session.answer(f"Answer number {i}: it is creamy because of the oats.",
                                           question_id=question).turn_number)
        except QuestionNotCurrent:
            outcomes.append("conflict")

    threads = [threading.Thread(target=answer, args=(s, i)) for i, s in enumerate(copies)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert sorted(outcomes, key=str) == [1, "conflict", "conflict", "conflict"]
    final = InterviewSession.load(start.session_id, settings=backend_settings)
    assert _speakers(final) == [(0, "interviewer"), (1, "respondent"), (1, "interviewer")]
    assert len(final.turn_results()) == 1
