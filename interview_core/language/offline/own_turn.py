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

from lemminflect import getAllLemmas

from .grammar import _CHAT_SPELLINGS, closed, has_sense, open_classes, sentences, word_is_kind
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
# What opens a clause of a later time ("once the kids are down", "after I've eaten"): a closed class of English.
_ONCE = frozenset("once after".split())
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
    """A later time said of the verb: "later", "tomorrow", "another day", "some other time", "next week", "on
    Sunday", "after dinner", "once the kids are in bed" (after or once something, or on a day)."""
    for c in verb.children:
        if c.lower_ in _LATER:
            return True
        if c.dep_ == "prep" and (c.lower_ == "after" or c.lower_ == "on" and any(_time_noun(g) for g in c.children)) \
                and any(g.dep_ == "pobj" for g in c.children):
            return True
        if c.dep_ == "advcl" and any(g.dep_ == "mark" and g.lower_ in _ONCE for g in c.children):
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
        if (c.dep_ == "advmod" and c.tag_ != "RB" or c.dep_ == "advcl" and c.tag_ == "VBG" and not any(
                g.dep_ == "mark" for g in c.children)) and any(t.is_punct for t in verb.doc[verb.i:c.i]):
            continue  # past a comma, a word or clause of its own ("I have to stop now, sorry, talking about it ...")
        if _time_noun(c) and any(g.dep_ == "predet" or g.lower_ in _EVERY for g in c.children):
            return False  # a habit ("we need to go twice a week", "I have to leave every Friday"), not now
        if c.dep_ == "dobj" and c.lower_ == "you" and verb.lemma_.lower() == "leave":
            continue  # "I'll leave you to it": the interviewer left
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
    chain = [verb]  # ("I'll love you and leave you": the modal of the first verb)
    while (chain[-1].dep_ == "xcomp" or chain[-1].dep_ == "conj" and chain[-1].head.pos_ == "VERB") and len(chain) < 4:
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
                                       and not (v.tag_ == "VBG" and not any(c.dep_ == "aux" for c in v.children)
                                                and not _opens_its_sentence(v))
                                       for v in chain[1:])  # ("Having somewhere to go." names a thing wanted)
    lets = any(c.lower_ in ("let", "'s", "us") for c in top.children) or top.lemma_.lower() == "let"
    progressive = verb.tag_ == "VBG" and any(c.lower_ == "now" for c in verb.children)
    return modal or intending or lets or progressive


def _opens_its_sentence(verb) -> bool:
    """"Going to head off now": "going" first in its sentence (after interjections at most), the subject left off as
    people leave it off in chat ("(I'm) going to ..."); "Having somewhere to go" has an object and is read apart."""
    return verb.lower_ == "going" and all(t.is_punct or t.dep_ in ("intj", "cc") or t.lower_ in closed().interjections
                                          for t in verb.doc[:verb.i])


@lru_cache(maxsize=512)
def wants_to_stop(answer: str) -> bool:
    """Whether the respondent says they want to stop or leave the interview now: a verb of leaving or
    stopping (WordNet), or "call it a day/there", that the respondent intends now (a modal, "have to",
    "going to", "got to", "let's"; never a past tense) and that takes nothing but the interview itself
    ("leave it there", "stop here", "head off now"); also a wish to go on another time (:func:`defers`).
    A promise to come back ("back in a sec", "brb") makes it a pause instead, and an answer that asks the
    interviewer to go on ("I'll have to go and check with my wife, but carry on": :func:`asks_to_go_on`) is no
    wish to stop."""
    text = " ".join(words(answer))
    if _RETURNING.search(text) or asks_to_go_on(answer):
        return False
    return defers(answer) or any(_stops_here(s) or says_goodbye(s) or has_had_their_say(s)
                                 for _, _, s in sentences(answer)) or _closes_on_goodbye(answer)


def _closes_on_goodbye(answer: str) -> bool:
    """The answer's last words are a goodbye standing alone, after what the respondent says of their moment
    ("the minibus is here, literally, the driver's at the gate, bye bye"): the last part of its last sentence,
    cut at commas."""
    last = [s for _, _, s in sentences(answer)][-1:]
    parts = [p for p in last[0].split(",") if words(p)] if last else []
    return len(parts) > 1 and says_goodbye(parts[-1])


# WordNet roots of a part or share of something ("my bit", "my piece", "my share", "my lot" in its sense of a portion).
_PART_ROOTS = frozenset({"part", "portion", "share", "piece"})
_PART_SENSES = 5
# Words of the present moment that "enough" may carry when it closes the respondent's turn ("enough now", "enough for
# now", "enough for today"): a closed class of English.
_ENOUGH_NOW = frozenset("now today then".split())


def _part_of_mine(tok) -> bool:
    """"my bit", "my piece", "my share", "my lot": a noun with "my" alone on it (no adjective, no phrase after it)
    whose first WordNet senses hold a part or share of something."""
    return tok.pos_ == "NOUN" and [c.lower_ for c in tok.children] == ["my"] and word_is_kind(
        tok.lemma_.lower(), "n", _PART_ROOTS, _PART_SENSES)


def _bare(tok, allowed) -> bool:
    """``tok`` takes nothing but punctuation, interjections, "now/then/just" and the dependents ``allowed``."""
    return all(c in allowed or c.is_punct or c.dep_ == "intj" or c.dep_ == "advmod" and c.lower_ in _NOW
               for c in tok.children)


def has_had_their_say(sentence: str) -> bool:
    """The respondent says their part is done, so the interview is over for them: "that's my bit" ("that/this/it"
    + "be" + their part, :func:`_part_of_mine`), "I've done my bit", "I've said my piece" (a perfect of "do" or of a
    WordNet verb of saying, by "I", on their part), "enough now", "enough for now" ("enough" as the sentence's head
    with a word of the present moment alone). Interjections may come first, and comma parts with no verb after it
    (thanks, a wish, a farewell: "enough for now, ta-ta"); anything that says more ("that's my share of the cost",
    "I've done my bit of carving", "enough string for two") is none."""
    from ...text.parse import parse

    c = closed()
    parts = [p for p in sentence.split(",") if words(p) and not all(w in c.interjections for w in words(p))]
    if not parts:
        return False
    if any(t.pos_ in ("VERB", "AUX") for p in parts[1:] for t in parse(" ".join(p.split()))):
        return False
    first = parts[0].split()
    while first and all(w in c.interjections for w in words(first[0])):
        first = first[1:]  # ("ok enough now": the interjection is no head)
    ws = words(" ".join(first))
    if ws[:1] == ["enough"]:  # "enough now", "enough for now" (however the parse hangs the two words)
        rest = ws[1:]
        return 1 <= len(rest) <= 2 and all(w in _ENOUGH_NOW | {"for"} for w in rest) and rest[-1] in _ENOUGH_NOW
    doc = parse(" ".join(first))
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None:
        return False
    kids = list(root.children)
    if root.lemma_ == "be":  # "that's my bit"
        subject = [k for k in kids if k.dep_ == "nsubj"]
        said = [k for k in kids if k.dep_ == "attr"]
        return len(subject) == 1 and subject[0].lower_ in ("that", "this", "it") and len(said) == 1 and \
            _part_of_mine(said[0]) and _bare(root, set(subject + said))
    if root.pos_ == "VERB" and root.tag_ == "VBN":  # "I've done my bit", "I've said my piece"
        subject = [k for k in kids if k.dep_ == "nsubj"]
        perfect = [k for k in kids if k.dep_ == "aux" and k.lemma_ == "have"]
        said = [k for k in kids if k.dep_ in ("dobj", "npadvmod")]  # ("I've done my bit": the parse's npadvmod)
        doing = root.lemma_.lower() == "do" or word_is_kind(root.lemma_.lower(), "v", _SAYING_ROOTS, 1)
        return doing and len(subject) == 1 and subject[0].lower_ in _RESPONDENT and bool(perfect) and \
            len(said) == 1 and _part_of_mine(said[0]) and _bare(root, set(subject + perfect + said))
    return False


# Informal spellings of "got to", "going to", "want to", read as what they stand for: the chat spellings' own
# entries (grammar's table), so the two readers never disagree on them.
_INFORMAL = {w: _CHAT_SPELLINGS[w] for w in ("gotta", "gonna", "wanna")}


def _stops_here(sentence: str) -> bool:
    from ...text.parse import parse

    shouted = sum(ch.isupper() for ch in sentence) > sum(ch.islower() for ch in sentence)
    text = sentence.lower() if shouted else sentence  # ("GOTTA GO x": shouted, not names)
    doc = parse(" ".join(_INFORMAL.get(w.lower(), w) for w in text.split()))
    if any(t.lower_ in closed().wh_words for t in doc[:2]):
        return False  # "what time will we finish here" asks how long
    if asks_if_done_in_time(sentence):
        return False  # "can we finish by half past?" asks whether the interview is through by then, not to stop now
    if any(_gone(v) for v in doc):
        return True  # "right that's the buzzer, I'm away", "I'm off then"
    for v in doc:
        if not _leaving(v):
            continue
        if _later(v):
            continue  # "I'll stop by later" and the like: read by :func:`defers`
        if _respondent_intends(v) and _keeps_to_the_interview(v):
            return True
        if _lets_you_go(v) and _keeps_to_the_interview(v):
            return True  # "right, I'll let you go": the respondent takes leave by releasing the interviewer
    return False


