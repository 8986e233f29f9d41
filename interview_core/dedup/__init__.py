"""Semantic de-duplication and the canonical graph.

- :class:`HybridMatcher` (``matcher``): the surface NodeMatcher, exact -> Jaccard -> embeddings, with a
  negation/antonym guard, one embedding batch per turn and exportable vectors.
- :class:`CanonicalGraph` (``canonical``): canonical slots, surface-to-slot mapping, canonical edges,
  metrics and surface comparison; implements ``signals.canonical.CanonicalView``.
- :func:`thematic_fixation`: semantic concentration of recent concepts from their vectors.
- :func:`get_encoder` (``embeddings``): the process-wide offline sentence-transformers loader.
"""

from .canonical import CanonicalEdge, CanonicalGraph, Slot, SlotDiscoveryResult, thematic_fixation
from .embeddings import Encoder, encoder_error, get_encoder
from .lexicon import DedupConfig, Lexicon, load_dedup_config
from .matcher import HybridMatcher, MergeRecord

__all__ = [
    "CanonicalEdge", "CanonicalGraph", "Slot", "SlotDiscoveryResult", "thematic_fixation", "Encoder",
    "encoder_error", "get_encoder", "DedupConfig", "Lexicon", "load_dedup_config", "HybridMatcher", "MergeRecord",
]
