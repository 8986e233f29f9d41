"""What the interviewer says after an answer that already gives its reason (wave 15): the reason it quotes is a
clause that says something of its own, never a comment pointing back at what was said ("That's the bit I'd fret
about", "I'm timid like that", "It's like chess with knives"); and the step after it names that reason and asks how
it bears on what they would want or choose, not a stock rung ("What does that give you?", "What would having that
sorted give you?") nor "why" about the point again. Our own invented domain (a fencing club, "Touche Fencing
Club"), used in no evaluation file; written before the code."""

import re

import pytest

from interview_core.language.contracts import FocusRef, QuestionRequest, Turn
from interview_core.language.offline import OfflineLanguage
from interview_core.language.offline.questions import reason_clause

TOUCHE = {"id": "touche", "name": "Touche Fencing Club", "elements": [],
          "stimulus": "Touche Fencing Club: beginner foil classes for adults on Thursday evenings, kit lent for the "
                      "first six weeks, 12 pounds a session."}
# The stock rungs a strict reader rejected every time they were shown, and "why" asked again.
STOCK = re.compile(r"give you\?|make possible|mean for you, in the end|sorted|get(ting)? that right|\bwhy\b", re.I)


@pytest.fixture
def touche(oat_milk):
    return oat_milk.model_copy(update=TOUCHE)


def _next(mec, concept, answer, label, turn=4, strategy="deepen"):
    turns = [Turn(question="What matters to you about Touche Fencing Club?", answer=answer)]
    request = QuestionRequest(methodology=mec, concept=concept, strategy=mec.strategy(strategy), turn_number=turn,
                              focus=FocusRef(kind="node", label=label), recent_turns=turns)
    return OfflineLanguage().write_question(request).question


@pytest.mark.parametrize("answer, comment", [
    # a demonstrative pointing back at the sentence before
    ("The mask. That's the bit I'd fret about, getting hit in the face", "That's the bit"),
    # an anaphoric "like that" closing the answer: the speaker's comment on themselves
    ("Beginners only is the bit that matters, I wouldn't go near anyone who'd fenced for years. Im timid like that",
     "timid like that"),
    # a simile pointing back ("it's like ...")
    ("Foil, definitely. It's like chess with knives", "chess with knives"),
])
def test_the_reason_quoted_is_no_comment_pointing_back(answer, comment):
    reason, _ = reason_clause(answer)
    assert comment.lower() not in reason.lower(), reason


def test_the_reason_after_a_comment_is_quoted(touche):
    reason, _ = reason_clause("The mask. That's the bit I'd fret about, getting hit in the face")
    assert reason == "getting hit in the face"


@pytest.mark.parametrize("answer, label, reason", [
    ("Thursday evenings suit me because I could come straight from the office", "thursday evenings",
     "I could come straight from the office"),
    ("the lent kit matters, I've got no mask of my own so I'd be stuck without it", "lent kit",
     "I'd be stuck without it"),
])
@pytest.mark.parametrize("strategy", ["deepen", "explore"])
def test_the_step_after_a_reason_names_it_and_is_no_stock_rung(mec, touche, answer, label, reason, strategy):
    q = _next(mec, touche, answer, label, strategy=strategy)
    assert reason in q, q
    assert not STOCK.search(q.split(reason, 1)[1]), q


@pytest.mark.parametrize("answer, label, comment", [
    ("Beginners only is the bit that matters, I wouldn't go near anyone who'd fenced for years. Im timid like that",
     "beginners only", "timid like that"),
])
def test_a_comment_pointing_back_is_not_quoted_as_the_topic(mec, touche, answer, label, comment):
    q = _next(mec, touche, answer, label)
    assert comment not in q, q


@pytest.mark.parametrize("seed", range(4))
def test_a_doubt_probe_does_not_repeat_the_question_just_asked(mec, touche, seed):
    asked = "What would Touche Fencing Club need to do to get that right for you?"
    answer = "oh brilliant, another club that wants 12 quid a week off me"
    turns = [Turn(question=asked, answer=answer)]
    request = QuestionRequest(methodology=mec, concept=touche, strategy=mec.strategy("deepen"), turn_number=5,
                              seed=seed, focus=FocusRef(kind="node", label="12 quid a session"), recent_turns=turns,
                              recent_questions=[asked])
    q = OfflineLanguage().write_question(request).question
    assert q.startswith("Fair enough"), q  # (met as doubt)
    assert "have to do" not in q, q
