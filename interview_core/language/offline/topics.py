"""The topic of an offline follow-up question, chosen by syntax with the shared dependency parse.

A focus label names what the respondent talked about, but the label is the extractor's rewording and
may be a clause fragment. The topic is therefore read off the respondent's own sentence (the cached
parse of the answer, :func:`interview_core.text.parse.parse`): the sentence of a recent answer holding
all of the label's content words, and in it the lowest common head of those words.

- ``np``: the head is a noun or proper noun; the topic is its noun phrase as said (determiner,
  possessive, modifiers, compounds, an "of" phrase), person flipped ("my" -> "your"). Anything the label
  holds beyond the phrase (a relative clause, a verb) makes it a quote instead.
- ``gerund``: the head is a gerund used as a noun (subject, object, a fragment answer "Getting the kids
  off screens"), with no subject of its own; its phrase, short, person flipped.
- ``quote``: otherwise the smallest parse-complete window (the head's subtree, without joined or
  adverbial clauses) in the respondent's words, verbatim; also for a negated noun ("we don't own a
  car"), so the negation is kept.
- ``none``: the label is in no recent answer and is no phrase the parser confirms on its own.

Each topic also carries its stance in the sentence (VADER on the clause, plus "too"/"not enough" read
from the parse), whether it is negated, wanted ("I wish I had ..."), a person, and plural; the writer
chooses its frames by these.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Literal

from ...text.parse import parse
from .grammar import closed, is_count_noun, is_person_noun, open_classes
from .naturalise import SECOND_PERSON, natural_label
from .salience import MARKERS_ONLY, anchor_of, point_unit, salient_unit
from .stance import in_list, read_stance, refused_after

MAX_TOPIC_WORDS = 7
MAX_QUOTE_WORDS = 16
# First person to second, word by word (naturalise's table; "am" is left to the verb's own agreement).
_PERSON = {k: v for k, v in SECOND_PERSON.items() if k != "am"}
# Dependents that belong to a noun phrase before its head.
_NP_LEFT = frozenset("det poss amod compound nummod nmod quantmod predet advmod case".split())
# Dependents of a gerund that are not part of its phrase: other clauses and discourse.
_NOT_PHRASE = frozenset("punct cc conj advcl mark relcl parataxis appos intj discourse dep meta nsubj aux".split())
# Functions in which a gerund is a noun (the subject, an object, a whole fragment answer).
_NOMINAL = frozenset("ROOT nsubj nsubjpass csubj dobj pobj pcomp attr conj appos".split())
# Determiners that make a noun phrase no topic of its own ("another app", "every time").
_NO_TOPIC_DET = frozenset("another every each either neither no".split())
# Dependents that open another clause or a list inside a noun phrase: never part of a topic.
_INNER_CLAUSE = frozenset("conj cc appos relcl acl advcl parataxis".split())
_DROPPED_DET = frozenset("some any".split())  # "maybe some courgettes" -> "courgettes"
# Heads that stand for a noun said elsewhere ("the ones from the clinic"): no topic on their own.
_ANAPHORIC_HEADS = frozenset("one ones thing things stuff lot bit kind sort".split())
_WANT_VERBS = frozenset("want wish need hope".split())
_WOULD_WANT = frozenset("like love prefer".split())
_WOULD = frozenset("would 'd".split())
_CLAUSE_EDGE = frozenset("cc mark punct intj discourse".split())


@dataclass(frozen=True)
class Topic:
    """What a follow-up asks about. ``text`` fills a slot (np, gerund); ``quote`` is verbatim (quote)."""

    kind: Literal["np", "gerund", "quote", "none"]
    text: str = ""
    quote: str = ""
    stance: int = 0  # -1 negative or complained about, 0 neutral, 1 positive
    open: bool = False  # the cues conflict or are unsure: the question presumes no stance
    negated: bool = False
    want: bool = False
    person: bool = False
    plural: bool = False
    latest: bool = True  # found in the latest answer (a quote from an earlier one is said to be earlier)


NONE = Topic("none")


def flip_person(text: str) -> str:
    """First person turned to second ("my flat" -> "your flat"); the words otherwise as written."""
    return re.sub(r"\b[A-Za-z]+\b", lambda m: _PERSON.get(m.group().lower(), m.group()), text)


def topic_for(label: str, answers: list[str]) -> Topic:
    """The topic for a focus ``label`` in the respondent's ``answers`` (latest last), or, when no answer
    holds the label's content words, the label itself if the parser confirms it as a noun or gerund
    phrase (stance unknown: neutral), else NONE."""
    wanted = _content(label)
    sequence = [t.lower_ for t in parse(" ".join(label.split())) if not t.is_punct]
    if not sequence:
        return NONE
    found = _locate(label, answers)
    if found is None:
        return _standalone(label) if wanted else NONE
    k, sent, matched = found
    topic = _analyse(sent, matched)
    return topic if k == 0 or topic.kind == "none" else replace(topic, latest=False)


def _locate(label: str, answers: list[str]):
    """(how many answers back, sentence, matched tokens) of the first sentence, latest answer first, that
    holds the label's content words (or its words in a row, for a label of function words); None."""
    wanted = _content(label)
    sequence = [t.lower_ for t in parse(" ".join(label.split())) if not t.is_punct]
    if not sequence:
        return None
    said = [a for a in answers if a]
    for k, answer in enumerate(reversed(said)):
        for sent in parse(answer).sents:
            matched = _matched(sent, wanted) if wanted else _in_sequence(sent, sequence)
            if matched:
                return k, sent, matched
    return None


