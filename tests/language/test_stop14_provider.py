"""With a provider, the respondent's wish to end is the model's reading, carried by the typed
``Assessment.ending`` field (stop14): the tools sent to the model ask for it, and an answer the model reads
as a wish to end now ends the session (reason ``respondent_ended``, the offline farewell, no further call),
while "later" keeps it open. Loopback fake server on 127.0.0.1, the real SDKs as clients. Invented domain:
a Saturday clock-repair workshop."""

from __future__ import annotations

import pytest
import yaml

from fake_llm_server import Text, ToolCall
from interview_core.config.settings import DedupSettings
from interview_core.language.prompts import EXTRACTION_TOOL_NAME, assessment_tool, extraction_tool
from interview_core.session import InterviewSession

ASSESSMENT = {"extractable": False, "response_depth": "surface", "valence": 0.5, "certainty": 0.5,
              "specificity": 0.1, "engagement": 0.2, "intellectual_engagement": 0.0, "ambiguity": 0.1,
              "hedging_language": "none", "knowledge_ceiling": "none", "side_step": False,
              "reasoning": "the respondent is leaving"}
# Offline this reads as no wish to end (no verb of leaving, no idiom of ending): only the model's reading can end it.
ANSWER = "Honestly I think you've had all the clock chat you're getting out of me today"


@pytest.fixture
def clock_concept(tmp_path) -> str:
    path = tmp_path / "clock_repair.yaml"
    path.write_text(yaml.safe_dump({"id": "clock_repair", "name": "Tick & Tock clock-repair Saturdays",
                                    "methodology": "means_end_chain",
                                    "stimulus": "Bring a stopped clock on Saturday morning; a clockmaker shows "
                                                "you how to clean and oil it. Tools lent, tea included."}),
                    encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("provider", ["anthropic", "openai"])
def test_the_tools_sent_to_the_model_ask_for_the_wish_to_end(make_settings, server, clock_concept, tmp_path, provider):
    settings = make_settings(provider, database=str(tmp_path / "end.db"), dedup=DedupSettings(embeddings_enabled=False))
    session = InterviewSession.start(concept=clock_concept, settings=settings, max_turns=8)
    for schema in (extraction_tool(session.methodology).schema["properties"]["assessment"], assessment_tool().schema):
        assert schema["properties"]["ending"]["enum"] == ["none", "now", "later"]
        assert "ending" in schema["required"]
    session.answer("The tools being lent is what sells it to me.")
    sent = next(r for r in server.requests if r.tool_names == [EXTRACTION_TOOL_NAME])
    tool = sent.body["tools"][0]
    schema = tool["input_schema"] if provider == "anthropic" else tool["function"]["parameters"]
    assert schema["properties"]["assessment"]["properties"]["ending"]["enum"] == ["none", "now", "later"]


@pytest.mark.parametrize("provider", ["anthropic", "openai"])
def test_a_wish_to_end_read_by_the_model_ends_the_session(make_settings, server, clock_concept, tmp_path, provider):
    settings = make_settings(provider, database=str(tmp_path / "end.db"), dedup=DedupSettings(embeddings_enabled=False))
    server.queue(Text("What comes to mind first about these clock-repair Saturdays?"), tool="text")
    session = InterviewSession.start(concept=clock_concept, settings=settings, max_turns=8)
    server.queue(ToolCall({"nodes": [], "edges": [], "assessment": dict(ASSESSMENT, ending="now")}),
                 tool=EXTRACTION_TOOL_NAME)
    calls = len(server.requests)
    result = session.answer(ANSWER)
    assert result.extracted.assessment.ending == "now"
    assert result.should_continue is False and result.termination_reason == "respondent_ended"
    assert session.finished and session.ended_by_respondent
    assert result.next_question.startswith("Of course, we can stop there.") and "?" not in result.next_question
    assert len(server.requests) == calls + 1  # the extraction only: the farewell is written offline
    said = [u for u in session.transcript() if u["speaker"] == "respondent"]
    assert said[-1]["text"] == ANSWER


@pytest.mark.parametrize("provider", ["anthropic", "openai"])
def test_a_wish_to_go_on_later_read_by_the_model_keeps_the_session_open(make_settings, server, clock_concept,
                                                                        tmp_path, provider):
    settings = make_settings(provider, database=str(tmp_path / "end.db"), dedup=DedupSettings(embeddings_enabled=False))
    server.queue(Text("What comes to mind first about these clock-repair Saturdays?"), tool="text")
    session = InterviewSession.start(concept=clock_concept, settings=settings, max_turns=8)
    server.queue(ToolCall({"nodes": [], "edges": [], "assessment": dict(ASSESSMENT, ending="later")}),
                 tool=EXTRACTION_TOOL_NAME)
    server.queue(Text("Of course, it's all saved. What comes to mind about the tea?"), tool="text")
    result = session.answer(ANSWER)
    assert result.extracted.assessment.ending == "later"
    assert result.should_continue is True and not session.finished
