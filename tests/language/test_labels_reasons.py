"""Reasons given without "because" and points the clause reader used to drop (wave 9, issue 13): a point
followed by an example, a comparison or a comment pointing back at it ("that's what I'd pay for") has its
reason given, and the concepts of that reason are the point too, typed above it (the way on is up from
the reason, not a re-ask of the point). Cases of our own, in a domain no evaluation file uses (a narrowboat
hotel, overnight stays on a canal boat)."""

from __future__ import annotations

import pytest

from interview_core.config import registry
from interview_core.language.contracts import ExtractionRequest
from interview_core.language.offline import OfflineLanguage


@pytest.fixture(scope="module")
def nodes():
    offline = OfflineLanguage()
    methodology = registry.methodology("means_end_chain")
    concept = registry.concept("oat_milk")
    level = {t.name: t.level for t in methodology.ontology.nodes}

    def run(answer: str) -> dict[str, tuple[str | None, bool, int]]:
        result = offline.extract(ExtractionRequest(methodology=methodology, concept=concept, answer=answer,
                                                   utterance_id="u", question="What matters to you here?"))
        return {n.label: (n.prominence, bool(n.reason_given), level[n.node_type]) for n in result.nodes}
    return run


@pytest.mark.parametrize(("answer", "point"), [
    # an example from the respondent's life after a verbless point
    ("the wood stove. I lay bricks all week and by friday my hands are finished", "wood stove"),
    # a comparison
    ("the brass beds, way better than the plastic bunks at the youth hostel", "brass beds"),
    # a comment pointing back at the point, naming what it is to the respondent
    ("the breakfasts on deck. that's the experience", "breakfasts on deck"),
])
def test_reason_given_without_because(nodes, answer, point):
    got = nodes(answer)
    assert got[point][:2] == ("point", True)


def test_the_reason_is_the_point_too_and_sits_above_it(nodes):
    got = nodes("the wood stove. I lay bricks all week and by friday my hands are finished")
    reasons = [label for label in got if label != "wood stove"]
    assert reasons, got
    for label in reasons:
        prominence, reason_given, level = got[label]
        assert prominence == "point" and not reason_given and level > got["wood stove"][2], (label, got[label])


def test_a_comment_pointing_back_leaves_its_point_a_node(nodes):
    # the list reader used to give up on the clause ("that's what ..." names nothing): no node at all
    assert nodes("the fluffy towels, that's what I'd pay for") == {"fluffy towels": ("point", True, 1)}


def test_a_quality_named_after_thats_is_a_node_above_the_point(nodes):
    got = nodes("the view of the locks. that's freedom")
    assert "freedom" in got and got["freedom"][2] > got["view of the locks"][2]
    assert got["view of the locks"][1] is True
    # a bare noun that names no quality still names the answer itself: no node
    assert "list" not in nodes("the view of the locks. that's the list")


@pytest.mark.parametrize(("answer", "point"), [
    ("Being a regular. Thats it, thats all of it.", "being a regular"),  # insisting, no reason
    ("the brass beds. the kettles are good too", "brass beds"),  # another item, added
    ("the brass beds. but the price is steep", "brass beds"),  # a turn, not a reason
])
def test_no_reason_read_into_insisting_adding_or_turning(nodes, answer, point):
    assert nodes(answer)[point][1] is False


def test_a_closing_matters_is_not_part_of_the_label(nodes):
    assert "late opening" in nodes("late opening matters, I lay bricks till six")


@pytest.mark.parametrize(("answer", "expected"), [
    # a pseudo-cleft after other talk: its focus is the node, not the frame
    ("I sail at the club twice a week, I don't need a skipper. What I'd go for is the quiet, honestly", "quiet"),
    ("the main thing is the mooring", "mooring"),
    # a phrase of modifiers and a noun, parsed as an adjective with an object, is still a noun phrase
    ("unmarked crates. yes. I work shifts, and if my manager sees the boat he'll ask questions", "unmarked crates"),
    # a noun said twice around a preposition is a way of doing, not a time
    ("night by night. I dont know if the contract lasts, Im not booking a month", "night by night"),
])
def test_points_the_clause_reader_used_to_drop(nodes, answer, expected):
    assert nodes(answer)[expected][0] == "point"


@pytest.mark.parametrize(("answer", "expected"), [
    # wave 10: a sentence adverb before the frame hedges it; the focus is still the node
    ("Probably what I want is a bigger galley", "bigger galley"),
    # a focus as long as a label may be (eight words) is kept whole
    ("What I mean is a dry bed at the end of the day", "dry bed at the end of the day"),
])
def test_hedged_or_long_pseudo_cleft_focus_is_the_node(nodes, answer, expected):
    assert expected in nodes(answer)


@pytest.mark.parametrize("answer", [
    "I'm not sure I could describe it more clearly",
    "the brass beds. I'm not sure how else to describe it",
    "the kettles. not sure how else I'd describe it",
])
def test_a_remark_about_wording_the_answer_is_no_node(nodes, answer):
    """Wave 10: not finding the words (negated, the respondent alone, only verbs of thinking or saying, no
    noun) is no concept, never a node to ask about next."""
    assert not [label for label in nodes(answer) if "explain" in label or "describ" in label]


def test_what_others_do_not_say_is_still_a_concept(nodes):
    assert any("tell" in label for label in nodes("the lock keepers never tell you anything"))
