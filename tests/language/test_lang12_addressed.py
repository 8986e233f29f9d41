"""Wave 12 (lang12): a learned reading of turns addressed to the interviewer (the respondent's question about
the interview, a pause, a declined question, a payment or prize) in phrasings no rule holds, sentence by
sentence, with the rules as the fallback when the encoder is absent.
(Invented domain: a floating cinema on a canal barge, with films on summer evenings.)"""

from __future__ import annotations

import numpy as np
import pytest
from language_support import offline_session

from interview_core.language.offline import addressed
from interview_core.language.offline.meta import answer_meta_topic, is_pause, learned_topic

DESCRIPTION = ("ReelBarge: a floating cinema on a canal barge, forty seats, a film every summer evening at "
               "sunset, blankets and hot drinks included, and boarding from three town moorings.")


def _fake_encode(texts: list[str]) -> np.ndarray:
    """A stand-in encoder: a text's vector says whether it holds 'wait' and whether it holds 'price'."""
    rows = np.array([[1.0 + ("wait" in t), 1.0 + 3 * ("price" in t), 0.1] for t in texts])
    return rows / np.linalg.norm(rows, axis=1, keepdims=True)


def test_a_fitted_model_reads_a_class_and_keeps_to_its_gate():
    texts = ["wait", "wait wait", "price", "price price", "hello", "hello there"]
    model = addressed.fit(_fake_encode(texts), ["pause", "pause", "none", "none", "none", "none"])
    assert addressed.classify("wait", model, _fake_encode) == "pause"
    assert addressed.classify("price", model, _fake_encode) is None
    assert addressed.classify("wait", model, _fake_encode, gate=1.0) is None  # below the gate: an answer
    assert addressed.classify("   ", model, _fake_encode) is None


def test_a_question_mid_answer_is_read_on_its_own():
    assert addressed.segments("I liked the blankets. Who reads this? The seats were fine.") == [
        "I liked the blankets. Who reads this? The seats were fine.", "I liked the blankets.", "Who reads this?",
        "The seats were fine."]
    assert addressed.segments("the blankets, mostly") == ["the blankets, mostly"]


def test_the_shipped_weights_match_the_classes():
    data = np.load(addressed.MODEL_PATH)
    assert tuple(str(c) for c in data["classes"]) == addressed.CLASSES
    assert data["weights"].shape[1] == len(addressed.CLASSES) == data["bias"].shape[0]


@pytest.mark.parametrize("answer, topic", [
    ("do I get a voucher or anything for doing this?", "payment"),   # the privacy rules read it wrongly
])
def test_questions_to_the_interviewer_in_phrasings_no_rule_holds(answer, topic):
    assert answer_meta_topic(answer) == topic


@pytest.mark.parametrize("answer", [
    "the blankets are the best bit, and the hot chocolate",
    "how much is a ticket for two on a friday?",                 # a question about the product, not the interview
    "sunset films, yes. we went to one in the park last year and it rained the whole way through",
    "not really fussed about the moorings",
])
def test_answers_stay_answers(answer):
    assert answer_meta_topic(answer) is None and not is_pause(answer)


@pytest.mark.parametrize("answer", ["wait a tick, kettle"])
def test_a_pause_in_a_phrasing_no_rule_holds(answer):
    assert is_pause(answer) and answer_meta_topic(answer) is None


def test_a_rule_reading_is_not_second_guessed():
    assert learned_topic("hang on, someone at the door") is None      # the pause rules read it
    assert learned_topic("how long will this take?") is None          # the length rules read it


def test_a_prize_question_is_answered_plainly(tmp_path):
    session = offline_session(tmp_path, "reel_barge", "ReelBarge", DESCRIPTION, max_turns=8)
    session.answer("the blankets, honestly, canal air gets cold after nine")
    question = session.answer("do I get a voucher or anything for doing this?").next_question
    assert "payment or prize" in question and "I don't know the details" not in question


def test_a_pause_gets_the_same_question_again(tmp_path):
    session = offline_session(tmp_path, "reel_barge", "ReelBarge", DESCRIPTION, max_turns=8)
    asked = session.answer("the blankets, honestly, canal air gets cold after nine").next_question
    question = session.answer("wait a tick, kettle").next_question
    assert question.startswith("No rush") and asked.split()[-1] in question


def test_declining_alone_is_no_painful_news(tmp_path):
    session = offline_session(tmp_path, "reel_barge", "ReelBarge", DESCRIPTION, max_turns=8)
    session.answer("the blankets, honestly, canal air gets cold after nine")
    question = session.answer("rather not say, next").next_question
    assert question.startswith("No problem, let's leave that one.") and "sorry to hear" not in question
    (tmp_path / "b").mkdir()
    session = offline_session(tmp_path / "b", "reel_barge", "ReelBarge", DESCRIPTION, max_turns=8)
    session.answer("the blankets, honestly, canal air gets cold after nine")
    assert "sorry to hear" in session.answer("pass, sorry, my dad died last week").next_question
