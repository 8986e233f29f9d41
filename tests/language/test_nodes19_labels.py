"""Offline node labels keep what names the thing judged (issue 13, "Clean concepts"; wave 19, engineer nodes19):

- a number said with what it counts ("35 for a lesson", "150 for the whole family") and judged is the label,
  not the judgement ("being decent", "good value", nothing at all);
- a short relative clause whose relative pronoun is its subject stays with its noun ("a coach that starts
  with capsizing drills is smart" -> "coach that starts with capsizing drills"), a long one does not;
- a preposition whose object is a wh-clause of pronouns and auxiliaries only ("go into what it was") points at
  something not said: it goes, and a declined disclosure that says nothing else makes no node.

Kept: a wh-clause with a verb of content ("asking about where it goes"), a place gone into ("go into the
river in winter"), a quantity named by a noun ("six weeks between lessons"). Our own domain (coracle
paddling lessons), used by no evaluation file."""

from __future__ import annotations

import pytest

STIMULUS = ("Bobwater Coracle Lessons: a one-person round boat of willow and tarred calico, paddled with a single "
            "paddle on a slow river; 35 pounds a lesson, a six-week starter course for 180, no experience needed, "
            "boats and paddles provided, a coach who paddles beside you, Saturday mornings only.")


@pytest.fixture(scope="module")
def coracle_labels(invented_labeller):
    return invented_labeller("bobwater", "Bobwater Coracle Lessons", STIMULUS)


@pytest.mark.parametrize(("answer", "expected"), [
    # a judged quantity keeps its words; the judgement is the stance
    ("35 for a lesson is fine", ["35 for a lesson"]),
    ("35 for a lesson is decent, less than a pizza", ["35 for a lesson"]),
    ("150 for the whole family is good value", ["150 for the whole family"]),
    # a short relative clause says which thing is meant
    ("A coach that starts with capsizing drills is smart", ["coach that starts with capsizing drills"]),
    ("the coach who paddles beside you is a must", ["coach who paddles beside me"]),
    ("the river that runs behind the pub", ["river that runs behind the pub"]),
    # a declined disclosure names nothing
    ("I don't really want to go into what it was.", []),
    ("I used to row for the county before I got ill. I don't really want to go into what it was.",
     []),
])
def test_label_keeps_what_is_judged(coracle_labels, answer, expected):
    assert coracle_labels(answer) == expected


@pytest.mark.parametrize(("answer", "expected"), [
    ("six weeks between lessons is fine", ["six weeks between lessons"]),  # a quantity named by a noun
    ("72 for six lessons is 12 a go", ["12 go"]),  # a quantity said to be another: read as before
    ("it's the paddle that matters", ["paddle"]),  # a cleft: the clause is what is said of the noun
    ("it's the coach that makes it", ["coach"]),
    ("All I'd ask is a coach that paddles beside me.", ["coach that paddles beside me"]),  # no cleft: kept
    ("the coach who shouts at you every time you tip over is great", ["coach"]),  # a long relative clause
    ("a boat that I can carry on my back", ["boat"]),  # the relative pronoun is no subject
    ("I keep asking about where it goes", ["asking about where it goes"]),  # a verb of content in the wh-clause
    ("I don't want to go into the river in winter", ["not wanting to go into the river in winter"]),  # a place
])
def test_guards(coracle_labels, answer, expected):
    assert coracle_labels(answer) == expected
