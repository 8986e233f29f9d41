"""Two faults seen in simulated dev interviews (wave 10, lead): a complaint about something that happens
every time was met as a pause ("No rush, take your time." and the same question again), and a respondent's
"I'm not sure I can explain it better" was quoted back as a topic. A sentence that says how often something
happens or what it leads to is the respondent's life, not their moment; a quote that only says the
respondent does not know names nothing. (Invented domain: a smart oven with a phone app.)"""

from __future__ import annotations

import pytest
from language_support import offline_session

from interview_core.language.offline.meta import is_pause
from interview_core.language.offline.questions import says_nothing


@pytest.mark.parametrize("answer, expected", [
    ("My phone buzzing every time the oven timer goes off; that's why I'd turn the alerts off.", False),
    ("my phone pinging all the time because the app wants me to rate recipes", False),
    ("my phone is ringing", True),                       # the moment: a pause
    ("hang on, my dog is barking", True),
    ("one sec", True),
])
def test_a_habit_or_a_consequence_is_no_pause(answer, expected):
    assert is_pause(answer) is expected


@pytest.mark.parametrize("quote, expected", [
    ("I'm not sure I can explain it better, sorry", True),
    ("I can't say it better than that", True),
    ("I haven't thought about that much, to be honest", True),
    ("I'm not sure the preheat time is right", False),  # names something
    ("not sure, even browning I suppose", False),
    ("It just feels right when the bread comes out even", False),
])
def test_a_quote_that_only_says_they_do_not_know_names_nothing(quote, expected):
    assert says_nothing(quote) is expected


STIMULUS = ("Bakewise: a smart oven with a phone app that preheats on a schedule, tells you when food is done, "
            "and suggests recipes from what is in your fridge.")


def test_the_interviewer_neither_waits_after_a_complaint_nor_quotes_a_dont_know(tmp_path):
    session = offline_session(tmp_path, "smart_oven", "Bakewise", STIMULUS)
    session.answer("Mostly the app telling me when the food is done.")
    complaint = session.answer("My phone buzzing every time the oven timer goes off; that's why I'd turn the alerts off.")
    assert not complaint.next_question.startswith("No rush"), complaint.next_question
    unknowing = session.answer("I'm not sure I can explain it better, sorry.")
    assert "explain it better" not in unknowing.next_question, unknowing.next_question
