"""Wave 11 (lang11): pauses said as a request for time, questions about the interview in more forms and in
two parts (each part answered), the respondent's own details wanted or passed on, questions asked with the
wh-word last, and questions about "anyone" said for effect.
(Invented domain: a mobile knife-sharpening van that calls at your street once a month.)"""

from __future__ import annotations

import pytest
from language_support import offline_session

from interview_core.language.offline.meta import (addressed_question, answer_meta_topic, asks_for_time,
                                                  asks_what_is_left, is_pause, off_topic_spans)
from interview_core.language.offline.questions import _second_part

DESCRIPTION = ("EdgeVan: a mobile knife-sharpening van that calls at your street once a month, sharpens kitchen "
               "knives and garden shears while you wait, and texts you the day before it comes.")


@pytest.mark.parametrize("answer, paused", [
    ("sorry, postman, give me a sec", True),                  # an imperative asking for a moment
    ("hold on a second, someone at the door", True),
    ("wait a minute, the oven", True),
    ("give me two minutes, parcel", True),
    ("sorry, dog just back from the groomer, two minutes", True),  # a duration alone, after an apology
    ("one moment, courier", True),                              # a single moment beside what interrupts
    ("just a moment, the baby", True),
    ("two minutes", False),                                     # answers "how long does it take?"
    ("an hour, the sharpening", False),                         # a duration, not a moment
    ("a week, maybe two", False),
    ("sorry, ten years", False),
    ("wait a minute, that's not what the leaflet says", False),  # an objection, not a pause
    ("give me a reason to switch", False),
])
def test_a_request_for_time_is_a_pause(answer, paused):
    assert is_pause(answer) is paused


def test_a_request_for_time_alone_is_no_duration_answer():
    assert asks_for_time("give me a sec", bare=False) and asks_for_time("hang on a moment", bare=False) is not None
    assert not asks_for_time("two minutes", bare=False) and asks_for_time("two minutes")
    assert not asks_for_time("ten minutes tops, it is quick to set up")


def test_a_pause_holds_no_topic():
    answer = "sorry, postman, give me a sec"
    assert off_topic_spans(answer) == [(0, len(answer))]


@pytest.mark.parametrize("sentence, left", [
    ("hows much is left", True),
    ("how many left", True),
    ("how much more of this", True),
    ("how long is left then", True),
    ("how much more does the sharpening cost", False),          # names a thing of its own
    ("how many knives are left", False),
    ("how long do the blades stay sharp", False),
])
def test_how_much_is_left_by_its_words(sentence, left):
    assert asks_what_is_left(sentence) is left


@pytest.mark.parametrize("answer, topic", [
    ("why would you need my date of birth?", "privacy"),       # the interviewer wanting what is theirs
    ("why do you want my postcode", "privacy"),
    ("do you pass my address on to them?", "privacy"),         # passed on ("on" with no object: a particle)
    ("do you hand my number over to the installers", "privacy"),
    ("do you keep any of my health stuff from this?", "privacy"),  # a part of what is theirs
    ("do you keep some of my old knives?", None),
    ("does any of this get back to the council?", "privacy"),  # the interview itself reaching someone
    ("will this go to my landlord", "privacy"),
    ("hows much is left", "length"),
    ("how much more does the sharpening cost?", None),         # a product question, not the interview's length
    ("can you sharpen my shears while I wait?", None),          # a thing of theirs, not a detail about them
    ("So what's included exactly, in writing, every single thing.", None),  # "in writing" says how
])
def test_questions_about_the_interview_in_more_forms(answer, topic):
    assert answer_meta_topic(answer) == topic


@pytest.mark.parametrize("answer, first, second", [
    ("how much longer is this, and why would you need my date of birth?", "length", "also_privacy"),
    ("hows much is left, and does any of this get back to the van people?", "privacy", "also_length"),
    ("who sees my answers? and how many more questions", "privacy", "also_length"),
    ("what's this survey for, and how long is it", "length", "also_purpose"),
])
def test_both_parts_of_a_two_part_question_are_answered(answer, first, second):
    assert answer_meta_topic(answer) == first
    assert _second_part(answer, first) == second


def test_a_question_with_its_wh_word_last_asks():
    assert addressed_question("Sharpened by who?", DESCRIPTION) is not None
    assert addressed_question("texted when? the night before?", DESCRIPTION) is not None
    assert addressed_question("so maybe... not having blunt knives?", DESCRIPTION) is None  # an offered answer


