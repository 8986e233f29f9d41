"""A turn's writes commit together: the stored TurnResult is the returned one, and a process killed inside
any stage (or inside the commit) resumes without a second interviewer question."""

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from interview_core.export import export_csv
from interview_core.session import InterviewSession

from test_session import ANSWERS, SEED_STAGES

ROOT = Path(__file__).resolve().parents[2]


def test_stored_turn_result_equals_returned(lexical_settings):
    s = InterviewSession.start("means_end_chain", "oat_milk", settings=lexical_settings)
    returned = [s.answer(a) for a in ANSWERS[:3]]
    stored = s.turn_results()
    assert stored == returned  # every field, timings and latency included, typed as returned
    assert [r.model_dump(mode="json") for r in stored] == [r.model_dump(mode="json") for r in returned]
    assert all(set(r.stage_ms) == set(SEED_STAGES) for r in stored)
    assert all(r.latency_ms >= sum(r.stage_ms.values()) for r in stored)
    # the question id the result names is the stored question of that turn
    questions = {u["id"]: u for u in s.transcript() if u["speaker"] == "interviewer"}
    for r in stored:
        assert questions[r.question_utterance_id]["turn"] == r.turn_number
        assert questions[r.question_utterance_id]["text"] == r.next_question


def test_csv_created_turn_is_the_turn_that_created_the_edge(lexical_settings):
    s = InterviewSession.start("means_end_chain", "oat_milk", settings=lexical_settings)
    created = {}
    for answer in ANSWERS[:5]:
        result = s.answer(answer)
        for edge_id in result.extracted.added_edge_ids:
            created[edge_id] = result.turn_number
    assert len(set(created.values())) >= 2  # edges from more than one turn, or the test proves nothing
    rows = [line.split(",") for line in export_csv(s.repo, s.session_id).splitlines()[1:]]
    edges = {row[1]: int(row[8]) for row in rows if row[0] == "edge"}
    assert edges == created


# The child starts a session, answers once, then makes the named stage (or the commit) stop for good
# right after doing its work, as a crash there would; the parent kills it with SIGKILL.
CHILD = textwrap.dedent("""
    import sys, time
    from interview_core.config.settings import DedupSettings, Settings
    from interview_core.persistence.turns import TurnStore
    from interview_core.pipeline import stages
    from interview_core.session import InterviewSession

    db, where = sys.argv[1], sys.argv[2]
    settings = Settings(database=db, dedup=DedupSettings(embeddings_enabled=False))
    s = InterviewSession.start("means_end_chain", "oat_milk", settings=settings)
    s.answer("I love how creamy it is.")

    def hang(original):
        def run(*args, **kwargs):
            original(*args, **kwargs)
            print("inside", flush=True)
            time.sleep(3600)
        return run

    if where == "commit":  # inside the turn's transaction, after the turn record was written
        TurnStore.save_turn = hang(TurnStore.save_turn)
    else:
        stage = next(st for st in s.stages if st.name == where)
        type(stage).run = hang(type(stage).run)
    print(s.session_id, flush=True)
    s.answer("It foams properly, which makes my latte feel like a treat.")
""")


@pytest.mark.slow
@pytest.mark.parametrize("where", [*SEED_STAGES, "commit"])
def test_kill_inside_every_stage_leaves_no_duplicate_question(where, lexical_settings, tmp_path):
    db = str(tmp_path / "crash.db")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-c", CHILD, db, where], stdout=subprocess.PIPE, text=True, env=env)
    try:
        session_id = proc.stdout.readline().strip()
        assert proc.stdout.readline().strip() == "inside", f"the child never reached {where}"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()

    settings = lexical_settings.model_copy(update={"database": db})
    resumed = InterviewSession.load(session_id, settings=settings)
    resumed.answer("I want to take care of myself.")
    transcript = resumed.transcript()
    # a kill before UtteranceSaving loses an answer that was never acknowledged; after it, none is lost
    answered = 2 if where == "ContextLoading" else 3
    questions = [u["turn"] for u in transcript if u["speaker"] == "interviewer"]
    assert questions == list(range(answered + 1)), f"killed inside {where}: questions per turn {questions}"
    assert [u["turn"] for u in transcript if u["speaker"] == "respondent"] == list(range(1, answered + 1))
    assert [r.turn_number for r in resumed.turn_results()] == list(range(1, answered + 1))
    assert [u["speaker"] for u in transcript] == ["interviewer", "respondent"] * answered + ["interviewer"]
