"""The respondent's own turn (wave 18): questions to the interviewer typed in chat spelling ("u gonna ring me after
this?", "r we nearly done", "are u a real person", "ur from the club or?") or with the auxiliary left out; how much
is left asked as a quantity ("is there a great deal more?", "are there loads left") or a fragment ("nearly done?");
who commissioned the research and "who even are you lot"; how long the answers are kept (a fact the study has not
given: said so honestly, the research team named); a pause with "bear with me" beside someone who has come, and a
call taken with a promise to be back; a goodbye after thanks and a hurried "got to dash"; "we'll leave that there"
after telling something closes that topic, not the interview. Invented domain: clog dancing classes."""

from __future__ import annotations

import pytest
from language_support import turns_after

from interview_core.language.offline.assessment import ending
from interview_core.language.offline.meta import answer_meta_topic, is_pause, reply_topic
from interview_core.language.offline.own_turn import wants_to_stop

DESCRIPTION = ("Clatterby Clog Dancing Classes: beginners' clog dancing on Wednesday evenings in a chapel hall, "
               "hire clogs with ash soles for the first month, a heel-and-toe routine learned over ten weeks, a "
               "showcase at the summer fete, and 48 pounds a term.")
FIRST = "the hire clogs, my feet are a funny shape and I'd not buy a pair before I knew I liked it"


def _after(tmp_path, answer: str) -> tuple[str, str]:
    """(the question asked before ``answer``, the interviewer's next turn) in an offline interview."""
    asked, turn = turns_after(tmp_path, "clatterby", "Clatterby Clog Dancing Classes", DESCRIPTION, [FIRST, answer])
    return asked, turn


@pytest.mark.parametrize("typed,written", [
    ("u gonna ring me after this? dont want calls", "you going to ring me after this? don't want calls"),
    ("r we nearly done", "are we nearly done"),
    ("wat does 'shuffle' mean here", "what does 'shuffle' mean here"),
    ("ur from the chapel or?", "you're from the chapel or?"),
    ("ur name is on the list", "your name is on the list"),
    ("me n my sister", "me and my sister"),
    ("plan B with R. Smith", "plan B with R. Smith"),   # a capital letter alone is an initial
])
def test_chat_spellings_are_written_out(typed, written):
    from interview_core.language.offline.grammar import respelled

    assert respelled(typed) == written


@pytest.mark.parametrize("answer,topic", [
    ("u gonna ring me after this? dont want calls", "privacy_contact"),
    ("you going to phone me after this?", "privacy_contact"),
    ("r we nearly done", "length"),
])
def test_a_question_in_chat_spelling_or_without_its_auxiliary_is_read(tmp_path, answer, topic):
    assert reply_topic(answer, answer_meta_topic(answer)) == topic
    _, turn = _after(tmp_path, answer)
    assert "rank" not in turn and "shape" not in turn and "calls" not in turn.split("?")[-2:][0][-40:]


@pytest.mark.parametrize("answer", ["are u a real person", "ur from the chapel or?", "wait who even are u lot"])
def test_who_the_interviewer_is_asked_in_chat_spelling_is_answered(tmp_path, answer):
    _, turn = _after(tmp_path, answer)
    assert "automated interviewer" in turn and "don't know the details" not in turn


@pytest.mark.parametrize("answer", [
    "nearly done? my tea's in the oven",
    "Is there a great deal more? I have been sitting for some time.",
    "honestly that's a lot of questions about one class lol, are there loads left",
])
def test_how_much_is_left_asked_as_a_quantity_or_a_fragment_is_answered(tmp_path, answer):
    assert answer_meta_topic(answer) == "length"
    _, turn = _after(tmp_path, answer)
    assert "question" in turn.split("?")[0] and "can't answer" not in turn and "rank" not in turn


@pytest.mark.parametrize("answer", [
    "is there a great deal more to the routine?",
    "nearly done with the clogs, they're wearing through",
    "are there loads left in the clog cupboard",
])
def test_more_of_a_thing_named_is_no_length_question(answer):
    assert answer_meta_topic(answer) != "length"


@pytest.mark.parametrize("answer", ["Who commissioned this piece of research, if I may ask?",
                                    "wait is this for like a uni project or an actual company"])
def test_who_commissioned_the_study_is_answered_as_who_is_behind_it_not_its_purpose(tmp_path, answer):
    assert reply_topic(answer, answer_meta_topic(answer)) == "other_sponsor"
    _, turn = _after(tmp_path, answer)
    assert "automated interviewer" in turn and not turn.startswith("It's a study of")


def test_who_commissioned_a_thing_of_the_product_is_no_question_who_is_behind_the_study():
    assert reply_topic("who commissioned the new sprung floor?", "other") != "other_sponsor"


@pytest.mark.parametrize("answer", [
    "how long will my answers be kept?",
    "I should like to know how my answers will be stored, and for how many years, before I continue.",
])
def test_how_long_the_answers_are_kept_is_answered_honestly(tmp_path, answer):
    assert reply_topic(answer, answer_meta_topic(answer)) == "privacy_retention"
    _, turn = _after(tmp_path, answer)
    assert "haven't been told how long" in turn and "research team" in turn
    assert not any(ch.isdigit() for ch in turn.split("?")[0])  # no period of keeping invented


@pytest.mark.parametrize("answer", ["how long will this take?", "how long are the classes on a Wednesday?"])
def test_how_long_of_anything_but_the_answers_is_no_retention_question(answer):
    topic = answer_meta_topic(answer)
    assert topic is None or reply_topic(answer, topic) != "privacy_retention"


