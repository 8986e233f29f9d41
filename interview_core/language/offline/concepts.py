"""Concept labels from the dependency parse (:mod:`interview_core.text.parse`): a short noun or gerund
phrase in the respondent's words for each concept a clause names.

A clause is a character span of the answer's one parse. Its local roots (tokens whose head lies outside
the span) are read by part of speech and dependency:

- a noun: its noun phrase (the head with its modifiers, prepositional attachments, a participle after
  it), without a leading article, relative or adverbial clauses, appositions or conjuncts; each noun
  conjunct is a concept of its own ("tomatoes and beans" -> two). A general noun ("a bit of a disaster",
  "the thing") hands over to its "of" object or names nothing; a pronoun or an interjection ("idk",
  "meh") names nothing.
- a verb: a gerund phrase, "verb-ing + particle + objects and complements" ("I'd stop heating the
  place" -> "heating the place"), negation kept as "not verb-ing", auxiliaries and modals dropped; a
  pronoun subject is dropped ("I", "we", "it"), a noun subject kept in front ("HMRC coming after me"); a
  clausal subject is the concept ("tuning it myself sounds great" -> "tuning it myself"). A finite
  framing or attitude verb ("I think", "I love", "noticed") hands over to its complement; a verb of
  wanting or using with a noun object names the object. A copula with a noun subject names the subject;
  with a pronoun subject, its noun complement or "being + adjective or prepositional phrase". A light
  verb with nothing but particles or pronouns ("if they take over"), or a bare verb about "it"/"that"
  ("that matters"), names nothing.
- interjections, discourse markers and hedges (``UH``, ``intj``, ``discourse``, "honestly",
  "probably") are never part of a label.
Adverbial clauses (mark: if / when / because ...) become concepts of their own, linked to the concept
they modify; relative clauses are cut. A label's head is a noun, a proper noun or a gerund, and a label
has at most MAX_LABEL_WORDS words (later attachments are dropped first).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import re

from lemminflect import getAllLemmas, getInflection

from ...text.lexicon import lexicon
from .frames import frames
from .grammar import LIGHT_VERBS, closed, verb_lemma

MAX_LABEL_WORDS = 8
SHORT_RELATIVE_WORDS = 6  # a noun with its relative clause ("coach that starts with treading water")
_CLEFT_SUBJECTS = frozenset({"it", "that", "this"})  # "it's the stove that matters", "that's the bit that ..."
MAX_WORD_CHARS = 30  # longer "words" are noise (a pasted hash, a key held down)
_NOUNS = frozenset({"NOUN", "PROPN"})
_VERBS = frozenset({"VERB", "AUX"})
_WH_TAGS = frozenset({"WRB", "WP", "WDT", "WP$"})
# What a verb keeps (besides its negation); what a noun keeps; what nested phrases keep.
_VERB_KEEP = frozenset({"dobj", "dative", "prt", "attr", "acomp", "oprd", "xcomp", "prep", "ccomp", "advmod",
                        "agent", "obj", "iobj", "compound"})
_NOUN_KEEP = frozenset({"amod", "compound", "nummod", "poss", "nmod", "prep", "quantmod", "acl", "advmod",
                        "case", "det", "pobj", "pcomp", "dobj", "prt", "neg", "predet", "attr", "acomp", "aux",
                        "nsubj", "mark", "xcomp", "ccomp", "dative", "oprd", "agent", "advcl", "expl", "conj", "cc"})
_ARTICLES = frozenset({"a", "an", "the"})
_ANAPHORS = frozenset({"it", "that", "this", "which", "these", "those", "they", "there"})
_CAUSE_MARKS = frozenset({"because", "cos", "cause", "since", "as"})
_EFFECT_MARKS = frozenset({"so"})
_EMPTY_ADVERBS = frozenset({"again", "too", "also", "then", "there", "here", "now", "even", "still", "ever", "so",
                            "as", "either", "anyway", "though"})
_TIME_UNITS = frozenset({"second", "minute", "hour", "day", "night", "week", "weekend", "month", "year", "age",
                         "decade", "while", "bit"})
_WORD = re.compile(r"[A-Za-z]+")
_ITS_FOLLOWERS = frozenset({"a", "an", "the", "not", "been", "so", "just", "really", "more", "less", "too", "very",
                            "always", "never", "all", "gonna", "going", "like", "fine", "ok", "okay", "only"})
# General nouns that only point back to something said; never a concept without a modifier of content.
_POINTING_NOUNS = frozenset({"thing", "things", "stuff", "one", "ones", "bit", "bits", "lot", "lots", "kind", "sort",
                             "type", "way", "ways", "something", "anything", "everything", "nothing", "part", "aspect",
                             "side", "case", "fact", "deal", "point", "matter", "question", "answer", "someone",
                             "anyone", "everyone"})
_EMPTY_PHRASES = frozenset({"at least", "at most", "at all", "at the end", "in the end", "of course", "for sure"})
_ALTERNATIVES = frozenset({"instead", "rather"})
_CONTRACTED_BE = frozenset({"s", "'s", "re", "'re", "m", "'m"})


def normalised(text: str) -> tuple[str, list[int] | None]:
    """The text as the parser should read it, and for each of its characters (plus the end) the offset in
    ``text`` it came from (None when unchanged). "its" typed for "it's" (not before a word that can be a
    noun: "its battery" stays) gets its apostrophe; words typed in capitals for emphasis ("it FOAMS
    properly") are lowered when they are English words (an acronym such as "HMRC" is not)."""
    out: list[str] = []
    offsets: list[int] = []
    pos = 0
    changed = False
    for m in _WORD.finditer(text):
        out.append(text[pos:m.start()])
        offsets.extend(range(pos, m.start()))
        word, nxt = m.group(), _WORD.match(text, m.end() + 1) if m.end() < len(text) and text[m.end()] == " " else None
        new = word
        if word.lower() == "its" and nxt is not None and _not_a_noun(nxt.group().lower()):
            new = word[:2] + "'" + word[2:]
        elif len(word) >= 3 and word.isupper() and getAllLemmas(word.lower()):
            new = word.lower()
        changed |= new != word
        out.append(new)
        offsets.extend(m.start() + min(k, len(word) - 1) for k in range(len(new)))
        pos = m.end()
    out.append(text[pos:])
    offsets.extend(range(pos, len(text) + 1))
    return ("".join(out), offsets) if changed else (text, None)


def _not_a_noun(word: str) -> bool:
    return word in _ITS_FOLLOWERS or not ({"NOUN", "PROPN"} & set(getAllLemmas(word))) and bool(getAllLemmas(word))


@dataclass(frozen=True)
class Concept:
    """A concept a clause names: its label and how it relates to the concept before it in the clause
    ("" for the first: the clause's own link; "and"; "cause": it causes the one before; "effect")."""

    label: str
    link: str


@lru_cache(maxsize=1)
def _filler_words() -> frozenset[str]:
    lex = lexicon()
    singles = {seq[0] for seqs in (lex.leading_fillers, lex.trailing_fillers, lex.inner_fillers) for seq in seqs
               if len(seq) == 1}
    return frozenset(singles | closed().interjections)


@lru_cache(maxsize=1)
def _evaluative_words() -> frozenset[str]:
    """Complements that only say something matters: the words after "is" in the evaluative lexicon."""
    return frozenset(p.split()[-1] for p in lexicon().evaluative.phrases if p.startswith("is "))


def gerund_of(lemma: str, text: str) -> str:
    """'take' -> 'taking' (from the lemma; the written form when it has no -ing form)."""
    return _gerund(lemma.lower(), text.lower())


@lru_cache(maxsize=4096)
def _gerund(lemma: str, text: str) -> str:
    if lemma == "be" or text in _CONTRACTED_BE:
        return "being"
    if text.endswith("ing") and (lemma.endswith("ing") or text in (getInflection(lemma, "VBG") or ())):
        return text
    if lemma.endswith("ing") and not getInflection(lemma, "VBG"):
        return lemma
    forms = getInflection(lemma, "VBG")
    return forms[0] if forms else text


def _lemma(tok) -> str:
    return "be" if tok.lower_ in _CONTRACTED_BE and tok.pos_ in _VERBS else tok.lemma_.lower()


def _content(tok) -> bool:
    """A word that carries content in a phrase: not a function word, pronoun, indefinite, filler or time
    remark ("for months", "every day")."""
    if tok.is_punct or tok.pos_ in ("ADP", "PRON", "DET", "PART", "CCONJ", "SCONJ", "AUX", "INTJ"):
        return False
    w = tok.lower_
    if w in closed().general_nouns and any(c.dep_ in ("amod", "relcl", "acl", "compound", "prep") for c in tok.children):
        return True  # "buying things I'll only use once"
    if tok.pos_ == "ADV" and tok.i > tok.head.i and tok.head.pos_ in _VERBS:
        return not _hedge(tok) and w not in _EMPTY_ADVERBS  # "foams well", "sleeping properly"
    return not (w in lexicon().stopwords or _hedge(tok) or w in closed().general_nouns
                or w in closed().time_nouns or frames().time.fullmatch(w) or tok.like_num and tok.head.pos_ in _VERBS)


def _time_remark(tok) -> bool:
    """A prepositional or adverbial attachment that only says when or how long ("for days", "for two
    weeks", "every morning")."""
    if tok.lower_ == "ago":
        return True  # "two years ago"
    if tok.dep_ not in ("prep", "npadvmod"):
        return False
    words = [w for w in tok.subtree]
    if frames().time.fullmatch(" ".join(w.lower_ for w in words)):
        return True
    return tok.dep_ == "prep" and tok.lower_ in ("for", "in", "over", "within") and all(
        w.i == tok.i or w.like_num or w.lemma_.lower() in _TIME_UNITS or w.pos_ == "DET" for w in words)


def question_spans(doc, offsets=None) -> list[tuple[int, int]]:
    """Answer spans of the sentences that are questions in form without a question mark ("how long is
    this going to take", "whats the point of this survey", "is this anonymous btw"): a wh-word followed by
    an auxiliary, or an auxiliary opening the sentence before its subject."""
    at = (lambda i: offsets[i]) if offsets is not None else (lambda i: i)
    spans = []
    for sent in doc.sents:
        toks = [t for t in sent if not (t.is_punct or _is_filler(t) or t.lower_ in closed().interjections)]
        if len(toks) < 2 or sent.text.rstrip().endswith("?"):
            continue
        first, k = toks[0], 1
        if first.tag_ in ("WRB", "WP", "WDT"):
            while k < len(toks) and toks[k].head.i == first.i or (k < len(toks) and toks[k].i == first.head.i
                                                                   and toks[k].pos_ in ("ADJ", "ADV", "NOUN")):
                k += 1  # "how long", "what kind"
            if k < len(toks) and (toks[k].pos_ == "AUX" or _lemma(toks[k]) == "be") and toks[k].dep_ != "ccomp":
                spans.append((at(sent.start_char), at(sent.end_char)))
        elif first.pos_ == "AUX" and first.dep_ in ("ROOT", "aux") and toks[1].dep_ in ("nsubj", "expl") \
                and toks[1].pos_ == "PRON":
            spans.append((at(sent.start_char), at(sent.end_char)))
    return spans


def _past_form(word: str) -> bool:
    """A noun spelled like a past-tense verb ("stove", "left"): bare, a reader takes it for the verb."""
    lemma = verb_lemma(word)
    return lemma is not None and lemma != word and word in (getInflection(lemma, "VBD") or ())


def _names_something(label: str) -> bool:
    """Some content is left once the gerund, time remarks ("for months") and frame vocabulary go."""
    ws = label.lower().split()
    rest = [w for w in ws if w not in ("not", "being") and not (w.endswith("ing") and w == ws[0 if ws[0] != "not" else 1])]
    if len(rest) == len(ws):
        return True  # no gerund: a noun phrase
    left = frames().time.sub(" ", " ".join(rest)).split()
    return any(w not in closed().function_words and w not in frames().non_content and len(w) > 1 for w in left) \
        or any(w in ("well", "better", "worse") for w in left)


def _is_filler(tok) -> bool:
    return tok.pos_ == "INTJ" or tok.tag_ == "UH" or tok.dep_ in ("intj", "discourse")


def _hedge(tok) -> bool:
    """A hedge or sentence adverb without dependents: before its head any filler word ("honestly",
    "probably", "just"), after it only a trailing or inner filler ("really", "maybe"), so "foams well"
    keeps "well"; a degree word before an adjective ("too long") is none."""
    if tok.pos_ not in ("ADV", "PART", "INTJ", "ADJ") or tok.dep_ not in ("advmod", "intj", "discourse", "npadvmod") \
            or list(tok.children):
        return False
    lex = lexicon()
    if tok.i > tok.head.i:
        return (tok.lower_,) in lex.trailing_fillers or (tok.lower_,) in lex.inner_fillers
    if tok.head.pos_ in ("ADJ", "ADV") and (tok.lower_,) not in lex.inner_fillers:
        return False
    return tok.lower_ in _filler_words()


class _Reader:
    """Phrases of one clause span."""

    def __init__(self, doc, start: int, end: int, dropped: frozenset[int] = frozenset(), offsets=None):
        at = (lambda t: offsets[t.idx]) if offsets is not None else (lambda t: t.idx)
        self.toks = [t for t in doc if start <= at(t) < end and not t.is_space and at(t) not in dropped
                     and len(t.text) <= MAX_WORD_CHARS]
        self.ids = {t.i for t in self.toks}
        self.c = closed()
        self.lex = lexicon()

    def roots(self) -> list:
        return [t for t in self.toks if (t.head.i == t.i or t.head.i not in self.ids) and not t.is_punct]

    def kids(self, tok, deps=None) -> list:
        return [c for c in tok.children if c.i in self.ids and (deps is None or c.dep_ in deps)]

    # -- subtrees ----------------------------------------------------------------------------------
    def _subtree(self, tok, keep: frozenset[str], top: bool) -> list:
        out = [tok]
        for child in self.kids(tok):
            if child.tag_ in _WH_TAGS and child.dep_ != "nsubj" and not top:
                out.append(child)  # "knowing where my food comes from": the wh-word stays
                continue
            if child.tag_ == "HYPH":
                out.append(child)  # "built-in"
                continue
            if child.dep_ not in keep or _is_filler(child) or _hedge(child) or child.lower_ in _ALTERNATIVES \
                    or any(g.lower_ in _ALTERNATIVES for g in child.children):
                continue
            if child.dep_ == "advmod" and " ".join(w.lower_ for w in child.subtree) in _EMPTY_PHRASES:
                continue  # "at least", "at all"
            if child.dep_ == "advmod" and tok.pos_ not in ("ADJ", "ADV") and (
                    child.i < tok.i and not list(child.children)
                    or all(w.lower_ in self.lex.stopwords for w in child.subtree)):
                continue  # "just", "at least", "again" (but "too long" keeps its degree word)
            if top and child.dep_ == "det" and child.i < tok.i and child.lower_ in _ARTICLES:
                continue  # "the price" -> "price" (an article inside the phrase stays)
            if _time_remark(child):
                continue  # "for days", "every morning": a time remark
            if child.dep_ == "advcl" and top:
                continue
            if top and child.dep_ in ("conj", "cc"):
                continue
            out += self._subtree(child, _NOUN_KEEP, top=False)
        return out

    # -- noun phrases ------------------------------------------------------------------------------
    def noun_phrase(self, tok, bare_general: bool = False) -> list | None:
        """The tokens of the noun phrase headed by ``tok``, or None when it names nothing. A general noun
        ("things", "time") names something only with ``bare_general`` (a subject of its own verb, a
        one-word sentence) or with a modifier of content."""
        negative = tok.lower_ in self.c.negations and self.kids(tok, {"amod", "acl"})
        if tok.lower_ in ("someone", "somebody", "something") and self.kids(tok, {"relcl"}):
            return [t for t in tok.subtree if t.i in self.ids and not t.is_punct]  # "someone who fixes things"
        if not negative and (tok.pos_ == "PRON" or tok.lower_ in self.c.function_words or tok.lower_ in _filler_words()):
            return None  # a pronoun names nothing, but "nothing sugary added" does
        if tok.lower_ in self.c.general_nouns and not negative:
            of = [p for p in self.kids(tok, {"prep"}) if p.lower_ == "of"]
            objects = [o for p in of for o in self.kids(p, {"pobj"})]
            if objects:
                return self.noun_phrase(objects[0])  # "a bit of a disaster" -> "disaster"
            mods = [m for m in self.kids(tok, {"amod", "compound", "nmod", "poss"})
                    if m.lower_ not in self.c.function_words and m.pos_ != "ADJ"]
            if not mods and not bare_general:
                return None  # "the big one", "things"
        if _quantity(tok):
            # "40 for six weeks", "95 for two": what the number counts is its own words, no time remark
            toks = [tok] + [t for c in self.kids(tok, {"prep", "npadvmod", "nummod", "quantmod"}) for t in c.subtree
                            if t.i in self.ids and not t.is_punct]
            return self._trim(toks, tok)
        toks = self._subtree(tok, _NOUN_KEEP - {"nsubj", "aux", "mark", "expl"}, top=True)
        toks += self._short_relative(tok, toks)
        article = [d for d in self.kids(tok, {"det"}) if d.lower_ in _ARTICLES and d.i < tok.i]
        if len(toks) == 1 and article and _past_form(tok.lower_):
            toks = article[:1] + toks  # "the stove", not "stove", which reads as a verb form
        return self._trim(toks, tok)

    def _short_relative(self, head, toks: list) -> list:
        """A relative clause whose relative pronoun is its subject ("a coach that starts with treading water")
        says which thing is meant: it stays with its noun when the whole phrase is at most
        SHORT_RELATIVE_WORDS words and the clause is all in this span; a longer one is left out."""
        if head.dep_ == "attr" and any(k.dep_ in ("nsubj", "expl") and k.lower_ in _CLEFT_SUBJECTS
                                       for k in head.head.children):
            return []  # "it's the stove that matters" (a cleft): the clause is what is said of the noun, not which one
        for rel in self.kids(head, {"relcl"}):
            subject = self._subject(rel)
            if subject is None or subject.tag_ not in ("WDT", "WP") or subject.i < head.i:
                continue
            words = [t for t in rel.subtree if not t.is_punct]
            if any(t.i not in self.ids for t in words) or any(
                    t.dep_ in ("relcl", "ccomp", "advcl") for t in words if t is not rel):
                continue  # cut by the clause splitter, or a clause inside the clause
            if sum(not t.is_punct for t in toks) + len(words) <= SHORT_RELATIVE_WORDS:
                return words
        return []

    def _trim(self, toks: list, head) -> list | None:
        """At most MAX_LABEL_WORDS (the last attachment after the head goes first), no dangling words."""
        toks = sorted({t.i: t for t in toks}.values(), key=lambda t: t.i)
        while sum(not t.is_punct for t in toks) > MAX_LABEL_WORDS:
            ids = {t.i for t in toks}
            last = max((t for t in toks if t.i > head.i and t.head.i in ids and t.head.i != t.i), default=None,
                       key=lambda t: t.i)
            if last is None or last.i == toks[-1].i and len(toks) <= 1:
                toks = toks[:MAX_LABEL_WORDS]
                break
            cut = {t.i for t in last.subtree}
            toks = [t for t in toks if t.i not in cut]
        cut = _without_empty_wh_tail(toks, head)
        if len(cut) < len(toks) and not any(t.pos_ in ("NOUN", "PROPN", "ADJ", "NUM") for t in cut):
            return None  # "not wanting to go into what it was": nothing is said but that something is not said
        toks = cut
        has_wh = any(t.tag_ in _WH_TAGS for t in toks)
        while len(toks) > 1 and toks[-1].i > head.i:
            last = toks[-1]
            if last.lower_ in self.c.interjections and last.lower_ not in self.c.negations and last.pos_ in ("NOUN", "INTJ", "PROPN"):
                toks = toks[:-1]  # "... adult lol"
            elif last.lower_ in _ANAPHORS and last.dep_ == "pobj" and len(toks) > 2 and toks[-2].i == last.head.i:
                toks = toks[:-2]  # "added to it" -> "added"
            elif last.dep_ != "prt" and (last.is_punct or last.pos_ in ("CCONJ", "SCONJ", "DET", "AUX", "PART") or (
                    last.pos_ == "ADP" and not (has_wh and last.dep_ == "prep"))):
                toks = toks[:-1]
            else:
                break
        while len(toks) > 1 and toks[0].i < head.i and (toks[0].is_punct or toks[0].pos_ in ("CCONJ", "SCONJ")
                                                        or (toks[0].lower_ in _filler_words()
                                                            and toks[0].pos_ in ("INTJ", "ADV", "PART"))):
            toks = toks[1:]
        return toks or None

    # -- verb phrases ------------------------------------------------------------------------------
    def _subject(self, verb):
        return next(iter(self.kids(verb, {"nsubj", "nsubjpass", "csubj"})), None)

    def alternative_at(self, head) -> int:
        """Index of an "instead (of)" / "rather (than)" inside ``head``'s phrase, or past the end."""
        marks = [t.i for t in head.subtree if t.lower_ in _ALTERNATIVES and t.i in self.ids and t.i > head.i]
        return min(marks, default=len(head.doc))

    def negated(self, verb) -> bool:
        return any(c.dep_ == "neg" or c.lower_ == "never" for c in self.kids(verb))

    def verb_phrase(self, verb) -> list | None:
        """Tokens of the gerund phrase of ``verb`` (rendered with the verb as its -ing form)."""
        lemma = _lemma(verb)
        subject = self._subject(verb)
        if subject is not None and subject.lower_ in self.c.negations:
            return None  # "nobody fixed anything": the negation sits in the subject, and a label would lose it
        if subject is not None and subject.dep_ == "csubj":
            return self.verb_phrase(subject)  # "tuning it myself sounds great": the subject is the concept
        finite = verb.tag_ in ("VBD", "VBP", "VBZ", "MD") or bool(self.kids(verb, {"aux"}))
        complements = self.kids(verb, {"ccomp", "xcomp"})
        framing = lemma in self.c.framing_verbs or verb.lower_ in self.c.framing_verbs
        if framing and verb.tag_ not in ("VBG", "VBN") and verb.dep_ in ("ROOT", "conj") and not complements \
                and not any(c.dep_ in ("nsubj", "aux", "mark", "dobj", "acomp", "attr") for c in verb.children):
            return None  # "imagine at some factory", "forget it": an aside to the listener
        if framing and complements and finite and not self.negated(verb):
            return self.head_phrase(complements[0])  # "I think ...", "I love riding to work", "noticed was ..."
        if lemma == "be":
            return self.copula(verb, subject)
        if lemma == "use" and verb.tag_ == "VBD" and any(a.lower_ == "to" for x in complements for a in x.children):
            return None  # "Sunday used to be washing day": a past habit, not something held now
        if verb.tag_ == "MD" or lemma in ("will", "would", "shall", "should", "can", "could", "may", "might", "must"):
            return None  # a modal left without its verb
        objects = self.kids(verb, {"dobj"})
        if lemma == "have" and subject is not None and subject.lower_ in _ANAPHORS and objects \
                and objects[0].pos_ in _NOUNS and not self.negated(verb):
            return self.noun_phrase(objects[0])  # "it has no added sugar": a property of the thing
        if lemma in self.lex.empty_predicates and lemma not in LIGHT_VERBS and objects and objects[0].pos_ in _NOUNS and finite \
                and not self.negated(verb):
            return self.noun_phrase(objects[0])  # "I want a lighter one": the object names the concept
        body, timed = [verb], []
        alternative = self.alternative_at(verb)
        for child in self.kids(verb, _VERB_KEEP):
            if child.i > alternative:
                continue  # "buying local honey instead of the supermarket stuff": the alternative is its own
            if (child.dep_ == "ccomp" and child.i < verb.i) or child.lower_ in _ALTERNATIVES \
                    or any(g.lower_ in _ALTERNATIVES for g in child.children):
                continue
            if " ".join(w.lower_ for w in child.subtree) in _EMPTY_PHRASES:
                continue
            sub = self._subtree(child, _NOUN_KEEP, top=False)
            if _time_remark(child) or (child.dep_ == "prep" and any(w.pos_ in _NOUNS for w in sub)
                                       and all(not _content(w) for w in sub)):
                timed.append(child)
                continue
            if child.dep_ == "advmod" and child.i < verb.i and not list(child.children):
                continue
            if not (_is_filler(child) or _hedge(child)):
                body += self._subtree(child, _NOUN_KEEP, top=False)
        prefix = []
        if subject is not None and subject.pos_ in _NOUNS:
            prefix = self.noun_phrase(subject, bare_general=True) or []  # "things getting lost"
        content = [t for t in prefix + body if t.i != verb.i and _content(t)]
        if not content and any(w.pos_ in _NOUNS for c in timed for w in c.subtree):
            # "paying for months", "staying until the summer": when nothing else is said, the time is the content
            body += [w for c in timed for w in self._subtree(c, _NOUN_KEEP, top=False)]
            content = [w for c in timed for w in c.subtree if w.pos_ in _NOUNS]
        passive = verb.tag_ == "VBN" and bool(self.kids(verb, {"auxpass"}))  # "I'd be mortified", "not getting stung": a state
        negated_stance = self.negated(verb) and lemma not in LIGHT_VERBS  # "not wasting it"
        if not content and (framing or lemma in LIGHT_VERBS or not (prefix or passive or negated_stance)):
            return None  # "I guess", "if they take over", "that matters", "I just left", "compared to that"
        return self._trim(prefix + body, verb)

    def copula(self, verb, subject) -> list | None:
        """"the price is a bit steep" -> the subject; "it's a disaster" -> the complement; "it's cheap"
        -> "being cheap"; "I'm in control of my money" -> "being in control of my money"."""
        rest = [c for c in self.kids(verb, {"acomp", "prep", "oprd", "attr"}) if not _hedge(c)]
        equated = any(w.like_num for c in rest for w in c.subtree)
        if subject is not None and (subject.pos_ in _NOUNS or _quantity(subject) and not equated):
            # a quantity said to be another ("72 for six weeks is 12 a go") is read as before: the second one
            phrase = self.noun_phrase(subject)
            if phrase:
                said = [c for c in rest if not self._evaluative(c) and not (
                    c.dep_ == "attr" and c.lower_ in self.c.general_nouns)
                    and not (_quantity(subject) and c.pos_ in ("ADJ", "ADV"))]  # "40 for six weeks is decent"
                if not said:
                    return phrase  # "the price is the main thing", "fresh air is important"
                body = [*phrase, verb]  # "the carton is recyclable" -> "carton being recyclable"
                for child in said:
                    body += self._subtree(child, _NOUN_KEEP, top=False)
                return self._trim(body, phrase[0] if len(phrase) == 1 else subject)
        attr = [a for a in self.kids(verb, {"attr"}) if a.pos_ in _NOUNS or (
            a.lower_ in self.c.negations and self.kids(a, {"amod", "acl"}))  # "there's nothing sugary added"
            or (a.lower_ in ("someone", "somebody", "something") and self.kids(a, {"relcl"}))]
        if attr and (subject is None and verb.tag_ == "VBG" or subject is not None and subject.lower_ in ("i", "we", "you")):
            phrase = self.noun_phrase(attr[0])  # "when you're a student" -> "being a student"
            det = [d for d in self.kids(attr[0], {"det"}) if d.lower_ in _ARTICLES]
            return [verb, *det, *phrase] if phrase else None
        if attr:
            return self.noun_phrase(attr[0])
        rest = [c for c in rest if c.dep_ != "attr"]
        if not rest:
            return None
        body = [verb]
        for child in rest:
            body += self._subtree(child, _NOUN_KEEP, top=False)
        return self._trim(body, verb)

    def _evaluative(self, tok) -> bool:
        """A bare evaluative complement ("important", "great", "the big one") says the subject matters."""
        return tok.pos_ == "ADJ" and not list(tok.children) and tok.lower_ in _evaluative_words()

    # -- any head ----------------------------------------------------------------------------------
    def head_phrase(self, tok) -> list | None:
        if _is_filler(tok) or tok.is_punct:
            return None
        if tok.lower_ in _filler_words() and not self.kids(tok, _VERB_KEEP - {"advmod", "prt"}):
            return None  # "idk", "meh", "dunno", "sure" (but "I like the taste" is a verb with its object)
        if tok.pos_ in _NOUNS:
            alone = tok.dep_ == "ROOT" and tok.lower_ not in _POINTING_NOUNS and all(
                c.is_punct or c.dep_ == "det" for c in tok.children)
            return self.noun_phrase(tok, bare_general=alone)  # "Time." names time
        if tok.pos_ in _VERBS:
            return self.verb_phrase(tok)
        if tok.pos_ == "ADJ" and self.kids(tok, {"det"}):
            return self.noun_phrase(tok)  # "the quiet": an adjective used as a noun
        if tok.pos_ == "ADJ" and tok.dep_ == "ROOT" and any(_content(t) for c in self.kids(tok, {"npadvmod", "prep"})
                                                            for t in c.subtree):
            return self._trim([tok, *[t for c in self.kids(tok, {"npadvmod", "prep"}) for t in c.subtree
                                      if t.i in self.ids]], tok)  # "worth every penny": an adjective fragment
        return None

    def render(self, phrase: list) -> str:
        """The phrase as text. A verb head becomes a gerund after its kept subject ("HMRC coming after
        me"), "not" before it when negated, "being" + participle when passive, "being" + complement for a
        copula ("how creamy it is" -> "being creamy"); its auxiliaries and modals go. Words are spaced as
        written; a first-word capital is dropped unless the word is an acronym or has inner capitals."""
        toks = sorted({t.i: t for t in phrase}.values(), key=lambda t: t.i)
        ids = {t.i for t in toks}
        heads = [t for t in toks if t.head.i not in ids or t.head.i == t.i]
        verb = heads[0] if heads and heads[0].pos_ in _VERBS else None
        if verb is None:
            if heads and heads[0].pos_ == "ADJ" and heads[0].dep_ == "ROOT" and heads[0].i == toks[0].i:
                return _join(toks, {toks[0].i: "being " + toks[0].text.lower()})
            return _join(toks, {})
        subject = {d.i for c in self.kids(verb, {"nsubj", "nsubjpass"}) for d in c.subtree} & ids
        rest = [t for t in toks if t.i not in subject and t.i != verb.i and not (
            t.head.i == verb.i and t.dep_ in ("aux", "auxpass", "neg") and t.lower_ != "to")
            and not (t.tag_ in _WH_TAGS and t.head.pos_ in ("ADJ", "ADV"))]
        word = gerund_of(_lemma(verb), verb.text)
        passive = self.kids(verb, {"auxpass"}) if verb.tag_ == "VBN" else []
        if passive and _perfect(passive[0], verb):
            # "money's been tight" -> "money being tight", "she's got every slipper" -> "having every slipper":
            # a contracted "'s" before "been" or "got" is "has", the perfect, no passive
            word = "being" if _lemma(verb) == "be" else "having"
        elif passive:  # "I'd be mortified" -> "being mortified", "not get stung" -> "not getting stung"
            word = gerund_of(_lemma(passive[0]), passive[0].text) + " " + verb.text.lower()
        if self.negated(verb):
            word = "not " + word
        return _join([t for t in toks if t.i in subject] + [verb] + rest, {verb.i: word})


def _without_empty_wh_tail(toks: list, head) -> list:
    """The phrase without a closing preposition whose object is a wh-clause of pronouns and auxiliaries only
    ("into what it was", "about who it is"): like "about it", it points at something not said."""
    for k, t in enumerate(toks):
        if t.i <= head.i or t.pos_ != "ADP" or k == len(toks) - 1:
            continue
        tail = toks[k + 1:]
        if tail[0].tag_ in _WH_TAGS and all(
                w.tag_ in _WH_TAGS or w.pos_ in ("PRON", "AUX", "PUNCT", "PART") for w in tail):
            return toks[:k]
    return toks


def _quantity(tok) -> bool:
    """A number said with what it counts after it ("40 for six weeks", "20 a month"): as a subject it is the
    thing judged, and an adjective said of it ("decent", "less than a takeaway") is the judgement."""
    return tok.pos_ == "NUM" and tok.like_num and any(
        c.dep_ in ("prep", "npadvmod", "relcl", "acl") for c in tok.children)


def _perfect(aux, participle) -> bool:
    """A contracted "'s" the parser reads as a passive "is" before the participle of "be" or "get" ("it's
    been wet", "he's got a list"): "is been" is no English, so the "'s" is "has" (the perfect; "has got" is
    having)."""
    return aux.lower_ in ("'s", "s") and aux.idx + len(aux.text) <= participle.idx \
        and participle.lower_ in ("been", "got")


def _join(toks: list, replaced: dict[int, str]) -> str:
    out: list[str] = []
    prev = None
    for t in toks:
        word = replaced.get(t.i) or ("not" if t.lower_ in ("n't", "nt") else t.text)
        if not out and t.i not in replaced and not (word.isupper() and len(word) > 1) \
                and not any(ch.isupper() for ch in word[1:]) and word != "I":
            word = word[:1].lower() + word[1:]
        glued = prev is not None and prev.i + 1 == t.i and not prev.whitespace_ and t.i not in replaced and (
            t.text.startswith("'") or t.tag_ == "HYPH" or prev.tag_ == "HYPH")
        if out and not glued:
            out.append(" ")
        out.append(word)
        prev = t
    return "".join(out).strip()


def span_concepts(doc, start: int, end: int, dropped: frozenset[int] = frozenset(), offsets=None) -> list[Concept]:
    """The concepts named in the characters ``start``..``end`` of the answer parsed as ``doc``, leaving
    out the tokens that start at an answer offset in ``dropped`` (discourse frames found by the caller).
    ``offsets`` maps a character of the parsed text to the answer's (:func:`normalised`); None when the
    parsed text is the answer itself."""
    reader = _Reader(doc, start, end, dropped, offsets)
    out: list[Concept] = []
    seen: set[str] = set()

    def visit(tok, link: str) -> None:
        marks = [m.lower_ for m in tok.children if m.dep_ in ("mark", "advmod") and m.i < tok.i]
        if "as" in marks and "if" in marks:
            return  # "as if anyone gets stung on purpose": a counterfactual, not something held
        phrase = reader.head_phrase(tok)
        label = reader.render(phrase) if phrase else ""
        if label and not _names_something(label):
            label = ""
        if label and label.lower() not in seen:
            seen.add(label.lower())
            out.append(Concept(label, link if out else ""))
        framing = _lemma(tok) in reader.c.framing_verbs and tok.pos_ in _VERBS
        if not phrase and (_is_filler(tok) or tok.lower_ in _filler_words()):
            for child in reader.kids(tok):
                if child.pos_ in _NOUNS | _VERBS and child.dep_ not in ("aux", "auxpass", "cop"):
                    visit(child, link)  # "Feeling like a functioning adult lol": the filler heads nothing
            return
        alternative = reader.alternative_at(tok)
        for child in reader.kids(tok):
            if child.i > alternative and child.dep_ in ("dobj", "pobj", "attr") and child.pos_ in _NOUNS:
                visit(child, "and")  # the object after "instead of" names the alternative
                continue
            if child.lower_ in _ALTERNATIVES or any(g.lower_ in _ALTERNATIVES for g in child.children):
                for target in (t for t in child.subtree if t.dep_ in ("pcomp", "pobj") and t.pos_ in _VERBS | _NOUNS):
                    visit(target, "and")  # "instead of calling a man in": the alternative is a concept too
                    break
                continue
            if child.dep_ == "advcl" and any(a.lower_ == "to" for a in reader.kids(child, {"aux"})) \
                    and not reader.kids(child, {"mark"}):
                visit(child, "effect")  # "paying a yearly fee to borrow a hammer": the purpose is what it leads to
                continue
            if child.dep_ == "conj" and (child.pos_ in _NOUNS or (child.pos_ in _VERBS and tok.pos_ in _VERBS)):
                visit(child, "and")
            elif child.dep_ == "advcl":
                marks = {m.lower_ for m in reader.kids(child, {"mark"})}
                visit(child, "cause" if marks & _CAUSE_MARKS else "effect" if marks & _EFFECT_MARKS else "and")
            elif child.dep_ in ("ccomp", "xcomp") and framing and not phrase:
                visit(child, link)

    for root in reader.roots():
        if root.dep_ == "relcl" or any(k.tag_ in ("WDT", "WP") for k in reader.kids(root, {"nsubj", "nsubjpass"})):
            continue  # a relative clause cut off by the clause splitter says more about a noun elsewhere
        visit(root, "and")
    return out
