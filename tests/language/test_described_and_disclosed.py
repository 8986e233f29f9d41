"""Wave 8 (fault classes of the wave-7 blind read, fixed by method): a product question is answered from
the description the respondent saw ("the description says ...", a dictionary gloss for a term of it)
instead of "I don't know"; a question about the interview's length or about where the answers and the
name go is recognised in everyday wording and answered plainly; a title-case concept name is written as
given; a description too long to repeat still gives a real opening; painful news told without a hardship
noun (a job lost in the passive, someone close taken ill, a hard stretch of time, a clause broken off at
a person or a copula) is acknowledged, and a view of the product ("skeptical") or a place ("landfill") is
not. Our own invented domain (a mobile knife-sharpening van, "Blade Bus"), used in no evaluation file."""

import pytest

from interview_core.language.contracts import FocusRef, QuestionRequest, Turn
from interview_core.language.offline import OfflineLanguage
from interview_core.language.offline.described import defined_term, described_part, description_parts
from interview_core.language.offline.distress import disclosed_hardship
from language_support import assert_accepted_shape

STIMULUS = ("Blade Bus: a mobile knife-sharpening van that parks outside your house, kitchen knives and garden "
            "shears hand-sharpened on a whetstone while you wait, a collection from your door on the first "
            "Monday of each month, and a price of £4 a blade.")
LAST = "Why does a sharp knife matter to you?"


@pytest.fixture
def blade(oat_milk):
    return oat_milk.model_copy(update={"id": "blade_bus", "name": "Blade Bus", "elements": [], "stimulus": STIMULUS})


def _next(mec, concept, answer, *, kind="follow_up", turns_left=10, turn=4):
    request = QuestionRequest(methodology=mec, concept=concept, kind=kind, turn_number=turn,
                              strategy=mec.strategy("deepen") if kind == "follow_up" else None,
                              focus=FocusRef(kind="node", label="sharp knife") if kind == "follow_up" else FocusRef(),
                              recent_questions=[LAST] if kind != "opening" else [], turns_left=turns_left,
                              recent_turns=[Turn(question=LAST, answer=answer)] if kind != "opening" else [])
    return OfflineLanguage().write_question(request).question


def test_the_description_is_cut_into_its_parts():
    assert description_parts(STIMULUS) == [
        "a mobile knife-sharpening van that parks outside your house",
        "kitchen knives and garden shears hand-sharpened on a whetstone while you wait",
        "a collection from your door on the first Monday of each month",
        "a price of £4 a blade"]


# question -> the part of the description that answers it ("" = the description says nothing about it)
PARTS = [
    ("do you come to the house or do I drive somewhere?", "a mobile knife-sharpening van that parks outside your house"),
    ("how much is it per blade?", "a price of £4 a blade"),
    ("how often do they collect?", "a collection from your door on the first Monday of each month"),
    ("would they do my garden shears too?", "kitchen knives and garden shears hand-sharpened on a whetstone while you wait"),
    ("can I wait while it's done?", ""),                 # a verb alone ("wait") does not say what is asked about
    ("do they do scissors?", ""),                        # nothing in the description
    ("does it sharpen axes? mine's blunt", ""),          # a verb alone does not say what is asked about
    ("how long does the sharpening take?", ""),          # an amount asked, none given for it
    ("how much is a credit score?", ""),                 # a modifier without its head ("price" is not asked)
]


@pytest.mark.parametrize("question,part", PARTS)
def test_a_product_question_is_matched_to_the_part_of_the_description_that_answers_it(question, part):
    assert described_part(question, STIMULUS, "Blade Bus") == part


def test_a_term_of_the_description_is_defined_from_wordnet():
    term, gloss = defined_term("sorry what's a whetstone when it's at home", STIMULUS)
    assert term == "whetstone" and "sharpen" in gloss
    assert defined_term("is it a van?", STIMULUS) == ("", "")  # no "what"/"mean": not asking what it is


# answer -> the next turn must say (all of), must not say (none of)
TURNS = [
    ("how much is it per blade? mine are cheap ones", ["the description says", "£4 a blade", "don't know more"],
     ["don't know the details"]),
    ("what's a whetstone when it's at home", ["in the dictionary, a whetstone is", "don't know more"],
     ["don't know the details"]),
    ("do they do scissors?", ["don't know the details"], ["the description says"]),
    # the interview's length in everyday words, never a product question
    ("is this going to take long, the school run's at three", ["questions left"], ["don't know the details"]),
    # where the answers and the name go: answered plainly
    ("will my answers go to Blade Bus? I don't want them ringing me", ["name isn't stored", "research team"],
     ["don't know the details"]),
    ("does my name go with any of this", ["name isn't stored"], ["don't know the details"]),
]


@pytest.mark.parametrize("answer,must,must_not", TURNS)
def test_the_next_turn_answers_from_what_the_study_knows(mec, blade, answer, must, must_not):
    q = _next(mec, blade, answer)
    assert_accepted_shape(q, must, must_not)


def test_a_title_case_name_is_written_as_given_and_a_long_description_still_opens(mec, blade):
    opening = _next(mec, blade, "", kind="opening", turn=0)
    assert "Blade Bus" in opening and "blade Bus" not in opening and "the Blade" not in opening, opening
    assert opening != "Could you tell me more about that?"
    long = blade.model_copy(update={"stimulus": STIMULUS + " " + STIMULUS.split(": ", 1)[1] * 2})
    opening = _next(mec, long, "", kind="opening", turn=0)
    assert "Blade Bus" in opening and "tell me more about that" not in opening, opening


