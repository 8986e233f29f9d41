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
from .meta import is_rhetorical, offers_a_meaning, sentences
from .distress import DOUBT_ROOTS, belief_state
from .stance import ASSENT, sarcastic

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


# Words at most in a restatement of what was echoed ("A field.", "With a fence.").
RESTATEMENT_WORDS = 6


def _stems(text: str) -> set[str]:
    c = closed()
    return set(stem_string([w for w in words(text) if w not in c.function_words and w not in c.interjections]).split())


def echoed_praise(answer: str, description: str) -> bool:
    """Sarcasm by echo: the answer opens by repeating a part of the description (at least two thirds of
    its content words are the description's), has a sentence of praise alone after it ("Great.",
    "reassuring", "brilliant."), and something around the praise that undoes it: a restatement of the
    echo in plain terms ("A field. With a fence.", "So a dentist looks at a selfie." - "so" with a subject
    other than the respondent), a clause broken off after the praise ("brilliant. until"), or a promise put
    in quotes ("... was 'three weeks' and we're on month five")."""
    from .stance import PRAISE_VALENCE
    from .valence import word_valence

    parts = [x for _, _, x in sentences(" ".join(answer.split())) if words(x)]
    if len(parts) < 3:
        return False
    echo = _stems(parts[0])
    if not echo or len(echo & _stems(description)) * 3 < len(echo) * 2:
        return False
    c = closed()

    def praise(x: str) -> bool:
        ws = [w for w in words(x) if w not in ("very", "so", "really", "oh")]
        return len(ws) == 1 and ws[0] not in ASSENT and word_valence(ws[0]) >= PRAISE_VALENCE

    def undoes(x: str) -> bool:
        ws = words(x)
        if all(w in c.function_words for w in ws):
            return True  # a clause broken off ("until")
        if ws[0] == "so" and len(ws) > 2 and ws[1] not in ("i", "i'm", "im", "we", "we're", "my", "our"):
            return True
        return len(ws) <= RESTATEMENT_WORDS and bool(_stems(x) & echo) or bool(_QUOTED.search(x))

    at = [k for k, x in enumerate(parts) if k > 0 and praise(x)]
    return bool(at) and any(undoes(x) for k, x in enumerate(parts) if k > 0 and k not in at)


def doubting(answer: str, description: str) -> bool:
    """Whether ``answer`` mocks or doubts the product (module docstring); ``description`` is the
    concept's name and stimulus. An answer that guesses what a term means (:func:`offers_a_meaning`) asks, it does
    not doubt."""
    text = " ".join(answer.split())
    if not text or any(offers_a_meaning(s) for _, _, s in sentences(text)):
        return False
    if scare_quoted(text, description) or echoed_praise(text, description):
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
