"""Sentences of an answer that hold no concept of the respondent's, beyond what :func:`meta.off_topic_spans`
finds (issue 13, "Clean concepts"), read from the sentence's form and the parse, with no domain word:

- a question put to the interviewer as a statement with a question mark ("They lend you a wetsuit?"): a
  subject with a finite verb, or a verb continuing a question just asked ("Like actually hand it over?");
- what follows a question about the interview is the respondent's reason for asking it ("is this
  anonymous? my boss runs the club"), up to a word that returns to the topic ("anyway", "but", "so");
- a comment on the interview itself, whose only nouns name the interview ("I don't follow the question");
- an apology for the respondent's own moment ("sry typing on a wet phone", "sorry for the wait").

And the reverse: a sentence with a question mark that only echoes or offers a topic ("Lifejackets?? On a
reservoir?", "not feeling rushed?") asks the interviewer nothing, so it keeps its concept.
"""

from __future__ import annotations

from functools import lru_cache

from .grammar import closed
from .meta import addressed_question, asks_who_is_behind, is_aside, meta_topic, question_in_form, sentences
from ...text.parse import parse
from ...text.primitives import words

# Nouns that name the interview itself (any study, any domain): a question or sentence built on them alone
# is about the interview.
INTERVIEW_NOUNS = frozenset("question questions interview interviews survey surveys study research "
                            "questionnaire chat session".split())
# Words that bring a respondent back from a question about the interview to the topic.
RETURN_MARKERS = frozenset("anyway anyways but so".split())
# Apologies that open an aside about the respondent's own moment ("sorry for the wait", "sry typing ...").
APOLOGIES = frozenset("sorry sry soz apologies".split())
_FINITE_TAGS = frozenset({"VBD", "VBP", "VBZ", "MD"})
# Subjects of a yes/no question about what is offered ("does it ...", "do they ...", "is there ...").
OFFER_SUBJECTS = frozenset("it they there".split())
# First-person words that open a statement of the respondent's own circumstances.
FIRST_PERSON = frozenset("i i'm i've i'd we we're we've we'd my our ours mine me".split())
# Words of wanting or liking: a sentence with one states the respondent's point.
WANT_WORDS = frozenset("want wants wanted need needs like likes love loves prefer matter matters important "
                       "care hate hates".split())


class _LazyDoc:
    """The parse of a sentence, made only when a check first reads its tokens: most sentences are settled by
    their words alone (no question mark, no apology, no interview noun), and a parse costs a few ms."""

    __slots__ = ("_text", "_doc")

    def __init__(self, sentence: str):
        self._text = " ".join(sentence.split())
        self._doc = None

    def __iter__(self):
        if self._doc is None:
            self._doc = parse(self._text)
        return iter(self._doc)


def _doc(sentence: str) -> _LazyDoc:
    return _LazyDoc(sentence)


def _mentions(sentence: str, wordset) -> bool:
    """Whether any of the words occurs in the sentence's lower-cased text: a token whose lower form is one of
    them can occur only then, so a check that needs such a token is settled without a parse."""
    low = sentence.lower()
    return any(w in low for w in wordset)


def _has_finite_subject(doc) -> bool:
    """A subject whose verb is finite (its own tag or an auxiliary's): "They lend you a wetsuit?"."""
    for t in doc:
        if t.dep_ in ("nsubj", "nsubjpass", "expl"):
            verb = t.head
            if verb.tag_ in _FINITE_TAGS or any(c.dep_ in ("aux", "auxpass") and c.tag_ in _FINITE_TAGS
                                                for c in verb.children):
                return True
    return False


def _has_verb(doc) -> bool:
    return any(t.pos_ in ("VERB", "AUX") for t in doc)


def _names_something(doc) -> bool:
    return any(t.pos_ in ("NOUN", "PROPN") or t.tag_ == "VBG" for t in doc)


def _first_word(sentence: str) -> str:
    c = closed()
    return next((w for w in words(sentence) if w not in c.interjections or w in RETURN_MARKERS), "")


def _about_interview(sentence: str, answer: str) -> bool:
    """A question about the interview: a meta topic (length, privacy, purpose ...), who is behind it, a
    question naming the interview ("who's paying for this research?") or with a bare "this" as its subject
    ("is this for the council or a uni thing?")."""
    return bool(meta_topic(sentence, answer)) or asks_who_is_behind(sentence) or any(
        w in INTERVIEW_NOUNS for w in words(sentence)) or _mentions(sentence, ("this",)) and any(
        t.lower_ == "this" and t.dep_ in ("nsubj", "nsubjpass") for t in _doc(sentence))  # "is this for the council?"


def _asks_about_offer(sentence: str) -> bool:
    """A yes/no question put to the interviewer about what is offered, opened by an auxiliary with "it",
    "they" or "there" as its subject ("does it do curved stairs?", "is there a hose on the van?"), not a
    question about the respondent's own words ("does that make sense?")."""
    ws = [w for w in words(sentence) if w not in closed().interjections]
    return len(ws) > 2 and ws[0] in closed().auxiliaries and ws[1] in OFFER_SUBJECTS \
        and addressed_question(sentence) is not None


