"""The HTTP API against its real server process on loopback, on SQLite and on PostgreSQL."""

from __future__ import annotations

import uuid

import httpx
import pytest



ANSWERS = ["I love how creamy it is because it foams well.",
           "Foam makes my morning latte feel like a small treat.",
           "A treat in the morning helps me feel relaxed before work."]


def start(researcher, **body):
    return start_from(researcher, concept="oat_milk", **body)


def start_from(researcher, **body):
    r = researcher.post("/v1/sessions", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def as_respondent(api, token):
    return httpx.Client(base_url=api[0], headers={"X-Session-Token": token}, timeout=60)


def test_openapi_docs_are_served(anonymous):
    spec = anonymous.get("/openapi.json").json()
    assert {"/v1/sessions", "/v1/interview", "/v1/interview/answers", "/v1/sessions/{session_id}/export"} <= set(spec["paths"])
    assert anonymous.get("/docs").status_code == 200


def test_a_whole_interview_over_http(api, researcher):
    created = start(researcher, max_turns=2, respondent_ref="panel-42")  # 2 answers, then the closing one
    assert created["question"]["text"] and created["offline"] is True
    with as_respondent(api, created["respondent_token"]) as me:
        current = me.get("/v1/interview").json()
        assert current["question"] == created["question"] and current["turn"] == 0
        question = current["question"]
        for i, text in enumerate(ANSWERS, start=1):
            r = me.post("/v1/interview/answers", json={"question_id": question["id"], "text": text})
            assert r.status_code == 200, r.text
            body = r.json()
            assert body["turn"] == i and body["replayed"] is False
            assert body["closing"] is (i == 2) and body["finished"] is (i == 3)
            question = body["question"]
        assert body["finished"] is True
        assert me.post("/v1/interview/answers", json={"question_id": question["id"], "text": "more"}).json()["error"][
            "code"] == "session_finished"
        mine = me.get("/v1/interview/transcript").json()
    assert [u["text"] for u in mine if u["speaker"] == "respondent"] == ANSWERS
    sid = created["session_id"]
    row = researcher.get(f"/v1/sessions/{sid}").json()
    assert row["respondent_ref"] == "panel-42" and row["turns"] == 3 and row["status"] == "finished"
    results = researcher.get(f"/v1/sessions/{sid}/turns").json()
    assert [r["turn_number"] for r in results] == [1, 2, 3] and "scoring" in results[0]
    assert researcher.get(f"/v1/sessions/{sid}/turns/2").json()["turn_number"] == 2
    assert researcher.get(f"/v1/sessions/{sid}/transcript").json() == mine
    exported = researcher.get(f"/v1/sessions/{sid}/export", params={"format": "json"}).json()
    assert exported["session"]["session_id"] == sid and "respondent_token" not in exported["session"]
    md = researcher.get(f"/v1/sessions/{sid}/export", params={"format": "markdown"})
    assert md.headers["content-type"].startswith("text/markdown") and ANSWERS[0] in md.text


def test_answers_are_bound_to_their_question(api, researcher):
    created = start(researcher)
    with as_respondent(api, created["respondent_token"]) as me:
        first = created["question"]["id"]
        r1 = me.post("/v1/interview/answers", json={"question_id": first, "text": ANSWERS[0]}).json()
        # The same answer again (a retry after a lost response): the recorded turn, not a second one.
        again = me.post("/v1/interview/answers", json={"question_id": first, "text": ANSWERS[0]}).json()
        assert again["replayed"] is True and again["turn"] == 1 and again["question"] == r1["question"]
        # A different answer to the old question: refused, with the current question to answer instead.
        stale = me.post("/v1/interview/answers", json={"question_id": first, "text": "something else"})
        assert stale.status_code == 409
        assert stale.json()["error"]["code"] == "stale_question"
        assert stale.json()["error"]["current_question"] == r1["question"]
        unknown = me.post("/v1/interview/answers", json={"question_id": "nope", "text": "x"})
        assert unknown.json()["error"]["code"] == "stale_question"
    texts = [u["text"] for u in researcher.get(f"/v1/sessions/{created['session_id']}/transcript").json()
             if u["speaker"] == "respondent"]
    assert texts == [ANSWERS[0]]


def test_auth_and_isolation(api, researcher, anonymous):
    created = start(researcher)
    assert anonymous.post("/v1/sessions", json={"concept": "oat_milk"}).json()["error"]["code"] == "missing_api_key"
    wrong = anonymous.post("/v1/sessions", json={"concept": "oat_milk"}, headers={"X-API-Key": "guess"})
    assert wrong.status_code == 401 and wrong.json()["error"]["code"] == "invalid_api_key"
    assert anonymous.get(f"/v1/sessions/{created['session_id']}/transcript").status_code == 401
    # The respondent token opens the respondent's own interview only, never the researcher's calls.
    tok = {"X-Session-Token": created["respondent_token"]}
    assert anonymous.get(f"/v1/sessions/{created['session_id']}", headers=tok).status_code == 401
    assert anonymous.get("/v1/interview", headers={"X-Session-Token": "forged"}).status_code == 404
    assert anonymous.get("/v1/interview").json()["error"]["code"] == "missing_session_token"


@pytest.mark.parametrize("body, code", [
    ({"concept": "../../etc/passwd"}, "invalid_request"),
    ({"concept": "no_such_concept"}, "unknown_configuration"),
    ({"concept": "oat_milk", "max_turns": 0}, "invalid_request"),
    ({"concept": "oat_milk", "unexpected": 1}, "invalid_request"),
])
def test_bad_requests_are_json_errors(researcher, body, code):
    r = researcher.post("/v1/sessions", json=body)
    assert r.status_code in (404, 422) and r.json()["error"]["code"] == code and r.json()["error"]["message"]


def test_size_limits_and_invalid_answers(api, researcher):
    created = start(researcher)
    qid = created["question"]["id"]
    with as_respondent(api, created["respondent_token"]) as me:
        empty = me.post("/v1/interview/answers", json={"question_id": qid, "text": "   "})
        assert empty.status_code == 422 and empty.json()["error"]["code"] == "invalid_answer"
        long = me.post("/v1/interview/answers", json={"question_id": qid, "text": "x" * 200_001})
        assert long.status_code == 422 and "200,000" in long.json()["error"]["message"]
        huge = me.post("/v1/interview/answers", content=b'{"question_id":"q","text":"' + b"x" * 900_000 + b'"}',
                       headers={"Content-Type": "application/json"})
        assert huge.status_code == 413 and huge.json()["error"]["code"] == "payload_too_large"
        broken = me.post("/v1/interview/answers", content=b"{not json", headers={"Content-Type": "application/json"})
        assert broken.status_code == 422 and broken.json()["error"]["code"] == "invalid_request"
        assert me.get("/v1/interview").json()["turn"] == 0  # nothing was consumed
    assert researcher.get("/v1/nowhere").json()["error"]["code"] == "not_found"


def test_embed_link_starts_one_interview_per_respondent_and_renders_text_safely(api, researcher, anonymous):
    link = researcher.post("/v1/embed-links", json={"concept": "oat_milk"}).json()
    assert "<iframe" in link["iframe"] and "respondent_id=RESPONDENT_ID" in link["iframe"]
    first = anonymous.get(link["path"] + "&respondent_id=R_77", follow_redirects=False)
    assert first.status_code == 303 and first.headers["location"].startswith("/embed/")
    again = anonymous.get(link["path"] + "&respondent_id=R_77", follow_redirects=False)
    assert again.headers["location"] == first.headers["location"]  # reloading the survey page resumes
    page = anonymous.get(first.headers["location"])
    assert page.status_code == 200 and "textContent" in page.text and "innerHTML" not in page.text
    forged = anonymous.get("/embed/start?concept=oat_milk&sig=0000&respondent_id=R_1", follow_redirects=False)
    assert forged.status_code == 403 and forged.json()["error"]["code"] == "invalid_link"
    token = first.headers["location"].rsplit("/", 1)[1]
    with as_respondent(api, token) as me:
        question = me.get("/v1/interview").json()["question"]
        hostile = "<script>alert(1)</script> I like it </textarea>"
        assert me.post("/v1/interview/answers", json={"question_id": question["id"], "text": hostile}).status_code == 200
    sid = [s for s in [researcher.get(f"/v1/sessions/{token}")] if s.status_code == 200]
    assert sid == []  # a token is not a session id


def test_a_session_started_from_a_study_joins_it(api, researcher):
    from interview_core.cli.main import main
    from interview_core.persistence import Repository

    name = f"Panel {uuid.uuid4().hex[:6]}"
    assert main(["study", "--db", api[1], "create", "--name", name, "--concept", "oat_milk", "--max-turns", "4"]) == 0
    study = Repository(api[1]).get_study(name)
    created = start_from(researcher, study=study["study_id"])
    sessions = [r["session_id"] for r in Repository(api[1]).study_sessions(study["study_id"])]
    assert sessions == [created["session_id"]]
    assert researcher.get(f"/v1/sessions/{created['session_id']}").json()["max_turns"] == 4
    both = researcher.post("/v1/sessions", json={"study": study["study_id"], "concept": "oat_milk"})
    assert both.status_code == 422 and both.json()["error"]["code"] == "invalid_request"
    missing = researcher.post("/v1/sessions", json={"study": "no_such_study"})
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "unknown_study"
    link = researcher.post("/v1/embed-links", json={"study": study["study_id"]}).json()
    assert link["path"].startswith(f"/embed/start?study={study['study_id']}&sig=")
