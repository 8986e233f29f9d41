"""The point of an answer and the story around it, read from discourse structure.

A respondent often tells a story to make a point ("last summer I bought a sander, used it once, ... so
yeah, not buying things I'll only use once, that's the big one for me"). The places, times, purchases
and other people of the story are its backdrop; a follow-up asked about them ("Why does the sander matter
to you?") misses what the respondent said. This module splits an answer into discourse units (sentences,
and within them the parts set off by commas, dashes or a conclusion marker) and scores each unit:

- the point: a unit opened by a conclusion marker after other units ("so ...", "basically ..."), said
  "for me", a want of the respondent's ("I'd want", "what I'm after is"), a specificational sentence
  ("what I'd go for is the quiet", "the main thing is X", "X is the big one"), or a sentence with no finite
  verb of its own that names something (a fragment answer: "Not feeling judged.");
- the backdrop: a unit told in the past tense (a story), one that sets a time ("last winter", "two years
  ago"), one whose subject is someone else (a person noun, "he", "she"), an example added to a phrase
  before it ("..., mainly tomatoes and beans"), a question.

Only syntax (the shared parse's tags and dependencies) and closed-class words are used, so the reading
carries to any domain. :func:`salient_anchor` gives the token a follow-up should be anchored on when the
focus sits in the backdrop and the answer has a point elsewhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from .grammar import closed, is_person_noun
from .valence import word_valence
from .verdicts import is_verdict

# Markers that open a unit stating the respondent's conclusion (English discourse markers).
_CONCLUSION = frozenset("so basically anyway overall ultimately".split())
# Adverbs that open an example or elaboration of the phrase before it ("mainly", "like", "such as").
_ELABORATION = frozenset("mainly mostly especially particularly like including maybe e.g. eg say".split())
_UNIT_BREAKS = frozenset({",", ";", ":", "-", "--", "\u2013", "\u2014", "..."})
_THIRD_PERSON = frozenset("he she they him her them".split())
_FIRST_PERSON = frozenset("i me my we us our".split())
_PAST_TIME = frozenset("ago last yesterday".split())
# Words of a unit that only mark or hedge ("so yeah", "so maybe"): such a unit is read with the next one.
MARKERS_ONLY = frozenset("so yeah yes well maybe basically honestly really just and but then".split())
_POINTING_BACK = frozenset("that this that's thats it's its".split())
_WANTING = frozenset("want need wish like love prefer after".split())
POINT_AT = 2  # a unit scoring at least this states the respondent's point
BACKDROP_BELOW = 0  # a unit scoring below this is backdrop


@dataclass(frozen=True)
class Unit:
    """A discourse unit of an answer: its tokens (no edge punctuation) and its score."""

    tokens: tuple
    score: int
    first_unit: bool
    stated: bool = False  # opened by a conclusion marker, said "for me", or a want

    @property
    def ids(self) -> frozenset[int]:
        return frozenset(t.i for t in self.tokens)


def _split(sent) -> list[list]:
    """The sentence's tokens cut at commas, dashes and semicolons, and before a conclusion marker."""
    units, current = [], []
    for t in sent:
        if t.text in _UNIT_BREAKS or (t.is_punct and t.text not in ("'", '"')):
            if current:
                units.append(current)
            current = []
            continue
        if t.lower_ == "so" and current and _opens_clause(t):
            units.append(current)
            current = []
        current.append(t)
    if current:
        units.append(current)
    return units


def _opens_clause(tok) -> bool:
    """A "so" that opens a clause ("... so I stopped"), not one that grades ("so many", "so good"): a
    conjunction or marker, or an adverb of a verb after it."""
    nxt = tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else None
    if nxt is not None and nxt.pos_ in ("ADJ", "ADV", "DET") and nxt.lower_ not in ("yeah", "basically"):
        return False
    return tok.dep_ in ("cc", "mark") or (tok.dep_ == "advmod" and tok.head.i > tok.i)


def _finite(tok) -> bool:
    return tok.tag_ in ("VBD", "VBP", "VBZ", "MD") or _bare_participle(tok)


def _bare_participle(tok) -> bool:
    """A past participle with a subject and no auxiliary ("my uncle rebuilt bikes", tagged VBN): a simple past."""
    return tok.tag_ == "VBN" and any(c.dep_ == "nsubj" for c in tok.children) and not any(
        c.dep_ in ("aux", "auxpass") for c in tok.children)


