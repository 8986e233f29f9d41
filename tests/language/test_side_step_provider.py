"""With a provider, the side step is the model's reading, carried by the typed ``Assessment.side_step``
field: the extraction tool asks for it, and an answer the model marks as a side step that made no node
holds momentum, while the same answer not so marked is folded in (loopback fake server, real SDK)."""

from __future__ import annotations

import pytest

from fake_llm_server import Text, ToolCall
from interview_core.config.settings import DedupSettings
from interview_core.language.prompts import EXTRACTION_TOOL_NAME, assessment_tool, extraction_tool
from interview_core.session import InterviewSession

ASSESSMENT = {"extractable": False, "response_depth": "surface", "valence": 0.5, "certainty": 0.5,
              "specificity": 0.1, "engagement": 0.2, "intellectual_engagement": 0.0, "ambiguity": 0.3,
              "hedging_language": "none", "knowledge_ceiling": "none", "reasoning": "asks how long this takes"}


@pytest.fixture
def provider_settings(make_settings, tmp_path):
    return make_settings("anthropic", database=str(tmp_path / "side.db"), dedup=DedupSettings(embeddings_enabled=False))


def test_the_tools_ask_the_model_for_the_side_step(provider_settings):
    session = InterviewSession.start(concept="oat_milk", settings=provider_settings, max_turns=6)
    for schema in (extraction_tool(session.methodology).schema["properties"]["assessment"], assessment_tool().schema):
        assert schema["properties"]["side_step"]["type"] == "boolean"
        assert "side_step" in schema["required"]


@pytest.mark.parametrize("marked, folded", [(True, 0), (False, 1)])
def test_a_side_step_marked_by_the_model_holds_momentum(provider_settings, server, marked, folded):
    server.queue(Text("What comes to mind first about this oat milk?"), tool="text")
    session = InterviewSession.start(concept="oat_milk", settings=provider_settings, max_turns=6)
    server.queue(ToolCall({"nodes": [], "edges": [], "assessment": dict(ASSESSMENT, side_step=marked)}),
                 tool=EXTRACTION_TOOL_NAME)
    server.queue(Text("About ten minutes. What comes to mind first about it?"), tool="text")
    result = session.answer("how long will this take")
    assert result.should_continue
    assert session.engine.state.assessment["side_step"] is marked
    assert len(session.engine.state.momentum.history) == folded
