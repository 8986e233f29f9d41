"""A painful disclosure is acknowledged briefly and humanely and never probed as if it were a benefit; the
disclosure is found by method (WordNet: what a word names; the parse: whose it is), not from a list of
phrases; wording of the interview's start is not used late. Our own domain (a community bike-repair
cafe, "SpokeShed"), written for these tests and used in no evaluation file."""

import pytest

from interview_core.language.contracts import FocusRef, QuestionRequest, Turn
from interview_core.language.offline import OfflineLanguage
from interview_core.language.offline.distress import disclosed_hardship

ACKS = ("sorry", "sounds hard", "sounds difficult")


@pytest.fixture
def spoke(oat_milk):
    return oat_milk.model_copy(update={"id": "spoke_shed", "name": "SpokeShed", "elements": [],
                                       "stimulus": "SpokeShed: a volunteer cafe where you fix your own bike with borrowed tools."})


@pytest.mark.parametrize("answer,word", [
    ("My brother passed away in the autumn and the bike was his", "passed"),     # a death, phrasal verb
    ("we lost our grandad last year", "lost"),                                  # losing a person
    ("since I lost my job I cycle everywhere", "lost"),                          # losing a livelihood
    ("I had a mild stroke so I'm careful now", "stroke"),                        # an illness told as had
    ("my daughter has asthma so the hills are hard", "asthma"),                  # an illness someone close has
    ("we're in a lot of debt at the moment", "debt"),                            # money trouble
    ("I have been really stressed lately", "stressed"),                          # a state of distress
])
def test_a_hardship_is_found_by_what_the_word_names(answer, word):
    assert word in disclosed_hardship(answer), answer


@pytest.mark.parametrize("answer", [
    "the chain keeps coming off and it drives me mad",   # a complaint about the product
    "I'm worried about the cost of parts",               # a concern about a matter of the interview
    "if the brakes failed who would be responsible",    # a condition, not a disclosure
    "my old bike died on me halfway up the hill",       # a thing 'dies': not a person's death (no person close)
    "the queue was a nightmare",
])
def test_a_complaint_or_a_condition_is_no_hardship(answer):
    assert disclosed_hardship(answer) == (), answer


def _next(mec, concept, answer, label, turn=4, kind="node"):
    request = QuestionRequest(methodology=mec, concept=concept, strategy=mec.strategy("deepen"), turn_number=turn,
                              focus=FocusRef(kind=kind, label=label) if kind == "node" else FocusRef(),
                              recent_turns=[Turn(question="What matters to you about SpokeShed?", answer=answer)])
    return OfflineLanguage().write_question(request).question


def test_a_disclosed_illness_is_acknowledged_and_not_probed_as_a_benefit(mec, spoke):
    q = _next(mec, spoke, "I had a mild stroke two years ago, so I want to stay active", "mild stroke")
    assert any(a in q.lower() for a in ACKS), q
    assert "stroke" not in q.lower() and "why" not in q.lower() and "give you" not in q.lower(), q
    assert q.rstrip().endswith("?") and q.count("?") == 1, q


def test_the_acknowledgement_comes_before_a_question_on_the_other_topic(mec, spoke):
    q = _next(mec, spoke, "My brother passed away in the autumn. Fixing up his bike keeps me close to him.",
              "fixing up his bike")
    assert any(a in q.lower() for a in ACKS), q
    assert q.rstrip().endswith("?"), q


def test_no_acknowledgement_without_a_hardship(mec, spoke):
    q = _next(mec, spoke, "the chain keeps coming off and it drives me mad", "chain")
    assert not any(a in q.lower() for a in ACKS), q


def test_first_impression_wording_is_not_used_late(mec, spoke):
    questions = []
    for turn in range(6, 14):
        request = QuestionRequest(methodology=mec, concept=spoke, strategy=mec.strategy("ease"),
                                  turn_number=turn, seed=turn,
                                  recent_turns=[Turn(question="Why does that matter to you?", answer="no idea")])
        questions.append(OfflineLanguage().write_question(request).question)
    assert not any("first impression" in q.lower() for q in questions), questions
