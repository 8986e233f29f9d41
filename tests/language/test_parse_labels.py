"""Offline concept labels from the dependency parse, answer -> labels, in a domain of our own that no
evaluation file uses (a rooftop beehive kit for city flats). Each row is a shape the wave-3 word-class
labels got wrong or that the issue names: clause fragments, conditionals, relative clauses, negation,
lists, asides, meta-questions, fillers, "don't know", sarcasm."""

from __future__ import annotations

import pytest

from interview_core.config import registry
from interview_core.language.contracts import ExtractionRequest
from interview_core.language.offline import OfflineLanguage
from interview_core.language.screen import screen_label


@pytest.fixture(scope="module")
def extract():
    offline = OfflineLanguage()
    methodology = registry.methodology("means_end_chain")
    concept = registry.concept("oat_milk")

    def run(answer: str):
        return offline.extract(ExtractionRequest(methodology=methodology, concept=concept, answer=answer,
                                                 utterance_id="u"))
    return run


@pytest.mark.parametrize(("answer", "expected"), [
    # a clause: subject dropped, finite verb turned into a gerund with its object
    ("we'd harvest our own honey every summer", ["harvesting our own honey"]),
    # a framing verb hands over to its complement ("I reckon", "noticed")
    ("I reckon the smoker would scare the neighbours", ["smoker scaring the neighbours"]),
    # a conditional: the if-clause is a concept of its own, the mark never starts a label
    ("If the bees swarm onto the balcony next door, I'd be mortified.", ["bees swarming onto the balcony next door", "being mortified"]),
    # a relative clause is cut from its noun
    ("A hive that sits flat on the roof tiles.", ["hive"]),
    # negation kept as "not verb-ing"
    ("I don't have a garden, never have.", ["not having a garden"]),
    # a list: one node per item that names a thing
    ("the veil, the gloves, a proper smoker", ["veil", "gloves", "proper smoker"]),
    # coordinated nouns: one node each
    ("pollen and wax", ["pollen", "wax"]),
    # a clausal subject is the concept, not "sounding lovely"
    ("Keeping bees on a tenth floor sounds lovely in theory.", ["keeping bees on a tenth floor"]),
    # a copula with a noun subject keeps what is said of it; an evaluative complement alone does not
    ("The roof hatch is really narrow.", ["roof hatch being narrow"]),
    ("Fresh honey is important.", ["fresh honey"]),
    # an adverbial "because" clause is its own concept, linked as the reason
    ("I'd rather not get stung because my arm swells up for days", ["not getting stung", "my arm swelling up"]),
])
def test_answer_to_labels(extract, answer, expected):
    labels = [n.label for n in extract(answer).nodes]
    assert labels == expected
    for label in labels:
        assert screen_label(label) == [], label


@pytest.mark.parametrize("answer", [
    "erm",  # filler
    "idk tbh",  # "don't know"
    "I don't really know, hard to say",
    "how many questions are left?",  # a question to the interviewer
    "sorry, is this being recorded?",
    "brb the kettle's boiling",  # an aside
    "Oh sure, as if anyone gets stung on purpose.",  # sarcasm with no concept of its own
    "That's about it, I can't go deeper than that.",  # a meta comment
])
def test_no_concept_answers_make_no_nodes(extract, answer):
    assert extract(answer).nodes == [], answer


def test_because_clause_links_reason_to_claim(extract):
    r = extract("I'd rather not get stung because my arm swells up for days")
    edges = {(e.source_label, e.target_label) for e in r.edges}
    assert ("my arm swelling up", "not getting stung") in edges


def test_no_self_loops_when_a_concept_is_repeated(extract):
    r = extract("The honey, because honestly the honey is the whole point, the honey.")
    assert [n.label for n in r.nodes] == ["honey"]
    assert all(e.source_label.lower() != e.target_label.lower() for e in r.edges)


@pytest.mark.parametrize(("answer", "absent"), [
    ("Honestly? the price of the kit.", "honestly"),
    ("well, um, the swarm risk I guess", "guess"),
    ("like, the bees, you know", "know"),
])
def test_fillers_and_hedges_never_enter_a_label(extract, answer, absent):
    labels = [n.label for n in extract(answer).nodes]
    assert labels and all(absent not in label.split() for label in labels), labels


def test_its_typed_for_its_is_read_with_its_apostrophe_and_offsets_map_back():
    from interview_core.language.offline.concepts import normalised

    text, offsets = normalised("the hive its awkward but its handle is fine")
    assert text == "the hive it's awkward but its handle is fine"
    assert len(offsets) == len(text) + 1
    assert offsets[text.index("awkward")] == "the hive its awkward but its handle is fine".index("awkward")
    assert normalised("its handle is fine") == ("its handle is fine", None)


@pytest.mark.parametrize("answer", [
    "how much longer is this going to be",  # a question without its question mark
    "is this anonymous by the way",
])
def test_questions_without_a_question_mark_make_no_nodes(extract, answer):
    assert extract(answer).nodes == [], answer


def test_a_purpose_is_a_concept_its_clause_leads_to(extract):
    r = extract("We'd put a hive on the roof to get our own honey.")
    assert [n.label for n in r.nodes] == ["putting a hive on the roof", "getting our own honey"]
    assert ("putting a hive on the roof", "getting our own honey") in {(e.source_label, e.target_label) for e in r.edges}


def test_the_alternative_after_instead_of_is_a_concept_of_its_own(extract):
    labels = [n.label for n in extract("Buying local honey instead of the supermarket stuff.").nodes]
    assert labels == ["buying local honey", "supermarket stuff"]
