"""Questions to the interviewer and asides: never nodes; a question about the interview is answered
before the next probe (turns left from the budget, the purpose from the concept, the last question
restated)."""

import pytest

from interview_core.language.contracts import ExtractionRequest, FocusRef, QuestionRequest, Turn
from interview_core.language.offline import OfflineLanguage
from interview_core.language.offline.meta import answer_meta_topic, is_aside, off_topic_spans


@pytest.mark.parametrize("answer,topic", [
    ("Can I ask how long this takes? I've got a delivery coming.", "length"),
    ("How many more questions are there?", "length"),
    ("Sorry, what do you mean?", "meaning"),
    ("What was the question again?", "meaning"),
    ("Is this being recorded?", "privacy"),
    ("Who gets to see my answers?", "privacy"),
    ("What is this study for?", "purpose"),
    ("Why are you asking me this?", "why_asked"),
    ("Can we wrap up soon?", "end"),
    ("skip", "skip"),
    ("I like that my data stays on the device.", None),  # privacy words, but no question
    ("The purpose of the app is clear to me.", None),
    ("I wonder how it froths with espresso?", None),
])
def test_meta_topic(answer, topic):
    assert answer_meta_topic(answer) == topic


@pytest.mark.parametrize("sentence", ["brb someone at the door", "I've got a delivery coming.",
                                      "need to pick my son up from football", "sorry random question",
                                      "hang on, my phone keeps buzzing"])
def test_asides(sentence):
    assert is_aside(sentence)


@pytest.mark.parametrize("answer", [
    "Can I ask how long this takes? I've got a delivery coming.",
    "anyway", "skip", "sorry random question", "need to pick my son up from football", "hmm not sure",
    "Is this being recorded? Just wondering who sees my answers.", "What do you mean by that?", "dunno really",
])
def test_filler_aside_and_meta_answers_make_no_nodes(mec, oat_milk, answer):
    r = OfflineLanguage().extract(ExtractionRequest(methodology=mec, concept=oat_milk, answer=answer, utterance_id="u"))
    assert r.nodes == [], [n.label for n in r.nodes]


def test_the_topic_sentences_around_an_aside_still_count(mec, oat_milk):
    answer = "The creamy texture is great. Hang on, someone at the door. It foams properly too."
    assert len(off_topic_spans(answer)) == 1
    r = OfflineLanguage().extract(ExtractionRequest(methodology=mec, concept=oat_milk, answer=answer, utterance_id="u"))
    labels = [n.label for n in r.nodes]
    assert "foaming properly" in labels and not any("door" in lbl for lbl in labels)


def test_no_self_loops(mec, oat_milk):
    answer = "The price. Because of the price. The price is the price, so the price."
    r = OfflineLanguage().extract(ExtractionRequest(methodology=mec, concept=oat_milk, answer=answer, utterance_id="u"))
    assert all(e.source_label.lower() != e.target_label.lower() for e in r.edges)


def _next_question(mec, oat_milk, answer, **kw):
    request = QuestionRequest(methodology=mec, concept=oat_milk, strategy=mec.strategy("deepen"), turn_number=5,
                              focus=FocusRef(kind="node", label="creamy texture"),
                              recent_turns=[Turn(question="Why does the creamy texture matter to you?", answer=answer)], **kw)
    return OfflineLanguage().write_question(request).question


def test_a_length_question_is_answered_from_the_budget(mec, oat_milk):
    q = _next_question(mec, oat_milk, "Can I ask how long this takes?", turns_left=4)
    assert "4" in q.split("?")[0] or "4 more" in q
    assert q.rstrip().endswith("?") and "creamy texture" in q


def test_a_purpose_question_is_answered_from_the_concept(mec, oat_milk):
    q = _next_question(mec, oat_milk, "What is this study for?")
    assert oat_milk.name.split(",")[0].lower() in q.lower() and "creamy texture" in q


def test_what_do_you_mean_restates_the_last_question(mec, oat_milk):
    q = _next_question(mec, oat_milk, "Sorry, what do you mean?")
    assert "Why does the creamy texture matter to you?" in q


def test_privacy_question_is_answered(mec, oat_milk):
    q = _next_question(mec, oat_milk, "Is this being recorded?")
    assert "saved" in q and "skip" in q


def test_no_meta_answer_without_a_meta_question(mec, oat_milk):
    q = _next_question(mec, oat_milk, "I love how creamy it is.")
    assert "questions left" not in q and "I was asking" not in q
