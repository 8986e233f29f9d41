"""Answers are bound to their question: stale answers are refused, concurrent submissions make one turn,
and every answer's provenance is stored."""

from __future__ import annotations

import threading

import pytest

from interview_core.provenance import Provenance, describe
from interview_core.session import InterviewSession, InvalidAnswer, QuestionNotCurrent

A1 = "I like how creamy it is because it foams well in my coffee"
A2 = "The price is too high so I buy it less often"


def _answers(session):
    return [u for u in session.transcript() if u["speaker"] == "respondent"]


def test_answer_to_a_stale_question_is_refused_with_the_current_one(lexical_settings):
    s = InterviewSession.start("means_end_chain", "oat_milk", settings=lexical_settings)
    first = s.current_question_id
    assert first == s.transcript()[0]["id"]
    result = s.answer(A1, question_id=first)
    with pytest.raises(QuestionNotCurrent) as info:
        s.answer(A2, question_id=first)
    err = info.value
    assert isinstance(err, InvalidAnswer)  # no turn consumed, like any refused answer
    assert err.current_question_id == s.current_question_id != first
    assert err.current_question == result.next_question
    assert "moved on" in str(err) and "Nothing was saved" in str(err)
    assert [u["text"] for u in _answers(s)] == [A1] and s.turn_number == 1


def test_unknown_question_id_is_refused(lexical_settings):
    s = InterviewSession.start("means_end_chain", "oat_milk", settings=lexical_settings)
    with pytest.raises(QuestionNotCurrent):
        s.answer(A1, question_id="u_nope_0_i")
    assert _answers(s) == []


def test_threads_on_one_object_make_exactly_one_turn(lexical_settings):
    s = InterviewSession.start("means_end_chain", "oat_milk", settings=lexical_settings)
    qid = s.current_question_id
    outcomes: list = []
    barrier = threading.Barrier(4)

    def submit(text):
        barrier.wait()
        try:
            outcomes.append(s.answer(text, question_id=qid))
        except QuestionNotCurrent as exc:
            outcomes.append(exc)

    threads = [threading.Thread(target=submit, args=(f"{A1} ({i})",)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sum(not isinstance(o, Exception) for o in outcomes) == 1
    assert sum(isinstance(o, QuestionNotCurrent) for o in outcomes) == 3
    assert len(_answers(s)) == 1 and s.turn_number == 1 and len(s.turn_results()) == 1


def test_two_session_objects_on_one_database_make_exactly_one_turn(lexical_settings):
    a = InterviewSession.start("means_end_chain", "oat_milk", settings=lexical_settings)
    b = InterviewSession.load(a.session_id, settings=lexical_settings)
    qid = a.current_question_id
    assert b.current_question_id == qid
    outcomes: list = []
    barrier = threading.Barrier(2)

    def submit(session, text):
        barrier.wait()
        try:
            outcomes.append(session.answer(text, question_id=qid))
        except QuestionNotCurrent as exc:
            outcomes.append(exc)

    threads = [threading.Thread(target=submit, args=(a, A1)), threading.Thread(target=submit, args=(b, A2))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(type(o).__name__ for o in outcomes) == ["QuestionNotCurrent", "TurnResult"]
    assert len(_answers(a)) == 1 and len(a.turn_results()) == 1
    # The loser caught up with the winner's turn: its next answer continues from the stored state.
    for session in (a, b):
        assert session.current_question_id == a.current_question_id
    r2 = b.answer(A2 + " again", question_id=b.current_question_id)
    assert r2.turn_number == 2
    with pytest.raises(QuestionNotCurrent):  # a's view is stale now; it is refused, then caught up
        a.answer("late", question_id=qid)
    r3 = a.answer("It gives me peace of mind", question_id=a.current_question_id)
    assert r3.turn_number == 3 and a.engine.graph.labels() and len(a.turn_results()) == 3


def test_answer_without_question_id_binds_to_the_current_question(lexical_settings):
    s = InterviewSession.start("means_end_chain", "oat_milk", settings=lexical_settings)
    first = s.current_question_id
    s.answer(A1)
    (stored,) = _answers(s)
    assert stored["reply_to"] == first


def test_provenance_is_stored_for_each_answer(lexical_settings):
    s = InterviewSession.start("means_end_chain", "oat_milk", settings=lexical_settings)
    s.answer(A1)
    s.answer(A2, provenance=Provenance(source="researcher"))
    s.answer("It makes me feel healthier", provenance=Provenance.simulated("terse", "oat_milk_eco_barista"))
    got = [(u["source"], u["source_detail"]) for u in _answers(s)]
    assert got == [("respondent", {}), ("researcher", {}),
                   ("simulated", {"persona": "terse", "mind": "oat_milk_eco_barista"})]
    reloaded = InterviewSession.load(s.session_id, settings=lexical_settings)
    assert [u["source"] for u in _answers(reloaded)] == ["respondent", "researcher", "simulated"]


def test_provenance_labels():
    assert describe("respondent") == "Respondent"
    assert describe("researcher") == "Researcher (typed on the analyst page)"
    assert describe("simulated", {"persona": "terse", "mind": "m"}) == "Simulated respondent (persona terse, mind m)"
    assert describe(None) == "Answer (source not recorded)"
    with pytest.raises(ValueError):
        Provenance(source="respondent", persona="terse")


def test_every_export_carries_provenance(lexical_settings):
    import csv
    import io
    import json

    from interview_core import export

    s = InterviewSession.start("means_end_chain", "oat_milk", settings=lexical_settings)
    s.answer(A1, provenance=Provenance(source="researcher"))
    s.answer(A2, provenance=Provenance.simulated("terse", "oat_milk_eco_barista"))
    repo = s.repo
    payload = json.loads(export.export(repo, s.session_id, "json"))
    assert [(u["source"], u["source_detail"]) for u in payload["transcript"] if u["speaker"] == "respondent"] == [
        ("researcher", {}), ("simulated", {"persona": "terse", "mind": "oat_milk_eco_barista"})]
    md = export.export(repo, s.session_id, "markdown")
    assert "**Researcher (typed on the analyst page)** (turn 1" in md
    assert "**Simulated respondent (persona terse, mind oat_milk_eco_barista)** (turn 2" in md
    rows = list(csv.DictReader(io.StringIO(export.export(repo, s.session_id, "csv"))))
    assert rows and {r["answer_sources"] for r in rows if r["kind"] == "node"} <= {"researcher", "simulated",
                                                                                  "researcher;simulated"}
    assert any(r["answer_sources"] == "simulated" for r in rows)
    graphml = export.export(repo, s.session_id, "graphml")
    assert 'attr.name="answer_sources"' in graphml and ">simulated<" in graphml
