"""English word classes and phrase shapes for the offline layer: which words are closed-class
(``data/closed_class.yaml``: conjunctions, auxiliaries, pronouns, determiners, prepositions,
interjections), which open classes a word can belong to (LemmInflect's English lexicon), and from
these a clause reduced to a noun or gerund phrase, and a check that a phrase is one.

Every function takes words as produced by :func:`text.words` (lowercase, straight apostrophes).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml
from lemminflect import getAllLemmas, getInflection, getLemma

from ...text.lexicon import lexicon

_DATA = Path(__file__).parent / "data" / "closed_class.yaml"
# Verbs too light to name a concept as a bare gerund ("having", "getting").
LIGHT_VERBS = _LIGHT = frozenset("be have do get take make go give put see come let say".split())
MAX_PASSES = 6


@dataclass(frozen=True)
class ClosedClass:
    coordinators: frozenset[str]
    subordinators: frozenset[str]
    auxiliaries: frozenset[str]
    copulas: frozenset[str]
    subject_contractions: frozenset[str]
    subject_pronouns: frozenset[str]
    object_pronouns: frozenset[str]
    possessives: frozenset[str]
    determiners: frozenset[str]
    negations: frozenset[str]
    prepositions: frozenset[str]
    wh_words: frozenset[str]
    interjections: frozenset[str]
    general_nouns: frozenset[str]
    framing_verbs: frozenset[str]
    time_nouns: frozenset[str]
    time_determiners: frozenset[str]
    repair_markers: frozenset[str]

    @property
    def articles_after(self) -> frozenset[str]:
        """Words that never follow an article or possessive."""
        return self.subject_contractions | self.interjections - {"like", "well", "right", "sure", "wait", "sorry"}

    @property
    def function_words(self) -> frozenset[str]:
        return (self.coordinators | self.subordinators | self.auxiliaries | self.subject_contractions
                | self.subject_pronouns | self.object_pronouns | self.possessives | self.determiners
                | self.negations | self.prepositions | self.wh_words)


@lru_cache(maxsize=1)
def closed() -> ClosedClass:
    raw = yaml.load(_DATA.read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
    return ClosedClass(**{k: frozenset(w.lower() for w in v) for k, v in raw.items()})


@lru_cache(maxsize=1)
def load_lexicons() -> None:
    """Load the closed-class lists and LemmInflect's tables (about half a second, once per process)."""
    closed()
    getAllLemmas("warm")
    getInflection("warm", "VBG")


@lru_cache(maxsize=8192)
def open_classes(word: str) -> frozenset[str]:
    """The open word classes ('NOUN', 'VERB', 'ADJ', 'ADV', 'PROPN') ``word`` can have in English.

    From LemmInflect's lexicon; an unknown word is a noun unless its suffix says verb form."""
    found = frozenset(getAllLemmas(word).keys())
    if found or not word.isalpha():
        return found or frozenset({"NOUN"})
    if word.endswith("ing") and len(word) > 5:
        return frozenset({"VERB"})
    return frozenset({"NOUN"})


@lru_cache(maxsize=8192)
def verb_lemma(word: str) -> str | None:
    lemmas = getAllLemmas(word).get("VERB")
    return lemmas[0] if lemmas else None


@lru_cache(maxsize=4096)
def gerund(word: str) -> str:
    """'take' / 'takes' / 'took' -> 'taking'; a word that is no verb is returned unchanged."""
    if word in closed().copulas:
        return "being"
    lemma = verb_lemma(word)
    if lemma is None:
        return word
    if lemma == "be":
        return "being"
    forms = getInflection(lemma, "VBG")
    return forms[0] if forms else word


def is_gerund(word: str) -> bool:
    return word.endswith("ing") and verb_lemma(word) is not None and gerund(word) == word


