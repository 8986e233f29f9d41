"""Answers, or parts of answers, that name no concept of the respondent's make no node (issue 13, "Clean
concepts"): questions put to the interviewer (also said as a statement with a question mark), what follows
a question about the interview as its reason, comments on the interview itself, and apologetic asides.
The cases are our own, in a domain no evaluation file uses (kayak hire on a reservoir)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("answer", [
    # a question about the interview, then the respondent's reason for asking it
    "is my name kept on this? my boss runs the sailing club",
    "How long will this go on? The minibus leaves at four",
    "Wait, is this being written down? My accent I mean",
    # who is behind the interview, asked with an interview noun, then the reason
    "Who's funding this survey, is it the reservoir trust? Just so I know",
    # a question to the interviewer said as a statement with a question mark, and its follow-on
    "They lend you a wetsuit? Like actually hand over the wetsuit and everything?",
    "A paddle is included? The long one?",
    # a comment on the interview itself
    "I don't really follow the question to be honest",
    "The question lost me a bit tbh. what are you asking",
    # an apologetic aside about the respondent's own moment
    "sry typing on a wet phone. its fine",
    "sorry the dog's just jumped in the boat",
    # a question with a bare "this" as its subject is about the interview; what follows is its reason
    "Is this for the reservoir trust or a uni thing? Just wondering who's reading my opinions",
])
def test_no_node(labels, answer):
    assert labels(answer) == []


@pytest.mark.parametrize(("answer", "expected"), [
    # the question sentence goes, the point said before it stays
    ("Calm water. How long is this going to take?", ["calm water"]),
    # an apology that goes on to the topic
    ("sorry but quiet water, every time", ["quiet water"]),
    # a return marker after a question about the interview brings the topic back
    ("is this anonymous? anyway, the calm water is what I go for", ["calm water"]),
    # an incredulous echo of a topic is no question to the interviewer: it still names the topic
    ("Lifejackets?? On a reservoir?", ["lifejackets"]),
    # a topic said with rising intonation offers an answer
    ("so maybe... not feeling rushed?", ["not feeling rushed"]),
])
def test_topic_kept(labels, answer, expected):
    assert labels(answer) == expected
