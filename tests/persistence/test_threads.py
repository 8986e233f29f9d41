import threading

from interview_core.persistence import Repository
from persistence_helpers import new_session, sample_turn


def test_two_threads_write_concurrently_each_on_its_own_connection(db_path):
    repo = Repository(db_path)
    new_session(repo, "a")
    new_session(repo, "b")
    errors: list[BaseException] = []
    start = threading.Barrier(2)

    def interview(session_id: str) -> None:
        try:
            start.wait()
            for turn in range(1, 26):
                repo.add_utterance(session_id, turn, "respondent", f"{session_id} answer {turn}")
                repo.log_llm_call(session_id, turn, {"task": "extraction", "provider": "offline", "model": "offline"})
                repo.save_turn(session_id, turn, **sample_turn(turn))
                assert repo.pending_answer(session_id) is None
        except BaseException as exc:  # surfaced in the main thread below
            errors.append(exc)
        finally:
            repo.close()

    threads = [threading.Thread(target=interview, args=(sid,)) for sid in ("a", "b")]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert errors == []
    for sid in ("a", "b"):
        assert [u["text"] for u in repo.list_utterances(sid)] == [f"{sid} answer {t}" for t in range(1, 26)]
        assert repo.session_cost(sid)["calls"] == 25
        assert repo.load_state(sid)["turn"] == 25
        assert len(repo.turn_results(sid)) == 25


def test_a_connection_is_never_handed_to_another_thread(sqlite_path):
    repo = Repository(sqlite_path)
    main_conn = repo.db.connection
    seen = []
    t = threading.Thread(target=lambda: seen.append(repo.db.connection is main_conn))
    t.start()
    t.join()
    assert seen == [False]
