import logging

import pytest
from dedup_support import FakeEncoder, unit

from interview_core.config.settings import DedupSettings
from interview_core.dedup.matcher import HybridMatcher


def matcher(vectors=None, **settings):
    enc = FakeEncoder(vectors)
    return HybridMatcher(DedupSettings(**settings), encoder=enc), enc


def test_exact_then_jaccard_synonyms_merge():
    m, _ = matcher()
    assert m.match("Proper  Foam!", "attribute", [("n1", "proper foam")]).method == "exact"
    hit = m.match("proper froth", "attribute", [("n9", "milk temperature"), ("n1", "proper foam")])
    assert (hit.node_id, hit.similarity, hit.method) == ("n1", 1.0, "jaccard")


def test_embedding_tier_merges_above_threshold_and_logs_the_similarity(caplog):
    m, _ = matcher({"wakes me up": unit(1, 0), "gets me going": unit(0.9, 0.3), "long queues": unit(0, 1)})
    with caplog.at_level(logging.INFO, logger="interview_core.dedup.matcher"):
        hit = m.match("gets me going", "functional_consequence", [("n2", "long queues"), ("n1", "wakes me up")])
    assert (hit.node_id, hit.method) == ("n1", "embedding")
    assert hit.similarity == pytest.approx(0.9 / (0.9**2 + 0.3**2) ** 0.5, abs=1e-4)  # 0.9487
    assert m.merge_log[-1].similarity == hit.similarity and "0.949" in caplog.text


def test_below_embedding_threshold_does_not_merge():
    m, _ = matcher({"a thing": unit(1, 0), "another": unit(0.7, 0.71)})  # cosine 0.70
    assert m.match("another", "attribute", [("n1", "a thing")]) is None


@pytest.mark.parametrize("a,b", [("sweet", "not sweet enough"), ("cheap", "expensive"),
                                 ("comfortable bed", "uncomfortable bed"), ("easy to digest", "hard to digest")])
def test_opposites_never_merge_even_at_high_cosine(a, b):
    m, _ = matcher({a: unit(1, 0), b: unit(1, 0.01)})  # cosine 0.99995
    assert m.match(b, "attribute", [("n1", a)]) is None
    assert m.match(a, "attribute", [("n1", b)]) is None


def test_prepare_embeds_a_turn_in_one_batch_and_match_adds_no_call():
    m, enc = matcher()
    m.prepare(["proper foam", "nice foam on top", "long queues"])
    for label in ["proper foam", "nice foam on top", "long queues"]:
        m.match(label, "attribute", [("n1", "long queues"), ("n2", "proper foam")])
    m.prepare(["Proper foam"])  # already cached under its normalised text
    assert len(enc.calls) == 1 and m.encode_calls == 1 and m.encoded_texts == 3


def test_resume_imports_vectors_and_does_not_re_embed():
    first, enc1 = matcher()
    labels = ["creamy texture", "mixes well with coffee", "feel healthier"]
    first.prepare(labels)
    stored = first.export_vectors()
    assert set(stored) == set(labels) and all(len(v) == 8 for v in stored.values())
    assert first.export_vectors(["Creamy  Texture", "never embedded"]) == {"creamy texture": stored["creamy texture"]}

    resumed, enc2 = matcher()
    resumed.import_vectors(stored)
    resumed.prepare(labels)
    assert resumed.encode_calls == 0
    assert resumed.match("creamy textures", "attribute", [("n1", "creamy texture")]).method == "jaccard"
    resumed.match("silky mouth", "attribute", [("n1", "creamy texture"), ("n2", "feel healthier")])
    assert enc2.calls == [["silky mouth"]]  # only the new label; stored vectors were reused


def test_fallback_when_the_model_cannot_load_is_reported_and_lexical_tiers_still_work():
    m = HybridMatcher(DedupSettings(embedding_model="/nonexistent/minilm"))
    assert m.backend_status.startswith("lexical only: ") and "/nonexistent/minilm" in m.backend_status
    assert not m.embeddings_available
    assert m.match("proper froth", "attribute", [("n1", "proper foam")]).method == "jaccard"
    assert m.match("gets me going", "attribute", [("n1", "wakes me up")]) is None
    m.prepare(["anything"])  # a no-op without a backend
    assert m.encode_calls == 0 and m.export_vectors() == {}
    assert m.similarity("proper foam", "proper froth") == 1.0  # lexical similarity in the fallback


def test_embeddings_disabled_is_reported():
    m = HybridMatcher(DedupSettings(embeddings_enabled=False))
    assert m.backend_status == "lexical only: embeddings disabled in settings"


def test_backend_status_names_the_encoder():
    m, _ = matcher()
    assert m.backend_status == "embeddings: fake-encoder"