def _is_verb(word: str) -> bool:
    """A word that is a verb here: it can only be a verb, or it is a verb form that no noun shares."""
    classes = open_classes(word)
    return "VERB" in classes and not ({"NOUN", "ADJ", "PROPN"} & classes and verb_lemma(word) == word)


def _is_noun(word: str) -> bool:
    c = closed()
    if word in c.function_words or word in c.interjections:
        return False
    return bool({"NOUN", "PROPN"} & open_classes(word)) or word.isdigit()


def _opens_clause(ws: list[str], i: int) -> bool:
    """A subject at ``i`` followed by a verb: a new clause starts there ("... nobody could argue")."""
    c = closed()
    w = ws[i]
    if w in c.subject_contractions:
        return True
    if w not in c.subject_pronouns or i + 1 >= len(ws):
        return False
    nxt = ws[i + 1]
    if w == "there":  # "were there" is a place; "there is" opens a clause
        return nxt in c.auxiliaries
    return nxt in c.auxiliaries or nxt in ("not", "never") or (_is_verb(nxt) and not _is_noun(nxt))


def _finite_only(word: str) -> bool:
    """A word that can only be a finite verb form ("drove", "argued"): no noun, adjective or gerund."""
    classes = open_classes(word)
    lemma = verb_lemma(word)
    return (classes == frozenset({"VERB"}) and lemma is not None and lemma != word
            and not word.endswith(("ing", "ed")))


def _strip_leading(ws: list[str]) -> list[str]:
    """Drop clause openers: interjections, conjunctions, subjects, auxiliaries, framing verbs."""
    c = closed()
    for _ in range(MAX_PASSES * 2):
        if not ws:
            break
        w, nxt = ws[0], ws[1] if len(ws) > 1 else ""
        two = f"{w} {nxt}"
        if two in c.subordinators:
            ws = ws[2:]
        elif w in c.interjections and not (w == "like" and nxt and _is_noun(nxt)) and w != "no":
            ws = ws[1:]
        elif w in c.coordinators or w in c.subordinators or w in c.subject_contractions:
            ws = ws[1:]
        elif w in c.subject_pronouns and len(ws) > 1 and w != "no-one" and (_opens_clause(ws, 0) or nxt in c.framing_verbs):
            ws = ws[1:]
        elif w in c.auxiliaries and len(ws) > 1 and w not in ("being", "having"):
            ws = ws[1:]
        elif w in ("that", "this", "it") and nxt in c.auxiliaries and nxt not in ("being", "having"):
            ws = ws[1:]  # "that could get awkward": a pronoun subject
        elif w in ("not", "too", "either") and nxt in ("that", "this", "it"):
            ws = ws[1:]  # "(I'm) not, that could ...": the end of an ellipsis before a new clause
        elif w in ("never", "just", "really", "probably", "maybe", "also", "still", "even", "always", "only") or (
                len(ws) > 1 and w.endswith("ly") and open_classes(w) == frozenset({"ADV"})):
            ws = ws[1:]  # "exactly carry a wardrobe": an adverb before the verb
        elif w in c.framing_verbs and len(ws) > 1 and nxt not in c.determiners and not _is_noun(nxt) or (
                w in c.framing_verbs and len(ws) > 1 and (nxt in c.subject_pronouns | c.subject_contractions
                                                          or nxt in ("that", "to") or is_gerund(nxt))):
            ws = ws[2:] if nxt in ("that", "to") else ws[1:]
        else:
            break
    return ws


