"""A laddering strategy keeps asking why, in words that fit the topic's stance; a quote is the narrowest
complete clause around the focus; the concept's name reads as a noun phrase. Our own domain (a mobile
bike-repair service), written for these tests and used in no evaluation file."""

import re

import pytest

from language_support import ask_over_turns, outside_quotes
from interview_core.language.offline.naturalise import concept_phrase
from interview_core.language.offline.questions import strategy_function
from interview_core.language.offline.topics import topic_for
from interview_core.simulation.intent import classify

# A question that ladders asks why, what makes something important/matter, or what it makes possible.
LADDERS = re.compile(r"\bwhy\b|give you|help(s)? you|important|matters?\b|make possible|makes? possible|value|difference|problem", re.I)




def test_the_strategy_function_is_read_from_its_name(mec):
    assert strategy_function(mec.strategy("deepen")) == "ladder"
    assert strategy_function(None) == "default"


@pytest.mark.parametrize("label,answer", [
    # a complaint, a worry, a neutral clause, a negated one, a plain positive
    ("charging me for a repair", "the last mechanic cancelled twice and still charged me for a repair"),
    ("handing over my bike", "you're basically handing over your bike to a stranger"),
    ("fixing it outside my flat", "they fix it outside my flat while I work"),
    ("not carrying it to a shop", "not having to carry it to a shop on the bus"),
    ("quick turnaround", "the quick turnaround, same day usually"),
])
def test_a_laddering_strategy_asks_why_whatever_the_stance(mec, oat_milk, label, answer):
    for q in ask_over_turns(mec, oat_milk, label, answer, 6, "deepen"):
        probe = outside_quotes(q)
        assert LADDERS.search(probe), q
        assert classify(q) == "ladder_up", q


def test_a_complaint_is_laddered_without_presuming_a_benefit(mec, oat_milk):
    answer = "the last mechanic cancelled twice and still charged me for a repair"
    for q in ask_over_turns(mec, oat_milk, "charging me for a repair", answer, 6, "deepen"):
        probe = outside_quotes(q)
        assert not re.search(r"give you|help(s)? you|possible|value", probe, re.I), probe


def test_the_quote_is_the_narrowest_clause_holding_the_focus():
    topic = topic_for("sharing the bike fairly", ["We could share the bike fairly, which means fewer fights about it"])
    assert topic.kind == "quote"
    assert topic.quote == "We could share the bike fairly"  # the next concept is left for the answer


@pytest.mark.parametrize("name,shown", [
    ("Dog walking app", "the dog walking app"),         # a noun compound is never turned into gerunds
    ("Mobile bike repair", "the mobile bike repair"),
    ("Cooking classes", "cooking classes"),             # a plural takes no article
    ("E-bike commuting", "e-bike commuting"),           # an activity takes none
    ("The Spokesmith van", "the Spokesmith van"),       # a determiner as written; a name keeps its capital
    ("Spokesmith", "Spokesmith"),                       # a brand takes no article
    ("WheelWell", "WheelWell"),                         # nor does a name with an inner capital
])
def test_the_concept_name_reads_as_a_noun_phrase(name, shown):
    assert concept_phrase(name, frozenset({"Spokesmith"})) == shown
