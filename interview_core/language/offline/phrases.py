"""Concept phrases: a compact label in the respondent's own words for one clause."""

from __future__ import annotations

from .grammar import noun_phrase, trim_trailing
from .frames import MAX_PASSES, drop_meta, residue, strip_leading_frame, strip_trailing_frame
from ...text.lexicon import lexicon
from ...text.primitives import Token, stem_string

MAX_LABEL_WORDS = 8
MAX_WORD_CHARS = 30  # longer "words" are noise (a pasted hash, a key held down)
# A label never ends on a preposition whose object was a filler ("nothing sugary added to [it]").
_WH = frozenset("what where which who whom how why when".split())
# Prepositions a wh-clause may leave at its end ("where it comes from", "who it goes to"); one that is
# also a conjunction ("until", "before") never is.
_STRANDABLE = frozenset("from to for about with of on in at into by".split())
_DANGLING = frozenset("to of with for about on in at from than like into by".split())


def _strip_leading(ws: list[str], seqs: tuple[tuple[str, ...], ...]) -> list[str]:
    stop = lexicon().stopwords
    changed = True
    while changed and ws:
        changed = False
        for seq in seqs:
            if seq == ("no",) and len(ws) > 1 and ws[1] not in stop:
                continue  # "no hassle", "no added sugar": a negated concept, not an answer particle
            if tuple(ws[: len(seq)]) == seq and len(ws) > len(seq) - 1:
                ws = ws[len(seq) :]
                changed = True
                break
    return ws


def _strip_trailing(ws: list[str], seqs: tuple[tuple[str, ...], ...]) -> list[str]:
    changed = True
    while changed and ws:
        changed = False
        for seq in seqs:
            if len(ws) > len(seq) and tuple(ws[-len(seq) :]) == seq:
                ws = ws[: -len(seq)]
                changed = True
                break
    return ws


def _drop_inner(ws: list[str], seqs: tuple[tuple[str, ...], ...]) -> list[str]:
    out: list[str] = []
    i = 0
    while i < len(ws):
        seq = next((s for s in seqs if tuple(ws[i : i + len(s)]) == s), None)
        if seq and 0 < i:
            i += len(seq)
            continue
        out.append(ws[i])
        i += 1
    return out


def concept_words(toks: list[Token]) -> list[str]:
    """The clause's words with fillers, hedges, frames, meta comments and pronoun subjects removed,
    reduced to a noun or gerund phrase (:func:`grammar.noun_phrase`; empty when the clause has none).

    "Honestly I love how creamy it is" -> ["how", "creamy", "it", "is"]; "it foams properly" ->
    ["foams", "properly"]; "for me the big one is the recyclable packaging" -> ["recyclable",
    "packaging"]; "the built-in lights is just how it is" -> ["built-in", "lights"]. At most
    MAX_LABEL_WORDS, trailing function words dropped.
    """
    lex = lexicon()
    ws = drop_meta([t.word for t in toks if len(t.word) <= MAX_WORD_CHARS])
    for _ in range(MAX_PASSES):  # "well, to be honest, I think it's ..." alternates fillers and frames
        before = ws
        ws = strip_leading_frame(_strip_leading(ws, lex.leading_fillers))  # before "what" goes as a subject
        ws = _strip_leading(ws, lex.subjects)
        if ws == before:
            break
    ws = _drop_inner(ws, lex.inner_fillers)
    for _ in range(MAX_PASSES):
        before = ws
        ws = strip_trailing_frame(_strip_trailing(ws, lex.trailing_fillers))
        while len(ws) > 1 and ws[-1] in _DANGLING and not (_WH & set(ws[:-1]) and ws[-1] in _STRANDABLE):
            ws = ws[:-1]
        if ws == before:
            break
    ws = noun_phrase(ws) or []
    if len(ws) > MAX_LABEL_WORDS:
        ws = trim_trailing(ws[:MAX_LABEL_WORDS])
        while len(ws) > 1 and ws[-1] in lex.stopwords:
            ws.pop()
    return ws


def is_substantive(label_words: list[str], clause_stems: str) -> bool:
    """True when the label holds a content word and the clause is not a deflection or an instruction."""
    lex = lexicon()
    content = residue(label_words, lex.stopwords)
    if not content or (len(label_words) == 1 and label_words[0] in lex.empty_predicates):
        return False
    if lex.instruction_cues.hits(clause_stems):
        return False
    if lex.non_concept.hits(clause_stems):
        # A deflection with real content left over ("not sure, the price") still counts.
        leftover = stem_string(content)
        for phrase in lex.non_concept.hits(clause_stems):
            for w in stem_string(phrase.split()).split():
                leftover = leftover.replace(f" {w} ", " ")
        return len(leftover.split()) >= 2
    return True


def concept_label(toks: list[Token]) -> str | None:
    """The concept label of a clause, or None when the clause carries no concept."""
    ws = concept_words(toks)
    if not is_substantive(ws, stem_string(t.word for t in toks)):
        return None
    return " ".join(ws)
