"""The respondent's own turn, read by its structure: a wish to stop or leave ("I'm going to leave it there",
"got to go now, cheers", "I'll call it a day"), a wish to go on another time ("can I finish this later?"),
a return after a pause ("ok. back.", "sorry about that, where were we"), and questions about being seen or
contacted ("will my manager see any of this?", "you won't ring me after this, will you?").

Method, not word lists of a domain: the parse (subject, modality, tense, what the verb takes), WordNet
(verbs of leaving and stopping, of telephoning and contacting; people and organisations) and a few closed
classes of English (the respondent's pronouns, the words of a short stretch of time). Nothing here names
a product or a study.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .grammar import closed, has_sense, sentences, word_is_kind
from ...text.primitives import words

# WordNet words of leaving or stopping: a verb counts when one of its first senses is (or is a kind of) a
# synset holding one of them ("go" sense 3 "go away, depart"; "wrap up" = "finish off"; "quit").
_STOPPING_ROOTS = frozenset({"depart", "go_away", "leave", "discontinue", "cease", "finish", "end", "terminate",
                             "quit", "stop", "finish_off", "call_it_quits"})
_STOP_SENSES = 3
# Motion verbs that leave with a particle ("head off", "dash off", "nip away"): WordNet's travelling.
_MOTION_ROOTS = frozenset({"travel", "move"})
_AWAY = frozenset("off away".split())
# Verbs that carry the respondent's intention to a stopping verb: "have to go", "going to leave", "want to stop",
# "need to head off", "got to go", "I'd better go" (the xcomp's head), a closed class of English.
_INTENDING = frozenset("have go want need get got gon like better".split())
# What a stopping verb may take and still be about the interview: "leave it there", "stop here", "call it a day".
_THE_INTERVIEW = frozenset("it this that there here now".split())
# The respondent as a subject, and the tags of a verb said in the past ("had to leave" tells a story).
_RESPONDENT = frozenset("i we".split())
# Particles that turn leaving into going on or coming back ("go on", "go ahead", "go back"): a closed class.
_GOING_ON = frozenset("on ahead back".split())
_PAST = frozenset({"VBD", "VBN"})
# Words of a later time: going on another day is a wish to stop for now ("later", "tomorrow", "another time").
_LATER = frozenset("later tomorrow tonight".split())
_ANOTHER = frozenset("another other next".split())
# A promise to come back is a pause, not an end ("got to get the door, back in a sec", "brb").
_RETURNING = re.compile(r"\b(?:brb|be (?:right )?back|back in\b|back after\b|back shortly\b)")
# A return said on its own after a pause: "back", "I'm back", "sorry about that", "where were we", "go on".
_RETURN = re.compile(r"^(?:(?:ok|okay|right|sorry|so|and|yes|yeah|right then)\s+)*(?:"
                     r"(?:i'?m |im |i am )?back(?: now| again)?|(?:sorry|apologies) (?:about|for) that|"
                     r"where (?:were|was) (?:we|i)|go on|carry on|go ahead|as you were)(?: then| now| please)?$")


@lru_cache(maxsize=256)
def _stopping(lemma: str) -> bool:
    """One of the verb's first WordNet senses holds a word of leaving or stopping, or its hypernym does (one
    step up: "wrap up" is "finish off"); never a pause ("pause", "break off" for a moment)."""
    from ...dedup.wordnet import get_wordnet

    wordnet = get_wordnet()
    if wordnet is None or word_is_kind(lemma.lower(), "v", _PAUSING_ROOTS, 1):
        return False
    for syn in wordnet.synsets(lemma.lower(), "v")[:_STOP_SENSES]:
        above = [wordnet.synset(p[1]) for p in syn.pointers if p[0] == "@"]
        if any(_STOPPING_ROOTS & set(x.words) for x in [syn, *above]):
            return True
    return False


_PAUSING_ROOTS = frozenset({"pause", "interrupt"})
# Adverbs a wish to stop may carry ("go now", "head off soon", "stop here"); any other ("go forwards", "leave
# early on Fridays") tells how or when something else is done. A closed class of English.
_NOW_ADVERBS = frozenset("now off away out soon then just actually really probably anyway today tonight here "
                         "there already".split())


def _call_it_a_day(verb) -> bool:
    """"call it a day / quits / there": "call" with "it" as its object and a WordNet idiom or "there/here" after."""
    if verb.lemma_.lower() != "call" or not any(c.dep_ == "dobj" and c.lower_ == "it" for c in verb.children):
        return False
    after = [t.lower_ for t in verb.doc[verb.i + 2:verb.i + 4] if t.is_alpha]
    return bool(after) and (after[0] in ("there", "here") or has_sense("call_it_" + "_".join(after), "v")
                            or has_sense("call_it_" + after[0], "v"))


def _time_noun(tok) -> bool:
    return word_is_kind(tok.lemma_.lower(), "n", frozenset({"time_period", "time_unit", "time"}), 2)


def _later(verb) -> bool:
    """A later time said of the verb: "later", "tomorrow", "another day", "some other time", "next week"."""
    for c in verb.children:
        if c.lower_ in _LATER:
            return True
        if c.dep_ in ("npadvmod", "dobj", "advmod", "pobj") and _time_noun(c) and any(
                g.lower_ in _ANOTHER for g in c.children):
            return True
        if c.dep_ == "prep" and any(_time_noun(g) and any(x.lower_ in _ANOTHER for x in g.children) for g in c.children):
            return True
    return False


# Distributive determiners that make a time a habit ("every Saturday", "each morning"): a closed class.
_EVERY = frozenset("every each".split())


def _keeps_to_the_interview(verb) -> bool:
    """The verb takes nothing but the interview itself: no object but "it/this/that/there" (a time noun at most),
    no clause or verb of its own ("stop paying for storage" stops something else), no place it goes to and no
    condition ("I'd quit if they raised prices"), no coming "back"."""
    for c in verb.children:
        if _time_noun(c) and any(g.dep_ == "predet" or g.lower_ in _EVERY for g in c.children):
            return False  # a habit ("we need to go twice a week", "I have to leave every Friday"), not now
        if c.dep_ in ("dobj", "attr", "oprd") and c.lower_ not in _THE_INTERVIEW and not _time_noun(c) and not (
                c.pos_ == "NOUN" and word_is_kind(c.lemma_.lower(), "n", frozenset({"interview", "survey", "inquiry"}), 2)):
            return False
        if c.dep_ in ("xcomp", "ccomp") and c.pos_ in ("VERB", "AUX"):
            return False
        if c.dep_ == "prep" and not any(_time_noun(g) or g.lower_ in ("it", "this", "here", "there") for g in c.children):
            return False  # ("leave it at that" after telling something holds that back: no leaving)
        if c.dep_ == "advmod" and c.lower_ not in _NOW_ADVERBS or c.dep_ == "neg":
            return False  # "I can go forwards", "I won't go into it", "I cannot take a morning off"
        if c.lower_ in _GOING_ON or c.dep_ == "advcl" and any(g.dep_ == "mark" and g.lower_ == "if" for g in c.children) \
                and not any(g.dep_ == "nsubj" and g.lower_ in ("that", "it", "you", "this") for g in c.children):
            return False  # ("if that's ok", "if you don't mind" ask leave)
    return True


def _respondent_intends(verb) -> bool:
    """The respondent's intention, now, to do ``verb``: the verb or the one it hangs from ("have to", "going to",
    "want to", "got to"), with "I"/"we" or no subject at all, a modal, "let's", or a present tense of intending;
    never a past tense ("we had to leave early" tells a story)."""
    chain = [verb]
    while chain[-1].dep_ == "xcomp" and len(chain) < 4:
        chain.append(chain[-1].head)
    top = chain[-1]
    subjects = [c for v in chain for c in v.children if c.dep_ in ("nsubj", "nsubjpass")]
    if any(s.lower_ not in _RESPONDENT for s in subjects):
        return False
    if any(v.tag_ in _PAST and v.lower_ != "got" for v in chain) or any(
            c.dep_ == "aux" and c.lower_ in ("had", "did", "was", "were") for v in chain for c in v.children):
        return False
    modal = any(c.dep_ == "aux" and c.tag_ == "MD" and c.lower_ not in ("would", "might") for v in chain for c in v.children)
    # ("having somewhere to go" has a thing to go to: an intending verb takes no object of its own)
    intending = len(chain) > 1 and all((v.lemma_.lower() in _INTENDING or v.lower_ in _INTENDING)
                                       and not any(c.dep_ == "dobj" for c in v.children)
                                       and not (v.tag_ == "VBG" and not any(c.dep_ == "aux" for c in v.children))
                                       for v in chain[1:])  # ("Having somewhere to go." names a thing wanted)
    lets = any(c.lower_ in ("let", "'s", "us") for c in top.children) or top.lemma_.lower() == "let"
    progressive = verb.tag_ == "VBG" and any(c.lower_ == "now" for c in verb.children)
    return modal or intending or lets or progressive


@lru_cache(maxsize=512)
def wants_to_stop(answer: str) -> bool:
    """Whether the respondent says they want to stop or leave the interview now: a verb of leaving or
    stopping (WordNet), or "call it a day/there", that the respondent intends now (a modal, "have to",
    "going to", "got to", "let's"; never a past tense) and that takes nothing but the interview itself
    ("leave it there", "stop here", "head off now"); also a wish to go on another time (:func:`defers`).
    A promise to come back ("back in a sec", "brb") makes it a pause instead."""
    text = " ".join(words(answer))
    if _RETURNING.search(text):
        return False
    return defers(answer) or any(_stops_here(s) for _, _, s in sentences(answer))


def _stops_here(sentence: str) -> bool:
    from ...text.parse import parse

    doc = parse(" ".join(sentence.split()))
    if any(t.lower_ in closed().wh_words for t in doc[:2]):
        return False  # "what time will we finish here" asks how long
    for v in doc:
        if not _leaving(v):
            continue
        if _later(v):
            continue  # "I'll stop by later" and the like: read by :func:`defers`
        if _respondent_intends(v) and _keeps_to_the_interview(v):
            return True
    return False


def _leaving(v) -> bool:
    """A verb of leaving or stopping (WordNet), a motion verb with "off/away" ("head off"), or "call it a day":
    the verbs :func:`wants_to_stop` judges."""
    if v.pos_ != "VERB" or v.dep_ in ("aux", "auxpass") or v.lemma_.lower() in ("be", "have", "do"):
        return False
    moves_away = word_is_kind(v.lemma_.lower(), "v", _MOTION_ROOTS, 1) and any(
        c.dep_ in ("prt", "advmod") and c.lower_ in _AWAY for c in v.children)
    return _stopping(v.lemma_) or moves_away or _call_it_a_day(v)


@lru_cache(maxsize=512)
def speaks_of_leaving(answer: str) -> bool:
    """Whether some sentence has a verb of leaving or stopping (of the interview or not: "I have to go to the
    market"), i.e. one whose use :func:`wants_to_stop` judges by its structure (stop14: where there is one,
    that verdict stands over a pattern)."""
    from ...text.parse import parse

    return any(_leaving(v) for _, _, s in sentences(answer) for v in parse(" ".join(s.split())))


@lru_cache(maxsize=512)
def defers(answer: str) -> bool:
    """Whether the respondent asks to go on another time ("can I finish this later?", "could we carry on
    another day", "can I come back to this tomorrow"): a verb said by "I"/"we" with a modal, whose object is
    the interview at most, with a later time ("later", "tomorrow", "another day")."""
    from ...text.parse import parse

    for _, _, s in sentences(answer):
        for v in parse(" ".join(s.split())):
            if v.pos_ != "VERB" or not _later(v):
                continue
            subjects = [c.lower_ for c in v.children if c.dep_ == "nsubj"]
            modal = any(c.dep_ == "aux" and c.tag_ == "MD" for c in v.children)
            objects = [c for c in v.children if c.dep_ == "dobj" and not _time_noun(c)]
            if subjects and set(subjects) <= _RESPONDENT and modal and all(o.lower_ in _THE_INTERVIEW for o in objects):
                return True
    return False


def back_alone(answer: str) -> bool:
    """Whether the whole answer only says the respondent is back ("right sorry about that, I'm back", "sorry
    back now, where were we"): every sentence or comma part a return (:func:`returns_from_pause`) or
    interjections alone."""
    c = closed()
    pieces = [p for _, _, s in sentences(answer) for p in re.split(r"[,;]| - | -- ", s) if words(p)]
    return bool(pieces) and any(_RETURN.match(" ".join(words(p))) for p in pieces) and all(
        _RETURN.match(" ".join(words(p))) or all(w in c.interjections for w in words(p)) for p in pieces)


def returns_from_pause(answer: str) -> bool:
    """Whether the answer's last words say the respondent is back after a pause ("hang on - phone - ... right.
    back.", "sorry about that, where were we", "ok, go on"): its last sentence or comma part is a return
    said on its own (a closed class of English: "back", "sorry about that", "where were we")."""
    pieces = [p for _, _, s in sentences(answer) for p in re.split(r"[,;]| - | -- ", s) if words(p)]
    return bool(pieces) and bool(_RETURN.match(" ".join(words(pieces[-1]))))


# WordNet words of telephoning or getting in touch ("phone", "call up", "ring", "contact", "e-mail").
_CONTACT_WORDS = frozenset({"telephone", "call_up", "phone", "ring", "contact", "get_hold_of", "e-mail", "email",
                            "reach", "get_through"})
_US = frozenset("me us".split())


def asks_about_contact(doc) -> bool:
    """A question whether the respondent will be contacted ("you're not going to ring me after this, are you?",
    "will they email me?"): a verb whose first senses hold a word of telephoning or getting in touch (WordNet),
    with "me"/"us" as its object."""
    from ...dedup.wordnet import get_wordnet

    wordnet = get_wordnet()
    if wordnet is None:
        return False
    for v in doc:
        if v.pos_ != "VERB" or not any(c.dep_ in ("dobj", "dative") and c.lower_ in _US for c in v.children):
            continue
        if any(_CONTACT_WORDS & set(s.words) for s in wordnet.synsets(v.lemma_.lower(), "v")[:3]):
            return True
    return False


# Who seeing the interview would make it matter: people and organisations (WordNet), and "anyone/someone".
_SEER_ROOTS = frozenset({"person", "organization", "social_group", "business"})
_ANYONE = frozenset("anyone anybody someone somebody they".split())


def seen_by_someone(doc, disclosure) -> bool:
    """A question whether someone will see, read or get the interview ("will my manager see any of this?",
    "does anyone from the company get to read this?"): a verb of disclosure or perceiving (``disclosure``,
    a predicate on lemmas) with a person or an organisation (WordNet) or "anyone" as its subject and "this",
    "it" or "any of this" as its object."""
    for v in doc:
        if v.pos_ != "VERB" or not disclosure(v.lemma_.lower()):
            continue
        chain = [v, v.head] if v.dep_ == "xcomp" else [v]  # "get to read this": the subject of "get"
        subjects = [c for x in chain for c in x.children if c.dep_ == "nsubj"]
        seer = any(s.lower_ in _ANYONE or s.pos_ == "NOUN" and word_is_kind(s.lemma_.lower(), "n", _SEER_ROOTS, 2)
                   for s in subjects)
        objects = [c for c in v.children if c.dep_ == "dobj"]
        this = any(o.lower_ in ("this", "it", "these") or o.lower_ in ("any", "all", "some") and any(
            g.lower_ == "of" and any(x.lower_ in ("this", "it") for x in g.children) for g in o.children)
                   or any(g.lower_ == "this" for g in o.children) for o in objects)
        if seer and this:
            return True
    return False


def promises_return(text: str) -> bool:
    """A promise to come back ("back in a sec", "brb", "be right back"): what makes leaving a pause."""
    return bool(_RETURNING.search(" ".join(words(text))))


# Words that say the respondent has had enough of something ("done with", "finished with", "through with").
_DONE = frozenset("done finished through".split())


def stops_something_else(sentence: str) -> bool:
    """Whether a sentence stops or is done with something other than the interview ("I want to stop paying for
    storage", "I'm done with cheap hammocks that sag"): a stopping verb (WordNet) with a verb or a noun as its
    object, or "done/finished with" a noun."""
    from ...text.parse import parse

    for t in parse(" ".join(sentence.split())):
        if t.lower_ in _DONE and any(c.dep_ == "prep" and c.lower_ == "with" and any(
                g.pos_ in ("NOUN", "PROPN") for g in c.children) for c in t.children):
            return True
        if t.pos_ == "VERB" and _stopping(t.lemma_) and any(
                c.dep_ in ("xcomp", "dobj") and (c.pos_ in ("VERB", "NOUN", "PROPN")) for c in t.children):
            return True
    return False
