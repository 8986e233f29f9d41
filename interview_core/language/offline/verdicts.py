"""Verdicts: a word or two that judge rather than name (an adjective alone: "Useless.",
"Too fiddly.", "easy"; an epithet after what it judges: "... for a fiver. Genius."; a judged noun:
"Hard pass.", "Total nonsense."). A verdict is never a concept node; when it is the whole answer the next
question asks what makes the respondent feel that way.

Read from the shared parse and two lexicons, no word list: the word classes a word can have
(LemmInflect, :func:`grammar.open_classes`), VADER's valence of a word, and WordNet (a bare person noun
used as an exclamation, "Genius.", is an epithet).
"""

from __future__ import annotations

from .grammar import closed, is_person_noun, open_classes
from .valence import word_valence

MAX_VERDICT_WORDS = 2
# Dependents that only grade or frame the judging word ("too", "a bit", "not", "really").
_GRADING = frozenset("advmod npadvmod neg det amod intj discourse".split())


def _core(sent) -> list:
    """The sentence's words that carry its meaning: no punctuation, interjections or discourse adverbs
    ("honestly", "really", "just")."""
    c = closed()
    return [t for t in sent if not t.is_punct and t.lower_ not in c.interjections
            and not (t.pos_ == "ADV" and t.dep_ in ("advmod", "intj") and t.head.i != t.i
                     and "ADJ" not in open_classes(t.lower_) - {"ADV"} and t.lower_ not in ("not", "n't", "never"))]


def _heads(core: list) -> list:
    """The words of ``core`` whose head is outside it (or themselves): one for a single phrase."""
    ids = {t.i for t in core}
    return [t for t in core if t.head.i not in ids or t.head.i == t.i]


def is_verdict(sent, first: bool) -> bool:
    """Whether a parsed sentence is a verdict (module docstring). ``first``: it opens the answer (then a
    lone noun names a concept, "Time."; after another sentence a lone epithet or judged noun is a
    remark on what was said)."""
    core = _core(sent)
    if not 1 <= len(core) <= MAX_VERDICT_WORDS + 1:
        return False
    heads = _heads(core)
    if len(heads) != 1 or any(t.pos_ in ("VERB", "AUX", "PRON", "ADP", "NUM") and t is not heads[0] for t in core):
        return False
    head = heads[0]
    if any(t.i != head.i and t.dep_ not in _GRADING for t in core):
        return False
    content = [t for t in core if t.lower_ not in closed().function_words]
    if len(content) > MAX_VERDICT_WORDS or head.pos_ in ("VERB", "AUX", "PRON", "ADP", "NUM"):
        return False
    classes = open_classes(head.lower_)
    if head.pos_ == "ADJ" or ("ADJ" in classes and "NOUN" not in classes) or (
            head.pos_ == "INTJ" and "ADJ" in classes):
        return True  # "Useless.", "Too fiddly.", "Brilliant!"
    if head.pos_ not in ("NOUN", "PROPN") or any(t.dep_ == "det" and t.lower_ not in ("a", "an") for t in core):
        return False
    judged = [t for t in core if t.dep_ == "amod" and word_valence(t.lower_)]
    if word_valence(head.lower_) < 0 and head.dep_ == "ROOT":
        return True  # "Nonsense.", "Total nonsense."
    if first:
        return False
    return bool(judged) or (len(content) == 1 and (word_valence(head.lower_) != 0 or _epithet(head)))


def _epithet(tok) -> bool:
    """A bare person noun said on its own ("Genius.", "Legend."): a remark about someone, not a concept."""
    return not any(c.dep_ == "det" for c in tok.children) and is_person_noun(tok.lemma_.lower())


def verdict_spans(doc, offsets=None) -> list[tuple[int, int]]:
    """Answer spans of the sentences of a parsed answer that are verdicts (:func:`is_verdict`)."""
    at = (lambda i: offsets[i]) if offsets is not None else (lambda i: i)
    sents = list(doc.sents)
    return [(at(s.start_char), at(s.end_char)) for k, s in enumerate(sents)
            if is_verdict(s, first=not any(_core(p) for p in sents[:k]))]


def answer_verdict(answer: str) -> str:
    """The answer's words when the whole answer is one verdict (a single judgement:
    "Useless.", "too fiddly tbh"), trimmed of end punctuation; "" otherwise."""
    from ...text.parse import parse

    text = " ".join(answer.split())
    if not text:
        return ""
    sents = [s for s in parse(text).sents if _core(s)]
    if len(sents) != 1 or not is_verdict(sents[0], first=True):
        return ""
    head = _heads(_core(sents[0]))[0]
    kept = [t for t in sents[0] if not t.is_punct and t.lower_ not in closed().interjections
            and not (t.i > head.i and t.pos_ == "ADV")]  # "Pointless, honestly." -> "Pointless"
    return text[kept[0].idx:kept[-1].idx + len(kept[-1].text)]
