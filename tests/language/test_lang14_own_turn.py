"""The respondent's own turn (wave 14): who pays for the study or who is asking, whether a person reads the
answers or they are tied to the respondent, a wish to keep something off the record, a wish to stop and go on
later, a goodbye, "as opposed to what?" or a check of what a described word means, how far through the
interview they are, a moment to think. Each gets its own plain, honest answer, never a product template, a
doubt probe or a probe of the respondent's own words. Invented domain: a clockmaker who repairs clocks at home."""

from __future__ import annotations

import pytest
from language_support import offline_session

from interview_core.language.offline.meta import addressed_question, answer_meta_topic, is_pause, wants_to_stop

DESCRIPTION = ("Hartwick Clockworks: a clockmaker who visits your home to repair grandfather and mantel clocks, "
               "hand-cut brass parts made to order, a free quote, a two-year guarantee, 60 pounds a visit.")
FIRST = "the home visit mostly, I'm not carting a grandfather clock across town in the back of a hatchback"
PRODUCT_TEMPLATE = "I don't know the details"
DOUBT = ("not convinced", "your doubts")


def _after(tmp_path, answer: str, max_turns: int = 12) -> tuple[str, str]:
    """(the question asked before ``answer``, the interviewer's next turn) in an offline interview."""
    home = tmp_path / str(len(list(tmp_path.iterdir())))  # one folder per interview
    home.mkdir()
    session = offline_session(home, "hartwick", "Hartwick Clockworks", DESCRIPTION, max_turns=max_turns)
    asked = session.answer(FIRST).next_question
    return asked, session.answer(answer).next_question


@pytest.mark.parametrize("answer,topic,must,must_not", [
    # who pays: as far as known, never the privacy boilerplate
    ("is anybody actually funding this research, or is it just a hobby of someone's?", "purpose",
     ["haven't been told who", "research team"], ["your name isn't stored"]),
    ("hang on, who is paying for this survey?", "purpose", ["haven't been told who", "research team"],
     ["your name isn't stored"]),
    # who reads the answers: the research team, never the end offer
    ("who gets to read all this once I'm done?", "privacy", ["research team", "read"], ["anything else about"]),
    ("does a real human go through these answers, or just software?", "privacy", ["research team", "read"],
     ["anything else about"]),
])
def test_who_pays_or_reads_is_answered_as_far_as_known(tmp_path, answer, topic, must, must_not):
    assert answer_meta_topic(answer) == topic
    _, turn = _after(tmp_path, answer)
    assert all(m in turn for m in must) and not any(m in turn for m in must_not) and PRODUCT_TEMPLATE not in turn


@pytest.mark.parametrize("answer", [
    "before I answer that - who's asking exactly?",
    "are you with the clock lot?",
    "am I talking to a real person or a bot here?",
])
def test_who_is_asking_is_answered_as_far_as_known(tmp_path, answer):
    _, turn = _after(tmp_path, answer)
    assert "automated interviewer" in turn
    assert PRODUCT_TEMPLATE not in turn and "You said" not in turn and "weigh" not in turn


@pytest.mark.parametrize("answer", [
    "If I tell you where I work, is that going to be linked back to me later?",
    "If I give you my postcode does it go anywhere?",
    "I'd prefer my surname stayed out of this, can you promise that?",
])
def test_whether_answers_are_tied_to_the_respondent_is_a_privacy_question(tmp_path, answer):
    assert answer_meta_topic(answer) == "privacy"
    _, turn = _after(tmp_path, answer)
    assert "name isn't stored" in turn and PRODUCT_TEMPLATE not in turn and "You said" not in turn


@pytest.mark.parametrize("answer", [
    "can I tell you something off the record?",
    "actually can you strike that last bit out please",
])
def test_off_the_record_is_answered_honestly(tmp_path, answer):
    _, turn = _after(tmp_path, answer)
    assert "saved" in turn and "off the record" in turn
    assert PRODUCT_TEMPLATE not in turn and "Good question" not in turn and "You said" not in turn


@pytest.mark.parametrize("answer", [
    "is it possible to stop here and pick it back up after dinner",
    "can I put this on hold and finish it on Sunday?",
])
def test_going_on_later_is_a_wish_to_stop_with_what_is_saved(tmp_path, answer):
    assert wants_to_stop(answer)
    _, turn = _after(tmp_path, answer)
    assert "saved" in turn and "thank" in turn.lower() and PRODUCT_TEMPLATE not in turn


