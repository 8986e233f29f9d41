"""Each metric on small hand-made transcripts with hand-computed answers (Jaccard only: no encoder)."""

from pathlib import Path

import pytest

from interview_core.config import registry
from interview_core.simulation import metrics as m
from interview_core.simulation.mind import parse_mind
from interview_core.simulation.similarity import Similarity, jaccard, tokens

MIND = """
id: t
concept: oat_milk
concepts:
  - {id: creamy, type: attribute, phrasings: ["creamy thick texture"]}
  - {id: foam, type: functional_consequence, phrasings: ["foams properly latte"]}
  - {id: special, type: psychosocial_consequence, phrasings: ["morning coffee feels special"]}
  - {id: enjoy, type: terminal_value, phrasings: ["enjoying small pleasures"]}
links: [[creamy, foam], [foam, special], [special, enjoy]]
"""
SIM = Similarity()  # Jaccard only, so the expected values below are exact


@pytest.fixture(scope="module")
def mind():
    return parse_mind(Path("t.yaml"), MIND)[0]


def node(i, label, **kw):
    return {"id": i, "label": label, **kw}


def test_tokens_and_jaccard_by_hand():
    assert tokens("It's thick and smooth") == {"thick", "smooth"}
    # {creamy, thick, texture} vs {creamy, texture}: 2 / 3
    assert jaccard("creamy thick texture", "the creamy texture") == pytest.approx(2 / 3)
    assert jaccard("the", "a") == 0.0


def test_capture_threshold_is_half(mind):
    nodes = [node("a", "creamy texture"),          # 2/3 with creamy -> captured
             node("b", "thick"),                    # 1/3 -> not
             node("c", "foams properly")]           # 2/3 with foam -> captured
    assert m.captured_by(mind, nodes, SIM) == {"creamy": ["a"], "foam": ["c"], "special": [], "enjoy": []}


def test_ladder_recall_counts_paths_of_at_most_two_edges(mind):
    graph = {
        "nodes": [node("a", "creamy texture"), node("x", "barista"), node("c", "foams properly"),
                  node("s", "coffee feels special"), node("y", "ritual"), node("z", "calm"),
                  node("e", "enjoying small pleasures")],
        # creamy -> x -> foam (2 edges: captured); foam -> special (1 edge: captured);
        # special -> y -> z -> enjoy (3 edges: not captured)
        "edges": [{"source": "a", "target": "x"}, {"source": "x", "target": "c"}, {"source": "c", "target": "s"},
                  {"source": "s", "target": "y"}, {"source": "y", "target": "z"}, {"source": "z", "target": "e"}],
    }
    assert m.captured_links(mind, graph, SIM) == [("creamy", "foam"), ("foam", "special")]
    assert m.ladder_recall(mind, graph, SIM) == pytest.approx(2 / 3)
    assert m.concept_recall(mind, graph, SIM) == 1.0
    reversed_graph = {**graph, "edges": [{"source": e["target"], "target": e["source"]} for e in graph["edges"]]}
    assert m.ladder_recall(mind, reversed_graph, SIM) == 0.0  # direction matters


def test_terminal_reach_turn(mind):
    per_turn = [[node("a", "creamy texture")], [node("a", "creamy texture")],
                [node("a", "creamy texture"), node("e", "enjoying the small pleasures")]]
    assert m.terminal_reach(mind, {"terminal_value"}, per_turn, SIM) == 3
    assert m.terminal_reach(mind, {"terminal_value"}, per_turn[:2], SIM) is None


def test_element_coverage_and_turn_to_full():
    concept = registry.concept("oat_milk")  # texture, foaming, taste, no_sugar, packaging, price
    t1 = [node("a", "creamy texture")]
    t2 = t1 + [node("b", "foams well"), node("c", "mild taste")]
    t3 = t2 + [node("d", "no added sugar"), node("e", "recyclable carton"), node("f", "x", element="price")]
    assert m.element_covered(concept, t2) == {"texture", "foaming", "taste"}
    assert m.element_coverage(concept, [t1, t2]) == (0.5, None)
    assert m.element_coverage(concept, [t1, t2, t3]) == (1.0, 3)


def test_strategy_behaviour_by_hand():
    seq = ["deepen", "deepen", "deepen", "explore", "deepen", "reflect"]
    out = m.strategy_behaviour(seq, ["n1", "n1", None, None, "n2", None])
    assert out["longest_run"] == 3 and out["longest_run_strategy"] == "deepen"
    assert out["distinct_per_10"] == 3.0  # shorter than 10 turns: one window, {deepen, explore, reflect}
    assert out["top_strategy"] == "deepen" and out["top_share"] == pytest.approx(4 / 6)
    assert out["distinct_focus_nodes"] == 2
    assert out["rotation"] is None
    twelve = ["a", "b"] * 5 + ["c", "c"]
    # windows of 10: turns 1-10 {a,b}, 2-11 {a,b,c}, 3-12 {a,b,c} -> (2 + 3 + 3) / 3
    assert m.strategy_behaviour(twelve, [None] * 12)["distinct_per_10"] == pytest.approx(8 / 3)


def test_rotation_detector():
    rotating = ["x", "a", "b", "c", "a", "b", "c"]
    assert m.strategy_behaviour(["s"] * 7, rotating)["rotation"] == 2
    assert m.strategy_behaviour(["s"] * 7, ["a", "a", "b", "b", "c", "c", "a"])["rotation"] is None  # repeats in a row
    assert m.strategy_behaviour(["s"] * 6, ["a", "b", "c", "d", "a", "b"])["rotation"] is None  # four nodes


def test_duplicate_questions_window_of_six():
    qs = ["Why is the creamy texture important to you?", "What else comes to mind?",
          "Why is the creamy texture important to you?",   # duplicate of #0 (2 back)
          "q1 alpha", "q2 beta", "q3 gamma", "q4 delta", "q5 epsilon", "q6 zeta",
          "Why is the creamy texture important to you?"]    # #2 is 7 back: outside the window
    assert m.duplicate_questions(qs, SIM) == [2]
    assert m.duplicate_rate(qs, SIM) == pytest.approx(1 / 10)
    assert m.duplicate_rate([], SIM) == 0.0


def test_extraction_precision_uses_what_was_revealed_so_far(mind):
    per_turn = [[node("a", "creamy texture")],
                [node("a", "creamy texture"), node("c", "foams properly"), node("t", "weather strange")]]
    fresh = m.new_nodes(per_turn)
    assert [[n["id"] for n in t] for t in fresh] == [["a"], ["c", "t"]]
    # turn 1: 'a' captures creamy, revealed -> hit; turn 2: 'c' captures foam, revealed at 2 -> hit; 't' -> miss
    assert m.extraction_precision(mind, fresh, [["creamy"], ["foam"]], SIM) == pytest.approx(2 / 3)
    # foam never revealed: its node counts as a miss
    assert m.extraction_precision(mind, fresh, [["creamy"], []], SIM) == pytest.approx(1 / 3)
    assert m.extraction_precision(mind, [[], []], [[], []], SIM) is None


def test_cosine_path_when_an_encoder_is_given(mind):
    # A fake encoder: texts about "froth" and "foam" point the same way, so cosine 1.0 captures.
    import numpy as np

    def encode(texts):
        return np.array([[1.0, 0.0] if ("froth" in t or "foam" in t) else [0.0, 1.0] for t in texts])

    sim = Similarity(encode)
    assert sim.mode == "jaccard+cosine"
    assert m.captured_by(mind, [node("f", "nice froth")], sim)["foam"] == ["f"]
    assert m.captured_by(mind, [node("f", "nice froth")], SIM)["foam"] == []
