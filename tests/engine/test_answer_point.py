"""The point of an answer in the engine: the graph's prominence stamp, the two node signals, the
``answer_point`` engine default and what it makes the ranking choose (hand-computed tables; an invented
kayak-rental domain)."""

from __future__ import annotations

import pytest
from engine_support import concept, edge, ladder, node, result

from interview_core.config.methodology import parse_methodology
from interview_core.engine import Engine
from interview_core.graph.knowledge_graph import KnowledgeGraph
from interview_core.language.contracts import ExtractedEdge
from interview_core.scoring import rank_strategy_node_pairs
from interview_core.scoring.safeguards import POINT_WEIGHTS, REASON_WEIGHTS, asks_why, effective, relied_on
from interview_core.signals.detection import detect_signals
from interview_core.signals.registry import DetectedSignals
from interview_core.vocabulary import FocusRef


def conversational(source, target):
    return ExtractedEdge(source_label=source, target_label=target, relation_type="leads_to",
                         quote=f"{source} {target}", origin="conversational")


def two_turns() -> Engine:
    """Turn 1 says a paddle and a dry bag; turn 2 says the dry bag again (backdrop), a life jacket (point)
    and a quiet lake (a reason given in so many words), and answers the question about the paddle."""
    e = Engine(ladder(), concept())
    e.apply_extraction(result([node("light paddle", prominence="point"), node("dry bag", prominence="supporting")]),
                       "u1", 1)
    e.apply_extraction(result([node("dry bag", prominence="backdrop"), node("life jacket", prominence="point"),
                               node("quiet lake", prominence="supporting", reason_given=True),
                               node("feeling safe", "consequence")],
                              [conversational("light paddle", "feeling safe")]), "u2", 2)
    return e


def test_node_signals_hand_computed_table():
    e = two_turns()
    s = detect_signals(e.signal_context(turn=2))
    ids = {d["label"]: n for n, d in e.graph.g.nodes(data=True)}
    table = {label: (s.node[n]["graph.node.prominence"], s.node[n]["graph.node.reason_given"]) for label, n in ids.items()}
    assert table == {
        "light paddle": ("earlier", True),  # not said in turn 2; its question was answered (conversational link)
        "dry bag": ("backdrop", False),  # said again in turn 2, as backdrop: the latest stamp wins
        "life jacket": ("point", False),
        "quiet lake": ("supporting", True),  # the extractor said its reason was given
        "feeling safe": ("unknown", False),  # the extractor did not say
    }


def test_more_prominent_stamp_wins_within_one_answer():
    kg = KnowledgeGraph(ladder())
    kg.apply(result([node("spray skirt", prominence="backdrop"), node("Spray skirt", prominence="point")]), "u1", 1)
    (n,) = kg.nodes()
    assert n.prominence == "point" and n.said_turn == 1


def test_a_causal_marker_link_does_not_mark_its_source_but_an_answer_to_its_question_does():
    kg = KnowledgeGraph(ladder())
    explicit = edge("wide hull", "feeling safe").model_copy(update={"origin": "explicit"})
    kg.apply(result([node("wide hull"), node("feeling safe", "consequence")], [explicit]), "u1", 1)
    assert not any(n.reason_given for n in kg.nodes())
    kg.apply(result([node("staying dry", "consequence")], [conversational("wide hull", "staying dry")]), "u2", 2)
    assert {n.label: n.reason_given for n in kg.nodes()}["wide hull"] is True


def test_graph_round_trips_and_old_graphs_load():
    e = two_turns()
    data = e.graph.to_dict()
    back = KnowledgeGraph.from_dict(data, ladder())
    assert [vars(n) for n in back.nodes()] == [vars(n) for n in e.graph.nodes()]
    for n in data["nodes"]:  # a graph saved before wave 8 has no ``extra``
        n.pop("extra")
    old = KnowledgeGraph.from_dict(data, ladder())
    assert all(n.prominence is None and n.said_turn is None and n.reason_given is False for n in old.nodes())


