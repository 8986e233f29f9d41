"""Whether an answer doubts or mocks the product rather than asking or praising: read by method so
that sarcasm and rhetorical pushback are met as what they are ("Fair enough, it sounds like you're not
convinced ...") instead of "Could you tell me more about that?" or "Why is that important to you?".

- Sarcasm: praise said as an exclamation with something that does not fit it (:func:`stance.sarcastic`).
- A rhetorical question (:func:`meta.is_rhetorical`: an incredulous echo of the description, "what is
  there to ...", "have you seen ...").
- Doubt said outright: a state of belief (WordNet: "skeptical", "doubtful") said of the respondent.
- Scare quotes: the description's own words put in quotes by the respondent ("Oh, a 'footcare plan'.",
  "Last 'all levels' class I went to ..."), not reported speech after a verb of saying.
"""

from __future__ import annotations

import re

from ...text.parse import parse
from ...text.primitives import stem_string, words
from .grammar import closed
from .meta import is_rhetorical, sentences
from .distress import DOUBT_ROOTS, belief_state
from .stance import sarcastic

# A quoted span: straight or curly quotes that are not apostrophes inside a word.
_QUOTED = re.compile(r"(?<![\w])['\"‘“]([^'\"‘’“”]{2,60}?)['\"’”](?![\w])")
_SAYING = frozenset("say said says saying call called calls tell told write wrote written".split())


def scare_quoted(answer: str, description: str) -> list[str]:
    """Spans of ``answer`` the respondent put in quotes that repeat content words of ``description``
    and are not what someone said (no verb of saying right before the quote)."""
    mine = set(stem_string([w for w in words(description) if w not in closed().function_words]).split())
    out = []
    for m in _QUOTED.finditer(answer):
        before = words(answer[:m.start()])[-2:]
        if any(w in _SAYING for w in before):
            continue
        quoted = set(stem_string([w for w in words(m.group(1)) if w not in closed().function_words]).split())
        if quoted & mine:
            out.append(m.group(1))
    return out


def doubting(answer: str, description: str) -> bool:
    """Whether ``answer`` mocks or doubts the product (module docstring); ``description`` is the
    concept's name and stimulus."""
    text = " ".join(answer.split())
    if not text:
        return False
    if scare_quoted(text, description):
        return True
    doc = parse(text)
    # ("Like I said, ...": a preposition or conjunction opening the sentence is no exclamation of praise)
    if any(sarcastic(s) and s[0].lower_ not in closed().prepositions | closed().subordinators for s in doc.sents):
        return True
    if any(belief_state(t.lower_, DOUBT_ROOTS) and t.dep_ in ("acomp", "ROOT") and not any(
            c.dep_ == "neg" for c in t.head.children) and any(
            c.dep_ == "nsubj" and c.lower_ in ("i", "we") for c in t.head.children) for t in doc if t.pos_ == "ADJ"):
        return True  # "I'm honestly skeptical": a state of belief (WordNet) said by the respondent
    return any(is_rhetorical(s, text, description) for _, _, s in sentences(text))
