"""The respondent's own turn (wave 16): a disclosure told as something had ("I get headaches off ...", "I had a
hysterectomy"), a death told after another clause, a fear of the respondent's own doing, acknowledged; a hardship
named only in a comparison ("cheaper than therapy") is none; a pause told as what happens and what they do about it
("sorry, my laptop's about to die, fetching the cable"); how long until the interview is through, or whether it will
be by a time; what writes the questions; a jibe at the interviewer is no question who is behind the study; whether
someone will know what the respondent said; the point of the study; being contacted asked for, not asked about; a
question about the product whose lead-in holds a word of information. Invented domain: a candle-making workshop."""

from __future__ import annotations

import pytest
from language_support import turns_after

from interview_core.language.offline.distress import disclosed_hardship
from interview_core.language.offline.meta import addressed_question, answer_meta_topic, is_pause, reply_topic

DESCRIPTION = ("Wickworth Candle Studio: a three-hour candle-making workshop on Thursday evenings. Pour two container "
               "candles in soy or beeswax and dip a pair of tapers, scented with essential oils. All materials "
               "included, 8 people at most, 55 pounds.")
FIRST = "the tapers really, my grandad used to dip them in his shed and I want to know how"
ACKNOWLEDGED = ("sorry to hear", "sounds hard", "thank you for telling me", "sounds difficult")


def _after(tmp_path, answer: str) -> tuple[str, str]:
    """(the question asked before ``answer``, the interviewer's next turn) in an offline interview."""
    asked, turn = turns_after(tmp_path, "wickworth", "Wickworth Candle Studio", DESCRIPTION, [FIRST, answer])
    return asked, turn


@pytest.mark.parametrize("answer,word", [
    ("soy only for me. I get headaches off strong scents, proper ones that flatten me for a day", "headaches"),
    ("I had a hysterectomy last spring, so three hours standing at a bench is a lot", "hysterectomy"),
    ("We're clearing out my gran's flat, she passed in the autumn. She always had candles lit.", "passed"),
    ("walking into a room full of strangers is genuinely frightening for me. A small group helps.", "frightening"),
])
def test_a_disclosure_told_in_these_ways_is_read_and_acknowledged(tmp_path, answer, word):
    assert word in disclosed_hardship(answer)
    _, turn = _after(tmp_path, answer)
    assert any(a in turn for a in ACKNOWLEDGED)


@pytest.mark.parametrize("answer", [
    "55 for three hours of wax everywhere. cheaper than therapy i suppose",
    "the price is terrible for me",          # a view of the price, not a fear
    "I had a massage last week and it was the same price",
    "I got a refund twice from the last place",
])
def test_no_hardship_where_none_is_told(tmp_path, answer):
    assert disclosed_hardship(answer) == ()


def test_a_hardship_named_in_a_comparison_gets_no_sympathy(tmp_path):
    _, turn = _after(tmp_path, "55 for three hours of wax everywhere. cheaper than therapy i suppose")
    assert not any(a in turn for a in ACKNOWLEDGED)


@pytest.mark.parametrize("answer", [
    "sorry, my laptop's about to die, fetching the cable",
    "one minute, he's been sick on the sofa",
])
def test_what_happens_and_what_they_do_about_it_is_a_pause(tmp_path, answer):
    assert is_pause(answer)
    asked, turn = _after(tmp_path, answer)
    assert turn.startswith("No rush")


@pytest.mark.parametrize("answer", ["sorry, the app is slow, loading the page", "sorry, the wax is too soft for me"])
def test_a_complaint_after_an_apology_is_no_pause(answer):
    assert not is_pause(answer)


@pytest.mark.parametrize("answer", [
    "how long til this wraps up? the wax is setting",
    "the plumber's due at 4, can we get through it by then?",
    "can we get through it by half past?",
])
def test_how_long_until_the_interview_is_through_is_answered_from_the_budget(tmp_path, answer):
    assert answer_meta_topic(answer) == "length"
    _, turn = _after(tmp_path, answer)
    assert "question" in turn.split("?")[0] and "can't answer" not in turn and "don't know the details" not in turn


