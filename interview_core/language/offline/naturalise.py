"""Making a concept label fit inside a question: "Creamy texture." -> "the creamy texture",
"take care of myself" -> "taking care of yourself", "foams properly" -> "the fact that it foams properly"."""

from __future__ import annotations

import re

from lemminflect import getAllLemmas

from .grammar import closed, is_count_noun, noun_phrase, open_classes, verb_lemma
from ...text.primitives import WORD_RE

# Longer labels are quoted rather than paraphrased.
MAX_NATURAL_WORDS = 8
_DETERMINERS = closed().determiners | closed().possessives | closed().wh_words | {"being"}
SECOND_PERSON = {"i": "you", "me": "you", "my": "your", "mine": "yours", "myself": "yourself", "i'm": "you're",
           "i've": "you've", "i'd": "you'd", "am": "are", "we": "you", "our": "your", "us": "you", "ourselves": "yourselves"}


def proper_nouns(*texts: str) -> frozenset[str]:
    """Capitalised words that appear mid-sentence in ``texts`` (e.g. 'Nordic' in a stimulus)."""
    found = set()
    for text in texts:
        for m in re.finditer(r"(?<![.!?]\s)(?<!^)\b([A-Z][a-z]+)\b", text or "", re.M):
            if m.start() > 0 and text[: m.start()].rstrip()[-1:] not in ".!?:\n":
                found.add(m.group(1))
    return frozenset(found)


def invented_names(name: str) -> frozenset[str]:
    """Capitalised words of a concept's name that English does not know ("Snapday"): brand names,
    written as given and never with an article."""
    return frozenset(m.group() for m in re.finditer(r"\b[A-Z][a-z]+\b", name or "") if not getAllLemmas(m.group().lower()))


def _flip(ws: list[str]) -> list[str]:
    """First person turned to second ("my" -> "your"): the interviewer speaks to the respondent."""
    return [SECOND_PERSON.get(w, w) for w in ws]


def natural_label(label: str, proper: frozenset[str] = frozenset()) -> str:
    """The label as it should read inside a question sentence, or quoted when it cannot.

    Trailing punctuation stripped; words lowercased unless proper nouns (``proper``) or acronyms; first
    person turned to second ("my" -> "your"); the label reduced to a noun or gerund phrase
    (:func:`grammar.noun_phrase`: "take care of myself" -> "taking care of yourself", "foams properly"
    -> "foaming properly"); a short bare noun phrase given "the"; a lone participle given "being"; a
    nominal wh-clause ("how creamy it is") kept as it is. A label that is no such phrase, or is longer
    than MAX_NATURAL_WORDS words, is returned in double quotes, in the respondent's words.
    """
    raw = [m.group() for m in WORD_RE.finditer(label.strip().rstrip(".!?;:,"))]
    if not raw:
        return label.strip()
    proper = proper | {w for w in raw if any(ch.isupper() for ch in w[1:])}  # "ShelfLight", "NHS": names
    ws = [w if (w in proper or (w.isupper() and len(w) > 1)) else w.lower().replace("’", "'") for w in raw]
    quoted = '"' + " ".join(ws) + '"'
    if len(ws) > MAX_NATURAL_WORDS:
        return quoted
    if ws[0].lower() in ("how", "what") and len(ws) > 2:
        return " ".join(_flip(ws))
    if (len(ws) == 1 and ws[0].endswith("ed") and len(ws[0]) > 4 and verb_lemma(ws[0])
            and "NOUN" not in open_classes(ws[0].lower())):
        return "being " + ws[0]  # "disappointed" -> "being disappointed", an adjective needs a verb
    if _adjective_only([w.lower() for w in ws]):
        return quoted  # "great", "knackered by eight": no noun to put in a noun slot
    keep = {w.lower(): w for w in ws if w in proper or w.isupper()}
    phrase = noun_phrase([w.lower() for w in ws])
    if phrase is None:
        return quoted
    phrase = [keep.get(w, w) for w in _flip(phrase)]
    first = phrase[0]
    if len(phrase) == 1 and first not in proper and is_count_noun(first):
        return "the " + first
    if len(phrase) == 2 and first.endswith("ing") and is_count_noun(phrase[1]):
        return "the " + " ".join(phrase)  # a compound with a singular head ("the waiting list", "the booking app")
    if (first in _DETERMINERS or first.endswith("ing") or first in proper or len(phrase) == 1 or "of" in phrase
            or first in ("not", "no", "your") or first.isdigit()):
        return " ".join(phrase)
    if len(phrase) > 1 and "ADV" in open_classes(first.lower()) and not _is_nominal(phrase[-1]):
        return quoted  # "pretty good": an adjective phrase, no noun to take "the"
    return "the " + " ".join(phrase)