def _strip_trailing(ws: list[str]) -> list[str]:
    """Drop dangling words and time adverbials from the end ("... until", "... every March")."""
    c = closed()
    dangling = (c.coordinators | c.subordinators | c.auxiliaries | c.determiners | c.prepositions
                | c.subject_pronouns | c.subject_contractions | c.possessives | c.interjections | c.wh_words
                ) - {"there", "well", "up", "out", "off", "down", "away", "back", "over", "around", "in", "on"}
    for _ in range(MAX_PASSES * 2):
        if len(ws) > 1 and ws[-1] in c.time_nouns and ws[-2] in c.time_determiners:
            ws = ws[:-2]
        elif len(ws) > 1 and ws[-1] in c.time_nouns and ws[-1] not in ("day", "week", "month", "year", "time"):
            ws = ws[:-1]
        elif len(ws) > 1 and (ws[-1] in dangling or ws[-1] in ("not", "never", "too", "even")) and not (
                ws[-1] in c.prepositions and ws[-1] not in c.subordinators and c.wh_words & set(ws[1:-1])):
            # "where the food comes from" keeps its preposition; "what it costs until" does not
            ws = ws[:-1]
        elif len(ws) > 2 and ws[-2] in c.prepositions and getLemma(ws[-1], upos="NOUN")[0] in c.time_nouns:
            ws = ws[:-2]  # "for months", "in summer": a time adverbial at the edge
        elif len(ws) > 2 and ws[-1] in ("here", "there") and ws[-2] in c.prepositions:
            ws = ws[:-2]  # "the waiting list round here": a place adverbial at the edge
        else:
            break
    return ws


trim_trailing = _strip_trailing


def _cut_at_new_clause(ws: list[str], start: int) -> list[str]:
    """``ws`` up to the first new clause after ``start``, unless a wh-word or 'that' introduced it."""
    c = closed()
    for i in range(max(start, 1), len(ws)):
        if ws[i - 1] in c.wh_words or ws[i - 1] == "that" or (i >= 2 and ws[i - 2] in c.wh_words):
            continue
        if _opens_clause(ws, i) or (_finite_only(ws[i]) and ws[i - 1] not in closed().auxiliaries):
            return ws[:i]
    return ws


def _predicate(ws: list[str], k: int) -> list[str] | None:
    """The words from ``k`` as a gerund predicate ("would be turning it up" -> "turning it up"), or None."""
    c = closed()
    j = k
    while j < len(ws) and (ws[j] in c.auxiliaries or ws[j] in ("not", "never", "just", "really", "always")):
        j += 1
    if j == len(ws):
        return []  # an ellipsis ("my parents never did"): the subject alone
    if ws[j - 1:j] and ws[j - 1] in c.copulas and j > k and not _is_verb(ws[j]):
        return ["being", *ws[j:]]
    if _is_verb(ws[j]) or (j == k and _finite_at(ws, j)):
        if ws[j - 1] in ("be", "been", "being", *c.copulas) and ws[j].endswith(("ed", "en")):
            return ["being", *ws[j:]]  # a passive: "can be recycled" -> "being recycled"
        return [gerund(ws[j]), *ws[j + 1:]]
    return None


def _starts_predicate(ws: list[str], k: int) -> bool:
    """A verb right after the subject's head noun or pronoun; a participle used as an adjective ("no added
    sugar") or closing a reduced relative ("nothing sugary added") is not one."""
    if k > 0 and _finite_at(ws, k) and ws[k] not in closed().auxiliaries:
        return True  # "my accountant charges me ...": a verb form that could be a noun, before its object
    if k == 0 or not (_is_verb(ws[k]) and not _is_noun(ws[k])):
        return False
    prev = ws[k - 1]
    if not (_is_noun(prev) or prev in closed().subject_pronouns or prev in closed().object_pronouns):
        return False
    return not (k == len(ws) - 1 and ws[k].endswith(("ed", "en")))


def _clause_initial_verb(ws: list[str]) -> bool:
    """Whether the first word is a verb: only a verb, or a verb form before an object or complement
    ("stop heating", "saves time", "take care")."""
    first, nxt = ws[0], ws[1] if len(ws) > 1 else ""
    if verb_lemma(first) is None:
        return False
    if _is_verb(first) and not _is_noun(first):
        return True
    c = closed()
    if verb_lemma(first) in lexicon().gerund_verbs:
        return True
    if (nxt == "well" and len(ws) == 2) or (nxt and open_classes(nxt) == frozenset({"ADV"})):
        return True  # "foams well", "works properly"
    return bool(nxt) and (nxt in c.determiners or nxt in c.possessives or nxt in c.object_pronouns
                          or nxt in ("to", "up", "out", "off", "away") or is_gerund(nxt))