# answer -> a painful disclosure is read (True) or not (False)
DISCLOSURES = [
    ("since my partner got laid off money's been a worry", True),       # a job lost, in the passive
    ("my husband was sacked in the spring so we watch every penny", True),
    ("my mum's been poorly since the spring", True),                    # someone close taken ill
    ("since my dad got ill I do all the cooking", True),
    ("it's been a tough year, put it that way", True),                 # a hard stretch of time
    ("it's been a rough few months", True),
    ("the knives were my grandad's. since grandad... well. anyway", True),  # broken off at a person
    ("things have been... difficult to say the least", True),          # broken off at a copula
    ("I'm skeptical it'd be any sharper than mine", False),             # a view, not a hardship
    ("I'm doubtful they'd turn up on the Monday", False),
    ("I reckon the old blades just end up in landfill", False),         # a place, not the illness
    ("it's... fine actually, the van", False),                         # a pause for a word, then praise
    ("it's been a busy year", False),                                   # a time that is not hard
    ("I'm not sick of my knives, they're just blunt", False),
]


@pytest.mark.parametrize("answer,painful", DISCLOSURES)
def test_painful_news_is_read_by_method(answer, painful):
    assert bool(disclosed_hardship(answer)) is painful, disclosed_hardship(answer)


def test_a_belief_state_gets_no_sympathy(mec, blade):
    q = _next(mec, blade, "I'm honestly skeptical. Sounds like a man with a grindstone and a van.")
    assert "sorry" not in q.lower() and "sounds hard" not in q.lower(), q


def test_a_longer_name_is_not_defined_by_its_first_word():
    stimulus = STIMULUS.replace("a whetstone", "a whetstone bench")
    assert defined_term("what's a whetstone bench when it's at home", stimulus) == ("", "")


# answer -> the next turn is "no rush" and the same question again
PAUSES = [
    "hold on, my neighbour's knocking",          # an aside, then what is happening around them
    "sorry can we pause, the dog's whining",
    "Sorry. Doorbell.",                            # an apology, then the thing that interrupts
    "hang on, the kettle's boiling",
]


@pytest.mark.parametrize("answer", PAUSES)
def test_a_pause_gets_no_rush_and_the_same_question(mec, blade, answer):
    q = _next(mec, blade, answer)
    assert q.startswith("No rush") and LAST in q, q


# ... and these are no pauses: an answer beside the aside, or a thing that does not interrupt
NOT_PAUSES = ["hold on, the price is high", "Sorry. Price.", "hang on, the van is brilliant"]


@pytest.mark.parametrize("answer", NOT_PAUSES)
def test_an_answer_after_an_aside_is_no_pause(mec, blade, answer):
    assert not _next(mec, blade, answer).startswith("No rush")


# answer -> met as doubt ("not convinced" / "have your doubts"), never probed as praise or answered as a question
DOUBTS = [
    "Oh, a 'knife-sharpening van'. Uber for cutlery. Can't wait.",   # the description's words in scare quotes
    "Oh brilliant, another van blocking the road",                     # sarcasm
    "£4 a blade? I sharpen them myself for nothing.",                  # an incredulous echo of the description
    "Sharper how? A knife's a knife. What is there to improve",        # "what is there to ..." pushback
    "I'm honestly skeptical, my knives are fine",                      # doubt said outright (WordNet belief state)
]


@pytest.mark.parametrize("answer", DOUBTS)
def test_sarcasm_and_pushback_are_met_as_doubt(mec, blade, answer):
    q = _next(mec, blade, answer)
    assert "not convinced" in q or "your doubts" in q, q
    assert "don't know the details" not in q and "sorry" not in q.lower(), q


SINCERE = ["the whetstone is a nice touch, my dad used one", "I'm not sure, maybe the price",
           "my grandad always said 'a blunt knife is a dangerous knife'"]  # reported speech in quotes


@pytest.mark.parametrize("answer", SINCERE)
def test_sincere_answers_are_not_met_as_doubt(mec, blade, answer):
    q = _next(mec, blade, answer)
    assert "not convinced" not in q and "your doubts" not in q, q


# a question about the interview asked indirectly or in everyday words
META = [
    ("just wondering who's getting my answers", ["name isn't stored", "research team"]),
    ("do you keep these recordings? my boss is nosy", ["name isn't stored"]),
    ("being sharp matters. thats the point isnt it", []),   # a tag asking agreement, not a question
]


@pytest.mark.parametrize("answer,must", META)
def test_everyday_questions_about_the_interview(mec, blade, answer, must):
    q = _next(mec, blade, answer)
    assert all(m in q for m in must), q
    assert "don't know the details" not in q, q


def test_like_i_said_is_no_sarcasm(mec, blade):
    # found by the ladder run on the dev minds: "Like" opening a sentence read as exclamatory praise
    q = _next(mec, blade, "Like I said, a sharp knife takes no effort, and beyond that I keep my fingers.")
    assert "not convinced" not in q and "your doubts" not in q, q


def test_after_a_veiled_disclosure_no_question_asks_to_say_more_about_it(mec, blade):
    q = _next(mec, blade, "the knives were my grandad's. since grandad... well. anyway")
    assert q.split(".")[0] in ("I'm sorry to hear that", "That sounds hard, thank you for telling me",
                               "I'm sorry, that sounds difficult"), q
    assert not any(p in q for p in ("more about that", "behind that", "in practice", "Why")), q
