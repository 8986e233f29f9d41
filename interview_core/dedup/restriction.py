"""Words one label adds to the other that change what it names: the restriction guard.

The word tiers merge two labels when most of their content words match (:mod:`.contrast`'s alignment). A
label that keeps every word of the other and *adds* some can still name another thing:

- ``coordination``: the longer label joins a second concept with "and"/"or" ("price" / "price and
  quality"): two concepts are not one;
- ``aspect``: the same words kept in one label and brought about in the other, through the light verbs the
  word alignment never sees ("keeping the flock calm" / "getting the flock calm", "keeping friends" / "making
  friends"): holding a state and reaching it are two goals;
- ``head``: an added noun takes a matched word as its modifier ("battery" / "battery charger"): the
  longer label names a kind of the added noun, no longer the shorter label's thing;
- ``modifier``: an added word depending on a matched word directly, placed before it or a modifier
  after it, restricts it ("parking" / "free parking", "classes" / "evening classes", "booking" /
  "booking online"): a kind of the thing, another concept, as a hyponym is;
- ``complement``: an added noun that is the object of a preposition (attached to a matched word or to
  the clause around it) ("classes" / "classes for kids", "quiet desks" / "the desks are quiet at
  weekends"): the referent restricted to part of the thing;
- ``clause``: an added verb heading a clause on a matched word ("staff" / "staff who speak French",
  "fresh bread" / "fresh bread delivered daily"): a restriction by what the thing does or undergoes;
- ``predicate``: an added adjective said of the thing ("the delivery" / "the delivery is late",
  "changing rooms" / "changing rooms that are clean"): a claim about it, not the thing itself;
- ``inversion``: the same words in swapped roles ("try before you buy" / "buy before you try"): a word
  that depends on another in one label heads it in the other;
- ``voice``: the same word as a passive participle said of someone in one label and not in the other
  ("feeling in control" / "feeling controlled"): the one acting and the one acted on swap;
- ``arguments``: the same noun the doer of a shared verb in one label and the one it is done to in the
  other ("the tuner tunes the piano" / "the piano tunes the tuner"), or the one in a state in one label and what
  the state bears on in the other ("in control of my money" / "my money controlling me");
- ``relation``: the same word reached through opposite prepositions ("washing to the laundrette" /
  "washing from the laundrette"), or through prepositions that give it another part, under a verb or a noun
  ("talking to / about the shepherd", "blowing glass with / for my son", a source against a place: "a break at /
  from the terminal"): prepositions are function words, so the word alignment never sees them;
- ``comparison``: a word both labels share on the side of the standard ("than ...") in one comparison and on the
  side of what is compared in the other ("spending more on snacks than fuel" / "spending more on fuel than
  snacks"): the opposite preference, read on the words alone (the parse hangs "than" from either side);
- ``question``: another question word opening the clause ("knowing when / how the lock opens"): each asks
  about another thing;
- ``modality``: the same verb able or allowed to be done in one label and to be done of necessity in the
  other ("I can / have to steer the boat");
- ``attachment``: a word both labels share hangs from one shared word in one label and from another in the
  other ("easy to steer but hard to moor" / "hard to steer but easy to moor"): the same words, said of
  other things;
- ``stance``: an added word that judges or compares (a clear VADER stance the other label does not
  carry, a comparative or superlative, "too", "enough"): "the staff" / "the staff are rude", "music" /
  "music that is too loud".

Only the *added* words count, and only when one label contains the other (every content word of the
shorter one matched); coordination counts whenever the label joining it has words the other lacks, aspect
whenever the labels share a word, comparison whenever both compare;
inversion, voice, arguments, question, modality, attachment and relation compare the words both labels share (same stem), whatever else they have. Each
rule reads the shared parse (:mod:`.syntax`); without a parse only coordination, aspect and comparison are checked
(they need the words alone). Pure functions of their arguments. ``interview bench dedup --guards`` measures each rule
on the dev pairs (what it saves, what it costs).
"""

from __future__ import annotations

from collections.abc import Callable

from .contrast import Alignment
from .syntax import OUTSIDE, LabelSyntax, chain, doer
from .text import stem

