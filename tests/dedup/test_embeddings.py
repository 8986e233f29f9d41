"""The real bundled all-MiniLM-L6-v2 (loaded once for this file, offline)."""

import threading

import numpy as np
import pytest

from interview_core.config.settings import DedupSettings
from interview_core.dedup.embeddings import encoder_error, get_encoder
from interview_core.dedup.matcher import HybridMatcher


def test_loads_offline_once_and_is_shared_across_threads(encoder):
    got = []
    threads = [threading.Thread(target=lambda: got.append(get_encoder())) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(e is encoder for e in got) and encoder.name == "all-MiniLM-L6-v2"


def test_vectors_are_unit_length_384(encoder):
    v = encoder.encode(["proper foam", "nice foam on top"])
    assert v.shape == (2, 384) and np.allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)


def test_real_model_merges_paraphrase_and_guards_antonym(encoder):
    m = HybridMatcher(DedupSettings(), use_calibration=False)  # the flat 0.80 threshold
    assert m.backend_status == "embeddings: all-MiniLM-L6-v2"
    assert m.similarity("cheap", "expensive") >= 0.75  # MiniLM finds these close ...
    assert m.match("expensive", "attribute", [("n1", "cheap")]) is None  # ... the guard keeps them apart
    hit = m.match("proper froth", "attribute", [("n1", "proper foam")])  # WordNet synonyms
    assert hit is not None and hit.method == "jaccard"
    hit = m.match("radiant glowing skin", "attribute", [("n2", "dry skin"), ("n1", "glowing complexion")])
    assert hit is not None and (hit.node_id, hit.method) == ("n1", "embedding") and hit.similarity >= 0.80


def test_unknown_hub_name_fails_without_download():
    assert get_encoder("no-such-org/no-such-model-xyz") is None
    assert encoder_error("no-such-org/no-such-model-xyz")


def test_encoder_runs_torch_on_the_configured_threads(encoder):
    import torch

    from interview_core.dedup.embeddings import ENCODER_THREADS

    assert ENCODER_THREADS == 1 and torch.get_num_threads() == ENCODER_THREADS


def test_word_vectors_join_word_pieces_and_are_contextual_unit_rows(encoder):
    words, vecs = encoder.word_vectors("unfrothable foam", layer=-1)
    assert words == ["unfrothable", "foam"] and vecs.shape == (2, 384)
    assert np.allclose(np.linalg.norm(vecs, axis=1), 1.0, atol=1e-4)
    _, other = encoder.word_vectors("memory foam", layer=-1)
    assert float(vecs[1] @ other[1]) < 0.999  # the same word in another label: another vector
    _, first = encoder.word_vectors("unfrothable foam", layer=0)
    assert not np.allclose(first, vecs)  # layer 0 (the embedding layer) is not the last
    assert encoder.word_vectors("", layer=-1)[0] == []


def test_candidate_scores_of_the_tier_population():
    from interview_core.dedup.evaluation import LabelledPair
    from interview_core.dedup.tuning import SCORE_LAYERS, candidate_scores, tier_population

    m = HybridMatcher(DedupSettings(), use_calibration=False)
    pairs = [LabelledPair("d", "dev", "attribute", *ab) for ab in
             [("cheap", "inexpensive", True), ("cheap", "expensive", False), ("proper foam", "proper foam", True),
              ("quick delivery", "fast shipping", True)]]
    rows = tier_population(m, pairs)  # exact and overlapping (WordNet synonyms) removed, the antonym guarded
    assert [r.pair.b for r in rows] == ["fast shipping"]
    assert [r.pair.b for r in tier_population(m, pairs, guarded=False)] == ["expensive", "fast shipping"]
    scores = candidate_scores(m, tier_population(m, pairs, guarded=False))
    assert len(scores) == 5 + len(SCORE_LAYERS) and all(len(v) == 2 for v in scores.values())
    words = scores["content-word alignment (WordNet links, else word cosine)"]
    assert words[0] < 1.0 and -1.0 <= words[1] <= 1.0  # antonyms are not WordNet-linked
