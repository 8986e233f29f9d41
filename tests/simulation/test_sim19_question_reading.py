"""sim19: the simulated respondent hears what a question asks of the thing it is about, as a person would,
whoever wrote the question (a person, a chat model, terse or long): its importance, weight or standing to the
respondent, or what it does to or for the respondent (where it leaves them, what it lets them do, what would
change for them) asks one rung up; what the respondent thinks of it, how it went, what stands out, an example or
a detail does not. A question that points back at what was just said ("What do you make of that?") is about
that, not an opening for something new. Invented domain: wind tunnel body flight sessions."""

from pathlib import Path

import pytest

from interview_core.config.concept import Concept, Element
from interview_core.config.persona import Persona
from interview_core.simulation import intent
from interview_core.simulation.mind import parse_mind
from interview_core.simulation.respondent import SimulatedRespondent

# Questions a person hears as "why does it matter / what does it do for you" (one rung up).
UP = [
    "Where does that leave you?",
    "How much does that weigh with you?",
    "What does that let you do?",
    "Okay, and how much does that actually count for you, all things considered?",
    "Does that carry much weight with you when you're choosing a session?",
    "Where does a session in the wind tunnel rank for you?",
    "Is the flight suit fitting properly a big deal for you?",
    "That's really helpful context, thank you. Thinking about the instructor holding your arms in the airflow, "
    "what would change for you if the wind tunnel got that right?",
    "So the fans are loud. What does that leave you with?",
    "Right. How does that affect your week?",
    "hmm ok. does that count for much?",
]

# Questions that ask the respondent to describe, recount or give a detail (not one rung up).
NOT_UP = [
    ("What do you make of the flight suit?", "open"),
    ("How did the first session go for you?", "open"),
    ("What stands out to you about the wind tunnel?", "open"),
    ("Tell me about your first body flight.", "open"),
    ("What was your first impression of the instructor?", "open"),
    ("Can you give me an example of a body flight that went well?", "clarify"),
    ("What exactly happens in the first minute?", "clarify"),
]


@pytest.mark.parametrize("question", UP)
def test_a_question_about_worth_or_effect_on_the_respondent_is_heard_as_one_rung_up(question):
    assert intent.classify(question) == "ladder_up"


@pytest.mark.parametrize("question,expected", NOT_UP)
def test_a_question_asking_to_describe_or_detail_is_not_heard_as_a_climb(question, expected):
    assert intent.classify(question) == expected


MIND = """
id: flyer
concept: body_flight
concepts:
  - {id: hold, type: attribute, stance: 1, phrasings: ["the instructor holds my arms steady", "having someone hold my arms"]}
  - {id: relax, type: functional_consequence, stance: 1, phrasings: ["I can actually relax in the air"]}
  - {id: free, type: terminal_value, stance: 1, phrasings: ["feeling free for a few minutes"]}
  - {id: loud, type: attribute, stance: -1, phrasings: ["the fans are deafening"]}
  - {id: earplugs, type: functional_consequence, stance: -1, phrasings: ["I spend the session fiddling with earplugs"]}
links: [[hold, relax], [relax, free], [loud, earplugs]]
dont_know: ["I couldn't tell you more than that."]
"""

CONCEPT = Concept(id="body_flight", name="Updraft Hall", methodology="means_end_chain",
                  stimulus="Indoor body flight sessions in a vertical wind tunnel, with an instructor beside you.",
                  elements=[Element(id="instructor", label="instructor"), Element(id="fans", label="fans")])


def _respondent(seed: int = 0) -> SimulatedRespondent:
    mind = parse_mind(Path("flyer.yaml"), MIND, concept=CONCEPT)[0]
    plain = Persona(id="plain", name="Plain", hedging_rate=0.0,
                    response_patterns={"detailed": 0, "medium": 1, "brief": 0, "acknowledgment": 0})
    return SimulatedRespondent(mind, plain, seed=seed, concept=CONCEPT)


@pytest.mark.parametrize("question", ["Where does that leave you?", "How much does that weigh with you?",
                                      "What does that let you do?"])
def test_after_telling_something_an_effect_question_on_that_gets_the_next_rung(question):
    r = _respondent()
    assert r.answer("What do you think of having someone hold your arms?").new == ["hold"]
    a = r.answer(question)
    assert a.intent == "ladder_up" and a.topic == "hold" and a.new == ["relax"]


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_a_question_pointing_back_at_what_was_said_stays_on_it(seed):
    r = _respondent(seed)
    assert r.answer("What do you think of having someone hold your arms?").new == ["hold"]
    a = r.answer("What do you make of that?")
    assert a.topic == "hold" and a.new == ["relax"]


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_guard_an_opening_with_no_pointer_back_still_opens_something_new(seed):
    r = _respondent(seed)
    assert r.answer("What do you think of having someone hold your arms?").new == ["hold"]
    a = r.answer("What is the first thing that comes to mind about the hall?")
    assert a.topic is None and len(a.new) == 1 and a.new[0] in ("loud",)