COORDINATORS = frozenset({"and", "or", "nor", "plus"})
# A closed grammar class the word alignment drops as function words (``config/dedup.yaml`` stop words): a
# light verb that holds a state against one that brings it about.
ASPECTS = (dict.fromkeys(("keep", "keeps", "kept", "keeping"), "held")
           | dict.fromkeys(("get", "gets", "got", "getting", "make", "makes", "made", "making"), "reached"))
TOKEN_RULES = ("coordination", "aspect", "comparison")  # read on the words, with or without a parse
DEGREE = frozenset({"too", "enough", "overly", "excessively"})  # excess or sufficiency: an evaluation
COMPARATIVE_TAGS = frozenset({"JJR", "JJS", "RBR", "RBS"})
RULES = ("coordination", "aspect", "head", "modifier", "complement", "clause", "predicate", "stance", "inversion", "voice",
         "arguments", "relation", "question", "modality", "attachment", "comparison")
SHARED_RULES = ("inversion", "voice", "arguments", "question", "modality", "attachment")  # read on the words both share
MODIFIERS = frozenset({"amod", "advmod", "npadvmod", "nummod", "compound", "appos"})  # after the word too
PREDICATIVE = frozenset({"acomp", "attr", "oprd"})
CLAUSES = frozenset({"acl", "relcl"})
SUBJECTS = frozenset({"nsubj", "nsubjpass"})
COMPLEMENTS = frozenset({"acomp", "attr", "oprd", "xcomp", "ccomp", "dobj"})


def coordination(tokens_a: list[str], tokens_b: list[str], al: Alignment) -> str | None:
    """``"coordination x"`` when one label joins words with a coordinator ``x`` the other lacks and has
    words the other does not match ("price" / "price and quality"); None otherwise ("sets up and clears
    away" / "does the setting up and tidying": both coordinate; labels sharing no word are not concerned)."""
    if not al.matched:
        return None
    for tokens, other, extra in ((tokens_a, tokens_b, al.left_a), (tokens_b, tokens_a, al.left_b)):
        joined = [t for t in tokens if t in COORDINATORS and t not in other]
        if joined and extra:
            return f"coordination {joined[0]}"
    return None


def aspect(tokens_a: list[str], tokens_b: list[str], al: Alignment) -> str | None:
    """``"aspect x/y"`` when the labels share a word and one holds it in a state ("keep") while the other brings
    it about ("get", "make") (:data:`ASPECTS`): "it keeps the flock calm" / "it gets the flock calm"; None when
    a label has no such light verb ("the flock is calm" / "it keeps the flock calm") or both kinds."""
    if not al.matched:
        return None
    ca = {ASPECTS[t] for t in tokens_a if t in ASPECTS}
    cb = {ASPECTS[t] for t in tokens_b if t in ASPECTS}
    if len(ca) == 1 and len(cb) == 1 and ca != cb:
        return f"aspect {ca.pop()}/{cb.pop()}"
    return None


STANDARD = "than"  # the word that brings in the standard of a comparison (a closed grammar class of one)


def comparison(words_a: tuple[str, ...], words_b: tuple[str, ...], matched) -> str | None:
    """``"comparison x"`` when both labels compare ("than" among their words) and a word ``x`` both match stands
    after "than" (the standard) in one label and before it (what is compared) in the other: "longer on the
    hovercraft than the ferry" / "longer on the ferry than the hovercraft"; None when every matched word keeps its
    side ("quicker / faster than the ferry") or a label does not compare. ``matched``: the alignment's index pairs."""
    if STANDARD not in words_a or STANDARD not in words_b:
        return None
    ta, tb = words_a.index(STANDARD), words_b.index(STANDARD)
    for i, j in matched:
        if i != ta and j != tb and (i > ta) != (j > tb):
            return f"comparison {words_a[i]}"
    return None


def added_words(al: Alignment) -> tuple[int, tuple[int, ...], set[int]] | None:
    """For a pair where one label contains the other (words matched and only one side has words left
    over): ``(side, added indices, matched indices)`` of the longer label, side 0 for the first label;
    None otherwise."""
    if not al.matched or (al.left_a and al.left_b) or not (al.left_a or al.left_b):
        return None
    if al.left_a:
        return 0, al.left_a, {i for i, _ in al.matched}
    return 1, al.left_b, {j for _, j in al.matched}


