"""A painful or sensitive disclosure in an answer (an illness, a death, money trouble, stress), read by
method rather than from a list of phrases: WordNet says what a word names, the parse says whose it is.

- A noun names a hardship when one of its first senses is, through its hypernyms, a kind of ill health,
  mental illness, grief, debt, poverty, unemployment, death or a psychological strain (anxiety,
  depression, tension), and VADER does not rate the word as good. A sense further down the list counts
  when the noun is what someone has, had, got or suffers ("I had a small stroke"): that frame is how an
  illness is told.
- A verb names one when its sense is dying ("my dad died", "she passed away"), or it is losing a person
  or a livelihood ("we lost my dad", "I lost my job": the object is a person or an occupation in WordNet).
- An adjective or participle names one when WordNet has it as an adjective that VADER rates clearly
  negative and it describes the respondent or someone close ("I was so stressed", "I'm exhausted").
- The disclosure has to be about the respondent or someone close: a first-person word in the sentence,
  a possessive on the noun, or a kin noun. A condition ("if it broke") is not a disclosure.

The next question then acknowledges it briefly (``data/questions.yaml``: ``distress_acknowledgements``)
and never asks about the hardship as if it were something good.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ...text.parse import parse
from .grammar import has_sense, word_is_kind
from .valence import word_valence

# WordNet words (hypernym roots) whose kinds are hardships.
HARDSHIP_ROOTS = frozenset({"ill_health", "disease", "disorder", "affliction", "mental_illness", "mourning", "grief", "sadness", "debt",
                            "indebtedness", "poverty", "unemployment", "death", "anxiety", "depression",
                            "tension", "distress", "financial_loss",
                            # a fall or an accident, a divorce or break-up, bullying, medication, treatment
                            "misfortune", "separation", "aggression", "medicine", "therapy",
                            # the loss of a pregnancy
                            "abortion"})
# WordNet roots of what is a hardship only when someone has, gets or suffers it ("I get migraines", "I had a
# mastectomy", "got mastitis twice"): a symptom (a pain, an inflammation) or a medical procedure (an operation).
HAD_ROOTS = frozenset({"symptom", "medical_procedure"})
# Roots of fear: an adjective whose derived noun is one ("frightening": fear) tells a fear when said for the respondent.
_FEAR_ROOTS = frozenset({"fear", "anxiety"})
# Prepositions of a comparison: a hardship named as what something is compared with ("cheaper than therapy") is none.
_COMPARING = frozenset("than like".split())
# Roots of what one can lose that makes the loss a hardship: a person, a livelihood, a home.
_LOST_ROOTS = frozenset({"person", "occupation", "job", "home", "house"})
_DEATH_ROOTS = frozenset({"die"})
_HAVING = frozenset("have get suffer develop catch battle fight".split())
_LOSING = frozenset({"lose"})
_FIRST_SENSES = 2
_HAVING_SENSES = 6
# A participle or adjective this negative in VADER (-4..4) names a state of distress ("stressed" -1.4).
STATE_VALENCE = -1.2
_FIRST_PERSON = frozenset("i me my mine we us our ours myself ourselves i'm i've i'd".split())
# Words of a hint that name nothing painful themselves: never matched against a topic.
_FUNCTION = frozenset("a an the and or but so to of in on at be is are was were been it that this you know i "
                      "he she they his her their him them not n't might may could would will can".split())


# WordNet lexicographer files of places and physical objects: "landfill" is a kind of (geological)
# depression, not of the illness.
_PLACE_FILES = frozenset({"15", "17"})
# ... of animals, artifacts, foods and plants: a noun whose first sense is one is a thing had, not an illness.
_THING_FILES = frozenset({"05", "06", "13", "20"})
# Roots of an adjective's derived noun that make it a state of belief ("skeptical" -> incredulity,
# "doubtful" -> doubt): a view of the thing asked about, never a hardship.
_BELIEF_ROOTS = frozenset({"doubt", "belief", "disbelief", "uncertainty", "certainty", "cognitive_state", "misgiving"})
# Roots of a verb of losing one's job, said of a person in the passive ("I got laid off", "he was sacked").
_DISMISSAL_ROOTS = frozenset({"dismiss", "furlough"})
_DISMISSAL_SENSES = 4
# Adjectives WordNet files with these words (or as similar to them) name a hard stretch of time when
# they modify one ("a rough year", "a tough few months"), as do VADER-negative ones.
_HARD_WORDS = frozenset({"difficult", "hard"})


def _wordnet():
    from ...dedup.wordnet import get_wordnet  # WordNet files read offline; loaded once

    return get_wordnet()


@lru_cache(maxsize=4096)
def _noun_is_hardship(lemma: str, senses: int) -> bool:
    wordnet = _wordnet()
    if wordnet is None or word_valence(lemma) > 0:
        return False
    synsets = wordnet.synsets(lemma, "n")
    if synsets and wordnet.lexfile(synsets[0]) in _THING_FILES:
        senses = 1  # "we've had mice": an animal first, not the bruise of a rarer sense (a black eye)
    return any(wordnet.is_kind_of(syn, HARDSHIP_ROOTS, ("@", "@i")) and wordnet.lexfile(syn) not in _PLACE_FILES
               for syn in synsets[:senses])


@lru_cache(maxsize=4096)
def belief_state(adjective: str, roots: frozenset[str] = _BELIEF_ROOTS) -> bool:
    """Whether an adjective is a state of belief (WordNet: a noun derived from one of its first senses
    is a kind of one of ``roots``: doubt, belief or certainty): "skeptical", "doubtful", "wary"."""
    wordnet = _wordnet()
    if wordnet is None:
        return False
    return any(sym == "+" and key[0] == "n" and wordnet.is_kind_of(wordnet.synset(key), roots)
               for syn in wordnet.synsets(adjective, "a")[:3] for sym, key, _, _ in syn.pointers)


# ... and of these, the ones that doubt ("skeptical", "doubtful"), not "sure" or "certain".
DOUBT_ROOTS = frozenset({"doubt", "disbelief", "misgiving", "uncertainty"})


@lru_cache(maxsize=4096)
def _unwell_word(adjective: str) -> bool:
    """Whether an adjective's first WordNet sense is being ill, or similar to it ("ill", "poorly",
    "unwell", "diabetic")."""
    wordnet = _wordnet()
    first = wordnet.synsets(adjective, "a")[:1] if wordnet else ()
    return any("ill" in syn.words or any(sym == "&" and "ill" in wordnet.synset(key).words for sym, key, _, _ in syn.pointers)
               for syn in first)


@lru_cache(maxsize=4096)
def _hard_word(adjective: str) -> bool:
    """Whether an adjective says something was hard: VADER-negative, or a WordNet sense holding or
    similar to "difficult"/"hard" ("rough": rocky, full of hardship)."""
    if word_valence(adjective) < 0:
        return True
    wordnet = _wordnet()
    return bool(wordnet) and any(set(syn.words) & _HARD_WORDS or any(
        sym == "&" and set(wordnet.synset(key).words) & _HARD_WORDS for sym, key, _, _ in syn.pointers)
        for syn in wordnet.synsets(adjective, "a"))


def _hard_period(tok) -> bool:
    """A stretch of time said to be hard, as the predicate of a copula ("it's been a rough year", "a
    tough few months")."""
    if tok.dep_ not in ("attr", "ROOT") or not word_is_kind(tok.lemma_.lower(), "n", frozenset({"time_period"}), 2):
        return False
    return any(c.dep_ == "amod" and _hard_word(c.lower_) for c in tok.children)


def _dismissed(tok) -> bool:
    """Losing one's job told in the passive of a verb of dismissal ("I got laid off", "she was sacked")."""
    if not any(c.dep_ == "auxpass" for c in tok.children) or not _person_subject(tok):
        return False
    return word_is_kind(_verb_lemma(tok), "v", _DISMISSAL_ROOTS, _DISMISSAL_SENSES)


# WordNet lexicographer files of verbs of the body and of eating ("sleep", "eat"): a need, when denied.
_NEED_FILES = frozenset({"29", "34"})
_MANNER = frozenset("properly well".split())
_SPAN = frozenset("for since after before until till during".split())  # prepositions of time, not of place


def _need_denied(tok) -> bool:
    """A bodily need of the respondent's that has gone unmet: a verb of the body or of eating (WordNet
    lexicographer file) without an object, said of "I" or "we", denied or stopped ("I didn't sleep properly
    for weeks", "I stopped eating properly", "I've not been sleeping"), and told as lasting: with "properly"
    or "well", in the progressive or perfect, or for a span of time. Not a habit ("I don't eat after
    eight") nor a diet ("I don't eat meat": an object)."""
    if tok.pos_ != "VERB" or any(c.dep_ in ("dobj", "ccomp", "xcomp") or c.dep_ == "prep" and c.lower_ not in _SPAN
            for c in tok.children):
        return False  # ("I haven't slept in a tent for years": a place, not a need)
    wordnet = _wordnet()
    if wordnet is None or not any(wordnet.lexfile(s) in _NEED_FILES for s in wordnet.synsets(tok.lemma_.lower(), "v")[:1]):
        return False
    stopped = tok.dep_ == "xcomp" and tok.head.lemma_.lower() == "stop"
    subject_of = tok.head if stopped else tok
    if not any(c.dep_ == "nsubj" and c.lower_ in ("i", "we") for c in subject_of.children):
        return False
    negated = any(c.dep_ == "neg" for c in tok.children)
    lasting = any(c.lower_ in _MANNER for c in tok.children) or tok.tag_ in ("VBG", "VBN") or any(
        c.dep_ == "prep" and c.lower_ == "for" for c in tok.children)
    return (negated or stopped) and lasting


def _judged_for_them(tok) -> bool:
    """A participle said of a thing for the respondent ("the sushi setting is wasted on me", "it's lost on me"): its
    subject no person and no first-person word, and "on/for/to me/us" after it: how the thing is for them, not a
    state they are in."""
    from .grammar import is_person_noun

    verb = tok.head if tok.dep_ in ("acomp", "conj") else tok
    subjects = [c for v in (tok, verb) for c in v.children if c.dep_ in ("nsubj", "nsubjpass")]
    thing = bool(subjects) and all(c.lower_ not in _FIRST_PERSON and not (
        c.pos_ in ("NOUN", "PROPN") and is_person_noun(c.lemma_.lower())) and c.lower_ not in ("he", "she", "they")
        for c in subjects)
    return thing and any(c.dep_ == "prep" and c.lower_ in ("on", "for", "to") and any(
        g.lower_ in ("me", "us") for g in c.children) for c in tok.children)


def _lost_home(obj) -> bool:
    """The object of "lose" that is someone's home in any WordNet sense ("my brother lost his flat": "flat" is a
    dwelling only in its seventh sense), said with its owner ("his", "my")."""
    from ...dedup.wordnet import get_wordnet

    wordnet = get_wordnet()
    return wordnet is not None and any(c.dep_ == "poss" for c in obj.children) and any(
        wordnet.is_kind_of(x, _DWELLING_ROOTS) for x in wordnet.synsets(obj.lemma_.lower(), "n"))


_DWELLING_ROOTS = frozenset({"dwelling", "housing"})


def _lost_person(obj) -> bool:
    """The object of "lose" that stands for a person: "him" or "her", or "one" lost at an age ("we lost
    one at eleven weeks": a number with a unit of time after "at")."""
    if obj.lower_ in ("him", "her"):
        return True
    at = [g for c in obj.head.children if c.dep_ == "prep" and c.lower_ == "at" for g in c.children if g.dep_ == "pobj"]
    return obj.lower_ == "one" and any(any(n.dep_ == "nummod" for n in g.children) and word_is_kind(
        g.lemma_.lower(), "n", frozenset({"time_unit", "time_period"}), 2) for g in at)


def _verb_lemma(tok) -> str:
    """The verb's lemma with its particle ("pass away")."""
    prt = [c.lower_ for c in tok.children if c.dep_ == "prt"]
    return "_".join([tok.lemma_.lower(), *prt])


def _went_at_a_date(verb) -> bool:
    """"my dad went in 2019", "her husband went last year": someone close (a person noun with an owner) who
    "went", with nothing but a time after it (a number or "last ..."): no place, no object, no manner."""
    from .grammar import is_person_noun

    close = any(c.dep_ == "nsubj" and c.pos_ == "NOUN" and is_person_noun(c.lemma_.lower()) and any(
        g.dep_ == "poss" for g in c.children) for c in verb.children)
    if not close or any(c.dep_ in ("dobj", "xcomp", "ccomp", "acomp", "prt", "oprd") for c in verb.children):
        return False
    times = [c for c in verb.children if c.dep_ == "prep" and c.lower_ in ("in", "on") and all(
        g.like_num for g in c.children)] + [c for c in verb.children if c.dep_ == "npadvmod" and any(
        g.lower_ == "last" for g in c.children)]
    others = [c for c in verb.children if c.dep_ in ("prep", "advmod", "npadvmod") and c not in times
              and c.lower_ not in ("when", "then")]
    return bool(times) and not others


_BODY_FILE = "08"  # WordNet noun.body


def _body_part(tok) -> bool:
    """A noun whose first WordNet sense is a part of the body ("knee", "back", "hip"); capitalised at the start of a
    sentence it may be tagged a proper noun ("Back's not what it was")."""
    wordnet = _wordnet()
    if wordnet is None or tok.pos_ not in ("NOUN", "PROPN"):
        return False
    first = wordnet.synsets(tok.lemma_.lower(), "n")[:1] or wordnet.synsets(tok.lower_, "n")[:1]
    return any(wordnet.lexfile(syn) == _BODY_FILE for syn in first)


def _body_failed(tok) -> bool:
    """A body that no longer does what it did, said of the respondent's or someone's own body part (WordNet
    noun.body): a new one ("my new knee is eight months old": a joint replaced), one that "went" with nothing after
    it ("since his hip went", "ever since Margaret's knees went"), or one that is "not what it was" ("Back's not what
    it was"). "a new bag", "my back is fine", "my knee went on the step" are none."""
    if not _body_part(tok):
        return False
    owned = any(c.dep_ == "poss" for c in tok.children)
    if owned and any(c.dep_ == "amod" and c.lower_ == "new" for c in tok.children):
        return True
    verb = tok.head
    if tok.dep_ != "nsubj":
        return False
    if owned and verb.lemma_.lower() == "go" and verb.tag_ == "VBD" and not any(  # (nothing after it: "ever since" before)
            c.dep_ in ("dobj", "prep", "advmod", "prt", "xcomp", "acomp", "attr", "ccomp", "npadvmod") and c.i > verb.i
            for c in verb.children):
        return True
    was = [c for c in verb.children if c.dep_ == "ccomp" and c.lemma_.lower() == "be" and any(
        g.lower_ == "what" for g in c.children)]
    return verb.lemma_.lower() == "be" and any(c.dep_ == "neg" for c in verb.children) and bool(was) and (
        owned or not any(c.dep_ == "det" for c in tok.children))


def _close_to_respondent(tok, sent) -> bool:
    """Whether the hardship at ``tok`` is the respondent's or someone close's: a first-person word in the
    sentence, a possessive or kin noun in its phrase or its clause's subject."""
    if any(t.lower_ in _FIRST_PERSON for t in sent):
        return True
    from .grammar import is_person_noun

    nearby = list(tok.subtree) + [c for c in tok.head.children if c.dep_ in ("nsubj", "nsubjpass")]
    if any(t.dep_ == "poss" or (t.pos_ == "NOUN" and is_person_noun(t.lemma_.lower())) for t in nearby):
        return True
    # "My brother played for years. He passed in the autumn.": "he"/"she" of a sentence of its own stands for
    # someone named before it, and that is someone close when an earlier sentence names a person the
    # respondent owns ("my brother", "our nan")
    subjects = [c for v in (tok, tok.head) for c in v.children if c.dep_ in ("nsubj", "nsubjpass")]
    return any(c.lower_ in ("he", "she") for c in subjects) and any(
        _owned_person(t) for t in sent.doc[:sent.start] if t.pos_ in ("NOUN", "PROPN"))


def _conditional(tok) -> bool:
    node = tok
    while True:
        if any(c.dep_ == "mark" and c.lower_ in ("if", "unless", "whether") for c in node.children):
            return True
        if node.head.i == node.i:
            return False
        node = node.head


_PERSON_PRONOUNS = frozenset("he she they i we him her".split())


def _person_subject(verb) -> bool:
    """Whether the verb's subject is a person: a personal pronoun, a noun WordNet has as a person, or an
    owned noun that WordNet has as a person in any sense ("my mum": a flower first, a mother later)."""
    from .grammar import is_person_noun

    return any(c.dep_ in ("nsubj", "nsubjpass") and (c.lower_ in _PERSON_PRONOUNS or (
        c.pos_ in ("NOUN", "PROPN") and (c.pos_ == "PROPN" or is_person_noun(c.lemma_.lower()) or _owned_person(c))))
        for c in verb.children)


_PERSON_FILE = "18"  # WordNet noun.person


def _owned_person(noun) -> bool:
    """A noun with an owner ("my", "her") one of whose WordNet senses is a person: owned, a noun that can
    name a person does ("my mum", "our nan"), whatever its first sense."""
    wordnet = _wordnet()
    return wordnet is not None and any(c.dep_ == "poss" for c in noun.children) and any(
        wordnet.lexfile(syn) == _PERSON_FILE for syn in wordnet.synsets(noun.lemma_.lower(), "n"))


@lru_cache(maxsize=4096)
def _had_hardship(lemma: str) -> bool:
    """A noun that is a hardship when someone has it (``HAD_ROOTS``: a symptom, a medical procedure), in its
    first senses (WordNet), and not rated good by VADER."""
    return word_valence(lemma) <= 0 and word_is_kind(lemma, "n", HAD_ROOTS, _FIRST_SENSES)


def _names_a_concern(noun) -> bool:
    """A noun of fear or anxiety (WordNet) said of what was just said, the predicate of "that/this is" ("That's my
    worry, not hers", "this is the fear"): a concern about the thing asked of, named; no hardship of the respondent's."""
    head = noun.head
    return noun.dep_ == "attr" and head.lemma_ == "be" and any(
        c.dep_ == "nsubj" and c.lower_ in ("that", "this") for c in head.children) and word_is_kind(
        noun.lemma_.lower(), "n", _FEAR_ROOTS, _FIRST_SENSES)


def _compared_with(noun) -> bool:
    """A noun named as what something is compared with ("cheaper than therapy", "like a hospital"): nobody's."""
    return noun.dep_ == "pobj" and noun.head.lower_ in _COMPARING


def _fear_for_them(tok) -> bool:
    """A fear told of the respondent's own doing ("walking into a shop is genuinely frightening for me"): an
    adjective of fear (its derived noun a WordNet kind of fear or anxiety, VADER clearly negative) as the predicate
    of a copula that has "for me" / "to me" and a doing as its subject (a clause or a gerund: "the price is terrible
    for me" is a view of the price)."""
    if tok.pos_ != "ADJ" or tok.dep_ != "acomp" or word_valence(tok.lower_) > STATE_VALENCE:
        return False
    if not any(c.dep_ == "csubj" or c.dep_ == "nsubj" and c.tag_ == "VBG" for c in tok.head.children):
        return False
    for_me = any(c.dep_ == "prep" and c.lower_ in ("for", "to") and any(g.lower_ in ("me", "us") for g in c.children)
                 for c in [*tok.children, *tok.head.children])
    return for_me and belief_state(tok.lower_, _FEAR_ROOTS)


def _life_changed_at(noun) -> bool:
    """An event of the respondent's that their life is dated from ("after my miscarriage", "since my
    op"): the object of a preposition of time, owned in the first person. Told this way a noun is read in
    its further senses, as an illness one has is."""
    return noun.dep_ == "pobj" and noun.head.lower_ in _FROM_THEN and any(
        c.dep_ == "poss" and c.lower_ in _FIRST_PERSON for c in noun.children)


def _about_something(tok) -> bool:
    """A state said of a matter ("worried about the cost", "annoyed by the queue"): a concern about the
    topic, which the interview asks about, not a hardship of the respondent's."""
    # ("terrible at it": a skill, not a state of the respondent's; "which I was terrible at": stranded on the copula)
    stranded = [c for c in tok.head.children if c.dep_ == "prep" and all(g.lower_ in ("which", "that", "what", "who")
                                                                           for g in c.children)] if tok.dep_ == "acomp" else []
    return any(c.dep_ in ("prep", "agent") and c.lower_ in ("about", "of", "by", "with", "at")
               for c in [*tok.children, *stranded])


def hardship_tokens(sent) -> list:
    """The tokens of a parsed sentence that disclose a hardship of the respondent or someone close
    (module docstring)."""
    found = []
    for tok in sent:
        lemma = tok.lemma_.lower()
        hit = False
        if tok.pos_ == "NOUN" or (tok.pos_ == "PROPN" and tok.text.islower()):  # a tagging slip: "eczema"
            having = tok.dep_ in ("dobj", "attr") and tok.head.lemma_.lower() in _HAVING or _life_changed_at(tok)
            senses = _HAVING_SENSES if having else _FIRST_SENSES
            compounds = [c.lower_ for c in tok.lefts if c.dep_ == "compound"]
            hit = _noun_is_hardship(lemma, senses) or bool(compounds) and _noun_is_hardship(
                "_".join([*compounds, lemma]), senses)  # "heart attack"
            # ... also a WordNet compound the tagger split into an adjective and a noun ("near misses": near_miss)
            modifier = tok.nbor(-1) if tok.i > sent.start and tok.nbor(-1).dep_ == "amod" else None
            hit = hit or modifier is not None and _noun_is_hardship(f"{modifier.lower_}_{lemma}", senses)
            hit = hit or having and _had_hardship(lemma)  # "I get migraines", "I had a double mastectomy"
            hit = hit and not _denied(tok) and not _compared_with(tok)  # "no range anxiety"; "cheaper than therapy"
            hit = hit and not _names_a_concern(tok)  # "That's my worry, not hers": a worry about the thing asked of
            # "that's a madness question": the word sorts what was said, a judgement of it, not anyone's illness
            hit = hit and not (tok.dep_ == "compound" and tok.head.dep_ == "attr" and any(
                c.dep_ == "nsubj" and c.lower_ in ("that", "this", "it") for c in tok.head.head.children))
            hit = hit or _hard_period(tok)
        elif tok.pos_ == "AUX" and tok.dep_ == "aux" and word_is_kind(tok.lower_, "v", _DEATH_ROOTS, 1):
            # a verb of dying the tagger took for an auxiliary of the next verb ("she died not knowing")
            hit = _person_subject(tok) or _person_subject(tok.head)
        elif tok.pos_ == "VERB":
            verb = _verb_lemma(tok)
            if word_is_kind(verb, "v", _DEATH_ROOTS, 1):
                hit = _person_subject(tok)  # "my bike died" is a breakdown, not a death
            elif verb == "go" and _went_at_a_date(tok):
                hit = True
            elif verb == "pass":  # "he passed in 2019": said of a person with no object or direction, a death
                # (what it takes follows it: "we're doing up mum's house, she passed at Easter" hangs the clause
                # before the comma on "passed")
                hit = _person_subject(tok) and not any(
                    c.dep_ in ("dobj", "xcomp", "ccomp", "advmod") or c.dep_ == "prep" and c.lower_ not in ("in", "on", "at", "last")
                    for c in tok.children if c.i > tok.i)
            elif lemma in _LOSING:
                objects = [c for c in tok.children if c.dep_ == "dobj"]
                hit = any(word_is_kind(o.lemma_.lower(), "n", _LOST_ROOTS, 1) or _lost_home(o) for o in objects) or (
                    _person_subject(tok) and any(_lost_person(o) for o in objects))
            elif tok.tag_ == "VBN" and _dismissed(tok):
                hit = True
            elif _close_one_left(tok) or _cannot_work(tok):
                hit = True  # "dad left in september", "since my wife left"; "she can't work at the min"
            elif tok.tag_ == "VBN" and word_valence(tok.lower_) <= STATE_VALENCE and not _about_something(tok) \
                    and not any(c.dep_ == "dobj" for c in tok.children) and not _judged_for_them(tok):
                # ("I've worn glasses": an action; "the sushi setting is wasted on me": a thing judged for them)
                hit = tok.dep_ in ("acomp", "ROOT", "conj") or any(c.dep_ == "auxpass" for c in tok.children)
        elif (tok.pos_ == "ADJ" and tok.dep_ in ("acomp", "ROOT", "conj") or tok.dep_ == "advmod" and tok.head.lemma_ == "be") \
                and _unwell_word(tok.lower_) and not _about_something(tok) and not any(c.dep_ == "neg" for c in tok.head.children):
            # "my wife got ill", "my mum's been poorly": a person, or someone's ("my mum"), is the subject
            hit = any(_person_subject(v) or any(c.dep_ in ("nsubj", "nsubjpass") and any(g.dep_ == "poss" for g in c.children)
                                                for c in v.children) for v in (tok, tok.head))
        elif tok.pos_ == "ADJ" and tok.dep_ in ("acomp", "ROOT", "conj") and word_valence(tok.lower_) <= STATE_VALENCE \
                and not _about_something(tok) and not belief_state(tok.lower_) \
                and not any(c.dep_ == "dobj" for c in tok.head.children):  # ("getting it wrong": said of "it")
            hit = has_sense(tok.lower_, "a")
            hit = hit and any(c.dep_ in ("nsubj",) and c.lower_ in _FIRST_PERSON for c in tok.head.children) or (
                hit and tok.head.pos_ == "AUX" and any(c.lower_ in _FIRST_PERSON for c in tok.head.children))
        hit = hit or _fear_for_them(tok) or _money_short(tok)
        if not hit and tok.pos_ in ("ADJ", "ADV") and tok.dep_ in ("acomp", "advmod", "ROOT") \
                and word_valence(tok.lower_) > 0 and not _about_something(tok):
            hit = _not_well(tok)
        hit = hit or _need_denied(tok) or _body_failed(tok)
        # A hard stretch said with a dummy subject ("it's been a rough year") is the speaker's own.
        own_time = tok.pos_ == "NOUN" and _hard_period(tok) and any(
            c.dep_ in ("nsubj", "nsubjpass") and c.lower_ == "it" for c in tok.head.children)
        # money said to be short with no one else's name on it is the speaker's ("money's been tight since ...")
        own_time = own_time or _money_short(tok) and not any(
            g.dep_ == "poss" and g.lower_ not in _FIRST_PERSON for v in (tok, tok.head) for c in v.children
            if c.dep_ in ("nsubj", "nsubjpass") for g in c.children)
        # ... and so is a bare body part that failed ("Back's not what it was": the owner left out, as in notes)
        own_time = own_time or _body_failed(tok) and not any(c.dep_ in ("det", "poss") for c in tok.children)
        if hit and not _conditional(tok) and not _hypothetical(tok) and (own_time or _close_to_respondent(tok, sent)):
            found.append(tok)
    return found


# WordNet roots of someone close by kin or marriage ("dad", "my wife", "her mum").
_KIN_ROOTS = frozenset({"relative", "spouse", "parent", "kin"})
# Dependents a leaving may carry and still say someone left (when, or whom they left); a place or a purpose
# ("left for work", "left the house at eight") tells an errand.
_LEFT_ALONG = frozenset({"nsubj", "aux", "neg", "advmod", "punct", "cc", "conj", "npadvmod", "advcl", "mark", "prt"})


def _kin(noun) -> bool:
    """Someone close to the respondent: a noun WordNet has first as a relative or spouse, with an owner or bare
    ("dad", "my wife"; "a dad" or "the husband of a friend" is no one of theirs)."""
    if noun.pos_ not in ("NOUN", "PROPN") or any(c.dep_ == "det" and c.lower_ in ("a", "an", "some", "any") for c in noun.children):
        return False
    return word_is_kind(noun.lemma_.lower(), "n", _KIN_ROOTS, 2)


def _close_one_left(verb) -> bool:
    """"dad left in september", "since my wife left", "my husband walked out": "leave" (or a motion verb with "out")
    said of someone close (:func:`_kin`) with nothing after it but when, or the respondent left ("left us", "left me
    and mum"): a family parted, not an errand ("my wife left for work", "dad left the car at the station")."""
    if verb.pos_ != "VERB" or verb.tag_ not in ("VBD", "VBN"):
        return False
    out = any(c.dep_ == "prt" and c.lower_ == "out" for c in verb.children)
    if not (verb.lemma_.lower() == "leave" or out and word_is_kind(verb.lemma_.lower(), "v", frozenset({"travel", "move"}), 1)):
        return False
    if not any(c.dep_ == "nsubj" and _kin(c) for c in verb.children):
        return False
    for c in verb.children:
        if c.dep_ == "dobj" and not (c.lower_ in ("me", "us", "home") or _kin(c)):
            return False
        if c.dep_ == "prep" and not any(g.lower_ in ("september", "year", "summer") or g.ent_type_ in ("DATE", "TIME") or
                                        g.lemma_.lower() in closed_time() for g in c.children):
            return False
        if c.dep_ not in _LEFT_ALONG | {"dobj", "prep"}:
            return False
    return True


# Prepositions of a time or a cause ("at the min", "since the op", "after the stroke", "for months").
_FROM_WHEN = frozenset("at since after for because till until".split())


def _cannot_work(verb) -> bool:
    """"she can't work at the min", "I can't work since the accident", "he cannot work any more": "work" negated
    under "can", said of a person, with nothing worked at ("can't work out the timetable", "can't work the app")
    and no day or time of week ("can't work weekends" says when they are free); a time or a cause at most."""
    if verb.pos_ != "VERB" or verb.lemma_.lower() != "work" or not _person_subject(verb):
        return False
    if not any(c.dep_ == "neg" for c in verb.children) or not any(
            c.dep_ == "aux" and c.lower_ in ("ca", "can", "cannot", "could") for c in verb.children):
        return False
    return all(c.dep_ in ("nsubj", "aux", "neg", "punct", "cc", "conj", "advcl", "mark") or
               c.dep_ == "advmod" and c.lower_ in ("anymore", "now", "yet", "longer") or
               c.dep_ == "prep" and c.lower_ in _FROM_WHEN for c in verb.children)


def closed_time() -> frozenset[str]:
    from .grammar import closed

    return closed().time_nouns


# WordNet adjective synsets of being too little ("scarce", "insufficient"): money said to be so is money trouble.
_SCARCE = ("scarce", "insufficient", "inadequate")
_MONEY_ROOTS = frozenset({"money", "fund", "income", "medium_of_exchange", "financial_gain", "cash"})


def _money_short(tok) -> bool:
    """"money's tight", "money been tight since the op", "cash is short": an adjective one of whose WordNet senses is
    like being scarce (the similar-to link of "tight", "short", "scarce") said of money (WordNet: money, funds,
    income), the subject of its clause."""
    wordnet = _wordnet()
    if wordnet is None or tok.pos_ not in ("ADJ", "ADV") or tok.dep_ not in ("acomp", "ROOT", "advmod", "conj"):
        return False
    verb = tok.head if tok.dep_ != "ROOT" else tok
    subjects = [c for v in (verb, tok) for c in v.children if c.dep_ in ("nsubj", "nsubjpass")]
    # bare or the respondent's ("money's tight", "our money's tight"); "the money is tight" is a price judged
    if not any(word_is_kind(c.lemma_.lower().rstrip("s") if c.lower_.endswith("eys") else c.lemma_.lower(), "n",
                            _MONEY_ROOTS, 1) and not any(g.dep_ in ("det", "poss") and g.lower_ not in _FIRST_PERSON
                                                         for g in c.children) for c in subjects):
        return False
    for syn in wordnet.synsets(tok.lower_, "a"):
        similar = [wordnet.synset(p[1]) for p in syn.pointers if p[0] == "&"]
        if any(set(_SCARCE) & set(x.words) for x in [syn, *similar]):
            return True
    return False


# Adjectives of certainty, awareness or interest: denied, they hedge or decline ("I'm not sure", "not
# keen"), they say nothing of how someone is. A closed class of English, not the words of any domain.
_HEDGE_STATES = frozenset("sure certain convinced positive aware clear keen bothered interested".split())


def _denied(noun) -> bool:
    """Whether a noun is said to be absent: determined by "no" ("no more worry") or the object of
    "without" ("without the stress"), or said not to touch the respondent: the subject of a negated
    verb whose object is the respondent ("the clutter doesn't get to me", "it doesn't bother us")."""
    if any(c.dep_ == "det" and c.lower_ == "no" for c in noun.children) or (
            noun.dep_ == "pobj" and noun.head.lower_ == "without"):
        return True
    verb = noun.head
    if noun.dep_ != "nsubj" or not any(c.dep_ == "neg" for c in verb.children):
        return False
    objects = [c for c in verb.children if c.dep_ == "dobj"] + [
        g for c in verb.children if c.dep_ == "prep" for g in c.children if g.dep_ == "pobj"]
    return any(o.lower_ in ("me", "us") for o in objects)


def _hypothetical(tok) -> bool:
    """A verb said under a modal of what would or could happen ("I'd die if ...", "it would kill me"), or a
    noun or adjective predicated under one ("I'd be a zombie by Friday"): a hyperbole or a fear, not news of what
    happened; a bad thing still to come ("a disaster waiting to happen": a participle with an infinitive after
    it); a passing reaction that recurs ("I get dizzy when I spin round": "get" in the simple present with the
    occasion said)."""
    verb = tok.head if tok.dep_ in ("attr", "acomp") else tok
    if verb.pos_ in ("VERB", "AUX") and any(c.dep_ == "aux" and c.lower_ in _HYPOTHETICAL for c in verb.children):
        return True
    if any(c.dep_ == "acl" and c.tag_ == "VBG" and any(g.dep_ == "xcomp" and any(a.dep_ == "aux" and a.lower_ == "to"
                                                                                   for a in g.children)
                                                        for g in c.children) for c in tok.children):
        return True
    return tok.dep_ == "acomp" and verb.lemma_.lower() == "get" and verb.tag_ in ("VBP", "VBZ") and not any(
        c.dep_ == "aux" for c in verb.children) and any(c.dep_ in ("prep", "advcl") for c in verb.children)


_HYPOTHETICAL = frozenset("would 'd could might".split())


def _not_well(tok) -> bool:
    """A good state denied of a person ("she's not fine", "I'm not ok", "he isn't well"): a positive
    (VADER) predicate adjective with a negation whose clause's subject is a person pronoun or noun. Not a
    hedge ("I'm not sure") and not a state about something ("not keen on the app": a complement)."""
    if tok.lower_ in _HEDGE_STATES or any(c.dep_ in ("prep", "xcomp", "ccomp") for c in tok.children):
        return False
    if tok.dep_ == "advmod" and tok.head.lemma_ != "be":  # "he isn't well", not "I honestly haven't thought"
        return False
    head = tok.head if tok.dep_ in ("acomp", "advmod") else tok
    negated = any(c.dep_ == "neg" for c in list(head.children) + list(tok.children))
    return negated and _person_subject(head) and not any(c.dep_ in ("dobj", "xcomp", "ccomp") for c in head.children)


# A sentence trailing off ("she might not... you know. be here that long"): an ellipsis after a clause
# about a person that holds a modal or a negation, the sentence going on after it.
_TRAIL = re.compile(r"(?P<before>[^.!?…]*?)(?:\.{3,}|…)\s*(?P<after>[a-z][^.!?…]*)")
_TRAIL_WORDS = frozenset("not n't never might may could won't wouldn't can't".split())
_PEOPLE = frozenset("he she they his her their him them".split())


def veiled(answer: str) -> tuple[str, ...]:
    """The words of a painful thing said without saying it: a clause about someone that trails off
    into an ellipsis ("she might not... you know. be in the house that long"), or a clause with a
    negation closed by a bare "you know" ("some photos I'd rather not see, you know. from before").
    Both are how people hint at what hurts (aposiopesis); the words after the hint are included."""
    text = " ".join(answer.split())
    found: list[str] = []
    for m in _TRAIL.finditer(text):
        before = re.findall(r"[a-z']+", m.group("before").lower())
        after = re.findall(r"[a-z']+", m.group("after").lower())
        if set(before) & _PEOPLE and (set(before) & _TRAIL_WORDS or any(w.endswith("n't") for w in before)) \
                or _broken_off(before, after):
            found += before + re.findall(r"[a-z']+", m.group("after").lower())
            rest = text[m.end():]
            found += re.findall(r"[a-z']+", re.split(r"[.!?]", rest.lstrip(". "), maxsplit=1)[0].lower())
    for m in re.finditer(r"(?P<clause>[^.!?…]*?),?\s+you know\s*[.…]+\s*(?P<after>[a-z][^.!?…]*)?", text, re.I):
        clause = re.findall(r"[a-z']+", m.group("clause").lower())
        if set(clause) & _TRAIL_WORDS or any(w.endswith("n't") for w in clause):
            found += clause + re.findall(r"[a-z']+", (m.group("after") or "").lower())
    return tuple(dict.fromkeys(found))


def _broken_off(before: list[str], after: list[str]) -> bool:
    """A clause broken off where a person or a state should be named (aposiopesis): the words before
    the ellipsis end on a person ("since dad... well") or on a copula ("things have been... tight"),
    and what follows is no praise ("it's... fine actually" is a pause for a word, not a hint)."""
    from .grammar import closed, is_person_noun

    if not before or any(word_valence(w) > 0 for w in after if w not in closed().interjections):
        return False
    last = before[-1]
    return last in closed().copulas or last in _PEOPLE or (len(before) > 1 and is_person_noun(last))


# Verbs of a wish said by the respondent ("I'd love to ...", "I want to ..."): what the next sentence's
# elided verb phrase refers back to. A closed class of English.
_WISHING = frozenset("want wish hope like love".split())
# Verbs of having a span of time left, with "how long" / "however long" ("for however long she's got").
_TIME_LEFT = frozenset("get have leave".split())


def elided(answer: str) -> tuple[str, ...]:
    """The words of a painful thing told by leaving it out (ellipsis), read from the parse:

    - a sentence said twice in a row about a person (epizeuxis: "He was fine. He was fine. But ..."),
      with what follows it;
    - a verb phrase left out after a wish of the respondent's: someone close is the subject of a bare
      negated auxiliary ("I'd like to keep both my feet. My brother didn't.");
    - the time a person has left ("for however long she's got").
    """
    sents = [s for s in parse(" ".join(answer.split())).sents if any(t.is_alpha for t in s)]
    found: list[str] = []
    for k, sent in enumerate(sents):
        said = [t.lower_ for t in sent if t.is_alpha or "'" in t.text]
        if k and len(said) > 1 and said == [t.lower_ for t in sents[k - 1] if t.is_alpha or "'" in t.text] \
                and _person_subject(sent.root):
            found += said + [t.lower_ for s in sents[k + 1:k + 2] for t in s if t.is_alpha]
        if k and _bare_negated(sent.root) and _close_person(sent.root) and _wished(sents[k - 1]):
            found += said
        found += [t.lower_ for t in sent if t.lower_ == "long" and any(c.lower_ in ("how", "however") for c in t.children)
                  and _time_left(t)]
    return tuple(dict.fromkeys(found))


def _bare_negated(root) -> bool:
    """A negated auxiliary or "do" standing for a verb phrase said before ("didn't", "never did", "couldn't")."""
    return root.lemma_.lower() in ("do", "can", "could", "will", "would", "be", "have") and any(
        c.dep_ == "neg" for c in root.children) and not any(
        c.dep_ in ("dobj", "xcomp", "ccomp", "acomp", "attr", "prep", "advcl") for c in root.children)


def _close_person(verb) -> bool:
    """The verb's subject is someone close: a possessive person noun ("my brother") or a person pronoun."""
    from .grammar import is_person_noun

    return any(c.dep_ == "nsubj" and (c.lower_ in ("he", "she", "they") or is_person_noun(c.lemma_.lower()) and any(
        g.dep_ == "poss" for g in c.children)) for c in verb.children)


def _wished(sent) -> bool:
    """A sentence in which the respondent says a wish ("I'd like to ...", "I want to ...", "I'd love ...")."""
    return any(t.lemma_.lower() in _WISHING and t.pos_ == "VERB" and any(
        c.dep_ == "nsubj" and c.lower_ in _FIRST_PERSON for c in t.children) for t in sent)


def _time_left(long) -> bool:
    """"(how|however) long" of a verb of having or getting time, said of a person ("he's got", "she has left")."""
    verb = long.head.head if long.dep_ == "pobj" else long.head
    verb = next((v for v in [verb, *verb.children] if v.lemma_.lower() in _TIME_LEFT and v.pos_ == "VERB"), None)
    return verb is not None and any(c.dep_ in ("nsubj", "nsubjpass") and c.lower_ in _PEOPLE | {"i", "we"}
                                    for c in verb.children)


# Verbs of paying for things: denied by the respondent ("we can't afford it", "I couldn't pay"), money pressure.
_PAYING_ROOTS = frozenset({"afford", "pay"})
# A respondent who declines to say more ("I'll leave it at that", "it's complicated", "long story"): idioms of
# English, a closed class; what they held back is never probed.
_WITHHELD = re.compile(r"\b(?:leave it (?:at|there)|it'?s complicated|(?:a )?long story|rather not (?:go into|say)|"
                       r"(?:don'?t|do not) want to (?:go into|talk about) it)\b", re.I)
_LOCATIVE = frozenset("in at outside from".split())


def withheld(answer: str) -> tuple[str, ...]:
    """The words of ``answer`` that decline to say more: the idioms above ("I'd rather not say", "it's
    complicated"), and, read from the parse, a verb of saying (WordNet verb.communication, or "go into") that
    the respondent denies of "it"/"that" or of nothing ("I won't go into it", "I don't really talk about
    it"), or limits ("that's as much as I'll say", "that's all I'll say")."""
    text = " ".join(answer.split())
    found = [w.lower() for m in _WITHHELD.finditer(text) for w in m.group().split()]
    for tok in parse(text) if text else ():
        if tok.pos_ == "VERB" and _declines_to_say(tok):  # the verb's own words, not the clauses around it
            own = [tok, *(c for c in tok.children if c.dep_ in ("nsubj", "aux", "neg", "prt", "advmod"))]
            own += [t for c in tok.children if c.dep_ == "prep" for t in c.subtree]
            found += [t.lower_ for t in sorted(own, key=lambda t: t.i) if t.is_alpha or "'" in t.text]
    return tuple(dict.fromkeys(found))


_SAYING_FILE = "32"  # WordNet verb.communication
_SAID_OF = frozenset("it that".split())


def _declines_to_say(verb) -> bool:
    """A verb of saying whose subject is "I" and that is denied ("won't go into it", "don't talk about it") or
    limited ("as much as I'll say"), with nothing said of its own: no object or clause but "it"/"that"."""
    wordnet = _wordnet()
    lemma = verb.lemma_.lower()
    into = [c for c in verb.children if c.dep_ == "prep" and c.lower_ == "into"]
    saying = lemma == "go" and bool(into) or wordnet is not None and any(
        wordnet.lexfile(s) == _SAYING_FILE for s in wordnet.synsets(lemma, "v")[:1])
    if not saying or not any(c.dep_ == "nsubj" and c.lower_ == "i" for c in verb.children):
        return False
    said = [g for c in verb.children if c.dep_ == "prep" for g in c.children if g.dep_ == "pobj"] + [
        c for c in verb.children if c.dep_ in ("ccomp", "xcomp", "attr") and c.i > verb.i]
    if any(t.lower_ not in _SAID_OF for t in said) or any(c.dep_ == "dobj" for c in verb.children):
        return False  # "I won't say the price is bad": something is said after all; "can't justify it": a deed
    if any(c.dep_ == "aux" and c.lemma_.lower() in ("can", "could") for c in verb.children):
        return False  # "I can't say", "couldn't tell you": not knowing, not declining
    denied = any(c.dep_ == "neg" for c in verb.children)
    limited = verb.dep_ in ("advcl", "relcl") and verb.head.lower_ in ("much", "all") and any(
        c.dep_ == "aux" and c.tag_ == "MD" for c in verb.children)
    return denied or limited


def _gloss_words(lemma: str, senses: int) -> list[str]:
    """The words of the first clause of a noun's first glosses (WordNet)."""
    wordnet = _wordnet()
    if wordnet is None:
        return []
    return [w for syn in wordnet.synsets(lemma, "n")[:senses]
            for w in re.findall(r"[a-z]+", wordnet.gloss(syn).split(";")[0].lower())]


@lru_cache(maxsize=4096)
def _of_death(lemma: str) -> bool:
    """A noun whose first sense is defined through death (WordNet gloss: "a ceremony at which a dead person
    is buried"): an event that tells of a death without naming it ("we've had a funeral this week")."""
    return any(w == "dead" or word_is_kind(w, "v", _DEATH_ROOTS, 1) or word_is_kind(w, "n", frozenset({"death"}), 1)
               for w in _gloss_words(lemma, 1))


@lru_cache(maxsize=4096)
def _of_illness(lemma: str) -> bool:
    """A place defined, in one of its first two senses, as where the sick or injured are (WordNet gloss:
    "where sick or injured people are given medical care")."""
    return any(_unwell_word(w) for w in _gloss_words(lemma, 2))


def _a_sum(tok) -> bool:
    """A number counting money or an amount ("12 grand", "£500"): its head's first noun sense is a
    quantity or a unit of money (WordNet), or a currency sign goes with it."""
    if not tok.like_num:
        return False
    wordnet = _wordnet()
    head = tok.head
    if head.pos_ == "NUM":
        return False  # "eighty-one": a number with a number, an age or a count, no sum
    first = wordnet.synsets(head.lemma_.lower(), "n")[:1] if wordnet is not None and head.i != tok.i else ()
    return any(c.text in "£$€" for c in [*tok.children, *head.children]) or any(
        wordnet.lexfile(syn) == "23" or wordnet.is_kind_of(syn, {"monetary_unit", "money"}) for syn in first)


def hinted(answer: str) -> tuple[str, ...]:
    """Words of a hardship hinted at rather than named (read from the parse and WordNet glosses):

    - an event defined through death, had by the respondent ("we've had a funeral this week");
    - being at a place of the sick with someone close ("sat in the hospital car park with my dad");
    - paying denied by the respondent ("can't afford it", "couldn't pay"), or not having a sum ("I haven't
      got 12 grand sitting around");
    - declining to say more ("I'll leave it at that", "it's complicated").
    """
    from .grammar import is_person_noun

    text = " ".join(answer.split())
    found: list[str] = []
    for sent in parse(text).sents:
        mine = any(t.lower_ in _FIRST_PERSON for t in sent)
        close = any(t.pos_ == "NOUN" and is_person_noun(t.lemma_.lower()) and any(c.dep_ == "poss" for c in t.children)
                    for t in sent)
        for tok in sent:
            lemma = tok.lemma_.lower()
            if tok.pos_ == "NOUN" and mine and tok.dep_ in ("dobj", "nsubj", "attr", "pobj") and _of_death(lemma) \
                    and not _mentioned(tok) and not _said_of_anyone(tok) and not _hypothetical(tok):
                found.append(tok.lower_)  # (not "I'd be a zombie by Friday")
            place = tok.head if tok.dep_ == "compound" else tok
            if tok.pos_ == "NOUN" and close and place.dep_ == "pobj" and place.head.lower_ in _LOCATIVE \
                    and _of_illness(lemma):
                found.append(tok.lower_)
            negated = any(c.dep_ == "neg" for c in tok.children)
            if tok.pos_ == "VERB" and negated and mine and not _conditional(tok):
                able = any(c.dep_ == "aux" and c.lemma_.lower() in ("can", "could") for c in tok.children)
                if able and word_is_kind(lemma, "v", _PAYING_ROOTS, 1):
                    found.append(tok.lower_)  # "we couldn't afford it", not "I don't pay for parking"
                elif lemma in ("have", "get") and any(c.dep_ == "nsubj" and c.lower_ in _FIRST_PERSON for c in tok.children) \
                        and any(_a_sum(t) and tok in (t.head.head, t.head.head.head) for t in tok.subtree):
                    found.append(tok.lower_)  # a sum they have not got
    found += list(withheld(text))
    doc = parse(text)
    return tuple(dict.fromkeys(found + landmarks(text) + _time_they_had(doc) + _meant_more(doc)))


def _said_of_anyone(noun) -> bool:
    """A noun in a clause whose subject is the generic "you" ("that's how you find out, otherwise you miss the
    funeral"): said of anyone, no news of the respondent's."""
    verb = noun.head
    while verb.pos_ not in ("VERB", "AUX") and verb.head.i != verb.i:
        verb = verb.head
    return any(c.dep_ == "nsubj" and c.lower_ == "you" for c in verb.children)


def _mentioned(noun) -> bool:
    """A singular noun with no determiner or owner ("a tab with funeral written on it", "the app says
    funeral"): English needs one before a countable event, so the bare word is named, not told of."""
    return noun.tag_ == "NN" and not any(c.dep_ in ("det", "poss", "nummod", "amod", "compound") for c in noun.children)


# Prepositions and conjunctions that set a time from which life changed ("since the stroke", "till the
# payments stopped"): a closed class of English.
_FROM_THEN = frozenset("since till until after".split())
# WordNet roots of a livelihood: a shop or a business, a job, an income or the payments one makes.
_LIVELIHOOD_ROOTS = frozenset({"establishment", "business", "enterprise", "occupation", "job", "income", "payment",
                               "financial_gain", "employment"})
# WordNet roots of verbs of ending ("closed", "stopped", "shut", "ceased", "ended").
_ENDING_ROOTS = frozenset({"end", "stop", "close", "discontinue", "cease", "fail"})
_LANDMARK_SENSES = 3


def _stopped_since(since) -> bool:
    """A bare "since" (no object, no clause) on a verb the respondent denies ("I haven't been since")."""
    verb = since.head
    return since.dep_ == "advmod" and not any(c.dep_ in ("pobj", "pcomp") for c in since.children) and any(
        c.dep_ == "neg" for c in verb.children) and any(
        c.dep_ == "nsubj" and c.lower_ in _FIRST_PERSON for c in verb.children)


def _shared_habit(sent) -> bool:
    """A habit of the past ("used to") shared with someone close: an owned person noun in the sentence."""
    used = any(t.lemma_.lower() == "use" and t.tag_ == "VBD" and any(c.dep_ == "xcomp" for c in t.children) for t in sent)
    return used and any(_owned_person(t) for t in sent if t.pos_ in ("NOUN", "PROPN"))


_MEDICAL_SENSES = 3


@lru_cache(maxsize=4096)
def _medical(lemma: str) -> bool:
    """A noun one of whose first senses, or a verb derived from it, WordNet files under the topic of medicine or
    surgery ("diagnosis": "diagnose", subject to a medical analysis; "treatment"; "operation"): an event of ill
    health when life is dated from it ("since the diagnosis")."""
    wordnet = _wordnet()
    if wordnet is None:
        return False

    def topic(syn) -> bool:
        return any(sym == ";c" and wordnet.is_kind_of(wordnet.synset(key), frozenset({"medicine"}))
                   for sym, key, _, _ in syn.pointers)

    return any(topic(syn) or any(sym == "+" and topic(wordnet.synset(key)) for sym, key, _, _ in syn.pointers)
               for syn in wordnet.synsets(lemma, "n")[:_MEDICAL_SENSES])


def landmarks(text: str) -> list[str]:
    """Words of a hardship told as the time from which life changed (read from the parse and WordNet):

    - "since"/"after" followed by a noun (its determiners and modifiers skipped) that names a hardship in
      one of its first senses counted as for something had ("since the stroke", "after his fall", "since the
      divorce"), said by the respondent or of someone close;
    - "since"/"till"/"until" opening a clause whose verb is one of ending and whose subject names a livelihood
      ("since the shop closed", "till the payments stopped going out", "since my job ended");
    - "not since" / "never since" alone: the event left out (aposiopesis: "we don't go away any more. not since.").
    """
    found: list[str] = []
    sents = list(parse(text).sents)
    for n, sent in enumerate(sents):
        toks = list(sent)
        for k, tok in enumerate(toks):
            if tok.lower_ not in _FROM_THEN:
                continue
            if tok.lower_ == "since" and any(c.dep_ == "neg" or c.lower_ == "never" for c in tok.children) \
                    and not any(c.dep_ in ("pobj", "pcomp") for c in tok.children):
                # what stopped since is said around it ("we don't go away any more. not since.")
                found += [t.lower_ for s in sents[max(n - 1, 0):n + 2] for t in s if t.is_alpha]
                continue
            if _stopped_since(tok) and any(_shared_habit(s) for s in sents[:n + 1]):
                # "we used to go with my wife. I haven't been since.": what ended the habit is left out
                found += [t.lower_ for s in sents[max(n - 1, 0):n + 1] for t in s if t.is_alpha]
                continue
            if tok.lower_ in ("since", "after") and _close_one_alone(tok, toks[k + 1:]):
                found += [t.lower_ for t in toks[k:] if t.is_alpha]  # "since her mum.": what happened left out
                continue
            if tok.lower_ == "since" and _on_their_own(tok):
                found += [t.lower_ for t in tok.head.subtree if t.is_alpha]  # "since I've been on my own"
                continue
            after = [t for t in toks[k + 1:k + 5] if t.pos_ not in ("DET", "ADJ") and t.dep_ != "poss"
                     and t.lower_ != "'s"]
            noun = after[0] if after and after[0].pos_ == "NOUN" else None
            if noun is not None and tok.lower_ in ("since", "after") and (_noun_is_hardship(
                    noun.lemma_.lower(), _HAVING_SENSES) or _medical(noun.lemma_.lower())) and _close_to_respondent(noun, sent):
                found.append(noun.lower_)
            verb = tok.head if tok.dep_ == "mark" else None
            if verb is not None and verb.pos_ == "VERB" and word_is_kind(verb.lemma_.lower(), "v", _ENDING_ROOTS, _LANDMARK_SENSES):
                subject = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
                if any(word_is_kind(c.lemma_.lower(), "n", _LIVELIHOOD_ROOTS, 1) for c in subject):
                    found += [c.lower_ for c in subject] + [verb.lower_]
    return found


def _close_one_alone(since, rest) -> bool:
    """"since her mum", "after my dad": the object of "since"/"after" is someone close (a WordNet relative, bare or
    owned, or a person noun with an owner) and nothing follows it in the sentence: the event that dates the change
    is left out (aposiopesis). "since my mum's visit" names the event; "since my mum came" is a clause."""
    from .grammar import is_person_noun

    said = [t for t in rest if t.is_alpha or "'" in t.text]
    obj = [c for c in since.children if c.dep_ == "pobj"]
    if not obj or not said or said[-1].i != obj[0].i:
        return False
    noun = obj[0]
    owned = any(c.dep_ == "poss" for c in noun.children)
    return all(c.dep_ in ("poss", "det") for c in noun.children) and noun.pos_ == "NOUN" and (
        _kin(noun) or owned and is_person_noun(noun.lemma_.lower()))


def _on_their_own(since) -> bool:
    """"since I've been on my own", "since we were alone": "since" opening a clause of "be" whose subject is the
    respondent and whose complement is being alone ("on my own", or an adjective WordNet has as "alone"): living
    alone dated from a change, a loss left unsaid. "I can manage on my own" (no "since") is none."""
    verb = since.head if since.dep_ == "mark" else None
    if verb is None or verb.lemma_ != "be" or not any(c.dep_ == "nsubj" and c.lower_ in _FIRST_PERSON for c in verb.children):
        return False
    own = any(c.dep_ == "prep" and c.lower_ == "on" and any(g.lower_ == "own" and any(
        p.dep_ == "poss" and p.lower_ in _FIRST_PERSON for p in g.children) for g in c.children) for c in verb.children)
    alone = any(c.dep_ == "acomp" and c.lower_ == "alone" for c in verb.children)
    return own or alone


# Prepositions after which a stretch of time someone "has had" is a hard one ("not after the year she's had",
# "after the week I've had"): a closed class of English. ("with the summer we've had" is as often the weather.)
_AFTER_WHAT = frozenset("after since".split())


def _time_they_had(doc) -> list[str]:
    """"not after the year she's had", "after the week I've had": a WordNet stretch of time, the object of "after"
    or "since", qualified only by a relative clause of "have" said of a person, with nothing else in it (the
    idiom of a hard time, its hardship unsaid). "the year I had in Kyoto" says where; "I loved the year we had" is
    no object of those."""
    found = []
    for tok in doc:
        if tok.pos_ != "NOUN" or tok.dep_ != "pobj" or tok.head.lower_ not in _AFTER_WHAT:
            continue
        if not word_is_kind(tok.lemma_.lower(), "n", frozenset({"time_period", "time_unit"}), 2):
            continue
        # (the clause straight after the noun, wherever the parser hung it: "not after the year she's had" is often
        # hung on an earlier "anything")
        rel = [c for c in tok.children if c.dep_ == "relcl" and c.lemma_.lower() == "have"] or [
            t for t in doc[tok.i + 1:tok.i + 5] if t.dep_ == "relcl" and t.lemma_.lower() == "have"
            and min(x.i for x in t.subtree) == tok.i + 1]
        if not rel or not any(c.dep_ == "det" and c.lower_ == "the" for c in tok.children):
            continue
        # ("she's had" is often parsed as a passive: "'s" an auxiliary of it)
        if all(c.dep_ in ("nsubj", "nsubjpass", "aux", "auxpass") for c in rel[0].children) and any(
                c.dep_ in ("nsubj", "nsubjpass") and c.lower_ in _PERSON_PRONOUNS | _FIRST_PERSON for c in rel[0].children):
            found += [t.lower_ for t in tok.subtree if t.is_alpha or "'" in t.text]
    return found


# "if you follow me", "if you see what I mean", "if you get my drift": an English idiom (a closed class) by which a
# speaker says more is meant than said.
_MEANT = re.compile(r"\bif you (?:follow|get|see|know|catch|understand) (?:me|my drift|what i mean)\b", re.I)


def _meant_more(doc) -> list[str]:
    """A negated clause closed by "if you follow me" ("The last tenant didn't exactly move out, if you follow me"):
    a thing left unsaid on purpose (litotes and an appeal to understand). Without a negation ("it's pricey, if
    you follow me") nothing is held back."""
    found = []
    for sent in doc.sents:
        m = _MEANT.search(sent.text)
        if not m:
            continue
        before = [t for t in sent if t.idx < sent.start_char + m.start()]
        if any(t.dep_ == "neg" or t.lower_ in ("never", "didnae", "cannae", "wasnae") for t in before):
            found += [t.lower_ for t in sent if t.is_alpha or "'" in t.text]
    return found


@lru_cache(maxsize=512)
def disclosed_hardship(answer: str) -> tuple[str, ...]:
    """The words of ``answer`` that disclose a painful or sensitive matter of the respondent or someone
    close (an illness, a death, money trouble, stress); () when there is none."""
    from .grammar import respelled, restore_its

    text = restore_its(respelled(" ".join(answer.split())))  # ("its just me n mum": chat spelling written out)
    if not text:
        return ()
    said = tuple(t.lower_ for sent in parse(text).sents for t in hardship_tokens(sent))
    from .grammar import closed

    c = closed()
    hints = tuple(w for w in veiled(text) + elided(text) + hinted(text) if w not in _FUNCTION and w not in c.function_words
                   and w not in c.subject_contractions and w not in c.determiners and w not in c.prepositions)
    return said + tuple(w for w in hints if w not in said)


def mentions_hardship(text: str, answer: str) -> bool:
    """Whether ``text`` (a topic or label from ``answer``) holds one of the answer's hardship words."""
    words = set(disclosed_hardship(answer))
    return bool(words) and any(w.strip(".,!?'\"").lower() in words for w in text.split())
