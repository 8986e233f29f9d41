"""Tiny methodologies and concepts for engine tests, small enough to compute answers by hand."""

import pytest

from interview_core.config.concept import Concept, Element
from interview_core.config.methodology import Methodology
from interview_core.language.contracts import ExtractedEdge, ExtractedNode, ExtractionResult
from interview_core.vocabulary import Assessment


def ladder(**extra) -> Methodology:
    """attribute (1) -> consequence (2) -> value (3, terminal); leads_to up the ladder, revises anywhere."""
    data = {
        "method": {"name": "ladder"},
        "ontology": {
            "nodes": [
                {"name": "attribute", "level": 1},
                {"name": "consequence", "level": 2},
                {"name": "value", "level": 3, "terminal": True},
            ],
            "edges": [
                {"name": "leads_to", "permitted_connections": [["attribute", "attribute"], ["attribute", "consequence"],
                                                               ["consequence", "value"]]},
                {"name": "revises", "permitted_connections": [["*", "*"]]},
            ],
        },
        "strategies": [{"name": "deepen", "focus": "node", "signal_weights": {}}],
    }
    data.update(extra)
    return Methodology.model_validate(data)


def concept(*elements: Element) -> Concept:
    return Concept(id="c", name="C", methodology="ladder", elements=list(elements))


def node(label, node_type="attribute", **kw) -> ExtractedNode:
    return ExtractedNode(label=label, node_type=node_type, quote=kw.pop("quote", label), **kw)


def edge(source, target, relation="leads_to") -> ExtractedEdge:
    return ExtractedEdge(source_label=source, target_label=target, relation_type=relation, quote=f"{source} {target}")


def result(nodes=(), edges=(), depth="moderate", engagement=0.5, **assess) -> ExtractionResult:
    return ExtractionResult(nodes=list(nodes), edges=list(edges),
                            assessment=Assessment(response_depth=depth, engagement=engagement, **assess))


@pytest.fixture
def mec():
    return ladder()
