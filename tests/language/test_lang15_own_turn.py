"""The respondent's own turn (wave 15): a respondent checking their own answer ("is that okay?", "does that
make sense?", "do you want long answers or short ones?") is reassured, never given the product template; a
question about being contacted or put on a list afterwards is answered from what the study does (it asks for
no contact details); whose study it is is answered as far as known; a moment stepped away for ("one sec, I have
to get this") is a pause; a wish to have what was said taken out, and who passed on the respondent's name,
are answered honestly; whether taking part is paid, and the time left asked in other words. Invented domain: a school
of hand-lettered sign-writing."""

from __future__ import annotations

import pytest
from language_support import turns_after

from interview_core.language.offline.meta import addressed_question, answer_meta_topic, is_pause, reply_topic

DESCRIPTION = ("Letterwell Sign-Writing School: a two-day course in hand-lettering shop signs and boat names with "
               "brushes and enamel paint, in a barn studio near the station. Brushes and a maulstick are lent, "
               "lunch is soup and bread, 12 people at most, 180 pounds, beginners welcome.")
FIRST = "the boat names really, my dad had a narrowboat and I always wanted to paint the name on it myself"
PRODUCT_TEMPLATE = "I don't know the details"


def _after(tmp_path, answer: str) -> tuple[str, str]:
    """(the question asked before ``answer``, the interviewer's next turn) in an offline interview."""
    asked, turn = turns_after(tmp_path, "letterwell", "Letterwell Sign-Writing School", DESCRIPTION, [FIRST, answer])
    return asked, turn


@pytest.mark.parametrize("answer", [
    "No idea really, sorry. Is that okay?",
    "the gold leaf bit mostly, does that make sense?",
    "Sorry, I'm waffling. Is that alright?",
    "do you want long answers or just short ones?",
])
def test_checking_their_own_answer_is_reassured_not_a_product_question(tmp_path, answer):
    assert addressed_question(answer, DESCRIPTION) is None
    assert answer_meta_topic(answer) == "own_answer"
    _, turn = _after(tmp_path, answer)
    assert "own words" in turn and PRODUCT_TEMPLATE not in turn and "Good question" not in turn


def test_checking_again_is_not_answered_word_for_word(tmp_path):
    _, first, second = turns_after(tmp_path, "letterwell", "Letterwell Sign-Writing School", DESCRIPTION,
                                   [FIRST, "No idea, sorry. Is that okay?", "No idea, sorry. Is that okay?"])
    assert first != second and first.split(". ")[0] != second.split(". ")[0]


@pytest.mark.parametrize("answer", [
    "is it okay to bring my own brushes?",   # a question about the course, with what it asks named
    "is that price okay for two days?",
    "is the barn heated?",
])
def test_a_question_about_the_product_is_no_check_of_their_answer(answer):
    assert answer_meta_topic(answer) != "own_answer"
    assert addressed_question(answer, DESCRIPTION) is not None


@pytest.mark.parametrize("answer", [
    "will I end up on a mailing list after this?",
    "will someone get in touch with me afterwards?",
    "are you going to keep me updated on the results?",
])
def test_being_contacted_afterwards_is_answered_from_what_the_study_asks(tmp_path, answer):
    assert answer_meta_topic(answer) == "privacy"
    assert reply_topic(answer, "privacy") == "privacy_contact"
    _, turn = _after(tmp_path, answer)
    assert "contact you" in turn and PRODUCT_TEMPLATE not in turn and "Of course" not in turn


@pytest.mark.parametrize("answer", [
    "whose survey is this then?",
    "what organisation is running this, the school?",
])
def test_whose_study_it_is_is_answered_as_far_as_known(tmp_path, answer):
    _, turn = _after(tmp_path, answer)
    assert "automated interviewer" in turn and "how people see" not in turn and PRODUCT_TEMPLATE not in turn


def test_talking_to_a_machine_is_answered(tmp_path):
    _, turn = _after(tmp_path, "hang on am I talking to a computer here")
    assert "automated interviewer" in turn and "No rush" not in turn


@pytest.mark.parametrize("answer", [
    "one sec, my brother's ringing, I have to get this",
    "oh hang on, I've got to move the van",
])
def test_stepping_away_for_something_is_a_pause(tmp_path, answer):
    assert is_pause(answer)
    asked, turn = _after(tmp_path, answer)
    assert "No rush" in turn and "You said" not in turn
    assert asked.split(". ", 1)[-1] in turn  # the same question again


