"""Over HTTP, a respondent who says they have to go ends the interview (stop14): the answer's reply says
the interview has finished and why (``respondent_ended``), with a thanks and no question, and the session
row says so too. The answer is domain-free; the concept is the repository's own."""

from __future__ import annotations

from test_api import as_respondent, start


def test_a_respondent_who_has_to_go_ends_the_interview_over_http(api, researcher):
    created = start(researcher, max_turns=10)
    with as_respondent(api, created["respondent_token"]) as me:
        question = me.get("/v1/interview").json()["question"]
        first = me.post("/v1/interview/answers", json={"question_id": question["id"],
                                                       "text": "It froths well, which my morning flat white needs."})
        assert first.status_code == 200 and first.json()["finished"] is False
        body = me.post("/v1/interview/answers", json={"question_id": first.json()["question"]["id"],
                                                      "text": "Sorry, I have to go now, my train is here."}).json()
    assert body["finished"] is True and body["closing"] is False
    assert body["termination_reason"] == "respondent_ended"
    assert body["question"]["text"].startswith("Of course, we can stop there.") and "?" not in body["question"]["text"]
    row = researcher.get(f"/v1/sessions/{created['session_id']}").json()
    assert row["status"] == "finished" and row["termination_reason"] == "respondent_ended" and row["turns"] == 2
