"""Word alignment of two labels and the contrast test that keeps opposites apart.

Two labels are compared word by word: a content word of one *matches* a content word of the other when
their stems agree or WordNet puts them in one synset ("foam"/"froth"). What is left over on each side
decides whether the labels contrast:

- an antonym pair among the leftovers (WordNet, direct or through an adjective cluster: "cheaper" /
  "dearer", "gentle"/"rough", "remember"/"forget"), or one leftover being the other with a negating
  prefix ("trust"/"distrust");
- a *minimal pair*: the labels share their frame word for word (at least one same-stem word) and differ in exactly one word on each side, and
  WordNet knows both words but relates them by no synonym, hypernym/hyponym, similar-to or derivation
  chain: "morning/evening appointments", "app remembers/ignores my mistakes", "chicken/beef flavour".
  Replacing one word of a phrase by a sibling or by an unrelated word changes what the phrase names;
  replacing it by a synonym or a more general word does not. A word WordNet does not know cannot be
  shown to be either, so a minimal pair with one counts as a contrast ("kids going home hyper / calm").

Negation parity (``not``, ``without``, ``n't``, ``-less``, ``more``/``less`` through the negators) is
checked by :meth:`interview_core.dedup.lexicon.Lexicon.opposition` before this module is asked.
Pure functions of their arguments (WordNet caches its answers per word pair).
"""

from __future__ import annotations

from dataclasses import dataclass

from functools import lru_cache

from interview_core.language.offline.stance import compound

from .text import prefix_opposites
from .wordnet import WordNet


# A VADER compound score this far from 0 is a clear stance (VADER's own neutral band is +-0.05; short
# labels need a wider one).
POLARITY_AT = 0.2


@dataclass(frozen=True)
class Alignment:
    """``matched``: index pairs (i in a, j in b) of matching words; ``only_a``/``only_b``: the words
    (surface form, lower case) left over on each side, in label order."""

    matched: tuple[tuple[int, int], ...]
    only_a: tuple[str, ...]
    only_b: tuple[str, ...]
    same_stem: int = 0  # how many of the matched pairs share their stem (the rest matched through WordNet)
    left_a: tuple[int, ...] = ()  # indices of ``only_a`` in the first label's words
    left_b: tuple[int, ...] = ()

    @property
    def overlap(self) -> float:
        """Matched words over all distinct words, |M| / (|A| + |B| - |M|), in [0, 1]; 0 for two empty labels."""
        total = len(self.matched) + len(self.only_a) + len(self.only_b)
        return len(self.matched) / total if total else 0.0


