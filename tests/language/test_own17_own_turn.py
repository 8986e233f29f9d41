"""The respondent's own turn (wave 17): whether someone will see the interview, asked with a tag ("... will
they?"), with a word the parser does not know between "get" and "read", or as a statement with a question mark
("nobody's going to know it's me ..."); how far through the interview they are, asked as a position in it ("we
past the middle yet?", "we must be near the end now surely"); a bid to wait typed as a verb and a particle
("hang about", "bear with") beside what interrupts; "I'm off" / "I'm away" as leaving. Invented domain: ferret
keeping."""

from __future__ import annotations

import pytest
from language_support import turns_after

from interview_core.language.offline.distress import disclosed_hardship
from interview_core.language.offline.doubt import doubting
from interview_core.language.offline.meta import answer_meta_topic, is_pause, reply_topic
from interview_core.language.offline.own_turn import wants_to_stop

DESCRIPTION = ("Slinkhollow Ferret Club: a members' club for ferret keepers that meets on the first Sunday of the "
               "month in a village hall. Vet talks, a nail-clipping station, a swap shelf for hammocks and tubes, a "
               "help line for escapes, and 12 pounds a year.")
FIRST = "the nail clipping, mine wriggle like eels and I end up bleeding more than they do"


def _after(tmp_path, answer: str) -> tuple[str, str]:
    """(the question asked before ``answer``, the interviewer's next turn) in an offline interview."""
    asked, turn = turns_after(tmp_path, "slinkhollow", "Slinkhollow Ferret Club", DESCRIPTION, [FIRST, answer])
    return asked, turn


@pytest.mark.parametrize("answer", [
    "the committee won't see this will they? they're all breeders",
    "does my foreman get tae see this? he keeps polecats",
    "nobody's going to know it's me writing all this? the club is tiny",
])
def test_whether_someone_will_see_the_interview_is_a_privacy_question(tmp_path, answer):
    assert answer_meta_topic(answer) == "privacy"
    _, turn = _after(tmp_path, answer)
    assert "name isn't stored" in turn or "research team" in turn
    assert "rank" not in turn and "don't know the details" not in turn


@pytest.mark.parametrize("answer", [
    "the hutch won't fit this will it?",          # a thing, not someone who reads
    "nobody's going to clip them for me?",        # no knowing what the respondent said
    "my vet reads everything about ferrets",      # no question
])
def test_no_privacy_question_where_nobody_asks_who_sees_it(answer):
    assert answer_meta_topic(answer) != "privacy"


@pytest.mark.parametrize("answer", [
    "the kits need feeding at six. we past the middle yet?",
    "we must be near the end now surely",
    "we past halfway now, surely?",
])
def test_a_position_in_the_interview_asked_is_a_length_question(tmp_path, answer):
    assert answer_meta_topic(answer) == "length"
    _, turn = _after(tmp_path, answer)
    assert "question" in turn.split("?")[0] and "can't answer" not in turn and "rank" not in turn


@pytest.mark.parametrize("answer", [
    "the swap shelf is near the end of the hall",
    "we must be near the end of the hammock stock by now",
    "we're past caring about the smell",
])
def test_a_position_of_something_else_is_no_length_question(answer):
    assert answer_meta_topic(answer) != "length"


@pytest.mark.parametrize("answer", [
    "hang about, the kits are squealing",
    "Bear with. Door.",
])
def test_a_bid_to_wait_beside_what_interrupts_is_a_pause(tmp_path, answer):
    assert is_pause(answer)
    asked, turn = _after(tmp_path, answer)
    assert turn.startswith("No rush") and asked.split(". ")[-1] in turn


@pytest.mark.parametrize("answer", [
    "come on, they're charging 12 pounds for a hall",
    "go on, the vet talks are the best bit",
])
def test_a_word_of_encouragement_is_no_pause(answer):
    assert not is_pause(answer)


@pytest.mark.parametrize("answer", ["right that's the bell, I'm off. cheers pal", "I'm away now, ta"])
def test_saying_they_are_off_is_leaving(tmp_path, answer):
    assert wants_to_stop(answer)
    _, turn = _after(tmp_path, answer)
    assert "bell" not in turn.lower() and "?" not in turn.split(".")[0]


@pytest.mark.parametrize("answer", ["I'm off sugar these days", "I'm away a lot with work so the club suits me",
                                    "I'm off to the club on Sunday, it's the highlight of my month"])
def test_being_off_something_or_away_often_is_no_leaving(answer):
    assert not wants_to_stop(answer)


@pytest.mark.parametrize("answer", [
    "so who have I been chatting to all this time, the club themselves?",
    "Is this the ferret club asking, dressed up as a survey?",
    "are you actually the club or one of them agencies that does surveys for loads of clubs",
])
def test_who_the_respondent_is_talking_to_is_answered_as_who_is_behind_it(tmp_path, answer):
    assert reply_topic(answer, answer_meta_topic(answer)) == "other_sponsor"
    _, turn = _after(tmp_path, answer)
    assert "automated interviewer" in turn and "don't know the details" not in turn


@pytest.mark.parametrize("answer", ["who do I talk to about a refund?", "who did I speak to last time at the hall?"])
def test_who_to_talk_to_about_the_product_is_no_question_who_is_behind_it(answer):
    assert answer_meta_topic(answer) is None


