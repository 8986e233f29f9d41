"""Stance and reaction of a clause, from the VADER sentiment lexicon plus a few phrase cues, and the
stance of a question's topic read from the parse (:func:`read_stance`)."""

from __future__ import annotations

from lemminflect import getAllLemmas

from ...text.lexicon import lexicon
from ...text.primitives import stem_string
from .grammar import open_classes
from .valence import NEGATIVE_AT, POSITIVE_AT, compound, word_valence
from .verdicts import is_verdict

__all__ = ["NEGATIVE_AT", "POSITIVE_AT", "compound", "word_valence", "stance_and_reaction", "read_stance", "sarcastic"]


def stance_and_reaction(text: str, padded_stems: str) -> tuple[int, str]:
    """(stance in {-1, 0, 1}, reaction) of one clause.

    Reaction: skeptical or curious on their cue phrases (or a question mark for curious), otherwise
    positive/negative/neutral following the stance.
    """
    lex = lexicon()
    score = compound(text)
    if lex.negative_cues.hits(padded_stems):
        score = min(score, NEGATIVE_AT - 0.01)
    stance = 1 if score >= POSITIVE_AT else -1 if score <= NEGATIVE_AT else 0
    if lex.skeptical_cues.hits(padded_stems):
        return min(stance, 0), "skeptical"
    if lex.curious_cues.hits(padded_stems) or text.rstrip().endswith("?"):
        return stance, "curious"
    return stance, {1: "positive", -1: "negative", 0: "neutral"}[stance]



# --- Stance of a topic read from the parse (complaint, want, praise, or no stance presumed) -----------------

# A word whose valence is at least this strong (VADER's scale, -4..4) judges what it is said of.
JUDGING_VALENCE = 0.5
# Praise this strong, said as an exclamation, is the first half of sarcasm when something incongruous follows.
PRAISE_VALENCE = 1.2
# A word this negative after exclamatory praise makes it sarcasm ("Oh lovely, the bus broke down again").
NEGATIVE_FACT = 1.0
_LINKING = frozenset("be get become seem look feel sound go turn".split())
_EXPECTING = frozenset("like want hope expect need think".split())
_CONTRAST_CC = frozenset("but yet though".split())
_CONCESSIVE_MARKS = frozenset("although though while whilst whereas".split())
_COMPLEMENTS = frozenset("acomp attr oprd".split())
# Words of totality that overstate ("everyone", "all my ..."): after praise, sarcasm.
_UNIVERSALS = frozenset("everyone everybody everything all always".split())


def _negated(tok) -> bool:
    return any(c.dep_ == "neg" for c in tok.children)


def _judging(tok) -> int:
    """-1, 0 or 1: the sign of a word's valence when it is strong enough to judge."""
    v = word_valence(tok.lower_) or word_valence(tok.lemma_.lower())
    return 0 if abs(v) < JUDGING_VALENCE else (1 if v > 0 else -1)


def _clause_cues(verb) -> list[int]:
    """Stance cues of one clause, from its parse: what its verb says of its object (a verb of liking or
    complaining, "I hate the queue"), what its complement says of its subject ("that could get awkward"),
    an excess ("too loud", "so many forms"), a lack ("not enough"), a negated want ("I don't need another
    app"). A negation on the verb turns a judgement round."""
    cues = []
    flip = -1 if _negated(verb) else 1
    if verb.pos_ == "VERB" and (j := _judging(verb)):
        cues.append(j * flip)
    elif verb.pos_ == "VERB" and flip < 0 and verb.lemma_.lower() in ("want", "need", "like"):
        cues.append(-1)
    for c in verb.children:
        linking = c.dep_ == "advmod" and verb.lemma_.lower() in _LINKING and "ADJ" in open_classes(c.lower_)
        if (c.dep_ in _COMPLEMENTS or linking) and (j := _judging(c)):
            cues.append(j * flip)  # "gets awkward" (the parser may take the adjective for an adverb)
    if verb.pos_ == "ADJ" and (j := _judging(verb)):  # a fragment: "awful, honestly"
        cues.append(j * flip)
    for t in verb.subtree:
        if t.lower_ == "too" and t.dep_ == "advmod" and t.head.pos_ in ("ADJ", "ADV", "DET"):
            cues.append(-1)  # "way too loud", "too many"
        elif t.lower_ == "so" and t.head.lower_ in ("many", "much") and t.head.head.pos_ == "NOUN":
            cues.append(-1)  # "so many forms"
        elif t.lower_ == "enough" and (_negated(t.head) or any(c.dep_ == "neg" for c in t.children)):
            cues.append(-1)
        elif _comparative(t) and _than_wanted(t):
            cues.append(-1)  # "pricier than I'd like"
    return cues


def _comparative(tok) -> bool:
    """A comparative adjective or adverb, also one the tagger took for a noun ("dearer")."""
    if tok.tag_ in ("JJR", "RBR"):
        return True
    lemmas = getAllLemmas(tok.lower_).get("ADJ", ())
    return tok.lower_.endswith("er") and any(lemma != tok.lower_ for lemma in lemmas)


