"""Wave 10 (lang10): the respondent's own question in more forms, a word's meaning from the description,
sarcasm by echo, hardships hinted rather than named, and what they want after painful news.
(Invented domain: a sauna trailer hired for the weekend.)"""

from __future__ import annotations

import pytest
from language_support import offline_session

from interview_core.language.offline.described import defined_term
from interview_core.language.offline.distress import disclosed_hardship
from interview_core.language.offline.doubt import doubting
from interview_core.language.offline.meta import addressed_question, answer_meta_topic, is_pause, meaning_referent
from interview_core.language.offline.questions import TURN_WORDS, wanted_after

STIMULUS = ("SteamCart: a wood-fired sauna trailer brought to your driveway for the weekend, a cedar bench for six, "
            "a cold plunge tub, and a deposit held as security until the trailer is collected.")
DESCRIPTION = f"SteamCart {STIMULUS}"


@pytest.mark.parametrize("answer, topic", [
    ("ok quick one, how many more questions", "length"),           # after a lead-in, no question mark
    ("is it long", "length"),
    ("who reads all this, is that stored anywhere", "privacy"),    # the second comma part asks
    ("are these linked to my bank account?", "privacy"),
    ("do you need my phone number for this or only if I book", "privacy"),
    ("when you say 'relaxing' do you mean calm or just warm", "meaning"),
    ("what counts as 'local' here", "meaning"),
    ("what does 'wood-fired' mean in practice, who lights it?", "meaning"),
    ("the cold tub, that's what I'd want", None),
])
def test_questions_about_the_interview_in_more_forms(answer, topic):
    assert answer_meta_topic(answer) == topic


@pytest.mark.parametrize("answer, paused", [
    ("sorry, the window cleaner is here right now, typical, one sec", True),   # the last clause steps away
    ("sorry the cat's on the table, there's a mug, hang on", True),
    ("sorry who's behind this, the council or a charity", False),             # a question, not an aside
    ("sorry if I'm slow, I'm on the train. go on", False),                     # leave to go on is no pause
])
def test_a_closing_aside_is_a_pause(answer, paused):
    assert is_pause(answer) is paused


def test_a_statement_ending_in_do_it_is_no_tag_question():
    assert addressed_question("the deposit back, thats the only way id do it", DESCRIPTION) is None
    assert addressed_question("you're not keeping the deposit are you", DESCRIPTION) is not None


def test_the_word_asked_about_is_what_is_in_quotes():
    assert meaning_referent("what counts as 'local' here") == ["local"]
    assert meaning_referent("when you say 'relaxing' do you mean calm") == ["relaxing"]


def test_the_dictionary_sense_is_the_one_the_description_is_about():
    # WordNet's first sense of "deposit" is sediment; the description's is money held as security
    term, gloss = defined_term("whats the deposit for, is it a lot?", STIMULUS)
    assert term == "deposit" and "security" in gloss and "sediment" not in gloss
    # no sense shares a word with the description: no dictionary answer (a wrong one misleads)
    assert defined_term("whats a bench exactly?", "Benchly: a bench") == ("", "") or "seat" in defined_term(
        "whats a bench exactly?", "Benchly: a bench")[1]


@pytest.mark.parametrize("answer, doubts", [
    ("A cold plunge tub. Wow. A tub. Of cold water. Genius", True),             # praise, then the echo restated
    ("brought to your driveway. so you're parking it on my drive. lovely", True),
    ("a cedar bench. great. until", True),                                     # praise, then a clause broken off
    ("Six hours?! for a sauna?! no.", True),                                   # an incredulous echo with "?!"
    ("a cold plunge tub. yes. I swim in the sea all winter so that's my thing", False),
    ("cedar bench, lovely. does it fold away though", False),
])
def test_sarcasm_by_echo(answer, doubts):
    description = DESCRIPTION.replace("weekend", "weekend, six hours of heat")
    assert doubting(answer, description) is doubts


@pytest.mark.parametrize("answer, hinted", [
    ("skip, sorry, we had a funeral on friday", True),                          # an event defined through death
    ("sorry, I'm in the hospital waiting room with my husband", True),              # a place of the sick, someone close
    ("we just couldnt afford the deposit last time", True),                     # paying denied
    ("I havent got 400 quid lying about for a weekend", True),                  # a sum not had
    ("I need it somewhere my ex won't see. I'll leave it at that", True),       # declining to say more
    ("I went to the hospital for my ankle scan", False),
    ("I haven't got 2 kids, I've got 3", False),
    ("I dont pay for parking at the beach", False),
    ("she was eighty-one and never got properly warm in that house", False),
])
def test_hardship_hinted(answer, hinted):
    assert bool(disclosed_hardship(answer)) is hinted


def test_what_they_want_after_painful_news():
    answer = "my wife passed last spring, she loved the sea. so someone who sets it all up for me"
    assert wanted_after(answer) == "someone who sets it all up for me"
    assert wanted_after("we lost the dog in may. so I'll pay whatever now") == ""


def test_a_skip_with_painful_news_is_acknowledged(tmp_path):
    session = offline_session(tmp_path, "sauna_trailer", "SteamCart", STIMULUS)
    session.answer("the plunge tub. my knees love cold water")
    question = session.answer("skip, sorry, we had a funeral on friday").next_question
    assert question.startswith("I'm sorry to hear that.")
    assert "funeral" not in question and question.rstrip().endswith("?")


def test_a_meaning_question_about_the_description_is_answered_from_it(tmp_path):
    session = offline_session(tmp_path, "sauna_trailer", "SteamCart", STIMULUS)
    session.answer("the cedar bench, six of us fit")
    result = session.answer("what does 'held as security' mean in practice, who keeps it?")
    assert "a deposit held as security until the trailer is collected" in result.next_question
    assert "name" not in result.next_question  # no privacy answer to a question about a word


def test_a_long_reply_is_followed_by_a_short_question(tmp_path):
    stimulus = ("SteamCart: a wood-fired sauna trailer brought to your driveway for the weekend by two of our "
                "friendly drivers who set everything up and show you how the stove works, and a deposit held as "
                "security until the trailer is collected.")
    session = offline_session(tmp_path, "sauna_trailer", "SteamCart", stimulus)
    session.answer("I'd want someone to show me the stove, I am hopeless with fire and I'd burn the place down")
    result = session.answer("whats a deposit? is that on top of the price?")
    assert "money given as security" in result.next_question  # the description's sense, not sediment
    # the reply and the question together stay short: no earlier quote probed after a gloss
    assert len(result.next_question.split()) <= TURN_WORDS and "Earlier" not in result.next_question