def _after_repair(ws: list[str]) -> list[str]:
    """The words after the last self-repair marker ("the classes well no actually the app" -> "the app")."""
    joined = f" {' '.join(ws)} "
    cut = max((joined.rfind(f" {m} ") + len(m) + 1 for m in closed().repair_markers if f" {m} " in joined), default=0)
    return joined[cut:].split() if cut and joined[cut:].split() else ws


def noun_phrase(ws: list[str]) -> list[str] | None:
    """A clause's words reduced to a noun or gerund phrase in the same words, or None.

    "noticed was the energy report" -> "the energy report"; "it'd save a lot of time" -> "saving
    a lot of time"; "if the numbers were there nobody could argue" -> "the numbers being there";
    "love riding to work in march" -> "riding to work"; "wait it says you can take" -> None (a bare
    light gerund); "that's the problem" -> None (a general noun only).
    """
    c = closed()
    ws = _after_repair([w for w in ws if w])
    original = ws
    for _ in range(MAX_PASSES):
        before = ws
        ws = _strip_leading(ws)
        if len(ws) > 2 and ws[0] in ("how", "what"):
            return ws  # a nominal wh-clause ("how creamy it is"): it names a concept as a noun phrase would
        ws = _strip_trailing(ws)
        # A pseudo-cleft remnant "noticed was X" / "what got me was X": the concept is X.
        if len(ws) > 2 and ws[0] not in c.copulas and _is_verb(ws[0]) and ws[1] in c.copulas:
            ws = ws[2:]
        if ws == before:
            break
    if not ws:
        return None
    first = ws[0]
    if first in c.copulas and first != "being":
        ws = ws[1:]
    elif first in c.negations and len(ws) > 1 and is_gerund(ws[1]):
        ws = [first, *_cut_at_new_clause(ws[1:], 1)]
    elif first not in c.function_words and _clause_initial_verb(ws):
        if len(ws) == 1 and not is_gerund(first):
            return None  # a bare verb without its object ("compared", "take") names nothing
        ws = [gerund(first), *_cut_at_new_clause(ws[1:], 0)]
    else:
        # A noun phrase, maybe a subject with its predicate ("my flatmates would be turning it up").
        k = 0
        while k < len(ws) and ws[k] not in c.auxiliaries and not _starts_predicate(ws, k):
            if k > 0 and (_opens_clause(ws, k) or ws[k] in c.wh_words):
                break
            k += 1
        head, rest = ws[:k], ws[k:]
        if rest and ws[k] in c.wh_words:
            # "no idea what our bills come to": a wh-clause object stays whole, up to a conjunction
            cut = next((j for j in range(k + 1, len(ws)) if ws[j] in c.subordinators or ws[j] in c.coordinators), len(ws))
            ws = ws[:cut]
        elif rest and _opens_clause(ws, k):
            ws = head
        elif rest:
            pred = _predicate(ws, k)
            ws = head + _cut_at_new_clause(pred, 1) if pred is not None else head
    ws = _strip_trailing(_strip_leading(ws)) if ws and ws[0] not in ("being",) and not is_gerund(ws[0]) else _strip_trailing(ws)
    ws = _cut_inner_clause(ws)
    if ws and is_gerund(ws[0]) and _negated(ws[0], original):
        ws = ["not", *ws]  # "we don't own a car" -> "not owning a car", never its opposite
    if len(ws) == 1 and _made_from_verb(ws[0], original):
        return None  # "that matters" -> "mattering", "I just left" -> "left": a bare predicate names nothing
    return ws if is_noun_phrase(ws) else None


