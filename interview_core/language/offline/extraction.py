"""Offline extraction: clauses -> concept nodes -> typed nodes and permitted edges -> assessment.

Edges come from three sources: explicit causal markers ("A because B": B -> A; "A so B": A -> B),
implicit chains between neighbouring clauses of one answer, and the conversation (the previous
question's focus node leads to the answer's first new concept). Node types come from the methodology's
cues, examples and descriptions, then chain position: an edge's types must be permitted and ordered
by level, so an effect ranks at or above its cause.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ..contracts import ExtractedEdge, ExtractedNode, ExtractionRequest, ExtractionResult
from .assessment import AnswerFeatures, assess, is_english, side_step
from ...text.clauses import Clause, segment
from .elements import matcher
from .grammar import INDEFINITES, LIGHT_VERBS, closed, open_classes
from .frames import MAX_PASSES, frames, is_digression, residue, strip_leading_frame, strip_trailing_frame
from ...text.lexicon import lexicon
from .asked import RETURN_MARKERS, WANT_WORDS, asked_spans, echo_sentences
from .meta import answer_meta_topic, off_topic_spans
from .own_turn import wants_to_stop
from .ontology import MAX_RETYPE_LOSS, CompiledOntology, _stopword_stems, compiled
from .concepts import MAX_LABEL_WORDS, MAX_WORD_CHARS, gerund_of, normalised, question_spans, span_concepts
from .salience import BACKDROP_BELOW, POINT_AT, TEMPORAL_MARKS, Unit, elaborates, passes_over, point_unit, prominence, specification, units
from .stance import stance_and_reaction
from .verdicts import verdict_spans
from ...text.parse import parse
from ...text.primitives import PhraseSet, analysed_text, norm_word, stem_string, tokens, words


@dataclass
class _Item:
    """One concept-bearing clause on its way to becoming a node."""

    clause: Clause
    label: str
    stems: str  # marker + clause stems, for type cues and relation cues
    scores: dict[str, float]
    node_type: str | None = None


@dataclass(frozen=True)
class _Fragment:
    """A concept read from a verbless fragment (:func:`_fragment_concepts`), shaped like ``concepts.Concept``."""

    label: str
    link: str = ""


@dataclass(frozen=True)
class _Edge:
    source: _Item
    target: _Item
    relation: str
    quote: str
    origin: str


_SENTENCE_END = re.compile(r"[.!?…\n]+")


def _digressions(answer: str) -> list[tuple[int, int]]:
    """Spans of the answer's sentences that announce a digression ("..., by the way"), ask the
    interviewer something, talk about the interview or are asides (:func:`meta.off_topic_spans`,
    :func:`asked_spans`); a topic echoed or offered with a question mark ("Lifejackets?? On a reservoir?",
    "not feeling rushed?") is no question to the interviewer and stays."""
    echoes = [(a, b) for a, b, _ in echo_sentences(answer)]
    spans = [s for s in off_topic_spans(answer) if s not in echoes] + asked_spans(answer)
    start = 0
    for m in [*_SENTENCE_END.finditer(answer), None]:
        end = m.end() if m else len(answer)
        if end > start and is_digression(words(answer[start:end])):
            spans.append((start, end))
        start = end
    return spans


def _list_items(clause: Clause, doc: tuple) -> list[Clause]:
    """A clause that is a comma list of phrases ("photos of receipts, auto categories") as one clause per
    item, when every item names a concept of its own in the parse; else the clause itself. A leading
    item that names nothing ("Brilliant, a gadget that ...") is dropped from the list."""
    cuts = [m.start() for m in re.finditer(",", clause.text)]
    if not cuts:
        return [clause]
    bounds = [0, *cuts, len(clause.text)]
    parts = []
    for k, (a, b) in enumerate(zip(bounds, bounds[1:])):
        a += 1 if k else 0
        raw = clause.text[a:b]
        text = raw.strip()
        start = clause.start + a + len(raw) - len(raw.lstrip())
        part = Clause(text, start, start + len(text), clause.marker if not k else "", clause.link if not k else "comma")
        exclamation = k == 0 and len(words(text)) == 1 and "ADJ" in open_classes(words(text)[0])
        if exclamation or not text or not span_concepts(doc[0], part.start, part.end, offsets=doc[1]):
            if (k == 0 and len(words(text)) <= 1) or _only_fillers(text) or (k and _points_back(text)):
                continue  # "Brilliant, a gadget that ...", "the bees, you know", "the guarantee, that's what I'd pay for"
            return [clause]
        parts.append(part)
    if parts and parts[0].link == "comma":
        parts[0] = replace(parts[0], marker=clause.marker, link=clause.link)
    return parts or [clause]


def _points_back(text: str) -> bool:
    """A comment on what was just said, opened by a pointing subject and "be" ("that's what I'd pay for",
    "thats the only way id do it"): it says why the phrase before it matters and names nothing itself."""
    ws = words(text)
    return bool(ws) and ws[0] in _POINTING_SUBJECTS and (ws[0].endswith("s") or ws[1:2] in (["is"], ["'s"], ["was"]))


def _only_fillers(text: str) -> bool:
    """Only fillers and function words ("you know", "like", "I guess")."""
    lex = lexicon()
    fillers = {w for seqs in (lex.leading_fillers, lex.trailing_fillers, lex.inner_fillers) for seq in seqs for w in seq}
    return all(w in fillers or w in lex.stopwords for w in words(text))


# WordNet verb lexicographer files of thinking, saying, perceiving and being (cognition, communication,
# perception, stative), and of saying alone.
_REMARK_VERB_FILES = frozenset({"31", "32", "39", "42"})
_SAYING_FILE = "32"


def _about_wording(text: str) -> bool:
    """A remark about putting the answer into words ("I don't know how else to say it", "not sure I can
    explain it better"): negated, said of the respondent alone (no other subject), no noun, adjective or
    number (an interjection aside), and only verbs of thinking, saying, perceiving or being (first WordNet
    sense), one of them of saying."""
    from .distress import _wordnet

    wordnet = _wordnet()
    toks = [t for t in parse(" ".join(text.split())) if not t.is_punct and t.lower_ not in closed().interjections]
    if wordnet is None or not any(t.dep_ == "neg" or t.lower_ in closed().negations for t in toks):
        return False
    if any(t.dep_ in ("nsubj", "nsubjpass") and t.lower_ != "i" for t in toks):
        return False  # "they never tell you anything": what others do is a concept, not a remark
    files = set()
    for t in toks:
        if t.pos_ in ("NOUN", "PROPN", "ADJ", "NUM"):
            return False
        if t.pos_ == "VERB":
            senses = wordnet.synsets(t.lemma_.lower(), "v")[:1]
            files.add(wordnet.lexfile(senses[0]) if senses else "")
    return _SAYING_FILE in files and files <= _REMARK_VERB_FILES


# WordNet lexicographer files of what a "no comment" says it lacks: nouns of cognition and communication
# ("clue", "opinion", "thought", "comment") and verbs of thinking and saying ("know", "say", "tell").
_DECLINED_NOUN_FILES = frozenset({"09", "10"})
_DECLINED_VERB_FILES = frozenset({"31", "32"})
MAX_DECLINE_WORDS = 8
# Spellings of "don't know" / "can't say" typed as one word, which the parser neither splits nor negates.
_UNKNOWING = ("dunno", "donno", "couldnae", "cannae", "dinnae")


def declines(text: str) -> bool:
    """A refusal or a "don't know" said in any words ("no comment", "no clue", "no thoughts on that one",
    "couldn't say", "dunno what else to tell you", "can't help you there"): at most MAX_DECLINE_WORDS
    words, negated (a negation word or a "neg" dependency), and every open-class word it holds is, by its
    first WordNet sense, a noun of cognition or communication or a verb of thinking or saying, or a verb
    done for the interviewer ("help you"); interjections and words WordNet does not know ("pffff") say
    nothing. What the respondent does not know or say about something names that something ("no idea what
    it costs", "never thought about the price") and is no refusal."""
    from .distress import _wordnet

    ws = words(text)
    wordnet = _wordnet()
    if wordnet is None or not ws or len(ws) > MAX_DECLINE_WORDS:
        return False
    c = closed()
    doc = [t for t in parse(" ".join(text.split())) if not t.is_punct]
    unknowing = any(t.lower_.startswith(_UNKNOWING) for t in doc)
    if not unknowing and not any(t.dep_ == "neg" or t.lower_ in c.negations for t in doc):
        return False
    if any(t.dep_ in ("nsubj", "nsubjpass") and t.lower_ not in ("i", "me") and not t.lower_.startswith(_UNKNOWING)
           for t in doc):
        return False  # "nobody tells you anything": what others do not say is a concept, not a refusal
    toks = [t for t in doc if t.lower_ not in c.interjections]
    opening = [t for t in toks if t.lower_ not in c.negations]
    if opening and (opening[0].tag_ == "VBG" or opening[0].lower_ in c.subordinators | c.coordinators):
        return False  # "not having to think about it": a state named; "because I'm not ...": a reason
    seen = False
    for t in toks:
        if t.pos_ not in ("NOUN", "PROPN", "VERB", "ADJ", "NUM") or t.lower_ in c.function_words or t.lower_ == "one":
            continue
        if _vocative(t, doc, wordnet):
            continue  # "dunno mate", "no comment, sir": the interviewer addressed, nothing said
        pos = "v" if t.pos_ == "VERB" else "n" if t.pos_ in ("NOUN", "PROPN") else "a"
        senses = wordnet.synsets(t.lemma_.lower(), pos)[:1] or wordnet.synsets(t.lower_, pos)[:1]
        if not senses:
            if wordnet.known(t.lower_) or t.pos_ == "NUM":
                return False  # a word WordNet knows in another class, or a number: content
            continue  # "pffff", "couldnae": no word of the language
        lexfile = wordnet.lexfile(senses[0])
        for_you = pos == "v" and any(ch.lower_ in ("you", "ya", "u") and ch.dep_ in ("dobj", "dative")
                                     for ch in t.children)
        # the noun is what there is none of ("no comment", "I have no idea"), never what one is ("I'm not a nuisance")
        none_of = any(ch.lower_ in c.negations for ch in t.children) or t.i and t.doc[t.i - 1].lower_ in c.negations
        thought = pos == "n" and lexfile in _DECLINED_NOUN_FILES and none_of
        if not (thought or pos == "v" and (lexfile in _DECLINED_VERB_FILES or for_you)):
            return False
        seen = True
    return seen or unknowing


# WordNet's lexicographer file of nouns for people (noun.person: "mate", "pal", "sir").
_PERSON_FILE = "18"


def _vocative(tok, toks: list, wordnet) -> bool:
    """A name of address: a bare noun for a person (first WordNet sense in noun.person, no determiner,
    possessive or modifier but an interjection) opening or closing the utterance ("dunno mate", "sir, no comment"); "the fitter"
    or "my sister" is someone talked about."""
    if tok.pos_ not in ("NOUN", "PROPN") or tok not in (toks[0], toks[-1]) or len(toks) < 2 or any(
            not (ch.is_punct or ch.lower_.startswith(_UNKNOWING) or ch.lower_ in closed().interjections)
            for ch in tok.children):
        return False  # "dunno mate" is parsed as a compound: the "dunno" says nothing of the mate
    senses = wordnet.synsets(tok.lower_, "n")[:1]
    return bool(senses) and wordnet.lexfile(senses[0]) == _PERSON_FILE


def _no_concept(text: str) -> bool:
    """A deflection ("not sure", "let me think", a remark about wording the answer: :func:`_about_wording`)
    or an instruction to the interviewer, with no content of its own beyond it."""
    lex = lexicon()
    stems = stem_string(words(text))
    if lex.instruction_cues.hits(stems) or _about_wording(text):
        return True
    hits = lex.non_concept.hits(stems)
    if not hits:
        return False
    left = stems
    for phrase in hits:
        for w in stem_string(phrase.split()).split():
            left = left.replace(f" {w} ", " ")
    return len([w for w in left.split() if w not in _stopword_stems()]) < 2


def _off_the_topic(text: str, request: ExtractionRequest) -> bool:
    """An answer that is a refusal or a "don't know" (:func:`declines`), or that only steps aside from the
    interview (:func:`assessment.side_step`: a question to the interviewer, a pause; or a wish to skip or
    to end, :func:`meta.answer_meta_topic`, :func:`own_turn.wants_to_stop`) and shares no content word with
    what the interview is about: the stimulus (its name and description) and the question just asked
    (matched by lemma, stem or a shared start, as :mod:`described` matches a question to the description).
    Such an answer is the respondent's own turn ("do they check your credit score? mine's shot", "roughly
    what's left? I'm on my lunch", "ok boss, the radio is calling, I have a fare. goodbye"): what it mentions
    is no concept of the study. A side step that names the product ("price per bag? if it's more than a
    tenner, forget it") keeps its concepts."""
    from .described import _content_tokens, _match

    if declines(text):
        return True
    leaving = answer_meta_topic(text) == "end" or wants_to_stop(text)
    if not (side_step(text) or answer_meta_topic(text) is not None or leaving) or _topic_said(text, leaving):
        return False
    reference = [w for part in (getattr(request.concept, "stimulus", "") or "", request.question) for w in words(part)]
    return not any(_match(w, r) for t in _content_tokens(text, frozenset()) for w in {t.lower_, t.lemma_.lower()}
                   for r in reference)


def _topic_said(text: str, leaving: bool = False) -> bool:
    """Whether the answer says something of its own beside its side step: a sentence before the first
    sentence that steps aside (:func:`_digressions`: "Calm water. How long is this going to take?"), or one
    after it that opens with a word returning to the topic (``asked.RETURN_MARKERS``: "is this anonymous?
    anyway, the calm water is what I go for") or states a want (``asked.WANT_WORDS``: "do they use their own
    water? I want a calm groomer"). Before a goodbye (``leaving``), a sentence in the present
    tense is the respondent's moment, the reason to go ("the van's here, I have a parcel run. goodbye"),
    not the topic (:func:`_in_the_present`). A side step that no sentence shows (a reading of the whole
    answer) leaves the answer its concepts, unless it is a goodbye."""
    spans = _digressions(text)
    if not spans and not leaving:
        return True  # the side step is read from the whole answer and found in no sentence: nothing to set apart
    first = min(a for a, _ in spans) if spans else len(text)
    start = 0
    for m in [*_SENTENCE_END.finditer(text), None]:
        end = m.end() if m else len(text)
        ws = [w for w in words(text[start:end]) if w not in closed().interjections or w in RETURN_MARKERS]
        sentence = text[start:end]
        if ws and end <= first and not _only_fillers(sentence) and not (leaving and _in_the_present(sentence)):
            return True
        outside = not any(a <= start < b for a, b in spans)
        if ws and start >= first and outside and (ws[0] in RETURN_MARKERS or WANT_WORDS & set(ws)):
            return True
        start = end
    return False


def _in_the_present(sentence: str) -> bool:
    """A sentence whose finite verbs are all in the present tense (at least one): "the van's here", "I've
    run dry on this"."""
    finite = [t.tag_ for t in parse(" ".join(sentence.split()))
              if t.tag_ in _FINITE_TAGS | {"VB"} and t.dep_ != "xcomp"]
    return bool(finite) and all(tag in ("VBZ", "VBP", "VB") for tag in finite)


def _frame_offsets(c: Clause) -> frozenset[int]:
    """Start offsets of the clause's words that belong to a discourse frame (``data/frames.yaml``):
    a meta comment anywhere ("I can't go deeper than that"), frames at the start ("to be honest", "the
    big one is", "what I mean is") and at the end ("... is just how it is", "every time")."""
    toks = tokens(c.text, c.start)
    ws = [t.word for t in toks]
    drop: set[int] = set()
    kept = list(range(len(ws)))
    joined = " ".join(ws)
    for m in frames().anywhere.finditer(joined):
        first = joined[:m.start()].count(" ") if m.start() else 0
        drop.update(range(first, first + len(m.group().split())))
    kept = [k for k in kept if k not in drop]
    for _ in range(MAX_PASSES):
        before = len(kept)
        rest = [ws[k] for k in kept]
        stripped = strip_leading_frame(rest)
        kept = kept[len(rest) - len(stripped):]
        rest = [ws[k] for k in kept]
        stripped = strip_trailing_frame(rest)
        kept = kept[:len(stripped)]
        if len(kept) == before:
            break
    keep = set(kept)
    return frozenset(t.start for k, t in enumerate(toks) if k not in keep)


def _names_nothing(label: str) -> bool:
    """A label with no content word once time remarks and frame vocabulary are left out ("compared to",
    "noticing"), or only a month, a weekday or a season ("march"); a one-word noun label ("Time.") names
    itself."""
    ws = words(label)
    if len(ws) == 3 and ws[0] == ws[2] and ws[1] in closed().prepositions:
        return False  # "month by month", "step by step": a way of doing, said by repeating a noun
    if all(w in closed().time_nouns or w in lexicon().stopwords for w in ws):
        return True  # "march" from "cracked since march": when, not what
    return not residue(ws, lexicon().stopwords) and not (len(ws) == 1 and not ws[0].endswith("ing"))


_LINKS = {"cause": "cause", "effect": "effect", "and": "and"}

# A question that asks for an episode or an example: its answer's story is what was asked, not backdrop.
_EPISODE_CUES = PhraseSet(["last time", "walk me through", "a time when", "a time you", "example", "happened",
                           "look like", "in practice", "tell me about"])


def _unit_spans(doc, offsets) -> list[tuple[int, int, Unit]]:
    """(start, end, unit) of the answer's discourse units (:func:`salience.units`), in answer offsets."""
    at = (lambda i: offsets[i]) if offsets is not None else (lambda i: i)
    return [(at(u.tokens[0].idx), at(u.tokens[-1].idx + len(u.tokens[-1].text) - 1) + 1, u)
            for u in units(doc) if u.tokens]


def _backdrop_spans(doc, spans: list[tuple[int, int, Unit]], question: str) -> list[tuple[int, int]]:
    """Answer spans of the discourse units that are backdrop (:mod:`salience`: a story in the past, a time
    set, someone else's doing, a question) when the answer states its point in so many words elsewhere (a
    conclusion marker, "for me", a want: "..., so for me it's quiet sessions"); none otherwise, or when the
    question asked for an episode or an example."""
    point = point_unit(doc, [u for _, _, u in spans])
    if point is None or not point.stated or _EPISODE_CUES.hits(stem_string(words(question))):
        return []
    return [(a, b) for a, b, u in spans if u.score < BACKDROP_BELOW]


def _unit_of(c: Clause, spans: list[tuple[int, int, Unit]]) -> int | None:
    """Index of the discourse unit clause ``c`` overlaps most; None when no unit overlaps it (an answer
    not parsed)."""
    overlap = [(min(b, c.end) - max(a, c.start), k) for k, (a, b, _) in enumerate(spans)]
    overlap = [(o, k) for o, k in overlap if o > 0]
    return max(overlap)[1] if overlap else None


def _prominence(unit: int | None, spans: list[tuple[int, int, Unit]]) -> str | None:
    """How the answer carries a concept said in unit ``unit``: the unit's prominence
    (:func:`salience.prominence`); None for no unit."""
    if unit is None:
        return None
    marked = any(u.score >= POINT_AT for _, _, u in spans)
    return prominence(spans[unit][2], marked)


def _elaborations(points: set[int], spans: list[tuple[int, int, Unit]]) -> dict[int, int]:
    """{unit: the point unit it elaborates} for the runs of units right after a point unit that say why it
    matters without a "because" (:func:`salience.elaborates`: an example, a story, a comparison, "that's
    the X"), past units that say nothing either way ("yes.": :func:`salience.passes_over`)."""
    out: dict[int, int] = {}
    for k in sorted(points):
        j = k + 1
        while j < len(spans) and (elaborates(spans[j][2]) or passes_over(spans[j][2])):
            if elaborates(spans[j][2]):
                out[j] = k
            j += 1
    return out


def _in_time_clause(c: Clause) -> bool:
    """A clause that only sets a time ("when I open the hive"): when, not why."""
    ws = words(c.text)
    return bool(ws) and ws[0] in TEMPORAL_MARKS


def _reason_carries_point(items: list[_Item], prominences: list[str | None],
                          elaborating: list[bool]) -> list[str | None]:
    """The reason or consequence given for the point ("I like X because Y", "X, so Y", "X. I work nights
    and Y") is the point too: it is where the answer goes next, and the one to ladder up from (X already
    has its "why"). ``elaborating``: per item, whether its unit elaborates a point unit."""
    out = list(prominences)
    for k in range(len(items)):
        caused = k and items[k].clause.link in ("cause", "effect") and out[k - 1] == "point"
        if (caused or elaborating[k]) and out[k] == "supporting":
            out[k] = "point"
    return out


def _reason_spans(clauses: list[Clause]) -> list[tuple[int, int]]:
    """Spans of the clauses whose next clause gives a reason or a consequence ("X, because ...", "X, so
    ..."): a concept said there already has its "why" in the answer, whether or not the reason names a
    concept of its own."""
    return [(c.start, c.end) for c, nxt in zip(clauses, clauses[1:]) if nxt.link in ("cause", "effect")]


# Indefinite pronouns that head a concept with what follows them ("someone who doesn't flinch",
# "somewhere to lock my bike", "something boring that just works").
_INDEFINITES = (INDEFINITES - {"nothing"}) | {"somewhere", "anywhere", "everywhere"}
MAX_FRAGMENT_WORDS = 7
_FINITE_TAGS = frozenset({"VBD", "VBP", "VBZ", "MD"})


def _restored(word: str) -> str:
    """An apostrophe-less contraction with its apostrophe ("doesnt" -> "doesn't"); other words as typed."""
    normal = norm_word(word)
    return normal if normal.replace("'", "") == word.lower() and normal != word.lower() else word


def _fragment_concepts(c: Clause, opens_sentence: bool) -> list[str]:
    """Labels of the verbless fragments of a clause the parse-based reader named nothing in: each comma part
    that, without its opening conjunctions and markers, is a bare gerund ("and fishing."), a noun phrase
    ("so whatever else, kindness") or an indefinite pronoun with what qualifies it ("someone who doesnt
    flinch"), in the respondent's words (an apostrophe-less contraction restored)."""
    from ..screen import screen_label  # the screen reads this package's grammar: imported late

    out: list[str] = []
    closed_ = closed()
    if not opens_sentence:
        return out  # "..., but laughing": a clause joined mid-sentence says more of the one before it
    for part in c.text.split(","):
        part = " ".join(part.split())
        toks = [t for t in parse(part) if not t.is_punct]
        while toks and toks[0].lower_ not in closed_.negations and (
                toks[0].pos_ in ("CCONJ", "SCONJ", "INTJ") or toks[0].lower_ in closed_.interjections
                or toks[0].lower_ in ("so", "just", "also", "then", "well")):  # "No strong feelings" keeps its "no"
            toks = toks[1:]
        while toks and toks[-1].lower_ in closed_.interjections:
            toks = toks[:-1]  # "..., tbh"
        if not toks or len(toks) > MAX_FRAGMENT_WORDS or any(len(t.text) > MAX_WORD_CHARS for t in toks):
            continue
        first = toks[0]
        roots = [t for t in toks if t.head.i == t.i]
        root = roots[0] if len(roots) == 1 else None
        # "someone who doesn't flinch" (the pronoun heads the part), not "everyone wants it" (its subject)
        indefinite = first.lower_ in _INDEFINITES and len(toks) > 1 and (root is first or (
            first.dep_ == "advmod" and root is not None and root.i == first.i + 2 and toks[1].lower_ == "to"))
        finite = [t for t in toks if t.tag_ in _FINITE_TAGS and not (indefinite and t.i > first.i)]
        if root is None or finite or any(t.dep_ in ("nsubj", "nsubjpass", "expl") for t in toks if not indefinite):
            continue
        # a phrase of modifiers ending in a noun is a noun phrase, whatever its parse ("unmarked vans" read as
        # an adjective with an object)
        phrase = toks[-1].pos_ in ("NOUN", "PROPN") and all(t.pos_ in ("ADJ", "NOUN", "PROPN", "DET", "NUM") for t in toks)
        head = toks[-1] if phrase else root
        named = head.pos_ in ("NOUN", "PROPN") and (head.lower_ not in closed_.general_nouns or len(toks) > 2)
        if not (indefinite or first.tag_ == "VBG" and root is first or first.pos_ in ("NOUN", "ADJ") and named):
            continue
        text = part[first.idx:toks[-1].idx + len(toks[-1].text)]
        label = re.sub(r"[A-Za-z']+", lambda m: _restored(m.group()), text)
        label = label if first.pos_ == "PROPN" else label[:1].lower() + label[1:]
        faults = [f for f in screen_label(label) if not (indefinite and f.startswith("starts with a subject"))]
        if faults or _names_nothing(label) or _no_concept(label):
            continue
        out.append(label)
    return out


_CAUSAL_LINKS = frozenset({"cause", "effect"})
_MODAL_LEMMAS = frozenset("will would shall should can could may might must".split())


def _predicate_concept(c: Clause, doc: tuple, asked: frozenset[str] = frozenset()) -> str | None:
    """The gerund phrase of a clause whose only content is what its subject does ("it should last" ->
    "lasting", "it nags at me" -> "nagging at me", "I don't waste time fiddling with it" -> "not wasting
    time fiddling with it"), or None. Read only for a clause on one side of a causal link: there the
    respondent says what leads to what, and the predicate is the concept even when its subject is a
    pronoun and its object names nothing (elsewhere "I just left" stays no concept). The verb must carry
    meaning of its own: not a light verb, a verb of framing ("I think"), a modal or an empty predicate,
    nor a bare past verb ("I just left"), nor a verb that only says its subject is important ("it just
    matters") or echoes the question (``asked``: the stems of the question's words: "why does it bother
    you?" - "it bothers me"), and the clause must not be negated in its subject."""
    parsed, offsets = doc
    at = (lambda t: offsets[t.idx]) if offsets is not None else (lambda t: t.idx)
    dropped = _frame_offsets(c)
    toks = [t for t in parsed if c.start <= at(t) < c.end and not t.is_space and at(t) not in dropped]
    ids = {t.i for t in toks}
    verbs = [t for t in toks if t.pos_ == "VERB" and (t.head.i == t.i or t.head.i not in ids)]
    if len(verbs) != 1:
        return None
    verb = verbs[0]
    lemma = verb.lemma_.lower()
    c_ = closed()
    rest = [t for t in toks if t.i > verb.i and not t.is_punct and verb in t.ancestors]
    empty = (lemma in c_.framing_verbs or lemma in lexicon().empty_predicates) and not _feeling_told(lemma, rest)
    if lemma in LIGHT_VERBS or lemma in _MODAL_LEMMAS or empty or stem_string([lemma]).strip() in asked \
            or f"{lemma}s" in _IMPORTANCE_VERBS or not _a_verb_that_tells(verb, lemma, rest):
        return None
    subjects = [k for k in verb.children if k.dep_ in ("nsubj", "nsubjpass", "expl")]
    if any(k.pos_ != "PRON" or k.lower_ in c_.negations for k in subjects):
        return None  # a named subject is read by the parse-based reader; "nobody ..." keeps its negation
    if verb.tag_ == "VBD" and not rest:
        return None  # "so in the end I just left": a bare past verb tells an event, not something held
    negated = any(k.dep_ == "neg" or k.lower_ == "never" for k in verb.children)
    said = "".join(("" if t.text.startswith("'") or t.lower_ == "n't" else " ") + _PERSON_FLIP.get(t.lower_, t.text)
                   for t in rest)  # "like I'm drowning": a contraction stays joined to its word
    label = " ".join(["not"] * negated + [gerund_of(lemma, verb.text)]) + said
    from ..screen import screen_label  # the screen reads this package's grammar: imported late

    if len(label.split()) > MAX_LABEL_WORDS or screen_label(label) or _names_nothing(label) or _no_concept(label):
        return None
    return label


# WordNet's lexicographer file of verbs of feeling (verb.emotion).
_EMOTION_FILE = "37"


def _feeling_told(lemma: str, rest: list) -> bool:
    """Whether a verb that usually frames what follows ("I feel like ...", "I'd feel ...") tells a feeling
    here: its first WordNet sense is a verb of feeling and what it governs has content of its own (a verb,
    an adjective or a noun: "I don't feel like I'm drowning"), not only a pronoun ("I love it")."""
    from .distress import _wordnet

    wordnet = _wordnet()
    senses = wordnet.synsets(lemma, "v")[:1] if wordnet is not None else []
    return bool(senses) and wordnet.lexfile(senses[0]) == _EMOTION_FILE \
        and any(t.pos_ in ("VERB", "ADJ", "NOUN", "PROPN") for t in rest)


# WordNet's lexicographer file of verbs of perceiving (verb.perception: "sound", "look", "smell").
_PERCEPTION_FILE = "39"


def _a_verb_that_tells(verb, lemma: str, rest: list) -> bool:
    """Whether ``verb`` (lemma ``lemma``) is an English verb with a sense in WordNet ("dunno", "aftercare" read
    as verbs are not) that says what happens: not, with nothing after it, a verb of saying ("genuinely
    asking", "just saying": a remark on the answer), nor a verb of perceiving linking its subject to an
    adjective ("it sounds the same", "it looks great": how something strikes the respondent, a judgement)."""
    from .distress import _wordnet

    wordnet = _wordnet()
    if wordnet is None:
        return True
    senses = wordnet.synsets(lemma, "v")
    if not senses:
        return False
    first = wordnet.lexfile(senses[0])
    linking = first == _PERCEPTION_FILE and any(
        k.dep_ in ("acomp", "attr", "oprd") and k.pos_ == "ADJ" for k in verb.children)
    return not linking and (bool(rest) or first != _SAYING_FILE)


def _specified(c: Clause) -> list[str]:
    """The label of the focus of a specificational clause (:func:`salience.specification`: "what I'd go for
    is the quiet, honestly" -> "quiet", "the main thing is the mooring" -> "mooring"), in the respondent's
    words without a leading determiner; [] for any other clause or a focus that is no clean label."""
    from ..screen import screen_label  # the screen reads this package's grammar: imported late

    part = c.text.split(",")[0]
    focus = specification(list(parse(" ".join(part.split()))))
    while focus and focus[0].pos_ == "DET" and focus[0].lower_ not in closed().negations:
        focus = focus[1:]
    if not focus or len(focus) > MAX_LABEL_WORDS:  # a whole noun phrase the frame points at, not a guess
        return []
    label = re.sub(r"[A-Za-z']+", lambda m: _restored(m.group()), focus[0].doc[focus[0].i:focus[-1].i + 1].text)
    label = label if focus[0].pos_ == "PROPN" else label[:1].lower() + label[1:]
    faults = [f for f in screen_label(label) if not f.startswith("starts with a subject")]
    return [] if faults or _names_nothing(label) or _no_concept(label) else [label]


# Verbs that join a concept to the respondent's judgement of it ("home visits sounding great in theory").
_JUDGING_VERBS = frozenset("being sounding seeming".split())
# Words between the verb and the judgement that carry none ("a really nice touch").
_GRADERS = frozenset("a an the really so very pretty quite just bit too rather".split())
# A word this valenced (VADER, -4..4) after the judging verb makes the rest a judgement ("fine", "fair",
# "ok" are judgements as much as "great" is: what is judged is the concept).
JUDGEMENT_VALENCE = 0.5
_PERSON_FLIP = {"your": "my", "yours": "mine", "yourself": "myself", "you": "me"}
# Verbs that end a clause saying only that its subject is important ("late opening matters").
_IMPORTANCE_VERBS = frozenset({"matters", "counts"})
_ABOUT = re.compile(r"^being (?:(?:for|to) \S+ )?(?:all )?about (.+)$")
_POINTING_SUBJECTS = frozenset({"that", "that's", "this", "this's"})


def _cleaned(label: str, clause_text: str) -> str | None:
    """The label as a short phrase in the respondent's own person, or None when it only points back:
    - a judgement after the concept is cut ("home visits sounding great in theory" -> "home visits"; "X being
      useless" -> "X"): the stance reader keeps the judgement, the label names what is judged;
    - a closing "matters" says only that the concept is important ("late opening matters" -> "late opening");
    - "being about X" is X ("for her it's about walking into school" -> "walking into school"), and "being
      X than Y" is "X than Y" ("it's cheaper than buying" -> "cheaper than buying");
    - a generic "you" in the respondent's words is the respondent ("a stranger in your living room" ->
      "a stranger in my living room");
    - a one-word noun said of "that" ("That's the list", "thats the win") names the answer itself, unless it
      is a bare noun naming a quality or a state ("that's dignity": :func:`_names_a_quality`), and the
      standard of a negated comparison ("Not like a newsreader.") is no concept of the respondent's: None."""
    ws = label.split()
    for k, w in enumerate(ws[1:], 1):
        if w.lower() not in _JUDGING_VERBS:
            continue
        head = [x for x in ws[:k] if x.lower() not in closed().function_words]
        rest = [x for x in ws[k + 1:] if x.lower() not in _GRADERS]
        from .valence import word_valence

        benefit = rest[1:2] == ["for"]  # "froth being great for lattes": what it is good for is the concept
        if head and rest and rest[0].lower() not in closed().prepositions and (
                not benefit and abs(word_valence(rest[0])) >= JUDGEMENT_VALENCE or _verdict(ws[k + 1:])):
            ws = ws[:k]  # "too fiddly for me" is a verdict still: "for me" is the respondent, no benefit
        break
    ws = _without_trailing_judgement(ws, clause_text)
    if len(ws) > 1 and ws[-1].lower() in _IMPORTANCE_VERBS:
        ws = ws[:-1]  # "24 hour access matters": the stance is the judgement, the label what matters
    m = _ABOUT.match(" ".join(ws))
    if m:
        ws = m.group(1).split()
    if len(ws) >= 4 and ws[0].lower() == "being" and ws[2].lower() == "than":
        ws = ws[1:]  # "being cheaper than a new phone": the comparison is the concept
    ws = [_PERSON_FLIP.get(w.lower(), w) for w in ws]
    said = [w for w in words(clause_text) if w not in closed().interjections]
    if len(ws) == 1 and said and said[0] in _POINTING_SUBJECTS and said[-1:] == [ws[0].lower()] and len(said) <= 5 \
            and not _names_a_quality(said[1:]):
        return None
    raw = words(clause_text)  # "like" is also a filler: read the words as said
    if raw[:2] == ["not", "like"] and [w.lower() for w in ws] == raw[-len(ws):]:
        return None  # "Looking like me. Not like a newsreader.": what it should not resemble, no concept
    return " ".join(_without_dangling_end(ws))


def _verdict(after: list[str]) -> bool:
    """Whether the words after a judging verb only give a verdict: an excess ("too much", "too long to
    commit": the degree word "too" before an adjective or adverb) or an article before a word that is no
    noun of the language ("a must", "a no": a closed-class word used as a noun)."""
    ws = [w.lower() for w in after]
    if len(ws) >= 2 and ws[0] == "too" and open_classes(ws[1]) & {"ADJ", "ADV"}:
        return True
    return len(ws) == 2 and ws[0] in ("a", "an") and ws[1] in closed().function_words


def _without_trailing_judgement(ws: list[str], clause_text: str = "") -> list[str]:
    """The label without a judgement said after its noun phrase with no verb ("forty five minutes fair",
    "wooden box over wicker good" -> "wooden box over wicker"): in a label with no verb, a last word that can
    be an adjective and has a valence (VADER), after a noun or a number in the label's own parse, and not read
    as the noun the phrase is about ("the craft fair", "sweaty fun") unless the clause sets it apart with a
    comma ("qualified fitter, good"); after a number it is part of the quantity ("four grand", "forty odd"),
    after a verb the state named ("feeling good")."""
    from .valence import word_valence

    last = ws[-1].lower()
    if len(ws) < 2 or ws[0].lower() == "being" or "ADJ" not in open_classes(last) \
            or abs(word_valence(last)) < JUDGEMENT_VALENCE:
        return ws  # "being Villa mad": the adjective is what the respondent is
    toks = [t for t in parse(" ".join(ws)) if not t.is_punct]
    if len(toks) < 2 or toks[-1].lower_ != last:
        return ws
    if any(t.pos_ in ("VERB", "AUX") and t is not toks[-1] for t in toks):
        return ws  # with a verb it may be a complement ("glaze being food safe", "keeping the bees calm")
    prev, tok = toks[-2], toks[-1]
    if prev.pos_ not in ("NOUN", "PROPN") or prev.lower_ in closed().function_words or prev.like_num \
            or not (prev.pos_ == "PROPN" or "NOUN" in open_classes(prev.lower_)) or tok.tag_ == "VBG":
        return ws  # no noun before it ("washable cover bc sick"), a quantity ("forty odd"), a gerund
    set_apart = re.search(rf",\s*{re.escape(last)}\W*$", clause_text.lower().rstrip()) is not None
    if not set_apart and tok.pos_ == "NOUN" and prev.head.i == tok.i:
        return ws  # the noun the phrase is about ("the craft fair", "sweaty fun")
    return ws[:-1]


def _without_dangling_end(ws: list[str]) -> list[str]:
    """The label without the words it ends on that point outside it: a closing adverb or conjunction that
    is a subordinator or coordinator ("working shifts at the hospital so", "going to a gig once", "being shut
    by then", "hotel before"), then the prepositions, determiners and conjunctions left hanging before it
    (read in the label's own parse; a particle stays: "giving up")."""
    c = closed()
    toks = [t for t in parse(" ".join(ws)) if not t.is_punct]
    if len(toks) != len(ws):
        return ws  # the parse splits a word ("gotta"): leave the label as it is
    n = len(ws)
    while n > 1 and toks[n - 1].pos_ in ("ADV", "SCONJ", "CCONJ") and not list(toks[n - 1].children) \
            and toks[n - 1].head.pos_ != "ADP" and ws[n - 1].lower() in c.subordinators | c.coordinators:
        n -= 1  # a bare word: "less so" (a degree word on it), "for once", "by then" (a preposition's) are phrases
    if n < len(ws):
        while n > 1 and toks[n - 1].dep_ != "prt" and toks[n - 1].pos_ in ("ADP", "DET", "CCONJ", "SCONJ"):
            n -= 1
    return ws[:n]


# WordNet roots of the nouns a predicate nominal names a quality or a state by ("that's dignity",
# "that's freedom"): what the respondent values, unlike "that's the list" or "that's the win".
_QUALITY_ROOTS = frozenset({"attribute", "feeling", "state"})


def _names_a_quality(rest: list[str]) -> bool:
    """Whether the words after a pointing "that's" are one bare noun (no determiner) whose first WordNet
    sense is a quality, a feeling or a state, and not a general noun ("thing", "way")."""
    from .grammar import noun_is_kind

    return len(rest) == 1 and rest[0] not in closed().general_nouns and "NOUN" in open_classes(rest[0]) \
        and noun_is_kind(rest[0], _QUALITY_ROOTS, 1)


def _mostly_within(c: Clause, spans: list[tuple[int, int]]) -> bool:
    """At least half of the clause's characters lie in the spans."""
    inside = sum(max(0, min(b, c.end) - max(a, c.start)) for a, b in spans)
    return c.end > c.start and 2 * inside >= c.end - c.start


def _items(clauses: list[Clause], doc: tuple, onto: CompiledOntology, known: dict[str, str],
           skip: list[tuple[int, int]] = (), backdrop: list[tuple[int, int]] = (), answer: str = "",
           reason_asked: str = "") -> list[_Item | None]:
    """One entry per concept of each clause (in clause order), or None for a clause without a concept,
    starting inside a ``skip`` span or lying mostly in a ``backdrop`` span. Repeated labels share an item.
    ``reason_asked``: the question, when it asked what its focus node leads to (:func:`_asks_for_reason`), so the
    answer's first concept-bearing clause is the other side of that causal link, read like a clause after
    "because" (:func:`_predicate_concept`: "Why does that matter? - I could relax in there" -> "relaxing
    in there"); a predicate that echoes the question names nothing new."""
    out: list[_Item | None] = []
    asked = frozenset(stem_string(words(reason_asked)).split())
    seen: dict[str, _Item] = {}
    carried: Clause | None = None  # a causal link whose own clause was only a frame
    parts = [part for clause in clauses for part in _list_items(clause, doc)]
    for n, c in enumerate(parts):
        if carried is not None and c.link == "comma":
            # "so in the end, looking after myself": the frame clause drops, its "so" moves on.
            c = replace(c, marker=carried.marker, link=carried.link)
        carried = None
        off_topic = any(a <= c.start < b for a, b in skip) or _no_concept(c.text) or _mostly_within(c, backdrop)
        specified = [] if off_topic else _specified(c)
        concepts = [] if off_topic else [_Fragment(label) for label in specified] or [
            k for k in span_concepts(doc[0], c.start, c.end, _frame_offsets(c), doc[1]) if not _names_nothing(k.label)]
        if not concepts and not off_topic:
            before = answer[:c.start].rstrip()
            if c.marker and before.lower().endswith(c.marker.lower()):
                before = before[:-len(c.marker)].rstrip()  # "... plughole. so whatever else, kindness"
            concepts = [_Fragment(label) for label in _fragment_concepts(c, not before or before[-1] in ".!?,;:")]
        answers_why = reason_asked and not any(out)
        if not concepts and not off_topic and (answers_why or c.link in _CAUSAL_LINKS
                                               or (n + 1 < len(parts) and parts[n + 1].link in _CAUSAL_LINKS)):
            concepts = [_Fragment(label) for label in [_predicate_concept(c, doc, asked if answers_why else frozenset())] if label]
        if not concepts:
            if c.link in ("cause", "effect"):
                carried = c
            out.append(None)
            continue
        for k, concept in enumerate(concepts):
            clause = c if not k else replace(c, marker="", link=_LINKS.get(concept.link, "and"))
            label = _cleaned(concept.label, c.text)
            if not label:
                continue
            label = known.get(label.lower(), label)
            if label.lower() in seen:
                out.append(seen[label.lower()])
                continue
            # The marker ("which means", "so in the end") is relation evidence, never type evidence.
            own = stem_string(words(clause.text))
            stems = stem_string([*clause.marker.split(), *words(clause.text)])
            item = _Item(clause, label, stems, onto.scores(own))
            seen[label.lower()] = item
            out.append(item)
    return out


def _span_quote(answer: str, a: Clause, b: Clause) -> str:
    return answer[min(a.start, b.start) : max(a.end, b.end)]


def _link(onto: CompiledOntology, src: _Item, tgt: _Item, max_loss: float, answer: str, origin: str,
          need_specific: bool = False) -> _Edge | None:
    """Type both ends so the pair is permitted (fixing their types) and pick the relation, or None."""
    if src.label.lower() == tgt.label.lower():
        return None  # never a self-loop
    pair = onto.type_pair(src.scores, tgt.scores, src.node_type, tgt.node_type, max_loss)
    if pair is None or (need_specific and not onto.specific_pair(*pair)):
        return None
    stems = src.stems + tgt.stems
    relation = onto.relation(pair[0], pair[1], stems, causal=origin == "explicit")
    if relation is None:
        return None
    src.node_type, tgt.node_type = pair
    return _Edge(src, tgt, relation, _span_quote(answer, src.clause, tgt.clause), origin)


def _values(item: _Item) -> bool:
    """Whether the clause says the respondent values its concept ("I like how creamy it is")."""
    return bool(lexicon().evaluative.hits(stem_string(words(item.clause.text))))


def _explicit_edges(onto, items: list[_Item | None], answer: str) -> list[_Edge]:
    edges = []
    for k, item in enumerate(items):
        if item is None or item.clause.link not in ("cause", "effect"):
            continue
        prev = next((p for p in reversed(items[:k]) if p is not None and p is not item), None)
        if prev is None:
            continue
        src, tgt = (item, prev) if item.clause.link == "cause" and not _values(prev) else (prev, item)
        # As typed first. An ontology that lists its permitted pairs (a means-end ladder) encodes the
        # causal order, so types bend to fit it; one that permits any pair orders by abstraction level
        # only, so the edge follows the level order instead ("it's stressful, so I order a kit": the
        # approach, level 1, addresses the pain, level 2).
        edge = _link(onto, src, tgt, 0.0, answer, "explicit")
        if edge is None and not onto.lists_pairs:
            edge = _link(onto, tgt, src, 0.0, answer, "explicit")
        edge = edge or _link(onto, src, tgt, MAX_RETYPE_LOSS, answer, "explicit")
        if edge:
            edges.append(edge)
    return edges


def _implicit_edges(onto, items: list[_Item | None], answer: str, linked: set[tuple[int, int]],
                    climbing: bool = False) -> list[_Edge]:
    """Neighbouring concepts not already linked, in whichever level order the ontology permits. ``climbing``
    (the answer to a question about what the focus leads to): the answer climbs in the order it speaks
    ("being kind to myself, feeling at peace"), so the said order is kept, the types bent to fit it (up to
    :data:`LADDER_RETYPE_LOSS` of evidence), before the reverse order is tried."""
    edges = []
    present = [i for i in items if i is not None]
    for prev, item in zip(present, present[1:]):
        if item is prev or item.clause.link in ("contrast", "cause", "effect"):
            continue
        if (id(prev), id(item)) in linked or (id(item), id(prev)) in linked:
            continue
        need_specific = not onto.has_levels
        edge = _link(onto, prev, item, 0.0, answer, "implicit", need_specific) or (climbing and _link(
            onto, prev, item, LADDER_RETYPE_LOSS, answer, "implicit", need_specific)) or _link(
            onto, item, prev, 0.0, answer, "implicit", need_specific
        )
        if edge:
            edges.append(edge)
            linked.add((id(edge.source), id(edge.target)))
    return edges


# How a question asks about its focus node, from its wording (English question forms, no domain word):
# "up" asks what the focus leads to (why it matters, what it gives), so the answer's concept is an effect
# of the focus; "down" asks what lies under it (what the respondent means, an example), so the answer's
# concept is a means or a part of it. A "down" cue outranks an "up" one ("what do you mean" is not "what
# does that mean to you").
_DOWN_CUES = PhraseSet(["do you mean", "you mean by", "you meant", "mean exactly", "example", "say more",
                        "a bit more", "another way", "look like", "in practice"])
_UP_CUES = PhraseSet(["why", "matter", "important", "give you", "do for you", "worth", "difference", "help you",
                      "bother", "problem for you", "make possible", "mean to you", "miss", "role", "behind"])
# A question that asks for something other than the focus ("what else comes to mind", "anything else")
# is answered with a new line of thought: its answer is not tied to the focus.
_OTHER_CUES = PhraseSet(["what else", "anything else", "something else", "other things", "other aspects", "apart from"])
# The question's own direction may retype the answer's first concept against this much evidence (two cues):
# "why does X matter to you" answered with Y makes Y at least X's level.
LADDER_RETYPE_LOSS = 2.0


def question_direction(question: str) -> str | None:
    """"up", "down", "other" (asks for something else) or None (no cue) for the question answered."""
    stems = stem_string(words(question))
    if _OTHER_CUES.hits(stems):
        return "other"
    if _DOWN_CUES.hits(stems):
        return "down"
    return "up" if _UP_CUES.hits(stems) else None


# Asked why the focus matters, a concept of the answer typed below the focus gives up this much evidence.
BELOW_FOCUS_PENALTY = 1.0


def _floor_at_focus(onto, request: ExtractionRequest, items: list[_Item | None]) -> None:
    """After a why-question about a node, the answer's concepts sit at or above the focus's level (what it
    leads to): the types below it lose :data:`BELOW_FOCUS_PENALTY` of evidence, so a concept with no
    evidence of its own is typed from the ladder's position rather than as the lowest rung."""
    focus = request.focus
    floor = onto.level.get(focus.node_type) if focus.kind == "node" else None
    if floor is None or question_direction(request.question) != "up":
        return
    _penalise_below(onto, [i for i in {id(i): i for i in items if i is not None}.values()
                           if i.label.lower() != (focus.label or "").lower()], floor)


def _penalise_below(onto, items: list[_Item], floor: int) -> None:
    """The types of ``items`` below level ``floor`` lose :data:`BELOW_FOCUS_PENALTY` of evidence."""
    for item in items:
        item.scores = {t: v - BELOW_FOCUS_PENALTY if (onto.level.get(t) or floor) < floor else v
                       for t, v in item.scores.items()}


def _raise_reasons(onto, unique: list[_Item], at: list[int | None], elaborated: dict[int, int]) -> None:
    """A concept said to explain a point (in a unit that elaborates it, :func:`_elaborations`) is what the
    point leads to: its types at or below the point's level lose :data:`BELOW_FOCUS_PENALTY` of evidence,
    so with no evidence of its own it sits one rung above the point ("blackout. I work nights and sleeping
    at noon is torture": sleeping at noon is a consequence of the blackout)."""
    for k, point in set(elaborated.items()):
        levels = [onto.level.get(onto.best_type(i.scores)) for i, u in zip(unique, at) if u == point]
        levels = [lv for lv in levels if lv is not None]
        if levels and max(levels) < max(onto.level.values(), default=0):
            _penalise_below(onto, [i for i, u in zip(unique, at) if u == k], max(levels) + 1)


def _conversational_edge(onto, request: ExtractionRequest, items: list[_Item | None]) -> _Edge | None:
    """The edge between the question's focus node and the answer's first new concept, in the direction the
    question asked: focus -> concept for a why-question (or no cue), concept -> focus for a question about
    what the focus means."""
    focus = request.focus
    if focus.kind != "node" or not focus.label or focus.node_type not in onto.level:
        return None
    first = next((i for i in items if i is not None and i.label.lower() != focus.label.lower()), None)
    if first is None:
        return None
    focus_item = _Item(first.clause, focus.label, "", {t: 0.0 for t in onto.level}, focus.node_type)
    direction = question_direction(request.question)
    if direction == "other":
        return None
    if direction == "down":
        return _link(onto, first, focus_item, MAX_RETYPE_LOSS, request.answer, "conversational")
    loss = LADDER_RETYPE_LOSS if direction == "up" else MAX_RETYPE_LOSS
    return _link(onto, focus_item, first, loss, request.answer, "conversational")


def _asks_for_reason(onto, request: ExtractionRequest) -> bool:
    """Whether the question asked what its focus node leads to: a node of the ladder as focus, and a
    question that is no request for something else nor for what the focus means (the cases in which
    :func:`_conversational_edge` ties the answer's first concept to the focus as its consequence)."""
    focus = request.focus
    return focus.kind == "node" and bool(focus.label) and focus.node_type in onto.level \
        and question_direction(request.question) not in ("down", "other")


def _root_edges(onto, request: ExtractionRequest, items: list[_Item | None], edges: list[_Edge],
                conversational: _Edge | None) -> list[_Edge]:
    """Edges from the focus to the answer's other roots: concepts that nothing else in the answer leads
    to. "I feel good about it, because I don't dread the long days" makes the reason lead to the feeling;
    asked why the focus matters, the reason is what the focus gives too. Not after a question about what
    the focus means (its answer lies under the focus)."""
    focus = request.focus
    if conversational is None or question_direction(request.question) == "down":
        return []
    led_to = {id(e.target) for e in [*edges, conversational]}
    roots = [i for i in {id(i): i for i in items if i is not None}.values()
             if id(i) not in led_to and i.label.lower() != focus.label.lower()]
    out = []
    for root in roots:
        focus_item = _Item(root.clause, focus.label, "", {t: 0.0 for t in onto.level}, focus.node_type)
        edge = _link(onto, focus_item, root, MAX_RETYPE_LOSS, request.answer, "conversational")
        if edge:
            out.append(edge)
    return out


def extract_offline(request: ExtractionRequest) -> tuple[ExtractionResult, list[str]]:
    """Nodes, edges and assessment of one answer; also returns the clause texts (SRL stage output)."""
    onto = compiled(request.methodology)
    answer = request.answer
    clauses = segment(answer)
    english = is_english(words(analysed_text(answer)))
    known = {label.lower(): label for label in request.known_labels}
    if english and clauses and not _off_the_topic(analysed_text(answer), request):
        text = analysed_text(answer)
        parsed, offsets = normalised(text)
        doc = parse(parsed)
        skip = _digressions(text) + question_spans(doc, offsets) + verdict_spans(doc, offsets)
        spans = _unit_spans(doc, offsets)
        items = _items(clauses, (doc, offsets), onto, known, skip, _backdrop_spans(doc, spans, request.question), text,
                       request.question if _asks_for_reason(onto, request) else "")
    else:
        items, spans = [None] * len(clauses), []
    reasons_at = _reason_spans(clauses)
    unique = list({id(i): i for i in items if i is not None}.values())
    at = [_unit_of(i.clause, spans) for i in unique]
    prominences = [_prominence(k, spans) for k in at]
    # A point that is itself a reason ("X, because I want Y. my dad tried it ...") is not what the
    # next units explain: they go back to X.
    causal = {k for i, k in zip(unique, at) if i.clause.link in ("cause", "effect")}
    elaborated = _elaborations({k for k, p in zip(at, prominences) if p == "point" and k is not None} - causal, spans)
    prominences = _reason_carries_point(unique, prominences, [k in elaborated and not _in_time_clause(i.clause)
                                                              for i, k in zip(unique, at)])

    # The question's edge first: what it asked types the answer's concepts against the focus.
    _raise_reasons(onto, unique, at, elaborated)
    _floor_at_focus(onto, request, items)
    conversational = _conversational_edge(onto, request, items)
    edges = _explicit_edges(onto, items, answer)
    linked = {(id(e.source), id(e.target)) for e in edges}
    edges += _implicit_edges(onto, items, answer, linked, question_direction(request.question) == "up")
    edges += _root_edges(onto, request, items, edges, conversational)

    elements = matcher(request.concept)
    nodes = []
    for n, item in enumerate(unique):
        item.node_type = item.node_type or onto.best_type(item.scores)
        element = elements.match(stem_string(words(item.clause.text)))
        if element is None and n == 0 and request.focus.kind == "element":
            element = request.focus.id  # an answer to an element question is about that element
        stance, reaction = stance_and_reaction(item.clause.text, item.stems)
        reason = any(a <= item.clause.start < b for a, b in reasons_at) or (
            prominences[n] == "point" and at[n] is not None and at[n] in elaborated.values())
        nodes.append(ExtractedNode(label=item.label, node_type=item.node_type, quote=item.clause.text,
                                   element_mapping=element, reaction=reaction, stance=stance,
                                   prominence=prominences[n], reason_given=reason))
    out_edges = [
        ExtractedEdge(source_label=e.source.label, target_label=e.target.label, relation_type=e.relation,
                      quote=e.quote, origin=e.origin)
        for e in edges
    ]
    if conversational:
        out_edges.insert(0, ExtractedEdge(
            source_label=conversational.source.label, target_label=conversational.target.label,
            relation_type=conversational.relation, quote=conversational.source.clause.text, origin="conversational"))
    # A new concept tied to the question's focus answers the question's "why": it is a reason too.
    reasons = sum(1 for e in edges if e.origin == "explicit") + (1 if conversational else 0)
    features = AnswerFeatures(concepts=len(unique), reasons=reasons, clauses=len(clauses))
    assessment = assess(analysed_text(answer), features)
    return ExtractionResult(nodes=nodes, edges=out_edges, assessment=assessment), [c.text for c in clauses]
