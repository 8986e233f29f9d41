"""The respondent's own turn (wave 13): a wish to stop or leave is read by its structure and honoured (a
thank-you and an offer to end, never a probe of the exit line, never "no rush"); questions to the interviewer
about who pays for the study, who sees the answers, coming back later or being contacted get their own plain
answer; a return after a pause is no new pause; a respondent who cannot recall something is not declining.
Invented domain: a weekend camping-hammock hire delivered to the campsite."""

from __future__ import annotations

import pytest
from language_support import offline_session

from interview_core.language.offline.meta import answer_meta_topic, is_pause, returns_from_pause, wants_to_stop

DESCRIPTION = ("Swaystay rents camping hammocks by the weekend: a hammock, straps and a rain fly delivered to your "
               "campsite, collected on Monday.")
FIRST = "the rain fly mostly, I've been soaked through in a cheap one before"


def _after(tmp_path, answer: str) -> tuple[str, str]:
    """(the question asked before ``answer``, the interviewer's next turn) in an offline interview."""
    home = tmp_path / str(len(list(tmp_path.iterdir())))  # one folder per interview
    home.mkdir()
    session = offline_session(home, "swaystay", "Swaystay", DESCRIPTION, max_turns=10)
    asked = session.answer(FIRST).next_question
    return asked, session.answer(answer).next_question


@pytest.mark.parametrize("answer", [
    "right, I'm going to leave it there if that's ok, the bus is here",
    "sorry I have to head off now, my shift starts soon",
    "I'll call it a day there, thanks",
    "we'll have to stop there I'm afraid, the kids are back",
    "ok gotta go now, cheers",
])
def test_a_wish_to_stop_is_read_by_its_structure(answer):
    assert wants_to_stop(answer)
    assert answer_meta_topic(answer) == "end"
    assert not is_pause(answer)


@pytest.mark.parametrize("answer", [
    "I want to stop paying for hammock storage every winter",
    "I'm done with cheap hammocks that sag",
    "we had to leave the campsite early because the hammock ripped",
    "I had to go back for the straps twice",
    "hang on, got to get the door, back in a sec",
])
def test_stopping_or_leaving_told_as_content_or_a_pause_is_no_wish_to_stop(answer):
    assert not wants_to_stop(answer)
    assert answer_meta_topic(answer) != "end"


@pytest.mark.parametrize("answer", [
    "right, I'm going to leave it there if that's ok, the bus is here",
    "I'll call it a day there, thanks",
])
def test_the_interview_thanks_and_ends(tmp_path, answer):
    _, turn = _after(tmp_path, answer)
    assert "thank" in turn.lower() and "No rush" not in turn
    assert "Why" not in turn and answer[:12] not in turn  # the exit line is never probed or quoted
    # stop14: an explicit wish to leave now ends the interview: a short thanks, no further question
    assert turn.startswith("Of course, we can stop there.") and "?" not in turn


def test_asking_to_come_back_later_is_a_wish_to_stop_with_its_own_answer(tmp_path):
    assert answer_meta_topic("could we carry on another day, I'm shattered") == "end"
    _, turn = _after(tmp_path, "can I finish this later?")
    assert "saved" in turn and "thank" in turn.lower() and "I don't know the details" not in turn


def test_who_pays_for_the_study_is_answered_as_far_as_known(tmp_path):
    _, turn = _after(tmp_path, "is a company behind this")
    assert "research team" in turn and "a company matter" not in turn
    _, turn = _after(tmp_path, "who came up with these questions, is it the hammock people")
    assert "research team" in turn and "what you meant just now" not in turn


def test_who_sees_the_answers_is_a_privacy_question(tmp_path):
    assert answer_meta_topic("will my manager see any of this?") == "privacy"
    assert answer_meta_topic("will anyone from the hammock company get to read this?") == "privacy"
    _, turn = _after(tmp_path, "will my manager see any of this?")
    assert "research team" in turn and "I don't know the details" not in turn


def test_being_contacted_afterwards_gets_a_plain_answer(tmp_path):
    _, turn = _after(tmp_path, "you're not going to phone me after this are you?")
    assert "contact" in turn and "I don't know the details" not in turn and "weigh" not in turn


@pytest.mark.parametrize("answer", ["hang on - door - ... ok. back.", "right sorry about that, I'm back"])
def test_a_return_after_a_pause_gets_the_question_again_without_no_rush(tmp_path, answer):
    assert returns_from_pause(answer)
    asked, turn = _after(tmp_path, answer)
    assert "No rush" not in turn and "Good question" not in turn
    assert asked.split(". ", 1)[-1] in turn  # the same question again


def test_a_pause_alone_is_no_return():
    assert not returns_from_pause("hang on, someone at the door")
    assert is_pause("hang on, someone at the door")


def test_not_recalling_a_detail_is_no_refusal(tmp_path):
    answer = ("The laminated map, because I go blank in the woods, I had one in Keswick and I couldn't tell you "
              "a single turning I took by the time I got back to the van")
    assert answer_meta_topic(answer) != "skip"
    _, turn = _after(tmp_path, answer)
    assert "leave that one" not in turn
    assert answer_meta_topic("I can't tell you that, sorry") == "skip"
