"""The de-duplication lexicon (``config/dedup.yaml``) and the label keys the lexical tiers compare.

``load_dedup_config(path)`` validates the YAML; ``Lexicon.from_config(cfg)`` compiles it; then
``lexicon.key(label)`` turns a label into a :class:`LabelKey` (exact-match text, set of normalised
terms, polarity) and ``lexicon.opposition(a, b)`` says why two keys must never merge (negation,
antonyms, negating prefix) or returns None.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from interview_core.config.errors import ConfigError, Problem
from interview_core.config.loader import read_yaml, validate_model
from interview_core.config.settings import PROJECT_ROOT

from .contrast import Alignment, align, compound_score, contrast, family_swap, opposite_polarity, particle_contrast
from .restriction import (RULES, SHARED_RULES, TOKEN_RULES, added_words, arguments, aspect, attachment, comparison,
                          coordination, inversion, modality, question, relation, restricting, voice)
from .syntax import WORDNET_POS, LabelSyntax, heads_aligned, label_syntax, same_frame, same_slot
from .text import (is_contraction_negation, jaccard, less_adjective, normalise_text, numbers_differ, prefix_opposites,
                   stem, tokenize)
from .whole import whole
from .wordnet import WordNet, get_wordnet

DEFAULT_PATH = PROJECT_ROOT / "config" / "dedup.yaml"
_NOT = "\u00ac"  # marks a negation inside the term sequence so synonym phrases can absorb it


class DedupConfig(BaseModel):
    """``config/dedup.yaml``: lexicon for the lexical tiers and the slot-level thresholds (0..1)."""

    model_config = ConfigDict(extra="forbid")
    slot_jaccard_threshold: float = Field(0.6, ge=0.0, le=1.0)
    slot_embedding_threshold: float = Field(0.75, ge=0.0, le=1.0)
    stopwords: list[str] = Field(default_factory=list)
    negators: list[str] = Field(default_factory=list)
    synonyms: list[list[str]] = Field(default_factory=list)
    antonyms: list[tuple[str, str]] = Field(default_factory=list)


def load_dedup_config(path: Path | str | None = None) -> DedupConfig:
    """Read and validate the dedup YAML (default ``config/dedup.yaml``); raise ConfigError naming the key."""
    path = Path(path) if path else DEFAULT_PATH
    return validate_model(DedupConfig, read_yaml(path), path.name)


@dataclass(frozen=True)
class LabelKey:
    """A label as the lexical tiers see it.

    text: lower-case tokens joined by spaces (the exact-match key); terms: normalised content terms
    (stems with synonyms rewritten to their set's first member); negated: odd number of negations;
    words/stems: the content words in order (lower case, and their stems with one-word synonyms
    rewritten), for the word alignment of :mod:`interview_core.dedup.contrast`; senses: WordNet synset
    keys of every sense of the words; across: the synsets one step across from their four most frequent
    senses (two labels sharing no stem, no sense and no such step cannot align a word: :meth:`Lexicon.may_overlap`).
    """

    text: str
    terms: frozenset[str]
    negated: bool
    words: tuple[str, ...] = ()
    stems: tuple[str, ...] = ()
    senses: frozenset = frozenset()
    across: frozenset = frozenset()


class Lexicon:
    """Compiled lexicon: stopwords, negators, synonym phrases and antonym pairs over normalised terms."""

    def __init__(self, stopwords, negators, synonyms: list[list[str]], antonyms: list[tuple[str, str]], file: str = "dedup.yaml",
                 wordnet: WordNet | None = None, by_role: bool = True, restrictions: frozenset[str] = frozenset(RULES)):
        self.wordnet = wordnet
        self.by_role = by_role  # the guard reads syntactic roles when the parser is installed
        self.restrictions = frozenset(restrictions)  # the rules of :meth:`restriction` (all: the engine default)
        self.stopwords = frozenset(w.lower() for w in stopwords)
        self.negators = frozenset(w.lower() for w in negators)
        self._phrases: dict[tuple[str, ...], str] = {}
        for members in synonyms:
            seqs = [tuple(self._sequence(m)) for m in members]
            rep = " ".join(t for t in seqs[0] if t != _NOT)
            for seq in seqs:
                if seq:
                    self._phrases.setdefault(seq, rep)
        self._max_phrase = max((len(s) for s in self._phrases), default=1)
        pairs, problems = set(), []
        for i, (a, b) in enumerate(antonyms):
            ta, tb = self.key(a).terms, self.key(b).terms
            if len(ta) != 1 or len(tb) != 1:
                problems.append(Problem(file, f"antonyms[{i}]", f"each side must normalise to one term (got {sorted(ta)} / {sorted(tb)})"))
                continue
            pairs.add(frozenset(ta | tb))
        if problems:
            raise ConfigError(problems)
        self.antonyms = frozenset(pairs)

    @classmethod
    def from_config(cls, cfg: DedupConfig, wordnet: WordNet | None = None, by_role: bool = True,
                    restrictions: frozenset[str] = frozenset(RULES)) -> "Lexicon":
        return cls(cfg.stopwords, cfg.negators, cfg.synonyms, cfg.antonyms, wordnet=wordnet, by_role=by_role,
                   restrictions=restrictions)

    def syntax(self, key: LabelKey) -> LabelSyntax | None:
        """The syntactic roles of ``key``'s content words (:mod:`.syntax`), or None when the guard works on
        words alone (``by_role`` off, or no parser installed)."""
        return label_syntax(key.text, key.words, self.negators) if self.by_role else None

    def _sequence(self, label: str) -> list[str]:
        """Stems of the content words in order, with ``¬`` where a negation stood."""
        out: list[str] = []
        for tok in tokenize(label):
            if tok in self.negators or is_contraction_negation(tok):
                out.append(_NOT)
            elif tok in self.stopwords:
                continue
            elif (inner := less_adjective(tok)) is not None:
                out += [_NOT, stem(inner)]
            else:
                out.append(stem(tok))
        return out

    def key(self, label: str) -> LabelKey:
        """Normalise ``label``: tokens, stems, synonym phrases (longest first), negation parity."""
        seq = self._sequence(label)
        terms: list[str] = []
        i = 0
        while i < len(seq):
            for n in range(min(self._max_phrase, len(seq) - i), 0, -1):
                rep = self._phrases.get(tuple(seq[i : i + n]))
                if rep is not None:
                    terms.append(rep)
                    i += n
                    break
            else:
                terms.append(seq[i])
                i += 1
        negations = terms.count(_NOT)
        words = tuple(t for t in tokenize(label) if t not in self.stopwords and t not in self.negators
                      and not is_contraction_negation(t))
        stems = tuple(self._phrases.get((stem(w),), stem(w)) for w in words)
        wn = self.wordnet
        senses = frozenset(s.key for w in words for s in wn.synsets(w)) if wn else frozenset()
        across = frozenset(k for w in words for k in wn.across(w)) if wn else frozenset()
        return LabelKey(normalise_text(label), frozenset(t for t in terms if t != _NOT), negations % 2 == 1, words, stems,
                        senses, across)

    @staticmethod
    def may_overlap(a: LabelKey, b: LabelKey) -> bool:
        """False when :meth:`overlap` is surely 0: no shared term, stem or WordNet sense, and no sense of one
        a step across from a sense of the other (a fast pre-filter that never drops a pair the alignment
        would match: "expensive" / "pricey" share only a similar-to step)."""
        return bool(a.terms & b.terms or set(a.stems) & set(b.stems) or a.senses & b.senses or a.across & b.senses
                    or b.across & a.senses)

    @lru_cache(maxsize=65536)
    def alignment(self, a: LabelKey, b: LabelKey) -> Alignment:
        """Word alignment of two keys (equal stems, then WordNet synonyms); see :mod:`.contrast`."""
        return align(a.words, a.stems, b.words, b.stems, self.wordnet, self.parts_of_speech(a), self.parts_of_speech(b))

    @lru_cache(maxsize=65536)
    def linked_alignment(self, a: LabelKey, b: LabelKey, defined: bool = False) -> Alignment:
        """The word alignment with a last pass through WordNet's looser links (:meth:`WordNet.linked`: a kind
        of the other within two steps, a shared neighbour; with ``defined``, also a word the other's
        definition names, :meth:`WordNet.defines`): only for labels with as many content words."""
        if self.wordnet is None or len(a.words) != len(b.words):
            return self.alignment(a, b)
        return align(a.words, a.stems, b.words, b.stems, self.wordnet, self.parts_of_speech(a), self.parts_of_speech(b),
                     linked=True, kept_frame=one_token_swapped(tokenize(a.text), tokenize(b.text)), defined=defined)

    def _may_link(self, a: LabelKey, b: LabelKey, defined: bool = False) -> bool:
        """False when some content word of either label has no word of the other with its stem or a WordNet
        reach meeting its own (:meth:`WordNet.reach`), nor (``defined``) a word its definition names or whose
        definition names it: the looser alignment cannot match every word then."""
        wn = self.wordnet
        if wn is None:
            return False
        ra, rb = [wn.reach(w) for w in a.words], [wn.reach(w) for w in b.words]

        def near(x: str, s: str, rx: frozenset, y: str, t: str, ry: frozenset) -> bool:
            return (s == t or not rx.isdisjoint(ry)
                    or defined and not (wn.forms(y).isdisjoint(wn.defining(x)) and wn.forms(x).isdisjoint(wn.defining(y))))

        return (all(any(near(x, s, r, y, t, q) for y, t, q in zip(b.words, b.stems, rb)) for x, s, r in zip(a.words, a.stems, ra))
                and all(any(near(y, t, q, x, s, r) for x, s, r in zip(a.words, a.stems, ra)) for y, t, q in zip(b.words, b.stems, rb)))

    def reworded(self, a: LabelKey, b: LabelKey, linked: bool = False, defined: bool = False) -> bool:
        """True when every content word of each label matches a word of the other and nothing is added ("quiet
        pool" / "the pool is quiet"): the evidence of the aligned-words tier. With ``linked``, words may also
        match through WordNet's looser links (:meth:`linked_alignment`: "mends the flue" / "repairs the chimney"),
        for labels with as many content words; the guard then reads both alignments (:meth:`apart`). With
        ``defined`` too, also through WordNet's definitions (:meth:`WordNet.defines`)."""
        if self.may_overlap(a, b) and self.contained(a, b) and not self.adds_words(a, b):
            return True
        return linked and self.linked_only(a, b, defined)

    def linked_only(self, a: LabelKey, b: LabelKey, defined: bool = False) -> bool:
        """True when every content word of each label matches a word of the other once WordNet's looser links
        are allowed (:meth:`linked_alignment`), for labels with as many content words; the plain alignment
        is not asked (:meth:`reworded` asks both)."""
        if not a.words or len(a.words) != len(b.words) or not self._may_link(a, b, defined):
            return False
        al = self.linked_alignment(a, b, defined)
        return bool(al.matched) and not (al.only_a or al.only_b)

    def parts_of_speech(self, key: LabelKey) -> tuple[str | None, ...] | None:
        """Each content word's WordNet part of speech (n, v, a, r) as the label's parse uses it, None for a
        word of another kind or without a role; None without a parse."""
        s = self.syntax(key)
        return None if s is None else tuple(None if r is None else WORDNET_POS.get(r.pos) for r in s.roles)

    def contained(self, a: LabelKey, b: LabelKey) -> bool:
        """True when one label only adds words to the other: every content word of the shorter label (its
        head among them) matches a word of the longer one through the word alignment, and no added word
        is a modifier placed before a matched word: "good value" / "good value for money", "grammar
        explanations" / "explains the grammar rules", "small kibble" / "the kibble pieces are small"; not
        "parking" / "free parking". An added negation or contrast is the guard's; the cosine floor of the
        tier that uses this is calibrated. False without a parse when words are added."""
        al = self.alignment(a, b)
        found = added_words(al)
        if found is None:
            return bool(al.matched) and not (al.only_a or al.only_b)
        side, extra, matched = found
        longer = (a, b)[side]
        s = self.syntax(longer)
        if s is None:  # without the parse a restricting modifier cannot be told apart
            return False
        return restricting(s, longer.words, extra, matched, compound_score, 0.0, rules={"modifier"}) is None

    def adds_words(self, a: LabelKey, b: LabelKey) -> bool:
        """True when one label keeps every content word of the other and adds some ("bike storage" /
        "offering bike storage"); False when every word of each matches a word of the other ("quiet
        pool" / "the pool is quiet") or neither contains the other. The two kinds of containment are
        separate tiers, each certified on its own dev merges (:mod:`.tuning`)."""
        return added_words(self.alignment(a, b)) is not None

    def overlap(self, a: LabelKey, b: LabelKey) -> float:
        """Lexical similarity in [0, 1]: the larger of the term Jaccard and the aligned-word overlap."""
        return max(jaccard(a.terms, b.terms), self.alignment(a, b).overlap)

    def apart(self, a: LabelKey, b: LabelKey, linked: bool = False, defined: bool = False) -> str | None:
        """Why ``a`` and ``b`` must never merge, or None: they name opposite concepts (:meth:`opposition`) or
        the words one adds restrict or judge what it names (:meth:`restriction`). Every tier asks this; with
        ``linked`` (labels aligned through WordNet's looser links) the guard is read on both alignments, so
        a negation or a role swap on a word only the looser links match still parts them; ``defined``: the
        second alignment also matches words through their definitions (:meth:`linked_alignment`)."""
        found = self.opposition(a, b) or self.restriction(a, b) or self.whole(a, b)
        if found is None and linked and self.wordnet is not None:
            found = self.opposition(a, b, True, defined) or self.restriction(a, b, True, defined)
        return found

    @lru_cache(maxsize=65536)
    def whole(self, a: LabelKey, b: LabelKey) -> str | None:
        """Why ``a`` and ``b`` read whole must never merge (:func:`.whole.whole`: the speaker's role, more against
        less, WordNet antonyms wherever they stand), or None; None for the guard on words alone (wave 3's, kept for
        comparison) and without a parse."""
        sa = self.syntax(a)
        sb = self.syntax(b) if sa is not None else None
        return None if sa is None or sb is None else whole(a.words, b.words, sa, sb, self.wordnet)

    @lru_cache(maxsize=65536)
    def restriction(self, a: LabelKey, b: LabelKey, linked: bool = False, defined: bool = False) -> str | None:
        """Why the words one label adds to the other change what it names (:mod:`.restriction`: a second
        concept joined by and/or, a new head noun, a restricting modifier or complement, a judgement), or
        the words both share stand in other roles (swapped, or passive in one), or None. Only the rules in
        :attr:`restrictions` are checked; without a parse only coordination, aspect and comparison. ``linked``: read on
        :meth:`linked_alignment` (``defined``: with definitions)."""
        al = self.linked_alignment(a, b, defined) if linked else self.alignment(a, b)
        rules = self.restrictions
        tokens_a, tokens_b = tokenize(a.text), tokenize(b.text)
        on_words = {"coordination": lambda: coordination(tokens_a, tokens_b, al),
                    "aspect": lambda: aspect(tokens_a, tokens_b, al),
                    "comparison": lambda: comparison(a.words, b.words, al.matched)}
        for rule in TOKEN_RULES:
            found = on_words[rule]() if rule in rules else None
            if found is not None:
                return found
        sa = self.syntax(a)
        sb = self.syntax(b) if sa is not None else None
        if sa is not None and sb is not None:
            for rule, check in zip(SHARED_RULES, (inversion, voice, arguments, question, modality, attachment)):
                found = check(al, a.stems, b.stems, sa, sb, a.words) if rule in rules else None
                if found is not None:
                    return found
            found = relation(al, sa, sb, a.words, self.wordnet) if "relation" in rules else None
            if found is not None:
                return found
        added = added_words(al)
        if added is None or not (rules - {"relation", *TOKEN_RULES, *SHARED_RULES}):
            return None
        side, extra, matched = added
        longer, shorter = (a, b) if side == 0 else (b, a)
        s = self.syntax(longer)
        if s is None:
            return None
        return restricting(s, longer.words, extra, matched, compound_score, compound_score(shorter.text), rules=rules)

    def opposition(self, a: LabelKey, b: LabelKey, linked: bool = False, defined: bool = False) -> str | None:
        """Why ``a`` and ``b`` name opposite concepts, or None: :meth:`opposition_by_role` when both labels
        have a parse, else :meth:`opposition_by_words`."""
        sa = self.syntax(a)
        sb = self.syntax(b) if sa is not None else None
        if sa is None or sb is None:
            return None if linked else self.opposition_by_words(a, b)
        return self.opposition_by_role(a, b, sa, sb, linked, defined)

    def opposition_by_role(self, a: LabelKey, b: LabelKey, sa: LabelSyntax, sb: LabelSyntax,
                           linked: bool = False, defined: bool = False) -> str | None:
        """The guard with syntax: the contrasting words must stand in aligned roles.

        - negation: the labels differ in their number of negations (odd/even), and a negation bears on a
          word the other label matches ("can / can't park nearby"; "without sugar" / "with sugar"; a
          "-less" adjective whose stem the other label has, "tasteless" / "tasty"); a negation on a word
          nothing matches ("saves money" / "costs me less", "no contract" / "can cancel any time") is
          not evidence of an opposite, and "a few" is no negation;
        - antonyms, negating prefixes and minimal pairs (:func:`.contrast.contrast`): the two words
          stand in aligned roles (:func:`.syntax.heads_aligned`), and for a minimal pair the shared
          words stand to them alike (:func:`.syntax.same_frame`: "morning / evening classes", "hide /
          see my location"; not "share with family" / "family accounts");
        - particles ("went up / down") when the labels share a matched word ("no contract" / "can cancel
          any time" share none, so "no"/"any" is no contrast); VADER stance only when some leftover words stand in
          aligned roles (not for labels whose every word is matched: "easy to cancel" / "cancelling is
          simple").

        ``linked``: the same checks on :meth:`linked_alignment` (``defined``: with definitions).
        """
        al = self.linked_alignment(a, b, defined) if linked else self.alignment(a, b)
        pairs = dict(al.matched)
        found = numbers_differ(tokenize(a.text), tokenize(b.text))
        if found is not None:
            return found
        if len(sa.negations) % 2 != len(sb.negations) % 2:
            hit_a, hit_b = set(pairs), set(pairs.values())
            if any(_anchored(n, hit_a, b) for n in sa.negations) or any(_anchored(n, hit_b, a) for n in sb.negations):
                return "negation"

        def roles(i: int, j: int, minimal: bool) -> bool:
            return (same_slot(sa, i, len(a.words), sb, j, len(b.words), pairs)
                    or heads_aligned(sa, i, sb, j, pairs) and (not minimal or same_frame(sa, i, sb, j, pairs)))

        found = contrast(al, self.wordnet, self.antonyms, stem, roles) or self._family_swap(a, b, al)
        if found is not None:
            return found
        if self.wordnet is not None and al.matched:  # a particle contrasts only within a shared frame
            found = particle_contrast(tokenize(a.text), tokenize(b.text), self.wordnet)
            if found is not None:
                return found
        placed = any(roles(i, j, False) for i in al.left_a for j in al.left_b)
        if placed and opposite_polarity(a.text, b.text):
            return "polarity"
        return None

    def _family_swap(self, a: LabelKey, b: LabelKey, al: Alignment) -> str | None:
        """:func:`.contrast.family_swap` for two labels whose tokens keep one frame with one word swapped."""
        if self.wordnet is None or not one_token_swapped(tokenize(a.text), tokenize(b.text)):
            return None
        return family_swap(al, a.words, b.words, self.wordnet, self.parts_of_speech(a), self.parts_of_speech(b))

    def opposition_by_words(self, a: LabelKey, b: LabelKey) -> str | None:
        """Why ``a`` and ``b`` name opposite concepts, or None (the guard on words alone).

        Opposite when their polarity differs ("sweet" / "not sweet enough"), when a term only one has
        is an antonym of a term only the other has ("cheap" / "expensive", from the config or from
        WordNet), when such a term is the other with a negating prefix ("healthy" / "unhealthy"), or
        when the labels are a minimal pair whose differing words WordNet does not relate
        ("morning/evening appointments"); see :func:`interview_core.dedup.contrast.contrast`.
        """
        if a.negated != b.negated:
            return "negation"
        found = numbers_differ(tokenize(a.text), tokenize(b.text))
        if found is not None:
            return found
        al = self.alignment(a, b)
        found = contrast(al, self.wordnet, self.antonyms, stem) or self._family_swap(a, b, al)
        if found is not None:
            return found
        if self.wordnet is not None:
            found = particle_contrast(tokenize(a.text), tokenize(b.text), self.wordnet)
            if found is not None:
                return found
        if opposite_polarity(a.text, b.text):
            return "polarity"
        # Synonym phrases stand as one term ("easy to digest" -> "easy dig"); compare their words.
        only_a = {w for t in a.terms - b.terms for w in t.split()}
        only_b = {w for t in b.terms - a.terms for w in t.split()}
        for x in only_a:
            for y in only_b:
                if frozenset((x, y)) in self.antonyms:
                    return f"antonyms {x}/{y}"
                if prefix_opposites(x, y):
                    return f"negating prefix {x}/{y}"
        return None


def _anchored(negation: tuple[frozenset[int], str | None], matched: set[int], other: LabelKey) -> bool:
    """True when a negation (its scope's word indices, the stem of a "-less" adjective) bears on a word
    the other label matches: a scope word in the alignment, or the "-less" stem among the other's stems."""
    scope, inner = negation
    if inner is not None:
        return inner in other.stems or inner in {stem(w) for w in other.words}
    return bool(scope & matched)


def one_token_swapped(tokens_a: list[str], tokens_b: list[str]) -> bool:
    """True when two labels share some tokens and differ in exactly one on each side, function words
    included ("skip on the drive" / "skip on the road"): a kept frame with one word swapped."""
    only_a, only_b = Counter(tokens_a) - Counter(tokens_b), Counter(tokens_b) - Counter(tokens_a)
    return sum(only_a.values()) == 1 and sum(only_b.values()) == 1 and len(tokens_a) > 1


@lru_cache(maxsize=8)
def default_lexicon(path: str | None = None, by_role: bool = True, restrictions: frozenset[str] = frozenset(RULES)) -> Lexicon:
    """The compiled lexicon of ``path`` (default ``config/dedup.yaml``) with WordNet when it is installed,
    cached per process; ``by_role=False`` keeps the guard on words alone (wave 3's, for comparison);
    ``restrictions``: the rules of the restriction guard (all by default; fewer only to measure one)."""
    return Lexicon.from_config(load_dedup_config(path), get_wordnet(), by_role, frozenset(restrictions))