def _without_markers(quote: str) -> str:
    """A quote without the discourse markers, hedges and punctuation it opens with ("so yeah, ...")."""
    ws = quote.split()
    while len(ws) > 3 and (ws[0].strip(".,;:!?-…").lower() in MARKERS_ONLY or not any(ch.isalnum() for ch in ws[0])):
        ws = ws[1:]
    return " ".join(ws).lstrip(".,;:!?-… ")


def salient_topic(label: str, answers: list[str]) -> Topic:
    """:func:`topic_for`, with the answer's point put first: a label found in the backdrop of the latest
    answer (a story's place, time, purchase or other person, an example; :mod:`salience`) while another
    part of it states the respondent's point gives the topic of that point; and a label that yields no
    topic gives the point of the latest answer when it has one (rather than a question about nothing)."""
    topic = topic_for(label, answers)
    said = [a for a in answers if a]
    if not said:
        return topic
    found = _locate(label, answers)
    unit, back = None, 0
    if found is not None:
        back = found[0]
        unit = salient_unit(found[1].doc, _common_head(found[2]))
    if unit is None and topic.kind == "none":
        unit, back = point_unit(parse(said[-1])), 0
    if unit is None:
        return topic
    anchor = anchor_of(unit)
    better = _analyse(anchor.sent, [anchor]) if anchor is not None else NONE
    if better.kind == "quote":  # "so maybe... not feeling judged": the marker and hedge are not what was said
        better = replace(better, quote=_without_markers(better.quote))
    if better.kind == "none" or better.kind == "quote" and len(better.quote.split()) > len(unit.tokens) + 2:
        better = _unit_quote(unit)  # the point as said, when no narrower window of the parse fits
    if better.kind == "none":
        return topic
    if better.kind == "np" and len(better.text.split()) == 1 and not better.plural and is_count_noun(better.text.lower()):
        better = replace(better, text=natural_label(better.text))  # "Toilet." said bare: "the toilet" in a slot
    return better if back == 0 else replace(better, latest=False)


def answer_topic(answer: str) -> Topic:
    """What a short answer names, as a noun or gerund phrase for a slot ("price" -> "the price",
    "Getting outdoors more."): the anchor of its point (:func:`salience.point_unit`), or the root of an
    answer that is one verbless phrase; NONE for anything else (a clause, a don't-know, a verdict)."""
    text = " ".join(answer.split())
    if not text:
        return NONE
    doc = parse(text)
    unit = point_unit(doc)
    anchor = anchor_of(unit) if unit is not None else None
    sents = list(doc.sents)
    if anchor is None and len(sents) == 1:
        roots = [t for t in sents[0] if t.dep_ == "ROOT"]
        if roots and (roots[0].pos_ in ("NOUN", "PROPN") or roots[0].tag_ == "VBG") and not any(
                t.tag_ in ("VBD", "VBP", "VBZ", "MD") for t in sents[0]):
            anchor = roots[0]
    if anchor is None:
        return NONE
    topic = _analyse(anchor.sent, [anchor])
    if topic.kind not in ("np", "gerund") or topic.person:
        return NONE
    if topic.kind == "np" and len(topic.text.split()) == 1 and not topic.plural and is_count_noun(topic.text.lower()):
        topic = replace(topic, text=natural_label(topic.text))
    return NONE if '"' in topic.text else topic


