"""A fake encoder at the embedding seam: fixed vectors for named labels, counted calls."""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

DIM = 8

def unit(*values: float) -> np.ndarray:
    v = np.zeros(DIM, dtype=np.float32)
    v[: len(values)] = values
    return v / np.linalg.norm(v)


def aligned_calibrations():
    """Two calibrations for the fake encoder: the aligned tier on at the lowest floor for every type with WordNet's
    looser links (the shipped tables), and every tier off (for :func:`assert_merged_aligned`'s ``off``)."""
    from interview_core.dedup.calibration import Calibration

    common = dict(model="fake-encoder", target_precision=0.95, min_precision=0.95, dev_pairs=0, jaccard_thresholds={},
                  embedding_thresholds={})
    return (Calibration(**common, aligned_thresholds={"default": 0.4}, related_words=True),
            Calibration(**common, aligned_thresholds={}))


def assert_merged_aligned(lexicon, calibration, off, node_type: str, a: str, b: str) -> None:
    """Each label merges into the other by the aligned-words tier under ``calibration``, with a fake encoder
    scoring them at cosine 0.89 (above the aligned floor) and on words alone (no model); under each calibration
    of ``off`` (the evidence it was tested for not certified) it does not."""
    from interview_core.config.settings import DedupSettings
    from interview_core.dedup.matcher import HybridMatcher

    enc = FakeEncoder({a: unit(1, 0), b: unit(1, 0.5)})
    m = HybridMatcher(DedupSettings(), lexicon=lexicon, encoder=enc, calibration=calibration)
    assert m.match(b, node_type, [("n1", a)]).method == "aligned"
    assert m.match(a, node_type, [("n1", b)]).method == "aligned"
    words = HybridMatcher(DedupSettings(), lexicon=lexicon, encoder=None, calibration=calibration)
    assert words.match(b, node_type, [("n1", a)]).method == "aligned"
    for cal in off:
        assert HybridMatcher(DedupSettings(), lexicon=lexicon, encoder=enc, calibration=cal).match(b, node_type, [("n1", a)]) is None


def assert_never_merged(lexicon, calibration, node_type: str, a: str, b: str) -> None:
    """Neither label merges into the other, with a fake encoder scoring them at cosine 0.99995 (only the
    guard and the words decide) nor on words alone (no model), under ``calibration``."""
    from interview_core.config.settings import DedupSettings
    from interview_core.dedup.matcher import HybridMatcher

    enc = FakeEncoder({a: unit(1, 0), b: unit(1, 0.01)})
    for encoder in (enc, None):
        m = HybridMatcher(DedupSettings(), lexicon=lexicon, encoder=encoder, calibration=calibration)
        assert m.match(b, node_type, [("n1", a)]) is None
        assert m.match(a, node_type, [("n1", b)]) is None


class FakeEncoder:
    """Returns the vector given for a label (by lower-case text), else a hash-seeded random unit vector."""

    name = "fake-encoder"

    def __init__(self, vectors: dict[str, np.ndarray] | None = None):
        self.vectors = {k.lower(): v for k, v in (vectors or {}).items()}
        self.calls: list[list[str]] = []

    def encode(self, texts):
        self.calls.append(list(texts))
        rows = []
        for t in texts:
            if t in self.vectors:
                rows.append(self.vectors[t])
            else:
                seed = int(hashlib.sha256(t.encode()).hexdigest()[:8], 16)
                v = np.random.default_rng(seed).normal(size=DIM).astype(np.float32)
                rows.append(v / np.linalg.norm(v))
        return np.stack(rows)


@pytest.fixture
def fake_encoder():
    return FakeEncoder


@pytest.fixture(scope="module")
def encoder():
    """The real bundled all-MiniLM-L6-v2, loaded offline (fails, never skips, when it cannot load)."""
    from interview_core.dedup.embeddings import encoder_error, get_encoder

    enc = get_encoder()
    assert enc is not None, encoder_error()
    return enc


@pytest.fixture(scope="module")
def parsed_lexicon():
    """The default lexicon with roles, failing loudly when the spaCy parser is not installed."""
    from interview_core.dedup.lexicon import default_lexicon

    lexicon = default_lexicon(None, True)
    if lexicon.syntax(lexicon.key("warm room")) is None:
        pytest.fail("the spaCy parser is not installed: run `make install`")
    return lexicon