def test_a_wish_to_have_what_was_said_taken_out_is_answered_honestly(tmp_path):
    answer = "could you scrub what I said about my sister, actually"
    assert answer_meta_topic(answer) == "privacy"
    _, turn = _after(tmp_path, answer)
    assert "take anything out" in turn and "leave that one" not in turn


def test_who_passed_on_their_name_is_answered_as_far_as_known(tmp_path):
    answer = "who gave you my name?"
    assert reply_topic(answer, "privacy") == "privacy_source"
    _, turn = _after(tmp_path, answer)
    assert "invited" in turn


@pytest.mark.parametrize("answer", [
    "I'd be fine with soup, it's the paint fumes I'd worry about",
    "that's okay by me, 180 is fair for two days",
    "it makes sense to learn on boat names first, they're short",
    "I have to get the lettering straight or it looks amateur",
])
def test_content_is_no_own_turn(answer):
    assert answer_meta_topic(answer) is None and not is_pause(answer)


@pytest.mark.parametrize("answer", [
    "out of curiosity, do you lot pay people for these or is it for the love of it",
    "do you pay people for doing this?",
])
def test_whether_taking_part_is_paid_is_answered_not_who_funds_the_study(tmp_path, answer):
    assert answer_meta_topic(answer) == "payment"
    _, turn = _after(tmp_path, answer)
    assert "payment" in turn and "who pays for this study" not in turn and PRODUCT_TEMPLATE not in turn


@pytest.mark.parametrize("answer", ["do you pay the tutors well?", "how much more do you charge for the gold leaf?",
                                    "how many more brushes have you got?", "how is it price-wise?"])
def test_questions_about_the_course_are_no_payment_or_time_question(answer):
    assert answer_meta_topic(answer) not in ("payment", "length")


@pytest.mark.parametrize("answer", ["where are we at, roughly, time-wise?",
                                    "any idea how many more you've got lined up for me?"])
def test_the_time_left_asked_in_other_words_is_answered(tmp_path, answer):
    assert answer_meta_topic(answer) == "length"
    _, turn = _after(tmp_path, answer)
    assert "questions left" in turn or "more questions" in turn


@pytest.mark.parametrize("answer,topic", [
    ("who wants to know about sign-writing of all things? is it a heritage lot?", "purpose"),
    ("Is this tied in with the council's high street scheme? There were flyers at the library", "purpose"),
    ("the bit about my dad - does that stay between us or end up on a file somewhere?", "privacy"),
    ("got a rough idea how much of this is left? my tea's going cold", "length"),
])
def test_own_turn_asked_in_other_words(answer, topic):
    assert answer_meta_topic(answer) == topic


@pytest.mark.parametrize("answer", ["does it go anywhere near the station?", "is the brush tied to the stick?",
                                    "who wants the blue one?"])
def test_questions_about_the_course_are_no_own_turn(answer):
    assert answer_meta_topic(answer) not in ("purpose", "privacy")


@pytest.mark.parametrize("answer,topic", [
    ("just out of curiosity do you pay people for these?", "payment"),     # a prepositional phrase leads in
    ("wait - is an actual human being going to look at this at some point?", "privacy"),
])
def test_own_turn_after_a_lead_in(answer, topic):
    assert answer_meta_topic(answer) == topic


def test_someone_of_theirs_interrupting_is_a_pause():
    assert is_pause("sorry, one sec, my mum's calling, I need to take this")  # WordNet's first "mum" is a flower


@pytest.mark.parametrize("answer", ["do you get a certificate at the end?", "with the course do you get a certificate?",
                                    "none of these courses ever have anyone within 30 miles of me."])
def test_getting_something_from_the_course_is_no_privacy_question(answer):
    assert answer_meta_topic(answer) != "privacy"


def test_being_contacted_beside_who_is_behind_it_stays_a_readable_turn(tmp_path):
    from interview_core.language.screen import MAX_QUESTION_WORDS

    _, turn = _after(tmp_path, "will someone phone me after this, and is a company behind it?")
    assert "contact you" in turn and "automated interviewer" in turn and len(turn.split()) <= MAX_QUESTION_WORDS