def _unit_quote(unit) -> Topic:
    """A discourse unit quoted as said (markers and hedges it opens with left out), when it is 3 to
    MAX_QUOTE_WORDS words with a verb or a noun."""
    tokens = list(unit.tokens)
    text = _without_markers(_span_text(tokens)).replace('"', "'")
    n = len(text.split())
    if not 3 <= n <= MAX_QUOTE_WORDS or not any(t.pos_ in ("VERB", "AUX", "NOUN", "PROPN") for t in tokens):
        return NONE
    return Topic("quote", quote=text)


_FUNCTION_POS = frozenset("PRON DET ADP CCONJ SCONJ AUX PART PUNCT INTJ".split())


def _content(label: str) -> tuple[frozenset[str], ...]:
    """The label's content words, each as {form, lemma} (the label may be a gerund of a verb said
    finite: "charging" matches "charges")."""
    doc = parse(" ".join(label.split()))
    function = closed().function_words | closed().interjections  # closed-class English (spaCy's stop list has "take")
    return tuple(frozenset({t.lower_, t.lemma_.lower()}) for t in doc
                 if not (t.lower_ in function or t.pos_ in _FUNCTION_POS or not any(ch.isalnum() for ch in t.text)))


def _matched(sent, wanted: tuple[frozenset[str], ...]) -> list:
    """The sentence's tokens that match the label's content words, when every content word is matched
    (by form or lemma); else []."""
    every = frozenset().union(*wanted)
    hits = [t for t in sent if t.lower_ in every or t.lemma_.lower() in every]
    found = {t.lower_ for t in hits} | {t.lemma_.lower() for t in hits}
    return hits if all(group & found for group in wanted) else []


def _in_sequence(sent, sequence: list[str]) -> list:
    """The sentence's tokens that spell ``sequence`` in a row (a label of function words only, such as
    "when nobody's", is found by its words as said); else []."""
    toks = [t for t in sent if not t.is_punct]
    for i in range(len(toks) - len(sequence) + 1):
        if [t.lower_ for t in toks[i:i + len(sequence)]] == sequence:
            return toks[i:i + len(sequence)]
    return []


def _ancestors(tok) -> list:
    out = [tok]
    while out[-1].head.i != out[-1].i:
        out.append(out[-1].head)
    return out


def _common_head(tokens: list):
    """The lowest token that has every one of ``tokens`` in its subtree."""
    chains = [_ancestors(t) for t in tokens]
    shared = set(t.i for t in chains[0]).intersection(*({t.i for t in c} for c in chains[1:]))
    return next(t for t in chains[0] if t.i in shared)


def _analyse(sent, matched: list) -> Topic:
    head = _common_head(matched)
    while head.dep_ == "compound" and head.head.pos_ in ("NOUN", "PROPN"):
        head = head.head  # "saturday" in "saturday morning": the topic is the whole compound
    clause = _clause_of(head)
    (stance, unsure), want = _stance(head, clause, sent), _wanted(head)
    negated = is_negated(head)
    if head.pos_ in ("NOUN", "PROPN") and not negated and not _comment(head) and not _judged(head) \
            and not _conditional(head):
        phrase = _noun_phrase(head, {t.i for t in matched}) if not _self_description(head) else None
        if phrase is not None and {t.i for t in matched} <= {t.i for t in phrase}:
            return Topic("np", text=_phrase_text(phrase), stance=stance, want=want, person=_is_person(head),
                         plural=head.tag_ in ("NNS", "NNPS"), open=unsure)
    if head.tag_ == "VBG" and not negated and (head.dep_ in _NOMINAL or _opens_sentence(head)) and not any(c.dep_ in ("nsubj", "aux", "auxpass") for c in head.children):
        phrase = _gerund_phrase(head)
        if phrase is not None and {t.i for t in matched} <= {t.i for t in phrase}:
            return Topic("gerund", text=_phrase_text(phrase), stance=stance, want=want, open=unsure)
    quote = _quote(head, matched)
    if not quote:
        return NONE
    return Topic("quote", quote=quote, stance=stance, negated=negated, want=want, open=unsure)