def test_sibling_with_looser_thresholds_shares_vectors():
    m, enc = matcher({"audiobook app": unit(1, 0), "large print shelf": unit(0.77, 0.64)})  # cosine 0.77
    loose = m.with_thresholds(0.6, 0.75)
    m.prepare(["audiobook app", "large print shelf"])
    assert m.match("large print shelf", "attribute", [("n1", "audiobook app")]) is None
    assert loose.match("large print shelf", "attribute", [("n1", "audiobook app")]).method == "embedding"
    assert len(enc.calls) == 1


def test_different_node_types_do_not_merge_in_the_knowledge_graph():
    from interview_core.config import registry
    from interview_core.graph.knowledge_graph import KnowledgeGraph
    from interview_core.language.contracts import ExtractedNode, ExtractionResult

    kg = KnowledgeGraph(registry.methodology("means_end_chain"), matcher(embeddings_enabled=True)[0])
    kg.apply(ExtractionResult(nodes=[ExtractedNode(label="proper foam", node_type="attribute", quote="q1")]), "u1", 1)
    delta = kg.apply(ExtractionResult(nodes=[
        ExtractedNode(label="proper froth", node_type="functional_consequence", quote="q2"),
        ExtractedNode(label="froth is proper", node_type="attribute", quote="q3"),
    ]), "u2", 2)
    assert len(delta.added_node_ids) == 1 and kg.node(delta.added_node_ids[0]).node_type == "functional_consequence"
    merged = kg.node(delta.merged[0]["node_id"])
    assert delta.merged[0]["method"] == "jaccard" and merged.quotes == ["q1", "q3"] and merged.utterance_ids == ["u1", "u2"]


def certified(embedding=None, contained=None):
    from interview_core.dedup.calibration import Calibration

    return Calibration(model="fake-encoder", target_precision=0.95, min_precision=0.95, dev_pairs=0,
                       jaccard_thresholds={"default": 0.75}, embedding_thresholds=embedding or {},
                       contained_thresholds=contained or {})


def test_no_tier_reading_a_vector_certified_means_the_turn_embeds_nothing():
    enc = FakeEncoder({"creamy texture": unit(1, 0), "silky texture": unit(1, 0.01)})  # cosine 0.99995
    m = HybridMatcher(DedupSettings(), encoder=enc, calibration=certified())
    assert m.calibration is not None and not m.vectors_for_every_candidate
    m.prepare(["creamy texture", "silky texture", "long queues"])  # the turn's batch: nothing to embed
    assert m.match("silky texture", "attribute", [("n1", "creamy texture"), ("n2", "long queues")]) is None
    assert enc.calls == [] and m.encode_calls == 0
    # every word aligned: the aligned-words tier's, off here (the overlap tier leaves it to that tier)
    assert m.match("creamy textures", "attribute", [("n1", "creamy texture")]) is None
    assert enc.calls == []


def test_without_a_model_the_aligned_tier_runs_on_words_where_its_floor_asks_nothing_of_the_cosine():
    cal = certified()
    m = HybridMatcher(DedupSettings(), encoder=None, calibration=cal.model_copy(update={"aligned_thresholds": {"default": 0.4}}))
    assert m.match("creamy textures", "attribute", [("n1", "creamy texture")]).method == "aligned"
    assert m.match("creamy texture", "attribute", [("n1", "creamy texture with fruit")]) is None  # words added
    m = HybridMatcher(DedupSettings(), encoder=None, calibration=cal.model_copy(update={"aligned_thresholds": {"default": 0.6}}))
    assert m.match("creamy textures", "attribute", [("n1", "creamy texture")]) is None  # rests on the cosine


def test_containment_alone_embeds_only_the_contained_candidates_lazily():
    enc = FakeEncoder({"bike storage": unit(1, 0), "offering bike storage": unit(0.8, 0.6)})  # cosine 0.8
    m = HybridMatcher(DedupSettings(), encoder=enc, calibration=certified(contained={"default": 0.4}))
    m.prepare(["offering bike storage", "long queues", "friendly staff"])
    assert enc.calls == []
    hit = m.match("offering bike storage", "attribute",
                  [("n1", "long queues"), ("n2", "bike storage"), ("n3", "friendly staff")])
    assert (hit.node_id, hit.method) == ("n2", "contained")
    # one batch: the label and its container, with the turn's other labels (waiting since prepare)
    assert enc.calls == [["offering bike storage", "bike storage", "long queues", "friendly staff"]]
    m.similarity("long queues", "friendly staff")  # e.g. a signal reading the turn's labels: no new call
    assert len(enc.calls) == 1


def test_a_certified_embedding_tier_embeds_the_turn_in_one_batch():
    enc = FakeEncoder()
    m = HybridMatcher(DedupSettings(), encoder=enc, calibration=certified(embedding={"attribute": 0.9}))
    assert m.vectors_for_every_candidate
    m.prepare(["proper foam", "long queues"])
    assert enc.calls == [["proper foam", "long queues"]]
