"""A rephrased question ("Sorry, that wasn't clear. I was asking: ...") restates only the question part of
the interviewer's last turn, never the answer it gave first to a question about the interview. Every
meta answer of the wording is tried, so a new one added to ``data/questions.yaml`` is covered too."""

import pytest

from interview_core.language.offline.questions import _wording, plain_question

TOPIC = "You mentioned the ferry timetable."
QUESTION = "What is it about that that bothers you?"
SLOTS = {"concept": "the harbour ferry pass", "turns_left": 4, "last_question_plain": "How did you get there?",
         "part": "a return crossing every hour", "term": "a ferry", "gloss": "a boat that transports people",
         # the study's facts (the concept's ``facts``: own19)
         "commissioned_by": "the harbour trust", "answers_kept": "for a year", "thank_you": "a free crossing"}


def _meta_answers() -> list[tuple[str, str]]:
    return [(topic, text.format(**SLOTS)) for topic, options in _wording()["meta_answers"].items()
            for text in options if "{last_question_plain}" not in text]


@pytest.mark.parametrize("topic,answer", _meta_answers())
def test_a_meta_answer_is_left_out_of_the_restated_question(topic, answer):
    assert plain_question(f"{answer} {QUESTION}") == QUESTION
    assert plain_question(f"{answer} {TOPIC} {QUESTION}") == f"{TOPIC} {QUESTION}"


def test_every_kind_of_meta_answer_is_tried():
    topics = {topic for topic, _ in _meta_answers()}
    assert {"length", "purpose", "privacy", "other", "skip"} <= topics


def test_a_topic_sentence_and_a_lead_in_are_kept_and_dropped_as_before():
    assert plain_question(f"Okay. {TOPIC} {QUESTION}") == f"{TOPIC} {QUESTION}"
    assert plain_question(f"Thanks. {QUESTION}") == QUESTION
