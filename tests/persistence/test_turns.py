import copy

import pytest

from persistence_helpers import new_session, sample_turn


@pytest.fixture
def session(repo):
    new_session(repo)
    return repo


def test_save_turn_round_trips_every_part(session):
    repo = session
    turn = sample_turn(1)
    canonical = {"slots": [{"id": "slot_texture", "label": "texture", "node_type": "attribute", "support": 3,
                            "members": ["n1"]}],
                 "edges": [{"source": "slot_texture", "target": "slot_treat", "relation_type": "leads_to", "weight": 2}],
                 "mapping": {"n1": "slot_texture", "n2": "slot_treat"}}
    repo.save_turn("s1", 1, canonical=canonical, **copy.deepcopy(turn))
    assert repo.list_nodes("s1") == turn["nodes"]
    assert repo.list_edges("s1") == turn["edges"]
    assert repo.canonical("s1") == canonical
    assert repo.load_state("s1") == {"engine_state": turn["engine_state"], "engine_state_version": 3, "turn": 1}
    assert repo.turn_results("s1") == [turn["turn_result"]]
    (history,) = repo.scoring_history("s1")
    assert history == {"turn": 1, **turn["scoring"], "alternatives": turn["alternatives"]}


def test_defaults_for_optional_node_and_alternative_keys(session):
    session.save_turn("s1", 1, nodes=[{"id": "n1", "label": "price"}], edges=[], engine_state={},
                      engine_state_version=1, scoring={}, alternatives=[{"strategy": "b"}, {"strategy": "a"}],
                      turn_result={})
    assert session.list_nodes("s1") == [{"id": "n1", "label": "price", "node_type": None, "stance": None,
                                         "reaction": None, "element_id": None, "utterance_ids": [], "quotes": [],
                                         "created_turn": None, "extra": {}}]
    (h,) = session.scoring_history("s1")
    assert [(a["strategy"], a["rank"], a["vetoed"]) for a in h["alternatives"]] == [("b", 1, False), ("a", 2, False)]
    assert h["signals"] == {} and h["strategy"] is None


def test_alternatives_come_back_ordered_by_rank(session):
    turn = sample_turn(1)
    turn["alternatives"] = list(reversed(turn["alternatives"]))
    session.save_turn("s1", 1, **turn)
    assert [a["rank"] for a in session.scoring_history("s1")[0]["alternatives"]] == [1, 2]


def test_later_turn_replaces_snapshot_but_keeps_history(session):
    repo = session
    repo.save_turn("s1", 1, **sample_turn(1))
    second = sample_turn(2)
    second["nodes"] = second["nodes"][:1]
    second["edges"] = []
    second["engine_state"] = {"trackers": {}}
    repo.save_turn("s1", 2, **second)
    assert [n["id"] for n in repo.list_nodes("s1")] == ["n1"]
    assert repo.list_edges("s1") == []
    assert repo.load_state("s1")["turn"] == 2 and repo.load_state("s1")["engine_state"] == {"trackers": {}}
    assert [h["turn"] for h in repo.scoring_history("s1")] == [1, 2]
    assert [r["turn_number"] for r in repo.turn_results("s1")] == [1, 2]


def test_resaving_a_turn_replaces_it(session):
    repo = session
    repo.save_turn("s1", 1, **sample_turn(1))
    again = sample_turn(1)
    again["alternatives"] = again["alternatives"][:1]
    again["turn_result"] = {"turn_number": 1, "next_question": "rewritten"}
    repo.save_turn("s1", 1, **again)
    assert repo.turn_results("s1") == [again["turn_result"]]
    assert len(repo.scoring_history("s1")[0]["alternatives"]) == 1


def test_canonical_is_kept_when_not_given_and_replaced_when_given(session):
    repo = session
    repo.save_turn("s1", 1, canonical={"slots": [{"id": "a"}], "edges": [], "mapping": {"n1": "a"}}, **sample_turn(1))
    repo.save_turn("s1", 2, **sample_turn(2))
    assert repo.canonical("s1")["mapping"] == {"n1": "a"}
    repo.save_turn("s1", 3, canonical={"slots": [], "edges": [], "mapping": {}}, **sample_turn(3))
    assert repo.canonical("s1") == {"slots": [], "edges": [], "mapping": {}}


def test_empty_reads_for_a_fresh_session(session):
    assert session.load_state("s1") is None
    assert session.list_nodes("s1") == [] and session.list_edges("s1") == []
    assert session.canonical("s1") == {"slots": [], "edges": [], "mapping": {}}
    assert session.scoring_history("s1") == [] and session.turn_results("s1") == []


@pytest.mark.parametrize("break_it, message", [
    (lambda t: t["nodes"][0].update(exhausted=True), r"node: unknown key\(s\) \['exhausted'\]"),
    (lambda t: t["edges"][0].pop("target"), r"edge: missing required key\(s\) \['target'\]"),
    (lambda t: t["alternatives"][1].update(score=1), r"alternative: unknown key"),
    (lambda t: t["scoring"].update(winner="x"), r"scoring: unknown key"),
])
def test_bad_input_is_named_and_nothing_is_stored(session, break_it, message):
    repo = session
    repo.save_turn("s1", 1, **sample_turn(1))
    bad = sample_turn(2)
    break_it(bad)
    with pytest.raises(ValueError, match=message):
        repo.save_turn("s1", 2, **bad)
    assert repo.load_state("s1")["turn"] == 1 and len(repo.turn_results("s1")) == 1


def test_failure_inside_the_transaction_rolls_everything_back(session):
    repo = session
    repo.save_turn("s1", 1, **sample_turn(1))
    bad = sample_turn(2)
    bad["nodes"].append(dict(bad["nodes"][0]))  # duplicate node id: fails after the deletes and inserts began
    with pytest.raises(Exception, match="(?i)unique"):
        repo.save_turn("s1", 2, **bad)
    assert [n["id"] for n in repo.list_nodes("s1")] == ["n1", "n2"]
    assert repo.load_state("s1")["turn"] == 1
    assert [h["turn"] for h in repo.scoring_history("s1")] == [1]
    with pytest.raises(ValueError, match="slot"):
        repo.save_turn("s1", 2, canonical={"slots": [{"label": "no id"}]}, **sample_turn(2))
    assert repo.load_state("s1")["turn"] == 1 and repo.canonical("s1")["slots"] == []


def test_save_turn_for_unknown_session(repo):
    with pytest.raises(KeyError):
        repo.save_turn("ghost", 1, **sample_turn(1))
