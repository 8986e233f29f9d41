"""What the study's own description says about a respondent's question on the product.

A respondent who asks "does it have to be outside?" or "how long does delivery take?" should hear what
the description they were shown already says ("from outside your home", "delivered in five working
days") rather than "I don't know". Read by method, for any concept:

- The description (the stimulus after its "Name:" head) is cut into its parts at top-level commas and
  semicolons (a bracketed list stays with its part) and before "and"/"with" that open a new phrase.
- The question's content words (nouns, verbs other than light ones, adjectives, adverbs and numbers
  from the parse, the concept's own name left out) are matched against each part by lemma, stem or a
  shared start of at least :data:`SHARED_START` letters ("monthly" ~ "month", "delivery" ~
  "delivered"). The part with most matches is quoted, as written.
- "What is a credit union?" about a term of the description that WordNet knows (a compound first:
  "credit union", then a single noun asked about with "what is") also gets the term's WordNet gloss.

Nothing here names a domain; the words matched are the respondent's and the description's.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ...text.parse import parse
from ...text.primitives import stem_string, words
from .grammar import LIGHT_VERBS, closed

SHARED_START = 5  # letters two words must share at the start to count as one ("deliv-", "month-")
MAX_PART_WORDS = 24  # a longer part is not quoted whole (the description would be read out)
_CONTENT = frozenset({"NOUN", "PROPN", "VERB", "ADJ", "ADV", "NUM"})


def description_body(stimulus: str) -> str:
    """The stimulus without its "Name:" head ("SoleCare: a clinic ..." -> "a clinic ...")."""
    text = " ".join((stimulus or "").split())
    head, sep, rest = text.partition(":")
    return rest.strip() if sep and len(head.split()) <= 4 else text


def description_parts(stimulus: str) -> list[str]:
    """The parts of a description: top-level comma/semicolon pieces, split again before an "and" or
    "with" that opens a new noun phrase; a bracketed list stays inside its part, a number's thousands
    separator inside its number."""
    body = description_body(stimulus).rstrip(" .")
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(body):
        depth += (ch == "(") - (ch == ")")
        thousands = ch == "," and body[i - 1:i].isdigit() and body[i + 1:i + 4].isdigit()  # "10,000 lux": one number
        if ch in ",;" and depth == 0 and not thousands:
            parts.append(body[start:i])
            start = i + 1
    parts.append(body[start:])
    out = []
    for part in parts:
        for piece in re.split(r"\s+(?:and|with)\s+(?=(?:a|an|the|some|free|no)\b)", part.strip()):
            piece = re.sub(r"^(?:and|or|with|plus)\s+", "", piece.strip())
            if words(piece):
                out.append(piece)
    return out


def _content_tokens(text: str, skip: frozenset[str]) -> list:
    """Tokens of ``text`` that carry content: open-class words (a preposition used as an adverb,
    "outside", counts), not light verbs, not words of ``skip``."""
    doc = parse(" ".join(text.split()))
    c = closed()
    out = []
    for t in doc:
        lower = t.lower_
        closed_word = lower in c.function_words and not (t.pos_ == "ADV" and lower in c.prepositions)
        if t.pos_ not in _CONTENT or lower in skip or closed_word or lower in c.interjections:
            continue
        if t.pos_ == "VERB" and t.lemma_.lower() in LIGHT_VERBS:
            continue
        out.append(t)
    return out


def _match(a: str, b: str) -> bool:
    if a == b or stem_string([a]) == stem_string([b]):
        return True
    n = min(len(a), len(b))
    return n >= SHARED_START and a[:SHARED_START] == b[:SHARED_START] and (a.startswith(b) or b.startswith(a)
                                                                         or a[:n - 1] == b[:n - 1])


def _without_name(text: str, name: str) -> str:
    """``text`` with the concept's name taken out ("is Common Purse a bank?" asks about "a bank")."""
    return re.sub(re.escape(name), " ", text, flags=re.I) if name.strip() else text


def _asking_clause(question: str) -> str:
    """The clause of a sentence that asks: what follows its last "but" ("booking online is fine but can
    you just turn up?" -> "can you just turn up?")."""
    return re.split(r"\bbut\b", question)[-1]


