"""A remark about the answer ("I haven't thought further than that, it just matters", "that's something I
notice every time") names nothing: it is never quoted back as a topic or as the reason to climb from.
(Invented domain: a tool library in a village hall.)"""

from __future__ import annotations

import pytest
from language_support import offline_session

from interview_core.language.offline.questions import reason_clause, says_nothing


@pytest.mark.parametrize("quote, empty", [
    ("I honestly haven't thought further than that, it just matters", True),
    ("it just matters", True),
    ("that's something I notice pretty much every time", True),
    ("I think about it a lot", True),
    ("I can borrow a drill for the weekend", False),          # a verb of doing, a noun
    ("I don't dread the long weekends", False),               # a noun with an adjective
    ("I feel calm in that room", False),
    ("I can finally sleep", False),                           # a verb of the body: a need, something said
    ("I noticed the noise straight away", False),             # perception with an object noun
])
def test_says_nothing_table(quote, empty):
    assert says_nothing(quote) is empty


def test_an_empty_remark_is_no_reason_to_climb_from():
    assert reason_clause("Borrowing a drill. That's something I notice pretty much every time.") == ("", False)
    text, _ = reason_clause("Borrowing a drill. I never have to buy one for a single shelf.")
    assert text.startswith("I never have to buy one")


STIMULUS = ("Shed Share: a tool library in the village hall where members borrow drills, ladders and garden "
            "tools for a small yearly fee, with a volunteer on Saturday mornings to show you how they work.")
ANSWERS = [
    "the volunteer showing you how. I borrowed a sander once from a mate and had no idea what I was doing",
    "Not wasting money on something I use twice.",
    "I honestly haven't thought further than that, it just matters.",
]


def test_an_empty_remark_is_not_quoted_back(tmp_path):
    session = offline_session(tmp_path, "tool_library", "Shed Share", STIMULUS)
    for answer in ANSWERS:
        result = session.answer(answer)
    assert "thought further" not in result.next_question and "just matters" not in result.next_question
    assert result.next_question.rstrip().endswith("?")