def _than_wanted(comparative) -> bool:
    """A comparative measured against what the respondent wants or expected ("pricier than I'd like",
    "longer than I hoped")."""
    sub = list(comparative.subtree)
    return any(t.lower_ == "than" for t in sub) and any(
        t.pos_ == "VERB" and t.lemma_.lower() in _EXPECTING for t in sub)


def _conceded(head, sent) -> bool:
    """The topic is said in a part the respondent concedes before setting something against it ("sounds
    great in theory but ..."), or in a concessive clause ("although it's cheap, ...")."""
    for a in [head, *head.ancestors]:
        if any(c.dep_ == "mark" and c.lower_ in _CONCESSIVE_MARKS for c in a.children):
            return True
        if any(c.dep_ == "cc" and c.lower_ in _CONTRAST_CC and c.i > head.i for c in a.children):
            return True
    return any(t.lower_ == "theory" and t.head.lower_ == "in" for t in sent)


def sarcastic(sent) -> bool:
    """Praise said as an exclamation ("Oh great", "Wow", "Brilliant", or a one-word verdict such as
    "Genius." right after the sentence) with something that does not fit it: "another", an overstatement
    ("definitely", "everyone", "all"), "because" right after the praise, a closing "though", a negative
    word, or praise both before and after a sentence that praises nothing itself."""
    toks = [t for t in sent if not t.is_punct]
    if not toks:
        return False
    opening = [t for t in toks[:3] if word_valence(t.lower_) >= PRAISE_VALENCE and t.pos_ in ("INTJ", "ADJ", "ADV")
               and (t.pos_ == "INTJ" or t.dep_ in ("intj", "discourse") or _exclaimed(t))]
    remark = next((s for s in sent.doc.sents if s.start >= sent.end), None)
    after = remark is not None and is_verdict(remark, first=False) and all(
        word_valence(t.lower_) >= 0 for t in remark) and sum(not t.is_punct for t in remark) == 1
    if not opening and not after:
        return False
    rest = [t for t in toks if not opening or t.i > opening[-1].i]
    if not rest:
        return False
    if any(t.lower_ == "another" or t.lower_ in _UNIVERSALS for t in rest) or rest[-1].lower_ == "though":
        return True
    if any(t.lemma_.lower() in ("definitely", "totally", "obviously", "clearly", "surely") for t in rest):
        return True
    if opening and rest[0].lower_ == "because":
        return True
    if any(word_valence(t.lower_) <= -NEGATIVE_FACT for t in rest):
        return True
    span = sent.doc[rest[0].i:rest[-1].i + 1].text
    return bool(opening) and after and compound(span) < POSITIVE_AT


def _exclaimed(tok) -> bool:
    """A word said on its own before the sentence goes on: followed by a comma, a dash or an end mark
    ("Great, another ..."), not a modifier of the next word ("Fresh bread")."""
    nxt = tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else None
    return nxt is None or nxt.is_punct


def read_stance(head, clause, sent, scope_text: str) -> tuple[int, bool]:
    """(stance, open) of a topic: ``stance`` -1 complaint, 0 none, 1 positive; ``open`` True when the cues
    conflict or are unsure, so that the question presumes no stance.

    ``head`` is the topic's head token, ``clause`` the verb (or root) of its clause, ``sent`` its sentence,
    ``scope_text`` the words whose valence counts (the clause, or the topic's own item in a list). Parse
    cues (:func:`_clause_cues`, sarcasm) are read first; VADER's compound of ``scope_text``, then of the
    sentence unless the topic is a list item, counts when they say nothing. Cues of both signs, VADER
    against the parse, praise that reads as sarcasm without a complaint beside it, a hedge ("maybe", "I
    suppose") on a positive reading, or a topic in a conceded part ("sounds great in theory, but") give
    ``open``.
    """
    cues = _clause_cues(clause)
    score = compound(scope_text)
    valence = 1 if score >= POSITIVE_AT else -1 if score <= NEGATIVE_AT else 0
    if valence == 0 and not _in_list(head):
        score = compound(sent.text)
        valence = 1 if score >= POSITIVE_AT else -1 if score <= NEGATIVE_AT else 0
    if sarcastic(sent):
        return (-1, False) if -1 in cues and 1 not in cues else (0, True)
    if _conceded(head, sent):
        return 0, True
    signs = set(cues)
    if len(signs) == 2:
        return 0, True
    sign = next(iter(signs)) if signs else valence
    if signs and valence == -sign:
        return 0, True  # the parse against the valence words ("pricier than I'd like")
    if sign > 0 and lexicon().hedges.count(stem_string([t.lower_ for t in sent])):
        return 0, True  # praise the respondent hedges ("could be fun, maybe") is not presumed
    return sign, False


def _in_list(head) -> bool:
    """A noun that is one item of a list ("fresh air, the quiet, being away from my inbox")."""
    return head.pos_ in ("NOUN", "PROPN") and (head.dep_ == "conj" or any(c.dep_ == "conj" for c in head.children))
