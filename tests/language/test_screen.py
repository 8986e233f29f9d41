"""The mechanical question and label screen of ``interview bench language``, on hand-made cases."""

import pytest

from interview_core.language.screen import screen_label, screen_question


@pytest.mark.parametrize("question", [
    "You mentioned when nobody's. What does that give you?",  # contraction dangling before a full stop
    "Why is the in control important to you?",  # article glued to a preposition
    "When you have the replace the car, what does that do for you?",  # article before a verb
    "When does dunno come up for you? Walk me through the last time.",  # filler as a topic
    "When you have taking care of yourself, what changes?",  # gerund as the object of "have"
    "What does my morning coffee give you?",  # the respondent's "my" outside a quote
    "Why does **price** matter to you?",  # markup
    "Why does {focus} matter to you?",  # unfilled placeholder
    'You said "". Why does that matter?',  # empty quote
    "Tell me more about the the price?",  # doubled word
    "Tell me more about that",  # no question mark
])
def test_faulty_questions_are_flagged(question):
    assert screen_question(question), question


@pytest.mark.parametrize("question", [
    "Why does the creamy texture matter to you?",
    'You said "I\'d stop heating the place when nobody\'s in". Why does that matter to you?',
    "Okay. What does a long chat about the rent look like for you in practice?",
    "Not long: about 5 more questions. What's behind that for you?",
    "Is there any last thought about oat milk you'd like to leave me with?",
    'What do you think about "Pours without splashing"?',
    "When did you last use something like this? Walk me through it.",
])
def test_acceptable_questions_pass(question):
    assert screen_question(question) == []


@pytest.mark.parametrize("label,bad", [
    ("wait it says you can take", True), ("if the numbers were there", True), ("anyway", True),
    ("no idea what our heating costs until", True), ("because it's cheap", True), ("was always a hassle", True),
    ("i'd stop heating", True), ("feeling rested", False), ("the energy report", False),
    ("being able to read", False), ("no added sugar", False),
])
def test_label_screen(label, bad):
    assert bool(screen_label(label)) == bad


@pytest.mark.parametrize("question", [
    "No problem, let's leave that one. What else matters to you?",         # "one" as a pronoun
    "No, nothing is being sold here. What else comes to mind?",             # a reply word opening a sentence
])
def test_pronoun_one_and_a_reply_word_are_not_dangling(question):
    from interview_core.language.screen import screen_question

    assert screen_question(question) == [], question


def test_a_dangling_no_inside_a_sentence_is_still_flagged():
    from interview_core.language.screen import screen_question

    assert any("dangling 'no'" in f for f in screen_question("Why does it matter to no?"))