@pytest.mark.parametrize("answer", [
    "can we get through all the scents by Thursday?",   # the workshop, not the interview
    "how long until the wax sets?",
    "will it be finished by nine?",                     # "it": as often the product
])
def test_time_questions_about_the_workshop_are_no_length_question(answer):
    assert answer_meta_topic(answer) != "length"


@pytest.mark.parametrize("answer", [
    "quick one - is an actual person typing these questions or are they generated?",
    "is a real person writing these questions?",
])
def test_who_writes_the_questions_is_answered_as_what_the_interviewer_is(tmp_path, answer):
    assert reply_topic(answer, answer_meta_topic(answer)) == "other_sponsor"
    _, turn = _after(tmp_path, answer)
    assert "automated interviewer" in turn and "your name isn't stored" not in turn


def test_who_reads_the_answers_stays_a_privacy_question():
    answer = "does a person read these answers?"
    assert reply_topic(answer, answer_meta_topic(answer)) == "privacy_reader"


def test_a_jibe_at_the_interviewer_is_no_question_who_is_behind_the_study(tmp_path):
    answer = "Thursday at 6pm. who hurt you"
    assert answer_meta_topic(answer) is None
    _, turn = _after(tmp_path, answer)
    assert "fair question" not in turn.lower() and "automated interviewer" not in turn


def test_who_sent_the_interviewer_still_asks_who_is_behind_it():
    assert reply_topic("who sent you?", answer_meta_topic("who sent you?")) == "other_sponsor"


@pytest.mark.parametrize("answer", [
    "will Wickworth know it was me who said all this? I've booked them for May",
    "does my boss find out what I write here? she runs a candle shop",
])
def test_whether_someone_will_know_what_they_said_is_a_privacy_question(tmp_path, answer):
    assert answer_meta_topic(answer) == "privacy"
    assert reply_topic(answer, "privacy") == "privacy"
    _, turn = _after(tmp_path, answer)
    assert "your name isn't stored" in turn and "off the record" not in turn and "automated interviewer" not in turn


def test_what_the_tutor_knows_is_no_privacy_question():
    assert answer_meta_topic("does the tutor know what I like?") is None


def test_the_point_of_the_study_is_answered_with_its_purpose(tmp_path):
    answer = "is the point of this to decide whether they run more workshops?"
    assert answer_meta_topic(answer) == "purpose"
    _, turn = _after(tmp_path, answer)
    assert "study of how people see" in turn and "description says" not in turn


@pytest.mark.parametrize("answer", [
    "could you let me know if they start a weekend class? you can email me about that",
    "you can email me if they ever do a beeswax one",
])
def test_being_contacted_asked_for_is_answered_as_a_request(tmp_path, answer):
    assert answer_meta_topic(answer) == "privacy"
    assert reply_topic(answer, "privacy") == "privacy_contact_request"
    _, turn = _after(tmp_path, answer)
    assert "your request is saved" in turn and "rank" not in turn


@pytest.mark.parametrize("answer", ["let me know what you think", "you can call me Jo",
                                    "will someone get in touch with me afterwards?"])
def test_no_request_to_be_contacted_where_none_is_made(answer):
    assert reply_topic(answer, "privacy") != "privacy_contact_request"


def test_a_product_question_after_a_word_of_information_is_no_privacy_question(tmp_path):
    # ("gloss" is WordNet information; here, "go on then" is a lead-in, not a verb taking it)
    answer = "gloss or matt wax, go on then, what's the difference? I've no idea"
    assert answer_meta_topic(answer) is None
    assert addressed_question(answer, DESCRIPTION) is not None
    _, turn = _after(tmp_path, answer)
    assert "your name isn't stored" not in turn


def test_how_big_asked_without_its_question_mark_is_a_product_question(tmp_path):
    answer = "the tapers. show me the tapers. how thick are the tapers"
    assert addressed_question(answer, DESCRIPTION) == "how thick are the tapers"
    _, turn = _after(tmp_path, answer)
    assert "description" in turn or "don't know" in turn


@pytest.mark.parametrize("answer", ["how lovely is that", "how cosy it sounds"])
def test_an_exclamation_is_no_product_question(answer):
    assert addressed_question(answer, DESCRIPTION) is None
