"""Ladder links of the offline extraction (wave 6): typing a pair only by relations that can be chosen,
terminal types only on evidence, the marker as relation evidence only, the question's direction, and the
focus linked to every root of the answer. Each test failed on c911576."""

from pathlib import Path

import pytest

from interview_core.config.concept import load_concept
from interview_core.config.methodology import load_methodology
from interview_core.language.contracts import ExtractionRequest
from interview_core.language.offline.extraction import extract_offline
from interview_core.language.offline.ontology import CompiledOntology
from interview_core.vocabulary import FocusRef

ROOT = Path(__file__).resolve().parents[2]
TYPES = ["attribute", "functional_consequence", "psychosocial_consequence", "instrumental_value", "terminal_value"]


@pytest.fixture(scope="module")
def mec():
    return load_methodology(ROOT / "config/methodologies/means_end_chain.yaml")


@pytest.fixture(scope="module")
def onto(mec):
    return CompiledOntology(mec)


@pytest.fixture(scope="module")
def desk():
    # A concept of the dev split, so no element alias of ours helps.
    return load_concept(ROOT / "evaluation/dev/concepts/standing_desk.yaml")


def scores(**given):
    return {t: given.get(t, 0.0) for t in TYPES}


def extract(mec, concept, answer, question="", focus_label=None, focus_type=None):
    focus = FocusRef(kind="node", id="n1", label=focus_label, node_type=focus_type) if focus_label else FocusRef()
    request = ExtractionRequest(methodology=mec, concept=concept, answer=answer, utterance_id="u1",
                                question=question, focus=focus, known_labels=[focus_label] if focus_label else [])
    result, _ = extract_offline(request)
    return {n.label: n.node_type for n in result.nodes}, {(e.source_label, e.target_label, e.origin) for e in result.edges}


# -- ontology: pair typing, hand-computed ------------------------------------------------------------------
# (source scores, target scores, max loss) -> pair. Scores are the evidence per type; the ascent bonus is 0.1.
PAIRS = [
    # No evidence at the source, a value at the target: the source must be a rung that leads_to permits into
    # instrumental_value (functional 2 -> 4 gets the ascent bonus first); before, revises ("*" -> "*") let
    # attribute -> instrumental_value win, a pair no relation could then name, so the edge was lost.
    (scores(), scores(instrumental_value=2.5), 0.0, ("functional_consequence", "instrumental_value")),
    # No evidence at either end: a terminal value is never chosen to fit a pair (attribute -> functional,
    # the first ascending pair, 0.1).
    (scores(instrumental_value=0.4), scores(), 0.0, ("instrumental_value", "instrumental_value")),
    # Evidence of its own makes a terminal value possible: 0.4 + 1.0 + 0.1.
    (scores(instrumental_value=0.4), scores(terminal_value=1.0), 0.0, ("instrumental_value", "terminal_value")),
    # Attribute -> value has no relation but revises: 1.0 + 2.0 is not reachable; the best permitted pair
    # gives up the attribute's cue (loss 1.0 <= 1.0): functional -> instrumental.
    (scores(attribute=1.0), scores(instrumental_value=2.0), 1.0, ("functional_consequence", "instrumental_value")),
    # A fixed cause and an effect with no evidence: the effect stays at the cause's level (0.0 everywhere);
    # before, the ascent bonus lifted it a rung per link, so a chain of plain clauses climbed into values.
    (scores(functional_consequence=1.0), scores(), 0.0, ("functional_consequence", "functional_consequence")),
    # With evidence for the higher rung the bonus still breaks the tie: 1.0 + 1.0 + 0.1 beats 1.0 + 1.0.
    (scores(attribute=1.0), scores(attribute=1.0, functional_consequence=1.0), 0.0, ("attribute", "functional_consequence")),
    # ... and with no loss allowed there is no pair.
    (scores(attribute=1.0), scores(instrumental_value=2.0), 0.0, None),
]


@pytest.mark.parametrize("src, tgt, loss, expected", PAIRS)
def test_type_pair_table(onto, src, tgt, loss, expected):
    assert onto.type_pair(src, tgt, None, None, loss) == expected


