"""Everything the Study page, the CLI and the exports show, computed once per codebook state.

:class:`StudyAnalysis` takes the interviews, the methodology's levels and the researcher's edits;
the automatic codebook is built once (the slow part: matching labels), the edited codebook, the
respondents' relations, the matrix and the ladders follow from it, and :meth:`StudyAnalysis.hvm`
answers a cut-off change from the matrix alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..graph.matching import NodeMatcher
from .codebook import Codebook, CodebookEdit, apply_edits, build_codebook
from .hvm import Chain, HvmMap, build_hvm, dominant_chains
from .interviews import StudyInterview
from .matrix import ImplicationMatrix, Pair, RespondentRelations, implication_matrix, ladder_counts, ladders, respondent_relations


@dataclass
class StudyAnalysis:
    """``levels``: node types bottom to top; ``base``: a prebuilt automatic codebook to reuse (else built
    from the interviews with ``matcher``)."""

    interviews: list[StudyInterview]
    levels: list[str]
    edits: list[CodebookEdit]
    matcher: NodeMatcher | None = None
    base: Codebook | None = None

    @cached_property
    def base_codebook(self) -> Codebook:
        return self.base if self.base is not None else build_codebook(self.interviews, self.matcher)

    @cached_property
    def _edited(self) -> tuple[Codebook, list[tuple[int, str]]]:
        return apply_edits(self.base_codebook, self.edits)

    @property
    def codebook(self) -> Codebook:
        return self._edited[0]

    @property
    def skipped_edits(self) -> list[tuple[int, str]]:
        """Edits that no longer apply, as (index in ``edits``, reason)."""
        return self._edited[1]

    @cached_property
    def level_of(self) -> dict[str, int]:
        rank = {t: i for i, t in enumerate(self.levels)}
        return {c.id: rank.get(c.node_type, 0) for c in self.codebook.codes.values()}

    @cached_property
    def code_order(self) -> list[str]:
        """Codes bottom level first, then by first appearance."""
        first = {c: i for i, c in enumerate(self.codebook.codes)}
        return sorted(self.codebook.codes, key=lambda c: (self.level_of[c], first[c]))

    @cached_property
    def labels(self) -> dict[str, str]:
        return {c.id: c.label for c in self.codebook.codes.values()}

    @cached_property
    def relations(self) -> list[RespondentRelations]:
        return [respondent_relations(iv, self.codebook) for iv in self.interviews]

    @cached_property
    def matrix(self) -> ImplicationMatrix:
        return implication_matrix(self.relations, self.code_order)

    @cached_property
    def link_quotes(self) -> dict[Pair, list[tuple[str, str]]]:
        """(respondent, quote) behind each direct code link, respondents in study order."""
        out: dict[Pair, list[tuple[str, str]]] = {}
        for rel in self.relations:
            for pair, qs in rel.quotes.items():
                out.setdefault(pair, []).extend((rel.respondent, q) for q, _ in qs)
        return out

    @cached_property
    def ladders(self) -> dict[str, list[list[str]]]:
        """Respondent name -> their ladders as code ids, bottom to top."""
        return {rel.respondent: ladders(rel) for rel in self.relations}

    @cached_property
    def counts(self) -> dict:
        return {**ladder_counts(self.ladders, self.level_of, self.relations), "codes": len(self.codebook.codes),
                "interviews": len(self.interviews)}

    def hvm(self, cutoff: int) -> HvmMap:
        return build_hvm(self.matrix, self.codebook, self.levels, cutoff, self.link_quotes)

    def chains(self, cutoff: int, top_n: int = 10) -> list[Chain]:
        return dominant_chains(self.hvm(cutoff), self.relations, top_n)

    def chain_text(self, chain: Chain) -> str:
        return " → ".join(self.labels[c] for c in chain.codes)
