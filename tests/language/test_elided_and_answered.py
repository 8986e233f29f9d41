"""Wave 9 (fault classes of the wave-8 blind read, fixed by method): painful news told by elision (a
sentence said twice, a verb phrase left out after a wish, a person's time left, a loss told with a
pronoun) is acknowledged, and a hyperbole or a hardship noun the respondent says does not touch them gets
no sympathy; a pause in everyday words gets "no rush" and the last question again, never an earlier
quote; both parts of a two-part question about the interview are answered; after an answer that already
says why, the next question asks no obvious "why does that matter"; quotes stay short. Our own invented
domain (a river canoe hire, "Paddle Hut"), used in no evaluation file."""

import re

import pytest

from interview_core.language.contracts import FocusRef, QuestionRequest, Turn
from interview_core.language.offline import OfflineLanguage
from interview_core.language.offline.distress import disclosed_hardship
from language_support import assert_accepted_shape

STIMULUS = ("Paddle Hut: canoe hire on the river by the hour or the day, a guide for first-timers, dry bags "
            "for your phone and keys included, a family canoe with a child seat, and booking by text.")
LAST = "What would make a day on the river work for you?"


@pytest.fixture
def paddle(oat_milk):
    return oat_milk.model_copy(update={"id": "paddle_hut", "name": "Paddle Hut", "elements": [], "stimulus": STIMULUS})


def _next(mec, concept, answer, *, label="dry bags", turn=4, turns_left=10, strategy="deepen"):
    request = QuestionRequest(methodology=mec, concept=concept, kind="follow_up", turn_number=turn,
                              strategy=mec.strategy(strategy), focus=FocusRef(kind="node", label=label),
                              recent_questions=[LAST], turns_left=turns_left,
                              recent_turns=[Turn(question=LAST, answer=answer)])
    return OfflineLanguage().write_question(request).question


# answer -> painful news is read (True) or not (False)
ELIDED = [
    ("The canoe went over with my niece in it. She was okay. She was okay. But I keep picturing it.", True),  # said twice
    ("I'd love to paddle the whole river one day. My dad never did.", True),      # a wish, then a person who didn't
    ("I'd like to still be doing this at seventy. My uncle couldn't.", True),
    ("Dad's coming with us. For however long he's got, we want days out.", True),  # a person's time left
    ("we lost her in the autumn, so the family trips stopped", True),             # a loss told with a pronoun
    ("We both tried the family canoe. My sister didn't.", False),                 # no wish before the elision
    ("I'd die if I had to paddle it on my own", False),                           # a hyperbole in a condition
    ("honestly the mess in the hut doesn't get to me", False),                    # said not to touch them
    ("the rain doesn't bother me, I like it wet", False),
    ("I liked the guide. I liked the guide a lot.", False),                       # praise said again is no hint
    ("after the capsize I didn't sleep properly for a month", True),              # a bodily need unmet, lasting
    ("I stopped eating properly that year", True),
    ("I don't eat fish, so no river picnic", False),                              # a diet: an object
    ("I haven't slept in a tent for years", False),                               # a place, not a need
    ("we've had rats in the boathouse all winter", False),                        # an animal had, not an illness
    ("I've worn a wetsuit since I was ten", False),                               # a perfect with an object: an action
    ("knots, which I was hopeless and terrible at", False),                       # a skill, not a state
]


@pytest.mark.parametrize("answer,painful", ELIDED)
def test_painful_news_told_by_elision_is_read_by_method(answer, painful):
    assert bool(disclosed_hardship(answer)) is painful, disclosed_hardship(answer)


def test_a_disclosure_by_elision_is_acknowledged_and_not_asked_why(mec, paddle):
    q = _next(mec, paddle, "Dry bags. My phone went in once with my niece's photos on it. She was okay. She was okay. "
                           "But I keep picturing it.", label="dry bags")
    assert ("sorry" in q.lower() or "sounds hard" in q.lower()) and "why" not in q.lower(), q
    assert "Earlier" not in q and "earlier" not in q, q


def test_a_hyperbole_gets_no_sympathy(mec, paddle):
    q = _next(mec, paddle, "a guide. I'd die if it was just me flailing about in front of everyone", label="a guide")
    assert "sorry" not in q.lower() and "sounds hard" not in q.lower(), q


