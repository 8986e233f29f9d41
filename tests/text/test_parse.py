"""The shared parse: the packaged English model loads offline and parses; results are cached."""

from interview_core.text import parse as parse_module
from interview_core.text.parse import parse, parse_many


def test_parse_gives_tags_heads_and_lemmas():
    doc = parse("I'd stop heating the place when nobody's in.")
    by_text = {t.text: t for t in doc}
    assert by_text["stop"].dep_ == "ROOT"
    assert by_text["place"].head.text == "heating"
    assert by_text["heating"].tag_ == "VBG"
    assert [c.text for c in doc.noun_chunks if c.root.text == "place"] == ["the place"]


def test_negation_and_lemmas():
    doc = parse("We don't own a car.")
    assert any(t.dep_ == "neg" and t.head.lemma_ == "own" for t in doc)
    assert [t.lemma_ for t in doc if t.text == "car"] == ["car"]


def test_cache_returns_the_same_doc_and_batches_share_it():
    first = parse("Holding the bow is hard.")
    assert parse("Holding the bow is hard.") is first
    docs = parse_many(["Holding the bow is hard.", "A second sentence.", "A second sentence."])
    assert docs[0] is first and docs[1] is docs[2]


def test_cache_is_bounded(monkeypatch):
    monkeypatch.setattr(parse_module, "CACHE_SIZE", 3)
    parse_many([f"sentence number {k}" for k in range(6)])
    assert len(parse_module._CACHE) <= 3
