"""The ground floor: the words every other package shares.

Focus, turn, assessment and the signal catalogue are used by graph, signals, scoring, language,
config and the pipeline alike, so they live here and import nothing else from ``interview_core``.
"""

from . import catalogue
from .assessment import Assessment
from .focus import FocusRef
from .turn import Turn

__all__ = ["Assessment", "FocusRef", "Turn", "catalogue"]
