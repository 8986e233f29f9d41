"""The converted encoder (linear layers reordered for oneDNN, bfloat16 where the CPU has it) gives the
vectors of the original model: the real bundled all-MiniLM-L6-v2, loaded offline."""

import numpy as np
import pytest

from interview_core.dedup import embeddings
from interview_core.dedup.embeddings import MAX_TOKENS, get_encoder

TEXTS = ["creamy texture", "not owning a drill", "What does a quiet morning give you?",
         "the price is a bit steep for what you get every single week", "peace of mind"]


@pytest.fixture(scope="module")
def original():
    """The unconverted sentence-transformers model and its own encode (float32)."""
    from sentence_transformers import SentenceTransformer

    model = SentenceTransformer(embeddings._default_model_path(), device="cpu", local_files_only=True)
    return model


def _reference(model, texts):
    return model.encode(list(texts), normalize_embeddings=True, convert_to_numpy=True, show_progress_bar=False)


def test_default_encoder_is_converted_and_agrees_with_the_original(original):
    import torch

    enc = get_encoder()
    assert enc is not None, embeddings.encoder_error()
    expected = "bfloat16" if torch.ops.mkldnn._is_mkldnn_bf16_supported() else "float32"
    assert enc.precision == expected
    got, ref = enc.encode(TEXTS), _reference(original, TEXTS)
    assert np.min(np.sum(got * ref, axis=1)) >= 0.9995


def test_float32_conversion_gives_the_original_vectors(original):
    enc = get_encoder(precision="float32")
    assert enc.precision == "float32" and enc is not get_encoder()
    assert np.abs(enc.encode(TEXTS) - _reference(original, TEXTS)).max() < 1e-5


def test_a_texts_vector_does_not_depend_on_the_others_in_its_batch():
    enc = get_encoder()
    enc.cache.clear()
    together = enc.encode(TEXTS)
    alone = []
    for text in TEXTS:
        enc.cache.clear()  # each text through the model on its own
        alone.append(enc.encode([text])[0])
    assert np.min(np.sum(together * np.stack(alone), axis=1)) >= 0.9999


def test_long_texts_are_truncated_not_refused():
    enc = get_encoder()
    assert enc._model.max_seq_length == MAX_TOKENS
    long_text = "this answer goes on and on " * 80
    vec = enc.encode([long_text, long_text + " and on"])
    assert vec.shape == (2, 384) and float(vec[0] @ vec[1]) > 0.999  # the tail beyond the limit is cut


def test_a_conversion_that_disagrees_falls_back_to_the_original_model(original, monkeypatch):
    monkeypatch.setattr(embeddings, "PROBE_MIN_COSINE", 1.01)  # nothing can agree this closely
    model, precision = embeddings._fast_model(original, "bfloat16")
    assert model is original and precision == "float32 (unconverted)"


def test_threads_encoding_at_once_get_the_vectors_of_one_at_a_time():
    import threading

    enc = get_encoder()
    texts = [f"{word} for the {thing}" for word in ("saving time", "feeling calm", "paying less", "a good habit")
             for thing in ("morning", "family", "planet")]
    enc.cache.clear()
    expected = {t: enc.encode([t])[0] for t in texts}
    enc.cache.clear()
    got, errors = {}, []

    def work(chunk):
        try:
            for t, v in zip(chunk, enc.encode(chunk)):
                got[t] = v
        except Exception as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(texts[i::4],)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and set(got) == set(texts)
    assert min(float(got[t] @ expected[t]) for t in texts) >= 0.9999