def _own_finite(tokens: list) -> bool:
    """Whether the unit's highest word (whose head lies outside it) is a finite verb: "Knowing where my
    food comes from" and "someone who fixes things" have none of their own. A past participle heading the
    sentence with an object and neither subject nor auxiliary is a past whose subject is left out ("Made my
    day": a comment on what was told, not a fragment naming something)."""
    ids = {t.i for t in tokens}
    return any(_finite(t) or any(c.dep_ in ("aux", "auxpass") and _finite(c) for c in t.children) or _subject_left_out(t)
               for t in tokens if t.head.i not in ids or t.head.i == t.i)


def _subject_left_out(tok) -> bool:
    return tok.dep_ == "ROOT" and tok.tag_ == "VBN" and any(c.dep_ == "dobj" for c in tok.children) and not any(
        c.dep_ in ("nsubj", "nsubjpass", "aux", "auxpass") for c in tok.children)


def _past(tokens: list) -> bool:
    """Told as a story: a past-tense verb of its own ("bought", "were doing", "used to"), or a time in the
    past ("last winter", "two years ago", "once")."""
    for t in tokens:
        if t.tag_ == "VBD" and t.lower_ not in ("was", "were") or (t.tag_ == "VBD" and t.dep_ == "aux") \
                or _bare_participle(t):
            return True
        if t.lower_ in _PAST_TIME and t.dep_ in ("amod", "advmod", "npadvmod"):
            return True
    return False


def _other_subject(tokens: list) -> bool:
    """The unit's subject is someone else: a third-person pronoun or a person noun ("my sister got ...")."""
    return any(t.dep_ in ("nsubj", "nsubjpass") and (t.lower_ in _THIRD_PERSON or (
        t.pos_ in ("NOUN", "PROPN") and t.lower_ not in closed().general_nouns and is_person_noun(t.lemma_.lower())))
        for t in tokens)


def wanting(tokens: list) -> bool:
    """The respondent says what they want ("I'd want", "what I'm after is", "I need")."""
    first = any(t.lower_ in _FIRST_PERSON and t.dep_ in ("nsubj", "pobj") for t in tokens)
    return first and any(t.lemma_.lower() in _WANTING and t.pos_ in ("VERB", "ADP") for t in tokens)


def _for_me(tokens: list) -> bool:
    return any(t.lower_ == "me" and t.head.lower_ == "for" for t in tokens)


def _names_something(tokens: list) -> bool:
    """The unit names something: a noun, or a gerund, among its words."""
    return any(t.pos_ in ("NOUN", "PROPN") and t.lower_ not in closed().general_nouns or t.tag_ == "VBG" for t in tokens)


def _raw_units(doc) -> list[tuple]:
    """(sentence, tokens) of each unit; a unit of markers and hedges only ("so yeah,") joined to the next."""
    raw, carry = [], []
    for sent in doc.sents:
        for u in _split(sent):
            words = [t for t in u if not t.is_punct]
            if words and all(t.lower_ in MARKERS_ONLY or t.lower_ in closed().interjections for t in words):
                carry += words
                continue
            raw.append((sent, carry + u))
            carry = []
    if carry:
        raw.append((carry[0].sent, carry))
    return raw


def units(doc) -> list[Unit]:
    """The answer's discourse units, scored (module docstring)."""
    raw = _raw_units(doc)
    out = []
    for k, (sent, tokens) in enumerate(raw):
        words = [t for t in tokens if not t.is_punct]
        if not words:
            continue
        skipped = (MARKERS_ONLY | closed().interjections) - _ELABORATION
        lead = [t.lower_ for t in words if t.lower_ not in skipped][:2] or [words[0].lower_]
        if words[0].lower_ in _CONCLUSION:
            lead = [words[0].lower_]
        score = 0
        if k > 0 and lead[0] in _CONCLUSION:
            score += 3
        specifies = specification(words) is not None
        stated = k > 0 and lead[0] in _CONCLUSION or _for_me(words) or wanting(words) or specifies
        if wanting(words) or specifies:
            score += 3
        elif _for_me(words):
            score += 2
        whole_sentence = sent[0].i >= words[0].i or all(t.is_punct or t.i >= words[0].i for t in sent[:words[0].i - sent.start])
        if not _own_finite(words) and _names_something(words) and (k > 0 or len(raw) > 1) and whole_sentence \
                and lead[0] not in _ELABORATION and not is_verdict(sent, first=k == 0) and not _remark(words):
            # a fragment that names the respondent's point; one that names what they do not want, less so
            score += 1 if words[0].lower_ in ("not", "no") else 2
        if k > 0 and lead[0] in _ELABORATION:
            score -= 2
        if _past(words):
            score -= 2
        if _other_subject(words):
            score -= 1
        if sent.text.rstrip().endswith("?") and (lead[0] in closed().wh_words or words[0].pos_ == "AUX"):
            score -= 3
        if out and lead[0] in _POINTING_BACK and score > 0 and len(words) <= 8:
            # "..., that's the big one for me": the verdict is on the unit before it
            previous = out.pop()
            out.append(Unit(previous.tokens, previous.score + score, previous.first_unit, True))
            score = 0
        out.append(Unit(tuple(words), score, k == 0, stated))
    return out


