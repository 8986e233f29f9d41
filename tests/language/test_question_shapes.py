"""Answer fragment -> question shape: a checked noun phrase in the slot, the respondent's words quoted
before a slotless probe, or a plain probe. Covers the fragments seen in the issue's transcript."""

import re

import pytest

from interview_core.language.contracts import FocusRef, QuestionRequest, Turn
from interview_core.language.offline import OfflineLanguage
from interview_core.language.offline.grammar import is_noun_phrase, noun_phrase
from interview_core.text.primitives import words

# The respondent's first person left in a question; the interviewer's own "I see" is fine.
FIRST_PERSON = re.compile(r"\b(me|my|mine|myself|i'm|i've|i'd|i'll)\b|\bI\b(?! see\b)", re.I)


def ask(m, c, label, kind="node", answer="", turn=3, strategy="deepen"):
    turns = [Turn(question="What comes to mind?", answer=answer)] if answer else []
    request = QuestionRequest(methodology=m, concept=c, strategy=m.strategy(strategy), turn_number=turn,
                              focus=FocusRef(kind=kind, label=label), recent_turns=turns)
    return OfflineLanguage().write_question(request).question


def outside_quotes(q: str) -> str:
    return re.sub(r'"[^"]*"', " ", q)


@pytest.mark.parametrize("label,answer,shape", [
    ("no idea what our heating costs until", "I've no idea what our heating costs until the bill lands.", "said"),
    ("when nobody's", "I'd stop heating the place when nobody's in.", "said"),
    ("wait it says you can take", "oh wait, it says you can take it with you.", "said"),
    ("the in control", "", "plain"),  # no answer holds these words: never passed off as a quote
    ("replace the car", "", "np"),
    ("dunno", "", "plain"),
    ("anyway", "", "plain"),
    ("when nobody's", "", "plain"),
    # A clause is quoted in the respondent's words rather than turned into a gerund (wave 4: parser topics).
    ("if the numbers were there nobody could argue", "If the numbers were there nobody could argue.", "said"),
    ("creamy texture", "", "np"),
    ("not rushing every monday", "Not rushing every Monday.", "said"),
    ("noticed was the energy report", "The first thing I noticed was the energy report.", "said"),
])
def test_fragment_to_question_shape(mec, oat_milk, label, answer, shape):
    for turn in range(4):
        q = ask(mec, oat_milk, label, answer=answer, turn=turn)
        outside = outside_quotes(q)
        assert not FIRST_PERSON.search(outside), q  # the interviewer speaks to "you" outside a quote
        assert not re.search(r"[*_`#<>\[\]]", q), q  # never markup
        assert not re.search(r"\bthe (the|a|an|if|when|until|wait|in|i|you|my|your)\b", outside, re.I), q
        if shape == "said":
            assert re.match(r'^(You said|You mentioned|Earlier you said|A little earlier you mentioned) "[^"]+"\. ', q), q
            assert "{" not in q and q.count('"') == 2
        elif shape == "np":
            assert '"' not in q, q
        else:
            assert '"' not in q and label not in q.lower(), q


def test_quote_is_the_respondents_sentence(mec, oat_milk):
    q = ask(mec, oat_milk, "when nobody's", answer="Because if I could see it, I reckon I'd stop heating the place "
                                                   "when nobody's in. The rent went up again.")
    assert "when nobody's in" in q and "The rent went" not in q


def test_element_names_are_quoted_when_no_noun_phrase(mec, oat_milk):
    q = ask(mec, oat_milk, "Pours without splashing", kind="element", strategy="cover_element")
    assert '"Pours without splashing"' in q or "pours without splashing" not in q.lower(), q


@pytest.mark.parametrize("fragment,phrase", [
    ("noticed was the energy report", "the energy report"),
    ("it'd save a lot of time", "saving a lot of time"),
    ("love riding to work in march", "riding to work"),
    ("if the numbers were there nobody could argue", "the numbers being there"),
    ("had a long chat about the rent last summer", "a long chat about the rent"),
    ("wait it says you can take", None),
    ("when nobody's", None),
    ("that's the problem", None),
    ("sorry random question", None),
    ("anyway", None),
])
def test_noun_phrase_table(fragment, phrase):
    got = noun_phrase(words(fragment))
    assert (" ".join(got) if got else None) == phrase
    if got:
        assert is_noun_phrase(got)
