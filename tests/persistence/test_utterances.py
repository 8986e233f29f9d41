import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from interview_core.persistence import Repository
from persistence_helpers import new_session, sample_turn


def test_ids_order_and_fields(repo):
    new_session(repo)
    ids = [repo.add_utterance("s1", 0, "interviewer", "What comes to mind?"),
           repo.add_utterance("s1", 1, "respondent", "Creamy."),
           repo.add_utterance("s1", 1, "interviewer", "Why creamy?"),
           repo.add_utterance("s1", 1, "respondent", "Also cheap.")]
    assert ids == ["u_s1_0_i", "u_s1_1_r", "u_s1_1_i", "u_s1_1_r_2"]
    listed = repo.list_utterances("s1")
    assert [u["id"] for u in listed] == ids
    assert listed[1] == {"id": "u_s1_1_r", "turn": 1, "speaker": "respondent", "text": "Creamy.",
                         "created_at": listed[1]["created_at"], "source": None, "source_detail": {},
                         "reply_to": None}


def test_add_utterance_validates(repo):
    new_session(repo)
    with pytest.raises(ValueError, match="speaker"):
        repo.add_utterance("s1", 1, "moderator", "x")
    with pytest.raises(KeyError):
        repo.add_utterance("ghost", 1, "respondent", "x")
    assert repo.list_utterances("s1") == []


@pytest.mark.parametrize("text", [
    "x" * 50_000 + "end",
    "I love it 😍🥛👍🏽 — really, 👨‍👩‍👧",
    "אני אוהב את זה. أحب هذا المنتج \u200f(RTL mark)\u202e reversed\u202c",
    "tab\tnewline\nreturn\r bell\x07 nul\x00 escape\x1b[31m del\x7f",
    "",
])
def test_text_round_trips_exactly(repo, text):
    new_session(repo)
    if "\x00" in text and not repo.db.dialect.stores_nul:
        with pytest.raises(ValueError, match="NUL"):
            repo.add_utterance("s1", 1, "respondent", text)
        text = text.replace("\x00", "")  # everything else still round-trips exactly
    uid = repo.add_utterance("s1", 1, "respondent", text)
    (stored,) = repo.list_utterances("s1")
    assert stored["id"] == uid and stored["text"] == text and len(stored["text"]) == len(text)
    assert repo.pending_answer("s1")["text"] == text


def test_pending_answer_lifecycle(repo):
    new_session(repo)
    assert repo.pending_answer("s1") is None
    repo.add_utterance("s1", 0, "interviewer", "Opening question")
    assert repo.pending_answer("s1") is None  # a question alone is not an answer
    repo.add_utterance("s1", 1, "respondent", "first answer")
    assert repo.pending_answer("s1")["id"] == "u_s1_1_r"
    repo.save_turn("s1", 1, **sample_turn(1))
    assert repo.pending_answer("s1") is None
    repo.add_utterance("s1", 1, "interviewer", "Follow-up")
    repo.add_utterance("s1", 2, "respondent", "second answer")
    assert repo.pending_answer("s1")["text"] == "second answer"


def test_answer_survives_a_crash_before_save_turn(db_path):
    first = Repository(db_path)
    new_session(first)
    first.save_turn("s1", 1, **sample_turn(1))
    first.add_utterance("s1", 2, "respondent", "answer before the crash")
    # No save_turn and no close: the process "dies" here. A fresh repository on the same file:
    reopened = Repository(db_path)
    assert reopened.migrations_applied == []
    pending = reopened.pending_answer("s1")
    assert pending["id"] == "u_s1_2_r" and pending["text"] == "answer before the crash"
    assert reopened.load_state("s1")["turn"] == 1


CHILD = textwrap.dedent("""
    import sys, time
    from interview_core.persistence import Repository
    repo = Repository(sys.argv[1])
    repo.create_session(session_id="k", concept_id="c", methodology_name="m", methodology_yaml="m",
                        concept_yaml="c", max_turns=3, settings_summary={})
    uid = repo.add_utterance("k", 1, "respondent", sys.argv[2])
    print(uid, flush=True)
    time.sleep(60)  # the language work that never finishes
""")

READER = textwrap.dedent("""
    import json, sys
    from interview_core.persistence import Repository
    repo = Repository(sys.argv[1])
    print(json.dumps({"pending": repo.pending_answer("k"), "applied": repo.migrations_applied}))
""")


def test_answer_survives_sigkill_in_another_process(tmp_path):
    db = tmp_path / "killed.db"
    answer = "killed mid-turn ✂️ نعم"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(db), answer], stdout=subprocess.PIPE, text=True, env=env)
    try:
        uid = child.stdout.readline().strip()
        assert uid == "u_k_1_r"
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=10)
    assert child.returncode == -signal.SIGKILL
    out = subprocess.run([sys.executable, "-c", READER, str(db)], capture_output=True, text=True, env=env,
                         timeout=30, check=True).stdout
    result = json.loads(out)
    assert result["applied"] == []
    assert result["pending"]["id"] == uid and result["pending"]["text"] == answer


def test_add_answer_stores_only_an_answer_to_the_current_question(repo):
    from interview_core.persistence import AnswerConflict

    new_session(repo)
    q0 = repo.add_utterance("s1", 0, "interviewer", "What comes to mind?")
    a = repo.add_answer("s1", 1, q0, "Creamy.", source="simulated", source_detail={"persona": "terse", "mind": "m"})
    with pytest.raises(AnswerConflict) as info:  # the same question again: already answered
        repo.add_answer("s1", 1, q0, "Cheap.", source="respondent")
    assert info.value.reason == "already_answered"
    q1 = repo.add_utterance("s1", 1, "interviewer", "Why creamy?")
    with pytest.raises(AnswerConflict) as info:  # an earlier question: not current
        repo.add_answer("s1", 2, q0, "Late.", source="respondent")
    assert info.value.reason == "not_current" and info.value.current_question_id == q1
    repo.update_session("s1", status="finished")
    with pytest.raises(AnswerConflict) as info:
        repo.add_answer("s1", 2, q1, "After the end.", source="respondent")
    assert info.value.reason == "finished"
    listed = repo.list_utterances("s1")
    assert [u["text"] for u in listed] == ["What comes to mind?", "Creamy.", "Why creamy?"]
    assert listed[1]["id"] == a and listed[1]["reply_to"] == q0
    assert listed[1]["source"] == "simulated" and listed[1]["source_detail"] == {"persona": "terse", "mind": "m"}


def test_unique_index_backs_up_one_answer_per_question(repo):
    new_session(repo)
    q0 = repo.add_utterance("s1", 0, "interviewer", "What comes to mind?")
    repo.add_utterance("s1", 1, "respondent", "One.", reply_to=q0, source="respondent")
    with pytest.raises(repo.db.integrity_errors):
        repo.add_utterance("s1", 1, "respondent", "Two.", reply_to=q0, source="respondent")
    with pytest.raises(ValueError, match="source"):
        repo.add_utterance("s1", 1, "respondent", "Three.", source="robot")
