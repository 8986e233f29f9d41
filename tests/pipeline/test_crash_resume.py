"""Kill the process mid-turn, restart, resume: the answer is there and the turn completes."""

import os
import signal
import subprocess
import sys
import textwrap
import time

from interview_core.persistence import Repository
from interview_core.session import InterviewSession

CHILD = textwrap.dedent("""
    import sys, time
    from interview_core.config.settings import DedupSettings, Settings
    from interview_core.pipeline import stages
    from interview_core.session import InterviewSession

    settings = Settings(database=sys.argv[1], dedup=DedupSettings(embeddings_enabled=False))
    s = InterviewSession.start("means_end_chain", "oat_milk", settings=settings)
    print(s.session_id, flush=True)
    s.answer("I love how creamy it is.")
    # From now on extraction hangs, as a slow or stuck language call would.
    stages.Extraction.run = lambda self, ctx: time.sleep(3600)
    s.answer("It foams properly, which makes my latte feel like a treat.")
""")


def test_kill_mid_turn_then_resume(backend_settings):
    db = backend_settings.database
    proc = subprocess.Popen([sys.executable, "-c", CHILD, db], stdout=subprocess.PIPE, text=True)
    session_id = proc.stdout.readline().strip()
    deadline, repo = time.time() + 60, Repository(db)
    while True:  # wait until the second answer is committed, then kill -9
        time.sleep(0.2)
        if sum(u["speaker"] == "respondent" for u in repo.list_utterances(session_id)) == 2:
            break
        assert time.time() < deadline and proc.poll() is None, "child did not reach the second answer"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)

    settings = backend_settings.model_copy(update={"database": db})
    resumed = InterviewSession.load(session_id, settings=settings)
    answers = [u["text"] for u in resumed.transcript() if u["speaker"] == "respondent"]
    assert answers == ["I love how creamy it is.", "It foams properly, which makes my latte feel like a treat."]
    assert resumed.turn_number == 2 and len(resumed.turn_results()) == 2
    assert any("properly" in n["label"] for n in resumed.graph_snapshot()["nodes"])
    assert resumed.answer("I want to take care of myself.").turn_number == 3