_FINITE_TAGS = frozenset({"VBD", "VBP", "VBZ", "MD"})


def specification(tokens: list) -> list | None:
    """The focus of a specificational sentence, whose one side only frames the other: a free relative or a
    general noun before "be" ("what I'd go for is the quiet", "the main thing is the parking") or a general
    noun after it ("open til 10 is the big one"); the other side's tokens, or None (not such a sentence, or
    the focus is a clause of its own: "the thing is, nobody listens")."""
    words = [t for t in tokens if not t.is_punct]
    be = next((t for t in words if t.lemma_ == "be" and t.dep_ == "ROOT"), None)
    if be is None:
        return None
    # a sentence adverb before the frame ("Maybe what I mean is ...") hedges it, it is no part of either side
    left = [t for t in words if t.i < be.i and t.lower_ not in closed().interjections]
    while left and left[0].dep_ == "advmod" and left[0].head.i == be.i:
        left = left[1:]
    right = [t for t in words if t.i > be.i]
    if not left or not right:
        return None

    def general(side: list) -> bool:
        nouns = [t for t in side if t.pos_ in ("NOUN", "PROPN", "NUM", "PRON") and t.dep_ in ("nsubj", "attr")]
        return len(side) <= 4 and bool(nouns) and all(t.lower_ in closed().general_nouns for t in nouns)

    framed_left = left[0].lower_ == "what" and left[0].tag_ == "WP" or general(left)
    focus = right if framed_left and not general(right) else left if general(right) and not framed_left else None
    if not focus or any(t.dep_ in ("nsubj", "nsubjpass") and t.head.tag_ in _FINITE_TAGS for t in focus):
        return None
    return focus


def _remark(words: list) -> bool:
    """A short remark with no noun that is not judged ("Bit scary tbh"): a reaction, not a point."""
    return len(words) <= 4 and any(t.pos_ == "ADJ" and word_valence(t.lower_) for t in words)


def _best(points: list[Unit], scored: list[Unit]) -> Unit:
    """The strongest point; among equals, the last one stated as a conclusion or a want, else the first
    fragment (a list of fragments opens with its headline)."""
    return max(points, key=lambda u: (u.score, scored.index(u) if u.stated else -scored.index(u)))


def _anchor(unit: Unit):
    """The token a follow-up on ``unit`` is anchored on: its highest word (whose head lies outside it),
    preferring a verb or a noun; a framing verb ("I guess ...") hands on to its complement."""
    ids = unit.ids
    tops = [t for t in unit.tokens if t.head.i not in ids or t.head.i == t.i]
    tops = [t for t in tops if t.pos_ in ("VERB", "AUX", "NOUN", "PROPN", "ADJ")] or tops
    if not tops:
        return None
    top = tops[0]
    while top.lemma_.lower() in closed().framing_verbs and any(
            c.dep_ == "nsubj" and c.lower_ in _FIRST_PERSON for c in top.children):  # "I guess ...": its complement
        comps = [c for c in top.children if c.dep_ in ("ccomp", "xcomp") and c.i in ids]
        if not comps:
            break
        top = comps[0]
    return top


TEMPORAL_MARKS = frozenset("as when while whenever before after until till once".split())


def _in_time_clause(head) -> bool:
    """A word inside an adverbial clause of time ("... as I get older"): when, not what."""
    a = head
    while a.head.i != a.i:
        if a.dep_ == "advcl" and any(c.dep_ in ("mark", "advmod") and c.lower_ in TEMPORAL_MARKS for c in a.children):
            return True
        a = a.head
    return False


def salient_unit(doc, head) -> Unit | None:
    """When ``head`` (a topic's head token in the parsed answer ``doc``) sits in the answer's backdrop (or
    in a clause of time) and another unit states the respondent's point, that unit; else None."""
    scored = units(doc)
    mine = next((u for u in scored if head.i in u.ids), None)
    if mine is None or (mine.score >= BACKDROP_BELOW and not _in_time_clause(head)):
        return None
    points = [u for u in scored if u.score >= POINT_AT and u is not mine]
    if not points:
        return None
    return _best(points, scored)


def point_unit(doc, scored: list[Unit] | None = None) -> Unit | None:
    """The unit stating the answer's point when it has one (scoring POINT_AT or more), else None.
    ``scored``: the answer's units when the caller has them already (:func:`units` of ``doc``)."""
    scored = units(doc) if scored is None else scored
    points = [u for u in scored if u.score >= POINT_AT]
    return _best(points, scored) if points else None