def test_a_fixed_terminal_end_keeps_its_type(onto):
    # The focus typed terminal by the graph keeps its type (only free ends need evidence): what leads to it
    # is the first rung leads_to permits below it, psychosocial (3 -> 5, ascent 0.1, first of the ties).
    assert onto.type_pair(scores(), scores(), None, "terminal_value", 1.0) == ("psychosocial_consequence", "terminal_value")
    # and nothing free may sit above a terminal focus without evidence of its own.
    assert onto.type_pair(scores(), scores(), "terminal_value", None, 1.0) is None


# -- the question's direction -------------------------------------------------------------------------------
DIRECTIONS = [
    ("Why is the saved height important to you?", "up"),
    ("You mentioned the saved height. What does that give you?", "up"),
    ("When you have the saved height, what does that do for you?", "up"),
    ("What would you miss if the saved height weren't there?", "up"),
    ("Why does that bother you?", "up"),
    ("What does that mean to you?", "up"),
    ("When you say the saved height, what do you mean exactly?", "down"),
    ("Could you give me an example of the saved height?", "down"),
    ("What does the saved height look like for you in practice?", "down"),
    ("Could you say a bit more about what you meant just now?", "down"),
    ("How does this compare with what you use now?", None),
    ("What else comes to mind when you think about it?", "other"),
    ("Apart from what you've said, is there anything else that matters to you here?", "other"),
]


@pytest.mark.parametrize("question, expected", DIRECTIONS)
def test_question_direction_table(question, expected):
    from interview_core.language.offline.extraction import question_direction

    assert question_direction(question) == expected


# -- extraction ---------------------------------------------------------------------------------------------
def test_a_marker_is_not_type_evidence(mec, desk):
    # "which means" once gave the clause the terminal cue "meaning", so a consequence became a terminal
    # value and the engine stopped laddering from it.
    types, edges = extract(mec, desk, "I arrive without being sweaty, which means I'm not self-conscious at my desk.")
    assert "terminal_value" not in types.values()
    assert len([e for e in edges if e[2] == "explicit"]) == 1


def test_a_chain_into_a_value_keeps_its_explicit_edge(mec, desk):
    types, edges = extract(mec, desk, "Staying active while I earn a living, and so looking after myself well into old age.",
                           "What difference does that make for you?", "not letting a desk job wreck me", "instrumental_value")
    assert ("earning a living", "looking after myself into old age", "explicit") in edges


def test_a_clarifying_answer_lies_under_the_focus(mec, desk):
    # "What do you mean?" answered with a concept: it explains the focus, so it leads to the focus
    # (before: focus -> concept, as after a why-question).
    _, edges = extract(mec, desk, "Just that the clutter doesn't get to me, really.",
                       "When you say peace of mind, what do you mean exactly?", "peace of mind", "terminal_value")
    conv = {e for e in edges if e[2] == "conversational"}
    assert conv and all(t == "peace of mind" for _, t, _ in conv)


def test_the_reason_for_a_feeling_is_what_the_focus_gives(mec, desk):
    # "How do you feel about X, and why?" -> "I feel good about it, because Y": the reason Y leads to the
    # feeling, and the focus X leads to Y too (a root of the answer), typed at or above the focus.
    types, edges = extract(mec, desk, "I feel pretty good about it, because I don't dread the long days.",
                           "You said the back pain eases off. How do you feel about that, and why?",
                           "back pain easing off", "functional_consequence")
    assert ("back pain easing off", "not dreading the long days", "conversational") in edges
    assert ("not dreading the long days", "feeling pretty good", "explicit") in edges
    assert types["not dreading the long days"] != "attribute"


def test_a_question_for_something_else_ties_nothing_to_the_focus(mec, desk):
    # "What else comes to mind?" asked with a node focus (a bridge) is answered with a new line of thought:
    # before, the answer's first concept was linked from the focus as if it answered why the focus matters.
    _, edges = extract(mec, desk, "What I really like is my energy stays steady.",
                       "I see. What else comes to mind when you think about the desk?", "my morning coffee feeling special",
                       "psychosocial_consequence")
    assert not [e for e in edges if e[2] == "conversational"]
