"""The answer to a question about what a node leads to is the other side of that causal link (wave 12):
asked "why does the Saturday visit matter to you?", "I could practise in peace" is the visit's consequence,
read like a clause after "because" ("practising in peace"). Before, a clause whose only content is what its
pronoun subject does was a concept only after a causal marker in the answer itself, so the link the
question asked for was lost with its answer. A verb of feeling is the feeling told when it governs content
of its own ("I don't feel like I'm rushing" -> "not feeling like I'm rushing"). Cases of our own, in a
domain no evaluation file uses (a piano tuning service)."""

from __future__ import annotations

import pytest

from interview_core.config import registry
from interview_core.language.contracts import ExtractionRequest
from interview_core.language.offline.extraction import extract_offline
from interview_core.vocabulary.focus import FocusRef

FOCUS = "tuner coming on saturdays"


def _read(question: str, answer: str, focus: FocusRef | None = None) -> tuple[list[str], set[tuple[str, str]]]:
    """(node labels, (source, target) edges) of the offline reading of ``answer`` to ``question`` about a
    node (default: the Saturday visit, a functional consequence)."""
    focus = focus or FocusRef(kind="node", id="n1", label=FOCUS, node_type="functional_consequence")
    result, _ = extract_offline(ExtractionRequest(
        methodology=registry.methodology("means_end_chain"), concept=registry.concept("oat_milk"), answer=answer,
        utterance_id="u", question=question, focus=focus))
    return [n.label for n in result.nodes], {(e.source_label, e.target_label) for e in result.edges}


@pytest.mark.parametrize(("question", "answer", "effect"), [
    # a modal and a verb of its own, a deflection before it
    ("Why does that matter to you?", "I'm not sure, but I could unwind in there, mainly.", "unwinding in there"),
    # no cue in the question: the engine ties the answer to the focus as its consequence all the same
    ("What would change for you if that went right?", "I could unwind in there.", "unwinding in there"),
    # a verb of feeling with content of its own is the feeling, its negation kept, a contraction joined
    ("What would that give you?", "I don't feel like I'm sinking.", "not feeling like I'm sinking"),
])
def test_the_answer_to_a_why_question_is_the_focus_consequence(question, answer, effect):
    labels, edges = _read(question, answer)
    assert labels == [effect], labels
    assert (FOCUS, effect) in edges, edges


def test_a_feeling_after_a_causal_marker_is_read_too():
    labels, edges = _read("Why does that matter to you?",
                          "The hammers get regulated; that's why I don't feel like I'm fighting it.")
    assert labels == ["hammers getting regulated", "not feeling like I'm fighting it"], labels
    assert ("hammers getting regulated", "not feeling like I'm fighting it") in edges, edges


@pytest.mark.parametrize(("question", "answer"), [
    ("Why does that matter to you?", "I honestly haven't thought further than that, it just matters."),  # importance only
    ("Why does the hum bother you?", "It bothers me."),  # the question's own verb echoed
    ("Why does that matter to you?", "I love it."),  # a verb of feeling with only a pronoun
    ("What do you mean by that?", "I could unwind in there."),  # asked what the focus means: under it, not a reason
    ("What else comes to mind?", "I could unwind in there."),  # asked for something else
    ("Why does that matter to you?", "I just left."),  # a bare past verb tells an event
    ("Why does that matter to you?", "I dunno."),  # no English verb (no WordNet sense)
    ("Why does that matter to you?", "Is that every month? Genuinely asking."),  # a bare verb of saying: a remark
    ("Why does that matter to you?", "It smells the same as what we've got."),  # perceiving linked to an adjective: a judgement
])
def test_no_concept_without_content_or_without_a_reason_asked(question, answer):
    labels, _ = _read(question, answer)
    assert labels == [], labels


def test_no_concept_when_the_question_is_about_an_element():
    element = FocusRef(kind="element", id="e1", label="Saturday visits")
    labels, _ = _read("Why does that matter to you?", "I could unwind in there.", element)
    assert labels == [], labels
