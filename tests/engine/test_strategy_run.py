"""The strategy_run veto: the hard ceiling behind the saturating repetition penalty."""

import numpy as np

from interview_core.config.methodology import Veto
from interview_core.scoring.vetoes import TableView, VetoContext, strategy_run_length, veto_mask


def test_run_length():
    recent = [(None, "opening?"), ("deepen", "a?"), ("reflect", "b?"), ("deepen", "c?"), ("deepen", "d?")]
    assert strategy_run_length(recent, "deepen") == 2
    assert strategy_run_length(recent, "reflect") == 0
    assert strategy_run_length([], "deepen") == 0


def test_strategy_run_vetoes_every_focus_of_the_running_strategy():
    table = TableView(kind="node", ids=["n1", "n2"], labels=["creamy", "foam"])
    three = VetoContext(recent=[("deepen", "a?"), ("deepen", "b?"), ("deepen", "c?")])
    veto = Veto(name="strategy_run", threshold=3, spares=["closing"])
    mask, reason = veto_mask(veto, "deepen", table, {}, three)
    assert mask.tolist() == [True, True] and reason == "deepen asked the last 3 questions in a row"
    assert not veto_mask(veto, "bridge", table, {}, three)[0].any()
    assert not veto_mask(veto, "closing", table, {}, three)[0].any()  # spared
    two = VetoContext(recent=[("bridge", "a?"), ("deepen", "b?"), ("deepen", "c?")])
    assert np.array_equal(veto_mask(veto, "deepen", table, {}, two)[0], [False, False])


def test_knowledge_ceiling_covers_the_dont_know_answers_own_concepts():
    table = TableView(kind="node", ids=["n1", "n2", "n3"], labels=["peace of mind", "what I want", "price"])
    veto = Veto(name="knowledge_ceiling", spares=["bridge"])
    ctx = VetoContext(previous_focus=("node", "n1"), latest_node_ids=frozenset({"n2"}))
    mask, reason = veto_mask(veto, "deepen", table, {"llm.knowledge_ceiling": "terminal"}, ctx)
    assert mask.tolist() == [True, True, False] and "knowledge ceiling" in reason
    assert not veto_mask(veto, "deepen", table, {"llm.knowledge_ceiling": "exploratory"}, ctx)[0].any()
    assert not veto_mask(veto, "bridge", table, {"llm.knowledge_ceiling": "terminal"}, ctx)[0].any()
