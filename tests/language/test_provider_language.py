"""With a provider, an interview in another language (loopback fake server, the real SDK clients): every
prompt that writes what the respondent reads names the interview language, extraction keeps the
respondent's words in node labels (stored untranslated), respondent text stays delimited as data, and
the farewell and answers to questions about the interview come from the model, not the English offline
layer."""

from __future__ import annotations

import pytest

from fake_llm_server import Text, ToolCall
from language_support import concept_in_language
from interview_core.config.settings import DedupSettings
from interview_core.language.prompts import EXTRACTION_TOOL_NAME, extraction_prompt, question_prompt
from interview_core.session import InterviewSession

ASSESSMENT = {"extractable": True, "response_depth": "deep", "valence": 0.8, "certainty": 0.9, "specificity": 0.7,
              "engagement": 0.9, "intellectual_engagement": 0.6, "ambiguity": 0.1, "hedging_language": "none",
              "knowledge_ceiling": "none", "reasoning": "nennt Gründe"}
ANSWER = "Ich mag die cremige Textur, weil sie im Cappuccino schön aufschäumt."
GERMAN_NODES = [
    {"label": "cremige Textur", "node_type": "attribute", "quote": "Ich mag die cremige Textur"},
    {"label": "schäumt schön auf", "node_type": "functional_consequence", "quote": "im Cappuccino schön aufschäumt"},
]
GERMAN_EDGES = [{"source_label": "cremige Textur", "target_label": "schäumt schön auf", "relation_type": "leads_to",
                 "quote": "weil sie im Cappuccino schön aufschäumt"}]


@pytest.fixture
def german(tmp_path, monkeypatch):
    concept_in_language(tmp_path, monkeypatch, "de")


@pytest.fixture
def provider_settings(make_settings, tmp_path):
    return make_settings("anthropic", database=str(tmp_path / "de.db"), dedup=DedupSettings(embeddings_enabled=False))


def test_a_german_interview_asks_in_german_and_keeps_german_labels(german, provider_settings, server):
    server.queue(Text("Was fällt Ihnen an dieser Hafermilch als Erstes auf?"), tool="text")
    session = InterviewSession.start(concept="hafermilch", settings=provider_settings, max_turns=4)
    assert session.interview_language == "de" and session.row["interview_language"] == "de"
    assert session.opening_question == "Was fällt Ihnen an dieser Hafermilch als Erstes auf?"
    edges = [dict(e, relation_type=session.methodology.ontology.edges[0].name) for e in GERMAN_EDGES]
    server.queue(ToolCall({"nodes": GERMAN_NODES, "edges": edges, "assessment": ASSESSMENT}), tool=EXTRACTION_TOOL_NAME)
    server.queue(Text("Warum ist Ihnen der Schaum wichtig?"), tool="text")
    result = session.answer(ANSWER)
    assert result.next_question == "Warum ist Ihnen der Schaum wichtig?"

    opening, extraction, question = server.requests[:3]
    for req in (opening, question):
        assert "The interview language is German" in req.system and "in German" in req.user
    assert "never translate" in extraction.system and "German" in extraction.system
    assert f"<respondent_answer>\n{ANSWER}\n</respondent_answer>" in extraction.user
    assert "Ignore" not in extraction.system  # the answer is data in the user turn, never in the system text
    labels = {n["label"] for n in session.repo.list_nodes(session.session_id)}
    assert {"cremige Textur", "schäumt schön auf"} <= labels  # stored as the model returned them: untranslated


def test_the_farewell_of_a_german_interview_is_written_by_the_model(german, provider_settings, server):
    session = InterviewSession.start(concept="hafermilch", settings=provider_settings, max_turns=1)
    closing = session.answer("Die Textur ist toll.")  # the budget is spent: the closing question is asked
    assert closing.closing_question
    before = len(server.requests)
    server.queue(Text("Vielen Dank für Ihre Zeit und Ihre offenen Antworten!"), tool="text")
    last = session.answer("Nein, das war alles.")
    assert not last.should_continue and last.next_question == "Vielen Dank für Ihre Zeit und Ihre offenen Antworten!"
    farewell = [r for r in server.requests[before:] if not r.tool_names]
    assert len(farewell) == 1 and "write the farewell" in farewell[0].user and "German" in farewell[0].system