def anchor_of(unit: Unit):
    """The token a follow-up on ``unit`` is anchored on (:func:`_anchor`)."""
    return _anchor(unit)


# Words that open a unit turning away from the one before it, or adding a new item beside it, rather
# than saying more of it (English conjunctions and additive adverbs).
_TURNING = frozenset("but though although however except whereas yet".split())
_ADDING = frozenset("also too plus".split())


def elaborates(unit: Unit) -> bool:
    """Whether ``unit`` says why the unit before it matters, in a form other than "because": a comment
    pointing back at it that names something ("that's the experience", "that's what I'd pay for"; not
    "that's it"), a comparison with its standard ("way better than the plastic ones"), or a statement of its own (an example from the respondent's life, a story, a
    consequence: "I work nights and sleeping at noon is torture"). Not a question, a new point, a turn
    ("but ..."), an addition ("... too", "also ...") or a fragment that names another thing."""
    words = [t for t in unit.tokens if not t.is_punct]
    if not words or unit.score >= POINT_AT or words[0].sent.text.rstrip().endswith("?"):
        return False
    lower = [t.lower_ for t in words]
    if lower[0] in _TURNING or any(w in _ADDING for w in lower) or "as well" in " ".join(lower):
        return False
    if any(t.lower_ == "than" and t.head.tag_ in ("JJR", "RBR") for t in words):
        return True  # "way better than the plastic ones"; not a degree ("what I'm less keen on")
    if lower[0] in _POINTING_BACK:
        # "that's the experience", "that's what I'd pay for"; "that's it", "that's all" only insist, and
        # "that's something I notice every time" says how often, not why
        return any(t.dep_ == "attr" and _content_noun(t) or t.lower_ in ("what", "why") for t in words[1:])
    return _own_finite(words) and any(_content_noun(t) or t.tag_ == "VBG" for t in words)


def passes_over(unit: Unit) -> bool:
    """A unit that names nothing and turns nowhere ("yes.", "I rent,", "he always does"): a run of units
    elaborating a point (:func:`elaborates`) goes on past it."""
    words = [t for t in unit.tokens if not t.is_punct]
    return unit.score < POINT_AT and not words[0].sent.text.rstrip().endswith("?") \
        and words[0].lower_ not in _TURNING and not any(_content_noun(t) or t.tag_ == "VBG" for t in words)


_DEMONSTRATIVE_BACK = frozenset("that this that's thats".split())
_ANAPHORIC_CLOSE = (("like", "that"), ("like", "this"), ("that", "way"))


def points_back(tokens: list) -> bool:
    """Whether a clause or sentence (parsed tokens) comments on what was said before it rather than saying
    something of its own: it opens with a demonstrative pointing back and names no thing of its own ("That's the
    bit I'd fret about", "thats the main thing for me"), it is a simile of "it" ("It's like chess with knives"), or it closes on an anaphoric
    "like that" / "that way" ("I'm timid like that"). Such a comment is never the reason quoted back."""
    kept = [t for t in tokens if not t.is_punct]
    words = [t.lower_ for t in kept]
    if not words:
        return False
    if words[0] in _DEMONSTRATIVE_BACK and (kept[0].dep_ in ("nsubj", "nsubjpass") or words[0] not in ("that", "this")):
        # (not a determiner: "that mask is heavy" names the mask; nor a comment that names something of its own:
        # "that's a disaster waiting to happen", "that's a day's pay gone")
        return not any(_content_noun(t) for t in kept[1:])
    if words[0] in ("it", "it's", "its") and "like" in words[1:3]:
        return True
    return tuple(words[-2:]) in _ANAPHORIC_CLOSE


def _content_noun(tok) -> bool:
    """A noun that names a thing of its own: not a general noun ("thing", "way"), an indefinite
    ("something") or a time ("week")."""
    return tok.pos_ in ("NOUN", "PROPN") and tok.lower_ not in closed().general_nouns \
        and tok.lower_ not in closed().time_nouns and not tok.lower_.startswith(("some", "any", "every", "no"))


def prominence(unit: Unit, marked: bool) -> str:
    """How ``unit`` carries its concepts: "point" (it scores POINT_AT or more; in an answer with no marked
    point, ``marked`` False, any unit that is not backdrop), "backdrop" (below BACKDROP_BELOW) or
    "supporting" (the rest of an answer that marks its point)."""
    if unit.score < BACKDROP_BELOW:
        return "backdrop"
    return "point" if unit.score >= POINT_AT or not marked else "supporting"