_FINITE = frozenset("am is are was were 's 're 'm do does did has have had can could will would shall should may "
                    "might must".split())
_RELATIVES = frozenset({"that", "which", "who"})


def _finite_at(ws: list[str], i: int) -> bool:
    """A finite verb at ``i``: an auxiliary or copula, or a present-tense verb form between a noun or
    pronoun and its object ("my accountant charges me 600 quid")."""
    c = closed()
    w = ws[i]
    if w in _FINITE or (w in c.auxiliaries and w not in ("be", "been", "being", "having")):
        return True
    if i == 0:
        return False
    prev, nxt = ws[i - 1], ws[i + 1] if i + 1 < len(ws) else ""
    if verb_lemma(w) == w and w not in c.function_words and is_plural_noun(prev) and (nxt in c.prepositions or nxt in c.object_pronouns
                                                        or nxt in c.determiners or nxt in c.possessives):
        return True  # "the weeds take over", "prices go up": a plural subject and its verb
    if not nxt or not w.endswith("s") or verb_lemma(w) in (None, w):
        return False
    return (_is_noun(prev) or prev in c.object_pronouns) and (
        nxt in c.object_pronouns or nxt in c.determiners or nxt in c.possessives or nxt.isdigit()
        or nxt in ("up", "out", "off", "down", "away", "back", "over", "around")
        or open_classes(nxt) == frozenset({"ADJ"}))


def _cut_inner_clause(ws: list[str]) -> list[str]:
    """A phrase that runs on into a clause cut before it: before a relative clause after a noun ("another
    app that will solve ..." -> "another app"), or before a finite verb after its subject ("carrying it
    up the stairs is a pain" -> "carrying it up the stairs"). A finite verb inside a wh-clause or after a
    verb of knowing or feeling ("knowing the family is safe") belongs there and stays."""
    c = closed()
    for i in range(1, len(ws)):
        w, prev = ws[i], ws[i - 1]
        if w in _RELATIVES and _is_noun(prev) and i + 1 < len(ws) and (
                ws[i + 1] in c.auxiliaries or is_gerund(ws[i + 1]) or _is_verb(ws[i + 1])):
            return _strip_trailing(ws[:i])
        if w in c.wh_words or w in c.subordinators or w in _RELATIVES or verb_lemma(w) in c.framing_verbs:
            return ws
        if _finite_at(ws, i):
            return _strip_trailing(ws[:i])
    return ws


def _negated(gerund_word: str, original: list[str]) -> bool:
    """Whether the verb that became ``gerund_word`` was negated where it was said ("don't own",
    "couldn't really afford", "never use"): a negation at most two words before it."""
    lemma = verb_lemma(gerund_word)
    for i, w in enumerate(original):
        if verb_lemma(w) == lemma and w != gerund_word or w == gerund_word:
            before = original[max(0, i - 3):i]
            return any(b.endswith("n't") or b in ("not", "never", "cannot") for b in before)
    return False


def _made_from_verb(word: str, original: list[str]) -> bool:
    """A lone word that the reduction made from a finite verb (a gerund not said as one), or a bare
    past-tense form ("left", "found")."""
    if word in original and not word.endswith("ing"):
        lemma = verb_lemma(word)
        return bool(lemma) and lemma != word and word in (getInflection(lemma, "VBD") or ())
    return is_gerund(word) and word not in original