# answer -> "no rush" and the last question again, never a quote or a new question
PAUSES = [
    "sorry, the cats are fighting on the windowsill, one sec",   # an apology, a clause without its auxiliary, an aside
    "hang on, somebody at the door",                              # an aside and a person somewhere around them
    "hold on my toast's burning. ok. carry on",                  # a pause, then leave to go on
    "hold on, my laptop froze",                                   # what has just happened to a thing around them
]


@pytest.mark.parametrize("answer", PAUSES)
def test_a_pause_in_everyday_words_repeats_the_last_question(mec, paddle, answer):
    q = _next(mec, paddle, answer)
    # (wave 13: a pause that ends on leave to go on, "ok. carry on", is a return: "Welcome back.")
    assert q.startswith("Welcome back" if answer.endswith("carry on") else "No rush") and LAST in q, q
    assert "mentioned" not in q and "said" not in q, q


# answer -> every part of a two-part question about the interview is answered
TWO_PART = [
    ("what's the point of this? who is it for", ["study of how people see Paddle Hut", "research team"]),
    ("what's this for, are you Paddle Hut?", ["study of how people see Paddle Hut", "research team behind"]),
    ("is any of this stored? I haven't told my wife I'm thinking about it", ["name isn't stored"]),
]


@pytest.mark.parametrize("answer,must", TWO_PART)
def test_each_part_of_a_question_about_the_interview_is_answered(mec, paddle, answer, must):
    q = _next(mec, paddle, answer)
    assert_accepted_shape(q, must, ["don't know the details"])


# answer (focus label) -> no obvious "why" or "how do you feel" after an answer that already says why
REASONED = [
    ("Booking by text. I can't stand ringing places up and waiting on hold for ages", "booking by text"),
    ("dry bags. last summer my phone went in the river and every photo of the trip went with it", "dry bags"),
    ("a guide for first-timers, my kids have never been in a canoe and I can't swim well", "a guide"),
    ("the child seat. my youngest is three and she won't sit still for a minute", "the child seat"),
    ("Life jackets. I need them to fit the kids properly, the last ones came up to their ears", "fitting the kids properly"),
]


@pytest.mark.parametrize("answer,label", REASONED)
def test_no_obvious_why_after_an_answer_that_says_why(mec, paddle, answer, label):
    for turn in range(4, 8):
        q = _next(mec, paddle, answer, label=label, turn=turn)
        assert not re.search(r"\bwhy\b|\bmatter|important|feel about|what difference", q, re.I), q
        assert q.rstrip().endswith("?"), q


def test_a_quote_in_a_question_is_short(mec, paddle):
    answer = ("I've done the day trips with the other lot and honestly the canoes were fine, it's the bit where "
              "they leave you at the bottom of the river with no way back up that I'm not doing again")
    for turn in range(4, 8):
        q = _next(mec, paddle, answer, label="no way back up", turn=turn)
        for quote in re.findall(r'"([^"]+)"', q):
            assert len(quote.split()) <= 12, q


def test_wordnet_glosses_are_read_through_a_public_accessor():
    from interview_core.dedup.wordnet import get_wordnet

    wordnet = get_wordnet()
    canoe = wordnet.synsets("canoe", "n")[0]
    assert "boat" in wordnet.gloss(canoe) and wordnet.lexfile(canoe) == "06"  # noun.artifact


def test_a_pause_repeats_the_question_without_its_acknowledgement(mec, paddle):
    asked = "I'm sorry to hear that. How does that shape what you would want from Paddle Hut?"
    request = QuestionRequest(methodology=mec, concept=paddle, kind="follow_up", turn_number=5,
                              strategy=mec.strategy("deepen"), focus=FocusRef(kind="node", label="dry bags"),
                              recent_questions=[asked], turns_left=8,
                              recent_turns=[Turn(question=asked, answer="hang on, somebody at the door")])
    q = OfflineLanguage().write_question(request).question
    assert q == "No rush, take your time. How does that shape what you would want from Paddle Hut?", q


def test_a_pass_with_a_reason_is_a_skip(mec, paddle):
    q = _next(mec, paddle, "pass, sorry, my head's all over the place this week")
    assert q.startswith("No problem, let's leave that one."), q


@pytest.mark.parametrize("answer", ["hang on, the guide was rubbish", "hold on, the kids loved it",
                                    "hang on, the instructor shouted at us"])
def test_a_verdict_after_an_aside_is_no_pause(mec, paddle, answer):
    assert not _next(mec, paddle, answer).startswith("No rush")
