"""Is an answer plainly not English? A general reading for the English-only offline layer.

Two measures, no list of any other language's words:

- **script**: the share of the answer's letters outside the Latin script (Cyrillic, Greek, Han, Arabic,
  Devanagari, Hangul, ...), from the Unicode character names;
- **English share**: of the answer's Latin-script words, the share that English knows: the closed-class
  words the offline layer ships (``offline/data/closed_class.yaml``, the discourse lexicon's stopwords and
  acknowledgements) and the open-class words of LemmInflect's English lexicon, in any inflection. A
  longer word one edit away from a known word counts as a typo of it; a word with an accent counts when
  its unaccented form is known ("café"). Words with digits ("gr8", "10/10") and single letters are not
  counted at all.

An answer is *plainly not English* when most of its letters are in another script, or when it has at
least :data:`MIN_WORDS` counted words and fewer than :data:`MIN_ENGLISH_SHARE` of them are English.
Short answers ("ok", "dunno", "ja") are never flagged: too little evidence, and a false alarm on a
short English answer costs more than letting a short foreign one through.
"""

from __future__ import annotations

import string
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from lemminflect import getAllLemmas

from ..text.lexicon import lexicon
from ..text.primitives import words
from .offline.grammar import closed

MIN_WORDS = 4  # fewer counted words: never flagged on the English share
MIN_ENGLISH_SHARE = 0.55  # tuned on the dev split of evaluation/language_id_cases.tsv (untuned: 0.5)
MIN_OTHER_SCRIPT_SHARE = 0.5  # of the letters
TYPO_MIN_LENGTH = 5  # shorter unknown words are not read as typos (too many near neighbours)
_ALPHABET = string.ascii_lowercase


@dataclass(frozen=True)
class LanguageReading:
    """``letters``: letters in the answer; ``other_script``: how many are not Latin; ``words``: Latin-script
    words counted; ``english``: how many of those English knows."""

    letters: int
    other_script: int
    words: int
    english: int

    @property
    def other_script_share(self) -> float:
        return self.other_script / self.letters if self.letters else 0.0

    @property
    def english_share(self) -> float:
        """0..1; 1.0 when no word was counted."""
        return self.english / self.words if self.words else 1.0

    @property
    def plainly_not_english(self) -> bool:
        return self.flagged_at(MIN_ENGLISH_SHARE)

    def flagged_at(self, min_english_share: float) -> bool:
        """Plainly not English at a given English-share threshold (the benchmark compares thresholds)."""
        if self.letters and self.other_script_share >= MIN_OTHER_SCRIPT_SHARE:
            return True
        return self.words >= MIN_WORDS and self.english_share < min_english_share


@lru_cache(maxsize=1)
def _closed_words() -> frozenset[str]:
    c, lex = closed(), lexicon()
    return c.function_words | c.interjections | lex.stopwords | lex.acknowledgements


def _is_latin(ch: str) -> bool:
    return unicodedata.name(ch, "").startswith("LATIN")


def _fold(word: str) -> str:
    """The word without accents ("café" -> "cafe")."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", word) if not unicodedata.combining(ch))


def _in_lexicon(word: str) -> bool:
    return word in _closed_words() or bool(getAllLemmas(word))


def _edits(word: str):
    """Every string one deletion, transposition, replacement or insertion away (Norvig's edits1)."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    for a, b in splits:
        if b:
            yield a + b[1:]
            for ch in _ALPHABET:
                yield a + ch + b[1:]
        if len(b) > 1:
            yield a + b[1] + b[0] + b[2:]
        for ch in _ALPHABET:
            yield a + ch + b


@lru_cache(maxsize=16384)
def is_english_word(word: str) -> bool:
    """Whether English knows ``word`` (lower case): closed-class, LemmInflect's lexicon, its clitic-free
    base ("dont" is not, "don't" is), its unaccented form, or, for a word of TYPO_MIN_LENGTH letters or
    more, a word one edit away."""
    base = word.replace("’", "'")
    if _in_lexicon(base) or ("'" in base and _in_lexicon(base.split("'")[0])):
        return True
    folded = _fold(base)
    if folded != base:
        return folded.isascii() and _in_lexicon(folded)
    if len(base) >= TYPO_MIN_LENGTH and base.isalpha() and base.isascii():
        return any(_in_lexicon(e) for e in _edits(base))
    return False


def read_language(text: str) -> LanguageReading:
    """The script and English-share reading of an answer (see the module docstring)."""
    letters = [ch for ch in text if ch.isalpha()]
    other = sum(1 for ch in letters if not _is_latin(ch))
    counted = [w for w in words(text) if not any(ch.isdigit() for ch in w)
               and all(_is_latin(ch) or not ch.isalpha() for ch in w) and (len(w) > 1 or w in ("i", "a"))]
    return LanguageReading(letters=len(letters), other_script=other, words=len(counted),
                           english=sum(1 for w in counted if is_english_word(w)))


def plainly_not_english(text: str) -> bool:
    """True when the answer is plainly in another language (see the module docstring)."""
    return read_language(text).plainly_not_english