def is_noun_phrase(ws: list[str]) -> bool:
    """Whether ``ws`` reads as a noun or gerund phrase that can fill a noun slot in a question.

    It must not start with a conjunction, auxiliary, preposition, subject pronoun, interjection or a
    finite verb, nor end on a dangling function word, and must hold a content head: a noun that is not a
    general noun ("thing", "problem"), an adjective after a determiner, or a gerund with a complement or
    of a verb that is not light.
    """
    c = closed()
    if not ws:
        return False
    first, last = ws[0], ws[-1]
    banned_first = (c.coordinators | c.subordinators | c.auxiliaries | c.subject_contractions
                    | c.prepositions | c.interjections | c.object_pronouns) - {"no", "like", "being", "what", "how"}
    if first in banned_first or (first in c.subject_pronouns and first not in ("one",)):
        if not (first == "no" or first in c.determiners):
            return False
    if first in c.wh_words:
        return False
    articles = frozenset({"a", "an", "the"}) | c.possessives
    glue = c.prepositions | c.auxiliaries | c.subject_pronouns | c.coordinators | c.subordinators | c.articles_after
    if any(a in articles and b in glue for a, b in zip(ws, ws[1:])):
        return False  # "the in control", "the wait it says": an article glued to no noun
    banned_last = (c.coordinators | c.subordinators | c.auxiliaries | c.determiners | c.prepositions
                   | c.subject_pronouns | c.possessives | c.interjections | c.wh_words) - {"one", "there", "well", "out", "up", "off", "down", "in", "on", "over", "away", "back", "around"}
    stranded = (last in c.prepositions and last not in c.subordinators
                and any(w in c.wh_words for w in ws[1:]))  # "where my food comes from", never "... until"
    if last in banned_last and len(ws) > 1 and not stranded:
        return False
    if len(ws) > 2 and "ADJ" in open_classes(first) and ws[1] in c.prepositions and ws[2] in INDEFINITES:
        return False  # "insane for something ...": a comment on what was said, not a concept
    if _is_verb(first) and not is_gerund(first) and not _is_noun(first) and first != "being":
        return False
    if is_gerund(first) or first == "being":
        return _gerund_has_content(ws)
    if first in c.negations and len(ws) > 1 and is_gerund(ws[1]):
        return _gerund_has_content(ws[1:])
    content = [w for w in ws if w not in c.function_words and w not in c.interjections]
    if not content:
        return False
    core = [w for w in ws[:next((i for i, w in enumerate(ws) if i and w in c.prepositions), len(ws))]
            if w in content]
    nouns = [w for w in core if _is_noun(w)]
    if nouns and nouns[-1] in c.general_nouns and "ADJ" not in open_classes(nouns[-1]):
        return False  # the head is a general noun: "random question", "the pausing thing"
    return bool(nouns) or any("ADJ" in open_classes(w) for w in content) or any(_is_noun(w) for w in content)


INDEFINITES = frozenset("something anything everything nothing someone anyone everyone somebody anybody "
                        "everybody".split())


def _gerund_has_content(ws: list[str]) -> bool:
    """A gerund phrase that names something: a verb that is not light ("cooking"), or any verb with a
    content word after it ("taking care"); not one with only particles, pronouns or an indefinite
    ("taking over", "getting it", "watering anything")."""
    c = closed()
    rest = [w for w in ws[1:] if w not in c.function_words and w not in INDEFINITES]
    if rest:
        return True
    if len(ws) > 1:
        return False
    return verb_lemma(ws[0]) not in _LIGHT


_ABSTRACT = ("ness", "ity", "dom", "ment", "ance", "ence", "ship", "hood", "ism", "ion")


def is_count_noun(word: str) -> bool:
    """A singular concrete noun that needs an article in a sentence ("app" -> "the app"): it has a
    distinct plural in the lexicon and no abstract-noun suffix ("freedom", "convenience" stay bare)."""
    if word.isalpha() and not getAllLemmas(word) and not word.endswith(("s", "ing", "ed")):
        return not word.endswith(_ABSTRACT)  # a word outside the lexicon ("app"): a count noun
    if word.endswith(_ABSTRACT) or "NOUN" not in getAllLemmas(word) or verb_lemma(word) == word and "ADJ" in open_classes(word):
        return False
    plural = getInflection(word, "NNS")
    return bool(plural) and plural[0] != word and getAllLemmas(word)["NOUN"][0] == word