def _opens_sentence(tok) -> bool:
    """A bare -ing verb that opens its sentence ("Growing my own veg, ..."): a gerund subject or a
    fragment answer, whatever function the parser gave it."""
    return tok.is_sent_start or all(t.is_punct or t.pos_ == "INTJ" for t in tok.sent[:tok.i - tok.sent.start])


def _comment(head) -> bool:
    """A one-word sentence after another sentence of the same answer ("... for a fiver. Genius."): a
    remark on what was said, not a topic."""
    sent = head.sent
    return sent.start > 0 and sum(not t.is_punct for t in sent) == 1


def _inside_clause(tok, head) -> bool:
    """Whether ``tok`` hangs from ``head`` through a clause, list or apposition (a dependency in
    _INNER_CLAUSE on the way up)."""
    while tok.i != head.i:
        if tok.dep_ in _INNER_CLAUSE:
            return True
        tok = tok.head
    return False


_LINKING = frozenset("be seem look feel sound become".split())


def _judged(head) -> bool:
    """A noun that is the subject of a linking verb ("Cheap cuffs are all over the place", "the queue was
    ridiculous"): what the respondent says of it is the point, so the clause is quoted rather than the
    noun asked about on its own."""
    verb = head.head
    return head.dep_ in ("nsubj", "nsubjpass") and verb.lemma_.lower() in _LINKING and any(
        c.dep_ in ("acomp", "attr", "prep", "oprd") for c in verb.children)


def _conditional(tok) -> bool:
    """A word inside an "if" or "unless" clause ("if its more than a tenner, forget it"): a condition, not
    a thing the respondent has; the clause is quoted."""
    return any(c.dep_ == "mark" and c.lower_ in ("if", "unless") for a in _ancestors(tok) for c in a.children)


def _self_description(head) -> bool:
    """A noun said of the respondent ("I want to be a good parent", "we're regulars"): a description of
    them, not a topic to ask about."""
    if head.dep_ not in ("attr", "acomp"):
        return False
    verb = head.head
    while True:  # the subject of the copula, or of the verb it complements ("I want to be ...")
        subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
        if subjects or verb.dep_ not in ("xcomp", "ccomp") or verb.head.i == verb.i:
            return any(c.lower_ in _PERSON for c in subjects)
        verb = verb.head


def _noun_phrase(head, matched: set[int] = frozenset()) -> list | None:
    """The noun phrase of ``head`` as said: its left modifiers and an "of" phrase or a phrase holding a
    ``matched`` word ("a double charge on my account"), joined, relative and other clauses inside them
    left out; None for a head the lexicon does not know as a noun (a tagging
    slip: "its awkward"), an anaphoric head, a quantity ("two names") or a determiner that makes it no
    topic."""
    if head.lemma_.lower() in _ANAPHORIC_HEADS or not {"NOUN", "PROPN"} & open_classes(head.lower_):
        return None
    if head.lower_ in closed().time_nouns and not any(c.dep_ in ("amod", "compound") for c in head.children):
        return None  # "since march": a when, not a topic
    left = [t for c in head.lefts if c.dep_ in _NP_LEFT for t in c.subtree]
    right = []
    for c in head.rights:
        if c.dep_ == "prep" and (c.lower_ == "of" or matched & {t.i for t in c.subtree}):
            right += list(c.subtree)  # "a double charge on my account" when the label holds "account"
        elif c.dep_ in ("compound", "nummod", "amod") and c.i == head.i + 1:
            right += list(c.subtree)
        else:
            break
    cut = {t.i for t in left + right if _inside_clause(t, head)}
    tokens = sorted([t for t in left + right if t.i not in cut] + [head], key=lambda t: t.i)
    while tokens and tokens[-1].is_punct:
        tokens = tokens[:-1]
    if [t.i for t in tokens] != list(range(tokens[0].i, tokens[-1].i + 1)):
        return None  # not one run of words
    while tokens and (tokens[0].lower_ in _DROPPED_DET or tokens[0].pos_ in ("CCONJ", "SCONJ", "PUNCT", "INTJ", "ADV")):
        tokens = tokens[1:]
    if not tokens or tokens[0].lower_ in _NO_TOPIC_DET or tokens[0].pos_ in ("VERB", "AUX", "PART", "NUM"):
        return None
    if any(t.dep_ == "neg" or t.lower_ == "no" for t in tokens) or len(tokens) > MAX_TOPIC_WORDS:
        return None
    if any(c.dep_ == "nummod" for c in head.children):
        return None  # an amount ("the eighty quid") is said of something, not a topic of its own
    if any(c.dep_ == "det" for c in head.children) and any(
            c.dep_ == "poss" and any(g.dep_ == "case" for g in c.children) for c in head.children):
        return None  # an owner takes the determiner's place: "the weekend's a bonus" is "the weekend is a bonus"
    if any(t.dep_ in ("compound", "npadvmod") and t.lemma_.lower() in _ANAPHORIC_HEADS and t.i < head.i
           and not any(c.dep_ == "det" for c in t.children) for t in [*tokens, *head.lefts]):
        return None  # "bit twee", "bit woo woo": "(a) bit", a degree said of what follows, no noun of its own
    return tokens


