"""Offline extraction: clauses -> concept nodes -> typed nodes and permitted edges -> assessment.

Edges come from three sources: explicit causal markers ("A because B": B -> A; "A so B": A -> B),
implicit chains between neighbouring clauses of one answer, and the conversation (the previous
question's focus node leads to the answer's first new concept). Node types come from the methodology's
cues, examples and descriptions, then chain position: an edge's types must be permitted and ordered
by level, so an effect ranks at or above its cause.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ..contracts import ExtractedEdge, ExtractedNode, ExtractionRequest, ExtractionResult
from .assessment import AnswerFeatures, assess, is_english
from ...text.clauses import Clause, segment
from .elements import matcher
from .grammar import closed, open_classes
from .frames import MAX_PASSES, frames, is_digression, residue, strip_leading_frame, strip_trailing_frame
from ...text.lexicon import lexicon
from .meta import off_topic_spans
from .ontology import MAX_RETYPE_LOSS, CompiledOntology, _stopword_stems, compiled
from .concepts import normalised, question_spans, span_concepts
from .stance import stance_and_reaction
from .verdicts import verdict_spans
from ...text.parse import parse
from ...text.primitives import analysed_text, stem_string, tokens, words


@dataclass
class _Item:
    """One concept-bearing clause on its way to becoming a node."""

    clause: Clause
    label: str
    stems: str  # marker + clause stems, for type cues and relation cues
    scores: dict[str, float]
    node_type: str | None = None


@dataclass(frozen=True)
class _Edge:
    source: _Item
    target: _Item
    relation: str
    quote: str
    origin: str


_SENTENCE_END = re.compile(r"[.!?…\n]+")


def _digressions(answer: str) -> list[tuple[int, int]]:
    """Spans of the answer's sentences that announce a digression ("..., by the way"), ask the
    interviewer something, talk about the interview or are asides (:func:`meta.off_topic_spans`)."""
    spans, start = off_topic_spans(answer), 0
    for m in [*_SENTENCE_END.finditer(answer), None]:
        end = m.end() if m else len(answer)
        if end > start and is_digression(words(answer[start:end])):
            spans.append((start, end))
        start = end
    return spans


def _list_items(clause: Clause, doc: tuple) -> list[Clause]:
    """A clause that is a comma list of phrases ("photos of receipts, auto categories") as one clause per
    item, when every item names a concept of its own in the parse; else the clause itself. A leading
    item that names nothing ("Brilliant, a gadget that ...") is dropped from the list."""
    cuts = [m.start() for m in re.finditer(",", clause.text)]
    if not cuts:
        return [clause]
    bounds = [0, *cuts, len(clause.text)]
    parts = []
    for k, (a, b) in enumerate(zip(bounds, bounds[1:])):
        a += 1 if k else 0
        raw = clause.text[a:b]
        text = raw.strip()
        start = clause.start + a + len(raw) - len(raw.lstrip())
        part = Clause(text, start, start + len(text), clause.marker if not k else "", clause.link if not k else "comma")
        exclamation = k == 0 and len(words(text)) == 1 and "ADJ" in open_classes(words(text)[0])
        if exclamation or not text or not span_concepts(doc[0], part.start, part.end, offsets=doc[1]):
            if (k == 0 and len(words(text)) <= 1) or _only_fillers(text):
                continue  # "Brilliant, a gadget that ...", "the bees, you know": no list item
            return [clause]
        parts.append(part)
    if parts and parts[0].link == "comma":
        parts[0] = replace(parts[0], marker=clause.marker, link=clause.link)
    return parts or [clause]


def _only_fillers(text: str) -> bool:
    """Only fillers and function words ("you know", "like", "I guess")."""
    lex = lexicon()
    fillers = {w for seqs in (lex.leading_fillers, lex.trailing_fillers, lex.inner_fillers) for seq in seqs for w in seq}
    return all(w in fillers or w in lex.stopwords for w in words(text))


def _no_concept(text: str) -> bool:
    """A deflection ("not sure", "let me think") or an instruction to the interviewer, with no content
    of its own beyond it."""
    lex = lexicon()
    stems = stem_string(words(text))
    if lex.instruction_cues.hits(stems):
        return True
    hits = lex.non_concept.hits(stems)
    if not hits:
        return False
    left = stems
    for phrase in hits:
        for w in stem_string(phrase.split()).split():
            left = left.replace(f" {w} ", " ")
    return len([w for w in left.split() if w not in _stopword_stems()]) < 2


def _frame_offsets(c: Clause) -> frozenset[int]:
    """Start offsets of the clause's words that belong to a discourse frame (``data/frames.yaml``):
    a meta comment anywhere ("I can't go deeper than that"), frames at the start ("to be honest", "the
    big one is", "what I mean is") and at the end ("... is just how it is", "every time")."""
    toks = tokens(c.text, c.start)
    ws = [t.word for t in toks]
    drop: set[int] = set()
    kept = list(range(len(ws)))
    joined = " ".join(ws)
    for m in frames().anywhere.finditer(joined):
        first = joined[:m.start()].count(" ") if m.start() else 0
        drop.update(range(first, first + len(m.group().split())))
    kept = [k for k in kept if k not in drop]
    for _ in range(MAX_PASSES):
        before = len(kept)
        rest = [ws[k] for k in kept]
        stripped = strip_leading_frame(rest)
        kept = kept[len(rest) - len(stripped):]
        rest = [ws[k] for k in kept]
        stripped = strip_trailing_frame(rest)
        kept = kept[:len(stripped)]
        if len(kept) == before:
            break
    keep = set(kept)
    return frozenset(t.start for k, t in enumerate(toks) if k not in keep)


def _names_nothing(label: str) -> bool:
    """A label with no content word once time remarks and frame vocabulary are left out ("compared to",
    "noticing"), or only a month, a weekday or a season ("march"); a one-word noun label ("Time.") names
    itself."""
    ws = words(label)
    if all(w in closed().time_nouns or w in lexicon().stopwords for w in ws):
        return True  # "march" from "cracked since march": when, not what
    return not residue(ws, lexicon().stopwords) and not (len(ws) == 1 and not ws[0].endswith("ing"))


_LINKS = {"cause": "cause", "effect": "effect", "and": "and"}


def _items(clauses: list[Clause], doc: tuple, onto: CompiledOntology, known: dict[str, str],
           skip: list[tuple[int, int]] = ()) -> list[_Item | None]:
    """One entry per concept of each clause (in clause order), or None for a clause without a concept
    or inside a ``skip`` span. Repeated labels share an item."""
    out: list[_Item | None] = []
    seen: dict[str, _Item] = {}
    carried: Clause | None = None  # a causal link whose own clause was only a frame
    for c in [part for clause in clauses for part in _list_items(clause, doc)]:
        if carried is not None and c.link == "comma":
            # "so in the end, looking after myself": the frame clause drops, its "so" moves on.
            c = replace(c, marker=carried.marker, link=carried.link)
        carried = None
        off_topic = any(a <= c.start < b for a, b in skip) or _no_concept(c.text)
        concepts = [] if off_topic else [
            k for k in span_concepts(doc[0], c.start, c.end, _frame_offsets(c), doc[1]) if not _names_nothing(k.label)]
        if not concepts:
            if c.link in ("cause", "effect"):
                carried = c
            out.append(None)
            continue
        for k, concept in enumerate(concepts):
            clause = c if not k else replace(c, marker="", link=_LINKS.get(concept.link, "and"))
            label = known.get(concept.label.lower(), concept.label)
            if label.lower() in seen:
                out.append(seen[label.lower()])
                continue
            stems = stem_string([*clause.marker.split(), *words(clause.text)])
            item = _Item(clause, label, stems, onto.scores(stems))
            seen[label.lower()] = item
            out.append(item)
    return out


def _span_quote(answer: str, a: Clause, b: Clause) -> str:
    return answer[min(a.start, b.start) : max(a.end, b.end)]


def _link(onto: CompiledOntology, src: _Item, tgt: _Item, max_loss: float, answer: str, origin: str,
          need_specific: bool = False) -> _Edge | None:
    """Type both ends so the pair is permitted (fixing their types) and pick the relation, or None."""
    if src.label.lower() == tgt.label.lower():
        return None  # never a self-loop
    pair = onto.type_pair(src.scores, tgt.scores, src.node_type, tgt.node_type, max_loss)
    if pair is None or (need_specific and not onto.specific_pair(*pair)):
        return None
    stems = src.stems + tgt.stems
    relation = onto.relation(pair[0], pair[1], stems, causal=origin == "explicit")
    if relation is None:
        return None
    src.node_type, tgt.node_type = pair
    return _Edge(src, tgt, relation, _span_quote(answer, src.clause, tgt.clause), origin)


def _values(item: _Item) -> bool:
    """Whether the clause says the respondent values its concept ("I like how creamy it is")."""
    return bool(lexicon().evaluative.hits(stem_string(words(item.clause.text))))


def _explicit_edges(onto, items: list[_Item | None], answer: str) -> list[_Edge]:
    edges = []
    for k, item in enumerate(items):
        if item is None or item.clause.link not in ("cause", "effect"):
            continue
        prev = next((p for p in reversed(items[:k]) if p is not None and p is not item), None)
        if prev is None:
            continue
        src, tgt = (item, prev) if item.clause.link == "cause" and not _values(prev) else (prev, item)
        # As typed first. An ontology that lists its permitted pairs (a means-end ladder) encodes the
        # causal order, so types bend to fit it; one that permits any pair orders by abstraction level
        # only, so the edge follows the level order instead ("it's stressful, so I order a kit": the
        # approach, level 1, addresses the pain, level 2).
        edge = _link(onto, src, tgt, 0.0, answer, "explicit")
        if edge is None and not onto.lists_pairs:
            edge = _link(onto, tgt, src, 0.0, answer, "explicit")
        edge = edge or _link(onto, src, tgt, MAX_RETYPE_LOSS, answer, "explicit")
        if edge:
            edges.append(edge)
    return edges


def _implicit_edges(onto, items: list[_Item | None], answer: str, linked: set[tuple[int, int]]) -> list[_Edge]:
    """Neighbouring concepts not already linked, in whichever level order the ontology permits."""
    edges = []
    present = [i for i in items if i is not None]
    for prev, item in zip(present, present[1:]):
        if item is prev or item.clause.link in ("contrast", "cause", "effect"):
            continue
        if (id(prev), id(item)) in linked or (id(item), id(prev)) in linked:
            continue
        need_specific = not onto.has_levels
        edge = _link(onto, prev, item, 0.0, answer, "implicit", need_specific) or _link(
            onto, item, prev, 0.0, answer, "implicit", need_specific
        )
        if edge:
            edges.append(edge)
            linked.add((id(edge.source), id(edge.target)))
    return edges


def _conversational_edge(onto, request: ExtractionRequest, items: list[_Item | None]) -> ExtractedEdge | None:
    focus = request.focus
    if focus.kind != "node" or not focus.label or focus.node_type not in onto.level:
        return None
    first = next((i for i in items if i is not None and i.label.lower() != focus.label.lower()), None)
    if first is None:
        return None
    focus_item = _Item(first.clause, focus.label, "", {t: 0.0 for t in onto.level}, focus.node_type)
    edge = _link(onto, focus_item, first, MAX_RETYPE_LOSS, request.answer, "conversational")
    if edge is None:
        return None
    return ExtractedEdge(source_label=focus.label, target_label=first.label, relation_type=edge.relation,
                         quote=first.clause.text, origin="conversational")


def extract_offline(request: ExtractionRequest) -> tuple[ExtractionResult, list[str]]:
    """Nodes, edges and assessment of one answer; also returns the clause texts (SRL stage output)."""
    onto = compiled(request.methodology)
    answer = request.answer
    clauses = segment(answer)
    english = is_english(words(analysed_text(answer)))
    known = {label.lower(): label for label in request.known_labels}
    if english and clauses:
        text = analysed_text(answer)
        parsed, offsets = normalised(text)
        doc = parse(parsed)
        skip = _digressions(text) + question_spans(doc, offsets) + verdict_spans(doc, offsets)
        items = _items(clauses, (doc, offsets), onto, known, skip)
    else:
        items = [None] * len(clauses)

    edges = _explicit_edges(onto, items, answer)
    conversational = _conversational_edge(onto, request, items)
    linked = {(id(e.source), id(e.target)) for e in edges}
    edges += _implicit_edges(onto, items, answer, linked)

    unique = list({id(i): i for i in items if i is not None}.values())
    elements = matcher(request.concept)
    nodes = []
    for n, item in enumerate(unique):
        item.node_type = item.node_type or onto.best_type(item.scores)
        element = elements.match(stem_string(words(item.clause.text)))
        if element is None and n == 0 and request.focus.kind == "element":
            element = request.focus.id  # an answer to an element question is about that element
        stance, reaction = stance_and_reaction(item.clause.text, item.stems)
        nodes.append(ExtractedNode(label=item.label, node_type=item.node_type, quote=item.clause.text,
                                   element_mapping=element, reaction=reaction, stance=stance))
    out_edges = [
        ExtractedEdge(source_label=e.source.label, target_label=e.target.label, relation_type=e.relation,
                      quote=e.quote, origin=e.origin)
        for e in edges
    ]
    if conversational:
        out_edges.insert(0, conversational)
    # A new concept tied to the question's focus answers the question's "why": it is a reason too.
    reasons = sum(1 for e in edges if e.origin == "explicit") + (1 if conversational else 0)
    features = AnswerFeatures(concepts=len(unique), reasons=reasons, clauses=len(clauses))
    assessment = assess(analysed_text(answer), features)
    return ExtractionResult(nodes=nodes, edges=out_edges, assessment=assessment), [c.text for c in clauses]
