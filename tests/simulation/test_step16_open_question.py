"""step16: a detailed respondent asked openly about something not yet said (a new aspect of the stimulus, named)
answers as one asked "what else": it introduces it and says what it leads to, as a real respondent who goes on at
length would; the answer does not depend on whether the question happened to say "else" (invented letterpress
printing workshop)."""

from pathlib import Path

from interview_core.config.concept import Concept, Element
from interview_core.config.persona import Persona
from interview_core.simulation.mind import parse_mind
from interview_core.simulation.respondent import SimulatedRespondent

MIND = """
id: inky
concept: letterpress_workshop
concepts:
  - {id: type_case, type: attribute, stance: 1, phrasings: ["the drawers of wooden type", "picking the wooden letters"]}
  - {id: slow_down, type: functional_consequence, stance: 1, phrasings: ["it makes me slow right down"]}
  - {id: calm, type: terminal_value, stance: 1, phrasings: ["feeling calm for once"]}
  - {id: take_home, type: attribute, stance: 1, phrasings: ["taking home the prints I set myself"]}
  - {id: proud, type: psychosocial_consequence, stance: 1, phrasings: ["I feel proud giving them as cards"]}
links: [[type_case, slow_down], [slow_down, calm], [take_home, proud]]
dont_know: ["I haven't thought about it beyond that."]
"""


CONCEPT = Concept(id="letterpress_workshop", name="Inkwell Press", methodology="means_end_chain",
                  stimulus="A Saturday letterpress workshop: set your own wooden type and take home your prints.",
                  elements=[Element(id="type", label="wooden type"), Element(id="prints", label="prints to take home")])


def _mind():
    return parse_mind(Path("inky.yaml"), MIND, concept=CONCEPT)[0]


def _detailed() -> Persona:
    return Persona(id="long", name="Long", response_patterns={"detailed": 1, "medium": 0, "brief": 0, "acknowledgment": 0},
                   hedging_rate=0.0)


def test_an_open_question_about_a_new_aspect_gets_its_next_rung_from_a_detailed_respondent():
    r = SimulatedRespondent(_mind(), _detailed(), seed=3, concept=CONCEPT)
    r.answer("What do you think about picking the wooden letters?")
    a = r.answer("What do you think of taking home the prints you set?")
    assert a.intent == "open" and a.topic == "take_home"
    assert a.new[:2] == ["take_home", "proud"]


def test_named_or_not_a_new_aspect_reveals_as_much():
    named = SimulatedRespondent(_mind(), _detailed(), seed=5, concept=CONCEPT)
    named.answer("What do you think about picking the wooden letters?")
    other = SimulatedRespondent(_mind(), _detailed(), seed=5, concept=CONCEPT)
    other.answer("What do you think about picking the wooden letters?")
    a = named.answer("And taking home the prints you set yourself: what do you make of that?")
    b = other.answer("What else comes to mind?")
    assert len(a.new) == len(b.new) == 2
