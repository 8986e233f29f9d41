"""Three-tier surface matching (seed 003, decision 9): exact, enhanced Jaccard, embedding cosine.

:class:`HybridMatcher` implements :class:`interview_core.graph.matching.NodeMatcher`. For a new label
and the existing same-type nodes it tries, in order:

1. exact: equal once case, punctuation and spacing are ignored (similarity 1.0);
2. enhanced Jaccard over normalised terms (suffix stripping, synonym sets from ``config/dedup.yaml``),
   merging at the word-overlap threshold or above; with a calibration, only pairs where neither label
   contains the other (those are tiers 3 and 4, each certified on its own evidence);
3. aligned words: every content word of each label matches a word of the other (reworded, nothing
   added: "quiet pool" / "the pool is quiet"), at a cosine at or above the certified floor of the node
   type (off without a calibration for the loaded model; without a model, on words alone where the
   certified floor is the lowest, :data:`~.calibration.LOWEST_FLOOR`); where the calibration certifies
   it (``related_words``), words also match through WordNet's looser links (:meth:`Lexicon.reworded`),
   and where it certifies that too (``defined_words``), through WordNet's definitions,
   and the guard is then read on both alignments;
4. containment: one label only adds words to the other (every content word of the shorter one, its
   head among them, matches a word of the longer one: :meth:`Lexicon.contained`, and words are added:
   :meth:`Lexicon.adds_words`), at a cosine at or above its own certified floor (off likewise). Tiers 3
   and 4 are certified apart: added words can change what a label names, so a record earned by labels
   that only reword each other says nothing about labels that add words;
5. embedding cosine (all-MiniLM-L6-v2) at the node type's threshold or above.

Thresholds are certified, not assumed: with a calibration (``config/dedup_calibration.yaml``, see
:mod:`interview_core.dedup.tuning`) a tier runs for a node type only at a threshold the labelled dev
pairs certified. A type the dev pairs did not certify gets the strictest certified threshold of the
word-overlap and containment tiers and no embedding tier at all (no pooled cosine threshold: a cosine
scale certified on other types says nothing about it); an empty table turns the tier off. Without a
calibration (another model, a caller's encoder, ``use_calibration=False``) the flat settings thresholds
apply (jaccard 0.75, cosine 0.80).

A pair the lexicon calls opposite (different negation polarity, an antonym pair, a negating prefix) is
never merged by tiers 2 to 5, however high its similarity: MiniLM scores "cheap"/"expensive" at 0.80.
Vectors are cached by label, exported and imported so a resumed session does not re-embed, and
computed in one batch per turn by :meth:`HybridMatcher.prepare`. When the embedding backend cannot
load, tiers 1 and 2 still run and :attr:`HybridMatcher.backend_status` says "lexical only: <reason>".
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import numpy as np

from interview_core.config.settings import DedupSettings
from interview_core.graph.matching import Match

from .calibration import LOWEST_FLOOR, POOLED, Calibration, load_calibration
from .embeddings import Encoder, encoder_error, get_encoder
from .lexicon import LabelKey, Lexicon, default_lexicon
from .text import normalise_text

log = logging.getLogger(__name__)
MAX_PENDING = 256  # labels a lazy matcher keeps waiting for the next encoder call


@dataclass(frozen=True)
class MergeRecord:
    """One merge decision: the new label, the node it merged into, similarity in [0, 1] and tier."""

    label: str
    node_id: str
    matched_label: str
    node_type: str
    similarity: float
    method: str


def strictest(table: dict[str, float | None], node_type: str) -> float | None:
    """A node type's threshold in a certified table: its own entry (None: the tier is off for it); for a
    type without one, when the table has a pooled ``default`` entry, the strictest (highest) threshold in
    the table, whatever that entry says, so a hand-edited file cannot loosen it; else None (off)."""
    if node_type in table:
        return table[node_type]
    if POOLED not in table:
        return None
    found = [v for v in table.values() if v is not None]
    return max(found) if found else None


def _capped(table: dict[str, float | None], cap: float) -> dict[str, float | None]:
    return {t: (None if v is None else min(v, cap)) for t, v in table.items()}


class _Shared:
    """State a matcher and its looser siblings share: lexicon, encoder, vector cache, counters."""

    def __init__(self, lexicon: Lexicon, encoder: Encoder | None, status: str):
        self.lexicon = lexicon
        self.encoder = encoder
        self.status = status
        self.vectors: dict[str, np.ndarray] = {}
        self.keys: dict[str, LabelKey] = {}
        self.encode_calls = 0
        self.encoded_texts = 0
        # The turn's labels not yet embedded while no embedding tier runs: embedded with the first batch
        # that needs a vector (the containment tier, a similarity), so a turn still makes one encoder call.
        self.pending: dict[str, None] = {}


class HybridMatcher:
    """Exact -> enhanced Jaccard -> embedding matcher with negation/antonym guard.

    Parameters
    ----------
    settings : thresholds (0..1), whether embeddings are enabled and which model; defaults as in
        :class:`DedupSettings`.
    lexicon : the compiled ``config/dedup.yaml``; default the process-wide one.
    encoder : an :class:`Encoder` to use instead of loading one (tests pass a fake); leave unset to
        load ``settings.embedding_model`` through :func:`get_encoder`. ``None`` means lexical only.
    calibration : the certified per-node-type thresholds (default ``config/dedup_calibration.yaml``),
        applied when the default model is loaded and is the one they were calibrated for (the word-overlap
        table also when no model loads); ``use_calibration=False`` ignores them (the untuned matcher of
        the benchmark).
    """

    _UNSET = object()

    def __init__(self, settings: DedupSettings | None = None, lexicon: Lexicon | None = None, encoder=_UNSET,
                 calibration: Calibration | None = None, use_calibration: bool = True):
        self.settings = settings or DedupSettings()
        self.jaccard_threshold = self.settings.jaccard_threshold
        self.embedding_threshold = self.settings.embedding_threshold
        self.merge_log: list[MergeRecord] = []
        lexicon = lexicon or default_lexicon()
        loaded_default = encoder is HybridMatcher._UNSET and self.settings.embedding_model is None
        if encoder is not HybridMatcher._UNSET:
            status = f"embeddings: {encoder.name}" if encoder is not None else "lexical only: no encoder given"
        elif not self.settings.embeddings_enabled:
            encoder, status = None, "lexical only: embeddings disabled in settings"
        else:
            encoder = get_encoder(self.settings.embedding_model)
            status = (f"embeddings: {encoder.name}" if encoder is not None
                      else f"lexical only: {encoder_error(self.settings.embedding_model) or 'backend unavailable'}")
        if encoder is None:
            log.warning("semantic de-duplication without embeddings (%s)", status)
        self._shared = _Shared(lexicon, encoder, status)
        # Certified per-type thresholds belong to the model they were measured on: only the default model
        # loaded here uses them (a caller's encoder or another model uses the flat settings). The word-overlap
        # table needs no model, so a matcher without embeddings uses it too.
        self.calibration: Calibration | None = None
        self.type_thresholds: dict[str, float | None] = {}
        self.aligned_thresholds: dict[str, float | None] = {}
        self.contained_thresholds: dict[str, float | None] = {}
        self.jaccard_thresholds: dict[str, float | None] | None = None
        self.related_words = False  # the aligned tier matches words through WordNet's looser links (certified)
        self.defined_words = False  # ... and through WordNet's definitions (certified on top of the looser links)
        # A calibration passed in explicitly applies to whatever encoder it names (tests, the benchmark).
        given = calibration is not None and (encoder is None or calibration.model == encoder.name)
        if use_calibration and (given or loaded_default or encoder is None and self.settings.embedding_model is None):
            cal = calibration if calibration is not None else load_calibration()
            if cal is not None and (encoder is None or cal.model == encoder.name):
                self.calibration = cal
                self.jaccard_thresholds = None if cal.jaccard_thresholds is None else dict(cal.jaccard_thresholds)
                # The aligned-words tier runs without a model too where its floor asks nothing of the cosine.
                self.aligned_thresholds = dict(cal.aligned_thresholds)
                self.related_words = cal.related_words
                self.defined_words = cal.related_words and cal.defined_words
                if encoder is not None:
                    self.type_thresholds = dict(cal.embedding_thresholds)
                    self.contained_thresholds = dict(cal.contained_thresholds)

    def with_thresholds(self, jaccard_threshold: float, embedding_threshold: float) -> "HybridMatcher":
        """A sibling matcher with looser thresholds sharing this one's encoder, vectors and counters: a
        certified threshold is lowered to the given one, a tier that is off for a node type stays off."""
        sibling = object.__new__(HybridMatcher)
        sibling.settings = self.settings
        sibling.jaccard_threshold, sibling.embedding_threshold = jaccard_threshold, embedding_threshold
        sibling.merge_log = []
        sibling._shared = self._shared
        sibling.calibration = self.calibration
        sibling.type_thresholds = _capped(self.type_thresholds, embedding_threshold)
        sibling.aligned_thresholds = dict(self.aligned_thresholds)
        sibling.contained_thresholds = dict(self.contained_thresholds)
        sibling.related_words = self.related_words
        sibling.defined_words = self.defined_words
        sibling.jaccard_thresholds = (None if self.jaccard_thresholds is None
                                      else _capped(self.jaccard_thresholds, jaccard_threshold))
        return sibling

    def jaccard_threshold_for(self, node_type: str) -> float | None:
        """The word-overlap threshold for ``node_type``: with a calibration, its certified one (else the
        strictest certified for any type; None when the tier is off for it); without one,
        :attr:`jaccard_threshold`."""
        if self.jaccard_thresholds is None:
            return self.jaccard_threshold
        return strictest(self.jaccard_thresholds, node_type)

    def aligned_threshold_for(self, node_type: str) -> float | None:
        """The cosine floor of the aligned-words tier for ``node_type`` (its own, else the strictest
        certified for any type), or None when the tier is off for it (always without a calibration)."""
        return strictest(self.aligned_thresholds, node_type)

    def contained_threshold_for(self, node_type: str) -> float | None:
        """The cosine floor of the containment tier (one label adds words) for ``node_type`` (its own, else
        the strictest certified for any type), or None when the tier is off for it (always without a
        calibration)."""
        return strictest(self.contained_thresholds, node_type)

    def embedding_threshold_for(self, node_type: str) -> float | None:
        """The cosine threshold for ``node_type``: with a calibration, the type's own certified threshold
        or None (the tier is off for a type the dev pairs did not certify: no pooled fallback); without
        one, :attr:`embedding_threshold`."""
        if self.calibration is None:
            return self.embedding_threshold
        return self.type_thresholds.get(node_type)

    @property
    def encoder_name(self) -> str | None:
        return self._shared.encoder.name if self._shared.encoder is not None else None

    # -- status and counters -------------------------------------------------------------------------
    @property
    def backend_status(self) -> str:
        """``"embeddings: all-MiniLM-L6-v2"`` or ``"lexical only: <reason>"``, for the UI and CLI."""
        return self._shared.status

    @property
    def embeddings_available(self) -> bool:
        return self._shared.encoder is not None

    @property
    def encode_calls(self) -> int:
        """How many times the encoder was called (one call embeds one batch)."""
        return self._shared.encode_calls

    @property
    def encoded_texts(self) -> int:
        """How many labels were embedded in total."""
        return self._shared.encoded_texts

    @property
    def lexicon(self) -> Lexicon:
        return self._shared.lexicon

    # -- vectors -------------------------------------------------------------------------------------
    @property
    def vectors_for_every_candidate(self) -> bool:
        """Whether matching needs every candidate's vector: an embedding tier that can run for some node type
        (always without a calibration: the flat threshold). When it is False the turn embeds nothing up
        front (:meth:`prepare` is a no-op) and :meth:`match` embeds only the few labels the containment
        tier has to score; with no tier that reads a vector, nothing at all."""
        if self._shared.encoder is None:
            return False
        if self.calibration is None:
            return True
        return any(v is not None for v in self.type_thresholds.values())

    def prepare(self, labels: list[str]) -> None:
        """The turn's batch: embed every label not yet cached in ONE encoder call (no call when all are
        cached) when an embedding tier can run (:attr:`vectors_for_every_candidate`); otherwise nothing,
        since a vector would only be read by the containment tier, which embeds lazily."""
        if self.vectors_for_every_candidate:
            self.embed(labels)
        elif self._shared.encoder is not None:
            pending = self._shared.pending
            for text in map(normalise_text, labels):
                if text and text not in self._shared.vectors and len(pending) < MAX_PENDING:
                    pending[text] = None

    def embed(self, labels: list[str]) -> None:
        """Embed every label not yet cached in ONE encoder call, together with the turn's pending labels
        (:meth:`prepare`); no call when all are cached or without an encoder."""
        sh = self._shared
        if sh.encoder is None:
            return
        wanted = [t for t in (normalise_text(x) for x in labels) if t and t not in sh.vectors]
        if not wanted:
            return
        missing = list(dict.fromkeys(wanted + [t for t in sh.pending if t not in sh.vectors]))
        sh.pending.clear()
        vecs = sh.encoder.encode(missing)
        sh.encode_calls += 1
        sh.encoded_texts += len(missing)
        for text, vec in zip(missing, vecs):
            sh.vectors[text] = np.asarray(vec, dtype=np.float32)

    def export_vectors(self, labels: list[str] | None = None) -> dict[str, list[float]]:
        """Cached vectors keyed by normalised label (lower case, single spaces), JSON-safe; all of them,
        or only those of ``labels`` (e.g. one node's label, to store the vector with the node)."""
        vecs = self._shared.vectors
        keys = vecs if labels is None else [t for t in map(normalise_text, labels) if t in vecs]
        return {text: vecs[text].tolist() for text in keys}

    def vector_arrays(self, labels: list[str]) -> dict[str, np.ndarray]:
        """The cached unit vectors of ``labels`` (normalised keys) as arrays, without copying to lists."""
        vecs = self._shared.vectors
        return {t: vecs[t] for t in map(normalise_text, labels) if t in vecs}

    def import_vectors(self, vectors: dict[str, list[float]]) -> None:
        """Load vectors saved by :meth:`export_vectors` (keys are re-normalised, rows re-normalised to unit length)."""
        for label, vec in vectors.items():
            arr = np.asarray(vec, dtype=np.float32)
            norm = float(np.linalg.norm(arr))
            if norm > 0:
                self._shared.vectors[normalise_text(label)] = arr / norm

    def vector(self, label: str) -> np.ndarray | None:
        """The unit vector of ``label`` (embedding it if needed), or None without embeddings."""
        self.embed([label])
        return self._shared.vectors.get(normalise_text(label))

    # -- similarity ----------------------------------------------------------------------------------
    def key(self, label: str) -> LabelKey:
        sh = self._shared
        if label not in sh.keys:
            sh.keys[label] = sh.lexicon.key(label)
        return sh.keys[label]

    def similarity(self, a: str, b: str) -> float:
        """Semantic similarity in [0, 1]: cosine clipped at 0 with embeddings, else the lexical overlap
        (:meth:`Lexicon.overlap`)."""
        if self._shared.encoder is None:
            return self.lexicon.overlap(self.key(a), self.key(b))
        self.embed([a, b])
        va, vb = self.vector(a), self.vector(b)
        return max(0.0, min(1.0, float(va @ vb)))

    def match(self, label: str, node_type: str, candidates: list[tuple[str, str]]) -> Match | None:
        """The candidate ``(node_id, label)`` that ``label`` denotes, or None; see the module docstring.

        Within a tier the most similar candidate wins; ties keep the earlier candidate. Every merge is
        appended to :attr:`merge_log` and logged at INFO with its similarity.
        """
        if not candidates:
            return None
        key = self.key(label)
        for node_id, other in candidates:
            if self.key(other).text == key.text:
                return self._record(label, node_id, other, node_type, 1.0, "exact")
        lex = self.lexicon
        # Scores first (cheap), the opposite guard only for the few candidates above a threshold.
        overlaps = [(lex.overlap(key, k) if lex.may_overlap(key, k) else 0.0, i)
                    for i, k in enumerate(self.key(other) for _, other in candidates)]
        jaccard = self.jaccard_threshold_for(node_type)
        if jaccard is not None and self.calibration is not None:
            # Certified tiers keep to their own evidence: a pair where one label contains the other is the
            # aligned-words or the containment tier's, whatever its overlap.
            overlaps = [(o, i) for o, i in overlaps
                        if o < jaccard or not lex.contained(key, self.key(candidates[i][1]))]
        hit = None if jaccard is None else self._first_allowed(key, candidates, overlaps, jaccard)
        if hit is not None:
            return self._record(label, *candidates[hit[0]], node_type, hit[1], "jaccard")
        if self._shared.encoder is None:
            return self._aligned_on_words(label, key, node_type, candidates)
        floors = {"aligned": self.aligned_threshold_for(node_type), "contained": self.contained_threshold_for(node_type)}
        threshold = self.embedding_threshold_for(node_type)
        if all(f is None for f in floors.values()) and threshold is None:
            return None  # no tier that reads a vector runs for this type: nothing is embedded
        # Containment is decided on words first; only then are vectors needed (lazily, when no embedding
        # tier runs: the label and the candidates containing it or contained in it, one batch).
        inside: dict[str, list[int]] = {"aligned": [], "contained": []}
        if any(f is not None for f in floors.values()):
            for i, k in enumerate(self.key(other) for _, other in candidates):
                if lex.may_overlap(key, k) and lex.contained(key, k):
                    tier = "contained" if lex.adds_words(key, k) else "aligned"
                    if floors[tier] is not None:
                        inside[tier].append(i)
                elif self.related_words and floors["aligned"] is not None and lex.linked_only(key, k, self.defined_words):
                    inside["aligned"].append(i)
        inside_idx = inside["aligned"] + inside["contained"]
        wanted = range(len(candidates)) if threshold is not None else inside_idx
        if not wanted:
            return None
        self.embed([label] + [candidates[i][1] for i in wanted])
        vecs = self._shared.vectors
        query = vecs.get(key.text)
        with_vec = [i for i in wanted if self.key(candidates[i][1]).text in vecs]
        if query is None or not with_vec:  # a label with no word in it has no vector
            return None
        sim = dict(zip(with_vec, (float(v) for v in np.stack([vecs[self.key(candidates[i][1]).text] for i in with_vec]) @ query)))
        for tier, floor in floors.items():
            if floor is None:
                continue
            scored = [(sim[i], i) for i in inside[tier] if i in sim and sim[i] >= floor]
            hit = self._first_allowed(key, candidates, scored, floor, self.related_words and tier == "aligned")
            if hit is not None:
                return self._record(label, *candidates[hit[0]], node_type, min(1.0, hit[1]), tier)
        hit = None if threshold is None else self._first_allowed(key, candidates, [(sim[i], i) for i in with_vec], threshold)
        if hit is not None:
            return self._record(label, *candidates[hit[0]], node_type, min(1.0, hit[1]), "embedding")
        return None

    def _aligned_on_words(self, label: str, key: LabelKey, node_type: str, candidates) -> Match | None:
        """Without a model: the aligned-words tier on words alone, where it is certified at the lowest floor
        (:data:`LOWEST_FLOOR`: its certificate did not rest on the cosine); else None."""
        floor = self.aligned_threshold_for(node_type)
        if floor is None or floor > LOWEST_FLOOR + 1e-9:
            return None
        lex = self.lexicon
        scored = [(1.0, i) for i, k in enumerate(self.key(other) for _, other in candidates)
                  if lex.reworded(key, k, self.related_words, self.defined_words)]
        hit = self._first_allowed(key, candidates, scored, 1.0, self.related_words)
        return None if hit is None else self._record(label, *candidates[hit[0]], node_type, 1.0, "aligned")

    def _first_allowed(self, key: LabelKey, candidates, scored: list[tuple[float, int]], threshold: float,
                       linked: bool = False):
        """``(index, score)`` of the best-scoring candidate at or above ``threshold`` that the opposite
        guard allows (ties keep the earlier candidate; ``linked``: read on both alignments, see
        :meth:`Lexicon.apart`, the second with definitions where they are certified), or None."""
        for score, i in sorted((x for x in scored if x[0] >= threshold), key=lambda x: (-x[0], x[1])):
            if self.lexicon.apart(key, self.key(candidates[i][1]), linked, linked and self.defined_words) is None:
                return i, score
        return None

    def _record(self, label, node_id, other, node_type, similarity, method) -> Match:
        rec = MergeRecord(label, node_id, other, node_type, round(similarity, 4), method)
        self.merge_log.append(rec)
        log.info("merge %r into %s (%r, %s) by %s at %.3f", label, node_id, other, node_type, method, similarity)
        return Match(node_id, rec.similarity, method)
