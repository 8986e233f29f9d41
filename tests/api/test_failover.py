"""Two API processes on one database; one is killed: its respondents go on with the other, nothing lost."""

from __future__ import annotations

import os
import signal

import httpx

from api_support import API_KEY, start_server, stop_server
from interview_core.persistence import Repository


def _post(base, token, question, text):
    return httpx.post(f"{base}/v1/interview/answers", headers={"X-Session-Token": token},
                      json={"question_id": question["id"], "text": text}, timeout=60)


def test_killed_process_respondents_continue_on_another(api_database):
    (a, base_a), (b, base_b) = start_server(api_database), start_server(api_database)
    try:
        created = httpx.post(f"{base_a}/v1/sessions", headers={"X-API-Key": API_KEY},
                             json={"concept": "oat_milk"}, timeout=60).json()
        token, question = created["respondent_token"], created["question"]
        first = _post(base_a, token, question, "I like how creamy it is because it foams.").json()
        os.kill(a.pid, signal.SIGKILL)  # process A dies; its respondent's page retries on B
        a.wait(timeout=10)
        # The retry of an answer whose response was lost: B returns the recorded turn, adds none.
        again = _post(base_b, token, question, "I like how creamy it is because it foams.").json()
        assert again["replayed"] is True and again["question"] == first["question"]
        # An answer A stored just before dying, never processed: B completes that turn on the retry.
        pending_text = "Foam makes the coffee feel like a treat."
        Repository(api_database).add_answer(created["session_id"], 2, first["question"]["id"], pending_text,
                                            source="respondent")
        completed = _post(base_b, token, first["question"], pending_text)
        assert completed.status_code == 200, completed.text
        assert completed.json()["turn"] == 2
        third = _post(base_b, token, completed.json()["question"], "A treat helps me relax.").json()
        assert third["turn"] == 3 and third["replayed"] is False
        transcript = httpx.get(f"{base_b}/v1/sessions/{created['session_id']}/transcript",
                               headers={"X-API-Key": API_KEY}, timeout=60).json()
        answers = [(u["turn"], u["text"]) for u in transcript if u["speaker"] == "respondent"]
        assert answers == [(1, "I like how creamy it is because it foams."), (2, pending_text),
                           (3, "A treat helps me relax.")]
        questions = [u["turn"] for u in transcript if u["speaker"] == "interviewer"]
        assert questions == [0, 1, 2, 3]  # one question per turn: nothing asked twice
    finally:
        stop_server(a)
        stop_server(b)
