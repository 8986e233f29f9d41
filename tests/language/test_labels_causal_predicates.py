"""A clause on one side of a causal link whose only content is what its pronoun subject does is a concept
(wave 11): "the glaze is food safe, and that means it lasts" links the glaze to "lasting"; before, the
clause reader named nothing in "it lasts" (a pronoun subject, no object naming anything) and the link the
respondent stated was lost with it. Outside a causal link such a clause stays no concept. Cases of our own,
in a domain no evaluation file uses (a pottery class's kiln and glazes)."""

from __future__ import annotations

import pytest

from interview_core.config import registry
from interview_core.language.contracts import ExtractionRequest
from interview_core.language.offline.extraction import extract_offline


def _read(answer: str) -> tuple[list[str], set[tuple[str, str]]]:
    """(node labels, (source, target) edges) of the offline reading of ``answer`` to a "why" question."""
    result, _ = extract_offline(ExtractionRequest(
        methodology=registry.methodology("means_end_chain"), concept=registry.concept("oat_milk"), answer=answer,
        utterance_id="u", question="Why does that matter to you?"))
    return [n.label for n in result.nodes], {(e.source_label, e.target_label) for e in result.edges}


@pytest.mark.parametrize(("answer", "cause", "effect"), [
    # the effect after a sentence-initial marker, its subject a pronoun, its verb alone
    ("The glaze is food safe. And that means it lasts.", "glaze being food safe", "lasting"),
    # the effect's verb with a prepositional phrase naming only the respondent
    ("What worries me is the firing fee. So in the end, it nags at me.", "firing fee", "nagging at me"),
    # a negated effect keeps its negation
    ("The wheel spins quietly, so I don't waste time fighting it.", "wheel spinning quietly",
     "not wasting time fighting it"),
    # the cause is the pronoun clause: "because" puts it after its effect
    ("My mugs never crack because it cools down.", "cooling down", "my mugs not cracking"),
])
def test_a_causal_clause_with_only_a_predicate_is_a_linked_concept(answer, cause, effect):
    labels, edges = _read(answer)
    assert cause in labels and effect in labels, labels
    assert (cause, effect) in edges, edges


@pytest.mark.parametrize("answer", [
    "The glaze is food safe. It lasts.",  # no causal link: nothing says what leads to what
    "The glaze is food safe, so I think so.",  # a verb of framing names nothing
    "The glaze is food safe, so it should.",  # a modal without its verb
    "The glaze is food safe, so I use it.",  # an empty predicate with a pronoun object
])
def test_outside_a_causal_link_or_without_a_verb_of_its_own_no_concept(answer):
    labels, _ = _read(answer)
    assert labels == ["glaze being food safe"], labels