def align(words_a: tuple[str, ...], stems_a: tuple[str, ...], words_b: tuple[str, ...], stems_b: tuple[str, ...],
          wordnet: WordNet | None = None, pos_a: tuple[str | None, ...] | None = None,
          pos_b: tuple[str | None, ...] | None = None, linked: bool = False, kept_frame: bool = False,
          defined: bool = False) -> Alignment:
    """Greedy one-to-one alignment: equal stems first, then WordNet synonyms (most frequent senses), then
    words WordNet puts side by side (:func:`close_words`: "taste"/"flavour", "queues"/"lines",
    "theft"/"stolen"), never an antonym pair nor a word and itself under a negating prefix (WordNet makes
    "unpasteurised" a participle of "pasteurise"). ``pos_a``/``pos_b``: each word's WordNet part of speech as
    the label's parse uses it (None: unknown), so that a word matches another only in the sense it is
    used in ("back to running" / "back to work": the verb "run" shares a sense with the verb "work", the
    gerund with the noun none). With ``linked``, a last pass matches the words still left through the looser
    links of :meth:`WordNet.linked` (a kind of the other, a shared neighbour); in a minimal pair (the other
    words kept word for word, one left on each side) only through a shared neighbour, since swapping one
    word of a kept frame for a kind of it names that kind ("evening" is a kind of "daytime"); ``kept_frame``
    says the caller found the labels' tokens, function words included, to be such a frame ("skip on the
    drive" / "skip on the road"). With ``defined`` too, that last pass also matches a word that the other's
    WordNet definition names (:meth:`WordNet.defines`: "love" / "affection"), outside such a frame only."""
    pa = pos_a or (None,) * len(words_a)
    pb = pos_b or (None,) * len(words_b)
    free_b = list(range(len(words_b)))
    matched: list[tuple[int, int]] = []
    pending = list(range(len(words_a)))
    _greedy(pending, free_b, matched, lambda i, j: stems_a[i] == stems_b[j])
    same_stem = len(matched)
    if wordnet is not None:
        def apart(i: int, j: int) -> bool:  # one word is the other with a negating prefix: never one sense
            return prefix_opposites(stems_a[i], stems_b[j]) or prefix_opposites(words_a[i], words_b[j])

        _greedy(pending, free_b, matched, lambda i, j: not apart(i, j)
                and wordnet.synonyms(words_a[i], words_b[j], 3, pa[i], pb[j])
                and not _cause_and_effect(words_a[i], words_b[j], wordnet, pa[i], pb[j]))
        _greedy(pending, free_b, matched,
                lambda i, j: not apart(i, j) and close_words(words_a[i], words_b[j], wordnet, pa[i], pb[j]))
        if linked and pending:
            kinds = not (kept_frame or same_stem and len(pending) == 1 and len(free_b) == 1)
            by_definition = defined and kinds
            _greedy(pending, free_b, matched,
                    lambda i, j: not apart(i, j) and (wordnet.linked(words_a[i], words_b[j], pa[i], pb[j], kinds=kinds)
                                                      or by_definition and wordnet.defines(words_a[i], words_b[j], pa[i], pb[j])))
    return Alignment(tuple(sorted(matched)), tuple(words_a[i] for i in pending), tuple(words_b[j] for j in free_b),
                     same_stem, tuple(pending), tuple(free_b))


def _greedy(pending: list[int], free_b: list[int], matched: list[tuple[int, int]], fits) -> None:
    """One pass of the alignment: each word of ``pending`` (in order) takes the first word of ``free_b`` that
    ``fits(i, j)``; both lists shrink and ``matched`` grows in place."""
    for i in list(pending):
        j = next((j for j in free_b if fits(i, j)), None)
        if j is not None:
            matched.append((i, j))
            free_b.remove(j)
            pending.remove(i)


def close_words(x: str, y: str, wordnet: WordNet, pos_x: str | None = None, pos_y: str | None = None) -> bool:
    """True when WordNet lets ``x`` stand for ``y`` in a label: a shared synset over any sense, or one step
    across (similar-to, derivation, also-see, pertainym, attribute), and never an antonym pair: "strong
    taste" / "strong flavour", "long queues" / "long lines", "bike theft" / "bike being stolen". A
    hypernym or hyponym is not enough ("strength" / "endurance": a kind of a thing is another concept), and a
    cause and what it causes never stand for each other ("teach" / "learn": :meth:`WordNet.causes`).
    ``pos_x``/``pos_y``: the parts of speech the labels use the words in (see :func:`align`)."""
    if not (wordnet.known(x) and wordnet.known(y)) or wordnet.antonyms(x, y):
        return False
    return ((wordnet.synonyms(x, y, None, pos_x, pos_y) or wordnet.adjacent(x, y, 4, None, pos_y)
             or wordnet.adjacent(y, x, 4, None, pos_x)) and not _cause_and_effect(x, y, wordnet, pos_x, pos_y))


def _cause_and_effect(x: str, y: str, wordnet: WordNet, pos_x: str | None, pos_y: str | None) -> bool:
    """Two words used as verbs (or without a parse) that WordNet links as a cause and its effect
    (:meth:`WordNet.causes`: "teach" / "learn"); nouns ("taste" / "flavour") are not asked."""
    return pos_x in (None, "v") and pos_y in (None, "v") and wordnet.causes(x, y)


