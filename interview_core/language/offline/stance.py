"""Stance and reaction of a clause, from the VADER sentiment lexicon plus a few phrase cues, and the
stance of a question's topic read from the parse (:func:`read_stance`)."""

from __future__ import annotations

from lemminflect import getAllLemmas

from ...text.lexicon import lexicon
from ...text.primitives import stem_string
from .grammar import closed, noun_is_kind, open_classes
from .valence import NEGATIVE_AT, POSITIVE_AT, compound, word_valence
from .verdicts import is_verdict

__all__ = ["NEGATIVE_AT", "POSITIVE_AT", "compound", "word_valence", "stance_and_reaction", "read_stance", "sarcastic", "in_list"]


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
# Words of assent ("yes", "yeah", "ok"): agreement, never sarcastic praise by themselves (a closed class of English).
ASSENT = frozenset("yes yeah yep yup ok okay please".split())
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


def _following(sent):
    """The sentence right after ``sent`` in its answer, or None."""
    return next((s for s in sent.doc.sents if s.start >= sent.end), None)


def _preceding(sent):
    """The sentence right before ``sent`` in its answer, or None."""
    return next((s for s in sent.doc.sents if s.end == sent.start), None)


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
        amount = any(g.dep_ == "nummod" for g in c.children)  # "four grand" is a sum, not praise
        if (c.dep_ in _COMPLEMENTS or linking) and not amount and (j := _judging(c)):
            cues.append(j * flip)  # "gets awkward" (the parser may take the adjective for an adverb)
        if c.dep_ in _COMPLEMENTS or c.dep_ in ("nsubj", "dobj"):
            # what a relative clause says of it: "four grand, which is insane"
            cues += [j for r in c.children if r.dep_ == "relcl" for j in _clause_cues(r)]
    if verb.pos_ == "ADJ" and (j := _judging(verb)):  # a fragment: "awful, honestly"
        cues.append(j * flip)
    for t in verb.subtree:
        if t.lower_ == "too" and t.dep_ == "advmod" and t.head.pos_ in ("ADJ", "ADV", "DET"):
            cues.append(-1)  # "way too loud", "too many"
        elif t.lower_ == "so" and t.head.lower_ in ("many", "much") and t.head.head.pos_ == "NOUN":
            cues.append(-1)  # "so many forms"
        elif t.lower_ == "enough" and (_negated(t.head) or _negated(t)):
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
    # ("rain covers yes obviously": assent, then agreement made plain, is no praise undone)
    opening = [t for t in toks[:3] if word_valence(t.lower_) >= PRAISE_VALENCE and t.pos_ in ("INTJ", "ADJ", "ADV")
               and t.lower_ not in ASSENT
               and (t.pos_ == "INTJ" or t.dep_ in ("intj", "discourse") or _exclaimed(t))]
    remark = _following(sent)
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


def _valence(tokens) -> int:
    """-1, 0 or 1: VADER's compound of the tokens, leaving out valence words used as prepositions or
    conjunctions ("swelled up like a pillow": "like" is no liking)."""
    text = "".join(t.text_with_ws for t in tokens if not (t.pos_ in ("ADP", "SCONJ") and word_valence(t.lower_)))
    score = compound(text)
    return 1 if score >= POSITIVE_AT else -1 if score <= NEGATIVE_AT else 0


def _remark_after(sent) -> int:
    """-1, 0 or 1: the valence of a short remark right after the sentence, with no verb of its own ("Bit
    scary tbh.", "Brilliant."): the respondent's verdict on what the sentence told."""
    remark = _following(sent)
    if remark is None:
        return 0
    if _refusal(remark):
        return -1
    core = [t for t in remark if not t.is_punct and t.lower_ not in closed().interjections]
    if not core or len(core) > 3 or any(t.pos_ in ("VERB", "AUX") for t in core):
        return 0
    return _valence(remark)


# Words at most in a refusal said after what it refuses ("no.", "nope", "no way", "not a chance").
REFUSAL_WORDS = 3


def _refusal(remark) -> bool:
    """A short remark with no verb that opens with a negation ("no.", "nope.", "not a chance", "no way")
    and says nothing good after it: the respondent turning down what the sentence before named."""
    ws = [t for t in remark if not t.is_punct]
    c = closed()
    return 0 < len(ws) <= REFUSAL_WORDS and ws[0].lower_ in c.negations | {"no", "nope", "nah"} and not any(
        t.pos_ in ("VERB", "AUX") for t in ws) and _valence(remark) <= 0


def refused_after(sent) -> bool:
    """Whether the sentence after ``sent`` is a refusal of what it named (:func:`_refusal`)."""
    remark = _following(sent)
    return remark is not None and _refusal(remark)


def _turned(sent) -> bool:
    """A sentence opened by "but" or "though" after a sentence of the opposite valence ("Cold, damp,
    arguing ... But the photos will look great"): the respondent weighs one against the other."""
    first = next((t for t in sent if not t.is_punct), None)
    if first is None or first.lower_ not in _CONTRAST_CC or sent.start == 0:
        return False
    before = _preceding(sent)
    mine, theirs = _valence(sent), _valence(before) if before is not None else 0
    return bool(mine and theirs and mine == -theirs)


def read_stance(head, clause, sent, scope: list) -> tuple[int, bool]:
    """(stance, open) of a topic: ``stance`` -1 complaint, 0 none, 1 positive; ``open`` True when the cues
    conflict or are unsure, so that the question presumes no stance.

    ``head`` is the topic's head token, ``clause`` the verb (or root) of its clause, ``sent`` its sentence,
    ``scope`` the tokens whose valence counts (the clause, or the topic's own item in a list). Parse cues
    (:func:`_clause_cues`, a short verdict right after the sentence, sarcasm) are read first; VADER's
    compound of ``scope``, then of the sentence unless the topic is a list item, counts when they say
    nothing. Cues of both signs, VADER against the parse, praise that reads as sarcasm without a
    complaint beside it, a hedge ("maybe", "I suppose") on a positive reading, a topic in a conceded part
    ("sounds great in theory, but"), or a "But ..." sentence against the one before give ``open``.
    """
    if _figurative(clause):
        return 0, True
    cues = _clause_cues(clause)
    if remark := _remark_after(sent):
        cues.append(remark)
    valence = _valence(scope)
    if valence == 0 and not in_list(head):
        valence = _valence(sent)
    if sarcastic(sent):
        return (-1, False) if -1 in cues and 1 not in cues else (0, True)
    if _conceded(head, sent) or _turned(sent):
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


def _figurative(clause) -> bool:
    """A clause that judges a part of the body ("getting my hands dirty", "a pain in the neck", "keeps me on
    my toes"): most such phrases are idioms, whose valence words do not mean what they say, so no stance is
    presumed. A body part is a noun whose first WordNet sense is a kind of body part."""
    small = [c for c in clause.children if c.pos_ == "ADJ"]  # "getting [my hands dirty]": a small clause
    for t in list(clause.children) + [g for c in small for g in c.children]:
        if t.pos_ == "NOUN" and t.dep_ in ("dobj", "nsubj") and _body_part(t.lemma_.lower()):
            near = list(t.children) + small
            if any(_judging(n) for n in near):
                return True
    return False


def _body_part(lemma: str) -> bool:
    return noun_is_kind(lemma, frozenset({"body_part"}), 1)


def in_list(head) -> bool:
    """A noun that is one item of a list ("fresh air, the quiet, being away from my inbox")."""
    return head.pos_ in ("NOUN", "PROPN") and (head.dep_ == "conj" or any(c.dep_ == "conj" for c in head.children))
