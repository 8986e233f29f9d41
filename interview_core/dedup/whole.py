"""The guard read over the WHOLE two labels, not only over the words the alignment matched (wave 16).

The rules of :mod:`.lexicon` and :mod:`.restriction` anchor a negation, an antonym or a role on words the
word alignment matched; labels that reword each other through WordNet's looser links, or share no word at all,
align few words, and opposites then pass ("looking after my parents" / "my parents looking after me", "we mark
the next table's answers" / "the answers get marked by the next table"). These rules read each label whole:

- roles: who does each verb and who it is done to or for (:attr:`.syntax.LabelSyntax.participants`): the speaker
  does it in one label and has it done to or for them in the other ("I moved the furniture" / "moves the furniture
  for you"), or the speaker does it in one and someone named in the other ("learning to feed them" / "the keeper
  feeds them");
- degree: one label says more of something and the other less ("more cleaning" / "less scrubbing");
- antonyms: a content word of one label is WordNet's antonym of a content word of the other, wherever the two
  stand, the labels negated alike ("a quiet start" / "a noisy morning"; not "short wait" / "not waiting long");
- negation: one label negated an odd number of times, the other not, and a negated word the same as or related by
  WordNet to a word of the other label, aligned or not ("no added sugar" / "sweetened").

Pure functions of the two parses; :meth:`.lexicon.Lexicon.apart` asks them for every tier.
"""

from __future__ import annotations

from .syntax import IMPLIED, SPEAKER, WORDNET_POS, LabelSyntax
from .text import stem
from .wordnet import WordNet

SUBJECTS = frozenset({"nsubj", "nsubjpass"})  # what a negated clause says something of, not what it negates
DESCRIBING = frozenset({"ADJ", "ADV"})  # "an early lesson" / "the class runs late": one describing word either way


def _by_verb(items: frozenset[tuple[str, str, bool]]) -> dict[str, tuple[set[str], set[str]]]:
    out: dict[str, tuple[set[str], set[str]]] = {}
    for who, verb, does in items:
        out.setdefault(verb, (set(), set()))[0 if does else 1].add(who)
    return out


def roles(sa: LabelSyntax, sb: LabelSyntax) -> str | None:
    """``"roles speaker/verb"`` when, for a verb both labels have, the speaker does it in one label and has it done
    to or for them in the other (not doing it there too), or does it in one label while a participant the other
    names (not the doer a subjectless finite verb implies) does it in the other; None otherwise."""
    va, vb = _by_verb(sa.participants), _by_verb(sb.participants)
    for verb in sorted(set(va) & set(vb)):
        (da, ua), (db, ub) = va[verb], vb[verb]
        for d1, u1, d2, u2 in ((da, ua, db, ub), (db, ub, da, ua)):
            if SPEAKER in d1 and SPEAKER in u2 and SPEAKER not in d2:
                return f"roles {SPEAKER}/{verb}"
        named_a, named_b = da - {IMPLIED}, db - {IMPLIED}
        if (SPEAKER in da) != (SPEAKER in db) and named_a and named_b and not da & db:
            return f"roles doer/{verb}"
    return None


def degree(sa: LabelSyntax, sb: LabelSyntax) -> str | None:
    """``"degree"`` when one label says more (a comparative, "more") and the other less ("less", "fewer")."""
    return "degree" if {sa.degree, sb.degree} == {"up", "down"} else None


def antonyms(words_a: tuple[str, ...], words_b: tuple[str, ...], sa: LabelSyntax, sb: LabelSyntax,
             wordnet: WordNet | None) -> str | None:
    """``"antonyms x/y"`` for a content word only one label has that WordNet makes an antonym of a content word only
    the other has, wherever they stand, both describing words in the parse (adjectives and adverbs, :data:`DESCRIBING`) or
    both verbs, when the two labels are negated alike (an odd number of negations in one only turns the antonym
    back: "short wait" / "not waiting long"); None otherwise (and without WordNet). Nouns are left out: WordNet
    reads a noun through its rare adjective senses ("garden" as ordinary)."""
    if wordnet is None or len(sa.negations) % 2 != len(sb.negations) % 2:
        return None
    stems_a, stems_b = {stem(w) for w in words_a}, {stem(w) for w in words_b}
    for x, ra in zip(words_a, sa.roles):
        for y, rb in zip(words_b, sb.roles):
            if (stem(x) not in stems_b and stem(y) not in stems_a and ra is not None and rb is not None and _kind(ra.pos) is not None
                    and _kind(ra.pos) == _kind(rb.pos) and wordnet.antonyms(x, y)):
                return f"antonyms {x}/{y}"
    return None


def _kind(pos: str) -> str | None:
    return "describing" if pos in DESCRIBING else "verb" if pos == "VERB" else None


def negation(words_a: tuple[str, ...], words_b: tuple[str, ...], sa: LabelSyntax, sb: LabelSyntax,
             wordnet: WordNet | None) -> str | None:
    """``"negation x/y"`` when the labels differ in their number of negations (odd / even) and a word in a
    negation's scope that heads it there (the negated word, not its
    object: "killing" in "not killing my plants"; not the subject of a negated copula: "long", not "lesson", in "the
    lesson is not long"; or the stem a "-less" adjective negates) is the same word as a word of the other label or
    related to it by WordNet (a synonym, one step across, or :meth:`.wordnet.WordNet.linked`), wherever the two
    stand: "no added sugar" / "sweetened", "choices without milk" / "dairy options". A negation on words the other
    label does not touch is no opposite ("no contract" / "can cancel any time"); None then, and without WordNet."""
    if wordnet is None or len(sa.negations) % 2 == len(sb.negations) % 2:
        return None
    for words, s, others, t in ((words_a, sa, words_b, sb), (words_b, sb, words_a, sa)):
        for scope, inner in s.negations:
            top = [k for k in sorted(scope) if s.roles[k] is None
                   or s.roles[k].head not in scope and s.roles[k].dep not in SUBJECTS]
            negated = [(words[k], _wordnet_pos(s.roles[k])) for k in top] + ([(inner, None)] if inner else [])
            for x, px in negated:
                for y, ry in zip(others, t.roles):
                    if _related(x, px, y, _wordnet_pos(ry), wordnet):
                        return f"negation {x}/{y}"
    return None


def _wordnet_pos(role) -> str | None:
    return None if role is None else WORDNET_POS.get(role.pos)


def _related(x: str, px: str | None, y: str, py: str | None, wordnet: WordNet) -> bool:
    return (stem(x) == stem(y) or wordnet.synonyms(x, y, pos_a=px, pos_b=py)
            or wordnet.adjacent(x, y, pos_a=px, pos_b=py) or wordnet.linked(x, y, px, py))


def whole(words_a: tuple[str, ...], words_b: tuple[str, ...], sa: LabelSyntax, sb: LabelSyntax,
          wordnet: WordNet | None) -> str | None:
    """Why two labels read whole (their content words and parses) must never merge (:func:`roles`, :func:`degree`,
    :func:`antonyms`, :func:`negation`), or None."""
    return (roles(sa, sb) or degree(sa, sb) or antonyms(words_a, words_b, sa, sb, wordnet)
            or negation(words_a, words_b, sa, sb, wordnet))