def _lets_you_go(verb) -> bool:
    """"I'll let you go (then)": a verb of leaving whose subject is "you", under "let" that the respondent intends now
    (:func:`_respondent_intends`); "they let you go early" (another subject) or "let you go first at the knots" (more
    said of it: :func:`_keeps_to_the_interview`) is none."""
    return verb.dep_ in ("ccomp", "xcomp") and verb.head.lemma_ == "let" and any(
        c.dep_ == "nsubj" and c.lower_ == "you" for c in verb.children) and _respondent_intends(verb.head)


# Dependents that a bare "I'm off" may carry besides "off/away" ("right, I'm off then", "that's the bell, I'm away
# now"); anything else ("off sugar", "away a lot", "off to the club on Sunday") says where or how often.
_GONE_ALONG = frozenset({"nsubj", "aux", "punct", "intj", "advcl", "cc", "conj", "parataxis"})
_NOW = frozenset("now then just right".split())


def _to_do(verb) -> bool:
    """An infinitive with "to" hung on a verb ("off to put the kettle on"): what someone goes to do."""
    return verb.dep_ in ("xcomp", "advcl") and any(x.dep_ == "aux" and x.lower_ == "to" for x in verb.children)


def _gone(v) -> bool:
    """The respondent says they are leaving now as "be" with "off/away" alone ("I'm off", "we're away then"): a
    present "be" whose subject is "I"/"we", with a bare "off"/"away" and nothing else but "now/then/just"."""
    if v.lemma_ != "be" or v.tag_ not in ("VBP", "VBZ") or not any(
            c.dep_ == "nsubj" and c.lower_ in _RESPONDENT for c in v.children):
        return False
    # ("I'm off to put the kettle on": what they leave to do, an infinitive on "off")
    away = [c for c in v.children if c.lower_ in _AWAY and c.dep_ in ("advmod", "prt", "acomp") and all(
        _to_do(g) and not _later(g) for g in c.children)]
    rest = [c for c in v.children if c not in away and c.dep_ not in _GONE_ALONG and not (
        c.dep_ == "advmod" and c.lower_ in _NOW) and not (_to_do(c) and not _later(c)) and not (
        c.dep_ == "ccomp" and c.i < v.i)]  # (a clause before it: "that's enough from me, I'm off")
    conditional = any(c.dep_ == "advcl" and any(g.dep_ == "mark" and g.lower_ in _CONDITIONS for g in c.children)
                      for c in v.children)  # "if it's dear, I'm off": not now
    return bool(away) and not rest and not conditional


# Subordinators of a condition or a later time (a closed class of English).
_CONDITIONS = frozenset("if when unless once whenever".split())


def _leaving(v) -> bool:
    """A verb of leaving or stopping (WordNet), a motion verb with "off/away" ("head off"), or "call it a day":
    the verbs :func:`wants_to_stop` judges."""
    if v.pos_ != "VERB" or v.dep_ in ("aux", "auxpass") or v.lemma_.lower() in ("be", "have", "do"):
        return False
    # ... with "off/away/out" as its particle, or next to it ("duck out here", parsed as a word of "here")
    after = v.doc[v.i + 1:v.i + 2]
    particle = [c.lower_ for c in v.children if c.dep_ in ("prt", "advmod") and c.lower_ in _AWAY | {"out"}] + [
        t.lower_ for t in after if t.dep_ in ("prt", "advmod") and t.lower_ in _AWAY | {"out"}]
    moves_away = word_is_kind(v.lemma_.lower(), "v", _MOTION_ROOTS, 1) and bool(particle)
    phrasal = bool(particle) and has_sense(f"{v.lemma_.lower()}_{particle[0]}", "v") and _stopping(
        f"{v.lemma_.lower()}_{particle[0]}")  # "bow out"
    return _stopping(v.lemma_) or moves_away or phrasal or _call_it_a_day(v) or _hurries_off(v)


# WordNet roots of moving fast ("dash", "run", "rush", "scoot"): a hurry that, with nothing after it, is leaving.
_HURRYING_ROOTS = frozenset({"travel_rapidly", "hurry", "speed", "rush"})
# Dependents a bare "I've got to dash" may carry besides its verb.
_BARE_ALONG = frozenset({"nsubj", "aux", "punct", "intj"})


def _hurries_off(v) -> bool:
    """"I've got to dash", "must run", "gotta fly now": a verb whose first WordNet sense is moving fast, with nothing
    after it but "now/then" (no object, no place, no manner: "I have to run for the bus" says where, "I run 5k"
    says what); whether the respondent intends it now is :func:`_respondent_intends`'s."""
    return word_is_kind(v.lemma_.lower(), "v", _HURRYING_ROOTS, 1) and v.dep_ in ("xcomp", "ROOT") and all(
        c.dep_ in _BARE_ALONG or c.dep_ == "advmod" and c.lower_ in _NOW_ADVERBS for c in v.children)


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
            chain = [v]  # "can I pause this and come back to it tomorrow": the subject and modal of "pause"
            # (through a relative clause only to "is there a way to ...": "something I might pack in" names a thing)
            while (chain[-1].dep_ in ("conj", "xcomp", "ccomp") or chain[-1].dep_ == "relcl" and _leave_asked(
                    chain[-1].head)) and len(chain) < 5:
                chain.append(chain[-1].head)
            subjects = [c.lower_ for x in chain for c in x.children if c.dep_ == "nsubj"]
            modal = any(c.dep_ == "aux" and c.tag_ == "MD" for x in chain for c in x.children)
            objects = [c for c in v.children if c.dep_ == "dobj" and not _time_noun(c)]
            # ("will I hear back later?" asks what will happen to them, not leave: a "will" before its subject)
            modal = modal and not any(c.dep_ == "aux" and c.lower_ == "will" and any(
                s.dep_ == "nsubj" and s.i > c.i for s in x.children) for x in chain for c in x.children)
            asked = subjects and set(subjects) <= _RESPONDENT and modal or any(_leave_asked(x) for x in chain)
            # ("we could pop out after lunch", "I'd go on a Friday" tell a plan: a time after something or a day only
            # with going on or finishing; "I might pack it in after three weeks" muses)
            later_word = any(c.lower_ in _LATER or any(g.lower_ in _ANOTHER for g in c.subtree) for c in v.children)
            musing = any(c.lower_ == "might" for x in chain for c in x.children)
            # ("can I do the rest tomorrow": the rest of the interview, of nothing named)
            ours = all(o.lower_ in _THE_INTERVIEW or o.lower_ == "rest" and not list(o.rights) for o in objects)
            rest = any(o.lower_ == "rest" for o in objects)  # doing the rest is going on
            if asked and not musing and ours and _goes_to_the_interview(v) and (later_word or rest or _resumes(v)):
                return True
    return False


# Prepositions of a time (read by :func:`_later`), and the WordNet kinds of where the respondent may go on from.
_WHEN = frozenset("after before until till once".split())
_WHERE_ROOTS = frozenset({"location", "structure"})


def _goes_to_the_interview(verb) -> bool:
    """What the verb's prepositions take is the interview, a time or where the respondent is ("come back to it",
    "carry on with this", "finish it at home"); any other thing ("end up on a newsletter", "drop out of the
    list", "hear back from you") is what the verb is about, and it is no going on with the interview."""
    def taken(prep) -> list:
        return [g for c in prep.children for g in ([c] if c.dep_ == "pobj" else taken(c) if c.dep_ == "prep" else [])]

    def in_its_clause(prep) -> bool:  # ("can I do the rest tomorrow, battery's on 3%": past a comma, another clause)
        return not any(t.is_punct for t in verb.doc[min(verb.i, prep.i):max(verb.i, prep.i)])

    return all(o.lower_ in _THE_INTERVIEW or _time_noun(o) or o.pos_ == "NOUN" and word_is_kind(
        o.lemma_.lower(), "n", _WHERE_ROOTS | {"interview", "survey", "inquiry"}, 2)
               for c in verb.children if c.dep_ == "prep" and c.lower_ not in _WHEN and in_its_clause(c)
               for o in taken(c))


# WordNet roots of going on with something, finishing it or coming back to it ("carry on", "pick up", "finish").
_RESUMING_ROOTS = frozenset({"continue", "resume", "finish", "complete", "return", "end"})