@pytest.mark.parametrize("answer", [
    "Sorry, the postman's here with a parcel, bear with me.",
    "Forgive me, I must take a call. I shall be back directly.",
])
def test_a_pause_is_met_with_patience_and_the_same_question(tmp_path, answer):
    assert is_pause(answer)
    asked, turn = _after(tmp_path, answer)
    assert turn.startswith("No rush") and asked.split(". ")[-1] in turn


@pytest.mark.parametrize("answer", ["the routine is here to stay, bear with me on this",
                                    "I must take a pair home. I shall be back for more."])
def test_no_pause_where_the_respondent_goes_on_or_tells_a_plan(answer):
    assert not is_pause(answer)


@pytest.mark.parametrize("answer", [
    "OK. That is all from me, I must feed the hens. Thank you, goodbye.",
    "Right, I've got to dash. Ta-ra.",
])
def test_a_goodbye_after_thanks_or_a_hurried_exit_ends_the_interview(tmp_path, answer):
    assert wants_to_stop(answer) and answer_meta_topic(answer) == "end"
    _, turn = _after(tmp_path, answer)
    assert "hens" not in turn and "rank" not in turn


@pytest.mark.parametrize("answer", ["I have to run for the bus every Wednesday, so the hall being near matters",
                                    "goodbye to my knees, that's what my husband says"])
def test_running_somewhere_or_a_goodbye_in_a_story_is_no_leaving(answer):
    assert not wants_to_stop(answer)


def test_leaving_that_there_after_telling_something_closes_the_topic_not_the_interview(tmp_path):
    answer = "His dad can't have him at the minute. We'll leave that there."
    assert answer_meta_topic(answer) == "skip"
    assert ending(answer, 0) == "none"
    _, turn = _after(tmp_path, answer)
    assert turn and "before you go" not in turn and "dad" not in turn.lower()


def test_a_term_typed_without_the_descriptions_hyphen_is_answered_from_the_description(tmp_path):
    _, turn = _after(tmp_path, "wats heel and toe mean, u do both at once?")
    assert '"a heel-and-toe routine learned over ten weeks"' in turn and "don't know the details" not in turn


def test_a_term_asked_with_what_in_its_place_is_answered_from_the_description(tmp_path):
    answer = "Please, the 'showcase' is what? On a stage, or only in the hall?"
    assert answer_meta_topic(answer) == "meaning"
    _, turn = _after(tmp_path, answer)
    assert "showcase at the summer fete" in turn and "doubts" not in turn and "not convinced" not in turn


def test_who_reads_what_the_respondent_says_is_a_privacy_question(tmp_path):
    answer = "And who'd be reading what I say? The teacher herself?"
    assert answer_meta_topic(answer) == "privacy"
    _, turn = _after(tmp_path, answer)
    assert "research team" in turn and "read" in turn


@pytest.mark.parametrize("answer", [
    "money's been tight since my husband's op, he can't work at the min",
    "dad left in the spring so its just me n mum now",
    "Since my wife left, the evenings are long. The class would get me out.",
])
def test_a_hinted_hardship_is_read_and_acknowledged_not_probed(tmp_path, answer):
    from interview_core.language.offline.distress import disclosed_hardship

    assert disclosed_hardship(answer)
    _, turn = _after(tmp_path, answer)
    assert "op," not in turn and "left" not in turn.lower() and "rank" not in turn


@pytest.mark.parametrize("answer", [
    "my wife left for work at eight so Wednesday evenings suit us",
    "the money is tight but fair for what you get",
    "I can't work out the timetable on the poster",
    "she can't work Wednesdays, so it'd be me on my own",
    "a dad left his bag in the hall last week",
])
def test_errands_prices_and_timetables_are_no_hardship(answer):
    from interview_core.language.offline.distress import disclosed_hardship

    assert not disclosed_hardship(answer)


def test_back_and_where_they_are_now_is_welcomed_back_not_told_to_take_their_time(tmp_path):
    answer = "ok back, in the car now"
    assert reply_topic(answer, "pause") == "pause_back"
    assert reply_topic("back, in a minute", "pause") == "pause"  # a promise to come back: still away


def test_asked_to_define_a_word_in_quotes_is_answered_from_the_description(tmp_path):
    answer = "Define 'heel-and-toe'. Both feet at once?"
    assert answer_meta_topic(answer) == "meaning"
    _, turn = _after(tmp_path, answer)
    assert "a heel-and-toe routine learned over ten weeks" in turn and "wasn't clear" not in turn


@pytest.mark.parametrize("answer", ["You put my name in the report? My cousin works in the hall office.",
                                    "Sorry, the answers go to the chapel itself or to students?"])
def test_a_name_put_in_a_report_or_answers_going_to_someone_asked_with_a_question_mark_is_privacy(tmp_path, answer):
    assert answer_meta_topic(answer) == "privacy"
    _, turn = _after(tmp_path, answer)
    assert "research team" in turn and "don't know the details" not in turn


@pytest.mark.parametrize("answer", ["I put my name on the list for the showcase?", "the clogs go to the next class?"])
def test_the_respondent_putting_their_own_name_down_or_things_going_somewhere_is_no_privacy_question(answer):
    assert answer_meta_topic(answer) != "privacy"


def test_privacy_asked_again_later_is_answered_again_in_short(tmp_path):
    turns = turns_after(tmp_path, "clatterby", "Clatterby Clog Dancing Classes", DESCRIPTION,
                        [FIRST, "You put my name in the report?", "the hire clogs are a good idea",
                         "Sorry, the answers go to the chapel itself or to students?"])
    assert "name isn't stored" in turns[1]
    assert "research team" in turns[3] and turns[3] != turns[1]