def _predicate(s: LabelSyntax, e: int, matched: set[int]) -> bool:
    """True when added verb ``e`` says something of a matched subject and nothing matched completes it
    ("compost" / "compost delivered weekly"); a linking verb whose complement is matched ("warm room" /
    "the room stays warm") is no new predicate."""
    deps = [(m, s.roles[m]) for m in matched if s.roles[m] is not None and s.roles[m].head == e]
    return any(r.dep in SUBJECTS for _, r in deps) and not any(r.dep in COMPLEMENTS for _, r in deps)


def restricting(s: LabelSyntax, words: tuple[str, ...], added: tuple[int, ...], matched: set[int],
                stance: Callable[[str], float], other_stance: float, at: float = 0.2,
                rules: frozenset[str] | set[str] = frozenset(RULES)) -> str | None:
    """Why the ``added`` content words of a label (``words``, parse ``s``) restrict or judge what its
    ``matched`` words name (see the module docstring), or None. ``stance(word)``: a VADER-like compound
    score of one word; ``other_stance``: the other label's; ``at``: a clear stance. ``rules`` chooses the
    rules checked (all by default; the benchmark switches one off to measure it)."""
    for e in added:
        r = s.roles[e]
        if r is None:
            continue
        if "head" in rules and r.pos == "NOUN" and any(
                s.roles[m] is not None and s.roles[m].head == e and not s.roles[m].via and m < e for m in matched):
            return f"head {words[e]}"
        if "modifier" in rules and r.head in matched and not r.via and (e < r.head or r.dep in MODIFIERS):
            return f"modifier {words[e]}"
        if "complement" in rules and r.pos == "NOUN" and r.dep == "pobj" and r.via:
            return f"complement {r.via[0]} {words[e]}"
        if "clause" in rules and r.pos == "VERB" and (r.dep in CLAUSES and r.head in matched or _predicate(s, e, matched)):
            return f"clause {words[e]}"
        if "predicate" in rules and r.pos == "ADJ" and r.dep in PREDICATIVE:
            return f"predicate {words[e]}"
        if "stance" in rules:
            score = stance(words[e])
            judged = abs(score) >= at and not (other_stance * score > 0 and abs(other_stance) >= at)
            if judged or r.tag in COMPARATIVE_TAGS or words[e] in DEGREE:
                return f"stance {words[e]}"
    return None


def _same_words(al: Alignment, stems_a: tuple[str, ...], stems_b: tuple[str, ...], sa: LabelSyntax,
                sb: LabelSyntax) -> list[tuple[int, int]]:
    """Matched word pairs with the same stem and the same part of speech (a noun, verb, adjective or
    adverb: "before" in "try before you buy" is neither), both with a role."""
    return [(i, j) for i, j in al.matched if stems_a[i] == stems_b[j] and sa.roles[i] is not None
            and sb.roles[j] is not None and sa.roles[i].pos == sb.roles[j].pos and sa.roles[i].pos in CONTENT]


def inversion(al: Alignment, stems_a: tuple[str, ...], stems_b: tuple[str, ...], sa: LabelSyntax,
              sb: LabelSyntax, words_a: tuple[str, ...]) -> str | None:
    """``"inversion x/y"`` when two words both labels share stand in swapped roles: ``y`` depends on ``x``
    in the first label and ``x`` on ``y`` in the second by the same relation ("try before you buy" /
    "buy before you try": each time a clause "before" the other); None otherwise. A change of relation
    is a reading of the fragment, not a swap ("long opening hours" / "opening hours long")."""
    same = _same_words(al, stems_a, stems_b, sa, sb)
    for i, j in same:
        for k, l in same:
            if i != k and sa.roles[k].head == i and sb.roles[j].head == l and sa.roles[k].dep == sb.roles[j].dep:
                return f"inversion {words_a[i]}/{words_a[k]}"
    return None


def question(al: Alignment, stems_a: tuple[str, ...], stems_b: tuple[str, ...], sa: LabelSyntax,
             sb: LabelSyntax, words_a: tuple[str, ...]) -> str | None:
    """``"question x/y"`` when both labels hold question words (:attr:`.syntax.LabelSyntax.questions`) and
    they differ ("knowing when the lock opens" / "knowing how the lock opens"); None otherwise (one label
    without a question word: "knowing when the lock opens" / "the lock's opening time")."""
    if sa.questions and sb.questions and sorted(sa.questions) != sorted(sb.questions):
        return f"question {'+'.join(sa.questions)}/{'+'.join(sb.questions)}"
    return None


