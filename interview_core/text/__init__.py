"""Text primitives every provider shares: sanitising, word tokens, the English discourse lexicon and
clause segmentation (the SRL preprocessing stage runs it before any provider extracts)."""

from .clauses import segment_clauses

__all__ = ["segment_clauses"]