def _gerund_phrase(head) -> list | None:
    """A nominal gerund with its objects and modifiers (its direct dependents that are other clauses or
    discourse left out), at most MAX_TOPIC_WORDS words in one run."""
    dropped = {t.i for c in head.children if c.dep_ in _NOT_PHRASE for t in c.subtree}
    tokens = [t for t in head.subtree if t.i not in dropped]
    if tokens[0].i != head.i and tokens[0].dep_ != "neg":
        return None  # a gerund phrase starts with its gerund ("so getting to ..." is part of a clause)
    run = [tokens[0]]
    for t in tokens[1:]:  # one run of words from the gerund: an aside after a comma ends it
        if t.i != run[-1].i + 1:
            break
        run.append(t)
    while run[-1].is_punct:
        run.pop()
    return run if len(run) <= MAX_TOPIC_WORDS else None


def _clause_of(tok):
    """The verb (or the sentence root) whose clause holds ``tok``."""
    for a in _ancestors(tok):
        if a.pos_ in ("VERB", "AUX") or a.dep_ == "ROOT":
            return a
    return tok


def is_negated(tok) -> bool:
    """Whether ``tok`` is negated where it stands: "not/never/n't" on it, "no" before it, "without",
    "instead of" or "rather than" governing it, or a negated verb of which it is the object (a subject is not negated by its verb:
    "my teacher never notices")."""
    for a in _ancestors(tok):
        if any(c.dep_ == "neg" or (c.dep_ == "det" and c.lower_ == "no") for c in a.children):
            return True
        if a.dep_ in ("pobj", "pcomp") and (a.head.lower_ == "without" or _contrasted(a.head)):
            return True
        if a.dep_ == "conj":  # "Ordering ahead instead of queueing": the parser joins them as a coordination
            ccs = [c for c in a.head.children if c.dep_ == "cc" and c.i < a.i]
            if ccs and (_contrasted(ccs[-1]) or ccs[-1].lower_ in ("not", "nor")):
                return True
        if a.pos_ in ("VERB", "AUX") or a.dep_ in ("nsubj", "nsubjpass", "csubj"):
            return False
    return False


def _negation_above(top) -> bool:
    """Whether a negation outside ``top``'s subtree bears on it: a "not" on a word above it, or "without",
    "instead of", "rather than" governing it."""
    above = _ancestors(top)[1:]
    return any(c.dep_ == "neg" for a in above for c in a.children) or (
        not any(c.dep_ == "neg" for c in top.children) and is_negated(top)
        and not any(t.lower_ in ("without", "instead", "rather", "not", "n't", "no") for t in top.subtree))


def _contrasted(prep) -> bool:
    """A preposition that sets its object against what is wanted: "instead of", "rather than"."""
    before = prep.doc[prep.i - 1] if prep.i else None
    return before is not None and (prep.lower_, before.lower_) in (("of", "instead"), ("than", "rather"))