def modality(al: Alignment, stems_a: tuple[str, ...], stems_b: tuple[str, ...], sa: LabelSyntax,
             sb: LabelSyntax, words_a: tuple[str, ...]) -> str | None:
    """``"modality x"`` when a verb both labels share (same stem) is said with an ability in one label and an
    obligation in the other (:data:`.syntax.MODALITY`: "I can steer" / "I have to steer"); a verb said
    without a modal in one label is not concerned ("having to steer" / "steering")."""
    for i, j in _same_words(al, stems_a, stems_b, sa, sb):
        x, y = sa.roles[i].modality, sb.roles[j].modality
        if x and y and x != y:
            return f"modality {words_a[i]}"
    return None


def attachment(al: Alignment, stems_a: tuple[str, ...], stems_b: tuple[str, ...], sa: LabelSyntax,
               sb: LabelSyntax, words_a: tuple[str, ...]) -> str | None:
    """``"attachment x"`` when a word both labels share (same stem) depends on a shared word in one label and
    on another shared word in the other, neither above the other ("steer" on "easy" in "easy to steer but
    hard to moor", on "hard" in "hard to steer but easy to moor"); a word said of the same thing through a
    longer or shorter chain ("morning story time" / "morning time story"), or from two words a parse attached
    to each other one way in each label ("long opening hours" / "opening hours long"), is not concerned."""
    same = [(i, j) for i, j in al.matched  # a word's tag may differ between the two parses ("hard" read as an adverb)
            if stems_a[i] == stems_b[j] and sa.roles[i] is not None and sb.roles[j] is not None]
    pairs, back = dict(same), {j: i for i, j in same}
    for i, j in same:
        ha, hb = sa.roles[i].head, sb.roles[j].head
        if ha not in pairs or hb not in back or pairs[ha] in chain(sb, hb) or back[hb] in chain(sa, ha):
            continue
        if sa.roles[back[hb]].head == ha or sb.roles[pairs[ha]].head == hb:
            continue  # the two heads attached to each other, one way in each parse: a fragment read two ways
        return f"attachment {words_a[i]}"
    return None


CONTENT = frozenset({"NOUN", "VERB", "ADJ", "ADV"})
ACTIVE_TAGS = frozenset({"VB", "VBG", "VBZ", "VBP"})  # a verb that is not a participle or past form
PASSIVE_PLACES = PREDICATIVE | {"xcomp", "ccomp"}  # a complement of another word, not a label of its own


def voice(al: Alignment, stems_a: tuple[str, ...], stems_b: tuple[str, ...], sa: LabelSyntax,
          sb: LabelSyntax, words_a: tuple[str, ...]) -> str | None:
    """``"voice x"`` when a word both labels share (same stem) is, in exactly one of them, a past
    participle standing as what is said of someone ("feeling controlled", not the modifier of
    "controlled portions" nor a label of its own, "insured"), and in the other a noun or a verb that is
    no participle: being acted on, as against acting or the thing itself ("feeling in control"; "feeling used" /
    "being of use": one word, whose stem keeps the participle's "-ed" but whose lemma is the noun's); an
    adjective ("feel energised" / "feeling energized") is no such contrast. Also when the same verb is passive
    with no doer named in one label and active with no doer named, so done by the one speaking, in the other
    ("learning to feed them" / "watching them get fed"; not "they feed them": the unnamed doer may be they). None
    otherwise."""
    for i, j in al.matched:
        if sa.roles[i] is None or sb.roles[j] is None:
            continue
        ra, rb = sa.roles[i], sb.roles[j]
        if stems_a[i] != stems_b[j] and not (ra.lemma and ra.lemma == rb.lemma):  # "used" keeps its stem, lemma "use"
            continue
        pa = ra.tag == "VBN" and ra.dep in PASSIVE_PLACES
        pb = rb.tag == "VBN" and rb.dep in PASSIVE_PLACES
        other = rb if pa else ra
        if pa != pb and (other.pos == "NOUN" or other.tag in ACTIVE_TAGS):
            return f"voice {words_a[i]}"
    for i, j in al.matched:  # done by nobody named against done (wave 13): "watching hats get blocked" / "blocking hats"
        ra, rb = sa.roles[i], sb.roles[j]
        if ra is None or rb is None or ra.lemma != rb.lemma or ra.pos != "VERB" or rb.pos != "VERB":
            continue
        if _unnamed(sa, ra) and _speaker_does(sb, rb) or _unnamed(sb, rb) and _speaker_does(sa, ra):
            return f"voice {words_a[i]}"
    return None