def _resumes(verb) -> bool:
    lemma = verb.lemma_.lower()
    particles = [c.lower_ for c in verb.children if c.dep_ == "prt"]
    phrasal = [f"{lemma}_{p}" for p in particles if has_sense(f"{lemma}_{p}", "v")]
    back = any(t.lower_ == "back" for c in verb.children if c.dep_ in ("advmod", "prt")
               for t in [c, *c.children])  # "pick it back up", "come back to it"
    return back or any(word_is_kind(w, "v", _RESUMING_ROOTS, 2) for w in [lemma, *phrasal])


def _leave_asked(top) -> bool:
    """Leave asked impersonally: "is it possible / ok to ...", "is there a way to ..." (the verb an infinitive
    under "be" with "it" and an adjective, or under a noun of "there is")."""
    if top.lemma_ != "be" and top.pos_ != "NOUN":
        return False
    if top.pos_ == "NOUN":
        return top.dep_ in ("attr", "nsubj") and any(c.lower_ == "there" for c in top.head.children)
    return any(c.dep_ == "nsubj" and c.lower_ in ("it", "there") for c in top.children) and any(
        c.dep_ in ("acomp", "attr") for c in top.children)


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
    if bool(pieces) and bool(_RETURN.match(" ".join(words(pieces[-1])))):
        return True
    # ... or a return followed only by where they are now ("ok back, in the car now"): short phrases that open with
    # a preposition
    k = next((i for i, p in enumerate(pieces) if _RETURN.match(" ".join(words(p)))), None)
    return k is not None and k < len(pieces) - 1 and all(
        words(p)[0] in closed().prepositions and len(words(p)) <= _WHERE_WORDS and not any(
            word_is_kind(w, "n", _SPELL_ROOTS, 1) for w in words(p)) for p in pieces[k + 1:])  # ("back, in a minute")


# WordNet roots of a stretch of time: "back, in a minute" promises a return, "back, in the car" has returned.
_SPELL_ROOTS = frozenset({"time_unit", "time_period", "moment"})


# Words at most in a phrase saying where the respondent is on their return ("in the car now").
_WHERE_WORDS = 6


# WordNet words of telephoning or getting in touch ("phone", "call up", "ring", "contact", "e-mail").
_CONTACT_WORDS = frozenset({"telephone", "call_up", "phone", "ring", "contact", "get_hold_of", "e-mail", "email",
                            "reach", "get_through", "get_in_touch"})
_US = frozenset("me us".split())
# WordNet words of sending by post ("send", "mail" and "post" share a sense): sent after the interview, being contacted.
_POSTING = frozenset({"mail", "post"})


def _after_this(verb) -> bool:
    """"after this" / "afterwards" said of a verb: a time after the interview."""
    return any(c.lower_ == "afterwards" or c.dep_ == "prep" and c.lower_ == "after" and any(
        g.dep_ == "pobj" and g.lower_ in ("this", "that", "it") for g in c.children) for c in verb.children)
# WordNet roots of a message as a noun: a verb made of one ("text me", which WordNet 3.0 lacks as a verb) sends it.
_MESSAGE_ROOTS = frozenset({"message", "written_communication"})


def _verb_by_its_dependents(tok) -> bool:
    """A word the tagger took for a noun that is a verb by its place: it has a modal and an object of its own, or
    it follows the subject of a modal question whose parse holds no verb at all and comes before "me"/"us"
    ("will anybody from the hall telephone us after this?")."""
    from ...dedup.wordnet import get_wordnet

    if tok.pos_ != "NOUN":
        return False
    if any(c.dep_ == "aux" and c.tag_ == "MD" for c in tok.children) and any(c.dep_ == "dobj" for c in tok.children):
        return True
    doc = tok.doc
    wordnet = get_wordnet()
    modal_alone = doc[0].tag_ == "MD" and not any(t.pos_ == "VERB" for t in doc)
    return modal_alone and wordnet is not None and bool(wordnet.synsets(tok.lower_, "v")) and \
        tok.i + 1 < len(doc) and doc[tok.i + 1].lower_ in _US and any(
            t.dep_ == "nsubj" and t.i < tok.i for t in doc)


def _objects_after(tok) -> list:
    """"me"/"us" right after a verb found by its place (:func:`_verb_by_its_dependents`), however the parse hung it."""
    nxt = tok.doc[tok.i + 1:tok.i + 2]
    return [t for t in nxt if t.lower_ in _US] if tok.pos_ == "NOUN" else []


def asks_about_contact(doc) -> bool:
    """A question whether the respondent will be contacted ("you're not going to ring me after this, are you?",
    "will they email me?", "will someone get in touch with me?"): a verb whose first senses hold a word of
    telephoning or getting in touch (WordNet, also as the phrase it makes with its preposition: "get in touch"),
    with "me"/"us" as its object or the object of its preposition; a verb of informing (WordNet) in a small
    clause on "me"/"us" ("keep me updated"); or the respondent put on a list (WordNet: "end up on a mailing
    list", "will I be added to a list")."""
    from ...dedup.wordnet import get_wordnet

    wordnet = get_wordnet()
    if wordnet is None:
        return False
    for v in doc:
        if v.pos_ != "VERB" and not _verb_by_its_dependents(v):
            continue
        us = [c for c in v.children if c.dep_ in ("dobj", "dative", "nsubj") and c.lower_ in _US]
        us += [g for c in v.children if c.dep_ == "prep" for g in c.children if g.dep_ == "pobj" and g.lower_ in _US]
        us += _objects_after(v)
        names = {v.lemma_.lower()} | {f"{v.lemma_.lower()}_{c.lower_}_{g.lower_}" for c in v.children if c.dep_ == "prep"
                                      for g in c.children if g.dep_ == "pobj"}
        if us and any(_CONTACT_WORDS & set(s.words) for n in names for s in wordnet.synsets(n, "v")[:_CONTACT_SENSES]):
            return True
        if us and not wordnet.synsets(v.lemma_.lower(), "v") and word_is_kind(v.lemma_.lower(), "n", _MESSAGE_ROOTS, 1):
            return True  # "can someone text me": a verb WordNet lacks, named after a message it sends
        if us and _after_this(v) and any(_POSTING & set(x.words) for x in wordnet.synsets(v.lemma_.lower(), "v")[:_CONTACT_SENSES]):
            return True  # "you won't be sending me things in the post after this": sent to them after the interview
        small = [c for c in v.head.children if c.dep_ == "dobj" and c.lower_ in _US] if v.dep_ == "oprd" else us
        if v.tag_ == "VBN" and v.dep_ in ("ccomp", "xcomp", "oprd") and small and word_is_kind(
                v.lemma_.lower(), "v", _INFORMING_ROOTS, 2):
            return True  # "keep me updated": "me" the subject of the small clause
        if v.lemma_ == "let" and any(c.dep_ in ("ccomp", "xcomp") and word_is_kind(c.lemma_.lower(), "v", _KNOWING_ROOTS, 1)
                                     and any(g.dep_ == "nsubj" and g.lower_ in _US for g in c.children) for c in v.children) \
                and any(t.dep_ == "mark" and t.lower_ in ("if", "when", "whether") for t in doc):
            return True  # "would you mind letting me know if ...": "me" informed of what may happen ("let me know
            # what you think" asks for the interviewer's view)
    return any(_reaches_them(v) for v in doc)


# Modals of a request or a permission ("could you email me", "you can email me about that").
_REQUESTING = frozenset("can could would".split())


def requests_contact(doc) -> bool:
    """Being contacted asked for, not asked about ("would you mind letting me know if ...", "you can email me about
    that", "could somebody drop me a line"): :func:`asks_about_contact`, and a verb with "you" or someone (WordNet's
    indefinite people) as subject and a modal of request or permission, or one said as an imperative."""
    if not asks_about_contact(doc):
        return False
    for v in doc:
        if v.pos_ != "VERB" or any(c.dep_ in ("oprd", "attr") for c in v.children):
            continue  # ("you can call me Sam": naming, not ringing)
        subject = [c for c in v.children if c.dep_ == "nsubj"]
        modal = any(c.dep_ == "aux" and c.lower_ in _REQUESTING for c in v.children)
        if modal and any(c.lower_ == "you" or c.lower_ in _ANYONE and c.lower_ != "they" for c in subject):
            return True
        if v.dep_ == "ROOT" and v.tag_ == "VB" and not subject and not any(c.dep_ == "aux" for c in v.children):
            return True  # "email me if they open one"
    return False


# Senses of a verb read for contacting.
_CONTACT_SENSES = 3
# Where something goes when no one is named ("does this go anywhere?"): a closed class of English.
_SOMEWHERE = frozenset("anywhere somewhere elsewhere".split())


def goes_somewhere(doc, information) -> bool:
    """A question whether what was said goes anywhere ("does this go anywhere official?", "does that stay between us
    or end up on a file somewhere?"): "this/that" (the interview, never the product's "it") the subject of a verb, or
    of the verb it is coordinated with, that goes "anywhere/somewhere" or onto or into information (``information``,
    a predicate on lemmas: a file, a record)."""
    for v in doc:
        if v.pos_ != "VERB":
            continue
        subject = [c for x in (v, v.head if v.dep_ == "conj" else v) for c in x.children if c.dep_ in ("nsubj", "nsubjpass")]
        if not any(c.lower_ in ("this", "that") for c in subject):
            continue
        where = any(c.dep_ == "advmod" and c.lower_ in _SOMEWHERE for c in v.children)
        onto = any(g.pos_ == "NOUN" and information(g.lemma_) for c in v.children if c.dep_ == "prep" and c.lower_ in
                   ("on", "onto", "in", "into") for g in c.children if g.dep_ == "pobj")
        if where or onto:
            return True
    return False


