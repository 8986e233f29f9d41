"""After a painful disclosure, also a veiled or indirect one (a sentence trailing off, a parent's fall, a
divorce, medication), the next question acknowledges it and never asks "why" or for an example; when the
answer already gave its reason, a laddering follow-up goes one step up instead of asking why again.
Our own invented domain (a community bike-repair cafe, "SpokeShed"), used in no evaluation file."""

import re

import pytest

from interview_core.language.contracts import FocusRef, QuestionRequest, Turn
from interview_core.language.offline import OfflineLanguage
from interview_core.language.offline.distress import disclosed_hardship, veiled
from interview_core.language.offline.questions import _wording, reason_given

COLD = re.compile(r"\bwhy\b|example", re.I)


def _next(mec, concept, answer, label):
    request = QuestionRequest(methodology=mec, concept=concept, strategy=mec.strategy("deepen"), turn_number=4,
                              focus=FocusRef(kind="node", label=label),
                              recent_turns=[Turn(question="What comes to mind first?", answer=answer)])
    return OfflineLanguage().write_question(request).question


DISCLOSURES = [
    # a sentence trailing off about someone: the hint is the disclosure
    ("a loan bike makes sense. he might not... you know. be riding much longer", "loan bike"),
    # a parent's fall, said in passing with their age
    ("its for my dad, he's 79, had a fall in the garden in june", "my dad"),
    # a divorce mentioned in passing
    ("I've had a really rough divorce this year and fixing bikes is the only hour I switch off", "fixing bikes"),
    # a death said softly
    ("my grandad taught me to fix bikes and he passed in 2019, so the cafe is a bit for him", "the cafe"),
    # medication
    ("I'm on antidepressants and my GP said get moving, so the cafe is me getting moving", "getting moving"),
]


@pytest.mark.parametrize("answer,label", DISCLOSURES)
def test_a_disclosure_is_acknowledged_and_never_asked_why(mec, spoke, answer, label):
    assert disclosed_hardship(answer), answer
    q = _next(mec, spoke, answer, label)
    assert any(q.startswith(a) for a in _wording()["distress_acknowledgements"]), q
    assert not COLD.search(q), q


@pytest.mark.parametrize("answer", ["so maybe... not feeling judged?", "the brakes... the brakes are fine now",
                                    "I had a fall in my prices, you know."])
def test_no_hint_without_a_person_or_a_negation(answer):
    assert veiled(answer) == ()


@pytest.mark.parametrize("answer,given", [
    ("Seeing the mechanic's name. I live on my own.", True),                  # a headline and its reason
    ("the loan bike, because I cycle to work every day", True),               # a causal conjunction
    ("the loan bike", False),
    ("they fix it outside my flat while I work", False),
])
def test_a_reason_already_given(answer, given):
    assert reason_given(answer) is given


def test_no_why_when_the_reason_was_given(mec, spoke):
    q = _next(mec, spoke, "Seeing the mechanic's name. I live on my own.", "seeing the mechanic's name")
    assert not re.search(r"\bwhy\b|give you", q, re.I), q  # neither why again nor the stock next rung
    # (wave 15) the reason given is quoted and asked how it bears on their choice; before, "get that right"
    assert '"I live on my own"' in q or "get that right" in q or "getting that right" in q, q
    assert q.rstrip().endswith("?"), q


@pytest.mark.parametrize("answer,quoted", [("sleep", True), ("time with the kids", True), ("fine", False),
                                           ("dunno", False), ("not really", False)])
def test_a_short_answer_to_a_why_is_the_next_rung(mec, spoke, answer, quoted):
    request = QuestionRequest(methodology=mec, concept=spoke, strategy=mec.strategy("deepen"), turn_number=4,
                              focus=FocusRef(kind="none"),
                              recent_turns=[Turn(question="You mentioned the loan bike. What does that give you?",
                                                 answer=answer)])
    q = OfflineLanguage().write_question(request).question
    assert (f'"{answer}"' in q) is quoted, q
    assert "comes to mind" not in q, q



@pytest.mark.parametrize("answer", [
    "I'm not sure, but what I like is that the tools are always there.",      # a hedge, not how someone is
    "I'm not convinced, to be honest, the queue looked long.",
    "Not keen on the loan bikes, they looked tired.",                         # a state about something
    "No more stress about the chain slipping on the way to work.",            # an absence
    "I fixed it myself without the worry of getting it wrong.",
    "I honestly haven't thought about it beyond that.",                       # a manner adverb, not a state
])
def test_hedges_and_absences_are_not_disclosures(answer):
    assert disclosed_hardship(answer) == ()


def test_a_denied_good_state_and_a_named_hardship_are_still_disclosures():
    assert disclosed_hardship("My dad has cancer and I fix his bike now") != ()
    assert disclosed_hardship("I'm not ok, honestly") != ()