def _named_doer(s: LabelSyntax, r) -> bool:
    """Whether the label names who does verb ``r`` (a subject or a "by" agent, :attr:`.syntax.LabelSyntax.frames`)."""
    return any(p == r.lemma and holder for _, p, holder in s.frames)


def _unnamed(s: LabelSyntax, r) -> bool:
    """Whether a verb is passive with no doer named: "the hats get blocked"."""
    return r.passive and not _named_doer(s, r)


def _speaker_does(s: LabelSyntax, r) -> bool:
    """Whether a verb is active with no doer named, so the one speaking does it: "learning to block hats"
    ("they block the hats" names another doer, who may well be the one a passive leaves unnamed)."""
    return r.tag in ACTIVE_TAGS and not r.passive and not _named_doer(s, r)


# Opposite relations that prepositions express and WordNet does not list (it has no prepositions; the
# adverb senses of "in"/"out", "up"/"down", "before"/"after", "over"/"under" are asked of WordNet).
OPPOSITE_PREPOSITIONS = frozenset(frozenset(p) for p in (("to", "from"), ("into", "from"), ("towards", "from"),
                                                        ("for", "from"), ("for", "against"), ("with", "against")))
# Where a thing is (a closed grammar class): against "from" (where it comes from, or what one is free of) another part,
# though two of them ("at" / "in" the terminal) say the same.
PLACES = frozenset({"at", "in", "on", "inside", "within"})
SOURCE = "from"
# The part a person or thing plays in what is said, by the preposition that brings it in (a closed grammar class):
# the one it is done with, the one it is for or goes to, the one it comes from, the one it is about. The same word
# in two of these parts is two relations ("talking to / about the shepherd", "shopping with / for my mum"); places
# and times ("in", "at", "on" a day) and "of" are read too many ways to count.
STATES = frozenset({"JJ", "VBN"})  # an adjective or a past participle: a feeling or a state ("worried", "pleased")
PREPOSITION_ROLES = {"with": "company", "alongside": "company", "to": "recipient", "for": "recipient",
                     "towards": "recipient", "from": "source", "about": "topic", "regarding": "topic"}


def _argument(s: LabelSyntax, r) -> bool | None:
    """Whether a content word is the doer of the verb above it (:func:`.syntax.doer`); None when that word
    is no verb or the word no argument of it."""
    if r.head < 0:  # under a function verb ("helps"), compared by its lemma
        return doer(r.dep, r.via, False)
    head = s.roles[r.head]
    if head is None or head.pos != "VERB":
        return None
    return doer(r.dep, r.via, head.tag == "VBN", head.passive)


def _person(code: str) -> str | None:
    """The person a pronoun names, for telling "me" from "them": first ("I", "we": a respondent speaks for a
    household as readily as for themselves), third, or None for "you" (often anyone at all)."""
    return {"1": "1", "3": "3"}.get(code[0])


def _persons(xs: frozenset, ys: frozenset) -> str | None:
    """``"person/slot"`` when the same slot (a predicate and role, or a possessed noun) is filled by the first
    person in one label and the third in the other, and by no one person in both: "I moved the furniture" /
    "they moved the furniture", "our cat" / "their cat"; None otherwise."""
    def by_slot(items) -> dict:
        out: dict = {}
        for person, *slot in items:
            if _person(person) is not None:
                out.setdefault(tuple(slot), set()).add(_person(person))
        return out

    sx, sy = by_slot(xs), by_slot(ys)
    for slot in sorted(set(sx) & set(sy), key=str):
        if not sx[slot] & sy[slot]:
            return f"{'/'.join(sorted(sx[slot] | sy[slot]))}/{slot[0]}"
    return None