def described_part(question: str, stimulus: str, name: str = "") -> str:
    """The part of the description (:func:`description_parts`) that shares most content words with
    ``question``; "" when none shares one or the best part is too long to quote."""
    skip: frozenset[str] = frozenset()
    asked = _content_tokens(_without_name(_asking_clause(question), name), skip)
    if not asked:
        return ""
    best, score = "", 0
    amount = _asks_amount(question)
    said = {w for t in asked for w in (t.lower_, t.lemma_.lower())}
    for part in description_parts(stimulus):
        mine = [w for w in words(part) if w not in skip]
        found = {t.i for t in asked if any(_match(t.lower_, w) for w in mine)}
        # A modifier counts only with its head ("credit score" is not "credit union"); a verb alone
        # ("does it fix carbon frames?" ~ "while yours is fixed") does not say what is asked about.
        counted = [t for t in asked if t.i in found and (t.dep_ not in ("compound", "amod") or t.head.i in found)]
        gives_amount = bool(re.search(r"\d|£|\$|€", part)) or any(tok.like_num for tok in parse(part))
        if amount and not gives_amount:
            continue  # "how long / how much" is answered only by a part that gives an amount
        if not any(t.pos_ != "VERB" for t in counted) and not (amount and counted):
            continue  # ... which may match on its verb alone ("how much does it cost?" ~ "costs £4")
        if all(w in said or any(_match(w, x) for x in said) for w in _content_words(part, skip)):
            continue  # the part says nothing the respondent did not (they quoted it back)
        if len(counted) > score:
            best, score = part, len(counted)
    return best if score and len(words(best)) <= MAX_PART_WORDS else ""


def _content_words(text: str, skip: frozenset[str]) -> list[str]:
    return [t.lower_ for t in _content_tokens(text, skip)]


def _asks_amount(question: str) -> bool:
    """Whether the question asks for an amount: "how" with a degree word ("how long", "how much",
    "how many", "how often", "how far")."""
    doc = parse(" ".join(_asking_clause(question).split()))
    return any(t.lower_ == "how" and t.head.pos_ in ("ADV", "ADJ") for t in doc)


@lru_cache(maxsize=1024)
def gloss(term: str, context: str = "") -> str:
    """WordNet's gloss of a noun (examples left out), "" when WordNet lacks it. With ``context`` (the
    description the term comes from) and more than one sense, the sense whose gloss shares most content
    words with the context (a simplified Lesk: "a retainer included at the end" of a description about
    teeth is the dental appliance, not a fee); "" when no sense shares one, since a wrong sense read out
    as the dictionary's answer misleads more than none."""
    from ...dedup.wordnet import get_wordnet

    wordnet = get_wordnet()
    if wordnet is None:
        return ""
    synsets = wordnet.synsets(term.replace(" ", "_"), "n")
    definitions = [wordnet.gloss(syn).split(";")[0].strip().strip('"') for syn in synsets]
    if len(definitions) <= 1 or not context:
        return definitions[0] if definitions else ""
    own = set(_stems(term))
    around = set(_stems(context)) - own
    # a shared stem, or a stem of four letters or more inside a longer one ("sight" in "eyesight")
    overlap = [sum(any(a == w or len(a) >= 4 and a in w for a in around) for w in set(_stems(d)) - own)
               for d in definitions]
    best = max(range(len(definitions)), key=lambda k: (overlap[k], -k))
    return definitions[best] if overlap[best] else ""


def _stems(text: str) -> list[str]:
    """Stems of the content words of ``text`` (no function words)."""
    c = closed()
    return stem_string([w for w in words(text) if w not in c.function_words and len(w) > 2]).split()


_WHAT_IS = re.compile(r"\bwhat(?:'s|s| is| are|'re)? (?:a |an |the )?(?P<term>[a-z][a-z-]*(?: [a-z][a-z-]*)?)"
                      r"(?: is| are|\b)", re.I)


def defined_term(question: str, stimulus: str) -> tuple[str, str]:
    """(term, gloss) when ``question`` asks what a term of the description is: a two-word compound of
    the question that the description uses and WordNet knows ("no idea what a credit union is"), or a
    noun asked about with "what is (a)" ("what's a futon?"); ("", "") otherwise."""
    body = " ".join(words(description_body(stimulus)))
    ws = words(question)
    if not any(w.startswith("what") or w == "mean" for w in ws):
        return "", ""
    for a, b in zip(ws, ws[1:]):
        term = f"{a} {b}"
        if f" {term} " in f" {body} " and gloss(term, body):
            return term, gloss(term, body)
    m = _WHAT_IS.search(" ".join(ws))
    # one word asked about ("what's a futon?"), never the first word of a longer name ("a penguin
    # skating aid" is no penguin)
    term = m.group("term") if m else ""
    if " " in term and term.split()[1] in closed().function_words | closed().wh_words:
        term = term.split()[0]  # "what's a whetstone when it's at home": the second word starts a clause
    if term and " " not in term and f" {term} " in f" {body} " and term not in closed().function_words and gloss(term, body):
        return term, gloss(term, body)
    return "", ""