def _own_situation(sentence: str) -> bool:
    """A statement of the respondent's own circumstances ("ours turns a corner at the top", "my shifts change
    every week"): opened by a first-person word, with no want or liking in it ("I just want ..." states a
    point, not a reason for asking)."""
    ws = words(sentence)
    return bool(ws) and ws[0] in FIRST_PERSON and not any(w in WANT_WORDS for w in ws)


def _comment_on_interview(sentence: str, doc) -> bool:
    """A statement that names the interview and no other thing ("I don't really follow the question");
    general nouns ("a bit") and interjections tagged as nouns ("tbh") name nothing."""
    if not _mentions(sentence, INTERVIEW_NOUNS):
        return False
    c = closed()
    nouns = [t for t in doc if t.pos_ in ("NOUN", "PROPN")]
    others = [t for t in nouns if t.lower_ not in INTERVIEW_NOUNS and t.lower_ not in c.interjections
              and t.lower_ not in c.general_nouns]
    return any(t.lower_ in INTERVIEW_NOUNS for t in nouns) and not others


def _apology_aside(sentence: str, doc) -> bool:
    """An apology followed at once by the respondent's own doing or its object ("sry typing ...", "sorry
    for the wait", "sorry about that") or by what just happened around them ("sorry the baby's just woken
    up": a clause whose subject is not the respondent); "Sorry, price mostly" and "sorry but ..." go on to
    the topic."""
    ws = words(sentence)
    if len(ws) < 2 or ws[0] not in APOLOGIES or sentence.split(ws[0], 1)[-1].lstrip().startswith(","):
        return False
    if ws[1] in ("for", "about") or ws[1].endswith("ing"):
        return True
    return "but" not in ws and any(t.dep_ in ("nsubj", "nsubjpass") and t.lower_ not in ("i", "we")
                                   for t in doc) and _has_finite_subject(doc)


def _asked(sentence: str, doc, after_question: bool) -> bool:
    """A question put to the interviewer: in question form (:func:`meta.addressed_question`), or a
    statement with a question mark that has a subject and a finite verb, or a verb after a question."""
    if addressed_question(sentence) is not None:
        return True
    if not sentence.rstrip().endswith("?"):
        return False
    if any(t.dep_ == "nsubj" and t.head.dep_ == "ROOT" and t.lower_ in ("i", "we") for t in doc):
        return False  # "I wonder how it froths?": the respondent thinking aloud
    return _has_finite_subject(doc) or (after_question and _has_verb(doc))


def _echo(sentence: str, doc, after_question: bool) -> bool:
    """A topic echoed or offered with a question mark: no question word order, no subject with a finite
    verb, not about the interview, not an aside, not continuing a question, and it names something."""
    if not sentence.rstrip().endswith("?") or after_question or meta_topic(sentence) or is_aside(sentence):
        return False
    if question_in_form(sentence) and len(words(sentence)) > 3:
        return False
    c = closed()
    first = _first_word(sentence)
    if first in c.wh_words or first in c.auxiliaries:
        return False
    return not _has_finite_subject(doc) and _names_something(doc)


@lru_cache(maxsize=256)
def _classify(answer: str) -> tuple[tuple[int, int, str, str], ...]:
    """(start, end, sentence, role) for each sentence: role "asked", "reason" (what follows a question about
    the interview), "comment", "apology", "echo" or "" (an ordinary sentence). Cached: extraction reads the
    asked spans and the echoes of one answer."""
    out = []
    after_question = False  # the sentence before was a question to the interviewer
    reasons = False  # a question about the interview was asked and the topic has not been returned to
    offer_asked = False  # the sentence before asked yes or no about what is offered
    for a, b, s in sentences(answer):
        doc = _doc(s)
        role = ""
        if _echo(s, doc, after_question):
            role = "echo"
        elif _asked(s, doc, after_question) or meta_topic(s, answer):
            role = "asked"
            reasons = reasons or _about_interview(s, answer)
        elif reasons and _first_word(s) not in RETURN_MARKERS:
            role = "reason"
        elif offer_asked and _own_situation(s):
            role = "reason"  # "does it do curved stairs? ours turns a corner at the top"
        elif _apology_aside(s, doc):
            role = "apology"
        elif _comment_on_interview(s, doc):
            role = "comment"
        if role != "reason" and role != "asked":
            reasons = False
        after_question = role == "asked"
        offer_asked = role == "asked" and _asks_about_offer(s)
        out.append((a, b, s, role))
    return tuple(out)


def asked_spans(answer: str) -> list[tuple[int, int]]:
    """Spans of the sentences that hold no concept (module docstring)."""
    return [(a, b) for a, b, _, role in _classify(answer) if role and role != "echo"]


def echo_sentences(answer: str) -> list[tuple[int, int, str]]:
    """Sentences that echo or offer a topic with a question mark: they keep their concept."""
    return [(a, b, s) for a, b, s, role in _classify(answer) if role == "echo"]
