"""Painful things said only by hint, and pauses (wave 19). A hardship told by what is left out: "since her mum" (a
person close named after "since", the event not said), "since I've been on my own", "not after the year she's had"
(a stretch of time someone "has had"), a negated clause closed by "if you follow me", "a couple of near misses" (a
WordNet compound kept apart by the tagger); acknowledged briefly, and the painful words are not quoted or asked
about. No sympathy for a worry about the product ("That's my worry"). Pauses as people type them: what
interrupts after a semicolon or a dash, an animal "being sick", a person "reading over my shoulder and ...", someone
"at the door", "on the other line" with an afterthought ("The bossy one."), "Wait one.": met with "No rush" and the
same question. Invented domain: a topiary course."""

from __future__ import annotations

import pytest
from language_support import turns_after

from interview_core.language.offline.distress import disclosed_hardship
from interview_core.language.offline.meta import is_pause

DESCRIPTION = ("Clipwell Topiary Weekend: a two-day topiary course in a walled garden, box and yew shaping with hand "
               "shears, a take-home box ball in a pot, lunch in the orangery, and 165 pounds.")
FIRST = "the take-home box ball, I'd want something to show for the weekend"


def _after(tmp_path, answer: str) -> tuple[str, str]:
    """(the question asked before ``answer``, the interviewer's next turn) in an offline interview."""
    return turns_after(tmp_path, "clipwell", "Clipwell Topiary Weekend", DESCRIPTION, [FIRST, answer])


ACKNOWLEDGEMENTS = ("I'm sorry to hear that", "That sounds hard, thank you for telling me",
                    "I'm sorry, that sounds difficult")


def _acknowledged_not_ranked(tmp_path, answer: str) -> str:
    """The interviewer's turn after ``answer``: it opens with a brief acknowledgement and asks no rank."""
    _, turn = _after(tmp_path, answer)
    assert turn.split(". ")[0] in ACKNOWLEDGEMENTS
    assert "rank" not in turn
    return turn


PAUSES = [
    "Window cleaner at the door; one minute.",
    "One moment, the cat is being sick on the lawn.",
    "hang about, he's reading over my shoulder and tutting at everything",
    "Forgive me, the window cleaner is at the door wanting paying.",
    "Hold on, my sister on the other line. The bossy one.",
    "Wait one.",
    "Sorry - doorbell. Two mins.",
]


@pytest.mark.parametrize("answer", PAUSES)
def test_a_pause_as_people_type_it_is_met_with_patience_and_the_same_question(tmp_path, answer):
    assert is_pause(answer)
    asked, turn = _after(tmp_path, answer)
    assert turn.startswith("No rush") and asked.split(". ")[-1] in turn


@pytest.mark.parametrize("answer", [
    "Hang on. The price is steep for two days.",
    "Sorry, my son is autistic and the shears would scare him.",
    "Hold on, the box ball is the best bit. A proper one.",
    "One moment you're clipping, the next the yew is being shaped into a bird.",
    "The tutor is at the door to greet you, which is a nice touch.",
    "I'd wait one more year before I booked.",
])
def test_no_pause_where_the_answer_tells_something(answer):
    assert not is_pause(answer)


HINTS = [
    "He's been quieter since his mum. The garden was hers.",
    "Since I've been on my own I've said yes to everything. This would be one more yes.",
    "I'd not let her up a ladder, not after the year she's had.",
    "The last gardener didn't exactly retire, if you follow me. His wife never came for his shears.",
    "We've had a couple of near misses with the ladder since the spring.",
]


@pytest.mark.parametrize("answer", HINTS)
def test_a_hinted_hardship_is_read(answer):
    assert disclosed_hardship(answer)


@pytest.mark.parametrize("answer", HINTS)
def test_a_hinted_hardship_is_acknowledged_briefly_and_not_probed(tmp_path, answer):
    turn = _acknowledged_not_ranked(tmp_path, answer)
    assert "why" not in turn.lower()
    for word in ("mum", "own", "year", "follow", "retire", "misses", "ladder"):
        assert word not in turn.lower().split(". ", 1)[1]


@pytest.mark.parametrize("answer", [
    "Since my mum's visit I've wanted a box ball for the porch.",
    "I loved the year I had in Kyoto; the gardens there are all clipped.",
    "Since I've been on the mailing list I get an offer every week.",
    "It's pricey, if you follow me, for two days.",
    "I'd want to know the pots don't crack in a frost, frankly. That's my worry, not his.",
    "I can manage on my own with the shears.",
    "Bro, I don't even know, that's a madness question.",      # a judgement of the question asked
    "And that means nobody else sees me getting it wrong.",    # said of "it", not of the respondent
])
def test_no_hardship_where_nothing_painful_is_hinted(answer):
    assert not disclosed_hardship(answer)


BODY = [
    "My new hip is six months old and the physio says no kneeling. So we'll see.",
    "We've been one short at the allotment ever since Jean's knees went.",
    "Knees aren't what they were. The ladders could be a problem.",
    "We keep the greenhouse shut now, since the diagnosis; so the course would be my outing.",
]


@pytest.mark.parametrize("answer", BODY)
def test_a_body_that_no_longer_allows_something_or_life_dated_from_a_diagnosis_is_read(answer):
    assert disclosed_hardship(answer)


@pytest.mark.parametrize("answer", BODY)
def test_a_body_that_no_longer_allows_something_is_acknowledged_not_probed(tmp_path, answer):
    turn = _acknowledged_not_ranked(tmp_path, answer)
    assert "knee" not in turn and "hip" not in turn


@pytest.mark.parametrize("answer", [
    "I'd buy a new pair of shears for it.",
    "My back is fine now, so kneeling is no bother.",
    "The hedge is not what it was since the storm.",
    "The yew went in the skip, it was past saving.",
])
def test_new_things_well_bodies_and_plants_are_no_hardship(answer):
    assert not disclosed_hardship(answer)


@pytest.mark.parametrize("answer", [
    "Sorry - oven. Two mins.",
    "sorry can we pause, my husband's just come in and I don't want him reading this",
    "hang on, the cat is being sick on the lawn. right. where were we",
])
def test_a_pause_asked_for_or_followed_by_a_return_is_met_with_the_same_question(tmp_path, answer):
    assert is_pause(answer)
    asked, turn = _after(tmp_path, answer)
    assert turn.startswith(("No rush", "Welcome back")) and asked.split(". ")[-1] in turn


@pytest.mark.parametrize("answer", ["Can we pause the course if it rains?", "the price is steep. where were we",
                                    "Sorry, the price. Two pounds too much for a pot."])
def test_no_pause_where_the_course_or_the_price_is_talked_of(answer):
    assert not is_pause(answer)



@pytest.mark.parametrize("question,probes", [
    ("How did that make you feel?", True),            # how the painful thing felt
    ("Why does that matter to you?", True),
    ("Could you tell me more about that?", True),
    ("With that in mind, what would matter most to you about Clipwell Topiary Weekend?", False),
    ("How do you feel about the box ball?", False),   # a feeling about a part of the course, not about what hurts
])
def test_after_a_hardship_a_question_that_presses_on_it_is_left_out(question, probes):
    from interview_core.language.offline.questions import presses_on_hardship

    assert presses_on_hardship(question) is probes
