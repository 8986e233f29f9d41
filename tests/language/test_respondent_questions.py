"""What the respondent says to the interviewer, answered the way a good human interviewer would (wave 7,
fault classes of the wave-6 blind read): a product question gets an honest "I don't know the details",
never a restatement of the last question; privacy gets the plain truth (a typed interview, only the typed
answers kept, no name needed); "why do you need to know" gets a reason; pushback on a word is
acknowledged, never met by a verbatim repeat; a rhetorical or incredulous question is not answered as a
question; a pause gets "no rush" and the same question; "how long" says how many are left.
Our own invented domain (a community bike-repair cafe, "SpokeShed"), used in no evaluation file."""

import pytest

from interview_core.language.contracts import FocusRef, QuestionRequest, Turn
from interview_core.language.offline import OfflineLanguage
from interview_core.language.offline.meta import addressed_question, is_aside, is_pause, is_rhetorical
from language_support import assert_accepted_shape

LAST = "Why do the loan bikes matter to you?"
CANNOT = ("don't know", "can't answer")


def _next(mec, concept, answer, *, kind="follow_up", question=LAST, turns_left=None, turn=4):
    request = QuestionRequest(methodology=mec, concept=concept, kind=kind, turn_number=turn,
                              strategy=mec.strategy("deepen") if kind == "follow_up" else None,
                              focus=FocusRef(kind="node", label="loan bikes") if kind == "follow_up" else FocusRef(),
                              recent_questions=[question], turns_left=turns_left,
                              recent_turns=[Turn(question=question, answer=answer)])
    return OfflineLanguage().write_question(request).question


# answer -> what the next turn must say (all of), and must not say (none of)
TABLE = [
    # 1. the respondent's own questions: a product question is answered honestly, not read as confusion
    ("does it fix carbon frames? mine is carbon", ["don't know the details"], ["I was asking", "carbon"]),
    ("Tools to borrow by the hour - what does that mean in practice?", ["don't know the details"],
     ["I was asking"]),
    # ... unless the description the respondent saw says it (wave 8): quoted from it, then no more is claimed
    ("They lend you a bike? Like a proper one?", ["the description says", "a loan bike while yours is fixed",
                                                  "don't know more"], ["I was asking"]),
    ("how long does the repair take, really?", ["don't know the details"], ["questions left", "more questions"]),
    # ... privacy: the plain truth about a typed interview
    ("is this anonymous? my boss thinks i cycle in every day", ["typed", "name"], ["boss"]),
    ("wait is my voice being recorded?", ["nothing is recorded except the answers you type"], []),
    ("what happens to what ive written, does it get published anywhere", ["typed"], CANNOT),
    # ... why the question was asked: a reason, not "I don't know"
    ("why do you need to know that", ["don't have to answer"], CANNOT),
    # ... who is behind it, and a suspected sales pitch
    ("Who's paying for this survey, the council?", ["on behalf of the research team"], []),
    ("is this the bit where you try and sell me a membership", ["nothing is being sold"], CANNOT),
    # 2. pushback on a word the interviewer never used: acknowledged, the question not repeated
    ("what do you mean freedom, i cant ride it without the loan bike, thats not freedom is it",
     ["Fair point"], ["I was asking", LAST]),
    # ... incredulous echoes and rhetorical questions are no questions to answer
    ("Volunteer mechanics? On my brakes? Yeah no.", [], CANNOT),
    ("Have you seen what bike shops charge for a puncture?", [], CANNOT),
    # 4. a pause: "no rush" and the same question again
    ("hang on the kettle's going", ["No rush", LAST], []),
    ("sorry, typing on the bus", ["No rush", LAST], []),
    ("hang on, parcel", ["No rush", LAST], []),
]


@pytest.mark.parametrize("answer,must,must_not", TABLE)
def test_the_next_turn_has_the_shape_a_respondent_accepts(mec, spoke, answer, must, must_not):
    q = _next(mec, spoke, answer)
    assert_accepted_shape(q, must, must_not)


def test_how_long_says_how_many_are_left_and_never_not_long_with_many(mec, spoke):
    many = _next(mec, spoke, "is there much more after this", turns_left=12)
    assert "12" in many and "Not long" not in many, many
    few = _next(mec, spoke, "how long are we talking here", turns_left=3)
    assert "3" in few, few


def test_a_pause_before_the_closing_question_asks_the_same_question_again(mec, spoke):
    q = _next(mec, spoke, "one sec, someone at the door", kind="closing")
    assert q.startswith("No rush") and LAST in q and "Before we finish" not in q, q


def test_a_plain_what_do_you_mean_still_restates_the_question(mec, spoke):
    q = _next(mec, spoke, "sorry what do you mean by loan bikes?")
    assert "I was asking" in q and "loan bikes" in q, q


@pytest.mark.parametrize("sentence,rhetorical", [
    ("Volunteer mechanics?", True),                    # echoes the concept's words
    ("what are you going to do, say no?", True),       # no choice left
    ("Have you ever tried fixing a chain in the rain?", True),
    ("what do you do with the old tyres?", False),     # a real question about the product
    ("Is it free for students?", False),
    ("how much an hour though?", False),                # a wh-question about the concept's words asks
])
def test_rhetorical_questions(spoke, sentence, rhetorical):
    assert is_rhetorical(sentence, sentence, spoke.stimulus) is rhetorical
    assert (addressed_question(sentence, spoke.stimulus) is None) is rhetorical


@pytest.mark.parametrize("answer,pause", [("hang on the kettle's going", True), ("sry typing w cold hands", True),
                                          ("sorry driving", True), ("sorry, the brakes squeal", False),
                                          ("hang on, the brakes are the main thing for me", False)])
def test_pauses(answer, pause):
    assert is_pause(answer) is pause or (pause is False and not is_pause(answer))
    if pause:
        assert all(is_aside(s) for s in [answer])