def _wanted(tok) -> bool:
    """Whether a verb above ``tok`` wants it: "I want/wish/need/hope ...", "I'd like/love ...", through
    complement clauses ("I wish it had a bigger screen")."""
    for a in _ancestors(tok)[1:]:
        if a.pos_ in ("VERB", "AUX"):
            lemma = a.lemma_.lower()
            if lemma in _WANT_VERBS or (lemma in _WOULD_WANT and any(c.lower_ in _WOULD for c in a.children)):
                return True
            if a.dep_ not in ("ccomp", "xcomp"):
                return False
    return False


def _stance(head, clause, sent) -> tuple[int, bool]:
    """(stance, open) of the topic at ``head`` (:func:`stance.read_stance`): the valence counted is that of
    the clause holding it, or of its own item when it is one of a list ("fresh air, no queues, ...")."""
    if in_list(head):
        inner = {t.i for c in head.children if c.dep_ in ("conj", "cc", "punct", "appos") for t in c.subtree}
        own = [t for t in head.subtree if t.i not in inner]
        scope = list(head.doc[own[0].i:own[-1].i + 1])
    else:
        scope = list(_subtree_span(clause))
    if not any(t.pos_ in ("VERB", "AUX") for t in sent):
        if refused_after(sent):  # "strangers with keys to my house. no.": what it named is turned down
            return -1, False
        sent = sent.doc[sent.start:]  # a fragment naming the topic ("trust."): what follows says how it is seen
    return read_stance(head, clause, sent, scope)


def _subtree_span(tok):
    return tok.doc[tok.left_edge.i:tok.right_edge.i + 1]


def _quote(head, matched: list) -> str:
    """The respondent's words around ``matched``, verbatim: the first parse-complete window that holds
    them, has a verb and a content word and is 3 to MAX_QUOTE_WORDS words long, trying the clause of
    ``head`` and then each clause above it (each without the joined, adverbial or relative clauses inside it
    that hold no matched word, then whole: the narrowest window keeps the question on the focus), first among windows with a finite verb, then the whole
    sentence; "" when none fits."""
    keep = {t.i for t in matched}
    clauses = [a for a in _ancestors(head) if a.pos_ in ("VERB", "AUX") or a.dep_ == "ROOT"]
    # A verb's own clause first; a noun or adjective is quoted in the clause that says it, its bare
    # phrase ("stuff we used once") only when no clause fits.
    tops = clauses + [head] if head.pos_ not in ("VERB", "AUX") else clauses
    for finite in (True, False):  # a whole clause reads best: one with a finite verb first
        for top in tops:
            # A relative clause is never cut from a pronoun ("anything [that skips that]"): it is its sense.
            drop = {t.i for c in top.subtree if c.i != top.i and c.dep_ in _OTHER_CLAUSE - {"punct"}
                    and not (c.dep_ == "relcl" and c.head.pos_ == "PRON")
                    and not keep & {t.i for t in c.subtree} for t in c.subtree}
            if _negation_above(top):
                continue  # a window below a negation would turn the meaning round ("[Not having] to go back")
            for window in (_trim([t for t in top.subtree if t.i not in drop], keep), _trim(list(top.subtree), keep)):
                complete = all(t.head.i in {w.i for w in window} or t.i == top.i for t in window)
                if complete and _quotable(window) and (not finite or any(t.tag_ in _FINITE_TAGS for t in window)):
                    return _span_text(window).replace('"', "'")
    window = _trim(list(head.sent), keep)
    return _span_text(window).replace('"', "'") if _quotable(window) else ""


_FINITE_TAGS = frozenset("VBD VBP VBZ MD".split())
_OTHER_CLAUSE = frozenset("conj advcl parataxis cc relcl punct".split())


def _trim(tokens: list, keep: set[int]) -> list:
    """``tokens`` without leading conjunctions, fillers and discourse words or trailing conjunctions,
    and without edge punctuation."""
    lead = closed().coordinators | closed().interjections
    while tokens and tokens[0].i not in keep and tokens[0].lower_ not in ("if", "unless") and (  # a condition stays one
            tokens[0].is_punct or tokens[0].dep_ in _CLAUSE_EDGE or tokens[0].pos_ == "INTJ"
            or (tokens[0].lower_ in lead and tokens[0].dep_ in ("advmod", "cc"))):
        tokens = tokens[1:]
    while tokens and tokens[-1].i not in keep and (tokens[-1].is_punct or tokens[-1].dep_ in _CLAUSE_EDGE):
        tokens = tokens[:-1]
    return tokens


