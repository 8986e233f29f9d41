"""The encoder embeds each text once per process, in as few forward passes as the batch size allows."""

import threading

import numpy as np
import pytest

from interview_core.dedup import embeddings
from interview_core.dedup.embeddings import BATCH_SIZE, SentenceTransformerEncoder, VectorCache
from perf_support import DIM, CountingModel, text_vector


def make_encoder(capacity: int = 100):
    model = CountingModel()
    return SentenceTransformerEncoder(model, "counting", cache=VectorCache(capacity)), model


def test_one_forward_pass_for_a_call_and_none_for_cached_texts():
    enc, model = make_encoder()
    first = enc.encode(["price", "creamy texture", "price"])
    assert model.batches == [["price", "creamy texture"]]  # a repeated text goes through the model once
    assert np.allclose(first[0], text_vector("price")) and np.allclose(first[2], first[0])
    again = enc.encode(["creamy texture", "foam", "price"])
    assert model.batches[1:] == [["foam"]]  # only the new text
    assert np.allclose(again[0], first[1]) and np.allclose(again[2], first[0])
    stats = enc.stats()
    assert (stats.calls, stats.texts, stats.cache_hits, stats.encoded, stats.forward_passes) == (2, 6, 3, 3, 2)  # a repeat within a call is served without the model too
    enc.encode(["foam", "price"])
    assert len(model.batches) == 2 and enc.stats().cache_hits == 5


def test_rows_are_unit_length_float32_in_the_order_asked():
    enc, _ = make_encoder()
    texts = ["b", "a longer text", "c", "a"]
    out = enc.encode(texts)
    assert out.dtype == np.float32 and out.shape == (4, DIM)
    assert np.allclose(np.linalg.norm(out, axis=1), 1.0, atol=1e-6)
    assert all(np.allclose(row, text_vector(t), atol=1e-6) for row, t in zip(out, texts))
    assert enc.encode([]).shape == (0, DIM)


def test_large_calls_are_split_into_batches_of_similar_length():
    enc, model = make_encoder(capacity=1000)
    texts = [f"label {i} " + "word " * (i % 7) for i in range(BATCH_SIZE * 2 + 5)]
    enc.encode(texts)
    assert [len(b) for b in model.batches] == [BATCH_SIZE, BATCH_SIZE, 5]
    lengths = [[len(t) for t in b] for b in model.batches]
    assert max(lengths[0]) <= min(lengths[1]) and max(lengths[1]) <= min(lengths[2])  # sorted by length


def test_returned_rows_are_copies_and_cached_rows_read_only():
    enc, _ = make_encoder()
    out = enc.encode(["price"])
    out[0, :] = 0.0  # the caller may scribble on its result ...
    assert np.allclose(enc.encode(["price"])[0], text_vector("price"))  # ... the cache is untouched
    found, missing = enc.cache.lookup(["price"])
    assert missing == [] and not found["price"].flags.writeable


def test_cache_is_bounded_least_recently_used_first():
    cache = VectorCache(2)
    cache.store([("a", text_vector("a")), ("b", text_vector("b"))])
    cache.lookup(["a"])  # a is now the most recently used
    cache.store([("c", text_vector("c"))])
    found, missing = cache.lookup(["a", "b", "c"])
    assert sorted(found) == ["a", "c"] and missing == ["b"] and len(cache) == 2
    assert VectorCache(0).lookup(["a"]) == ({}, ["a"])


def test_concurrent_sessions_get_the_same_vectors_and_the_cache_stays_bounded():
    enc, model = make_encoder(capacity=50)
    texts = [f"text {i}" for i in range(80)]
    errors = []

    def work(offset: int):
        try:
            for k in range(40):
                chunk = [texts[(offset + k + j) % len(texts)] for j in range(5)]
                out = enc.encode(chunk)
                assert all(np.allclose(row, text_vector(t), atol=1e-6) for row, t in zip(out, chunk))
        except Exception as exc:  # reported below: an assertion in a thread would not fail the test
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(i * 13,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and len(enc.cache) <= 50
    assert enc.stats().calls == 6 * 40 and enc.stats().texts == 6 * 40 * 5


def test_clear_vector_caches_empties_every_loaded_encoder(monkeypatch):
    enc, model = make_encoder()
    monkeypatch.setitem(embeddings._encoders, ("counting-model", "float32"), enc)
    enc.encode(["price"])
    embeddings.clear_vector_caches()
    enc.encode(["price"])
    assert model.batches == [["price"], ["price"]]


def test_an_unknown_precision_argument_is_refused_and_an_unknown_environment_value_reported(monkeypatch):
    with pytest.raises(ValueError, match="precision"):
        embeddings.get_encoder(precision="int4")
    monkeypatch.setenv(embeddings.PRECISION_ENV, "int4")
    assert embeddings.get_encoder() is None  # no embeddings, never a crashed interview
    assert "INTERVIEW_ENCODER_PRECISION='int4'" in embeddings.encoder_error()
