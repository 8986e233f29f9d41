"""With a provider (care19): a pause is met as offline, with "No rush" and the same question, and no model call
for the question (a model asked to continue after "No rush" writes a new question); a hinted painful disclosure is
named to the model, which is told to acknowledge it briefly and not to ask about it. Loopback fake server, real SDKs
as clients; the question request of the fixture (oat milk), answers from the invented topiary course."""

from __future__ import annotations

import pytest

from fake_llm_server import Text
from interview_core.language.prompts import question_prompt
from interview_core.language.router import build_language


def _answered(request, answer: str):
    last = request.recent_turns[-1].model_copy(update={"answer": answer})
    return request.model_copy(update={"recent_turns": [last]})


@pytest.mark.parametrize("provider", ["anthropic", "openai"])
@pytest.mark.parametrize("answer", ["hang on, someone's at the door", "Window cleaner at the door; one minute."])
def test_a_pause_is_met_with_the_same_question_and_no_model_call(make_settings, server, question_request, provider,
                                                                  answer):
    router = build_language(make_settings(provider))
    server.queue(Text("What do you like most about the foam?"), tool="text")
    before = len(server.requests)
    result = router.write_question(_answered(question_request, answer))
    assert result.question == "No rush, take your time. What stands out?"
    assert len(server.requests) == before


@pytest.mark.parametrize("answer", ["He's been quieter since his mum. The garden was hers.",
                                    "Knees aren't what they were. The ladders could be a problem."])
def test_a_hinted_hardship_is_named_to_the_model_with_how_to_meet_it(question_request, answer):
    prompt = question_prompt(_answered(question_request, answer))
    assert "hints at something painful" in prompt.user and "do not ask about it" in prompt.user


def test_no_word_of_pain_in_the_prompt_after_an_ordinary_answer(question_request):
    prompt = question_prompt(_answered(question_request, "The creamy texture, it foams well in a flat white."))
    assert "painful" not in prompt.user
