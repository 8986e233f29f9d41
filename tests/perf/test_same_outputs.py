"""What the speed work must leave as it was: a scripted interview's questions, strategies, foci, scores,
graphs and stored rows.

Absolute outputs move whenever the language or scoring engineers improve them, so these tests pin what
the faster paths must reproduce instead: a session loaded back from the database before every answer
(parse and vector caches emptied, as a fresh API process would) produces exactly what one held in memory
produces, and the transaction's shortcuts (a session row locked once, one ``updated_at`` stamp, call
positions counted, statements sent as one batch) store exactly the rows the statements one by one stored.
Before and after a change, ``interview bench turn --digest PATH`` writes every output of a larger script
to compare two versions (docs/benchmarks.md, "wave 6").
"""

from __future__ import annotations

import gc

import pytest

from benchmarks.turn import DIGEST_SCRIPT, scripted_outputs
from interview_core.persistence import Repository


def test_a_session_resumed_every_turn_answers_as_one_held_in_memory():
    answers = DIGEST_SCRIPT[:7]
    held = scripted_outputs(answers)
    resumed = scripted_outputs(answers, resume=True)
    assert len(held) == len(answers) + 1  # every answer made a turn, plus the closing record
    for turn, (a, b) in enumerate(zip(held, resumed), start=1):
        assert a == b, f"turn {turn} differs after a resume"
    questions = [t["result"]["next_question"] for t in held[:-1]]
    assert all(q.strip() for q in questions) and len(set(questions)) == len(questions)


def test_stored_graph_is_the_engine_graph_on_a_prefilled_session():
    out = scripted_outputs(DIGEST_SCRIPT[:3], prefill=30)
    last = out[-2]
    assert len(last["nodes"]) >= 25  # the pre-filled graph was stored and extended, not replaced
    assert last["result"]["graph_state"]["node_count"] == len(last["nodes"])
    assert {e["source"] for e in last["edges"]} <= {n["id"] for n in last["nodes"]}


@pytest.fixture
def repo(database_url):
    """On SQLite and on PostgreSQL (where a batch is sent in pipeline mode)."""
    r = Repository(database_url)
    yield r
    r.close()


def _session(repo: Repository, sid: str = "s1") -> str:
    repo.create_session(session_id=sid, concept_id="c", methodology_name="m", methodology_yaml="x",
                        concept_yaml="y", max_turns=5, settings_summary={})
    return sid


def test_utterance_ids_and_positions_read_in_one_query_match_the_rule(repo):
    sid = _session(repo)
    assert repo.add_utterance(sid, 0, "interviewer", "q0") == f"u_{sid}_0_i"
    assert repo.next_utterance_id(sid, 0, "interviewer") == f"u_{sid}_0_i_2"
    assert repo.add_utterance(sid, 0, "interviewer", "again") == f"u_{sid}_0_i_2"
    assert repo.add_utterance(sid, 1, "respondent", "a1") == f"u_{sid}_1_r"
    assert [u["text"] for u in repo.list_utterances(sid)] == ["q0", "again", "a1"]  # seq order
    with pytest.raises(ValueError):
        repo.add_utterance(sid, 1, "robot", "no")
    with pytest.raises(KeyError):
        repo.add_utterance("nobody", 1, "respondent", "no")


def test_a_locked_session_is_checked_once_and_its_calls_numbered_in_order(repo):
    sid = _session(repo)
    usage = {"task": "question", "provider": "offline", "model": "m"}
    repo.log_llm_call(sid, 0, usage)  # seq 1, outside any lock
    with repo.db.transaction():
        repo.lock_session(sid)
        assert sid in repo.db.transaction_memo()["locked"]
        for _ in range(3):
            repo.log_llm_call(sid, 1, usage)
        repo.add_utterance(sid, 1, "interviewer", "q1")
        repo.add_utterance(sid, 1, "interviewer", "q1 again")
    assert repo.db.transaction_memo() is None  # the memo lives as long as its transaction
    assert [c["seq"] for c in repo.llm_calls(sid)] == [1, 2, 3, 4]
    with repo.db.transaction():  # a new transaction reads the positions again
        repo.lock_session(sid)
        repo.log_llm_call(sid, 2, usage)
    assert [c["seq"] for c in repo.llm_calls(sid)] == [1, 2, 3, 4, 5]


def test_a_failed_batch_stores_nothing(repo):
    sid = _session(repo)
    nodes = [{"id": "n1", "label": "foam"}]
    repo.save_turn(sid, 1, nodes=nodes, edges=[], engine_state={}, engine_state_version=1,
                   scoring={"strategy": "s"}, alternatives=[], turn_result={"turn_number": 1})
    with pytest.raises(ValueError):  # a slot without an id, found in the middle of the batch
        repo.save_turn(sid, 2, nodes=nodes + [{"id": "n2", "label": "price"}], edges=[], engine_state={},
                       engine_state_version=1, scoring={"strategy": "s"}, alternatives=[],
                       turn_result={"turn_number": 2}, canonical={"slots": [{"label": "x"}]})
    assert [n["id"] for n in repo.list_nodes(sid)] == ["n1"]
    assert repo.completed_turns(sid) == 1


def test_answer_to_finds_the_one_answer_to_a_question(repo):
    sid = _session(repo)
    qid = repo.add_utterance(sid, 0, "interviewer", "Why?")
    assert repo.answer_to(sid, qid) is None
    aid = repo.add_answer(sid, 1, qid, "Because.", source="respondent")
    found = repo.answer_to(sid, qid)
    assert found["id"] == aid and found["text"] == "Because." and found["reply_to"] == qid
    assert found["source_detail"] == {}


def test_warm_up_runs_a_turn_elsewhere_and_freezes_what_is_loaded(tmp_path):
    from interview_core.api.warmup import warm_up
    from interview_core.config.settings import Settings

    db = tmp_path / "served.db"
    try:
        seconds = warm_up(Settings(database=str(db)))
        assert seconds > 0 and gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
    assert not db.exists()  # the process's own database is not touched


def test_momentum_and_json_columns_encode_as_before():
    import json
    from dataclasses import asdict

    from interview_core.persistence.codec import _default, to_json
    from interview_core.state.momentum import Momentum

    m = Momentum()
    for turn, value in enumerate((0.2, 0.1, 0.9), start=1):
        m.update(value, turn)
    d = m.to_dict()
    assert d == asdict(m) and list(d) == list(asdict(m))
    d["history"][0]["score"] = -1.0  # a copy: the live history is untouched
    assert m.history[0]["score"] != -1.0
    for value in ([], {}, (), "", 0, False, [1, "é"], {"a": {2, 1}}, {"k": ()}):
        assert to_json(value) == json.dumps(value, ensure_ascii=False, default=_default, separators=(",", ":"))
    assert to_json(None) is None