def _owned(xs: frozenset, ys: frozenset, same) -> str | None:
    """``"owner/noun"`` when a noun both labels possess (:attr:`.syntax.LabelSyntax.owners`) has no owner in
    common: the first person in one label and a noun in the other ("my bow" / "the coach's bow"), or two
    nouns ``same`` does not call one ("the neighbour's car" / "the roofer's car"); a third-person pronoun
    may stand for any noun ("the roofer's ladder" / "his ladder"), and "you" for anyone."""
    def who(code: str) -> str | None:
        return code if code.startswith("n:") else _person(code)

    def one(x: str, y: str) -> bool:
        if x.startswith("n:") and y.startswith("n:"):
            return same(x[2:], y[2:])
        return x == y or "3" in (x, y) and (x.startswith("n:") or y.startswith("n:"))

    for c, n in xs:  # the owner and the owned swapped: "the potter's student" / "the student's potter"
        if c.startswith("n:") and any(d.startswith("n:") and same(d[2:], n) and same(m, c[2:]) for d, m in ys):
            return f"{c}/{n}"
    for noun in sorted({n for _, n in xs} & {n for _, n in ys}):
        ox = {w for c, n in xs if n == noun and (w := who(c)) is not None}
        oy = {w for c, n in ys if n == noun and (w := who(c)) is not None}
        if ox and oy and not any(one(x, y) for x in ox for y in oy):
            return f"{'/'.join(sorted(ox | oy))}/{noun}"
    return None


def _feeling(s: LabelSyntax, noun: int, adjective: int) -> bool | None:
    """Whether a noun holds the feeling an adjective names (the adjective said of it: "the lock keeper
    annoyed", "the potter is kind"), True; is what the feeling is about (under the adjective through a
    preposition: "annoyed with the lock keeper"), False; else None."""
    rn, ra = s.roles[noun], s.roles[adjective]
    if rn is None or ra is None or not (ra.pos == "ADJ" or ra.tag == "VBN"):
        return None
    linked = rn.head == ra.head == OUTSIDE and rn.head_lemma == ra.head_lemma and ra.dep in PREDICATIVE
    if ra.head == noun or rn.dep in SUBJECTS and (rn.head == adjective or linked):
        return True
    return False if rn.head == adjective and rn.via[:1] not in ((), ("by",)) else None  # "by": the doer


def _participle_of(s: LabelSyntax, noun: int, verb: int | None) -> bool:
    """Whether content word ``verb`` is a past participle modifying content word ``noun`` ("the sweep
    impressed by it": the sweep is the one impressed)."""
    r = None if verb is None else s.roles[verb]
    return r is not None and r.head == noun and r.dep == "acl" and r.tag == "VBN"


def arguments(al: Alignment, stems_a: tuple[str, ...], stems_b: tuple[str, ...], sa: LabelSyntax,
              sb: LabelSyntax, words_a: tuple[str, ...]) -> str | None:
    """``"arguments x"`` when a noun both labels share (same stem) is the doer of a verb in one label and
    not in the other (the one it is done to or for), the two verbs matched ("the tuner trusts the
    pianist" / "the pianist trusts the tuner"; "piano tuned by the tuner" / "the tuner tunes the piano"
    keeps the roles), or when a personal pronoun is so ("I beat my dad" / "my dad beat me"), or when a participant
    holds a state or does a verb in one label and is what it bears on in the other, by the frames read from the
    parse (:attr:`.syntax.LabelSyntax.frames`: "in control of my money" / "my money controlling me"); None
    otherwise."""
    for person, verb, role in sa.pronouns:
        if (person, verb, not role) in sb.pronouns and (person, verb, role) not in sb.pronouns:
            return f"arguments {person}/{verb}"
    found = (_persons(sa.pronouns, sb.pronouns) or _persons(sa.owners, sb.owners)
             or _owned(sa.owners, sb.owners, lambda x, y: stem(x) == stem(y)))
    if found is not None:
        return f"arguments {found}"
    pairs = dict(al.matched)
    for i, j in _same_words(al, stems_a, stems_b, sa, sb):
        ra, rb = sa.roles[i], sb.roles[j]
        if ra.pos != "NOUN":
            continue
        felt = [(_feeling(sa, i, p), _feeling(sb, j, q)) for p, q in al.matched]
        if any(x is not None and y is not None and x != y for x, y in felt):
            return f"arguments {words_a[i]}"
        # the same verb above both: matched content words, or one function verb ("helps": a stopword)
        shared = (ra.head >= 0 and rb.head >= 0 and pairs.get(ra.head) == rb.head
                  or ra.head == rb.head == OUTSIDE and ra.head_lemma == rb.head_lemma and len(ra.via) == 1)
        back = {v: u for u, v in pairs.items()}
        if not shared and ra.head >= 0 and _participle_of(sb, j, pairs.get(ra.head)):
            x, y = _argument(sa, ra), False  # "impressed by the sweep" / "the sweep impressed by it"
        elif not shared and rb.head >= 0 and _participle_of(sa, i, back.get(rb.head)):
            x, y = False, _argument(sb, rb)
        elif not shared:
            continue
        else:
            x, y = _argument(sa, ra), _argument(sb, rb)
        if x is not None and y is not None and x != y:
            return f"arguments {words_a[i]}"
    for who, predicate, _ in sorted(sa.frames):  # the holder of a state and the thing held swapped (wave 13)
        roles = [{r for w, p, r in s.frames if (w, p) == (who, predicate)} for s in (sa, sb)]
        if len(roles[0]) == len(roles[1]) == 1 and roles[0] != roles[1]:
            return f"arguments {who}/{predicate}"
    return None


