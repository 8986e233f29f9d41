"""Syntactic roles of a label's content words, from the shared spaCy parse, for the guard by role.

Two labels are opposites only when the words that contrast stand in the *same place* of the two
phrases: "morning / evening classes" (both modify the aligned head "classes"), "hide / see my location"
(both are the head of the aligned "my location"), "can / can't park nearby" (the negation sits on the
aligned verb). A shared word alone is not enough: in "saves money" / "costs me less" the "less" bears
on "costs", which nothing in the other label matches, and in "clean changing rooms" / "spotless locker
rooms" the "-less" of "spotless" negates "spot", not "rooms".

:func:`label_syntax` maps the parse onto the label's content words (``LabelKey.words``): per word its
coarse part of speech, whether it is the root and the index of its syntactic head among the content
words; per negation the content words in its scope. A word the parse cannot be matched to has no role
(``None``), and a test about it then answers as the word-level guard did (the guard stays on).
Pure functions of the label; :func:`label_syntax` is cached per label, and the parse is the shared one
(:func:`interview_core.text.parse.parse`, itself cached per text).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .text import is_contraction_negation, less_adjective, numbers, stem

# Coarse parts of speech: a contrast needs the two differing words to be the same kind of word.
_COARSE = {"NOUN": "NOUN", "PROPN": "NOUN", "PRON": "NOUN", "NUM": "NOUN", "VERB": "VERB", "AUX": "VERB",
           "ADJ": "ADJ", "ADV": "ADV"}
WORDNET_POS = {"NOUN": "n", "VERB": "v", "ADJ": "a", "ADV": "r"}  # coarse part of speech -> WordNet's
ROOT = -1  # head index of the root
OUTSIDE = -2  # the head is a function word ("feel" in "feel proud"): compared by lemma


@dataclass(frozen=True)
class Role:
    """A content word's place in its label: coarse part of speech; ``head``, its nearest content-word
    ancestor (index into the content words), :data:`ROOT` for the root, :data:`OUTSIDE` when only
    function words lie above it; ``via``, the lemmas of the function words between ("family" in "share
    with family": head "share", via ("with",)); the immediate head's lemma and the word's own lemma."""

    pos: str
    head: int
    head_lemma: str
    lemma: str
    via: tuple[str, ...] = ()
    dep: str = ""  # the parser's dependency label ("compound", "amod", "conj", "pobj", ...)
    tag: str = ""  # the fine part-of-speech tag ("JJR": a comparative adjective)
    passive: bool = False  # a verb with a passive auxiliary or a "by" agent ("impressed by it"), whatever its tag
    modality: str = ""  # a verb's modal meaning (:data:`MODALITY`): "ability" ("can steer"), "obligation" ("have to steer")


@dataclass(frozen=True)
class LabelSyntax:
    """``roles`` runs parallel to the label's content words (``None``: not found in the parse);
    ``negations`` holds, per negation in the label, the content-word indices in its scope (the negated
    word and its dependents; empty when the scope reaches no content word) and, for a "-less" adjective,
    the stem it negates ("spotless" -> "spot"), else ``None``."""

    roles: tuple[Role | None, ...]
    negations: tuple[tuple[frozenset[int], str | None], ...]
    # (person, verb lemma, doer?) of each personal pronoun that is an argument of a verb: "I beat my dad"
    # has ("1s", "beat", True), "my dad beat me" ("1s", "beat", False). Pronouns are no content words, so
    # the roles above never show who does what to whom among "I", "you", "we", ...
    pronouns: frozenset[tuple[str, str, bool]] = frozenset()
    # (owner, noun lemma) of each possessor (:func:`_owners`): "our cat ruined their sofa" has ("1p", "cat") and
    # ("3p", "sofa"), "the roofer's car" ("n:roofer", "car"); whose a thing is changes what the label names as
    # much as who does what.
    owners: frozenset[tuple[str, str]] = frozenset()
    # The question words that open a clause ("knowing when the lock opens": ("when",)), by their tags (WDT,
    # WP, WP$, WRB): a closed class of English grammar, each asking about another thing.
    questions: tuple[str, ...] = ()
    # (participant, predicate lemma, holder?) read from the parse (:func:`_frames`): who is in a state and what it
    # bears on ("in control of my money": ("1", "control", True), ("n:money", "control", False)), who does a verb
    # and who undergoes it ("my money controlling me": ("n:money", "control", True), ("1", "control", False)).
    frames: frozenset[tuple[str, str, bool]] = frozenset()
    # (participant, verb lemma, doer?) of every verb of the whole label, read from the parse (:func:`participants`):
    # unlike ``frames`` also a subject without an object, a participant brought in by a preposition, and the speaker
    # who does a label-opening gerund or infinitive with no subject ("looking after my parents": ("S", "look", True)).
    participants: frozenset[tuple[str, str, bool]] = frozenset()
    # The direction of degree the whole label is said in (:func:`degree`): "up" ("more"), "down" ("less", "fewer",
    # "lower"), "" for neither or both.
    degree: str = ""

    @property
    def root(self) -> int | None:
        """Index of the root among the content words, or None (the root is a function word)."""
        return next((i for i, r in enumerate(self.roles) if r is not None and r.head == ROOT), None)


# Personal pronouns by person and number (a closed class of English grammar); "you" is one person either way.
PERSONS = {"i": "1s", "me": "1s", "myself": "1s", "we": "1p", "us": "1p", "ourselves": "1p", "you": "2",
           "yourself": "2", "yourselves": "2", "he": "3m", "him": "3m", "himself": "3m", "she": "3f", "her": "3f",
           "herself": "3f", "they": "3p", "them": "3p", "themselves": "3p"}
OWNERS = {"my": "1s", "our": "1p", "your": "2", "his": "3m", "her": "3f", "its": "3n", "their": "3p"}
QUESTION_TAGS = frozenset({"WDT", "WP", "WP$", "WRB"})
# What a modal says of the verb it governs (a closed class of English grammar): able or allowed to do it, as
# against made to do it. A modal auxiliary ("can steer"), or a verb or adjective taking the verb as a
# "to"-complement ("have to steer", "able to steer").
MODALITY = {"can": "ability", "could": "ability", "able": "ability", "must": "obligation", "should": "obligation",
            "ought": "obligation", "have": "obligation", "need": "obligation"}
OBJECTS = frozenset({"dobj", "nsubjpass", "dative", "iobj"})
PASSIVE = frozenset({"auxpass", "agent", "nsubjpass"})  # a verb with one of these children is passive


def doer(dep: str, via: tuple[str, ...], passive_head: bool, passive: bool = False) -> bool | None:
    """Whether an argument of a verb is its doer (an active subject, the "by" phrase of a passive), True;
    one the verb is done to or for (an object, a passive subject, the object of another preposition),
    False; None for anything else. ``passive_head``: the verb is a past participle or passive;
    ``passive``: it has a passive auxiliary or a "by" agent, so even a subject the parser calls active
    is the one it is done to ("the craftsman impressed by it")."""
    if dep == "nsubj" and passive:
        return False
    if dep == "nsubj" or dep == "pobj" and via[:1] == ("by",) and (passive_head or passive):
        return True
    if dep in OBJECTS or dep == "pobj" and via:
        return False
    return None


def is_passive(tok) -> bool:
    """Whether a verb token is passive: a passive auxiliary, subject or "by" agent among its children."""
    return any(c.dep_ in PASSIVE for c in tok.children)


def _predicate(head) -> str:
    """The lemma a pronoun's role is read against: the verb, or for a copula the adjective it links
    ("me being proud of my nephew": "proud", as in "my nephew being proud of me")."""
    if head.lemma_.lower() == "be":
        comp = next((c for c in head.children if c.dep_ in ("acomp", "attr") and c.pos_ == "ADJ"), None)
        if comp is not None:
            return comp.lemma_.lower()
    return head.lemma_.lower()


def _made_to(subject) -> bool:
    """Whether a subject is that of a bare verb complement ("me" in "helps me wake up"): made to do it by the verb
    above as much as doing it."""
    return subject.head.tag_ == "VB" and subject.head.dep_ in ("ccomp", "xcomp")


def _pronouns(doc) -> frozenset[tuple[str, str, bool]]:
    out = set()
    for tok in doc:
        person = PERSONS.get(tok.lower_)
        if person is None or tok.tag_ != "PRP":
            continue
        head, via = tok.head, ()
        if tok.dep_ == "pobj" and head.pos_ == "ADP":
            head, via = head.head, (head.lower_,)
        if head.i == tok.i:
            continue
        if head.pos_ == "ADJ" and via:  # "proud of me": the one the feeling is about
            out.add((person, head.lemma_.lower(), False))
            continue
        if head.pos_ not in ("VERB", "AUX"):
            continue
        if tok.dep_ == "nsubj" and _made_to(tok):
            continue  # "helps me wake up": made to do it by the verb above as much as doing it ("wakes me up")
        role = doer(tok.dep_, via, head.tag_ == "VBN", is_passive(head))
        if role is not None:
            out.add((person, _predicate(head), role))
    return frozenset(out)


def _participant(tok) -> str | None:
    """Who a token names for :func:`_frames`: the person of a first- or third-person pronoun ("1", "3"), ``"n:" +
    lemma`` for a noun, else None ("you" may be anyone)."""
    if tok.tag_ == "PRP":
        person = PERSONS.get(tok.lower_)
        return person[0] if person is not None and person[0] in "13" else None
    return f"n:{tok.lemma_.lower()}" if tok.pos_ in ("NOUN", "PROPN") else None


def _subject(tok):
    """The subject child of a token, or None."""
    return next((c for c in tok.children if c.dep_ in ("nsubj", "nsubjpass")), None)


def _acting_noun(tok) -> bool:
    """Whether a verb is a present participle with an object modifying the noun before it, and so done by that noun
    ("the judges impressing me": the judges impress); without an object the noun may be the one it happens to."""
    return (tok.dep_ == "acl" and tok.tag_ == "VBG" and tok.head.i < tok.i and _subject(tok) is None
            and any(c.dep_ == "dobj" for c in tok.children))


def _frames(doc) -> frozenset[tuple[str, str, bool]]:
    """(participant, predicate lemma, holder?) of each state in "in N of Y" and each verb with its arguments named
    (:attr:`LabelSyntax.frames`). "in N of Y" (a closed construction of English: "in control of", "in charge
    of"): the one in the state, the subject of the clause "in" hangs from, a noun it hangs from, or the speaker
    when there is none, holds it; Y is what it bears on. A verb: its active subject or its "by" agent does it,
    its object or passive subject undergoes it, and a noun a present participle with an object modifies does it
    (:func:`_acting_noun`). The subject of a verb without an object gives nothing: it may be the one the verb
    happens to ("the dog settles" / "settling the dog")."""
    out = set()
    for tok in doc:
        if tok.dep_ == "pobj" and tok.head.lower_ == "in" and tok.pos_ == "NOUN":
            held = [g for c in tok.children if c.dep_ == "prep" and c.lower_ == "of"
                    for g in c.children if g.dep_ == "pobj"]
            up = tok.head.head
            subject = up if up.pos_ in ("NOUN", "PROPN", "PRON") and up.i != tok.head.i else _subject(up)
            holder = "1" if subject is None else _participant(subject)
            for x, role in ((holder, True), *((_participant(g), False) for g in held)):
                if x is not None and held:
                    out.add((x, tok.lemma_.lower(), role))
        elif tok.pos_ == "VERB":
            passive = is_passive(tok)
            if _acting_noun(tok) and (x := _participant(tok.head)) is not None:
                out.add((x, tok.lemma_.lower(), True))
            for c in tok.children:
                if c.dep_ == "agent":
                    c, role = next((g for g in c.children if g.dep_ == "pobj"), None), True
                elif c.dep_ == "nsubj" and (_made_to(c) or not any(d.dep_ == "dobj" for d in tok.children)):
                    continue  # without an object the subject may be the one it happens to ("the dog settles")
                elif c.dep_ in ("nsubj", "nsubjpass", "dobj"):
                    role = c.dep_ == "nsubj" and not passive
                else:
                    continue
                x = None if c is None else _participant(c)
                if x is not None:
                    out.add((x, tok.lemma_.lower(), role))
    return frozenset(out)


SPEAKER = "S"  # the respondent: "I", "we", and "you" (in a respondent's label, "you" is one like them)
IMPLIED = "3"  # the doer a finite verb with no subject implies ("moves the furniture for you": the firm)
AGENT_FREE = frozenset({"nsubj", "nsubjpass", "agent", "auxpass", "csubj", "expl"})
# Degree words of English (a closed class): the more of something, or the less.
UP = frozenset({"more", "most"})
NEGATING = frozenset({"no", "not", "never", "without", "nothing", "none", "nobody", "hardly", "barely", "neither",
                      "nor"})
DOWN = frozenset({"less", "least", "fewer", "fewest", "lower", "lowest", "reduce", "reduces", "reduced", "reducing"})


def _who(tok) -> str | None:
    """A participant of :func:`participants`: :data:`SPEAKER` for a first- or second-person pronoun, the person
    ("3") of a third-person one, ``"n:" + lemma`` for a noun, else None."""
    if tok.tag_ == "PRP":
        person = PERSONS.get(tok.lower_)
        return None if person is None else SPEAKER if person[0] in "12" else "3"
    return f"n:{tok.lemma_.lower()}" if tok.pos_ in ("NOUN", "PROPN") else None


def _speaker_opens(tok) -> bool:
    """Whether a verb with no subject is done by the speaker: a gerund or bare verb that opens the label ("looking
    after my parents", "learn to steer") or is the "to"-complement of one ("learning to feed them")."""
    if tok.tag_ not in ("VBG", "VB") or any(c.dep_ in AGENT_FREE for c in tok.children):
        return False
    if tok.dep_ == "ROOT":
        return tok.i == next((t.i for t in tok.doc if not t.is_punct), tok.i)
    return tok.dep_ == "xcomp" and tok.head.pos_ == "VERB" and _speaker_opens(tok.head)


def participants(doc) -> frozenset[tuple[str, str, bool]]:
    """(participant, verb lemma, doer?) of each verb of the whole label (:attr:`LabelSyntax.participants`): its
    active subject or "by" agent does it; its object, passive subject or the object of a preposition other than
    "by" or "with" ("for you", "after me") is the one it is done to or for; a bare pronoun object beside another
    ("saves me time": what it gives me) is neither. A verb with no subject is done by the speaker when it opens the
    label (:func:`_speaker_opens`), by someone else (:data:`IMPLIED`) when it is a finite present ("moves the
    furniture for you")."""
    out = set()
    for tok in doc:
        if tok.pos_ != "VERB":
            continue
        lemma, passive = tok.lemma_.lower(), is_passive(tok)
        for c in tok.children:
            if c.dep_ == "nsubj" and _made_to(c):
                continue  # "helps me wake up": made to do it as much as doing it
            if c.dep_ == "nsubj":
                found = [(c, not passive)]
            elif c.dep_ in ("nsubjpass", "dobj"):
                found = [(c, False)]
            elif c.pos_ == "ADP" and c.lower_ not in ("with", "like", "as"):
                found = [(g, c.dep_ == "agent" or c.lower_ == "by") for g in c.children if g.dep_ == "pobj"]
            else:
                continue
            for g, role in found:
                if (x := _who(g)) is not None:
                    out.add((x, lemma, role))
        if _speaker_opens(tok):
            out.add((SPEAKER, lemma, True))
        elif tok.tag_ == "VBZ" and not any(c.dep_ in AGENT_FREE for c in tok.children):
            out.add((IMPLIED, lemma, True))
    return frozenset(out)


def degree(doc) -> str:
    """The direction of degree a label is said in: "up" for "more", "most", "down" for "less", "fewer", "lower",
    "reduce" (:data:`DOWN`), "" for neither, both, or a negation in the label ("no more back pain"). A comparative
    in "-er" says nothing alone: "cheaper" is less cost, "steadier" less clumsy."""
    up = down = False
    for t in doc:
        low = t.lower_
        if t.dep_ == "neg" or low in NEGATING or is_contraction_negation(low):
            return ""  # "no more back pain": the degree turned by a negation
        if low in DOWN:
            down = True
        elif low in UP and t.pos_ in ("ADJ", "ADV"):
            up = True
    return "up" if up and not down else "down" if down and not up else ""


def _modality(tok) -> str:
    """The modal meaning (:data:`MODALITY`) a verb token is said with, "" for none: a modal auxiliary among
    its children ("can steer"), or a head it is the "to"-complement of ("have to steer", "able to steer")."""
    for c in tok.children:
        if c.tag_ == "MD" and c.lemma_.lower() in MODALITY:
            return MODALITY[c.lemma_.lower()]
    if tok.dep_ == "xcomp" and any(c.tag_ == "TO" for c in tok.children):
        return MODALITY.get(tok.head.lemma_.lower(), "")
    return ""


def _owners(doc) -> frozenset[tuple[str, str]]:
    """(owner, noun lemma) of each possessor: a person code for a possessive determiner ("our cat": ("1p",
    "cat")), ``"n:" + lemma`` for a noun in the possessive ("the roofer's car": ("n:roofer", "car"))."""
    out = set()
    for t in doc:
        if t.dep_ != "poss" or t.head.i == t.i:
            continue
        if t.lower_ in OWNERS and t.tag_ == "PRP$":
            out.add((OWNERS[t.lower_], t.head.lemma_.lower()))
        elif t.pos_ in ("NOUN", "PROPN"):
            out.add((f"n:{t.lemma_.lower()}", t.head.lemma_.lower()))
    return frozenset(out)


def _is_negation(tok, negators: frozenset[str]) -> bool:
    low = tok.lower_
    if low == "few" and any(t.lower_ == "a" for t in (*tok.children, tok.doc[max(0, tok.i - 1)])):
        return False  # "a few kilos": some, not few
    if tok.dep_ == "neg" or is_contraction_negation(low) or low in negators or less_adjective(low) is not None:
        return True
    # "grain-free": the adjective "free" after a hyphen negates the word before it; so does "free" written
    # after a noun it does not modify ("streak free windows", "stress free"): see :func:`_free_after`.
    return low == "free" and (tok.i >= 2 and tok.doc[tok.i - 1].text == "-" or _free_after(tok) is not None)


def _free_after(tok):
    """The token a spaced "-free" compound negates ("streak" in "streak free windows"), or None: "free"
    right after a noun-like word that is not a function word ("for free", "feel free", "is free" and
    "free parking" are no such compound)."""
    if tok.i < 1 or tok.lower_ != "free":
        return None
    prev = tok.doc[tok.i - 1]
    if not prev.is_alpha or prev.is_stop or prev.pos_ not in ("NOUN", "PROPN", "VERB"):
        return None
    return prev


def _scope(tok):
    """The tokens a negation bears on: for a negating word that heads something ("without sugar", "avoid
    queues", "nothing artificial") its own subtree; otherwise its head's subtree ("not sweet", "no
    contract", "less choice", "costs me less"); "-free" bears on the word before the hyphen."""
    if tok.lower_ == "free" and tok.i >= 2 and tok.doc[tok.i - 1].text == "-":
        return [tok.doc[tok.i - 2]]
    if (prev := _free_after(tok)) is not None:
        return [prev]
    if less_adjective(tok.lower_) is not None:
        return []  # its stem is compared by the caller ("spotless" negates "spot", not "spotless")
    if tok.lower_ == "no" and tok.head.lower_ == "one" and tok.head.head.i != tok.head.i:
        return list(tok.head.head.subtree)  # "no one was late": the clause "no one" is in, as for "nobody"
    if any(True for _ in tok.children) and tok.dep_ not in ("neg", "det", "advmod", "amod"):
        return list(tok.subtree)
    return list(tok.head.subtree) if tok.head.i != tok.i else list(tok.subtree)


def build(doc, words: tuple[str, ...], negators: frozenset[str]) -> LabelSyntax:
    """Roles of ``words`` (the label's content words in order, lower case) in the parsed ``doc``."""
    index: dict[int, int] = {}  # token index -> content-word index
    used = set()
    for wi, w in enumerate(words):
        tok = next((t for t in doc if t.i not in used and t.lower_.replace("\u2019", "'") == w), None)
        if tok is not None:
            used.add(tok.i)
            index[tok.i] = wi
    roles: list[Role | None] = [None] * len(words)
    for ti, wi in index.items():
        tok = doc[ti]
        up, via = tok, []
        while up.head.i != up.i and up.head.i not in index:
            up = up.head
            via.append(up.lemma_.lower())
        head = ROOT if tok.head.i == tok.i else (index[up.head.i] if up.head.i != up.i else OUTSIDE)
        verb = tok.pos_ in ("VERB", "AUX")
        roles[wi] = Role(_COARSE.get(tok.pos_, "OTHER"), head, tok.head.lemma_.lower(), tok.lemma_.lower(), tuple(via),
                         tok.dep_, tok.tag_, verb and is_passive(tok), _modality(tok) if verb else "")
    negations: list[tuple[frozenset[int], str | None]] = []
    for tok in doc:
        if _is_negation(tok, negators):
            inner = less_adjective(tok.lower_)
            scope = frozenset(index[t.i] for t in _scope(tok) if t.i in index)
            if not scope and inner is None and tok.pos_ == "ADP" and tok.head.i in index:
                scope = frozenset({index[tok.head.i]})  # "performing without them": the performing negated
            negations.append((scope, stem(inner) if inner is not None else None))
    return LabelSyntax(tuple(roles), tuple(negations), _pronouns(doc), _owners(doc),
                       tuple(t.lower_ for t in doc if t.tag_ in QUESTION_TAGS), _frames(doc), participants(doc), degree(doc))


@lru_cache(maxsize=65536)
def label_syntax(label: str, words: tuple[str, ...], negators: frozenset[str]) -> LabelSyntax | None:
    """The roles of ``label``'s content ``words`` from the shared parse, or None when the parser is not
    installed (the guard then works on words alone, as before)."""
    try:
        from interview_core.text.parse import ParserUnavailable, parse
    except ImportError:  # pragma: no cover - the module ships with the package
        return None
    try:
        doc = parse(label)
    except ParserUnavailable:
        return None
    return build(doc, words, negators)


def chain(s: LabelSyntax, k: int) -> set[int]:
    """``k`` and its content-word ancestors."""
    out = set()
    while k >= 0 and k not in out:
        out.add(k)
        r = s.roles[k]
        k = r.head if r is not None else ROOT
    return out


def heads_aligned(sa: LabelSyntax, i: int, sb: LabelSyntax, j: int, pairs: dict[int, int]) -> bool:
    """True when word ``i`` of one label and word ``j`` of the other stand in aligned roles: both roots;
    heads that the word alignment matched (``pairs``: index in a -> index in b) or that share a lemma
    ("feel proud" / "feel guilty"); or each heads a word aligned with a word the other heads ("hide my
    location" / "see my location"). Unknown roles count as aligned (the guard stays on)."""
    ra, rb = sa.roles[i], sb.roles[j]
    if ra is None or rb is None:
        return True
    if ra.head == ROOT and rb.head == ROOT:
        return True
    if ra.head >= 0 and rb.head >= 0:
        # The heads match, or one head matches an ancestor of the other: a noun compound's attachment is
        # ambiguous ("morning story time": "morning" on "time"; "evening story time": on "story").
        back = {v: k for k, v in pairs.items()}
        if pairs.get(ra.head) in chain(sb, rb.head) or back.get(rb.head) in chain(sa, ra.head):
            return True
    if ra.head != ROOT and rb.head != ROOT and ra.head_lemma == rb.head_lemma:
        return True
    deps_a = {k for k, r in enumerate(sa.roles) if r is not None and r.head == i}
    deps_b = {k for k, r in enumerate(sb.roles) if r is not None and r.head == j}
    return any(pairs.get(k) in deps_b for k in deps_a)


def same_slot(sa: LabelSyntax, i: int, len_a: int, sb: LabelSyntax, j: int, len_b: int, pairs: dict[int, int]) -> bool:
    """True when content word ``i`` of one label and ``j`` of the other fill the same slot of a literal
    frame, whatever the parse attached them to: the same coarse part of speech (neither a number), and their neighbours among
    the content words matched words (or both labels end there) on both sides, with at least one
    neighbour ("nervous / calm behind the wheel", "morning / evening classes"). A parse can attach such
    words differently ("nervous" to "behind", "calm" as the root); the word order cannot."""
    ra, rb = sa.roles[i], sb.roles[j]
    if ra is None or rb is None or ra.pos != rb.pos or len_a < 2 or len_b < 2 or numbers([ra.lemma, rb.lemma]):
        return False  # numbers are compared by :func:`.text.numbers_differ` alone
    left = (i == 0 and j == 0) or (i > 0 and j > 0 and pairs.get(i - 1) == j - 1)
    right = (i == len_a - 1 and j == len_b - 1) or (i + 1 < len_a and j + 1 < len_b and pairs.get(i + 1) == j + 1)
    return left and right


def _relation(s: LabelSyntax, k: int, x: int):
    """How content word ``k`` stands to word ``x``: its dependent or its head (with the function words
    between), or neither."""
    rk, rx = s.roles[k], s.roles[x]
    if rk is None or rx is None:
        return None
    if rk.head == x:
        return ("dependent", rk.via)
    if rx.head == k:
        return ("head", rx.via)
    return ("apart",)


def same_frame(sa: LabelSyntax, i: int, sb: LabelSyntax, j: int, pairs: dict[int, int]) -> bool:
    """True when replacing word ``i`` of one label by word ``j`` of the other keeps the frame: every matched
    word stands to ``i`` as its partner stands to ``j`` ("morning / evening classes": "classes" heads
    both; "hide / see my location": "location" depends on both). "share with family" / "family
    accounts" is no minimal pair: "family" depends on "share" through "with" but is a modifier of
    "accounts". A word that is neither's direct head nor dependent on one side says nothing (a noun
    compound's attachment is ambiguous: "morning story time" / "evening story time"), and unknown roles
    count as the same frame (the guard stays on)."""
    for k, l in pairs.items():
        ra, rb = _relation(sa, k, i), _relation(sb, l, j)
        if ra is not None and rb is not None and ("apart",) not in (ra, rb) and ra != rb:
            return False
    return True