def _adjective_only(ws: list[str]) -> bool:
    """A phrase headed by an adjective or participle with no noun after it: one word that can be an
    adjective ("great", "brave"), or a first word that can only be an adjective or is a participle
    outside the lexicon ("knackered") followed by no noun-only word."""
    first = ws[0]
    classes = open_classes(first)
    participle = first.endswith("ed") and ("ADJ" in classes or not getAllLemmas(first) or verb_lemma(first) not in (None, first))
    if len(ws) == 1:
        return "ADJ" in classes or participle
    core = ws[1:next((i for i, w in enumerate(ws) if i and w in closed().prepositions), len(ws))]
    return (classes == frozenset({"ADJ"}) or participle) and not any("NOUN" in open_classes(w) for w in core)


def _is_nominal(word: str) -> bool:
    """A word read as a noun: a noun reading and not an adjective that the lexicon also lists as a noun."""
    classes = open_classes(word.lower())
    return bool({"NOUN", "PROPN"} & classes) and "ADJ" not in classes


def concept_phrase(name: str, proper: frozenset[str] = frozenset()) -> str:
    """The concept's name as a noun phrase for "When you think about {concept}": the respondent's
    stimulus is named as written, read by the parser. The words stay as given (lower case unless a
    proper noun in ``proper`` or an acronym); a singular common noun head without a determiner takes
    "the" ("the dog walking app"); a plural, a gerund, a mass-like compound of names or a brand takes
    none ("cooking classes", "e-bike commuting", "Spokesmith"). A name the parser does not read as a
    noun phrase falls back to :func:`natural_label`. A name of two or more words all capitalised
    ("Common Purse") is a proper name, written as given with no article."""
    from ...text.parse import parse

    text = " ".join(name.split()).strip(" .!?")
    titled = re.findall(r"[A-Za-z][\w'-]*", text)
    if len(titled) >= 2 and all(w[0].isupper() for w in titled):
        return text  # a name in title case ("Common Purse") is a proper name: as written, no article
    doc = parse(text) if text else None
    if doc is None or len(doc) == 0:
        return natural_label(name, proper).strip('"')
    root = next((t for t in doc if t.dep_ == "ROOT"), doc[-1])
    if root.pos_ not in ("NOUN", "PROPN") and root.tag_ not in ("VBG", "NN", "NNS"):
        return natural_label(name, proper).strip('"')
    if any(t.pos_ in ("VERB", "AUX") and t.tag_ != "VBG" and t.dep_ not in ("amod", "compound") for t in doc):
        return natural_label(name, proper).strip('"')
    named = {t.i for t in doc if t.text in proper or (t.text.isupper() and len(t.text) > 1)
             or any(ch.isupper() for ch in t.text[1:])}  # "ToolShelf", "NHS": written as given
    out = [t.text if t.i in named else t.text.lower() for t in doc]
    phrase = "".join(w + t.whitespace_ for w, t in zip(out, doc)).strip()
    activity = root.tag_ == "VBG" or (root.lower_.endswith("ing") and bool(verb_lemma(root.lower_)))
    if doc[0].tag_ in ("DT", "PRP$") or root.tag_ in ("NNS", "NNPS") or activity or root.i in named:
        return phrase
    return "the " + phrase