def is_plural_noun(word: str) -> bool:
    """A noun form that is only plural in LemmInflect's lexicon ("receipts", "lessons"), not a mass or
    singular form ("news", "glass", "series")."""
    lemmas = getAllLemmas(word)
    if word.endswith(("ss", "us", "is")) or {"ADJ", "ADV"} & set(lemmas):
        return False
    if not lemmas and word.isalpha() and word.endswith("s"):  # outside the lexicon ("courgettes", "apps")
        return getLemma(word, upos="NOUN")[0] != word
    if "NOUN" not in lemmas:
        return False
    lemma = lemmas["NOUN"][0]
    return lemma != word and word in (getInflection(lemma, "NNS") or ())


def is_plural_phrase(ws: list[str]) -> bool:
    """Whether a noun phrase takes a plural verb: two phrases joined by "and" ("tomatoes and beans",
    "the price and the speed"), or a head noun (the last word before any preposition) that is plural.
    A gerund phrase ("growing tomatoes") is singular."""
    c = closed()
    if not ws or any(is_gerund(w) or w == "being" for w in ws) or (set(ws) & (c.coordinators - {"and"})):
        return False  # a gerund or a clause is singular ("your cousin waiting five months")
    core = ws[:next((i for i, w in enumerate(ws) if i and w in c.prepositions), len(ws))]
    if "and" in core[1:-1]:
        return True
    return bool(core) and is_plural_noun(core[-1])


@lru_cache(maxsize=4096)
def is_person_noun(lemma: str) -> bool:
    """Whether the first common-noun sense of ``lemma`` in WordNet is a kind of person ("wife",
    "accountant"; a named instance such as a singer called Price is skipped)."""
    return noun_is_kind(lemma, frozenset({"person"}), 1)


@lru_cache(maxsize=4096)
def is_artifact(word: str) -> bool:
    """Whether one of the first three common-noun senses of ``word`` in WordNet is a made or offered thing
    (an artifact, software, a service: "app", "cuff", "van"), as opposed to an activity, a time or a quality."""
    return noun_is_kind(word.lower(), frozenset({"artifact", "software", "service"}), 3)


@lru_cache(maxsize=8192)
def noun_is_kind(lemma: str, roots: frozenset[str], senses: int) -> bool:
    """Whether one of the first ``senses`` common-noun senses of ``lemma`` in WordNet (named instances
    skipped) is, through its hypernyms, a kind of a synset holding one of ``roots``."""
    from ...dedup.wordnet import get_wordnet  # WordNet files read offline; loaded once

    wordnet = get_wordnet()
    common = [s for s in (wordnet.synsets(lemma, "n") if wordnet else ()) if not any(p[0] == "@i" for p in s.pointers)]
    return any(wordnet.is_kind_of(s, roots) for s in common[:senses])


def word_is_kind(word: str, pos: str, roots: frozenset[str], senses: int) -> bool:
    """Whether one of the first ``senses`` WordNet senses of ``word`` (part of speech ``pos``, named
    instances included) is, or is a kind of, a synset holding one of ``roots``."""
    from ...dedup.wordnet import get_wordnet  # WordNet files read offline; loaded once

    wordnet = get_wordnet()
    if wordnet is None:
        return False
    return any(wordnet.is_kind_of(syn, roots, ("@", "@i")) for syn in wordnet.synsets(word, pos)[:senses])


def has_sense(word: str, pos: str) -> bool:
    """Whether WordNet has ``word`` as part of speech ``pos`` ("a": an adjective)."""
    from ...dedup.wordnet import get_wordnet  # WordNet files read offline; loaded once

    wordnet = get_wordnet()
    return bool(wordnet and wordnet.synsets(word, pos))


_ITS = re.compile(r"\b([Ii])ts\s+(?=(\S+)(?:\s+(\S+))?)")


