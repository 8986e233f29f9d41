"""The canonical (de-duplicated) graph as the signal detectors see it.

The semantic de-duplication work maintains canonical *slots* (one per distinct concept) and passes an
object implementing :class:`CanonicalView` into the signal context. When none is given, the
``graph.canonical_*``, ``meta.canonical.saturation`` and ``graph.node.canonical_novelty`` detectors fall
back to the surface graph (every surface node is its own slot); each detector's docstring says how.
"""

from __future__ import annotations

from typing import Protocol


class CanonicalView(Protocol):
    def slot_of(self, node_id: str) -> str | None:
        """The canonical slot a surface node is mapped to (None: not mapped yet)."""
        ...

    def metrics(self) -> dict:
        """``concept_count``, ``edge_count``, ``orphan_count``, ``max_depth``, ``avg_support``."""
        ...

    def slot_first_turn(self, slot_id: str) -> int:
        """Turn in which the slot's first surface node appeared."""
        ...

    def slot_support(self, slot_id: str) -> int:
        """Number of surface nodes mapped to the slot."""
        ...

    def turn_new_slot_counts(self) -> list[int]:
        """Per turn, how many new active slots appeared."""
        ...
