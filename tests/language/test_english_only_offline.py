"""Offline, the app interviews in English: an answer plainly in another language is stored as written,
never turned into graph nodes, and answered with a plain notice and the same question again. The reading
(script + English share of the words) is checked on our own table of sentences: English with typos, slang,
brand names and short answers must never be flagged."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.english_reading import load_cases
from interview_core.config.settings import DedupSettings, Settings
from interview_core.language.english import MIN_WORDS, is_english_word, plainly_not_english, read_language
from interview_core.language.interview_language import ENGLISH_ONLY_NOTICE, NOT_ANALYSED
from interview_core.session import InterviewSession

CASES = Path(__file__).resolve().parents[2] / "evaluation" / "language_id_cases.tsv"


def cases(split: str) -> list[tuple[str, str, str]]:
    return [(expected, language, text) for s, expected, language, text in load_cases(CASES) if s == split]


@pytest.mark.parametrize("split", ["dev", "test"])
def test_no_english_answer_is_flagged(split):
    english = [text for expected, _, text in cases(split) if expected == "en"]
    assert len(english) >= 20
    assert [t for t in english if plainly_not_english(t)] == []


@pytest.mark.parametrize("split", ["dev", "test"])
def test_answers_in_other_languages_are_flagged(split):
    other = [(language, text) for expected, language, text in cases(split) if expected == "other"]
    assert len({language for language, _ in other}) >= 12
    assert [(lang, t) for lang, t in other if not plainly_not_english(t)] == []


@pytest.mark.parametrize("text", ["yes", "dunno", "ok", "nope", "k", "idk", "ja", "oui merci", "sí", "👍", "42",
                                  "Ich weiß nicht"])
def test_short_answers_are_never_flagged_on_words(text):
    assert read_language(text).words < MIN_WORDS and not plainly_not_english(text)


@pytest.mark.parametrize("text, letters, other, words, english", [
    ("Мне нравится", 11, 11, 0, 0),                      # Cyrillic: another script
    ("I love it 10/10", 7, 0, 3, 3),                      # digits are neither letters nor words
    ("the foam is grate", 14, 0, 4, 4),                  # a typo-ish word still English ("grate" is a word)
    ("Ich finde die Konsistenz angenehm", 29, 0, 5, 2),  # "die", and "finde" one edit from "find"
])
def test_readings_by_hand(text, letters, other, words, english):
    r = read_language(text)
    assert (r.letters, r.other_script, r.words, r.english) == (letters, other, words, english)


def test_english_words_typos_contractions_accents():
    for w in ("creamy", "foams", "don't", "i'm", "naïve", "résumé", "beter", "reliabilty", "tbh", "lol"):
        assert is_english_word(w), w
    # Short words are near many English ones: "nicht" is one edit from "night", "porque" from "torque".
    for w in ("geschmack", "weil", "ausflockt", "très", "aplicación", "vaahtoutuu", "zuverlässig"):
        assert not is_english_word(w), w


@pytest.fixture
def session(tmp_path):
    settings = Settings(database=str(tmp_path / "en.db"), dedup=DedupSettings(embeddings_enabled=False))
    return InterviewSession.start("means_end_chain", "oat_milk", settings=settings, max_turns=6)


def test_a_german_answer_offline_is_stored_not_extracted_and_the_question_asked_again(session):
    first = session.current_question
    answer = "Ich finde die Konsistenz sehr angenehm, weil sie im Kaffee nicht ausflockt."
    result = session.answer(answer)
    assert result.should_continue and not result.closing_question
    assert result.next_question == f"{ENGLISH_ONLY_NOTICE} {first}"
    assert session.repo.list_nodes(session.session_id) == []  # no node guessed from German words
    stored = [u["text"] for u in session.transcript() if u["speaker"] == "respondent"]
    assert stored == [answer]  # nothing lost
    assert session.turn_results()[-1].model_dump()["next_question"] == result.next_question
    follow = session.answer("I like how creamy it is because it foams well in my coffee")
    assert not follow.next_question.startswith(ENGLISH_ONLY_NOTICE)
    assert session.repo.list_nodes(session.session_id)  # English is read as usual


def test_the_assessment_says_why_nothing_was_extracted(session):
    session.answer("Je prends le vélo tous les jours parce que c'est plus rapide que le bus.")
    stored = session.repo.turn_results(session.session_id)[-1]
    assert NOT_ANALYSED in str(stored)


def test_english_answers_with_slang_and_brands_are_read_as_usual(session):
    result = session.answer("tbh the Oatly barista one froths up realy well in my Nespresso, way beter than Alpro")
    assert not result.next_question.startswith(ENGLISH_ONLY_NOTICE)
    assert session.repo.list_nodes(session.session_id)
