"""The respondent: intent recognition, reveal logic per intent, determinism, persona behaviour."""

import ast
import statistics
from pathlib import Path

import pytest
from reference_support import REFERENCE

from interview_core.config import registry
from interview_core.config.errors import ConfigError
from interview_core.config.persona import Persona
from interview_core.simulation import intent
from interview_core.simulation.mind import parse_mind
from interview_core.simulation.respondent import SimulatedRespondent

MIND = """
id: t
concept: oat_milk
concepts:
  - {id: creamy, type: attribute, element: texture, stance: 1, phrasings: ["how creamy it is", "the creamy texture"]}
  - {id: foam, type: functional_consequence, element: foaming, stance: 1, phrasings: ["it foams properly", "I get a proper froth"]}
  - {id: special, type: psychosocial_consequence, stance: 1, phrasings: ["my coffee feels special"]}
  - {id: enjoy, type: terminal_value, stance: 1, phrasings: ["enjoying the small pleasures"]}
  - {id: pricey, type: attribute, element: price, stance: -1, phrasings: ["it costs more than normal milk"]}
  - {id: nosugar, type: attribute, element: no_sugar, stance: 1, phrasings: ["there's no added sugar"]}
  - {id: energy, type: functional_consequence, stance: 1, phrasings: ["my energy stays steady"]}
links: [[creamy, foam], [foam, special], [special, enjoy], [nosugar, energy]]
dont_know: ["I haven't thought about it beyond that."]
"""


@pytest.fixture
def mind():
    return parse_mind(Path("t.yaml"), MIND)[0]


def plain(**kw) -> Persona:
    """Always medium answers, no deflection, no hedging: reveal logic in isolation."""
    base = dict(id="plain", name="Plain", response_patterns={"detailed": 0, "medium": 1, "brief": 0, "acknowledgment": 0},
                hedging_rate=0.0)
    return Persona(**{**base, **kw})


@pytest.mark.parametrize("question,expected", [
    ("Why is the creamy texture important to you?", "ladder_up"),
    ("You mentioned foam. What does that give you?", "ladder_up"),
    ("What happened after the payment failed?", "ladder_up"),
    ("What else comes to mind?", "new_branch"),
    ("Is there anything else that matters to you here?", "new_branch"),
    ("How does it feel when the foam holds?", "emotion"),
    ("How do you feel about the price?", "emotion"),
    ("So if I understand you, it's about the foam. Is that right?", "confirm"),
    ("Let me check I understood: creamy, foam. What would you add or correct?", "confirm"),
    ("What do you mean by creamy?", "clarify"),
    ("Could you say more about that?", "clarify"),
    ("What if it didn't foam?", "contrast"),
    ("How would it be different without the foam?", "contrast"),
    ("Compared to what you use now, how does it stand out?", "contrast"),
    ("What is the first thing that stands out to you about oat milk?", "open"),
])
def test_intent_from_wording(question, expected):
    assert intent.classify(question) == expected


def test_type_hints():
    assert "learning" in intent.type_hints("What did you take away from it?")
    assert "pain_point" in intent.type_hints("What gets in the way of cooking?")
    assert intent.type_hints("Why is that?") == set()


def test_ladder_up_reveals_next_rung_then_says_dont_know_above_top(mind):
    r = SimulatedRespondent(mind, plain(), seed=1)
    a = r.answer("What do you think about how creamy it is?")
    assert a.new == ["creamy"]
    assert r.answer("Why is that important to you?").new == ["foam"]
    assert r.answer("Why does that matter to you?").new == ["special"]
    a = r.answer("And why is that important?")
    assert a.new == ["enjoy"] and a.intent == "ladder_up"
    top = r.answer("Why is that important to you?")
    assert top.new == [] and "dont_know" in top.flags and "beyond that" in top.text


def test_ladder_climbs_past_known_rungs(mind):
    r = SimulatedRespondent(mind, plain(), seed=1)
    r.answer("What about the creamy texture?")
    r.answer("Why does the creamy texture matter?")                 # foam
    a = r.answer("Going back to the creamy texture, why is it important?")  # foam known: climb to special
    assert a.new == ["special"] and "foam" in a.revealed