# WordNet roots of informing someone ("update": supply with recent information; "notify", "brief").
_INFORMING_ROOTS = frozenset({"inform"})


# WordNet kinds of what reaches someone after a study: a list (a database), news, e-mail, a call, advertising, post.
_SENT_ROOTS = frozenset({"database", "news", "electronic_communication", "telecommunication", "promotion", "mail"})


def _reaches_them(verb) -> bool:
    """Being put on a list or sent something, one reader: (1) the respondent (subject "I"/"we", or "me"/"us" as
    object) on, onto or to a WordNet kind of list ("will I end up on a mailing list after this?", "will I be added
    to a list"); (2) a verb said with a modal or "going to", the respondent its subject or object, and a WordNet
    kind of list, news, e-mail, call or advertising among what it takes, directly or through a preposition ("can you
    put me on the list for updates", "am I going to get emails?")."""
    if verb.pos_ != "VERB":
        return False
    who = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass") and c.lower_ in _RESPONDENT
           or c.dep_ == "dobj" and c.lower_ in _US]
    lists = [g for c in verb.children if c.dep_ == "prep" and c.lower_ in ("on", "onto", "to") for g in c.children
             if g.dep_ == "pobj" and g.pos_ == "NOUN"]
    if who and any(word_is_kind(_compound(g), "n", _LIST_ROOTS, 1) or word_is_kind(g.lemma_.lower(), "n", _LIST_ROOTS, 1)
                   for g in lists):
        return True
    chain = [verb, verb.head] if verb.dep_ == "xcomp" else [verb]  # "going to get emails"
    future = any(c.tag_ == "MD" or c.lower_ in ("going", "gon") for x in chain for c in [x, *x.children])
    them = any(c.dep_ in ("nsubj", "nsubjpass") and c.lower_ in _RESPONDENT or c.dep_ in ("dobj", "dative")
               and c.lower_ in _US for x in chain for c in x.children)
    taken = [g for c in verb.children for g in [c, *c.children] if g.pos_ == "NOUN" and g.dep_ in ("dobj", "pobj")]
    return future and them and any(word_is_kind(t.lemma_.lower(), "n", _SENT_ROOTS, 2) for t in taken)


_LIST_ROOTS = frozenset({"list"})


def _compound(noun) -> str:
    """A noun with its compound modifiers, as WordNet spells it ("mailing_list")."""
    return "_".join([c.lower_ for c in noun.children if c.dep_ == "compound" and c.i < noun.i] + [noun.lemma_.lower()])


# Who seeing the interview would make it matter: people and organisations (WordNet), and "anyone/someone".
_SEER_ROOTS = frozenset({"person", "organization", "social_group", "business"})
# WordNet roots of reading or seeing something (first sense): who does that to "this" is a reader in any of
# _READER_SENSES senses of the noun.
_READING_ROOTS = frozenset({"perceive", "read", "see"})
_READER_SENSES = 4
_ANYONE = frozenset("anyone anybody someone somebody they".split())


def seen_by_someone(doc, disclosure) -> bool:
    """A question whether someone will see, read or get the interview ("will my manager see any of this?",
    "does anyone from the company get to read this?"): a verb of disclosure or perceiving (``disclosure``,
    a predicate on lemmas) with a person or an organisation (WordNet) or "anyone" as its subject and "this",
    "it" or "any of this" as its object."""
    for v in doc:
        if v.pos_ != "VERB" or not disclosure(v.lemma_.lower()):
            continue
        # "get to read this": the subject of "get"; also with a word the parser cannot place between them ("get tae
        # read this", parsed as a clause of its own)
        chain = [v, v.head] if v.dep_ in ("xcomp", "ccomp") else [v]
        subjects = [c for x in chain for c in x.children if c.dep_ == "nsubj"]
        # (one who reads or sees it is a person or a body in any of its first senses: "will the trust see this?")
        senses = _READER_SENSES if word_is_kind(v.lemma_.lower(), "v", _READING_ROOTS, 1) else 2
        seer = any(s.lower_ in _ANYONE or s.pos_ == "NOUN" and word_is_kind(s.lemma_.lower(), "n", _SEER_ROOTS, senses)
                   for s in subjects)
        objects = [c for c in v.children if c.dep_ == "dobj"]
        this = any(o.lower_ in ("this", "it", "these") or o.lower_ in ("any", "all", "some") and any(
            g.lower_ == "of" and any(x.lower_ in ("this", "it") for x in g.children) for g in o.children)
                   or any(g.lower_ == "this" for g in o.children) for o in objects)
        if seer and this:
            return True
    return False


# Particles of going on ("carry on", "go ahead", "keep on"), and what a request to go on may carry besides: closed
# classes of English. WordNet's continuing: "continue", "proceed", "keep (going)".
_AHEAD = frozenset("on ahead".split())
_ALONG = frozenset("though then anyway please just now".split())
_CONTINUING = frozenset({"continue", "proceed"})
_SAID_OF = frozenset({"xcomp", "ccomp", "aux", "acl", "relcl", "pcomp"})


def _goes_on(verb) -> bool:
    """A verb of going on: with "on/ahead" ("carry on", "go ahead"), whose first WordNet sense is continuing
    ("continue", "proceed"), or continuing with a gerund ("keep going")."""
    lemma = verb.lemma_.lower()
    return any(c.dep_ in ("prt", "advmod") and c.lower_ in _AHEAD for c in verb.children) or word_is_kind(
        lemma, "v", _CONTINUING, 1) or word_is_kind(lemma, "v", _CONTINUING, 3) and any(
        c.dep_ == "xcomp" and c.tag_ == "VBG" for c in verb.children)


def _along(tok) -> bool:
    return tok.dep_ in ("cc", "punct", "intj") or tok.dep_ in ("prt", "advmod") and tok.lower_ in _AHEAD | _ALONG


def _own_clause(tok) -> bool:
    """A clause with a subject of its own hung from the verb (a parse of "I need to go, you carry on")."""
    return tok.dep_ in ("ccomp", "advcl", "parataxis", "conj") and any(c.dep_ == "nsubj" for c in tok.children)


@lru_cache(maxsize=512)
def asks_to_go_on(answer: str) -> bool:
    """Whether the answer asks the interviewer to go on ("I'll have to go and check with my wife, but carry on",
    "you carry on", "keep going though"): a verb of going on said to the interviewer (no subject of its own or
    "you", no auxiliary, no negation, not said of another verb) that takes nothing else ("carry on without me"
    leaves the interviewer to it; "carry on later" defers)."""
    from ...text.parse import parse

    for _, _, s in sentences(answer):
        for v in parse(" ".join(s.split())):
            top = v
            while top.dep_ == "conj" and top.head is not top:
                top = top.head  # ("is there a way to save where I'm up to and carry on": said of another verb)
            if v.pos_ != "VERB" or v.tag_ not in ("VB", "VBP") or top.dep_ in _SAID_OF or not _goes_on(v) or _later(v) \
                    or top.dep_ == "advcl" and any(c.dep_ == "mark" for c in top.children):
                continue
            if all(_along(c) or c.dep_ == "nsubj" and c.lower_ == "you" or c.dep_ == "xcomp" and c.tag_ == "VBG"
                   and all(_along(g) for g in c.children) or _own_clause(c) for c in v.children):
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


# --- Wave 14: who pays or asks, who reads, off the record, a moment to think, how far through, a goodbye -----

# WordNet roots of paying for something ("fund" is a kind of "finance", "foot" of "pay", "sponsor" its own).
_PAYING_ROOTS = frozenset({"pay", "finance", "sponsor"})
# What a study is paid for, said of the interview: "this", "it", "all this", "you" (paying you to ask).
_THE_STUDY = frozenset("this it you".split())


def asks_who_pays(doc, is_study) -> bool:
    """A question whether or by whom the study is paid for ("is anybody funding this research?", "who's paying
    for this survey?", "is someone footing the bill for this?", "is this where the council sponsors it"): a
    verb whose first senses are kinds of paying, financing or sponsoring (WordNet) whose object (or the object of
    a preposition under it) is the study (``is_study``, a predicate on tokens) or "this/it/you", and whose
    subject is not the respondent ("do I pay for this?" asks about the product)."""
    for v in doc:
        if v.pos_ != "VERB" or not word_is_kind(v.lemma_.lower(), "v", _PAYING_ROOTS, 2):
            continue
        if any(c.dep_ == "nsubj" and c.lower_ in _RESPONDENT | {"you"} for x in (v, v.head) for c in x.children):
            continue  # ("do you have to pay for it?": the generic "you" pays for the product)
        paid = [t for t in v.subtree if t.dep_ in ("dobj", "pobj") and t.i > v.i]
        if v.tag_ == "VBN":  # the passive: "is this survey paid for by ...", "is the research funded by ..."
            paid += [c for c in v.children if c.dep_ == "nsubjpass"] + ([v.head] if v.dep_ == "acl" else [])
        if any(t.lower_ in _THE_STUDY or is_study(t) for t in paid):
            return True
    return False


