"""A mechanical screen for interviewer questions and concept labels: faults a reader of English spots at
once, found from word classes alone (closed-class English and LemmInflect), never from a study's words.

Question faults: markup or an unfilled placeholder; the respondent's first person left outside a
quote; an article or possessive glued to a word that cannot follow it ("the if", "the in control");
a function word dangling before punctuation ("when nobody's."); a determiner before a verb ("the
replace"); a gerund as the object of "have"; a filler used as a topic ("does dunno
come up"); a doubled word; unbalanced or empty quotes; no question mark; over MAX_QUESTION_WORDS words.
Label faults: a label that starts with a conjunction, auxiliary, filler or subject pronoun, or ends on
a dangling function word.
"""

from __future__ import annotations

import re

from .offline.grammar import closed, open_classes, verb_lemma
from ..text.primitives import words

MAX_QUESTION_WORDS = 70
_QUOTED = re.compile(r'"[^"]*"|“[^”]*”')
_MARKUP = re.compile(r"[*_`#<>\[\]{}|\\]|https?://")
_RESPONDENT_PERSON = frozenset("my mine myself our ours ourselves".split())
# Particles and adverbs that may close a clause ("turning it up?", "what's behind that?").
_MAY_END = frozenset("up out off down away back over around in on about through with for to there here".split())


def _outside_quotes(text: str) -> str:
    return _QUOTED.sub(" QUOTE ", text)


def _article_glue() -> tuple[frozenset[str], frozenset[str]]:
    c = closed()
    articles = frozenset({"the", "a", "an"}) | (c.possessives - {"mine", "yours", "hers", "ours", "theirs", "his"})
    cannot_follow = (c.coordinators | c.subordinators | c.auxiliaries | c.subject_pronouns | c.subject_contractions
                     | c.prepositions | c.wh_words | articles | c.object_pronouns
                     | (c.interjections - {"like", "well", "right", "sure", "wait", "sorry", "ok", "okay", "so"})
                     ) - {"one", "there", "past", "round", "like", "since", "until", "after", "before", "being", "having"}
    return articles, cannot_follow


def _verb_only(word: str) -> bool:
    """A word that can only be a verb form in English ("replace", "says"), per LemmInflect."""
    return open_classes(word) == frozenset({"VERB"})


def screen_question(question: str) -> list[str]:
    """The faults found in one interviewer question (empty when none)."""
    c = closed()
    faults = []
    text = question.strip()
    if _MARKUP.search(text):
        faults.append("markup or placeholder")
    if text.count('"') % 2:
        faults.append("unbalanced quotes")
    if any(len(words(q)) == 0 or all(w in c.function_words | c.interjections for w in words(q))
           for q in _QUOTED.findall(text)):
        faults.append("quote without content")
    if not text.endswith(("?", ".")):
        faults.append("no sentence end")
    if len(words(text)) > MAX_QUESTION_WORDS:
        faults.append(f"over {MAX_QUESTION_WORDS} words")
    outside = _outside_quotes(text)
    ws = words(outside)
    if _RESPONDENT_PERSON & set(ws):
        faults.append("respondent's first person outside a quote: " + ", ".join(sorted(_RESPONDENT_PERSON & set(ws))))
    articles, cannot_follow = _article_glue()
    for a, b in zip(ws, ws[1:]):
        if a in articles and b in cannot_follow:
            faults.append(f"'{a} {b}': a determiner glued to a function word")
        if a in articles and _verb_only(b) and not b.endswith(("ed", "ing")):  # participles modify nouns
            faults.append(f"'{a} {b}': a determiner before a verb")
        if a in ("have", "has", "had", "get", "got") and b.endswith("ing") and verb_lemma(b):
            faults.append(f"'{a} {b}': a gerund as the object of '{a}'")
        if a == b and a not in ("that", "very", "had"):
            faults.append(f"doubled word '{a}'")
        if b in (c.interjections - {"like", "well", "right", "sure", "so", "ok", "okay", "thanks", "please", "sorry", "no"}) \
                and (a in c.prepositions or a in articles or a in c.auxiliaries):
            faults.append(f"filler as a topic: '{a} {b}'")
    dangling = (c.coordinators | c.subordinators | c.determiners | c.possessives | c.prepositions
                | c.auxiliaries | c.subject_pronouns | c.subject_contractions) - _MAY_END - c.wh_words - {
                    "it", "you", "that", "this", "more", "enough", "all", "other", "others", "not"}
    for m in re.finditer(r"([A-Za-z']+)\s*[?.,!;:]", outside):
        word = m.group(1).lower().replace("’", "'")
        before = outside[:m.start()].split()[-1:]
        if word in dangling and not (before and before[0].lower() == "or"):  # "..., or did."
            faults.append(f"dangling '{word}' before punctuation")
    return list(dict.fromkeys(faults))


def screen_label(label: str) -> list[str]:
    """The faults found in one concept label (empty when none)."""
    c = closed()
    ws = words(label)
    if not ws:
        return ["empty label"]
    faults = []
    first, last = ws[0], ws[-1]
    if first in c.coordinators or first in c.subordinators:
        faults.append(f"starts with a conjunction '{first}'")
    if first in c.auxiliaries and first not in ("being", "having"):
        faults.append(f"starts with an auxiliary '{first}'")
    if first in c.interjections and first not in ("no", "like"):
        faults.append(f"starts with a filler '{first}'")
    if first in c.subject_pronouns or first in c.subject_contractions:
        faults.append(f"starts with a subject '{first}'")
    if len(ws) > 1 and (last in c.subordinators or last in c.coordinators or last in c.determiners
                        or last in c.auxiliaries) and last not in ("more", "enough", "all", "much", "less"):
        faults.append(f"ends on '{last}'")
    return faults
