"""Neighbouring concepts of an answer to a "what does it give you" question keep the order the answer climbs
in (wave 10): "being my own skipper, feeling settled" links skipper -> settled, with the second
concept's type bent within the ladder's retype budget, rather than reversed to fit the types as first read.
Failed before wave 10 (the pair was linked in reverse)."""

from __future__ import annotations

from interview_core.config import registry
from interview_core.language.offline.extraction import _implicit_edges, _Item
from interview_core.language.offline.ontology import compiled
from interview_core.text.clauses import Clause

ANSWER = "being my own skipper, feeling settled on the river"


def _items(onto):
    first = Clause("being my own skipper", 0, 20, "", "start")
    second = Clause("feeling settled on the river", 22, len(ANSWER), "", "comma")
    scores = {t: -1.0 for t in onto.level}
    return [_Item(first, "being my own skipper", "", {**scores, "instrumental_value": 2.0}),
            _Item(second, "feeling settled on the river", "",
                  {**scores, "psychosocial_consequence": 1.5, "terminal_value": 0.5})]


def test_climbing_answer_keeps_the_said_order():
    onto = compiled(registry.methodology("means_end_chain"))
    (edge,) = _implicit_edges(onto, _items(onto), ANSWER, set(), climbing=True)
    assert (edge.source.label, edge.target.label) == ("being my own skipper", "feeling settled on the river")
    assert edge.target.node_type == "terminal_value"


def test_without_a_climbing_question_the_types_decide():
    onto = compiled(registry.methodology("means_end_chain"))
    (edge,) = _implicit_edges(onto, _items(onto), ANSWER, set())
    assert (edge.source.label, edge.target.label) == ("feeling settled on the river", "being my own skipper")