def contrast(al: Alignment, wordnet: WordNet | None = None, antonyms: frozenset = frozenset(),
             stem=lambda w: w, roles=None) -> str | None:
    """Why the aligned labels name different things (``"antonyms x/y"``, ``"negating prefix x/y"``,
    ``"contrast x/y"``), or None. ``antonyms`` holds extra stem pairs from the config (a study's own
    opposites); ``stem`` maps a word to the stem those pairs use. ``roles(i, j, minimal)``, when given,
    says whether leftover word ``i`` of the first label and ``j`` of the second stand in aligned
    syntactic roles (and, with ``minimal``, whether the shared words stand to them alike); a pair that
    does not is no contrast ("new releases" / "latest films": the two adjectives modify unmatched nouns)."""
    def placed(i, j, minimal=False):
        return roles is None or roles(i, j, minimal)

    for i, x in zip(al.left_a or range(len(al.only_a)), al.only_a):
        for j, y in zip(al.left_b or range(len(al.only_b)), al.only_b):
            if not placed(i, j):
                continue
            sx, sy = stem(x), stem(y)
            if frozenset((sx, sy)) in antonyms:
                return f"antonyms {x}/{y}"
            if prefix_opposites(sx, sy) or prefix_opposites(x, y):
                return f"negating prefix {x}/{y}"
            if wordnet is not None and wordnet.antonyms(x, y):
                return f"antonyms {x}/{y}"
    # A minimal pair keeps its frame word for word: "morning/evening classes". When the shared words only
    # matched through WordNet ("peaceful commute" / "quiet rides"), the labels are reworded, not a minimal pair.
    if wordnet is not None and al.same_stem and len(al.only_a) == 1 and len(al.only_b) == 1:
        x, y = al.only_a[0], al.only_b[0]
        if not placed(al.left_a[0] if al.left_a else 0, al.left_b[0] if al.left_b else 0, True):
            return None
        # A word WordNet does not know cannot be shown to be a synonym or a kind of the other: replacing
        # one word of the frame by it is taken as naming another thing ("kids going home hyper / calm").
        if not (wordnet.known(x) and wordnet.known(y)) or not (wordnet.related(x, y) or wordnet.related(y, x)):
            return f"contrast {x}/{y}"
    return None


def family_swap(al: Alignment, words_a: tuple[str, ...], words_b: tuple[str, ...], wordnet: WordNet,
                pos_a: tuple[str | None, ...] | None = None, pos_b: tuple[str | None, ...] | None = None) -> str | None:
    """``"family x/y"`` when two labels keep their frame word for word and swap one word for another that the
    alignment matched through WordNet, and the two are members of one family (:meth:`WordNet.family`: "a stronger
    flavour" / "a stronger smell"): a minimal pair names the other member, however a shared figurative sense
    joins the words. The caller checks the frame (:func:`.lexicon.one_token_swapped`); None otherwise."""
    swapped = [(i, j) for i, j in al.matched if words_a[i] != words_b[j]]
    if len(swapped) != 1 or al.only_a or al.only_b:
        return None
    i, j = swapped[0]
    x, y = words_a[i], words_b[j]
    if wordnet.family(x, y, pos_a[i] if pos_a else None, pos_b[j] if pos_b else None):
        return f"family {x}/{y}"
    return None


def particle_contrast(tokens_a: list[str], tokens_b: list[str], wordnet: WordNet) -> str | None:
    """``"antonyms x/y"`` when a word only one label has (stopwords included: "went up" / "went
    down", "switch on" / "switch off") is a WordNet antonym of a word only the other has."""
    only_a = [t for t in dict.fromkeys(tokens_a) if t not in tokens_b]
    only_b = [t for t in dict.fromkeys(tokens_b) if t not in tokens_a]
    for x in only_a:
        for y in only_b:
            if wordnet.antonyms(x, y):
                return f"antonyms {x}/{y}"
    return None


def opposite_polarity(a: str, b: str, at: float = POLARITY_AT) -> bool:
    """True when one label is clearly positive and the other clearly negative (VADER compound score
    beyond +-``at``; VADER reads negation and intensifiers itself): "feel guilty" / "feel proud"."""
    ca, cb = compound_score(a), compound_score(b)
    return (ca >= at and cb <= -at) or (ca <= -at and cb >= at)


compound_score = lru_cache(maxsize=65536)(compound)
