"""With a provider, the reply to the respondent's own turn that the router says before the model's question
is not given twice in a session either (wave 15, "turn15"). Loopback fake server on 127.0.0.1, the real SDKs as
clients. Invented domain: a harpsichord delivered for a weekend house concert."""

from __future__ import annotations

import pytest

from fake_llm_server import Text, ToolCall
from interview_core.config.settings import DedupSettings
from interview_core.language.prompts import EXTRACTION_TOOL_NAME
from interview_core.session import InterviewSession
from turn15_support import harpsichord_concept

ASKED = "does the technician bring spare quills?"


@pytest.fixture
def harpsichord(tmp_path) -> str:
    return harpsichord_concept(tmp_path)


@pytest.mark.parametrize("provider", ["anthropic", "openai"])
def test_before_a_providers_question_a_reply_is_not_given_twice(make_settings, server, harpsichord, tmp_path,
                                                              provider):
    """The reply the router puts before the model's question (and shows the model in the prompt) is dropped
    when it was given already; the model's question is then said alone."""
    settings = make_settings(provider, database=str(tmp_path / "r.db"), dedup=DedupSettings(embeddings_enabled=False))
    server.queue(Text("What comes to mind first about a harpsichord at home?"), tool="text")
    session = InterviewSession.start(concept=harpsichord, settings=settings, max_turns=8)
    nothing = {"nodes": [], "edges": [], "assessment": {
        "extractable": False, "response_depth": "surface", "valence": 0.5, "certainty": 0.5, "specificity": 0.1,
        "engagement": 0.2, "intellectual_engagement": 0.0, "ambiguity": 0.1, "hedging_language": "none",
        "knowledge_ceiling": "none", "side_step": True, "ending": "none", "reasoning": "a question"}}
    server.queue(ToolCall(nothing), tool=EXTRACTION_TOOL_NAME)
    server.queue(Text("What would spare quills mean for your concert?"), tool="text")
    first = session.answer(ASKED).next_question
    server.queue(ToolCall(nothing), tool=EXTRACTION_TOOL_NAME)
    server.queue(Text("Who would you invite to the first concert?"), tool="text")
    second = session.answer(ASKED).next_question
    reply = first.removesuffix("What would spare quills mean for your concert?").strip()
    assert reply  # the first time, the question is answered before the model's question
    assert second == "Who would you invite to the first concert?"
    prompt = server.requests[-1].body["messages"][-1]["content"]
    assert "The interviewer answers it with this sentence" not in str(prompt)  # nor told it is said again
