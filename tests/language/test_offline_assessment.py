"""Assessment levels: depth, hedging and certainty, knowledge ceiling, valence, engagement."""

from pathlib import Path

import pytest

from interview_core.language.contracts import ExtractionRequest
from interview_core.language.offline import OfflineLanguage

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def assess(mec, oat_milk):
    lang = OfflineLanguage()
    return lambda answer: lang.extract(
        ExtractionRequest(methodology=mec, concept=oat_milk, answer=answer, utterance_id="u1")).assessment


LONG = ("I really like how creamy it is because it foams properly for my lattes, so I get a proper froth every "
        "morning at home. That means my morning coffee feels like a treat, and that's why I keep buying it. "
        "For me it's about taking care of myself, which gives me peace of mind for the day.")


def test_depth_levels(assess):
    assert assess("Creamy.").response_depth == "surface"
    assert assess("Okay.").response_depth == "surface"
    assert assess("I like the taste.").response_depth == "shallow"
    assert assess("I like the taste because it is mild.").response_depth == "moderate"
    assert assess(LONG).response_depth == "deep"


def test_hedges_lower_certainty(assess):
    plain = assess("It foams well for lattes.")
    hedged = assess("I guess it maybe foams well for lattes, probably.")
    assert plain.hedging_language == "none"
    assert hedged.hedging_language == "high"
    assert hedged.certainty < plain.certainty - 0.3
    assert assess("It definitely foams well.").certainty > plain.certainty


def test_knowledge_ceiling(assess):
    terminal = assess("I don't know, never thought about it.")
    assert terminal.knowledge_ceiling == "terminal"
    assert not terminal.extractable
    assert assess("Hmm, I haven't really thought about that before...").knowledge_ceiling == "terminal"
    exploratory = assess("I don't know... maybe because it saves me time in the morning?")
    assert exploratory.knowledge_ceiling == "exploratory"
    assert assess(LONG).knowledge_ceiling == "none"


def test_valence_follows_sentiment(assess):
    assert assess("I love it, it's wonderful and delicious.").valence > 0.75
    assert assess("It's awful, I hate the aftertaste.").valence < 0.3
    assert assess("It's too expensive.").valence <= 0.4
    assert 0.4 <= assess("It comes in a carton.").valence <= 0.6


def test_engagement_specificity_and_reasoning(assess):
    short, long = assess("Fine."), assess(LONG)
    assert short.engagement < 0.3 < 0.8 < long.engagement
    assert long.intellectual_engagement > 0.6 and short.intellectual_engagement == 0.0
    vague = assess("It's nice, kind of, stuff like that and whatever things.")
    specific = assess("Every morning at home I use 200 ml in my latte, for example yesterday.")
    assert specific.specificity > vague.specificity + 0.3
    assert vague.ambiguity > specific.ambiguity