def restore_its(text: str) -> str:
    """"its" typed for "it's" restored where it cannot be the possessive: a possessive determiner is followed by
    its noun phrase, never by a pronoun, a determiner or a negation, nor by an adverb (one that is no
    adjective, or one before a pronoun or determiner): "its me and the cat", "its not worth it", "its really
    good", "its just us" -> "it's ..."; "its price", "its only flaw" stay."""
    c = closed()

    def clause_word(word: str) -> bool:
        return word in c.subject_pronouns or word in c.object_pronouns or word in c.determiners or word in c.negations

    def fix(m: re.Match) -> str:
        nxt, after = (re.sub(r"[^a-z']", "", (g or "").lower()) for g in (m.group(2), m.group(3)))
        adverb = "ADV" in open_classes(nxt) and ("ADJ" not in open_classes(nxt) or clause_word(after))
        return f"{m.group(1)}t's " if clause_word(nxt) or adverb else m.group(0)

    return _ITS.sub(fix, text)


# Spellings typed in chat for a function word or a contraction ("u", "r", "wat", "dont", "gonna"): a closed class of
# English, as the contractions are. Read before the own-turn readings, which parse the answer.
_CHAT_SPELLINGS = {
    "u": "you", "r": "are", "wat": "what", "wot": "what", "wats": "what's", "whats": "what's", "thats": "that's",
    "whos": "who's", "wheres": "where's", "dont": "don't", "doesnt": "doesn't", "didnt": "didn't",
    "cant": "can't", "isnt": "isn't", "arent": "aren't", "wasnt": "wasn't", "werent": "weren't", "havent": "haven't",
    "hasnt": "hasn't", "couldnt": "couldn't", "wouldnt": "wouldn't", "shouldnt": "shouldn't", "im": "i'm",
    "ive": "i've", "youre": "you're", "theyre": "they're", "gonna": "going to", "wanna": "want to",
    "gotta": "got to", "pls": "please", "plz": "please", "tho": "though", "abt": "about", "ppl": "people",
}
_CHAT_WORD = re.compile(r"(?<![\w'.])([A-Za-z]+)(?![\w']|\.\w)")


def respelled(text: str) -> str:
    """``text`` with words typed in chat spelling written out ("u gonna ring me" -> "you going to ring me", "wat
    does it mean" -> "what does it mean"): :data:`_CHAT_SPELLINGS`; "ur" is "you're" before a word that is no noun
    ("ur from the club"), "your" before a noun ("ur name"); "n" is "and" between two words ("me n mum"). Case
    is kept for a capital first letter and for a word typed in capitals ("GOTTA" -> "GOT TO"); every other
    character stays where it was said."""
    def fix(m: re.Match) -> str:
        word = m.group(1)
        low = word.lower()
        if len(word) == 1 and word != low:
            return word  # a capital letter alone is an initial ("R. Smith", "plan B"), never chat
        if low == "ur":
            nxt = re.match(r"\s+([A-Za-z]+)", text[m.end():])
            after = nxt.group(1).lower() if nxt else ""
            new = "your" if after and after not in closed().function_words and "NOUN" in open_classes(after) \
                else "you're"
        elif low == "n":
            between = re.search(r"[A-Za-z]\s+$", text[:m.start()]) and re.match(r"\s+[A-Za-z]", text[m.end():])
            new = "and" if between else word
        else:
            new = _CHAT_SPELLINGS.get(low, word)
        if new != word and len(word) > 1 and word.isupper():
            return new.upper()  # typed in capitals ("GOTTA GO"): written out in capitals, so the shout stays one
        if new != word and low != word and word[:1].isupper():
            new = new[:1].upper() + new[1:]
        return new

    return _CHAT_WORD.sub(fix, text)


_SENTENCE = re.compile(r"[^.!?…\n]+[.!?…]*")


def sentences(text: str) -> list[tuple[int, int, str]]:
    """(start, end, text) of each sentence of ``text``."""
    return [(m.start(), m.end(), m.group()) for m in _SENTENCE.finditer(text) if m.group().strip()]