def test_new_branch_reveals_an_unrevealed_bottom_rung(mind):
    r = SimulatedRespondent(mind, plain(), seed=3)
    seen = set()
    for _ in range(3):
        a = r.answer("What else comes to mind?")
        assert len(a.new) == 1 and mind.rung[a.new[0]] == 1 and a.new[0] not in seen
        seen.update(a.new)
    assert seen == {"creamy", "pricey", "nosugar"}
    last = r.answer("Anything else?")
    assert last.new in ([], ["foam"], ["energy"], ["special"], ["enjoy"])


def test_emotion_prefers_an_emotional_rung(mind):
    r = SimulatedRespondent(mind, plain(), seed=0, concept=registry.concept("oat_milk"))
    assert r.answer("What do you think about the foam?").new == ["foam"]  # 'foam' is a foaming alias
    a = r.answer("How does it feel when it foams properly?")
    assert a.intent == "emotion" and a.new == ["special"]


def test_summary_confirmed_or_corrected(mind):
    r = SimulatedRespondent(mind, plain(), seed=0)
    r.answer("What do you think about how creamy it is?")
    r.answer("Why is that important to you?")
    ok = r.answer("Let me check I understood: the creamy texture, and it foams properly. Is that right?")
    assert ok.intent == "confirm" and set(ok.revealed) == {"creamy", "foam"} and ok.new == []
    wrong = r.answer("So if I understand, it's mostly about the recyclable carton. Correct me if not.")
    assert "corrected" in wrong.flags and wrong.new == [] and wrong.revealed == ["foam"]


def test_clarification_restates_and_grounds_in_a_lower_rung(mind):
    r = SimulatedRespondent(mind, plain(), seed=0)
    assert r.answer("Tell me about how your energy stays steady.").new == ["energy"]
    a = r.answer("What do you mean by your energy stays steady?")
    assert a.intent == "clarify" and a.new == ["nosugar"] and "energy" in a.revealed


def test_contrast_brings_up_a_disliked_concept(mind):
    r = SimulatedRespondent(mind, plain(), seed=0)
    r.answer("What do you think about how creamy it is?")
    a = r.answer("How would it be different without the creamy texture?")
    assert a.intent == "contrast" and a.new == ["pricey"]


def test_question_about_an_element_reveals_that_concept(mind):
    concept = registry.concept("oat_milk")
    r = SimulatedRespondent(mind, plain(), seed=0, concept=concept)
    a = r.answer("What's your reaction to the price premium?")  # 'price' is an alias of the price element
    assert a.new == ["pricey"]


def test_stimulus_in_the_opening_is_not_taken_as_the_topic(mind):
    concept = registry.concept("oat_milk")
    r = SimulatedRespondent(mind, plain(), seed=0, concept=concept)
    opening = concept.stimulus.strip() + " What is the first thing that stands out to you about oat milk?"
    a = r.answer(opening)
    assert a.topic is None and a.intent == "open" and len(a.new) == 1


QUESTIONS = [
    "What is the first thing that stands out to you?", "Why is that important to you?", "What does that give you?",
    "Why does that matter to you personally?", "What else comes to mind?", "Why is that important to you?",
    "How does that make you feel?", "What do you mean exactly?", "How would it be different without that?",
    "Anything else that matters?", "Why is that important to you?", "So if I understand, it's about the foam. Is that right?",
] * 3


def interview(persona, mind_name="oat_milk_health_seeker", seed=0, questions=QUESTIONS):
    mind = registry.resolve("minds", mind_name)
    from interview_core.simulation.mind import load_mind
    r = SimulatedRespondent(load_mind(mind), persona, seed=seed, concept=registry.concept("oat_milk"))
    return [r.answer(q) for q in questions]


def test_deterministic_under_a_seed():
    p = registry.persona("cooperative")
    a, b, c = interview(p, seed=7), interview(p, seed=7), interview(p, seed=8)
    assert [x.text for x in a] == [x.text for x in b]
    assert [x.revealed for x in a] == [x.revealed for x in b]
    assert [x.text for x in a] != [x.text for x in c]


def words(answers):
    return statistics.mean(len(a.text.split()) for a in answers)


def flag_share(answers, flag):
    return sum(flag in a.flags for a in answers) / len(answers)