# WordNet roots of asking and of a person or a machine: what the interviewer may be asked to be.
_ASKING_ROOTS = frozenset({"ask", "inquire", "question"})
_BEING_ROOTS = frozenset({"person", "machine", "device", "automaton", "code"})


def asks_who_is_asking(doc, being: bool = True) -> bool:
    """A question who the interviewer is: "who's asking?", "who wants to know?" ("who" the subject of a verb of
    asking, WordNet, or of wanting to know, with nothing asked named); "are you with / from X?"; "are you
    connected to them?"; with ``being``, also "am I talking to a real person?", "are you a robot?" ("you" or the
    one talked to a person or a machine, WordNet: what the interviewer is, not who is behind it)."""
    for t in doc:
        if t.lower_ == "who" and t.head.lemma_ == "be" and any(c.lower_ == "you" and c.dep_ in ("nsubj", "attr") and c.i != t.i
                                                               for c in t.head.children) and not any(
                c.dep_ in ("acomp", "prep", "xcomp", "ccomp") for c in t.head.children):
            return True  # "who are you?", "wait who even are you lot": who the interviewer is
        if t.lower_ == "who" and t.dep_ == "nsubj":
            verb = t.head
            dash = next((x.i for x in doc if x.tag_ == ":" and x.i > verb.i), len(doc))  # "who's asking - X or Y?"
            named = any(c.dep_ in ("dobj", "ccomp") and c.i < dash for c in verb.children)
            # ("who wants to know about X of all things?": knowing about something asks nothing of the respondent)
            knowing = any(c.dep_ == "xcomp" and c.lemma_ == "know" and all(
                g.dep_ in ("aux", "prep") for g in c.children) for c in verb.children)
            if not named and (word_is_kind(verb.lemma_.lower(), "v", _ASKING_ROOTS, 1) or
                              verb.lemma_ == "want" and knowing):
                return True
        if _tied_to_someone(doc):
            return True
        # "are you ...?", also said as a statement with a question mark ("ur from the water park or?")
        asked = t.head.i < t.i or doc[-1].text.endswith("?")
        if t.lower_ == "you" and t.dep_ == "nsubj" and t.head.lemma_ == "be" and asked:
            if any(c.dep_ == "prep" and c.lower_ in ("with", "from") and any(
                    g.dep_ == "pobj" and (t.head.i < t.i or g.pos_ in ("NOUN", "PROPN")) for g in c.children)
                   for c in t.head.children):
                return True  # "are you with the hire people?", "are you from the company?"
            if being and any(c.dep_ == "attr" and _being(c) for c in t.head.children):
                return True
        if being and _writes_these(t):
            return True  # "is a real someone typing these questions?": who or what writes the interviewer's words
        # ("who have I been chatting to all this time": the parser may make "who" a second subject of the verb)
        talk = t.head.head if t.dep_ == "pobj" and t.head.lower_ in ("to", "with") else t.head if t.dep_ in (
            "nsubj", "dobj") else None
        if t.lower_ == "who" and talk is not None and _talked_to_by_them(talk):
            return True  # "who am I talking to?", "so who've I been blethering to here": who the interviewer is
        if being and t.lower_ == "i" and t.dep_ == "nsubj" and word_is_kind(t.head.lemma_.lower(), "v", frozenset({"talk", "speak",
                                                                                                         "communicate"}), 2):
            if any(g.dep_ == "pobj" and _being(g) for c in t.head.children if c.dep_ == "prep" for g in c.children):
                return True  # "am I talking to a real person?"
    return False


_TALKING_ROOTS = frozenset({"talk", "speak", "communicate"})


def is_asking_verb(verb) -> bool:
    """A verb of asking (WordNet, first sense: "ask", "inquire", "question")."""
    return verb.pos_ == "VERB" and word_is_kind(verb.lemma_.lower(), "v", _ASKING_ROOTS, 1)


def _talked_to_by_them(word) -> bool:
    """A verb of talking (WordNet, also when the parser tags its participle an adjective: "blethering") in the
    progressive, with no modal (the talk going on now: "who do I talk to about a refund?" asks about the product),
    whose subject is the respondent ("I"/"we")."""
    lemmas = [word.lemma_.lower(), *getAllLemmas(word.lower_).get("VERB", ())]
    near = [*word.children, *word.head.children]
    return word.lower_.endswith("ing") and not any(c.dep_ == "aux" and c.tag_ == "MD" for c in near) and any(
        word_is_kind(x, "v", _TALKING_ROOTS, 2) for x in lemmas) and any(
        c.dep_ == "nsubj" and c.lower_ in _RESPONDENT for c in near)


def _tied_to_someone(doc) -> bool:
    """"are you lot connected to them?", "are you linked with the company?": the interviewer ("you") the
    subject of a verb of connecting or joining (WordNet); or the interview ("this") tied to an organisation
    (WordNet, or what one owns: "is this tied in with the council's scheme?")."""
    for v in doc:
        if v.dep_ == "ROOT" and v.tag_ == "VBN" and word_is_kind(v.lemma_.lower(), "v", _CONNECTING_ROOTS | {"tie"}, 2) and \
                any(c.dep_ == "nsubjpass" and c.lower_ == "this" for c in v.children):
            ends = [g for c in v.children if c.dep_ == "prep" and c.lower_ in ("with", "to") for p in c.children
                    for g in [p, *[x for x in p.children if x.dep_ == "poss"]]]
            if any(g.pos_ in ("NOUN", "PROPN") and word_is_kind(g.lemma_.lower(), "n", _SEER_ROOTS - {"person"}, 2)
                   for g in ends):
                return True
    you = [t for t in doc if t.lower_ == "you" and t.dep_ not in ("dobj", "pobj", "dative")]
    # ("are you lot connected": "you" hangs off "lot"; in the main clause: "people you're related to" is generic)
    return any(v.pos_ == "VERB" and v.tag_ == "VBN" and (v.dep_ == "ROOT" or v.head.dep_ == "ROOT" and v.dep_ == "acomp")
               and word_is_kind(v.lemma_.lower(), "v", _CONNECTING_ROOTS, 2) and any(y.i < v.i for y in you) for v in doc)


_CONNECTING_ROOTS = frozenset({"connect", "associate", "affiliate", "join"})


def writes_these(doc) -> bool:
    """Some person or machine of the sentence writes "this" or "these/your" things (:func:`_writes_these`): a
    question what the interviewer is, never one about privacy."""
    return any(_writes_these(t) for t in doc)


def _writes_these(tok) -> bool:
    """A person or a machine (:func:`_being`, or "someone/anyone") doing something to "this" or to "these/your" things,
    as the subject of the verb or the noun a participle hangs on ("is a real someone typing these questions?")."""
    if not (_being(tok) or tok.lower_ in _ANYONE and tok.lower_ != "they"):
        return False
    verbs = [tok.head] if tok.dep_ == "nsubj" else [c for c in tok.children if c.dep_ == "acl" and c.tag_ == "VBG"]
    # (a verb of reading asks who reads the answers: privacy, :func:`asks_who_reads`)
    verbs = [v for v in verbs if not word_is_kind(v.lemma_.lower(), "v", _READING_ROOTS, 2)]
    return any(c.dep_ == "dobj" and (c.lower_ in ("this", "these") or any(g.dep_ == "det" and g.lower_ in ("these", "your")
                                                                          for g in c.children)) for v in verbs for c in v.children)


def _being(tok) -> bool:
    """A person or a machine (WordNet, first senses), or one of a pair of them ("a person or a bot")."""
    return any(word_is_kind(x.lemma_.lower(), "n", _BEING_ROOTS, 2) for x in [tok, *tok.conjuncts] if x.pos_ == "NOUN")


# WordNet roots of reading, seeing or hearing something (never of giving or paying: "who pays for this?").
_READING_ROOTS = frozenset({"read", "perceive", "see", "look", "examine", "hear", "listen", "watch", "access", "check"})
_PEOPLE_ROOTS = frozenset({"person", "hominid"})


