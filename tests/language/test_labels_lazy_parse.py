"""The sentence roles of :mod:`interview_core.language.offline.asked` parse a sentence only when a check
needs its tokens (a question mark, an apology, an interview noun, a bare "this"): plain statements are
settled by their words, and the roles are the ones a full parse of every sentence gives. Cases are our own
(a bicycle-repair-café domain no evaluation file uses)."""

from __future__ import annotations

import pytest

from interview_core.language.offline import asked


@pytest.fixture
def parsed(monkeypatch):
    seen: list[str] = []
    real = asked.parse

    def counting(text: str):
        seen.append(text)
        return real(text)

    monkeypatch.setattr(asked, "parse", counting)
    asked._classify.cache_clear()
    yield seen
    asked._classify.cache_clear()


def test_plain_statements_are_not_parsed(parsed):
    answer = "I fixed my own brakes there. The volunteers were patient with me. It felt good to learn."
    assert asked.asked_spans(answer) == []
    assert asked.echo_sentences(answer) == []
    assert parsed == []


def test_sentences_that_need_tokens_are_parsed_once(parsed):
    answer = "They lend you the tools? My chain keeps slipping. sorry the dog's just jumped in the van"
    spans = asked.asked_spans(answer)
    asked.echo_sentences(answer)  # the roles of one answer are worked out once
    assert [answer[a:b].strip() for a, b in spans] == ["They lend you the tools?", "sorry the dog's just jumped in the van"]
    assert sorted(parsed) == sorted(["They lend you the tools?", "sorry the dog's just jumped in the van"])


@pytest.mark.parametrize("answer", [
    "I don't really follow the question tbh. Anyway the café is great.",
    "Is this for the council? Just wondering who reads it. The spanners are what I go for.",
    "Spare inner tubes?? At a café? I like the soldering bench.",
    "sry typing on the bus. Mostly I like that someone shows you how.",
])
def test_lazy_roles_equal_full_parse_roles(monkeypatch, answer):
    asked._classify.cache_clear()
    lazy = asked._classify(answer)
    asked._classify.cache_clear()
    monkeypatch.setattr(asked, "_mentions", lambda sentence, wordset: True)  # every sentence read in full
    full = asked._classify(answer)
    asked._classify.cache_clear()
    assert lazy == full