def test_a_wish_to_be_texted_is_answered_as_a_request(tmp_path):
    answer = "can someone text me if they ever run a kits' day? text, not email, I never look at email"
    assert reply_topic(answer, answer_meta_topic(answer)) == "privacy_contact_request"
    _, turn = _after(tmp_path, answer)
    assert "your request is saved" in turn and "don't know the details" not in turn


@pytest.mark.parametrize("answer", [
    "Righto I'm going to bow out now, ta for listening",
    "that's plenty from me I think, I'm off to put the kettle on",
    "ok the jill's out of the cage. GOTTA GO x",
])
def test_leaving_said_in_these_ways_ends_the_interview(answer):
    assert wants_to_stop(answer)
    assert answer_meta_topic(answer) == "end"


@pytest.mark.parametrize("answer", [
    "does my vet have to know I've bought one? I don't want it going on my notes",
    "if it goes up to 20 a year, I'm off",
    "I always bow out of the raffle",
])
def test_no_privacy_question_or_leaving_in_these(answer):
    assert answer_meta_topic(answer) is None


@pytest.mark.parametrize("answer,part", [
    ("hammocks?? like for people?? like on holiday", "a swap shelf for hammocks and tubes"),
    ("help line lol. makes it sound like the samaritans. that just a fancy word for a phone number?",
     "a help line for escapes"),
    ("'swap shelf', is that where you swap ferrets or just the kit", "a swap shelf for hammocks and tubes"),
])
def test_a_guess_at_what_a_term_means_is_answered_from_the_description_not_read_as_doubt(tmp_path, answer, part):
    assert not doubting(answer, DESCRIPTION)
    _, turn = _after(tmp_path, answer)
    assert part in turn and "doubts" not in turn and "convinced" not in turn


def test_assent_made_plain_is_no_doubt():
    assert not doubting("vet talks yes obviously", DESCRIPTION)


@pytest.mark.parametrize("answer", ["a 'swap shelf'. is that supposed to impress me?",
                                    "Oh great, another club. Just what I needed."])
def test_a_jibe_stays_doubt(answer):
    assert doubting(answer, DESCRIPTION)


ACKNOWLEDGED = ("sorry to hear", "sounds hard", "thank you for telling me", "sounds difficult")


def test_a_home_lost_by_someone_close_is_a_hardship_acknowledged(tmp_path):
    answer = "My brother lost his flat to the bookies. I don't go near the machines. 12 pounds a year is all I'd spend"
    assert "lost" in disclosed_hardship(answer)
    _, turn = _after(tmp_path, answer)
    assert any(a in turn for a in ACKNOWLEDGED)


def test_a_thing_wasted_on_the_respondent_gets_no_sympathy(tmp_path):
    answer = "the vet talks are wasted on me, I can't follow any of it, it all goes over my head"
    assert disclosed_hardship(answer) == ()
    _, turn = _after(tmp_path, answer)
    assert not any(a in turn for a in ACKNOWLEDGED) and "sorry" not in turn.lower()


def test_losing_a_thing_is_no_hardship_and_a_state_of_theirs_still_is():
    assert disclosed_hardship("I lost my keys at the last meet") == ()
    assert "devastated" in disclosed_hardship("I was devastated when the vet talks stopped")


@pytest.mark.parametrize("answer", ["sorry if I'm saying it all wrong, nobody gives you the words for ferrets",
                                    "sorry if I'm rambling"])
def test_an_apology_for_how_they_answer_is_met_with_reassurance(tmp_path, answer):
    assert answer_meta_topic(answer) == "own_answer"
    _, turn = _after(tmp_path, answer)
    assert "no right or wrong answers" in turn


def test_an_apology_for_something_else_is_no_worry_about_their_answer():
    assert answer_meta_topic("sorry if the price is wrong, I'm going off memory") != "own_answer"


def test_a_wish_that_none_of_it_reaches_someone_is_a_privacy_worry(tmp_path):
    answer = "I'd rather none of this got back to the committee, they're vultures"
    assert answer_meta_topic(answer) == "privacy"
    _, turn = _after(tmp_path, answer)
    assert "name isn't stored" in turn


def test_being_sent_things_after_the_interview_hoped_against_is_a_contact_question(tmp_path):
    answer = "You won't be sending me things in the post after this I hope. I'm too old to be on a list"
    assert reply_topic(answer, answer_meta_topic(answer)) == "privacy_contact"
    _, turn = _after(tmp_path, answer)
    assert "contact you" in turn and "rank" not in turn


@pytest.mark.parametrize("answer", ["I'd rather pay 12 pounds than 20", "I hope the club sends me a newsletter"])
def test_a_preference_or_hope_about_the_club_is_no_privacy_question(answer):
    assert answer_meta_topic(answer) is None


@pytest.mark.parametrize("answer,topic", [
    ("genuinely curious what a ferret club study gets used for", "purpose"),
    ("I'm not being funny but is there a lot more, the kits need feeding", "length"),
    ("I wonder how many questions are left", "length"),
])
def test_a_question_inside_a_lead_in_is_read_as_a_question(tmp_path, answer, topic):
    assert answer_meta_topic(answer) == topic
    _, turn = _after(tmp_path, answer)
    assert ("study of how people see" in turn) if topic == "purpose" else ("questions left" in turn or "more question" in turn)


@pytest.mark.parametrize("answer", ["I know how long this takes, I've been before", "I asked how long it takes at the hall"])
def test_a_question_told_or_known_is_not_asked(answer):
    assert answer_meta_topic(answer) is None