@pytest.mark.reference
def test_all_nine_reference_personas_load_and_answer():
    paths = sorted((REFERENCE / "personas").glob("*.yaml"))
    assert len(paths) == 9
    for path in paths:
        answers = interview(registry.persona(str(path)), seed=1)
        assert all(a.text for a in answers), path.name


def assert_behaviours(runs: dict, base: str, brief: str, verbose: str, hedger: str, fixator: str, tiring: str,
                      emotional: str) -> None:
    """Each behaviour measurably differs from the cooperative control."""
    coop = runs[base]
    assert words(runs[brief]) < 0.7 * words(coop) < words(coop) < words(runs[verbose])
    assert flag_share(runs[hedger], "hedged") > 2 * flag_share(coop, "hedged")
    assert flag_share(runs[verbose], "tangent") > 0.3 and flag_share(coop, "tangent") == 0
    assert flag_share(runs[fixator], "fixated") > 0 and flag_share(coop, "fixated") == 0
    assert sum(a.text.endswith("!") for a in runs[emotional]) > 0.9 * len(runs[emotional])
    tired = runs[tiring]
    per_run = len(QUESTIONS)
    early = [a for i, a in enumerate(tired) if i % per_run < 5]
    late = [a for i, a in enumerate(tired) if i % per_run >= 20]
    assert words(late) < 0.6 * words(early)
    ack = lambda xs: sum(a.kind == "acknowledgment" for a in xs) / len(xs)
    assert ack(runs[brief]) > 2 * ack(coop)


def test_our_personas_cover_the_behaviours_measurably():
    """Our own personas (no ../shared needed): brief, verbose/tangential, fatiguing, fixated, sceptical,
    emotional, uncertain and cooperative."""
    names = ("cooperative", "terse", "rambler", "unsure", "fixated", "tiring", "emotional", "sceptic")
    runs = {n: [a for seed in range(4) for a in interview(registry.persona(n), seed=seed)] for n in names}
    assert_behaviours(runs, "cooperative", "terse", "rambler", "unsure", "fixated", "tiring", "emotional")
    # the sceptic states views plainly: hardly any hedging, answers no longer than the control's
    assert flag_share(runs["sceptic"], "hedged") < 0.15
    assert words(runs["sceptic"]) <= words(runs["cooperative"])


@pytest.mark.reference
def test_reference_personas_change_behaviour_measurably():
    names = ("baseline_cooperative", "brief_responder", "verbose_tangential", "uncertain_hedger",
             "single_topic_fixator", "fatiguing_responder", "emotionally_reactive")
    runs = {n: [a for seed in range(4) for a in interview(registry.persona(str(REFERENCE / "personas" / f"{n}.yaml")), seed=seed)]
            for n in names}
    assert_behaviours(runs, *names)


def test_reference_personas_are_not_found_by_name():
    """The product never looks beside the project for files: a reference persona is used by path only."""
    with pytest.raises(ConfigError, match="no persona named 'baseline_cooperative'"):
        registry.persona("baseline_cooperative")


def test_our_knobs_drive_fixation_fatigue_and_tangents():
    knobs = plain(fixation=1.0, fatigue_onset=3, tangent_rate=1.0)
    answers = interview(knobs, seed=2)
    assert flag_share([a for a in answers if a.kind != "acknowledgment"], "tangent") == 1.0
    assert flag_share(answers, "fixated") > 0
    quiet = interview(plain(), seed=2)
    assert flag_share(quiet, "tangent") == 0 and flag_share(quiet, "fixated") == 0
    assert sum(a.kind in ("brief", "acknowledgment") for a in answers[10:]) > 10  # tired after turn 3
    assert all(a.kind == "medium" for a in quiet)


ENGINE_MODULES = ("session", "engine", "pipeline", "scoring", "graph", "state", "language", "signals", "persistence")


def test_respondent_never_imports_the_engine():
    pkg = registry.PROJECT_ROOT / "interview_core" / "simulation"
    for name in ("respondent.py", "intent.py", "behaviour.py", "phrasing.py", "mind.py", "similarity.py"):
        tree = ast.parse((pkg / name).read_text())
        for n in ast.walk(tree):
            if isinstance(n, ast.ImportFrom):
                mod = (n.module or "").split(".")
                assert not any(part in ENGINE_MODULES for part in mod), f"{name} imports {n.module}"