@pytest.mark.parametrize("answer, asks", [
    ("how long does anyone keep a knife sharp these days?", False),  # about anyone at all: for effect
    ("why would anybody pay for that?", False),
    ("does anyone check the sharpener's work?", True),                # a yes/no question asks for a fact
    ("how long does the van stay in the street?", True),
])
def test_a_question_about_anyone_is_said_for_effect(answer, asks):
    assert (addressed_question(answer, DESCRIPTION) is not None) is asks


def test_this_for_someone_asks_who_is_behind():
    from interview_core.language.offline.meta import asks_who_is_behind

    assert asks_who_is_behind("is this for the letting agent?")
    assert asks_who_is_behind("is this for my landlord")
    assert not asks_who_is_behind("is it for my son?")  # "it" is the product: a gift, not the study


# --- Hardships told as the time from which life changed (invented domain: an allotment tool-share shed) ----

@pytest.mark.parametrize("answer, hinted", [
    ("since the stroke my dad can't do the digging", True),          # a hardship noun after "since"
    ("after her fall my nan stopped coming to the plot", True),
    ("after the divorce I moved into a flat with no garden", True),
    ("since the shop closed I've been counting every penny", True),   # a livelihood that ended
    ("till the payments stopped going out we had the big shed", True),
    ("since my job ended it's the only hobby I can afford", True),
    ("when my husband went in 2019 the plot came to me", True),        # someone close who "went" at a date
    ("my grandad went last year, so it's just me", True),
    ("we don't go to the plot on weekends any more. not since.", True),  # "not since" alone: the event left out
    ("since the update the booking app is slow for me", False),       # no hardship in the noun
    ("since the roadworks stopped the bus is quicker", False),        # an ending, but no livelihood
    ("since the shop opened I go every day", False),
    ("I've not been back since", False),                               # "since" with its event said before
    ("we went in 2019 and loved it", False),                           # the respondent went somewhere
    ("my sister went to Spain in 2019", False),                        # a place: a trip
    ("the shed has a hook with spade written on it", False),
])
def test_a_hardship_told_as_the_time_life_changed(answer, hinted):
    from interview_core.language.offline.distress import disclosed_hardship

    assert bool(disclosed_hardship(answer)) is hinted


def test_a_word_named_is_no_event_told():
    from interview_core.language.offline.distress import disclosed_hardship

    assert disclosed_hardship("we just have a savings pot with funeral written on it. the app says funeral.") == ()
    assert disclosed_hardship("we've had a funeral this week, so the plot is a mess") != ()


# --- A refusal after what it names (invented domain: a lodger-matching service for spare rooms) -----------

@pytest.mark.parametrize("answer, label", [
    ("strangers with keys to my flat. no.", "strangers with keys to my flat"),
    ("a lodger in my spare room. nope.", "lodger"),
    ("keys to my flat. not a chance.", "keys"),
    ("the monthly inspection. no thanks", "monthly inspection"),
])
def test_a_refusal_after_a_fragment_is_a_negative_stance(answer, label):
    from interview_core.language.offline.questions import frame_family
    from interview_core.language.offline.topics import topic_for

    topic = topic_for(label, [answer])
    assert topic.stance == -1 and frame_family(topic) == "negative"  # never "what part does it play"


@pytest.mark.parametrize("answer", ["the monthly inspection. lovely.", "the monthly inspection. no problem at all"])
def test_praise_after_a_fragment_is_no_refusal(answer):
    from interview_core.language.offline.topics import topic_for

    assert topic_for("monthly inspection", [answer]).stance == 1


# --- "its" typed for "it's" (invented domain: a camper-van rental) -----------------------------------------

@pytest.mark.parametrize("text, restored", [
    ("the six-berth is overkill. its me and the dog", "the six-berth is overkill. it's me and the dog"),
    ("its not worth it", "it's not worth it"),
    ("its just us two", "it's just us two"),
    ("Its really roomy", "It's really roomy"),
    ("its awning is broken", "its awning is broken"),        # the possessive before its noun stays
    ("its only flaw is the fridge", "its only flaw is the fridge"),
])
def test_its_for_it_is_restored_by_what_follows(text, restored):
    from interview_core.language.offline.grammar import restore_its

    assert restore_its(text) == restored


@pytest.mark.parametrize("answer", ["the six-berth is overkill. its me and the dog",
                                    "two bathrooms is too many. its just the two of us"])
