"""Labels8 (wave 7): a yes/no question put to the interviewer about what is offered ("does it take big
dogs?") followed by the respondent's own circumstances ("ours is a newfoundland") makes no node: that is why
they ask; a sentence that states a want after it keeps its node. "being X than Y" is labelled "X than Y".
Cases are our own, in a domain no evaluation file uses (a mobile dog-grooming van)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("answer", [
    "does it take big dogs? ours is a newfoundland and she sheds everywhere",
    "Can they come on a Sunday? My shifts change every week",
    "is there a hose on the van? our outside tap froze last winter",
])
def test_reason_after_a_yes_no_question_makes_no_node(labels, answer):
    assert labels(answer) == []


@pytest.mark.parametrize("answer", [
    "is it gentle with old dogs? what matters to me is a calm groomer",
    "Do they use their own water? I want a calm groomer",
])
def test_a_point_after_the_question_keeps_its_node(labels, answer):
    assert any("calm groomer" in label for label in labels(answer)), labels(answer)


def test_the_topic_returned_to_keeps_its_node(labels):
    got = labels("does it take big dogs? ours is a newfoundland. But mostly I want a calm groomer.")
    assert any("calm groomer" in label for label in got), got
    assert not any("newfoundland" in label for label in got), got


@pytest.mark.parametrize("answer, label", [
    ("Easier than bathing him in the bath, obviously", "easier than bathing him in the bath"),
    ("Cheaper than a groomer's shop. That's the main thing.", "cheaper than a groomer's shop"),
    ("It is calmer than the salon, honestly", "calmer than the salon"),
])
def test_a_comparison_is_named_without_being(labels, answer, label):
    """ "being X than Y" names the comparison: the label is "X than Y"."""
    got = labels(answer)
    assert label in got, got
    assert not any(lbl.startswith("being ") for lbl in got), got
