"""Element mapping: which of the concept's elements a clause talks about, by labels and aliases."""

from __future__ import annotations

from ...text.primitives import IdentityCache, PhraseSet


class ElementMatcher:
    """Matches clauses against ``concept.elements[*].label/aliases`` (stemmed, on word boundaries)."""

    def __init__(self, concept):
        self.concept = concept
        self._phrases = [(e.id, PhraseSet([e.label, *e.aliases])) for e in getattr(concept, "elements", [])]

    def match(self, padded_stems: str) -> str | None:
        """The id of the element with the longest matching label/alias (more hits break ties), or None."""
        best, best_key = None, (0, 0)
        for element_id, phrases in self._phrases:
            hits = phrases.hits(padded_stems)
            if not hits:
                continue
            key = (max(len(h.split()) for h in hits), len(hits))
            if key > best_key:
                best, best_key = element_id, key
        return best


# The matcher for a concept object (cached by identity).
matcher = IdentityCache(ElementMatcher, "concept")
