"""Questions to the interviewer and asides (``data/meta.yaml``): what a respondent asks about the
interview (its length, purpose, privacy, what a question meant, to end or skip), and remarks about the
respondent's own moment ("brb", "I've got a delivery coming"). Neither is ever a concept; a question
about the interview is answered before the next probe."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal

import yaml
from lemminflect import getAllLemmas

from .grammar import closed, has_sense, open_classes, respelled, sentences, word_is_kind
from .valence import compound, word_valence
from .own_turn import asks_about_contact, asks_how_far_through, asks_how_they_got, asks_if_paid, asks_to_go_on, asks_to_think, \
    asks_if_done_in_time, asks_when_finished, asks_where_in_interview, asks_who_is_asking, is_asking_verb, \
    asks_who_pays, asks_who_reads, back_alone, checks_own_answer, defers, \
    goes_somewhere, holds_the_question, keeps_name_out, knows_who_said, off_the_record, promises_return, requests_contact, \
    returns_from_pause, \
    seen_by_someone, stops_something_else, wants_to_stop, writes_these
from ...text.primitives import words

_DATA = Path(__file__).parent / "data" / "meta.yaml"
MetaTopic = Literal["why_asked", "end", "skip", "length", "privacy", "purpose", "meaning", "payment", "own_answer"]
_NON_FINITE = frozenset("be being been having".split())


def _parsed(text: str):
    """The parse of ``text`` with its whitespace made single spaces (:func:`text.parse.parse`, cached); imported
    on first use, so that reading the patterns needs no parser."""
    from ...text.parse import parse

    return parse(" ".join(text.split()))


@dataclass(frozen=True)
class _Patterns:
    topics: tuple[tuple[str, re.Pattern], ...]
    asides: re.Pattern


@lru_cache(maxsize=1)
def _patterns() -> _Patterns:
    raw = yaml.load(_DATA.read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
    join = lambda ps: re.compile(r"(?<![^ ])(?:" + "|".join(f"(?:{p})" for p in ps) + r")(?![^ ])")  # noqa: E731
    return _Patterns(tuple((topic, join(ps)) for topic, ps in raw["meta_topics"].items()), join(raw["asides"]))


def is_interrogative(sentence: str) -> bool:
    """A question in form: it ends with '?' and opens with a wh-word, an auxiliary or a modal, or is a
    bare fragment question ("sorry?", "the app?")."""
    ws = words(sentence)
    if not sentence.rstrip().endswith("?") or not ws:
        return False
    c = closed()
    # (after "and"/"but", and with a verb joined on: "And who'd be reading what I say?")
    first = next((w for w in ws if w not in c.interjections and w not in c.coordinators), ws[0])
    return first in c.wh_words or first.split("'")[0] in c.wh_words or first in c.auxiliaries or len(ws) <= 3


def opens_like_question(sentence: str) -> bool:
    """A question typed without its question mark ("how long is this going to take", "ok how many more
    of these", "whats the point"): after any fillers, a wh-word before an auxiliary or a quantity word,
    or an auxiliary before its subject (question word order, so "what I mean is ..." is no question)."""
    ws = words(sentence)
    c = closed()
    i = _lead_in(ws)
    # (one adverb at most before the preposition: "just out of interest"; "none of these apps ever have ..." states)
    start = _lead_in(ws, adverbs=False)
    adverb = ws[start:start + 1] and "ADV" in open_classes(ws[start]) and ws[start] not in c.function_words
    phrase = next((k for k in (start, start + 1) if ws[k:k + 1] and ws[k] in c.prepositions and (k == start or adverb)),
                  None)
    if phrase is not None and _after_phrase(ws[phrase + 1:]):
        return True  # "(just) out of interest do you pay people for these": a prepositional phrase leads in
    if ws[i:i + 1] and ws[i] not in c.wh_words and ws[i] not in ("whats", "hows", "whos", "what's", "how's", "who's"):
        # an adverb leads in a wh-question only ("roughly how many are left"): "Probably haven't the foggiest" states
        i = _lead_in(ws, adverbs=False)
    first, second = (ws[i:i + 2] + ["", ""])[:2]
    if first in ("whats", "hows", "whos", "what's", "how's", "who's"):
        return True
    if first in c.wh_words:
        # ... or "how" and an adjective before an auxiliary ("how big is the net", "how hot does the wax get")
        degree = first == "how" and ws[i + 2:i + 3] != [] and ws[i + 2] in c.auxiliaries and bool(
            open_classes(second) & {"ADJ", "ADV"}) and second not in c.function_words and ws[i + 3:] not in (
            ["that"], ["this"])  # ("how lovely is that": an exclamation)
        return second in c.auxiliaries or second in ("many", "much", "long") or degree or _subject_question(ws[i:])
    finite = first in c.auxiliaries and first not in _NON_FINITE  # "Being someone who ..." opens no question
    if finite and (second in c.subject_pronouns or second in ("this", "it", "that", "there", "the")
                   or second in c.possessives or second in ("a", "an", "any", "anyone", "anybody", "someone",
                                                            "somebody")):
        return True  # "is my answer going to be linked ...", "do they charge extra"
    return _ends_with_tag(ws) or _subject_question(ws[i:])


_ADVERB = frozenset({"ADV"})
# Words at most in a prepositional phrase leading in a question ("out of interest", "in the end", "for you").
_PHRASE_WORDS = 3


def _after_phrase(ws: list[str]) -> bool:
    """Question word order within _PHRASE_WORDS words after a preposition: a finite auxiliary, then a subject pronoun
    or "this/there" ("[out] of interest do you ...", "[in] the end is it ...")."""
    c = closed()
    return any(ws[k] in c.auxiliaries and ws[k] not in _NON_FINITE and ws[k + 1:k + 2] and (
        ws[k + 1] in c.subject_pronouns or ws[k + 1] in ("this", "there")) for k in range(1, min(_PHRASE_WORDS + 1, len(ws))))


def _lead_in(ws: list[str], adverbs: bool = True) -> int:
    """How many words a question is led in by: interjections, coordinators, adverbs alone ("roughly how many
    are left", "honestly what is this for"; with ``adverbs``) and "hang on" / "hold on" (a closed class of English)."""
    c = closed()
    k = 0
    while k < len(ws):
        w = ws[k]
        if w in ("hang", "hold") and ws[k + 1:k + 2] == ["on"]:
            k += 2
        elif w in c.interjections or w in c.coordinators or adverbs and (
                w not in c.wh_words and w not in c.negations and open_classes(w) == _ADVERB):
            k += 1
        else:
            break
    return k


def _after_coordinators(ws: list[str]) -> list[str]:
    """``ws`` without the coordinators it opens with ("but", "and", "plus")."""
    c = closed()
    k = 0
    while k < len(ws) and ws[k] in c.coordinators:
        k += 1
    return ws[k:]


def _ends_with_tag(ws: list[str]) -> bool:
    """A statement turned into a question by a closing tag ("you're not passing it on are you")."""
    c = closed()
    # the word before the tag is no subject of its own ("thats the only way id do it": "do" is the verb of "id")
    if len(ws) < 4:
        return False
    verb_of_subject = ws[-3] in c.subject_pronouns or ws[-3] in c.subject_contractions or \
        _restored(ws[-3]) in c.subject_contractions or ws[-3] == "to"
    return ws[-2] in c.auxiliaries and ws[-2] not in _NON_FINITE and ws[-1] in c.subject_pronouns and not verb_of_subject


def _restored(word: str) -> str:
    """A subject contraction typed without its apostrophe, restored ("id" -> "i'd", "youll" -> "you'll")."""
    for pronoun in ("i", "you", "we", "they", "he", "she"):
        if word.startswith(pronoun) and word[len(pronoun):] in ("d", "ll", "ve", "re", "m"):
            return f"{pronoun}'{word[len(pronoun):]}"
    return word


def _subject_question(ws: list[str]) -> bool:
    """A wh-word asking for the subject of a verb ("who pays the fine", "what happens in month seven"):
    the wh-word, then a finite verb; not a pseudo-cleft ("what matters is the price"), which has a
    copula after it."""
    c = closed()
    ws = _after_coordinators(ws)  # "but what happens ..."
    if len(ws) < 3 or ws[0] not in ("who", "what") or any(w in c.copulas for w in ws[2:]):
        return False
    lemmas = getAllLemmas(ws[1]).get("VERB", ())
    return bool(lemmas) and ws[1] not in lemmas and (ws[1].endswith("s") or ws[1].endswith("ed"))


def meta_topic(sentence: str, context: str = "") -> MetaTopic | None:
    """What a sentence asks of the interviewer about the interview, or None. A sentence that matches a
    topic's pattern counts when it is a question in form, also without its question mark; a question about
    what happens to someone's information is about privacy whatever its words
    (:func:`asks_about_information`, ``context`` = the rest of the answer); whether their own answer will do
    ("is that okay?") is "own_answer" (:func:`own_turn.checks_own_answer`)."""
    sentence, context = respelled(sentence), respelled(context)
    joined = " ".join(words(sentence))
    last = sentence.rsplit(",", 1)[-1]  # "out of interest, do you pay people for these": the question after a lead-in
    asked = [p for p in dict.fromkeys([sentence, last]) if question_in_form(p) or _hoped(p)]
    if any(asks_about_contact(_parsed(p)) for p in asked) or requests_contact(_parsed(sentence)):
        return "privacy"  # "will I end up on a mailing list after this?": being contacted, never a wish to stop
    # (also a statement with a question mark: "nobody's going to know it's me saying all this?")
    if any(knows_who_said(_parsed(p)) for p in asked or [sentence] * sentence.rstrip().endswith("?")):
        return "privacy"  # "will Brushwell know it was me who said all this?": being identified, not who is behind it
    if any(writes_these(_parsed(p)) for p in asked):
        return "purpose"  # "is a real someone typing these questions?": what the interviewer is (other_sponsor)
    if any(checks_own_answer(_parsed(p)) for p in asked) or apologises_for_answer(sentence):
        return "own_answer"  # "is that okay?", "the price, does that make sense?": their own answer, no product question
    if any(asks_if_paid(_parsed(p)) for p in asked):
        return "payment"  # "do you lot pay people for these?": whether taking part is paid, not who funds the study
    if _closes_what_was_said(sentence, context):
        return "skip"  # "His mum can't have him at the minute. We'll leave that there.": that topic, not the interview
    if wants_to_stop(sentence) and not promises_return(context):
        return "end"  # "I'm going to leave it there", "got to go now, cheers": read by structure
    if _kept_private(sentence):
        return "privacy"  # off the record, a name kept out, who reads the answers: read by structure
    if sentence.rstrip().endswith("?") and (_name_put_in(_parsed(sentence)) or _answers_go_to(_parsed(sentence))):
        return "privacy"  # "You put my name in the report?", "the answers go to the club itself or to students?"
    if asks_how_far_through(sentence) or asks_where_in_interview(sentence) or _more_to_go(sentence) or _more_to_go(last) or \
            _nearly_through(sentence) or asks_when_finished(sentence) or \
            any(asks_if_done_in_time(p) for p in asked) or \
            _asks_time_wise(sentence) or _how_many_more_you_have(sentence):
        return "length"  # "how far through are we?", "is there loads more?", "what time will we finish?"
    for topic, pattern in _patterns().topics:
        if topic == "end" and (stops_something_else(sentence) or _opens_with_wh(sentence)):
            continue  # "I want to stop paying for storage", "who reads this once I'm done": not a wish to stop
        if pattern.search(joined) and (topic in ("end", "skip", "meaning") or question_in_form(sentence)
                                       or _indirect_question(sentence) or _confirms(sentence)):
            return topic  # type: ignore[return-value]
    if asks_what_is_left(sentence):
        return "length"
    if declines_to_answer(sentence):
        return "skip"
    if _asked_to_define(sentence):
        return "meaning"  # "Define 'guided'.", "explain 'drop-seat' for me": what a word in quotes means
    if _what_in_place(sentence):
        return "meaning"  # "the 'group leader' is what?": what a word of theirs or the description's names
    if _QUOTED.search(sentence) and question_in_form(sentence) and "mean" in words(sentence):
        return "meaning"  # "What's 'atmosphere' supposed to mean in that question?": their word asked about
    if asks_purpose(sentence) and (is_interrogative(sentence) or opens_like_question(sentence)):
        return "purpose"
    if _WHAT_MEANS.search(joined):
        # "what does 'life changing' mean here": a word of theirs in quotes asks what the interviewer meant;
        # "what does matched by temperament mean, who decides" asks about the product (never privacy)
        return "meaning" if _QUOTED.search(sentence) else None
    return "privacy" if asks_about_information(sentence, context) and not asks_who_is_behind(sentence) else None


# WordNet roots of a time or a stretch of it: what a "-wise" question asks about ("where are we, time-wise?").
_TIME_ROOTS = frozenset({"time", "time_period", "duration", "time_unit"})
# Verbs of having something for someone ("how many more have you got for me"): a closed class of English.
_HAVING = frozenset("have got get".split())


# WordNet roots of asking or coming to know ("am I allowed to ask how many ...", "I wonder what ..."), and of the
# state an adjective of wanting to know names ("curious what this is for": its derived noun is curiosity).
_ASKING_TO_KNOW = frozenset({"ask", "inquire", "wonder"})
_CURIOSITY = frozenset({"curiosity", "inquisitiveness"})


def embedded_question(sentence: str) -> str:
    """The question inside a lead-in, as a sentence of its own, or "": a wh-clause after a verb of asking or knowing
    (WordNet) or an adjective of curiosity ("Am I allowed to ask how many of your questions are still to come?",
    "genuinely curious what a rice cooker study gets used for"), or a question in word order after "but" ("I'm not
    being funny but is there a lot more")."""
    from .distress import belief_state

    c = closed()
    doc = _parsed(" ".join(sentence.split()))
    for t in doc:
        if t.i == 0 or t.lower_.split("'")[0] not in c.wh_words:
            continue
        before = [x for x in doc[:t.i] if x.pos_ != "ADV" and x.dep_ != "advmod"][-1:]
        verb = before[0] if before and before[0].pos_ == "VERB" and before[0].tag_ != "VBD" else None  # ("I asked ...": told)
        # ("I know what I like" says; "I'd like to know what ..." asks)
        knowing = verb is not None and verb.lemma_ == "know" and any(c.dep_ == "aux" and c.lower_ == "to" for c in verb.children)
        asking = verb is not None and (knowing or verb.lemma_ != "know" and word_is_kind(verb.lemma_.lower(), "v", _ASKING_TO_KNOW, 2)) \
            or bool(before) and before[0].pos_ == "ADJ" and belief_state(before[0].lower_, _CURIOSITY)
        if asking:
            return doc[t.i:].text.rstrip(" ?.!") + "?"
    ws = words(sentence)
    if "but" in ws[1:]:
        rest = " ".join(sentence.split()).split(" but ", 1)[-1]
        if rest != sentence and len(words(rest)) >= 3 and _ordered(words(rest)):
            return rest.rstrip(" ?.!") + "?"
    return ""


def _hoped(sentence: str) -> bool:
    """A statement the respondent hopes is so ("you won't be sending me things after this I hope"): "hope" with "I" as
    its subject and the statement as its clause; it asks the interviewer to confirm it, as a question would."""
    return any(t.lemma_ == "hope" and any(c.dep_ == "nsubj" and c.lower_ == "i" for c in t.children) and any(
        c.dep_ == "ccomp" for c in t.children) for t in _parsed(" ".join(sentence.split())))


def _asks_time_wise(sentence: str) -> bool:
    """"what are we at, roughly, time-wise?": a question in form whose only noun is a time (WordNet) made an
    adverb by "-wise", and whose subject is the respondent or the interview ("we", "I", "this", "it")."""
    if not question_in_form(sentence):
        return False
    doc = _parsed(sentence)
    wise = [t for t in doc if t.lower_ == "wise" and t.i >= 2 and doc[t.i - 1].lower_ == "-" or
            t.lower_.endswith("wise") and len(t.lower_) > 4 and t.lower_ != "otherwise"]
    if not wise:
        return False
    stem = doc[wise[0].i - 2].lemma_.lower() if wise[0].lower_ == "wise" else wise[0].lower_[:-4].rstrip("-")
    nouns = [t for t in doc if t.pos_ in ("NOUN", "PROPN") and t.i != wise[0].i - 2]
    subject = any(t.dep_ == "nsubj" and t.lower_ in ("we", "i", "this", "it") for t in doc)
    return subject and not nouns and word_is_kind(stem, "n", _TIME_ROOTS, 1)


def _how_many_more_you_have(sentence: str) -> bool:
    """"any idea how many more you've got lined up for me?": "how many/much" and "more/left" counting nothing
    named, the interviewer ("you") having them (a verb of having), and no noun after "how"."""
    ws = words(sentence)
    if "how" not in ws:
        return False
    k = ws.index("how")
    if ws[k + 1:k + 2] not in (["many"], ["much"]) or ws[k + 2:k + 3] not in (["more"], ["left"]):
        return False
    doc = _parsed(sentence)
    after = [t for t in doc if t.i > 0 and t.idx >= sentence.lower().find("how")]
    if any(t.pos_ in ("NOUN", "PROPN") for t in after):
        return False
    return any(t.lower_ == "you" and t.dep_ == "nsubj" for t in after) and any(
        t.lower_ in _HAVING or t.lemma_.lower() in _HAVING for t in after)


def _confirms(sentence: str) -> bool:
    """A statement closed by a tag asking to confirm it ("this is anonymous right?", "it's kept private, yeah?"):
    a question mark after an interjection."""
    ws = words(sentence)
    return sentence.rstrip().endswith("?") and len(ws) > 2 and ws[-1] in closed().interjections


def _more_to_go(sentence: str) -> bool:
    """"is there loads more?", "is there any more after this", "are there loads left", "is there a great deal
    more?": "is/are there", a quantity at most (:func:`_quantity`), and "more" or "left", with nothing named after it
    but the interview ("this", "these", "to go")."""
    ws = [w for w in words(sentence) if w not in closed().interjections]
    if ws[:2] not in (["is", "there"], ["are", "there"]) or not {"more", "left"} & set(ws[2:6]):
        return False
    k = next(i for i, w in enumerate(ws) if w in ("more", "left") and i >= 2)
    between, after = ws[2:k], ws[k + 1:]
    named = [w for w in between if w not in closed().determiners]
    amount = bool(named) and _quantity("_".join(named))  # ("a great deal": WordNet's compound)
    return len(between) <= 3 and (amount or not any(has_sense(w, "n") and not _quantity(w) for w in named)) and all(
        w in _OF_THE_INTERVIEW or w in ("of", "to", "after") for w in after)


# Nouns of an indefinite amount ("loads more", "a lot more"): a closed class of English ...
_QUANTITIES = frozenset("lot lots load loads heaps tons much".split())
# ... and any noun whose first WordNet senses are an indefinite quantity ("a great deal", "masses", "stacks").
_QUANTITY_ROOTS = frozenset({"large_indefinite_quantity", "indefinite_quantity"})


def _quantity(word: str) -> bool:
    return word in _QUANTITIES or word_is_kind(word, "n", _QUANTITY_ROOTS, 2)


# Adjectives and participles of being through ("nearly done?", "almost finished?", "nearly there yet?").
_THROUGH = frozenset("done finished through over there".split())


def _nearly_through(sentence: str) -> bool:
    """"nearly done?", "almost there yet?", "we nearly finished?": a question mark on a fragment that is a word of
    being through (a closed class of English) with an adverb of degree before it (any adverb by the lexicon:
    "nearly", "almost", "about") and at most "we"/"yet"/"now" besides; no noun, no verb of its own."""
    c = closed()
    ws = [w for w in words(sentence) if w not in c.interjections]
    if ws[:3] in (["is", "that", "us"], ["is", "this", "us"]):
        ws = ["are", "we", *ws[3:]]  # "is that us nearly done?": the northern "are we", a closed form of English
    if not sentence.rstrip().endswith("?") or not 2 <= len(ws) <= 4:
        return False
    k = next((i for i, w in enumerate(ws) if w in _THROUGH), None)
    if k is None or k == 0:
        return False
    rest = [w for i, w in enumerate(ws) if i != k and w not in ("we", "yet", "now", "are")]
    return ws[k - 1] not in ("we", "are") and "ADV" in open_classes(ws[k - 1]) and all(
        "ADV" in open_classes(w) and w not in c.negations for w in rest)


def _opens_with_wh(sentence: str) -> bool:
    c = closed()
    ws = [w for w in words(sentence) if w not in c.interjections]
    return bool(ws) and (ws[0] in c.wh_words or ws[0].split("'")[0] in c.wh_words)


def _kept_private(sentence: str) -> bool:
    """The respondent asks what is kept of them, by structure (:mod:`.own_turn`): to say something off the
    record or have it taken out, that their name stay out of it, or who reads the answers (a question)."""
    doc = _parsed(sentence)
    asked = question_in_form(sentence)
    wish = "please" in words(sentence) or any(t.lemma_ in ("like", "want", "prefer") and any(
        c.dep_ == "nsubj" and c.lower_ == "i" for c in t.children) for t in doc)  # "I'd like that taken out"
    wish = wish or any(t.lower_ == "rather" and any(c.dep_ == "nsubj" and c.lower_ == "i" for v in (t.head, t.head.head)
                                                    for c in v.children) for t in doc)  # "I'd rather ..."
    if wish and _reaches_someone(doc):
        return True  # "I'd rather none of this got back to the mums at the school gate"
    return off_the_record(doc) and (asked or wish or _puts_to_interviewer(sentence)) or keeps_name_out(doc, _names_them) or \
        asks_how_they_got(doc, _names_them) or (
        question_in_form(sentence) and asks_who_reads(doc, is_information) and not asks_who_is_behind(sentence))


_WHAT_MEANS = re.compile(r"(?<![^ ])what (?:does|do|did) [a-z' -]{1,40} mean(?![^ ])")
# Words of "how much is left": what remains of something, said of nothing named (a closed class of English).
_REMAINING = frozenset("left more longer remaining else".split())
_OF_THE_INTERVIEW = frozenset("question questions go got take takes last lasts still there this it these we".split())


# Verbs of passing a question over ("I'll leave that one", "can I pass on this one"): a closed class of English.
_PASSING_OVER = frozenset("leave pass skip".split())
_COMMUNICATION_FILE = "32"  # WordNet's file of verbs of saying (say, tell, answer, discuss)


def declines_to_answer(sentence: str) -> bool:
    """Whether a sentence declines the question, read from the parse: the respondent (the subject "I"/"we",
    or left out) with a modal ("I'd", "can't", "I'll") and
    - a verb passing over "this/that one" ("I'll leave that one", "can I skip this one"), or
    - a negated verb of saying (WordNet) or one whose object is a wh-clause, what is held back ("I'd sooner
      not say how much I spend", "I'd rather not share what I do for work"), or a negated verb with "this/that
      one" as object ("cant do this one").
    "I can't say I've noticed" (a clause with a subject and no wh-word) is a hedge, not a refusal; "I don't tell
    my wife" (no modal) is a habit."""
    from ...dedup.wordnet import get_wordnet

    wordnet = get_wordnet()
    for v in _parsed(sentence):
        if v.pos_ not in ("VERB", "AUX") or v.dep_ not in ("ROOT", "conj", "xcomp"):
            continue
        subjects = [c for c in v.children if c.dep_ == "nsubj"]
        if not all(c.lower_ in ("i", "we") for c in subjects) or not any(
                c.dep_ == "aux" and c.tag_ == "MD" for c in v.children):
            continue
        negated = any(c.dep_ == "neg" for c in v.children)
        # ("cant do this one sorry": "one" is sometimes hung from the word after it)
        this_one = any(t.lower_ == "one" and t.i > v.i and any(g.lower_ in ("this", "that") for g in t.children)
                       and v in (t.head, t.head.head) for t in v.subtree)
        if this_one and (v.lemma_.lower() in _PASSING_OVER or negated):
            return True
        if not negated:
            continue
        clauses = [c for c in v.children if c.dep_ in ("ccomp", "dobj") and c.pos_ in ("VERB", "AUX")]
        held_back = [c for c in clauses if any(t.lower_ in closed().wh_words for t in c.subtree
                                                 if t.i < c.i)]
        saying = wordnet is not None and any(wordnet.lexfile(x) == _COMMUNICATION_FILE
                                             for x in wordnet.synsets(v.lemma_.lower(), "v")[:1])
        # "I couldn't tell you a single path I took" cannot recall a thing it names: no refusal
        named = any(c.dep_ == "dobj" and c.pos_ in ("NOUN", "PROPN") for c in v.children)
        if held_back or saying and not clauses and not named:
            return True
    return False


def asks_what_is_left(sentence: str) -> bool:
    """Whether a sentence asks how much of the interview is left without naming what: "how" with a word of
    quantity or time ("much", "many", "long") and a word of remaining ("left", "more", "longer"), and no
    content word besides ("hows much is left", "how many left", "how much more to go"); "how much more
    does it cost" names a thing of its own."""
    c = closed()
    ws = [w.removesuffix("s") if w in ("hows", "how's") else w for w in words(sentence)]
    if "how" not in ws or not _REMAINING & set(ws):
        return False
    ws = ws[ws.index("how"):]  # "got a rough idea how much of this is left?": the question from "how" on
    k = 0
    if ws[k + 1:k + 2] not in (["much"], ["many"], ["long"]):
        return False
    rest = [w for w in ws if w not in _REMAINING and w not in _OF_THE_INTERVIEW and w not in c.function_words
            and w not in c.auxiliaries and w not in c.interjections and w not in c.coordinators
            and w not in ("how", "much", "many", "long", "is", "'s", "to")]
    return not rest


def _indirect_question(sentence: str) -> bool:
    """A question asked indirectly: a verb of wondering or wanting to know, then a wh-word ("just
    wondering who's getting my opinions", "I'd like to know where this goes")."""
    ws = words(sentence)
    for i, w in enumerate(ws):
        if w.startswith("wonder") or (w == "know" and i > 0 and ws[i - 1] == "to"):
            return any(x.split("'")[0] in closed().wh_words for x in ws[i + 1:i + 3])
    return False


# Words that open an apology ("sorry, typing with cold hands"): a closed class of English.
_APOLOGIES = frozenset("sorry sry soz apologies".split())


# A sentence that tells how often something happens or what it leads to is about the respondent's life, not
# their moment ("my phone buzzing every time a bird lands; that's why I keep grabbing it" is a complaint, not
# a pause): frequency adverbials and causal links of general English.
_HABITUAL = re.compile(r"\b(?:every|each) (?:time|day|morning|night|week)\b|\bwhenever\b|\ball the time\b|"
                       r"\b(?:always|constantly|usually|often|never)\b")
_CONSEQUENCE = re.compile(r"\b(?:that's|thats|that is|which is) why\b|\bbecause\b|\bwhich means\b|\bso that\b")


def is_aside(sentence: str) -> bool:
    """Whether a sentence is about the respondent's own moment rather than the topic: an aside pattern
    (``data/meta.yaml``), or an apology followed straight away by what the respondent is doing, a bare
    present participle ("sorry, typing with cold hands", "sry driving"). A sentence that says how often
    something happens or what it leads to is never an aside: it tells the respondent's life, not the moment."""
    ws = words(sentence)
    text = " ".join(ws)
    if _HABITUAL.search(text) or _CONSEQUENCE.search(text):
        return False
    if bool(_patterns().asides.search(text)):
        return True
    return _apology_aside(ws) or asks_for_time(sentence, bare=False)


# WordNet words whose kinds are short stretches of time ("a sec", "a minute", "a moment"; "a day" at most),
# and the words at most in a request for one ("just give me two minutes").
_SHORT_TIME_ROOTS = frozenset({"time_unit", "moment", "instant"})
TIME_REQUEST_WORDS = 5


def _a_moment(part: str) -> bool:
    """One short moment ("a sec", "one moment", "just a minute"): a single unit that is, or shares its first
    WordNet sense with, a word for an "indefinitely short time" ("sec" with "second"); "a day" or "an hour"
    is a duration, not a moment."""
    from ...dedup.wordnet import get_wordnet

    wordnet = get_wordnet()
    ws = words(part)
    if wordnet is None or not {"a", "an", "one"} & set(ws):
        return False
    names = {n for w in ws for syn in wordnet.synsets(w, "n")[:1] for n in syn.words}
    return any(word_is_kind(n, "n", frozenset({"moment"}), 3) for n in names)


def asks_for_time(part: str, bare: bool = True) -> bool:
    """A request for a moment: a short phrase (at most TIME_REQUEST_WORDS words) whose one noun names a
    unit or a short stretch of time (WordNet: "sec", "two minutes", "a moment"), with nothing else in it
    but a quantity, "just", the respondent and an imperative verb ("give me a sec", "wait a minute", "hold
    on a moment"). With ``bare`` a duration alone counts too ("two minutes"); a caller uses that only beside
    another sign of a pause (an apology), since "two minutes" also answers "how long does it take?"."""
    ws = [w for w in words(part) if w not in closed().interjections or w == "wait"]
    if not ws or len(ws) > TIME_REQUEST_WORDS:
        return False
    doc = _parsed(" ".join(ws))
    units = [t for t in doc if t.pos_ in ("NOUN", "PROPN", "ADJ") and not t.like_num
             and word_is_kind(t.lemma_.lower(), "n", _SHORT_TIME_ROOTS, 2)]
    if len(units) != 1:
        return False
    rest = [t for t in doc if t.i != units[0].i and not t.like_num and t.pos_ not in ("DET", "PRON", "ADP", "PART", "NUM")
            and t.dep_ != "predet" and t.lower_ not in ("just", "more", "another", "few", "couple", "of")]
    if not rest:
        return bare
    # an imperative first ("give me a sec", "wait a minute"): a bare verb with no subject of its own
    verb = rest[0]
    return len(rest) == 1 and verb.i == 0 and verb.tag_ == "VB" and not any(c.dep_ == "nsubj" for c in verb.children)


def asks_purpose(sentence: str) -> bool:
    """Whether a question asks what the study is for: "what" with "for" or "about" and a study noun
    (WordNet: a survey, research, an interview) or "this" as what it asks about ("What's this survey for
    exactly?", "what is all this about"); or a purpose of the interview put to it (:func:`_purpose_of_this`)."""
    if _purpose_of_this(_parsed(sentence)):
        return True
    ws = _after_coordinators([w for w in words(sentence) if w not in closed().interjections])  # "and what's all this for"
    if not ws or ws[0] not in ("what", "what's", "whats") or not ({"for", "about"} & set(ws)):
        return False
    return any(_is_study(t) for t in _parsed(sentence)) or "this" in ws[1:4]


# WordNet roots of what something is done for ("point" in one of its senses, "purpose", "aim", "goal").
_PURPOSE_ROOTS = frozenset({"purpose", "goal", "intention"})


def _purpose_of_this(doc) -> bool:
    """"is the point of this to decide whether they open more shops?": the subject of "be" is a noun one of whose
    WordNet senses is a purpose, of the interview ("of this", "of all this", "of the survey")."""
    from ...dedup.wordnet import get_wordnet

    wordnet = get_wordnet()
    for t in doc:
        if t.dep_ != "nsubj" or t.head.lemma_ != "be" or t.pos_ != "NOUN" or wordnet is None:
            continue
        of_this = any(c.dep_ == "prep" and c.lower_ == "of" and any(g.dep_ == "pobj" and (g.lower_ == "this" or _is_study(g))
                                                                   for g in c.children) for c in t.children)
        if of_this and any(wordnet.is_kind_of(syn, _PURPOSE_ROOTS) for syn in wordnet.synsets(t.lemma_.lower(), "n")):
            return True
    return False


# Pure in its text: the assessment and the question writer both read each answer.
@lru_cache(maxsize=512)
def is_pause(answer: str) -> bool:
    """Whether an answer is only an aside or a pause ("hang on, the kettle's going", "one sec, dog"): every
    sentence an aside (:func:`is_aside`) or interjections alone, or, when no rule reads the answer, a pause
    by the learned reading (:func:`learned_topic`). A pause is met with "no rush" and the same question,
    never probed and never taken as the answer."""
    answer = respelled(answer)
    if wants_to_stop(answer) and not promises_return(answer):
        return False  # "right, I'm going to have to go, cheers": leaving, never "no rush"
    return _paused(answer) or back_alone(answer) or learned_topic(answer) == "pause"


@lru_cache(maxsize=512)
def learned_topic(answer: str) -> str | None:
    """What the learned reading (:mod:`.addressed`) finds the answer says to the interviewer (one of its
    classes but "none") when the pause rules read nothing and the topic rules read nothing, or read another
    topic than a confident learned one (``addressed.OVERRIDE``: "do I get a voucher for doing this" is no
    privacy question); None without the encoder."""
    answer = respelled(answer)
    if _paused(answer):
        return None
    from .addressed import OVERRIDE, addressed_topic

    rule = _rule_topic(answer)
    if rule is None:
        found = addressed_topic(answer)
        if found in ASKING and not _puts_to_interviewer(answer):
            return None  # "I don't know how to put it any other way" asks nothing: no question, no "you"
        # who is behind the study is answered as such (questions' "other_sponsor"), not as its purpose
        return None if found == "purpose" and any(asks_who_is_behind(s) for _, _, s in sentences(answer)) else found
    found = addressed_topic(answer, OVERRIDE)
    if found in ASKING and not _puts_to_interviewer(answer):
        return None
    if any(meta_topic(s, answer) == found for _, _, s in sentences(answer)):
        return None  # the rules read it too, in a later part: the first part asked stays first
    return found if found != rule else None


# The learned reading's classes that ask the interviewer something (the others decline, stop or pause).
ASKING = frozenset({"length", "purpose", "privacy", "meaning", "payment"})
# The interviewer in the second person, and the imperative "tell me" / "explain": a closed class of English.
_SECOND_PERSON = frozenset("you your yours yourself yourselves ya u".split())
_TELL_ME = frozenset("tell explain remind".split())


def _puts_to_interviewer(answer: str) -> bool:
    """Some sentence of ``answer`` is put to the interviewer by its form: a question (:func:`question_in_form`),
    a sentence with the interviewer in the second person ("not sure what you mean by that"), or a request
    ("tell me how long this takes"). An engine safeguard on the learned reading: a statement about the
    respondent's own words ("I don't know how to put it any other way") asks the interviewer nothing, however
    near its meaning lies to a question."""
    c = closed()
    for _, _, s in sentences(answer):
        ws = [w for w in words(s) if w not in c.interjections]
        if ws and (question_in_form(s) or _SECOND_PERSON & set(ws) or ws[0] in _TELL_ME):
            return True
    return False


@lru_cache(maxsize=512)
def _paused(answer: str) -> bool:
    """:func:`is_pause` by the rules alone."""
    c = closed()

    def paused(sentence: str) -> bool:  # "hang on, the price is what matters" is no pause: every comma part
        # (a semicolon or a spaced dash parts a sentence as a comma does: "Courier at the door; one minute.")
        parts = [p for p in re.split(r",|;| - | -- ", sentence) if words(p)]
        # after an apology, a duration alone asks for time ("sorry, kids just in from school, two minutes")
        # ... and so does "a moment" / "one sec" beside what interrupts ("one moment, courier"): a single unit
        # answers no "how long" as a duration does
        sorry = words(sentence)[0] in _APOLOGIES
        if sorry and len(parts) > 1 and any(_doing_now(p) for p in parts) and all(
                _doing_now(p) or not words(_unapologetic(p)) or _what_interrupts(_unapologetic(p)) for p in parts):
            return True  # "sorry my phone's about to die, grabbing the charger": what happens, what they do about it
        aside = [(is_aside(p) or asks_for_time(p) and (sorry or len(parts) > 1 and _a_moment(p)) or bids_wait(p)
                  or holds_the_question(p) or asks_to_think(p)) and not _asks_after_lead_in(p) or _asks_to_pause(p)
                 for p in parts]  # ("let me think", "hold that thought"; "hang on, am I talking to a computer" asks)
        # ... beside what interrupts, or what the respondent has to do now ("one sec, I have to get this")
        return _apology_aside(words(sentence)) or any(aside) and all(
            a or all(w in c.interjections for w in words(p)) or _what_interrupts(p) or _must_now(p)
            for a, p in zip(aside, parts))

    parts = [s for _, _, s in sentences(answer) if words(s)]
    before = _before_return(answer)
    if before and _paused(before):
        return True  # "bear with me, the dog's going berserk at the postman ... right. where were we": gone, then back
    if len(parts) > 1 and _afterthought(parts[-1]):
        parts = parts[:-1]  # "Hold on, tenant on the other line. A living one.": "one" stands for what interrupts
    if len(parts) == 1 and _apology_then_arrival(parts[0]):
        return True  # "Forgive me, the milkman is at the door wanting paying."
    pieces = [p for s in parts for p in re.split(r"[,;]| - | -- ", s) if words(p)]
    if any(asks_for_time(p, bare=False) and "me" in words(p) for p in pieces) and not any(question_in_form(s) for s in parts):
        # "give me half a mo, my ear thing's whistling": a moment asked for themselves, whatever the reason
        # ("wait a minute, that's not right" objects: no "me")
        return True
    if len(parts) == 2 and words(parts[0])[:1] and (words(parts[0])[0] in _APOLOGIES and len(words(parts[0])) == 1
                                                    or bids_wait(parts[0])) and _thing_around(parts[1]):
        return True  # "Sorry. Kettle.", "Bear with. Door.": an apology or a bid to wait, then what interrupts
    if len(parts) == 2 and _apology_and_cause(parts[0]) and asks_for_time(parts[1]):
        return True  # "Sorry - phone. Two mins.": an apology and what interrupts, then the time asked for
    if len(parts) > 1 and _back_soon(parts[-1]) and not any(question_in_form(s) for s in parts) and all(
            _steps_away(s) for s in parts[:-1]):
        return True  # "Forgive me, I must take a call. I shall be back directly.": gone a while, back after it
    if _leaves_last(answer) and not any(question_in_form(s) for s in parts):
        return True  # "sorry, the plumber's here right now, typical, one sec": they go, whatever came before
    return bool(parts) and all(paused(s) or all(w in c.interjections for w in words(s)) for s in parts) and any(
        paused(s) for s in parts)


def _before_return(answer: str) -> str:
    """The answer before its last words when they say the respondent is back (:func:`own_turn.returns_from_pause` of
    its last sentence or comma part: "... right. where were we"), or ""."""
    pieces = [p for _, _, s in sentences(answer) for p in re.split(r"[,;]| - | -- ", s) if words(p)]
    if len(pieces) < 2 or not returns_from_pause(pieces[-1]):
        return ""
    cut = answer.rfind(pieces[-1].strip())
    return answer[:cut].rstrip(" ,;-.") if cut > 0 else ""


def _apology_and_cause(sentence: str) -> bool:
    """An apology and, after it, only what interrupts ("Sorry - phone", "Sorry, the door"): every part after the
    first a bare noun phrase of :func:`_what_interrupts` with no verb."""
    parts = [p for p in re.split(r",|;| - | -- ", sentence) if words(p)]
    return len(parts) >= 2 and _apology(parts[0]) and all(
        _what_interrupts(p) and not any(t.pos_ in ("VERB", "AUX") for t in _parsed(" ".join(words(p)))) for p in parts[1:])


# WordNet roots of a verb of pausing ("pause", "break off", "interrupt"): asked of the interview, a pause.
_PAUSE_ROOTS = frozenset({"pause", "interrupt"})


def _asks_to_pause(part: str) -> bool:
    """"can we pause", "could we pause a sec": "can/could" and "we/I" on a verb of pausing (WordNet), with nothing
    after it but "this/it" or a moment; asking to go on another time ("can I pause this and come back to it
    tomorrow") is no pause but a wish to finish later."""
    ws = words(part)
    while ws and (ws[0] in _APOLOGIES or ws[0] in closed().interjections):
        ws = ws[1:]
    if len(ws) < 3 or ws[0] not in ("can", "could") or ws[1] not in ("we", "i"):
        return False
    rest = ws[3:]
    return word_is_kind(verb_lemma_of(ws[2]), "v", _PAUSE_ROOTS, 1) and all(
        w in ("this", "it", "a", "one", "for", "just") or word_is_kind(w, "n", _SHORT_TIME_ROOTS, 2) for w in rest)


def _afterthought(sentence: str) -> bool:
    """A verbless noun phrase headed by the pro-form "one" with a determiner ("A living one.", "The bossy one."): it
    only says more of a thing named just before (English's "one" stands for a noun said earlier), never a point."""
    doc = _parsed(" ".join(words(sentence)))
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    return root is not None and root.lower_ == "one" and len(doc) <= 4 and any(
        c.dep_ == "det" for c in root.children) and not any(t.pos_ in ("VERB", "AUX") and t.dep_ != "amod" for t in doc)


def _apology_then_arrival(sentence: str) -> bool:
    """An apology ("sorry", "forgive me": :func:`_apology`) and then, alone, someone who has come
    (:func:`_arrived`): "Forgive me, the milkman is at the door wanting paying"."""
    parts = [p for p in re.split(r",|;| - | -- ", sentence) if words(p)]
    return len(parts) == 2 and _apology(parts[0]) and _arrived(parts[1])


# WordNet roots of the way into a home ("the door", "the gate"): someone "at" one has come to the respondent.
_ENTRANCE_ROOTS = frozenset({"door", "doorway", "gate", "entrance"})


def _arrived(part: str) -> bool:
    """Someone or something around the respondent who has come: "be" now with "here" ("the man's here to read the
    meter") or "at" the way in (WordNet: a door or gate: "the milkman is at the door wanting paying")."""
    ws = words(part)
    if not ws or len(ws) > 2 * _HAPPENING_WORDS:
        return False
    doc = _parsed(" ".join(ws))
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None or root.lower_ not in ("'s", "is", "are", "'re"):
        return False
    # (what they came for is not counted: "... at the door wanting paying", "... here to read the meter")
    purpose = {t.i for c in root.children if c.dep_ in ("advcl", "xcomp", "conj", "cc") for t in c.subtree}
    if len(doc) - len(purpose) > _HAPPENING_WORDS:
        return False
    subject = [c for c in root.children if c.dep_ == "nsubj"]
    named = " ".join(w.lower_ for w in subject[0].subtree if w.dep_ in ("poss", "det") or w.i == subject[0].i) \
        if subject else ""
    if not subject or not (subject[0].lower_ in ("he", "she", "they") or _thing_around(named)):
        return False
    here = any(c.dep_ == "advmod" and c.lower_ == "here" for c in root.children)
    at_door = any(c.dep_ == "prep" and c.lower_ == "at" and any(
        g.dep_ == "pobj" and word_is_kind(g.lemma_.lower(), "n", _ENTRANCE_ROOTS, 1) for g in c.children)
        for c in root.children)
    return here or at_door


# WordNet roots of a short stretch of time ("a minute", "a sec", "a moment", "a tick").
_MOMENT_ROOTS = frozenset({"time_unit", "moment", "time_period"})


def _back_soon(sentence: str) -> bool:
    """A promise to come back and nothing else (:func:`own_turn.promises_return`): after "back", only adverbs
    ("directly", "shortly") or "in" a stretch of time (WordNet) or a number ("back in a minute", "back in 5");
    "I shall be back for more" tells a plan."""
    ws = words(sentence)
    if not promises_return(sentence) or "back" not in ws:
        return "brb" in ws and len(ws) <= 3
    after = ws[ws.index("back") + 1:]
    if after[:1] == ["in"]:
        return all(w in closed().determiners or w.isdigit() or word_is_kind(w, "n", _MOMENT_ROOTS, 2) for w in after[1:])
    return all(open_classes(w) == frozenset({"ADV"}) for w in after)


def _steps_away(sentence: str) -> bool:
    """A sentence said before a promise to come back: every comma part an apology, an interjection, what interrupts
    or what the respondent has to do now ("Forgive me, I must take a call")."""
    c = closed()
    return all(all(w in c.interjections for w in words(p)) or _apology(p) or _what_interrupts(p) or _must_now(p)
               or _must_do_now(p) for p in sentence.split(",") if words(p))


def _must_do_now(part: str) -> bool:
    """"I must take a call", "I've got to get this": "I"/"we" the subject of a verb under "must" (or "have/got to":
    :func:`_must_now`), not in the past."""
    doc = _parsed(part)
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    return root is not None and root.pos_ == "VERB" and any(c.dep_ == "aux" and c.lower_ == "must" for c in root.children) \
        and any(c.dep_ == "nsubj" and c.lower_ in ("i", "we") for c in root.children)


def _apology(part: str) -> bool:
    """"sorry", "forgive me", "excuse me", "apologies", "pardon me": a word of apology (WordNet: "forgive", "excuse",
    "pardon", "apologize" are kinds of forgiving or apologising), with "me"/"us" at most."""
    ws = [w for w in words(part) if w not in ("me", "us", "so", "very", "really")]
    return len(ws) == 1 and (ws[0] in _APOLOGIES or word_is_kind(verb_lemma_of(ws[0]), "v", _PARDONING_ROOTS, 1))


_PARDONING_ROOTS = frozenset({"forgive", "apologize", "excuse"})


def verb_lemma_of(word: str) -> str:
    return (getAllLemmas(word).get("VERB") or (word,))[0]


# Words at least in a question after a lead-in ("hang on, am I talking to a computer"): "hang on a sec?" asks nothing.
_ASKING_WORDS = 3
# Verbs of having to do something now ("I have to get this", "I've got to move the car", "I need to answer
# the door"): a closed class of English.
_HAVING_TO = frozenset("have got need".split())


def bids_wait(part: str) -> bool:
    """A bid to wait typed as a bare verb and a particle, nothing else ("hang about", "bear with", "haud on"): a
    verb (or a word the parser and WordNet do not know) with no subject, then a preposition or particle with no
    object; when WordNet knows the phrase ("hold on", "come on", "go on"), one of its first senses is a kind of
    waiting ("come on" and "go on" urge, they do not ask to wait)."""
    from ...dedup.wordnet import get_wordnet

    c = closed()
    ws = words(part)
    while len(ws) > 2 and ws[0] in c.interjections:  # "right, hang about" ("hang" itself is one in the closed class)
        ws = ws[1:]
    if len(ws) == 3 and ws[2] in ("me", "us"):
        ws = ws[:2]  # "bear with me": the one to be waited for named
    if len(ws) == 2 and ws[1] == "one" and word_is_kind(verb_lemma_of(ws[0]), "v", frozenset({"wait"}), 1):
        return True  # "wait one": a verb of waiting and "one" with its unit of time left out
    wordnet = get_wordnet()
    if len(ws) != 2 or ws[1] not in c.prepositions or wordnet is None:
        return False
    verbs = getAllLemmas(ws[0]).get("VERB", ())
    if not verbs and wordnet.known(ws[0]):
        return False  # a word of another kind ("right on", "spot on")
    lemma = verbs[0] if verbs else ws[0]
    phrase = f"{lemma}_{ws[1]}"
    return word_is_kind(phrase, "v", frozenset({"wait"}), 3) if has_sense(phrase, "v") else bool(verbs) or not wordnet.known(ws[0])


# WordNet roots of saying or talking: what a respondent may apologise for doing badly ("sorry if I'm rambling").
_TALK_ROOTS = frozenset({"communicate", "express", "state", "tell", "talk", "speak"})


def apologises_for_answer(sentence: str) -> bool:
    """An apology for how the respondent is answering ("sorry if I'm saying it all wrong", "sorry if I'm rambling"):
    an apology first, then an "if" clause whose verb is one of saying or talking (WordNet) with "I" as its subject.
    Met as a worry about their own answer ("there are no right or wrong answers"), never probed."""
    ws = words(sentence)
    if not ws or ws[0] not in _APOLOGIES:
        return False
    return any(t.pos_ == "VERB" and any(c.dep_ == "mark" and c.lower_ == "if" for c in t.children) and any(
        c.dep_ == "nsubj" and c.lower_ == "i" for c in t.children) and word_is_kind(t.lemma_.lower(), "v", _TALK_ROOTS, 3)
        for t in _parsed(" ".join(sentence.split())))


def _asks_after_lead_in(part: str) -> bool:
    """A question in form after its lead-in ("hang on am I talking to a computer here"): never an aside."""
    ws = words(part)
    return question_in_form(part) and len(ws) - _lead_in(ws) >= _ASKING_WORDS


def _must_now(part: str) -> bool:
    """What the respondent has to do now ("I have to get this", "I've got to move the van"): "I"/"we" the subject
    of "have/got/need" with a "to"-infinitive, no modal and not in the past, habit or reason (a sentence of those
    is no aside: :func:`is_aside`)."""
    doc = _parsed(part)
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None or root.lemma_.lower() not in _HAVING_TO and root.lower_ not in _HAVING_TO or root.tag_ == "VBD" \
            and root.lower_ != "got":
        return False
    subject = any(c.dep_ == "nsubj" and c.lower_ in ("i", "we") for c in root.children)
    modal = any(c.dep_ == "aux" and c.tag_ == "MD" for c in root.children)
    infinitive = any(c.dep_ == "xcomp" and any(g.lower_ == "to" for g in c.children) for c in root.children)
    text = " ".join(words(part))
    return subject and infinitive and not modal and not (_HABITUAL.search(text) or _CONSEQUENCE.search(text))


# Words at most in a closing aside that says the respondent is going ("..., hang on", "..., one sec").
LEAVING_WORDS = 4


def _leaves_last(answer: str) -> bool:
    """The answer's last clause (after its last comma or stop) is a short aside that is no interjection
    alone ("hang on", "one sec", "brb"): the respondent's last words say they are stepping away."""
    c = closed()
    last = [p for p in re.split(r"[,.!?;…]", answer) if words(p)][-1:]
    ws = words(last[0]) if last else []
    going_on = bool(_GO_ON.match(" ".join(ws)))  # "go on", "carry on": leave to continue, not to wait
    return bool(ws) and len(ws) <= LEAVING_WORDS and is_aside(last[0]) and not going_on and not all(
        w in c.interjections for w in ws)


_GO_ON = re.compile(r"^(?:(?:ok|okay|right|sorry) )?(?:go on|carry on|go ahead|i'm back|im back|back now)\b")


def _thing_around(part: str) -> bool:
    """A bare noun (a determiner at most) naming a thing, an animal or a person around the respondent
    (WordNet: artifact, animal, person): "Kettle.", "the dog"."""
    from ...dedup.wordnet import get_wordnet

    ws = [w for w in words(part) if w not in closed().determiners and w not in closed().possessives]
    wordnet = get_wordnet()
    if len(ws) != 1 or wordnet is None:
        return False
    # the first common sense (a named instance such as a singer called Price is no thing around them); of a noun
    # the respondent calls theirs, the first two ("my mum": WordNet's first "mum" is a flower)
    mine = any(w in ("my", "our") for w in words(part))
    common = [s for s in wordnet.synsets(ws[0], "n") if not any(p[0] == "@i" for p in s.pointers)]
    # ... and of a bare noun not a sense in which the word is only a late synonym, an abbreviation ("cat" of computed axial
    # tomography, listed before the animal): the word among the synset's first two names
    first = common[:2] if mine else ([s for s in common if ws[0] in s.words[:2]] or common)[:1]
    return any(wordnet.is_kind_of(s, {"artifact", "animal", "person"}) for s in first)


def _what_interrupts(part: str) -> bool:
    """A bare noun phrase beside an aside naming what interrupts ("hang on, parcel", "one sec, the oven"):
    one word besides a determiner, no verb."""
    ws = [w for w in words(part) if w not in closed().determiners and w not in closed().possessives]
    doc = _parsed(" ".join(words(part)))
    if not ws or any(t.pos_ in ("VERB", "AUX") for t in doc):
        return _happening_now(part)
    # one word, or a verbless phrase headed by someone or something around them ("somebody at the door")
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    return len(ws) == 1 or (root is not None and len(ws) <= 5 and _thing_around(root.lower_)) or _happening_now(part)


def _happening_now(part: str) -> bool:
    """A short clause beside an aside telling what is happening around the respondent ("hang on, my
    lad's shouting from upstairs", "can we pause, the baby's awake"): someone or something other than
    the respondent as subject, in the present progressive, or a present "be" with an adjective."""
    ws = words(part)
    if not ws or len(ws) > 2 * _HAPPENING_WORDS:
        return False
    doc = _parsed(" ".join(ws))
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None:
        return False
    # ("she's reading over my shoulder and disagreeing with everything": the first of two joined clauses is counted)
    joined = {t.i for c in root.children if c.dep_ in ("conj", "cc") for t in c.subtree}
    if len(doc) - len(joined) > _HAPPENING_WORDS:
        return False
    # "the baby's awake" is often parsed with "'s" as a possessive: read back as "is"
    contracted = [c for c in root.children if c.dep_ in ("nsubj", "poss") and any(
        g.dep_ == "case" and g.lower_ == "'s" for g in c.children)]
    subject = [c for c in root.children if c.dep_ in ("nsubj", "nsubjpass")] or contracted
    named = " ".join(w.lower_ for w in subject[0].subtree if w.dep_ in ("poss", "det") or w.i == subject[0].i) \
        if subject else ""  # ("my mum": whose it is picks the sense)
    if not subject or not (subject[0].lower_ in ("he", "she", "they") or _thing_around(named)):
        return False  # someone or something around them ("the baby", "the kettle"), not "the price"
    aux = {c.lower_ for c in root.children if c.dep_ in ("aux", "auxpass")}
    participle = root.tag_ == "VBG" or root.lower_.endswith("ing") and bool(getAllLemmas(root.lower_).get("VERB"))
    # ... also with its auxiliary left out ("the dogs going mad at the postman": "dog's" typed without it)
    progressive = participle and (bool(aux & {"'s", "is", "are", "'re"}) or bool(contracted) or not aux)
    # ... also in the present perfect ("she's been sick everywhere")
    perfect = root.lower_ == "been" and bool(aux & {"'s", "has", "have", "'ve"})
    state = (root.lemma_ == "be" and (root.lower_ in ("'s", "is", "are", "'re") or perfect) and any(
        c.dep_ == "acomp" for c in root.children)) or (root.pos_ == "ADJ" and bool(contracted))
    # ... or what has just happened to it ("hold on, my screen froze", "sorry, the baby's woken up")
    verb_lemmas = getAllLemmas(root.lower_).get("VERB", ())  # ("froze" is often tagged a noun)
    past_form = bool(verb_lemmas) and root.lower_ not in verb_lemmas and not root.lower_.endswith(("s", "ing"))
    # an event without an object or a complement ("my screen froze", "my boss walked in"), not a verdict
    event = root.lemma_ != "be" and not any(c.dep_ in ("dobj", "acomp", "attr", "ccomp", "xcomp", "oprd")
                                            for c in root.children)
    # ... said of their own things or people ("my screen", "my boss"): "the instructor shouted at us" is a story
    own = any(c.dep_ == "poss" for c in subject[0].children)
    happened = event and own and (root.tag_ == "VBD" or root.tag_ == "VBN" and (bool(aux) or bool(contracted))
                                  or root.pos_ in ("NOUN", "VERB") and past_form)
    # ... or someone who has come ("the man's here to read the meter", "the taxi's here"): "be" now, "here" beside it
    return progressive or state or happened or _arrived(part)


_HAPPENING_WORDS = 8


# Words at most in a bare participle phrase telling what the respondent is doing ("grabbing the charger").
_DOING_WORDS = 4


def _doing_now(part: str) -> bool:
    """A bare present participle with an object or a particle, no subject and no auxiliary, at most ``_DOING_WORDS`` words ("grabbing the
    charger", "getting on"): what the respondent is doing this moment."""
    ws = words(part)
    if not ws or len(ws) > _DOING_WORDS:
        return False
    root = next((t for t in _parsed(" ".join(ws)) if t.dep_ == "ROOT"), None)
    # (with an object or a particle: what they do to something, not how something behaves: "crashing constantly")
    return root is not None and root.i == 0 and root.tag_ == "VBG" and not any(
        c.dep_ in ("nsubj", "aux", "auxpass") for c in root.children) and any(c.dep_ in ("dobj", "prt") for c in root.children)


def _unapologetic(part: str) -> str:
    """A part without its leading apology ("sorry my phone's about to die" -> "my phone's about to die")."""
    ws = words(part)
    return " ".join(ws[1:]) if ws and ws[0] in _APOLOGIES else part


def _apology_aside(ws: list[str]) -> bool:
    """An apology, then what the respondent is doing ("sorry, typing on the bus") or what has just
    happened around them ("sorry the baby's just woken up", "sorry, dog's barking"): a bare participle, or
    a clause in the progressive or with "just"."""
    c = closed()
    if len(ws) < 2 or ws[0] not in _APOLOGIES or ws[1].split("'")[0] in c.wh_words or ws[1] in c.auxiliaries \
            or ws[1] in ("whos", "whats", "hows") or ws[1] in c.subordinators:
        return False  # "sorry, who is running this?" asks; "sorry if I'm rambling" apologises for the answer
    if ws[1].endswith("ing") and bool(getAllLemmas(ws[1]).get("VERB")):
        return True
    doc = _parsed(" ".join(ws[1:]))
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None or root.pos_ != "VERB":
        return False
    aux = {c.lower_ for c in root.children if c.dep_ == "aux"}
    progressive = root.tag_ == "VBG" and bool(aux & {"'s", "is", "are", "'re", "am", "'m"})
    just = root.tag_ == "VBN" and any(c.lower_ == "just" for c in root.children)
    return progressive or just


# Pure in its text: the assessment and the question writer both read each answer.
@lru_cache(maxsize=512)
def answer_meta_topic(answer: str) -> MetaTopic | None:
    """The first question about the interview in an answer, or None; a sentence is also read by its comma
    parts against the topics' patterns, since a question is often typed after a lead-in or before a second
    one without a stop ("quick q, how many questions is this", "who sees them, is that kept somewhere").
    When the rules read nothing, the learned reading (:func:`learned_topic`) may name the topic in a
    phrasing no rule knows (a pause is no topic: :func:`is_pause`)."""
    answer = respelled(answer)
    topic = learned_topic(answer) or _rule_topic(answer)
    if topic == "end" and asks_to_go_on(answer):
        return None  # "I'll have to go and check with my wife, but carry on": they ask the interviewer to go on
    return None if topic == "pause" else topic  # type: ignore[return-value]


@lru_cache(maxsize=512)
def _rule_topic(answer: str) -> MetaTopic | None:
    """:func:`answer_meta_topic` by the rules alone; who is behind the study, asked in question word order
    ("is a company behind this", "who came up with these questions"), is a question of its purpose. A question
    inside a lead-in (:func:`embedded_question`) is read as its own sentence."""
    answer = respelled(answer)
    for _, _, s in sentences(answer):
        topic = meta_topic(s, answer) or next((t for p in s.split(",") if "," in s and len(words(p)) >= 2
                                                 and (t := _pattern_topic(p))), None)
        inner = "" if topic else embedded_question(s)
        topic = topic or (meta_topic(inner, answer) if inner else None)
        if topic:
            return topic
    return "purpose" if _asks_sponsor(answer) else None


def _asks_sponsor(answer: str) -> bool:
    """Some sentence (or comma part) asks who is behind the study (:func:`asks_who_is_behind`) or what the
    interviewer is (:func:`own_turn.asks_who_is_asking`) in question form or question word order."""
    c = closed()
    for _, _, s in sentences(answer):
        for part in [s, *s.split(",")]:
            ws = [w for w in words(part) if w not in c.interjections]
            ordered = bool(ws) and (ws[0] in c.wh_words or ws[0] in ("who's", "whos") or ws[0] in c.auxiliaries)
            if ws and (question_in_form(part) or ordered) and (asks_who_is_behind(part) or asks_who_is_asking(
                    _parsed(part))):
                return True  # ... or what the interviewer is ("are you a robot?"): the same answer, as far as known
    return False


def reply_topic(answer: str, topic: str) -> str:
    """The wording key that answers the respondent's own turn, refined from its topic by what the turn says:
    a return after a pause ("pause_back"), a wish to go on another time ("end_later"), a question about
    being contacted afterwards ("privacy_contact"), how the interviewer got their details ("privacy_source"), a wish
    to say something off the record
    ("privacy_off_record"), who reads the answers ("privacy_reader"), who pays for the study ("other_funder"),
    who is behind the study or who is asking, asked alone ("other_sponsor"); ``topic`` itself otherwise."""
    answer = respelled(answer)
    if topic == "pause" and returns_from_pause(answer):
        return "pause_back"
    if topic == "end" and defers(answer):
        return "end_later"
    parts = [s for _, _, s in sentences(answer)]
    if topic == "privacy" and any(requests_contact(_parsed(s)) for s in parts):
        return "privacy_contact_request"  # "you can email me about that": asked for, not asked about
    if topic == "privacy" and any((question_in_form(s) or _hoped(s)) and asks_about_contact(_parsed(s)) for s in parts):
        return "privacy_contact"
    docs = [_parsed(s) for s in parts]
    if topic == "privacy" and any(question_in_form(s) and knows_who_said(d) for s, d in zip(parts, docs)):
        return "privacy"  # "does my daughter's school find out what I put here?": whether they are known, not a deletion
    if topic == "privacy" and any(off_the_record(d) for d in docs):
        return "privacy_off_record"
    if topic == "privacy" and any(asks_how_they_got(d, _names_them) for d in docs):
        return "privacy_source"
    if topic == "privacy" and any(asks_how_long_kept(d) for d in docs):
        return "privacy_retention"  # "how long will my answers be kept?": a fact the study has not given
    if topic == "privacy" and any(asks_who_reads(d, is_information) for d in docs):
        return "privacy_reader"
    if topic == "privacy" and any((question_in_form(s) or s.rstrip().endswith("?")) and _goes_to_a_person(d)
                                  for s, d in zip(parts, docs)):
        return "privacy_reader"  # "is this going to a person or is it one of those AI things": who reads them
    if topic in ("purpose", "other") and any(asks_who_pays(d, _is_study) for d in docs):
        return "other_funder"
    # ("who are you working for?" matches a purpose pattern but asks who is behind it)
    if topic == "purpose" and _asks_sponsor(answer) and not any(
            _pattern_topic(s) == "purpose" and not asks_who_is_behind(s) or asks_purpose(s) for s in parts) \
            or topic == "other" and any(asks_who_is_asking(d) for d in docs):
        return "other_sponsor"
    return topic


# WordNet roots of keeping something ("store", "retain", "hold", "save", "keep"), and of a stretch of time
# ("years", "months", "a week"): what a question of how long answers are kept is made of.
_KEEPING_ROOTS = frozenset({"keep", "retain", "store", "hold", "save", "record"})
_SPAN_ROOTS = frozenset({"time_unit", "time_period", "calendar_month", "year"})


def asks_how_long_kept(doc) -> bool:
    """"how long will my answers be kept?", "I should like to know how my answers will be stored, and for how many
    years": "how long", or "how many/much" on a stretch of time (WordNet), in a sentence whose verb is one of keeping
    (WordNet: keep, store, retain, hold, save) or whose noun is information about someone; never the interview's
    own length ("how long will this take?" has no verb of keeping)."""
    ws = [t.lower_ for t in doc]
    span = any(ws[k] == "how" and k + 1 < len(ws) and (ws[k + 1] == "long" or ws[k + 1] in ("many", "much") and any(
        word_is_kind(t.lemma_.lower(), "n", _SPAN_ROOTS, 1) for t in doc[k + 2:k + 4])) for k in range(len(ws)))
    if not span:
        return False
    for t in doc:
        if t.lower_ == "long" and t.i > 0 and doc[t.i - 1].lower_ == "how" or t.pos_ == "NOUN" and word_is_kind(
                t.lemma_.lower(), "n", _SPAN_ROOTS, 1) and any(x.lower_ == "how" for x in doc[max(t.i - 3, 0):t.i]):
            verb, x = None, t  # the verb the span measures; none in a fragment joined on ("..., and for how many years")
            while x.head.i != x.i and not (x.dep_ == "conj" and x.pos_ not in ("VERB", "AUX")):
                x = x.head
                if x.pos_ in ("VERB", "AUX"):
                    verb = x.head if x.dep_ in ("aux", "auxpass") else x  # ("how long are my answers kept?")
                    break
            if verb is None and any(v.pos_ == "VERB" and word_is_kind(v.lemma_.lower(), "v", _KEEPING_ROOTS, 2) or
                                    v.pos_ == "NOUN" and is_information(v.lemma_) for v in doc):
                return True  # "... how my answers will be stored, and for how many years"
            if verb is not None and word_is_kind(verb.lemma_.lower(), "v", _KEEPING_ROOTS, 2):
                return True
            if verb.lemma_ == "be" and any(c.dep_ == "nsubj" and is_information(c.lemma_) for c in verb.children):
                return True  # "how long are my details on file?"
    return False


def _closes_what_was_said(sentence: str, context: str) -> bool:
    """"We'll leave that there", "let's leave it there", said after a sentence of the respondent's own in the
    same answer: "leave" with "that/it" as its object and "there" or "at that" after it closes what they have just
    told, not the interview (said alone, after the interviewer's question, it may end the interview)."""
    doc = _parsed(" ".join(sentence.split()))
    closes = any(v.lemma_ == "leave" and any(c.dep_ == "dobj" and c.lower_ in ("that", "it") for c in v.children) and any(
        c.lower_ == "there" for c in v.children) for v in doc)  # ("leave it at the wrong door" puts a thing somewhere)
    if not closes:
        return False
    said = [s for _, _, s in sentences(context) if " ".join(s.split()) != " ".join(sentence.split())]
    before = said[:next((k for k, s in enumerate(said) if sentence.strip() in s), len(said))]
    return any(len(words(s)) >= 3 for s in before)


# WordNet roots of putting something somewhere or making it public ("put", "include", "print", "publish").
_PUTTING_ROOTS = frozenset({"put", "include", "print", "publish", "write", "mention"})
# WordNet roots of someone who may receive the answers: a person or a body.
_RECEIVER_ROOTS = frozenset({"person", "organization", "social_group", "business", "establishment"})


def _name_put_in(doc) -> bool:
    """"You put my name in the report?", "will you print my name?": a verb of putting or making public (WordNet, first
    senses) whose object is the respondent's own name or details (:func:`_names_them`)."""
    return any(v.pos_ == "VERB" and word_is_kind(v.lemma_.lower(), "v", _PUTTING_ROOTS, 2) and any(
        c.dep_ in ("dobj", "nsubjpass") and _names_them(c) for c in v.children) and not any(
        c.dep_ == "nsubj" and c.lower_ in ("i", "we") for c in v.children) for v in doc)  # ("I put my name down?")


def _answers_go_to(doc) -> bool:
    """"the answers go to the club itself or to students?": the answers (an information noun, WordNet) the subject of
    "go" (or a verb of travelling), "to" someone or a body (WordNet) after it: where what they say ends up."""
    for v in doc:
        if v.pos_ != "VERB" or not word_is_kind(v.lemma_.lower(), "v", frozenset({"travel", "go"}), 1):
            continue
        if not any(c.dep_ == "nsubj" and c.pos_ == "NOUN" and is_information(c.lemma_) for c in v.children):
            continue
        to = [g for c in v.subtree if c.dep_ in ("prep", "conj") and c.lower_ == "to" for g in c.children if g.dep_ == "pobj"]
        if any(word_is_kind(g.lemma_.lower(), "n", _RECEIVER_ROOTS, 2) for x in to for g in [x, *x.conjuncts]):
            return True
    return False


# WordNet root of a person: whom the answers may go to ("a person", "a real human").
_PERSON_ROOTS = frozenset({"person"})


def _goes_to_a_person(doc) -> bool:
    """"is this going to a person ...?", "are my answers going to a real person?": a verb of going (WordNet) whose
    subject (its own, or that of the "be" it hangs on) is "this/it" or the answers (an information noun), "to" a person
    (WordNet) as the whole object ("a person's house" is a place)."""
    for v in doc:
        if v.pos_ != "VERB" or not word_is_kind(v.lemma_.lower(), "v", frozenset({"travel", "go"}), 1):
            continue
        holders = [v] + ([v.head] if v.dep_ in ("advcl", "xcomp", "ccomp") and v.head.lemma_ == "be" else [])
        subjects = [c for h in holders for c in h.children if c.dep_ in ("nsubj", "nsubjpass")]
        if not any(x.lower_ in ("this", "it") or x.pos_ == "NOUN" and is_information(x.lemma_) for x in subjects):
            continue
        if any(g.dep_ == "pobj" and g.pos_ == "NOUN" and word_is_kind(g.lemma_.lower(), "n", _PERSON_ROOTS, 1)
               for c in v.children if c.dep_ == "prep" and c.lower_ == "to" for g in c.children):
            return True
    return False


def closes_what_was_said(answer: str) -> bool:
    """Some sentence of ``answer`` closes what the respondent has just told (:func:`_closes_what_was_said`)."""
    return any(_closes_what_was_said(s, answer) for _, _, s in sentences(answer))


_DEFINING_ROOTS = frozenset({"define", "explain"})


def _asked_to_define(sentence: str) -> bool:
    """"Define 'guided'.", "explain 'drop-seat' please": an imperative (the sentence's first word, no subject) whose
    first WordNet sense is defining or explaining, on a word in quotes."""
    ws = [w for w in words(sentence) if w not in closed().interjections]
    return bool(ws) and bool(_QUOTED.search(sentence)) and word_is_kind(ws[0], "v", _DEFINING_ROOTS, 1)


def _what_in_place(sentence: str) -> bool:
    """"the 'group leader' is what?", "and a 'drop-seat' is what exactly?": a question mark on "X is what", the wh-word
    left where the answer goes (the complement of the copula), X a noun in quotes: what the word names."""
    if not sentence.rstrip().endswith("?") or not _QUOTED.search(sentence):
        return False
    doc = _parsed(" ".join(sentence.split()))
    last = [t for t in doc if not t.is_punct][-1:]
    return any(t.lower_ == "what" and t.dep_ in ("attr", "nsubj") and t.head.lemma_ == "be" and t.head.i < t.i and any(
        c.dep_ == "nsubj" and c.pos_ in ("NOUN", "PROPN") and c.i < t.i for c in t.head.children) for t in last)


def _pattern_topic(part: str) -> MetaTopic | None:
    """The topic whose pattern a question in form matches (:func:`meta_topic` without the readings by
    method, which need the whole sentence: "data. who owns it, is it sold to insurers" states a concern)."""
    joined = " ".join(words(part))
    question = is_interrogative(part) or opens_like_question(part) or _indirect_question(part)
    return next((t for t, p in _patterns().topics if p.search(joined) and (t in ("end", "skip", "meaning") or question)),
                None)  # type: ignore[return-value]


def _mentions_meta(sentence: str) -> bool:
    joined = " ".join(words(sentence))
    return any(p.search(joined) for _, p in _patterns().topics)


def off_topic_spans(answer: str) -> list[tuple[int, int]]:
    """Spans of sentences that never hold a concept: questions to the interviewer, talk about the
    interview (in an answer that asks about it, also when not phrased as a question: "just wondering who
    sees my answers"), and asides."""
    parts = sentences(answer)
    if is_pause(answer):  # "sorry, doorbell, give me a sec": nothing of it is a topic
        return [(a, b) for a, b, _ in parts]
    topics = [meta_topic(s, answer) for _, _, s in parts]
    asks = any(topics)
    pressed = any(t in ("length", "end") for t in topics)  # short remarks beside it say why: asides
    return [(a, b) for (a, b, s), topic in zip(parts, topics)
            if is_interrogative(s) or topic or is_aside(s) or (asks and _mentions_meta(s))
            or (pressed and _own_moment(s)) or _asks_interviewer(s)]


# Words at most in a remark beside a question about the interview's length ("I've got the estate agent
# ringing at half past"): the respondent's reason to be quick, not the topic.
PRESSED_REMARK = 10


def _own_moment(sentence: str) -> bool:
    """A short remark about the respondent's own situation ("I've got the estate agent ringing at half
    past"): at most PRESSED_REMARK words, opening with a first-person subject."""
    ws = words(sentence)
    return 0 < len(ws) <= PRESSED_REMARK and ws[0] in ("i", "i've", "i'm", "im", "ive", "we", "we're", "we've")


def _asks_interviewer(sentence: str) -> bool:
    """A question in form put to the interviewer ("Who's paying for this research, is it the company?"),
    also without its question mark."""
    ws = words(sentence)
    return sentence.rstrip().endswith("?") and (question_in_form(sentence) or _said_as_question(sentence)) \
        and not _deliberative(ws) and ws[:2] != ["what", "if"]


# --- Questions to the interviewer that are not about the interview, and privacy read by method -------------

# A request for leave to ask ("can I ask who runs this?"): a first-person modal that addresses the interviewer.
_REQUEST_VERBS = frozenset("ask know check say".split())
# A question whose subject is the respondent and whose verb is a modal of deliberation ("would I trust an
# app with that?") is the respondent thinking aloud, not a question to the interviewer.
_DELIBERATIVE = frozenset("would should could might will shall".split())
# WordNet hypernyms that make a noun a kind of information about someone (data, details, answers, records).
_INFORMATION_ROOTS = frozenset({"information", "message", "record", "written_communication"})
# WordNet hypernyms that make a verb a way for others to have information: passing it on, perceiving it, keeping it.
# ... and, when the respondent's own ("my name", "my photos"), these: a message, a word, a picture.
_IDENTIFYING_ROOTS = frozenset({"communication", "language_unit", "representation"})
_DISCLOSURE_ROOTS = frozenset({"transfer", "give", "perceive", "keep", "share", "transmit", "show", "disclose",
                               "publish", "sell", "use", "see", "look", "watch", "observe", "examine", "access", "get"})
_INFO_SENSES = 2
_VERB_SENSES = 3


def question_in_form(sentence: str) -> bool:
    """A question by its form: with its question mark (:func:`is_interrogative`), also after a clause set
    before it ("If it breaks, who pays?"), typed without it in question word order
    (:func:`opens_like_question`), a request for leave to ask ("can I ask ..."), or a question typed without its
    auxiliary (:func:`_auxiliary_dropped`: "you going to ring me after this?")."""
    last = sentence.rsplit(",", 1)[-1]
    dashed = re.split(r"\s[-–—]+\s", sentence)  # "before I say any more - does a person read this"
    return is_interrogative(sentence) or opens_like_question(sentence) or _leave_to_ask(words(sentence)) or \
        _auxiliary_dropped(sentence) or (
        last != sentence and len(words(last)) > 1 and is_interrogative(last)) or (
        len(dashed) > 1 and len(words(dashed[-1])) > 2 and (is_interrogative(dashed[-1]) or opens_like_question(dashed[-1])))


def _auxiliary_dropped(sentence: str) -> bool:
    """"you going to ring me after this?", "you lot from the council?", "we nearly there?": a question mark on a
    clause whose subject is "you"/"we" and that has no finite verb (the auxiliary the question would open with is
    left out, as in chat): the parse's root a participle, adjective, adverb or preposition, never a finite verb."""
    if not sentence.rstrip().endswith("?"):
        return False
    doc = _parsed(" ".join(sentence.split()))
    ws = [t for t in doc if not t.is_punct and t.lower_ not in closed().interjections]
    if not ws or ws[0].lower_ not in ("you", "we"):
        return False
    return not any(t.tag_ in ("VBZ", "VBP", "VBD", "MD") for t in doc)


def _leave_to_ask(ws: list[str]) -> bool:
    """"can/could/may I ask/know/check ...": the respondent asks leave to ask the interviewer."""
    c = closed()
    ws = [w for w in ws if w not in c.interjections]
    return len(ws) >= 3 and ws[0] in ("can", "could", "may") and ws[1] == "i" and ws[2] in _REQUEST_VERBS


def _deliberative(ws: list[str]) -> bool:
    """"would I trust ...?", "should we bother?": the respondent asks themselves."""
    c = closed()
    ws = [w for w in ws if w not in c.interjections]
    return len(ws) >= 2 and ws[0] in _DELIBERATIVE and ws[1] in ("i", "we")


def _ordered(ws: list[str]) -> bool:
    """Question word order ("is there one"): a wh-word or a finite auxiliary first."""
    c = closed()
    ws = _after_coordinators([w for w in ws if w not in c.interjections])  # "plus do they charge ..."
    # (a wh-word with its verb joined on counts: "what's the difference?")
    return bool(ws) and (ws[0].split("'")[0] in c.wh_words or ws[0] in c.auxiliaries and ws[0] not in _NON_FINITE)


def _offered(sentence: str, answer: str) -> bool:
    """A fragment said with a rising "?" that offers an answer rather than asks ("so maybe... not feeling
    judged?"): no question word order, and a verb form, a negation or a hedge in it or just before it."""
    ws = words(sentence)
    last = sentence.rsplit(",", 1)[-1]  # "If it breaks, who pays?": the question after the clause
    if _ordered(ws) or opens_like_question(sentence) or _ordered(words(last)):
        return False
    if ws and ws[-1] in closed().wh_words and len(ws) > 1:
        return False  # the wh-word in place of what is asked ("Vetted by who?", "delivered when?"): it asks
    doc = _parsed(sentence)
    if _declarative_question(doc):
        return False
    if any(t.pos_ in ("VERB", "AUX") or t.dep_ == "neg" or t.lower_ in closed().negations for t in doc):
        return True
    before = answer[:answer.find(sentence)] if sentence in answer else ""
    tail = words(before)[-2:]
    return any(_hedge(w) for w in ws + tail)


_THIRD_PARTIES = frozenset("they it you he she".split())


def _declarative_question(doc) -> bool:
    """A statement said as a question about someone else ("They pack for you?", "It comes with a
    charger?"): a present-tense main verb whose subject is a third party or "you", no hedge and no
    negation in it. Unlike an offered answer ("maybe... not feeling judged?") it asks."""
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None or root.tag_ not in ("VBP", "VBZ") or any(t.dep_ == "neg" for t in doc):
        return False
    return any(c.dep_ == "nsubj" and c.lower_ in _THIRD_PARTIES for c in root.children) and not any(
        _hedge(t.lower_) for t in doc)


def _said_as_question(sentence: str) -> bool:
    """A statement with a question mark that asks about someone else (:func:`_declarative_question`)."""
    return sentence.rstrip().endswith("?") and _declarative_question(_parsed(sentence))


def _tag_question(sentence: str) -> bool:
    """A statement with a tag asking for agreement ("Cheap, right?", "it's a lot, isn't it?"): the last
    comma part is only interjections, or an auxiliary with a pronoun."""
    c = closed()
    if "," not in sentence:
        # "thats dignity isnt it": a statement closed by a negated auxiliary and a pronoun, no comma
        ws = words(sentence)
        return len(ws) >= 4 and ws[-1] in c.subject_pronouns and (
            ws[-2] in c.auxiliaries or _apostrophe_less(ws[-2]) in c.auxiliaries) and ws[-2].endswith(("nt", "n't"))
    tag = words(sentence.rsplit(",", 1)[-1])
    return bool(tag) and (all(w in c.interjections for w in tag) or (
        len(tag) <= 3 and tag[0] in c.auxiliaries and all(w in c.subject_pronouns or w in ("not", "n't") for w in tag[1:])))


def untagged(sentence: str) -> str:
    """A statement without the tag that asks to confirm it ("the trust won't see this will they?" -> "the trust
    won't see this"): a last auxiliary (negated or not) and a subject pronoun, with or without a comma before
    them; the sentence itself when it has no such tag."""
    c = closed()
    ws = sentence.rstrip(" ?!.").split()
    tag = [w.strip(",").lower() for w in ws[-3:]]
    for n in (3, 2):
        t = tag[-n:]
        if len(ws) > n + 1 and t[-1] in c.subject_pronouns and all(
                w in c.auxiliaries or _apostrophe_less(w) in c.auxiliaries or w in ("not", "n't") for w in t[:-1]) \
                and (t[0] in c.auxiliaries or _apostrophe_less(t[0]) in c.auxiliaries):
            return " ".join(ws[:-n]).rstrip(",")
    return sentence


def _apostrophe_less(word: str) -> str:
    """A negated auxiliary typed without its apostrophe, restored ("isnt" -> "isn't")."""
    return word[:-2] + "n't" if word.endswith("nt") else word


def _has_content(sentence: str) -> bool:
    """At least one noun, verb or adjective that is no interjection, filler, hedge or function word
    ("sorry?", "eh?", "dunno, maybe?" ask nothing)."""
    c = closed()
    return any(w not in c.interjections and w not in c.function_words and w not in c.subject_contractions
               and open_classes(w) & {"NOUN", "VERB", "ADJ", "PROPN"} and not _hedge(w) for w in words(sentence))


def _hedge(word: str) -> bool:
    from ...text.lexicon import lexicon
    from ...text.primitives import stem_string

    return bool(lexicon().hedges.count(stem_string([word])))


_EXPERIENCE_ROOTS = frozenset({"perceive", "see", "experience", "try", "meet", "hear"})


def _verbless(doc) -> bool:
    return not any(t.pos_ in ("VERB", "AUX") for t in doc)


def is_rhetorical(sentence: str, answer: str = "", concept: str = "") -> bool:
    """A question asked for effect, not for an answer from the interviewer:
    - an incredulous echo: a verbless fragment with a question mark that repeats words of the concept's
      description ("Communal?", "Toilets?? On a fishing lake?"), or one of a run of such fragments;
    - a question about the interviewer's own experience ("Have you seen how people treat their stuff?"):
      "you" with a perfect of a verb of perceiving or trying (WordNet);
    - "what are you going to do, say no?": "what" the object of "do" with "you" as subject (no choice);
    - "what is there to X" (with or without its question mark): there is nothing to X."""
    from ...text.primitives import stem_string

    doc = _parsed(sentence)
    if _nothing_to(doc) or _of_anyone(doc):
        return True
    if not sentence.rstrip().rstrip("!").endswith("?"):  # "?!" too: "Fifteen minutes?!"
        return False
    if _verbless(doc) and words(sentence)[:1] and words(sentence)[0] not in closed().wh_words:  # "how much a month?" asks
        mine = set(stem_string([w for w in words(sentence) if open_classes(w) & {"NOUN", "ADJ", "VERB"}
                                and w not in closed().function_words]).split())
        if mine & set(stem_string(words(concept)).split()):
            return True
        fragments = [x for _, _, x in sentences(answer) if x.rstrip().rstrip("!").endswith("?")]
        if sum(_verbless(_parsed(x)) for x in fragments) >= 2:
            return True
    for tok in doc:
        governing = [tok, tok.head] if tok.dep_ == "xcomp" else [tok]  # "are you going to do"
        subj_you = any(c.dep_ == "nsubj" and c.lower_ == "you" for g in governing for c in g.children)
        if not subj_you or tok.pos_ != "VERB":
            continue
        perfect = any(c.dep_ == "aux" and c.lemma_ == "have" for c in tok.children)
        if perfect and word_is_kind(tok.lemma_.lower(), "v", _EXPERIENCE_ROOTS, 2):
            return True
        modal = tok.dep_ == "xcomp" or any(c.dep_ == "aux" and c.lower_ in ("can", "could") for c in tok.children)
        if tok.lemma_ == "do" and modal and not any(c.dep_ == "prep" for c in tok.children) and any(
                c.dep_ == "dobj" and c.lower_ == "what" for c in tok.children):
            return True  # no choice left: "what can you do?", not "what do you do with the jars?"
    return False


# Indefinite pronouns of "any": a question about anyone at all asks the world, not the interviewer
# ("how long does anyone stay in a job like that?", "why would anybody pay that?"). A closed class of English.
_ANYONE = frozenset("anyone anybody".split())


def _of_anyone(doc) -> bool:
    """A wh-question whose subject is "anyone"/"anybody": said for effect. A yes/no question with it
    ("does anyone check the sitter?") asks for a fact and is not one."""
    ws = [t.lower_ for t in doc if t.is_alpha or "'" in t.text]
    wh = bool(ws) and (ws[0] in closed().wh_words or ws[0].split("'")[0] in closed().wh_words)
    return wh and any(t.dep_ in ("nsubj", "nsubjpass") and t.lower_ in _ANYONE for t in doc)


def _nothing_to(doc) -> bool:
    """ "What is there to X?" / "what's there to like": a wh-question over an existential "there" with an
    infinitive, which says there is nothing to X (a rhetorical question)."""
    ws = [t.lower_ for t in doc]
    return bool(ws) and ws[0] in ("what", "what's", "whats") and "there" in ws[1:4] and any(
        t.lower_ == "to" and t.i > ws.index("there") for t in doc)


# Words that offer a meaning for a term ("like they laminate your face??", "as in hanging by your knees?"): a
# preposition of likeness, and "or" between two readings (closed classes of English).
_LIKENESS = frozenset("like as".split())
_POINTING = frozenset("that it this".split())


def offers_a_meaning(sentence: str) -> bool:
    """A question that guesses what a term means rather than doubting it ("like they laminate your face??", "that
    just a fancy word for a group?", "'five-cup', is that five of the little cups or like five mugs"): the sentence,
    or its part after a comma, is a question (a question mark or question word order) that either opens with
    "like/as", or has "that/it/this" among its first words as its subject (or first in a question with no verb), and
    a likeness, two readings joined by "or", or a word for words (WordNet: a language unit, "a word for"). A
    reading VADER rates as bad ("that's a polite word for a scam, isn't it?") is a jibe, no guess."""
    text = " ".join(sentence.split())
    if compound(text) < 0:
        return False
    for part in dict.fromkeys([text, text.rsplit(",", 1)[-1].strip()]):
        ws = words(part)
        if not ws or not (part.endswith("?") or text.endswith("?") or question_in_form(part)):
            continue
        if ws[0] in _LIKENESS:
            return True
        doc = _parsed(part)
        verbless = not any(t.pos_ in ("VERB", "AUX") for t in doc)
        pointed = any(t.lower_ in _POINTING and t.i < 3 and (t.dep_ in ("nsubj", "ROOT") or verbless and t.i == 0)
                      for t in doc)
        if pointed and (bool(_LIKENESS & set(ws[1:])) or "or" in ws or any(
                t.pos_ == "NOUN" and word_is_kind(t.lemma_.lower(), "n", frozenset({"language_unit"}), 1) for t in doc)):
            return True
    return False


# Pure in its text: the assessment and the question writer both read each answer.
@lru_cache(maxsize=512)
def addressed_question(answer: str, concept: str = "") -> str | None:
    """The first sentence of ``answer`` that asks the interviewer something other than what
    :func:`meta_topic` knows (length, purpose, privacy, meaning, end, skip): a question in form
    (:func:`question_in_form`) with a content word, not the respondent deliberating with themselves
    ("would I trust an app with that?") or wondering "what if ...". None when there is none."""
    answer = respelled(answer)
    if any(_nothing_to(_parsed(s)) for _, _, s in sentences(answer)):
        return None  # "Better how? ... What is there to be better about": the whole answer pushes back
    said = []
    for _, _, s in sentences(answer):
        said.append(s)
        ws = words(s)
        if ws[:1] == ["which"] and not s.rstrip().endswith("?"):
            continue  # "..., with a coffee. which is fine.": a relative clause going on, no question
        checks = _tag_question(s) and _checks_described(s, concept)  # "the X is the Y, yes?"
        if not meta_topic(s, answer) and offers_a_meaning(s):
            # "hammocks?? like for people??": what a term named before it means, guessed at (the term with it)
            return " ".join(" ".join(said).split())
        if meta_topic(s, answer) or not (question_in_form(s) or _said_as_question(s) or _wh_fragment(s) or checks
                                         or _names_then_asks(s)) or not (
                _has_content(s) or len(ws) >= 3 and _ordered(ws)):
            continue
        if _offered(s, answer) and not _wh_fragment(s) and not checks and not _names_then_asks(s):
            continue
        if _deliberative(ws) or ws[:2] == ["what", "if"] or is_rhetorical(s, answer, concept) and not _wh_fragment(s) \
                or _tag_question(s) and not checks:
            continue
        return " ".join(s.split())
    return None


# "Glass eyes - which are those?": a noun phrase, then after a dash, comma or colon "which/what" + "be" + a pronoun that
# points back, alone: what the thing named is (closed classes of English).
_NAMED_THEN_ASKED = re.compile(r"^(?P<named>.*?\w.*?)\s*[-\u2013\u2014,:]\s*(?:which|what)\s+(?:is|are)\s+"
                               r"(?:those|these|that|this|they|it)(?:\s+(?:exactly|then))?\s*\?+\s*$", re.I)


def _names_then_asks(sentence: str) -> bool:
    """A thing named, then asked what it is ("Glass eyes - which are those?", "the control bar, what is that?"): the
    named part holds a content word."""
    m = _NAMED_THEN_ASKED.match(" ".join(sentence.split()))
    return bool(m) and _has_content(m.group("named"))


def _wh_fragment(sentence: str) -> bool:
    """A question asked by a wh-word in a fragment ("'hand-sewn' - as opposed to what, glued?", "the talk - what,
    a lecture?"): with its question mark, a clause part that ends in a wh-word after a preposition ("as
    opposed to what", "compared with what") or is a wh-word alone before another part."""
    if "?" not in sentence:
        return False
    c = closed()
    parts = [words(p) for p in re.split(r"[,;:]|\s[-–—]+\s", sentence) if words(p)]
    for k, ws in enumerate(parts):
        if ws[-1] not in c.wh_words:
            continue
        if len(ws) == 1 and k + 1 < len(parts) or len(ws) > 1 and ws[-2] in c.prepositions:
            return True
    return False


def _checks_described(sentence: str, concept: str) -> bool:
    """A tag question that checks what a word of the description names ("the endpapers are the pages inside
    the cover, yes?"): before the tag, a word of ``concept`` (the name and the description) as the subject of
    "be" and a definite description of it ("the ...") as what it is. "The price is a lot, isn't it?" judges."""
    from ...text.primitives import stem_string

    if not concept or "," not in sentence:
        return False
    described = set(stem_string(words(concept)).split())
    doc = _parsed(sentence.rsplit(",", 1)[0])
    for t in doc:
        if t.lemma_ != "be" or t.dep_ != "ROOT":
            continue
        subject = [c for c in t.children if c.dep_ == "nsubj" and c.pos_ in ("NOUN", "PROPN")]
        attrs = [c for c in t.children if c.dep_ == "attr" and any(g.dep_ == "det" and g.lower_ == "the" for g in c.children)]
        if subject and attrs and set(stem_string([subject[0].lower_]).split()) & described:
            return True
    return False


def meaning_target(sentence: str) -> list[str]:
    """The words a "what do you mean by X" question asks about (X), or [] when it names nothing."""
    ws = words(sentence)
    for k in range(len(ws) - 2):
        if ws[k:k + 2] == ["mean", "by"]:
            return [w for w in ws[k + 2:] if w not in closed().function_words and w not in closed().interjections]
    return []


@lru_cache(maxsize=4096)
def is_information(lemma: str) -> bool:
    """A noun for information about someone: data, details, answers, records (WordNet, first senses)."""
    return word_is_kind(lemma.lower(), "n", _INFORMATION_ROOTS, _INFO_SENSES)


def _identifies(tok) -> bool:
    """The respondent's own name, email, photos ("my name", "our photos"): a message, a word or a picture
    that is theirs (WordNet), which says who they are."""
    mine = any(c.dep_ == "poss" and c.lower_ in ("my", "our") for c in tok.children)
    return mine and word_is_kind(tok.lemma_.lower(), "n", _IDENTIFYING_ROOTS, _INFO_SENSES)


def _names_them(tok) -> bool:
    """The respondent's own name or details ("my surname", "my details"): information (:func:`is_information`)
    or a name (WordNet), theirs ("my phone" is a thing they hold)."""
    mine = any(c.dep_ == "poss" and c.lower_ in ("my", "our") for c in tok.children)
    return mine and (is_information(tok.lemma_) or word_is_kind(tok.lemma_.lower(), "n", frozenset({"name"}), 1))


def is_disclosure(lemma: str) -> bool:
    """A verb by which others come to have information: sell, share, pass on, see, keep (WordNet)."""
    return word_is_kind(lemma.lower(), "v", _DISCLOSURE_ROOTS, _VERB_SENSES)


_SAYING_ROOTS = frozenset({"communicate", "express", "write", "state", "tell"})


def _own_words(tok) -> bool:
    """A clause naming what the respondent says ("what I write here", "what I tell you"): information
    about them like "my answers". ``tok`` is the clause's verb."""
    return tok.pos_ == "VERB" and any(c.dep_ == "nsubj" and c.lower_ in ("i", "we") for c in tok.children) and \
        word_is_kind(tok.lemma_.lower(), "v", _SAYING_ROOTS, _VERB_SENSES)


def _phrasal(verb) -> str:
    """A verb's lemma with its particle, as WordNet spells phrasal verbs ("pass_on"), when WordNet knows
    it; else the lemma."""
    # (a preposition with no object of its own is a particle: "pass my address on to them")
    particles = [c.lower_ for c in verb.children if c.dep_ == "prt" or c.dep_ == "prep" and not list(c.children)]
    if particles and has_sense(f"{verb.lemma_.lower()}_{particles[0]}", "v"):
        return f"{verb.lemma_.lower()}_{particles[0]}"
    return verb.lemma_


def asks_about_information(sentence: str, context: str = "") -> bool:
    """Whether a question asks what happens to someone's information, by its parse: a disclosure verb
    (:func:`is_disclosure`) whose subject or object is an information noun (:func:`is_information`:
    "who gets my details?", "will my data be sold?"), or a participle of one passed to someone, with an
    information noun in ``context`` or the sentence ("... my details. Sold to other firms?")."""
    if not question_in_form(sentence):
        return False
    doc = _parsed(untagged(sentence))  # ("the trust won't see this, will they?": the tag parsed as a clause of its own)
    if _wants_theirs(doc) or _reaches_someone(doc) or seen_by_someone(doc, is_disclosure) or asks_about_contact(doc) \
            or goes_somewhere(doc, is_information):
        return True  # ... or someone seeing it ("will my manager see any of this?"), or being rung afterwards
    # ("what's included, in writing": a bare noun after "in" says how, it is nobody's information)
    info = [t for t in doc if t.pos_ in ("NOUN", "PROPN") and (is_information(t.lemma_) or _identifies(t))
            and not _manner(t) or _own_words(t)]
    verbs = [t for t in doc if t.pos_ in ("VERB", "AUX") and t.lemma_.lower() != "be" and is_disclosure(_phrasal(t))]
    for v in verbs:
        if _receives(v):
            continue  # "do you get a certificate?": the respondent (or anyone) getting something, not their information
        # (what the verb takes, never a clause hung on it: "gloss or satin, go on then, what's the difference?")
        near = {c.i for c in v.children if c.dep_ not in _HUNG} | {g.i for c in v.children for g in c.children
                                                                   if c.dep_ in ("prep", "pobj")} \
            | {g.i for c in v.children if c.dep_ == "prep" for p in c.children for g in p.children}
        if any(t.i in near for t in info):
            return True
        passed_on = v.tag_ == "VBN" and any(c.dep_ in ("prep", "agent", "dative") and c.lower_ in ("to", "by", "with")
                                           for c in v.children)
        # "does it get published anywhere?": a passive of a disclosure verb whose subject only points back
        passive = v.tag_ == "VBN" and any(c.dep_ in ("auxpass", "aux") for c in v.children) and any(
            c.dep_ in ("nsubjpass", "nsubj") and c.lower_ in ("it", "this", "that", "they", "these") for c in v.children)
        if (passed_on or passive) and (info or _information_in(context)):
            return True
    return False


# Dependents that are clauses or asides hung on a verb, not what it takes.
_HUNG = frozenset({"advcl", "ccomp", "parataxis", "dep", "intj", "conj"})
_UNMARKED = {"ive": "i've", "im": "i'm", "dont": "don't", "ill": "i'll"}
# WordNet roots of wanting something of someone ("why do you need my date of birth?").
_WANTING_ROOTS = frozenset({"need", "want", "require", "ask", "take", "collect"})
# WordNet lexicographer files of things one holds (animals, artifacts, foods, objects, plants): "can you sell my
# bike for me" is about a thing, "do you pass my address on" about what says who they are.
_HELD_FILES = frozenset({"05", "06", "13", "17", "20"})
# Who or what an answer reaching them would make it matter ("the company", "my landlord", "the council").
_RECIPIENT_ROOTS = frozenset({"person", "people", "organization", "social_group", "business", "establishment"})


# WordNet roots of coming to have something ("get", "receive", "obtain").
_RECEIVING_ROOTS = frozenset({"get", "receive", "obtain"})


def _receives(verb) -> bool:
    """The respondent, or the generic "you", getting something that is not theirs ("do you get a certificate?",
    "will I receive a receipt?"): a verb of getting (WordNet, first sense) with "you/I/we" as subject and no "my/our"
    in its object."""
    if not any(c.dep_ == "nsubj" and c.lower_ in ("you", "i", "we") for c in verb.children):
        return False
    theirs = any(g.dep_ == "poss" and g.lower_ in ("my", "our") for c in verb.children if c.dep_ == "dobj" for g in c.children)
    return not theirs and word_is_kind(verb.lemma_.lower(), "v", _RECEIVING_ROOTS, 1)


def _manner(tok) -> bool:
    """A bare noun after "in" that says how ("in writing", "in detail", "in person"): no determiner, no owner."""
    return tok.dep_ == "pobj" and tok.head.lower_ == "in" and not any(c.dep_ in ("det", "poss") for c in tok.children)


def _wants_theirs(doc) -> bool:
    """The interviewer ("you") wanting or passing on something of the respondent's that is no held thing
    ("why would you need my date of birth?", "do you pass my address on to them?"): a verb of wanting
    or of disclosure (WordNet) with "you" as subject and a "my"/"our" noun, not an artifact, food,
    animal or plant (WordNet's file of its first sense), as object."""
    from ...dedup.wordnet import get_wordnet

    wordnet = get_wordnet()
    for v in doc:
        if v.pos_ != "VERB" or not any(c.dep_ == "nsubj" and c.lower_ == "you" for c in v.children):
            continue
        if not (word_is_kind(v.lemma_.lower(), "v", _WANTING_ROOTS, 2) or is_disclosure(_phrasal(v))):
            continue
        objects = [c for c in v.children if c.dep_ == "dobj"]
        # ... also a part of it ("any of my health stuff")
        objects += [g for o in objects for p in o.children if p.dep_ == "prep" and p.lower_ == "of"
                    for g in p.children if g.dep_ == "pobj"]
        for o in objects:
            mine = any(g.dep_ == "poss" and g.lower_ in ("my", "our") for g in o.children)
            first = wordnet.synsets(o.lemma_.lower(), "n")[:1] if wordnet is not None else []
            if mine and first and not any(wordnet.lexfile(x) in _HELD_FILES for x in first):
                return True
    return False


def _reaches_someone(doc) -> bool:
    """The interview itself ("this", "any of this", "all this") going or getting to a person or an
    organisation ("does any of this get back to the company?", "will this go to my landlord?"): the subject
    "this" (also as the object of "of"), and "to" with a WordNet person or organisation after it."""
    for v in doc:
        if v.pos_ not in ("VERB", "AUX"):
            continue
        subjects = [c for c in v.children if c.dep_ in ("nsubj", "nsubjpass")]
        subjects += [v.head] if v.dep_ == "acl" else []  # "is any of this getting back to ...": "any" it hangs from
        this = any(c.lower_ == "this" or any(g.lower_ == "of" and any(x.lower_ == "this" for x in g.children)
                                             for g in c.children) for c in subjects)
        targets = [g for c in v.children if c.dep_ in ("prep", "advmod", "prt") for p in [c, *c.children]
                   if p.lower_ == "to" for g in p.children if g.dep_ == "pobj"]
        if this and any(g.lower_ in _ANYONE_AT_ALL or word_is_kind(g.lemma_.lower(), "n", _RECIPIENT_ROOTS, 2)
                        for g in targets):  # ("is any of this getting back to anyone I work with?")
            return True
    return False


_ANYONE_AT_ALL = frozenset("anyone anybody someone somebody".split())


def _information_in(context: str) -> bool:
    """An information noun ("my details") or a clause naming what the respondent said ("what I've said")
    in ``context``; contractions typed without their apostrophe are read as contractions."""
    text = " ".join(_UNMARKED.get(w.lower(), w) for w in context.split())
    return any(t.pos_ == "NOUN" and is_information(t.lemma_) or _own_words(t) for t in _parsed(text))


_SPONSOR_ROOTS = frozenset({"organization", "social_group", "business", "establishment"})


def asks_who_is_behind(sentence: str) -> bool:
    """Whether a question asks who is behind the interview: "who" with the interview or the interviewer as
    its object ("who's running this?", "who do you work for?", "who is behind it?"), or "are you" an
    organisation (a WordNet organisation, social group or business: "are you the company?")."""
    doc = _parsed(sentence)
    if asks_who_pays(doc, _is_study) or asks_who_is_asking(doc, being=False):
        return True  # "is anybody funding this research?", "who's asking?", "are you with the X people?"
    ws = [t.lower_ for t in doc]
    if any(_whose_study(t) or _which_organisation(t) for t in doc):
        return True  # "whose survey is this?", "what organisation is running this?"
    for who in (t for t in doc if t.lower_ == "who" and t.dep_ in ("nsubj", "nsubjpass", "dobj", "pobj")):
        verb = who.head.head if who.dep_ == "pobj" else who.head  # "who do you work for": the verb of "for"
        others = [c for c in verb.children if c.dep_ in ("dobj", "nsubj")]
        others += [g for c in verb.children if c.dep_ == "prep" for g in c.children if g.dep_ == "pobj"]
        # ... and what the object is a piece of ("who commissioned this piece of research?")
        others += [g for o in list(others) for c in o.children if c.dep_ == "prep" and c.lower_ == "of"
                   for g in c.children if g.dep_ == "pobj"]
        # "it" is often the product ("who fixes it?"): only with "be" ("who is it for", "who is behind it")
        # (the interviewer as what a verb VADER rates as bad is done to, "8am on a saturday. who hurt you", is a jibe)
        if any(o.i != who.i and (o.lower_ == "this" or o.lower_ == "you" and word_valence(verb.lemma_.lower()) >= 0
                                 or o.lower_ == "it" and verb.lemma_ == "be" or _is_study(o)) for o in others):
            return True  # ... or a study ("who's paying for this research?", "who runs the survey?")
    for t in doc:
        # ... or, for "this" (the interview itself), a person ("is this for the letting agent?")
        roots = _SPONSOR_ROOTS | {"person"} if t.lower_ == "this" else _SPONSOR_ROOTS
        if t.lower_ in ("it", "this") and t.dep_ == "nsubj" and t.head.lemma_ == "be" and any(
                word_is_kind(g.lemma_.lower(), "n", roots, 2) for c in t.head.children
                if c.dep_ == "prep" and c.lower_ in ("for", "from", "by", "like") for p in c.children if p.dep_ == "pobj"
                for g in [p, *p.conjuncts]):
            return True  # "is it for the council?", "is this from the hall?": an organisation the study is for or from
        if t.lower_ in ("this", "it") and t.dep_ == "pobj" and t.head.lower_ == "behind":
            return True  # "is a company behind this?"
        if t.lower_ == "this" and t.dep_ == "nsubj" and t.head.lemma_ == "be" and any(
                c.dep_ == "nsubj" and c.i > t.i and word_is_kind(c.lemma_.lower(), "n", _SPONSOR_ROOTS, 2)
                for v in t.head.children if v.dep_ in ("xcomp", "ccomp", "acl") and is_asking_verb(v)
                for c in v.children):
            return True  # "is this the sticker company asking?": an organisation doing the asking
        if t.lower_ == "you" and t.dep_ == "nsubj" and t.head.lemma_ == "be":
            attrs = [c for c in t.head.children if c.dep_ == "attr" and c.pos_ in ("NOUN", "PROPN")]
            # ... also one of the things it offers ("are you the brow place or one of them companies that do surveys")
            attrs += [x for a in attrs for x in a.children if x.dep_ in ("conj", "appos") and x.pos_ == "NOUN"]
            if any(a.pos_ == "PROPN" or word_is_kind(a.lemma_.lower(), "n", _SPONSOR_ROOTS, 2) for a in attrs):
                return True  # "are you the company?", "are you Acme?" (a name)
            # "are you the app people?": a group named after what it makes (a compound on a plural noun)
            if any(a.tag_ == "NNS" and any(c.dep_ == "compound" for c in a.children) for a in attrs):
                return True
    return False


def _whose_study(tok) -> bool:
    """"whose survey is this?", "whose is this?": "whose" on a study noun, or on "this"/"it" as what "be" says."""
    if tok.lower_ != "whose":
        return False
    head = tok.head
    verb = head.head if head.dep_ in ("nsubj", "attr") else head
    return _is_study(head) or verb.lemma_ == "be" and any(
        c.lower_ in ("this", "it") and c.dep_ in ("nsubj", "attr") for c in verb.children)


def _which_organisation(tok) -> bool:
    """"what organisation is running this?", "which company is behind it?": "what/which" on an organisation (WordNet)
    whose verb takes the interview ("this", "it", a study noun) as object or behind/for it."""
    if tok.pos_ != "NOUN" or not any(c.dep_ == "det" and c.lower_ in ("what", "which") for c in tok.children) or \
            not word_is_kind(tok.lemma_.lower(), "n", _SPONSOR_ROOTS, 2):
        return False
    verb = tok.head
    taken = [c for c in verb.children if c.dep_ in ("dobj", "attr")]
    taken += [g for c in verb.children if c.dep_ == "prep" for g in c.children if g.dep_ == "pobj"]
    return any(t.lower_ in ("this", "it") or _is_study(t) for t in taken)


# Words of a meaning question itself ("what does that mean in practice", "meaning what exactly"), never
# what it asks about.
_MEANING_WORDS = frozenset("mean means meant meaning understand question ask asking asked know want explain "
                           "rephrase repeat say exactly practice really get".split())
_QUOTED = re.compile(r"(?<![a-z])['\"‘“]([^'\"’”]{2,40})['\"’”](?![a-z])", re.I)
_CLAUSE_BREAK = re.compile(r"\s[-–—]+\s|[,;:]")


def _referent_words(part: str) -> list[str]:
    c = closed()
    return [w for w in words(part) if w not in c.function_words and w not in c.interjections
            and w not in _MEANING_WORDS and w not in c.wh_words and open_classes(w) & {"NOUN", "VERB", "ADJ", "PROPN"}]


def meaning_referent(sentence: str) -> list[str]:
    """The content words a "what do you mean" question asks about: those after "mean (by)" up to the next
    comma or dash ("what do you mean by peace of mind, like ..."), or, when nothing follows, the clause
    before it ("Cut to fit - what does that mean in practice?", "vetted meaning what exactly?"). [] for a
    plain "what do you mean?"."""
    quoted = _QUOTED.search(sentence)  # the word put in quotes is what they ask about ("what counts as 'worried'")
    if quoted and _referent_words(quoted.group(1)):
        return _referent_words(quoted.group(1))
    ws = words(sentence)
    if "as" in ws and any(w.startswith("count") for w in ws[:ws.index("as")]):
        return _referent_words(" ".join(ws[ws.index("as") + 1:]))  # "what counts as X"
    parts = [p for p in _CLAUSE_BREAK.split(sentence) if p.strip()]
    for k, part in enumerate(parts):
        ws = words(part)
        at = next((i for i, w in enumerate(ws) if w in ("mean", "meaning", "means")), None)
        if at is None:
            continue
        after = _referent_words(" ".join(ws[at + 1:]))
        if after:
            return after
        before = _referent_words(" ".join(ws[:at]))
        return before or (_referent_words(parts[k - 1]) if k > 0 else [])
    return []


# WordNet roots of what a study is (a "survey", "research", an "interview"), and verbs of selling.
_STUDY_ROOTS = frozenset({"inquiry", "survey", "research", "interview", "study", "questionnaire"})
_SELLING_ROOTS = frozenset({"sell", "merchandise", "market", "advertise", "promote"})


def _is_study(tok) -> bool:
    return tok.pos_ == "NOUN" and word_is_kind(tok.lemma_.lower(), "n", _STUDY_ROOTS, 2)


def asks_to_sell(sentence: str) -> bool:
    """Whether a question suspects a sales pitch: the interviewer ("you") the subject of a verb of selling
    or promoting (WordNet), in any clause ("is this where you try and sell me something?")."""
    if not question_in_form(sentence):
        return False
    for tok in _parsed(sentence):
        if tok.pos_ == "VERB" and word_is_kind(tok.lemma_.lower(), "v", _SELLING_ROOTS, 2):
            node, seen = tok, 0
            while seen < 4:  # "you try and sell": the subject of the verb or of the one it hangs from
                if any(c.dep_ == "nsubj" and c.lower_ == "you" for c in node.children):
                    return True
                if node.head.i == node.i:
                    break
                node, seen = node.head, seen + 1
    return False
