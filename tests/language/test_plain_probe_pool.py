"""When every probe of a strategy would repeat a recent question (and so would every rescue opener), the
writer asks a plain probe of another kind instead of the same words again; with or without an encoder.
Invented domain: a travelling knife-sharpening van."""

import pytest

from interview_core.config.concept import Concept, Element
from interview_core.config.methodology import Strategy
from interview_core.language.contracts import QuestionRequest
from interview_core.language.offline import OfflineLanguage, is_near_repeat
from interview_core.language.offline.questions import plain_probes

VAN = Concept(id="sharp_van", name="the knife-sharpening van", methodology="means_end_chain",
              objective="Why people use a mobile knife sharpener",
              elements=[Element(id="edge", label="Razor edge in ten minutes", aliases=["edge"])])
ONLY = "What else would you like to say about {concept}?"


# the strategy's own probe and the built-in default's other one (its fallback), both asked just now: every
# rescue opener before them still repeats their content words
DEFAULTS = [ONLY, "Could you tell me more about that?"]


def _recent() -> list[str]:
    return [d.format(concept=VAN.name) for d in DEFAULTS]


@pytest.mark.parametrize("embed", [None, "encoder"])
def test_a_strategy_whose_every_probe_repeats_gets_a_plain_probe_of_another_kind(mec, embed):
    strategy = Strategy(name="wrap_up", focus="none", question_templates=[ONLY])
    language = OfflineLanguage()
    if embed:
        from interview_core.dedup.embeddings import get_encoder
        encoder = get_encoder()
        assert encoder is not None, "the sentence encoder is a dependency of the install and must load"
        language = OfflineLanguage(embed=encoder.encode)
    recent = _recent()
    for turn in (8, 9, 10):
        q = language.write_question(QuestionRequest(methodology=mec, concept=VAN, strategy=strategy, turn_number=turn,
                                                    seed=4, recent_questions=recent)).question
        assert not is_near_repeat(q, recent), q
        assert any(q.endswith(p) for p in plain_probes({"concept": VAN.name}, turn)), q


def test_plain_probes_fill_the_concept_and_keep_start_wording_to_the_start():
    early, late = plain_probes({"concept": "the van"}, 1), plain_probes({"concept": "the van"}, 9)
    assert set(late) < set(early) or set(late) == set(early)
    assert all("{" not in q for q in early) and len(early) == len(set(early)) >= 5
    assert any("the van" in q for q in late)
