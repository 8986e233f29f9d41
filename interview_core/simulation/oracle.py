"""Oracle extraction: the concepts and links a simulated respondent revealed, read from its mind.

``interview simulate --extraction oracle`` and ``interview bench quality --extraction oracle`` measure the
strategy engine as if extraction were perfect (the way a strong language model would approach it): the
session's language port is wrapped so that ``extract`` returns, for each answer,

- one node per mind concept the answer mentions (label: the concept's first phrasing, so a restated
  concept merges with its earlier node; type, stance and element from the mind);
- one edge per mind link whose two ends are both in this answer, or one in the answer and the other the
  concept the respondent took the question to be about (a "why does X matter" answered with Y), with the
  first relation of the methodology that permits the two types.

The answer's assessment (the ``llm.*`` signals) and the questions still come from the wrapped port, so
only extraction is idealised. The oracle is told each answer before the session sees it
(:meth:`OracleLanguage.expect`); the respondent itself never sees the engine.
"""

from __future__ import annotations

from ..config.methodology import Methodology
from ..language.contracts import ExtractedEdge, ExtractedNode, ExtractionRequest, ExtractionResult
from .mind import Mind
from .respondent import Answer

EXTRACTIONS = ("offline", "oracle")


def relation_for(methodology: Methodology, source_type: str, target_type: str) -> str | None:
    """The first edge type of the methodology that permits ``source_type -> target_type``."""
    for edge in methodology.ontology.edges:
        if methodology.is_edge_permitted(edge.name, source_type, target_type):
            return edge.name
    return None


def oracle_extraction(mind: Mind, methodology: Methodology, answer: Answer) -> tuple[list[ExtractedNode], list[ExtractedEdge]]:
    """The nodes and edges ``answer`` revealed (see the module docstring)."""
    types = set(methodology.node_type_names)
    said = [c for c in dict.fromkeys(answer.revealed) if c in mind.by_id and mind.by_id[c].type in types]
    quote = answer.text.strip() or "(no text)"
    nodes = []
    for cid in said:
        c = mind.by_id[cid]
        nodes.append(ExtractedNode(label=c.phrasings[0], node_type=c.type, quote=quote, element_mapping=c.element,
                                   stance=c.stance))
    anchor = set(said) | ({answer.topic} if answer.topic in mind.by_id else set())
    edges = []
    for cause, effect in mind.links:
        if not (cause in anchor and effect in anchor and (cause in said or effect in said)):
            continue
        a, b = mind.by_id[cause], mind.by_id[effect]
        if a.type not in types or b.type not in types:
            continue
        relation = relation_for(methodology, a.type, b.type)
        if relation is not None:
            edges.append(ExtractedEdge(source_label=a.phrasings[0], target_label=b.phrasings[0],
                                       relation_type=relation, quote=quote, origin="explicit"))
    return nodes, edges


class OracleLanguage:
    """A language port whose extraction is the oracle's; assessment and questions from ``inner``."""

    def __init__(self, inner, mind: Mind, methodology: Methodology):
        self.inner = inner
        self.mind = mind
        self.methodology = methodology
        self._answer: Answer | None = None

    def __getattr__(self, name):  # mode, routes, offline_tasks, ... of the wrapped port
        return getattr(self.inner, name)

    def expect(self, answer: Answer) -> None:
        """The answer the session is about to receive, with what it revealed."""
        self._answer = answer

    def extract(self, request: ExtractionRequest) -> ExtractionResult:
        result = self.inner.extract(request)
        if self._answer is None or not self._answer.text.strip().startswith(request.answer.strip()[:200]):
            return result  # not the answer we were told about: leave it to the wrapped port
        nodes, edges = oracle_extraction(self.mind, self.methodology, self._answer)
        return result.model_copy(update={"nodes": nodes, "edges": edges, "filtered_nodes": 0, "filtered_edges": 0})

    def write_question(self, request):
        return self.inner.write_question(request)