# -- the engine default ------------------------------------------------------------------------------
STRATEGIES = [
    {"name": "ladder_up", "focus": "node", "description": "Ask why the concept matters", "signal_weights": {}},
    {"name": "probe", "focus": "node", "description": "Ask for an example", "signal_weights": {}},
    {"name": "wrap", "focus": "none", "description": "Close", "generates_closing_question": True,
     "signal_weights": {}},
]


def test_defaults_filled_in_for_a_file_that_sets_none():
    m = ladder(strategies=STRATEGIES)
    weights = {s.name: s.signal_weights for s in effective(m).strategies}
    assert weights["ladder_up"] == {**POINT_WEIGHTS, **REASON_WEIGHTS, "temporal.strategy_repetition_count": -0.6}
    assert weights["probe"] == {**POINT_WEIGHTS, "temporal.strategy_repetition_count": -0.6}
    assert weights["wrap"] == {}  # no node focus
    assert "answer_point" in relied_on(m)
    assert m.strategies[0].signal_weights == {}  # the file's model is untouched


@pytest.mark.parametrize(("description", "templates", "expected"), [
    ("Ask why the concept matters", [], True),
    ("Ask for an example", ["What happened then?"], False),
    ("Go back to an earlier concept", ["Why was {focus} important?"], True),
    ("Somewhy unrelated", [], False),  # a word, not a substring
])
def test_asks_why(description, templates, expected):
    m = ladder(strategies=[{"name": "s", "focus": "node", "description": description,
                            "question_templates": templates, "signal_weights": {}}])
    assert asks_why(m.strategies[0]) is expected


def test_a_file_sets_scales_or_switches_off_the_default():
    own = [{**STRATEGIES[0], "signal_weights": {"graph.node.prominence.point": 0.1}}, *STRATEGIES[1:]]
    m = ladder(strategies=own)
    ladder_up = effective(m).strategies[0].signal_weights
    assert ladder_up["graph.node.prominence.point"] == 0.1 and "graph.node.prominence.backdrop" not in ladder_up
    assert ladder_up["graph.node.reason_given.true"] == REASON_WEIGHTS["graph.node.reason_given.true"]
    data = {"method": {"name": "kayak"}, "ontology": {"nodes": [{"name": "attribute", "level": 1}],
                                                       "edges": [{"name": "leads_to"}]},
            "strategies": STRATEGIES}
    scaled, _ = parse_methodology({**data, "safeguards": {"answer_point": {"weight": 0.5}}}, "k.yaml")
    assert effective(scaled).strategies[1].signal_weights["graph.node.prominence.backdrop"] == pytest.approx(-0.45)
    off, _ = parse_methodology({**data, "safeguards": {"answer_point": {"enabled": False}}}, "k.yaml")
    assert not any("prominence" in k for s in effective(off).strategies for k in s.signal_weights)
    assert "answer_point" not in relied_on(off)


NODES = {n: FocusRef(kind="node", id=n, label=label, node_type="attribute")
         for n, label in (("n1", "the hire desk"), ("n2", "a life jacket that fits"), ("n3", "the paddle"))}


def test_ranking_prefers_the_point_and_leaves_the_backdrop_and_the_answered_why():
    """ladder_up: n1 backdrop -0.9, n2 point +0.8 but its reason given -0.7 = 0.1, n3 point +0.8;
    probe (no "why"): n2 and n3 tie at +0.8, the first listed wins."""
    m = ladder(strategies=STRATEGIES[:2])
    signals = DetectedSignals(node={
        "n1": {"graph.node.prominence": "backdrop", "graph.node.reason_given": False},
        "n2": {"graph.node.prominence": "point", "graph.node.reason_given": True},
        "n3": {"graph.node.prominence": "point", "graph.node.reason_given": False},
    })
    r = rank_strategy_node_pairs(m, signals, NODES, {})
    table = sorted((a.strategy, a.focus.id, round(a.final, 6)) for a in r.all_alternatives())
    assert table == [("ladder_up", "n1", -0.9), ("ladder_up", "n2", 0.1), ("ladder_up", "n3", 0.8),
                     ("probe", "n1", -0.9), ("probe", "n2", 0.8), ("probe", "n3", 0.8)]
    assert (r.winner.strategy, r.winner.focus.id) == ("ladder_up", "n3")