def test_an_english_interview_keeps_its_offline_farewell_and_meta_reply(provider_settings, server):
    session = InterviewSession.start(concept="oat_milk", settings=provider_settings, max_turns=1)
    session.answer("It is creamy.")
    before = len(server.requests)
    last = session.answer("No, that is all.")
    assert not last.should_continue and last.next_question
    assert [r for r in server.requests[before:] if not r.tool_names] == []  # the farewell made no call


def test_prompts_name_the_language_and_the_meta_rule(extraction_request, question_request):
    german = question_request.concept.model_copy(update={"language": "de"})
    asked = question_request.model_copy(update={"concept": german, "recent_turns": [
        question_request.recent_turns[0].model_copy(update={"answer": "Wie lange dauert das noch?"})]})
    prompt = question_prompt(asked)
    assert "The interview language is German" in prompt.system
    assert "asks about the interview itself" in prompt.user and "Write the next question now, in German" in prompt.user
    english = question_prompt(question_request)
    assert "The interview language is English" in english.system and "asks about the interview itself" not in english.user
    labels = extraction_prompt(extraction_request.model_copy(update={"concept": german}))
    assert "never translate labels" in labels.system and "held in German" in labels.system


def test_a_meta_question_in_german_is_answered_by_the_model_not_the_offline_layer(german, provider_settings, server):
    session = InterviewSession.start(concept="hafermilch", settings=provider_settings, max_turns=6)
    server.queue(Text("Es sind noch etwa fünf Fragen. Was mögen Sie an der Textur?"), tool="text")
    result = session.answer("How long does this take? Die Textur ist gut.")  # English meta words, German interview
    assert result.next_question == "Es sind noch etwa fünf Fragen. Was mögen Sie an der Textur?"


def test_when_the_provider_fails_a_german_interview_gets_no_english(german, provider_settings, server):
    from fake_llm_server import Status

    server.queue(Text("Was fällt Ihnen an dieser Hafermilch als Erstes auf?"), tool="text")
    session = InterviewSession.start(concept="hafermilch", settings=provider_settings, max_turns=4)
    server.queue(*[Status(500)] * 4)  # extraction and question both fail after their retry
    result = session.answer(ANSWER)
    assert result.next_question == "Was fällt Ihnen an dieser Hafermilch als Erstes auf?"  # asked again, in German
    assert session.repo.list_nodes(session.session_id) == []  # no English-guessed node from German words
    assert {f.task for f in result.fallbacks} >= {"extraction", "question"}


def test_an_opening_in_german_that_the_provider_cannot_write_stores_nothing(german, provider_settings, server):
    from fake_llm_server import Status

    from interview_core.persistence import Repository
    from interview_core.session import LanguageNotAvailable

    server.queue(Status(500), Status(500), tool="text")  # the opening question fails after its retry
    with pytest.raises(LanguageNotAvailable, match="could not write the opening question in German"):
        InterviewSession.start(concept="hafermilch", settings=provider_settings, max_turns=4)
    assert Repository(provider_settings.database).list_sessions() == []


@pytest.mark.parametrize("reply, expected", [
    ("很好。\n你最喜欢它的哪一点？\n还有别的吗？", "你最喜欢它的哪一点？"),   # full-width question mark
    ("ما الذي يعجبك فيه؟ وماذا أيضا؟", "ما الذي يعجبك فيه؟"),           # Arabic question mark
    ("¿Qué le gusta más? ¿Y el precio?", "¿Qué le gusta más?"),
])
def test_one_question_is_kept_in_scripts_with_other_question_marks(reply, expected):
    from interview_core.language.prompts import clean_question

    assert clean_question(reply) == expected