def test_a_verdict_then_its_reason_explains_itself(answer):
    from interview_core.language.offline.questions import explained

    assert explained(answer)  # no "why is the dog important to you?" after it


@pytest.mark.parametrize("answer, explains", [
    ("my neighbour sharpens them for a pint. honestly cant see me paying someone", True),  # "I" left out
    ("my brother does ours. wont pay for that", True),
    ("the van. could be handy", False),                 # one clause: nothing explained
])
def test_a_clause_with_its_subject_left_out_counts(answer, explains):
    from interview_core.language.offline.questions import explained

    assert explained(answer) is explains


def test_words_told_with_painful_news_are_part_of_it():
    from interview_core.language.offline.questions import _told_with_hardship

    answer = "when my grandad went in 2020 it was a fortune, me and my sister put it on a loan"
    assert _told_with_hardship("me and my sister put it on a loan", answer)
    assert not _told_with_hardship("a sharp knife", "a sharp knife. my grandad went to the van every month")


@pytest.mark.parametrize("reason, declines", [
    ("honestly cant see me paying someone", True),     # the respondent declining, "I" left out
    ("we wouldnt bother with it", True),
    ("I won't be using a van for that", True),
    ("the blades dont stay sharp", False),             # a complaint about a thing, not a refusal
    ("it never turns up on time", False),
    ("I dont want my kids doing what we did", False),     # a want, no modal
    ("not that I care where they are actually", False),  # a disclaimer
])
def test_a_reason_that_turns_the_product_down(reason, declines):
    from interview_core.language.offline.questions import turns_down

    assert turns_down(reason) is declines


# --- Declining a question, and more forms of the interview's questions (invented domain: a bike-fitting studio)

@pytest.mark.parametrize("answer, topic", [
    ("I'd sooner not say how much I earn, if that's alright", "skip"),   # a wh-clause held back
    ("tbh I'd rather not share where I work", "skip"),
    ("I won't say what I paid", "skip"),
    ("can't do this one, sorry", "skip"),                                # "this one": the question
    ("cant do this one sorry, ask me something else", "skip"),
    ("I'll leave that one", "skip"),                                     # passed over
    ("I can't say I've noticed", None),                                  # a hedge: a clause, no wh-word
    ("I don't tell my wife how much I spend on bikes", None),            # a habit: no modal
    ("I won't pay that much for a fitting", None),                       # a refusal of the product
    ("I'll take that one, the carbon frame", None),
    ("ok i think that's me done, thanks", "end"),
    ("I've a class at six, will we be done by then?", "length"),          # a length question after a remark
    ("What's 'saddle height' supposed to mean in that question, the seat?", "meaning"),
    ("wait are you a bot? and what's all this for", "purpose"),           # after "and"
])
def test_declining_and_more_questions_about_the_interview(answer, topic):
    assert answer_meta_topic(answer) == topic


def test_a_request_for_a_moment_beside_its_reason_is_a_pause():
    assert is_pause("give me half a mo, my hearing aid's whistling")
    assert is_pause("give me a sec - the dog wants out")
    assert not is_pause("wait a minute - that's not what the leaflet says")  # an objection
    assert not is_pause("give me half a mo, is the fitting free?")  # something is asked


def test_this_from_an_organisation_asks_who_is_behind():
    from interview_core.language.offline.meta import asks_who_is_behind

    assert asks_who_is_behind("is this from the studio or the cycling federation?")


def test_a_two_part_question_gets_both_answers_in_one_readable_turn(tmp_path):
    from interview_core.language.offline.questions import TURN_WORDS
    from interview_core.text.primitives import words

    session = offline_session(tmp_path, "knife_van", "EdgeVan", DESCRIPTION, max_turns=4)
    session.answer("the texts the day before, I forget bin day never mind the van")
    question = session.answer("how much longer is this, and why would you need my date of birth?").next_question
    assert "question" in question.split(".")[0].lower()            # the length, first
    assert "your name isn't stored" in question                      # ... and the privacy part, too
    assert "1 questions" not in question and len(words(question)) <= 70


def test_a_cut_quote_never_ends_on_a_conjunction():
    from interview_core.language.offline.questions import short_quote

    cut = short_quote("I'll sharpen them twice and then feel guilty every time the reminder text pops up on my phone")
    assert cut.split()[-1] not in ("and", "then", "but", "because") and cut.startswith("I'll sharpen them twice")
