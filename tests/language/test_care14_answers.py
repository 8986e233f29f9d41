"""What the interviewer says about an answer (wave 14): a death told of "he"/"she" whose antecedent is someone
close, a shared habit with someone close that stopped since (the event left out), a respondent declining to say
more in their own words (a negated verb of saying by "I", "that's as much as I'll say"); and no topic made of a
copula read as a possessive ("the weekend's a bonus"), a degree word read as a noun ("bit twee"), or a comment
whose subject is left out ("Made my day"). Our own invented domain (harp lessons, "Harpwell"), used in no
evaluation file; written before the code."""

import re

import pytest

from interview_core.language.contracts import FocusRef, QuestionRequest, Turn
from interview_core.language.offline import OfflineLanguage
from interview_core.language.offline.distress import disclosed_hardship
from interview_core.language.offline.topics import answer_topic
from interview_core.text.parse import parse

SORRY = re.compile(r"\bsorry\b|sounds (hard|difficult)", re.I)


HARPWELL = {"id": "harpwell", "name": "Harpwell", "elements": [],
            "stimulus": "Harpwell: harp lessons for adults, a lever harp lent for the first term, 30-minute lessons "
                        "at 24 pounds, and a summer harp weekend."}


@pytest.fixture
def harp(oat_milk):
    return oat_milk.model_copy(update=HARPWELL)


def _next(mec, concept, answer, label, turn=4, strategy="deepen", kind="node"):
    """The offline question after ``answer`` (focus: the node ``label``, or none)."""
    focus = FocusRef(kind="node", label=label) if kind == "node" else FocusRef(kind="none")
    turns = [Turn(question="What matters to you about Harpwell?", answer=answer)]
    request = QuestionRequest(methodology=mec, concept=concept, strategy=mec.strategy(strategy), turn_number=turn,
                              focus=focus, recent_turns=turns)
    return OfflineLanguage().write_question(request).question


@pytest.mark.parametrize("answer", [
    # "he"/"she" in a sentence of their own: the antecedent, an earlier sentence's owned person, is someone close
    "My brother played the harp for years. He passed in the autumn.",
    "My teacher was the reason I took it up. She died in March.",
    # a habit shared with someone close, and nothing since (the event left out)
    "We always used to go to the summer harp weekend with my sister. I haven't been since.",
    # declining to say more, in words of their own
    "Last spring was awful, I won't go into it, but the music helped.",
    "The harp was my mum's. That's as much as I'll say.",
    "Playing got me through a rough patch after I left the navy. I don't really talk about it.",
])
def test_painful_news_is_read(answer):
    assert disclosed_hardship(answer), answer


@pytest.mark.parametrize("answer", [
    "The harpist in the film was wonderful. He died at the end, which ruined it.",   # nobody close
    "I used to play with my sister and I still do, most Sundays.",                  # nothing stopped
    "We used to go with my sister. We haven't been since she moved to Leeds.",       # the event named: a move
    "I'll tell you about the strings: they're nylon and cheap to replace.",         # saying, not declining
    "What puts me off is the fee. I can't justify it on my wage.",                  # a deed denied, not a word
])
def test_no_painful_news_without_it(answer):
    assert disclosed_hardship(answer) == (), answer


@pytest.mark.parametrize("answer, label", [
    ("My brother played the harp for years. He passed in the autumn.", "playing the harp"),
    ("We always used to go to the summer harp weekend with my sister. I haven't been since.", "summer harp weekend"),
])
def test_painful_news_is_acknowledged(mec, harp, answer, label):
    q = _next(mec, harp, answer, label)
    assert SORRY.search(q), q


@pytest.mark.parametrize("answer, said", [
    ("the weekend's a bonus", "the weekend's a bonus"),   # "'s" before "a": the copula, not an owner
    ("bit twee for me", "bit twee"),                   # "(a) bit": a degree, not a noun
])
def test_no_noun_phrase_made_of_a_clause_or_a_degree(mec, harp, answer, said):
    topic = answer_topic(answer)
    assert topic.kind == "none" or said.split()[-1] not in topic.text, topic  # (not "the twee" either)
    q = _next(mec, harp, answer, None, strategy="ease", kind="none")
    assert said not in re.sub(r'"[^"]*"', "", q), q  # (quoted whole, their words are theirs; never in a slot)


def test_a_comment_with_its_subject_left_out_is_no_point(mec, harp):
    from interview_core.language.offline.salience import point_unit

    answer = "Ha, my niece tried a harp at a fair once, the whole thing fell over. Made my day."
    unit = point_unit(parse(answer))
    assert unit is None or "Made" not in [t.text for t in unit.tokens], unit
    q = _next(mec, harp, answer, "whole thing falling over")
    assert "Made my day" not in q, q


def test_nothing_of_an_answer_that_declines_to_say_more_is_probed(mec, harp):
    answer = "It's for my nan's funeral tea, the music. That's as much as I'll say."
    q = _next(mec, harp, answer, "music for the funeral tea")
    assert SORRY.search(q) and "music" not in q.lower() and "funeral" not in q.lower(), q


def test_after_painful_news_a_label_no_recent_answer_holds_is_not_asked_about(mec, harp):
    # the focus is a node from long ago (its answer is no longer among the recent turns): acknowledged, and the
    # gentle question, never "How do you feel about the lever harp?"
    answer = "We always used to go to the summer harp weekend with my sister. I haven't been since."
    q = _next(mec, harp, answer, "lever harp", strategy="bridge")
    assert SORRY.search(q) and "lever" not in q.lower(), q


def test_a_dont_know_after_a_question_about_what_matters_is_no_rung(mec, harp):
    request = QuestionRequest(methodology=mec, concept=harp, strategy=mec.strategy("ease"), turn_number=6,
                              focus=FocusRef(kind="none"),
                              recent_turns=[Turn(question="With that in mind, what would matter most to you about Harpwell?",
                                                 answer="dunno. the harp one")])
    q = OfflineLanguage().write_question(request).question
    assert "harp one" not in q, q
