"""The veto catalogue: every hard constraint a methodology may list under ``vetoes``.

The methodology loader checks names against it; ``scoring/vetoes.py`` registers one check per name
(as the signal catalogue is to the detectors). See ``scoring/vetoes.py`` for how each one decides.
"""

from __future__ import annotations

VETOES: dict[str, str] = {
    "knowledge_ceiling": "a terminal \"I don't know\" about the last focus: that focus, and the concepts of "
                         "that answer, are off limits for non-spared strategies",
    "element_exhausted": "an element that has been the focus `threshold` (default 3) times",
    "recent_redundancy": "a pair whose focus description is too close to one of the last 3 questions asked",
    "node_exhausted": "an exhausted node (or one whose exhaustion score reaches `threshold`)",
    "terminal_node": "a node of a terminal type: nothing above it to ladder to",
    "strategy_run": "a strategy that asked the last `threshold` (default 3) questions in a row",
}