def asks_who_reads(doc, information) -> bool:
    """A question who reads or sees the answers ("who gets to read all this?", "does a real person go through
    these answers?", "does an actual person listen back to this?"): a verb of reading, seeing or hearing
    (WordNet; "go through" as WordNet spells it) with "who", "anyone" or a person (WordNet) as subject, and
    "this/it/these" or an information noun (``information``) as its object or as the object of its preposition."""
    for v in doc:
        through = [f"{v.lemma_.lower()}_{c.lower_}" for c in v.children if c.dep_ in ("prep", "prt")
                   and has_sense(f"{v.lemma_.lower()}_{c.lower_}", "v")]
        if v.pos_ != "VERB" or not any(word_is_kind(w, "v", _READING_ROOTS, 2) for w in [v.lemma_.lower(), *through]):
            continue
        chain = [v, v.head] if v.dep_ == "xcomp" else [v]
        subjects = [c for x in chain for c in x.children if c.dep_ == "nsubj"]
        # ("is a real human going to read this": "going" parsed as a clause on the noun it has for subject)
        subjects += [x.head for x in chain if x.dep_ == "acl" and x.head.pos_ == "NOUN"]
        if not any(s.lower_ == "who" or s.lower_ in _ANYONE or s.pos_ == "NOUN" and
                   word_is_kind(s.lemma_.lower(), "n", _PEOPLE_ROOTS, 2) for s in subjects):
            continue
        if any(o.lower_ in ("this", "it", "these", "them") or o.pos_ == "NOUN" and information(o.lemma_)
               for o in _objects(v)):
            return True
        if v.dep_ == "ROOT" and any(_what_i_say(c) for c in v.children if c.dep_ in ("ccomp", "dobj")):
            return True  # "who'd be reading what I say?": the respondent's own words read
    return False


def _what_i_say(clause) -> bool:
    """A free relative on the respondent's own words ("what I say", "what I've written"): "what" the object of a verb
    of saying or writing (WordNet: communicate, write) whose subject is "I"/"we"."""
    return clause.pos_ == "VERB" and any(c.dep_ == "dobj" and c.lower_ == "what" for c in clause.children) and any(
        c.dep_ == "nsubj" and c.lower_ in _RESPONDENT for c in clause.children) and word_is_kind(
        clause.lemma_.lower(), "v", frozenset({"communicate", "express", "write", "state"}), 2)


def _objects(verb) -> list:
    """The verb's object and the objects of its prepositions, also under an adverb ("listen back to this")."""
    out = [c for c in verb.children if c.dep_ == "dobj"]
    heads = [verb, *[c for c in verb.children if c.dep_ in ("advmod", "prt")]]
    return out + [g for h in heads for c in h.children if c.dep_ == "prep" for g in c.children if g.dep_ == "pobj"]


# WordNet roots of writing down or recording, and of taking out: what a wish for the record is about.
_RECORDING_ROOTS = frozenset({"record", "write", "save", "note"})
_REMOVING_ROOTS = frozenset({"remove", "delete", "erase", "cancel", "take_away", "withdraw"})
_WHAT_WAS_SAID = frozenset("that this it bit".split())


def off_the_record(doc) -> bool:
    """A wish to say something off the record or to have it taken out ("can I tell you something off the
    record?", "can I say something and not have it written down?", "can you strike that last bit out?"): the
    WordNet adverb "off the record"; a negated verb of writing or recording (WordNet); or a verb of removing
    (WordNet, or any verb with "out") whose object is what was just said ("that", "that last bit")."""
    ws = [t.lower_ for t in doc]
    if any(" ".join(ws[k:k + 3]) == "off the record" for k in range(len(ws))) and has_sense("off_the_record", "r"):
        return True
    for v in doc:
        if v.pos_ != "VERB":
            continue
        negated = any(c.dep_ == "neg" for c in v.children) or any(
            c.dep_ == "neg" for c in v.head.children if v.dep_ in ("xcomp", "ccomp", "oprd"))
        if negated and word_is_kind(v.lemma_.lower(), "v", _RECORDING_ROOTS, 2) and v.tag_ == "VBN":
            return True  # "have it not written down", "not recorded"
        # (a participle's own subject in a small clause: "that last bit taken out"; "it turned out" tells a story)
        small = ("nsubj", "npadvmod") if v.tag_ == "VBN" else ()
        said = [c for c in v.children if c.dep_ in ("dobj", "nsubjpass", *small) and c.lower_ in _WHAT_WAS_SAID]
        said += [c for c in v.children if c.dep_ in ("ccomp", "dobj") and _what_they_said(c)]  # "scrub what I said"
        # ("I'd like that last bit taken out": what was said is the object of the wish)
        said += [c for c in v.head.children if v.dep_ in ("ccomp", "xcomp") and c.dep_ == "dobj" and c.lower_ in _WHAT_WAS_SAID]
        out = any(c.dep_ in ("prt", "advmod") and c.lower_ == "out" for c in v.children)
        if said and (out or word_is_kind(v.lemma_.lower(), "v", _REMOVING_ROOTS, _REMOVING_SENSES)):
            return True
    return False


# Senses of a verb read for removing: "scrub" removes in its third ("cancel, call off"); what it takes (what was
# just said) already keeps the reading to removing.
_REMOVING_SENSES = 3
_SAYING_ROOTS = frozenset({"communicate", "express", "state", "tell", "write"})


def _what_they_said(clause) -> bool:
    """A clause naming what the respondent said ("what I said about my sister", "what I wrote"): "what" and a verb
    of saying or writing (WordNet) whose subject is "I"/"we"; ``clause`` is its verb or the "what" it hangs from."""
    verb = clause if clause.pos_ == "VERB" else next((c for c in clause.children if c.pos_ == "VERB"), None)
    if verb is None or not any(t.lower_ == "what" for t in verb.subtree):
        return False
    return any(c.dep_ == "nsubj" and c.lower_ in _RESPONDENT for c in verb.children) and word_is_kind(
        verb.lemma_.lower(), "v", _SAYING_ROOTS, 3)


def keeps_name_out(doc, identifies) -> bool:
    """A wish that the respondent's name or details stay out of it ("I'd prefer my surname stayed out of this",
    "I'd rather my name didn't travel with these answers", "keep my name out of it"): the respondent's own
    identifying noun (``identifies``) as the subject or object of a verb that is negated or goes "out/off/away"."""
    for v in doc:
        if v.pos_ != "VERB":
            continue
        own = [c for c in v.children if c.dep_ in ("nsubj", "nsubjpass", "dobj") and identifies(c)]
        away = any(c.dep_ in ("prt", "advmod", "prep") and c.lower_ in ("out", "off", "away") for c in v.children)
        # ... or, negated, goes or is passed somewhere ("didn't travel with"): "not handing it over" keeps a thing
        moving = word_is_kind(v.lemma_.lower(), "v", frozenset({"travel", "go", "move"}), 2)
        if own and (away or moving and any(c.dep_ == "neg" for c in v.children)):
            return True
    return False


# WordNet roots of thinking something over; what a moment to think may be about ("that one", "it").
_THINKING_ROOTS = frozenset({"think", "cogitate", "consider", "reflect", "ponder"})


def asks_to_think(sentence: str) -> bool:
    """A request for a moment to think ("let me think", "let me have a think about that one"): "let me" with a
    verb of thinking (WordNet) or "have a think", about nothing named ("that/it/this (one)" at most)."""
    from ...text.parse import parse

    doc = parse(" ".join(sentence.split()))
    # (an imperative: no subject but a filler the parser took for one, "hmmm let me think")
    for let in (t for t in doc if t.lemma_ == "let" and t.tag_ == "VB" and not any(
            c.dep_ == "nsubj" and has_sense(c.lower_, "n") or c.pos_ == "PRON" and c.dep_ == "nsubj" for c in t.children)):
        for v in (c for c in let.children if c.dep_ in ("ccomp", "xcomp") and c.pos_ == "VERB"):
            if not any(c.lower_ == "me" for c in v.children) and not any(c.lower_ == "me" for c in let.children):
                continue
            thinking = word_is_kind(v.lemma_.lower(), "v", _THINKING_ROOTS, 1) or v.lemma_ == "have" and any(
                c.dep_ == "dobj" and c.lemma_ == "think" for c in v.children)
            named = [t for t in v.subtree if t.pos_ in ("NOUN", "PROPN") and t.lemma_ not in ("think", "one")]
            if thinking and not named:
                return True
    return False


# What the question may be called when the respondent asks the interviewer to keep it ("hold that thought").
_QUESTION_ROOTS = frozenset({"idea", "question"})


def holds_the_question(part: str) -> bool:
    """An imperative that keeps the question for later ("hold that thought", "park that question"): a verb
    first, then "that/this" and a noun for a thought or a question (WordNet), nothing else."""
    ws = words(part)
    return len(ws) == 3 and ws[1] in ("that", "this") and has_sense(ws[0], "v") and \
        word_is_kind(ws[2], "n", _QUESTION_ROOTS, 1)


# Words of how far through something is (a closed class of English): "how far through / along / into".
_THROUGH = frozenset("through along into in down".split())


