"""Studies: cross-interview analysis of many sessions on one concept and methodology.

The pure analysis (codebook, implication matrix, hierarchical value map, chains, ladders) works on
:class:`~.interviews.StudyInterview` records and never touches the database; :mod:`.service` loads
them from the repository and stores studies and codebook edits.
"""

from .codebook import Code, Codebook, CodebookEdit, apply_edits, build_codebook
from .hvm import HvmMap, build_hvm, dominant_chains
from .interviews import StudyInterview
from .matrix import ImplicationMatrix, implication_matrix, respondent_relations
from .model import Study, load_study

__all__ = [
    "Code", "Codebook", "CodebookEdit", "HvmMap", "ImplicationMatrix", "Study", "StudyInterview", "apply_edits",
    "build_codebook", "build_hvm", "dominant_chains", "implication_matrix", "load_study", "respondent_relations",
]