def _quotable(tokens: list) -> bool:
    """One run of 3 to MAX_QUOTE_WORDS words with a verb and a content word, not opening on an infinitive's
    "to" ("to borrow a hammer ..." is half a clause: the clause above it is quoted instead)."""
    if tokens and tokens[0].tag_ == "TO":
        return False
    if not tokens or not 3 <= sum(not t.is_punct for t in tokens) <= MAX_QUOTE_WORDS or [t.i for t in tokens] != list(
            range(tokens[0].i, tokens[-1].i + 1)):
        return False
    return any(t.pos_ in ("VERB", "AUX") for t in tokens) and any(not t.is_stop and t.is_alpha for t in tokens)


def _span_text(tokens: list) -> str:
    doc = tokens[0].doc
    return doc.text[tokens[0].idx:tokens[-1].idx + len(tokens[-1].text)]


def _phrase_text(tokens: list) -> str:
    """A phrase for a slot: its words as said, a sentence-initial capital lowered (not a name or an
    acronym), person flipped."""
    text = _span_text(tokens)
    first = tokens[0]
    if first.is_sent_start and first.pos_ != "PROPN" and not first.text.isupper():
        text = text[:1].lower() + text[1:]
    return flip_person(text)


def _standalone(label: str) -> Topic:
    """A label found in no recent answer: a topic only when the parser reads it, in a carrier sentence,
    as one noun phrase (the object of "about"). A gerund label from an older answer is the extractor's
    rewording, which the parse of a carrier cannot check against what was said: no topic."""
    text = natural_label(label)  # "van" -> "the van", "my van" -> "your van"; quoted when it is no phrase
    if not text or '"' in text or len(label.split()) < 2 and text != label.strip():
        return NONE  # one word said bare or not at all: its article would be a guess ("the saturday")
    kept = {form for t in parse(text) for form in (t.lower_, t.lemma_.lower())}
    if any(not group & kept for group in _content(label)):
        return NONE  # the natural form dropped a content word ("saturday morning" -> "the saturday")
    doc = parse(f"Tell me about {text}.")
    span = doc[3:len(doc) - 1]
    heads = [t for t in span if t.head.i < 3 or t.head.i >= len(doc) - 1 or t.head.i == t.i]
    if len(heads) != 1:
        return NONE
    head = heads[0]
    phrase = _noun_phrase(head) if head.pos_ in ("NOUN", "PROPN") and head.dep_ == "pobj" else None
    if phrase is not None and [t.i for t in phrase] == [t.i for t in span]:
        return Topic("np", text=text, person=_is_person(head), plural=head.tag_ in ("NNS", "NNPS"))
    return NONE


def element_topic(label: str, natural: str) -> Topic:
    """A concept element's name in a slot, when the parser reads it in a carrier sentence as one phrase:
    a gerund phrase as named ("contacting support", never "the contacting support"), or a noun phrase as
    ``natural`` (the name made natural: "the recyclable carton"); else NONE (the name is quoted)."""
    bare = " ".join(label.split()).strip(" .")
    bare = bare[:1].lower() + bare[1:] if bare[1:2].islower() else bare
    for text in dict.fromkeys([bare, natural]):
        if not text or '"' in text:
            continue
        doc = parse(f"Tell me about {text}.")
        span = doc[3:len(doc) - 1]
        heads = [t for t in span if not 3 <= t.head.i < len(doc) - 1 or t.head.i == t.i]
        if len(heads) != 1 or any(t.dep_ in ("cc", "neg") or t.lower_ == "no" for t in span):
            continue
        head = heads[0]
        if text == bare and head.tag_ == "VBG" and head.dep_ == "pcomp":
            return Topic("gerund", text=bare)
        if text == natural and head.pos_ in ("NOUN", "PROPN") and head.dep_ == "pobj":
            return Topic("np", text=natural, plural=head.tag_ in ("NNS", "NNPS"))
    return NONE


def _is_person(head) -> bool:
    """A noun whose first WordNet sense is a kind of person ("wife", "accountant")."""
    return head.pos_ == "NOUN" and is_person_noun(head.lemma_.lower())