@pytest.mark.parametrize("answer", [
    "ok, cheerio then",
    "ok I'll leave you to it then",
    "Bye for now!",
])
def test_a_goodbye_is_a_wish_to_stop(tmp_path, answer):
    assert wants_to_stop(answer)
    _, turn = _after(tmp_path, answer)
    assert "thank" in turn.lower() and "Why" not in turn and "You said" not in turn


@pytest.mark.parametrize("answer", [
    "'hand-cut' - as opposed to what, stamped?",
    "the mantel clocks are the ones that sit on a shelf, yes? just checking before I say",
])
def test_asking_what_a_described_word_means_is_answered_not_read_as_doubt(tmp_path, answer):
    _, turn = _after(tmp_path, answer)
    assert not any(d in turn for d in DOUBT)
    assert "description" in turn and "You said" not in turn


@pytest.mark.parametrize("answer", ["how far through the questions am I, roughly", "how far along are we now?"])
def test_how_far_through_is_answered_with_the_questions_left(tmp_path, answer):
    assert answer_meta_topic(answer) == "length"
    _, turn = _after(tmp_path, answer)
    assert "questions left" in turn or "more questions" in turn


@pytest.mark.parametrize("answer", ["ooh let me have a think", "let me think about that one",
                                    "hold that thought, my neighbour's knocking"])
def test_a_moment_to_think_or_step_away_is_a_pause(tmp_path, answer):
    assert is_pause(answer)
    asked, turn = _after(tmp_path, answer)
    assert "No rush" in turn and "leave that one" not in turn and "You said" not in turn
    assert asked.split(". ", 1)[-1] in turn  # the same question again


@pytest.mark.parametrize("answer", ["the free quote matters a lot to me, I hate being stung after the fact",
                                    "I'd stop winding it altogether if the chime kept working",
                                    "it turned out it only needed oiling. So what's actually included, in writing?"])
def test_content_is_no_own_turn(answer):
    assert answer_meta_topic(answer) is None
    assert not is_pause(answer) and not wants_to_stop(answer)


@pytest.mark.parametrize("answer", ["who are you working for on this?",
                                    "and are you connected to the clock people at all",
                                    "who's asking - the clockmaker or someone else?"])
def test_who_the_interviewer_works_for_is_answered_as_far_as_known(tmp_path, answer):
    _, turn = _after(tmp_path, answer)
    assert "automated interviewer" in turn and "how people see" not in turn and PRODUCT_TEMPLATE not in turn


@pytest.mark.parametrize("answer", ["roughly how many of these are left", "what time will we finish, roughly?",
                                    "is there heaps more to go?"])
def test_the_time_left_asked_in_more_forms(tmp_path, answer):
    assert answer_meta_topic(answer) == "length"
    _, turn = _after(tmp_path, answer)
    assert "questions left" in turn or "more questions" in turn


@pytest.mark.parametrize("answer", ["is any of this going back to anyone at my work?",
                                    "this whole thing is anonymous right?"])
def test_privacy_asked_in_more_forms(tmp_path, answer):
    assert answer_meta_topic(answer) == "privacy"
    _, turn = _after(tmp_path, answer)
    assert "name isn't stored" in turn and "You said" not in turn


def test_a_described_word_asked_before_do_you_mean_is_answered_from_the_description(tmp_path):
    _, turn = _after(tmp_path, "by 'two-year guarantee' do you mean two years from the visit or from the repair?")
    assert "description" in turn and not any(d in turn for d in DOUBT)


def test_a_statement_led_by_an_adverb_is_no_question():
    # a guard on the adverb lead-in of a wh-question ("roughly how many are left"): a statement with its subject
    # left out is not turned into a question ("Probably haven't the foggiest" was read as one on the way)
    assert addressed_question("Probably haven't the foggiest, mate. Put me down as a maybe.") is None
    assert answer_meta_topic("roughly how many of these are left") == "length"


def test_how_the_interviewer_got_their_details_is_answered_honestly(tmp_path):
    answer = "where did you get my email address from, out of interest?"
    assert answer_meta_topic(answer) == "privacy"
    _, turn = _after(tmp_path, answer)
    assert "haven't been told how you were invited" in turn and PRODUCT_TEMPLATE not in turn


@pytest.mark.parametrize("answer,reply", [
    ("can I do the rest on Saturday, the baby's up", "saved"),
    ("I'd like that bit taken out please, the part about my knees", "off the record"),
    ("Who's commissioned this, if you're allowed to say", "automated interviewer"),
])
def test_more_forms_of_the_own_turn(tmp_path, answer, reply):
    _, turn = _after(tmp_path, answer)
    assert reply in turn and PRODUCT_TEMPLATE not in turn and "You said" not in turn