def asks_how_far_through(sentence: str) -> bool:
    """Whether a sentence asks how far through the interview the respondent is ("how far through are we?",
    "how far along am I, roughly"): "how far" with the respondent ("I"/"we") as the subject of "be" or "get",
    and no place it is far from or to."""
    from ...text.parse import parse

    c = closed()
    ws = [w for w in words(sentence) if w not in c.interjections]
    k = next((i for i, w in enumerate(ws) if open_classes(w) != frozenset({"ADV"}) or w == "how"), len(ws))
    if ws[k:k + 2] != ["how", "far"]:
        return False  # the question itself, not "... is how far you actually walk"
    doc = parse(" ".join(sentence.split()))
    for v in doc:
        if v.lemma_ not in ("be", "get") or v.dep_ != "ROOT" or not any(
                c.dep_ == "nsubj" and c.lower_ in _RESPONDENT for c in v.children):
            continue
        if any(c.lower_ in ("from", "to") for c in v.subtree):
            return False  # "how far are we from the station" asks a distance
        return bool(_THROUGH & set(ws)) or v.lemma_ == "get" or any(c.dep_ == "advmod" and c.lower_ == "far"
                                                                      for c in v.subtree)
    return False


# Words that ask a guess to be confirmed ("we must be near the end now surely", "... yet?"): a closed class of English.
_GUESSING = frozenset("must surely yet".split())
_POINT_SENSES = 4


def _point_in_time(tok) -> bool:
    """A noun of a point in a stretch of time ("the end", "the middle", "the start": a WordNet point in time in one
    of its first senses), or an adjective or adverb one of whose senses shares its synset with such a noun
    ("halfway", with "middle"); nothing named after it ("the end of the hall" is a place)."""
    from ...dedup.wordnet import get_wordnet

    wordnet = get_wordnet()
    if wordnet is None or any(c.dep_ == "prep" and c.lower_ == "of" for c in tok.children):
        return False

    def point(word: str) -> bool:
        return any(wordnet.lexfile(x) == "28" and wordnet.is_kind_of(x, {"point"})
                   for x in wordnet.synsets(word, "n")[:_POINT_SENSES])

    if tok.pos_ == "NOUN":
        return point(tok.lemma_.lower())
    # (an adjective's synset: "here" and "now" share adverb synsets with no point of the interview)
    return tok.pos_ in ("ADJ", "ADV") and any(point(w) for x in wordnet.synsets(tok.lower_, "a")
                                               for w in x.words if w != tok.lower_)


def asks_where_in_interview(sentence: str) -> bool:
    """Whether a sentence asks or guesses where in the interview the respondent is ("we past the middle yet?",
    "we must be near the end now surely"): the respondent ("we"/"I") or the interview ("this") as its subject or
    first word, a point in time (:func:`_point_in_time`) with nothing named after it, and a question mark or a word
    asking a guess to be confirmed ("must", "surely", "yet")."""
    from ...text.parse import parse

    c = closed()
    ws = [w for w in words(sentence) if w not in c.interjections and w != "so"]
    if not ws or not (sentence.rstrip().endswith("?") or _GUESSING & set(ws)) or any(
            w.split("'")[0] in c.wh_words for w in ws):  # ("who've I been talking to here" asks something else)
        return False
    doc = parse(" ".join(sentence.split()))
    ours = ws[0] in _RESPONDENT or ws[0] == "this" or any(
        t.dep_ == "nsubj" and (t.lower_ in _RESPONDENT or t.lower_ == "this") for t in doc)
    if not ours or any(t.dep_ == "nsubj" and t.lower_ not in _RESPONDENT and t.lower_ != "this" for t in doc):
        return False  # "the shelf is near the end": something else's place
    return any(_point_in_time(t) for t in doc)


def says_goodbye(sentence: str) -> bool:
    """A goodbye said on its own ("bye for now!", "cheerio then"): besides interjections and "for now / then",
    the sentence's words are a WordNet word of farewell (a kind of "farewell")."""
    c = closed()
    parts = [p for p in sentence.split(",") if words(p)]
    if len(parts) > 1:  # "Thank you, goodbye.": a farewell beside thanks
        return any(says_goodbye(p) for p in parts) and all(says_goodbye(p) or _thanks(p) or all(
            w in c.interjections for w in words(p)) for p in parts)
    ws = [w for w in words(sentence) if w not in c.interjections and w not in ("for", "now", "then", "all", "everyone")
          and not _KISSES.fullmatch(w)]
    return any(bool(ws_) and len(ws_) <= 3 and word_is_kind("_".join(ws_), "n", frozenset({"farewell"}), 2)
               for ws_ in (ws, _as_typed_read_back(ws)))


# A sign-off kiss ("x", "xx"), and a letter drawn out three or more times ("byeee"): how people type, not words.
_KISSES = re.compile(r"x+")
_DRAWN_OUT = re.compile(r"([a-z])\1{2,}")


def _as_typed_read_back(ws: list[str]) -> list[str]:
    """Words as people type them, read back: a drawn-out letter once ("byeee" -> "bye", "cheeriooo" ->
    "cheerio") and a word said twice running once ("bye bye" -> "bye")."""
    out: list[str] = []
    for w in (_DRAWN_OUT.sub(r"\1", w) for w in ws):
        if not out or out[-1] != w:
            out.append(w)
    return out


# Words of thanking ("thank you", "thanks very much", "ta", "cheers"): a closed class of English.
_THANKING = frozenset("thank thanks you ta cheers very much so lot again kindly".split())


def _thanks(part: str) -> bool:
    ws = words(part)
    return bool(ws) and ws[0] in ("thank", "thanks", "ta", "cheers") and all(w in _THANKING for w in ws)


# WordNet roots of finishing: "what time will we finish", "when will I be done".
_FINISHING_ROOTS = frozenset({"finish", "end", "complete"})


def asks_when_finished(sentence: str) -> bool:
    """Whether a wh-question asks when the respondent will be through ("what time will we finish here?", "when
    do we finish?"): "when" or "what time", and a verb of finishing (WordNet) with "we"/"I" as its subject and
    no object."""
    from ...text.parse import parse

    ws = [w for w in words(sentence) if w not in closed().interjections]
    if not (ws[:1] == ["when"] or ws[:2] == ["what", "time"]):
        return False
    for v in parse(" ".join(sentence.split())):
        if v.pos_ == "VERB" and word_is_kind(v.lemma_.lower(), "v", _FINISHING_ROOTS, 2) and any(
                c.dep_ in ("nsubj", "nsubjpass") and c.lower_ in _RESPONDENT for c in v.children) and not any(
                c.dep_ == "dobj" and c.lemma_ != "time" for c in v.children):  # ("what time": the question itself)
            return True
    return False


# Words of a bound in time: "how long til this wraps up", "can we get through it by then?" (closed classes of English).
_UNTIL = frozenset("til till until before".split())
_BY = frozenset("by before".split())


def asks_if_done_in_time(sentence: str) -> bool:
    """Whether a question asks how long until the interview is through, or whether it will be through by a time
    ("how long til this wraps up?", "can we get through it by then?", "can we finish by 3?"): a verb of finishing
    (WordNet, also as the phrase it makes with its particle or preposition: "wrap up", "get through") whose
    subject is the interview ("this/that", never "it": as often the product) or the respondent ("we/I"), which
    takes nothing but the interview ("it/this"),
    bounded by "how long til/until ..." or by "by/before" a time."""
    from ...text.parse import parse

    ws = [w for w in words(sentence) if w not in closed().interjections]
    how_long = ws[:2] == ["how", "long"]
    for v in parse(" ".join(sentence.split())):
        if v.pos_ not in ("VERB", "AUX"):
            continue
        subject = [c for c in v.children if c.dep_ in ("nsubj", "nsubjpass")]
        if not subject or not all(c.lower_ in ("this", "that") or c.lower_ in _RESPONDENT for c in subject):
            continue
        particles = [c.lower_ for c in v.children if c.dep_ == "prt"]
        preps = [c for c in v.children if c.dep_ == "prep" and c.lower_ not in _BY]
        names = [v.lemma_.lower(), *(f"{v.lemma_.lower()}_{p}" for p in particles), *(f"{v.lemma_.lower()}_{p.lower_}" for p in preps)]
        if not any(word_is_kind(n, "v", _FINISHING_ROOTS, 2) for n in names):
            continue
        taken = [c for c in v.children if c.dep_ == "dobj"] + [g for p in preps for g in p.children if g.dep_ == "pobj"]
        if not all(t.lower_ in _THE_INTERVIEW for t in taken):
            continue  # "can we get through the whole course by Friday?" asks about the product
        until = how_long and any(c.dep_ == "mark" and c.lower_ in _UNTIL for c in v.children)
        by = any(c.dep_ == "prep" and c.lower_ in _BY and any(g.dep_ in ("pobj", "pcomp") for g in c.children)
                 for c in v.children)
        if until or by:
            return True
    return False


# WordNet roots of coming to know ("know", "find out", "learn", "discover"); saying or writing something is
# ``_SAYING_ROOTS`` above, read in as many senses.
_KNOWING_ROOTS = frozenset({"know", "learn", "discover", "find"})
_SAYING_SENSES = 3


