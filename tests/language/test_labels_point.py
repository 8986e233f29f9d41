"""Labels from the point of an answer, not its backdrop, and labels for verbless fragments the clause reader
names nothing in (issue 13, "Clean concepts"). Cases of our own, in a domain no evaluation file uses
(kayak hire on a reservoir)."""

from __future__ import annotations

import pytest

from interview_core.language.screen import screen_label


STORY = ("I capsized off the pier in 2019, it was freezing and my brother laughed for a week. "
         "so for me, calm water. someone who checks on you")


@pytest.mark.parametrize(("answer", "expected"), [
    # a story told in the past, then the point stated after "so for me": only the point
    (STORY, ["calm water", "someone who checks on me"]),
    # someone else's situation as the backdrop, the point after "so for him", then a bare gerund
    ("my son is 12 and has asthma and the other lads are rough, so for him it's about paddling without anyone "
     "watching. and fishing.", ["paddling without anyone watching", "fishing"]),
    # a verbless fragment after a marker, and an indefinite pronoun with its relative clause, apostrophe restored
    ("so whatever else, kindness. someone who doesnt panic", ["kindness", "someone who doesn't panic"]),
    # a list item naming a place to do something
    ("Dry bags, a proper seat, somewhere to lock my bike.", ["dry bags", "proper seat", "somewhere to lock my bike"]),
    # a one-word gerund answer names an activity
    ("fishing.", ["fishing"]),
])
def test_point_labels(labels, answer, expected):
    got = labels(answer)
    assert got == expected
    for label in got:
        assert [f for f in screen_label(label) if not f.startswith("starts with a subject 'someone'")] == [], label


@pytest.mark.parametrize("answer", [
    "Just saying.",  # a light verb names nothing
    "Bit scary tbh.",  # a remark, not a thing
    "It'll tip the small ones, not the one where the kid's wet but laughing.",  # a gerund joined mid-sentence
    "Like saturday morning when everyone on the bank wants the boats",  # "everyone" is a subject here
])
def test_fragments_that_name_nothing(labels, answer):
    assert not any(label in ("saying", "laughing", "bit scary", "everyone on the bank wants the boats")
                   for label in labels(answer))


def test_story_kept_when_the_question_asked_for_one(labels):
    got = labels(STORY, question="Tell me about the last time you went out on the water.")
    assert "capsizing off the pier" in got and "calm water" in got


def test_no_backdrop_dropped_without_a_stated_point(labels):
    # no conclusion marker, "for me" or want: nothing is set aside as backdrop
    got = labels("I capsized off the pier in 2019. The water was freezing.")
    assert "capsizing off the pier" in got


@pytest.mark.parametrize(("answer", "expected"), [
    # the judgement after the concept is the stance, not part of the label
    ("Guided trips sound great in theory.", ["guided trips"]),
    ("the free dry bag is a nice touch", ["free dry bag"]),
    ("sunrise slots on weekdays are useless to anyone with a job", ["sunrise slots on weekdays"]),
    # no strong judgement: the predicate stays ("narrow" rates nothing), "like" is a preposition here
    ("The launch ramp is really narrow.", ["launch ramp being narrow"]),
    # "it's about X" names X
    ("so for him its about paddling without anyone watching", ["paddling without anyone watching"]),
    # a generic "you" in the respondent's words is the respondent
    ("the last thing I want is a stranger in your kayak", ["stranger in my kayak"]),
    # a noun said of "that" names the answer itself, not a concept
    ("Dry bags, a proper seat. That's the list.", ["dry bags", "proper seat"]),
    # the standard of a negated comparison is no concept
    ("Feeling at home out there. Not like a tourist.", ["feeling at home out there"]),
])
def test_label_shape(labels, answer, expected):
    assert labels(answer) == expected
