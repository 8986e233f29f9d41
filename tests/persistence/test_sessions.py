import re
import time

import pytest

from persistence_helpers import SUMMARY, new_session, sample_turn


def test_create_returns_the_stored_row(repo):
    row = new_session(repo, policy="random", seed=7)
    assert row["status"] == "active" and row["termination_reason"] is None
    assert row["policy"] == "random" and row["seed"] == 7 and row["max_turns"] == 12
    assert row["methodology_yaml"] == "method: {name: mec}\n" and row["concept_yaml"] == "id: oat-milk\n"
    assert row["settings_summary"] == SUMMARY
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00", row["created_at"])
    assert row["created_at"] == row["updated_at"]
    assert repo.get_session("s1") == row


def test_tokens_are_unguessable_unique_and_resolve(repo):
    rows = [new_session(repo, f"s{i}") for i in range(20)]
    tokens = {r["respondent_token"] for r in rows}
    assert len(tokens) == 20
    assert all(re.fullmatch(r"[A-Za-z0-9_\-]{32}", t) for t in tokens)  # token_urlsafe(24): 192 random bits
    for r in rows:
        assert repo.get_session_by_token(r["respondent_token"])["session_id"] == r["session_id"]
    assert repo.get_session_by_token("not-a-token") is None
    assert repo.get_session_by_token("") is None
    assert repo.get_session_by_token(rows[0]["respondent_token"][:-1]) is None


def test_unknown_session_is_none(repo):
    assert repo.get_session("nope") is None


def test_duplicate_session_id_is_refused(repo):
    new_session(repo)
    with pytest.raises(Exception, match="(?i)unique"):
        new_session(repo)


def test_list_sessions_newest_first_with_turns_and_cost(repo):
    new_session(repo, "old")
    time.sleep(0.002)
    new_session(repo, "new")
    repo.add_utterance("new", 1, "respondent", "hello")
    repo.save_turn("new", 1, **sample_turn(1))
    repo.save_turn("new", 2, **sample_turn(2))
    repo.log_llm_call("new", 1, {"task": "extraction", "provider": "anthropic", "model": "m", "cost_usd": 0.25})
    repo.log_llm_call("new", 2, {"task": "question", "provider": "anthropic", "model": "m", "cost_usd": 0.5})
    listed = repo.list_sessions()
    assert [s["session_id"] for s in listed] == ["new", "old"]
    assert set(listed[0]) == {"session_id", "created_at", "updated_at", "concept_id", "methodology_name", "turns",
                              "status", "termination_reason", "total_cost_usd"}
    assert (listed[0]["turns"], listed[0]["total_cost_usd"]) == (2, 0.75)
    assert (listed[1]["turns"], listed[1]["total_cost_usd"]) == (0, 0.0)


def test_update_session_sets_fields_and_updated_at(repo):
    created = new_session(repo)
    time.sleep(0.002)
    repo.update_session("s1", status="completed", termination_reason="max_turns", methodology_yaml="new: yaml\n")
    row = repo.get_session("s1")
    assert (row["status"], row["termination_reason"], row["methodology_yaml"]) == ("completed", "max_turns", "new: yaml\n")
    assert row["updated_at"] > created["updated_at"]
    assert row["created_at"] == created["created_at"]


def test_update_session_refuses_unknown_fields_and_sessions(repo):
    new_session(repo)
    with pytest.raises(ValueError, match="respondent_token"):
        repo.update_session("s1", respondent_token="mine")
    with pytest.raises(KeyError):
        repo.update_session("ghost", status="completed")


def test_delete_cascades_to_every_child_table(repo):
    new_session(repo, "s1")
    new_session(repo, "keep")
    for sid in ("s1", "keep"):
        repo.add_utterance(sid, 1, "interviewer", "q")
        repo.add_utterance(sid, 1, "respondent", "a")
        repo.save_turn(sid, 1, canonical={"slots": [{"id": "slot1"}], "edges": [{"source": "slot1", "target": "slot1"}],
                                          "mapping": {"n1": "slot1"}}, **sample_turn(1))
        repo.log_llm_call(sid, 1, {"task": "extraction", "provider": "offline", "model": "offline"})
        repo.add_weight_change(sid, after_turn=1, changed_by="analyst", diff=[], yaml_before="a: 1", yaml_after="a: 2")
    study = repo.create_study({"name": "W", "language": "en", "max_turns": 5}, concept_id="c", methodology_name="m")
    for sid in ("s1", "keep"):
        repo.add_study_session(study["study_id"], sid)
    # every table holding a session's rows (studies and their edit log belong to no one session)
    if repo.db.dialect.name == "sqlite":
        tables = [r["name"] for r in repo.db.query(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT IN ('sessions', '_migrations')")
            if any(c["name"] == "session_id" for c in repo.db.query(f"PRAGMA table_info({r['name']})"))]
    else:
        tables = [r["name"] for r in repo.db.query(
            """SELECT DISTINCT table_name AS name FROM information_schema.columns WHERE table_schema = current_schema()
               AND column_name = 'session_id' AND table_name <> 'sessions'""")]
    assert len(tables) >= 12
    counts = {t: repo.db.query_one(f"SELECT COUNT(*) AS n FROM {t} WHERE session_id = 's1'")["n"] for t in tables}
    assert all(n > 0 for n in counts.values()), counts
    repo.delete_session("s1")
    assert repo.get_session("s1") is None
    for t in tables:
        assert repo.db.query_one(f"SELECT COUNT(*) AS n FROM {t} WHERE session_id = 's1'")["n"] == 0, t
        assert repo.db.query_one(f"SELECT COUNT(*) AS n FROM {t} WHERE session_id = 'keep'")["n"] > 0, t