def knows_who_said(doc) -> bool:
    """A question whether someone will know what the respondent said, or that it was them ("will Brushwell know it
    was me who said all this?", "does my daughter's school find out what I put here?"): a verb of knowing or finding
    out (WordNet) whose subject is someone else (not "you", "I" or "we") and whose clause has the respondent
    saying or writing (a WordNet verb of saying, its subject "I/we" or "who" said of "me") or being who they are
    ("who I am"). Asked about being identified: privacy, never who is behind the study."""
    for v in doc:
        if v.pos_ != "VERB" or not word_is_kind(_phrasal_lemma(v), "v", _KNOWING_ROOTS, 2):
            continue
        # ("nobody's going to know ...": the subject of the future "going to"; "does my midwife have to know I've
        # hired one?" asks about the product)
        future = v.dep_ == "xcomp" and v.head.lemma_ == "go" and v.head.tag_ == "VBG"
        subject = [c for x in ([v, v.head] if future else [v]) for c in x.children if c.dep_ in ("nsubj", "nsubjpass")]
        if not subject or any(c.lower_ in ("you", "i", "we") for c in subject):
            continue
        clause = [t for c in v.children if c.dep_ in ("ccomp", "dobj", "xcomp") for t in c.subtree]
        if not clause and future:  # "... to know it's me saying all this": the clause hung on the verb above
            clause = [t for c in v.head.children if c.dep_ in ("advcl", "ccomp") and c.i > v.i for t in c.subtree]
        me = any(t.lower_ in ("me", "i", "we", "us") for t in clause)
        saying = any(t.pos_ == "VERB" and word_is_kind(t.lemma_.lower(), "v", _SAYING_ROOTS, _SAYING_SENSES) and any(
            c.dep_ == "nsubj" and c.lower_ in ("i", "we", "who", "me") for c in t.children) for t in clause)
        being = any(t.lemma_ == "be" and any(c.dep_ == "attr" and c.lower_ in ("who", "me") for c in t.children)
                    for t in clause)
        if me and (saying or being):
            return True
    return False


# WordNet roots of coming to have something: "got my number", "get hold of my details", "find my email".
_GETTING_ROOTS = frozenset({"get", "obtain", "acquire", "find", "receive"})


def asks_how_they_got(doc, names_them) -> bool:
    """A question how the interviewer came to have the respondent's details ("how come you've got my number?",
    "how did you get hold of my details?", "where did you find my email address?"): "how" or "where", and a verb
    of getting or finding (WordNet) with "you" as subject and the respondent's own details (``names_them``) as its
    object or the object of its preposition ("get hold of my details")."""
    ws = [t.lower_ for t in doc]
    for v in doc:
        objects = [c for c in v.children if c.dep_ == "dobj"]
        objects += [g for o in objects for p in o.children if p.dep_ == "prep" for g in p.children if g.dep_ == "pobj"]
        if v.pos_ != "VERB" or not any(names_them(o) for o in objects):
            continue
        if {"how", "where"} & set(ws[:3]) and any(c.dep_ == "nsubj" and c.lower_ == "you" for c in v.children) and \
                word_is_kind(v.lemma_.lower(), "v", _GETTING_ROOTS, 2):
            return True
        # "who gave you my name?", "who passed my number to you?": who, a verb of giving, and the interviewer
        # as the one given to
        given = [c for c in v.children if c.dep_ == "dative" and c.lower_ == "you"] + [
            g for c in v.children if c.dep_ == "prep" and c.lower_ == "to" for g in c.children if g.lower_ == "you"]
        if given and any(c.dep_ == "nsubj" and c.lower_ == "who" for c in v.children) and \
                word_is_kind(_phrasal_lemma(v), "v", _GIVING_ROOTS, 2):
            return True
    return False


# WordNet roots of giving or passing something on ("give", "pass on", "hand over", "sell").
_GIVING_ROOTS = frozenset({"give", "transfer", "pass_on", "sell"})


def _phrasal_lemma(verb) -> str:
    """A verb's lemma with its particle when WordNet knows the phrase ("pass_on"), else the lemma."""
    particles = [c.lower_ for c in verb.children if c.dep_ == "prt"]
    phrase = f"{verb.lemma_.lower()}_{particles[0]}" if particles else ""
    return phrase if phrase and has_sense(phrase, "v") else verb.lemma_.lower()


# WordNet's adjectives of being good enough ("okay", "fine", "all right", "alright", "acceptable"): a first sense
# holding one of these words, or a satellite of a head that does.
_SATISFACTORY = frozenset({"satisfactory", "acceptable", "all_right"})
# What points back at the respondent's own answer: a closed class of English ("it" is as often the product).
_WHAT_THEY_SAID = frozenset("that this".split())
_WANTING_ROOTS = frozenset({"want", "need", "desire", "prefer", "like"})
_ANSWER_ROOTS = frozenset({"answer", "statement"})
_STATIVE_FILE = "42"  # WordNet's file of verbs of being ("make sense": be reasonable or comprehensible)


def checks_own_answer(doc) -> bool:
    """A question whether the respondent's own answer will do ("is that okay?", "does that make sense?", "is
    this alright with you?", "do you want long answers or just short ones?"): "that"/"this" alone as subject
    of "be" with an adjective of being good enough (WordNet, first sense) or of a verb phrase WordNet knows
    with its object ("make sense"), and nothing else asked ("is it okay to bring my own brushes?", "is that
    price okay?" name what they ask); or the interviewer ("you") wanting answers (WordNet) of some kind."""
    from ...dedup.wordnet import get_wordnet

    wordnet = get_wordnet()
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if wordnet is None or root is None:
        return False
    subjects = [c for c in root.children if c.dep_ == "nsubj" or c.dep_ == "advmod" and c.lower_ in _WHAT_THEY_SAID]
    if len(subjects) == 1 and subjects[0].lower_ in _WHAT_THEY_SAID and not list(subjects[0].children):
        extra = [c for c in root.children if c.dep_ in ("xcomp", "ccomp", "advcl", "attr")
                 or c.dep_ == "prep" and not any(g.lower_ in ("you", "me") for g in c.children)]
        if root.lemma_ == "be" and not extra:
            return any(c.dep_ == "acomp" and _good_enough(c.lemma_.lower(), wordnet) for c in root.children)
        objects = [c for c in root.children if c.dep_ == "dobj"]
        if root.pos_ == "VERB" and not extra and len(objects) == 1 and not list(objects[0].children):
            return any(wordnet.lexfile(s) == _STATIVE_FILE
                       for s in wordnet.synsets(f"{root.lemma_.lower()}_{objects[0].lower_}", "v")[:1])
        return False
    if root.pos_ == "VERB" and any(c.dep_ == "nsubj" and c.lower_ == "you" for c in root.children) and \
            word_is_kind(root.lemma_.lower(), "v", _WANTING_ROOTS, 2):
        objects = [c for c in root.children if c.dep_ == "dobj"]
        objects += [g for o in objects for x in [o, *o.conjuncts] for p in x.children if p.dep_ == "prep"
                    for g in p.children if g.dep_ == "pobj"]
        return any(o.pos_ == "NOUN" and word_is_kind(o.lemma_.lower(), "n", _ANSWER_ROOTS, 1) for o in objects)
    return False


def _good_enough(adjective: str, wordnet) -> bool:
    first = wordnet.synsets(adjective, "a")[:1]
    heads = [wordnet.synset(p[1]) for s in first for p in s.pointers if p[0] == "&"]
    return any(_SATISFACTORY & set(s.words) for s in [*first, *heads])


# Who is paid when a respondent asks whether taking part is paid: a person (WordNet), never the interviewer.
_PAYEE_ROOTS = frozenset({"person", "people"})


def asks_if_paid(doc) -> bool:
    """A question whether taking part is paid ("do you lot pay people for these?", "will I get paid for doing
    this?"): a verb of paying (WordNet) whose object is the respondent ("me/us") or people (a WordNet person), or
    whose passive subject is the respondent, with the interview ("this", "these", "it") the thing paid for when
    people are named. "who's paying you to ask me this" pays the interviewer (who pays for the study)."""
    for v in doc:
        if v.pos_ != "VERB" or not word_is_kind(v.lemma_.lower(), "v", _PAYING_ROOTS, 2):
            continue
        paid_for = [g for c in v.children if c.dep_ == "prep" and c.lower_ == "for" for x in c.children
                    for g in [x, *[y for y in x.children if y.dep_ == "dobj"]] if g.lower_ in _THE_STUDY | {"these"}]
        respondent = any(c.dep_ in ("dobj", "dative") and c.lower_ in _US or c.dep_ == "nsubjpass" and c.lower_ in
                         _RESPONDENT for c in v.children)
        people = any(c.dep_ == "dobj" and c.pos_ == "NOUN" and word_is_kind(c.lemma_.lower(), "n", _PAYEE_ROOTS, 2)
                     for c in v.children)
        if respondent or people and paid_for:
            return True
    return False