def _other_part(p: str, q: str, s: LabelSyntax, r) -> bool:
    """True when preposition ``p`` gives the word (role ``r`` in parse ``s``) another part than ``q`` would
    (:data:`PREPOSITION_ROLES`, or a source against a place: :data:`SOURCE`, :data:`PLACES`) and the word hangs from
    a verb or a noun: after a feeling or a state ("worried
    about / for my dog") the prepositions vary with little change of sense."""
    source_place = {p, q} & PLACES and SOURCE in (p, q)
    if not source_place and (p not in PREPOSITION_ROLES or q not in PREPOSITION_ROLES
                             or PREPOSITION_ROLES[p] == PREPOSITION_ROLES[q]):
        return False
    head = s.roles[r.head] if r.head >= 0 else None
    return head is not None and head.pos in ("VERB", "NOUN") and head.tag not in STATES


# The light verbs of English that take an object (a closed class; stop words in ``config/dedup.yaml``, so the word
# alignment never sees them): the thing made, got, kept, had or done.
LIGHT_VERBS = frozenset({"make", "get", "keep", "have", "do"})


def _made_thing(r, other) -> bool:
    """Whether a word is the object of a light verb (:data:`LIGHT_VERBS`: "kites" in "learning to make kites") in one
    label (role ``r``) and the object of a preposition giving it a part (:data:`PREPOSITION_ROLES`: "learning about
    kites") in the other (role ``other``): the thing made or got is another part than any a preposition gives."""
    return (r.dep == "dobj" and r.via[:1] == (r.head_lemma,) and r.head_lemma in LIGHT_VERBS
            and other.dep == "pobj" and other.via[0] in PREPOSITION_ROLES)


def relation(al: Alignment, sa: LabelSyntax, sb: LabelSyntax, words_a: tuple[str, ...], wordnet=None) -> str | None:
    """``"relation p/q"`` when a word both labels match hangs from the words above it by opposite
    prepositions ``p`` and ``q`` (:data:`OPPOSITE_PREPOSITIONS`, or a WordNet antonym pair of their
    adverb senses: "in"/"out"), or by prepositions giving it two parts under a verb or a noun
    (:func:`_other_part`: "learning from / about the shepherd"), or as the object of a light verb in one label and
    of a preposition in the other (:func:`_made_thing`: "learning to make / about kites"); None otherwise ("advice on posture" /
    "advice about posture": one part; "worried about / for my dog": after a feeling)."""
    for i, j in al.matched:
        ra, rb = sa.roles[i], sb.roles[j]
        if ra is None or rb is None or not ra.via or not rb.via:
            continue
        p, q = ra.via[0], rb.via[0]
        if p != q and (frozenset((p, q)) in OPPOSITE_PREPOSITIONS or wordnet is not None and wordnet.antonyms(p, q)
                       or _other_part(p, q, sa, ra) and _other_part(q, p, sb, rb)
                       or _made_thing(ra, rb) or _made_thing(rb, ra)):
            return f"relation {p}/{q}"
    return None
