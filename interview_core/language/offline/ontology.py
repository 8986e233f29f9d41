"""The methodology's ontology compiled for offline classification: node-type scoring from the YAML's
cues, examples and descriptions, and relation choice from permitted connections and edge cues.

Nothing here knows a particular methodology; means-end chain, jobs-to-be-done, critical incident and
repertory grid all work through their own node types.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from ...text.lexicon import lexicon
from ...text.primitives import IdentityCache, PhraseSet, stem, words

# Weights of the three kinds of evidence for a node type (a cue phrase is the strongest signal).
CUE_WEIGHT = 1.0
EXAMPLE_WEIGHT = 0.8
DESCRIPTION_WEIGHT = 0.3
# Retyping to satisfy an edge may give up at most this much evidence (one cue).
MAX_RETYPE_LOSS = 1.0
# Tie-break towards an effect sitting above its cause ("creamy so it foams": attribute -> functional).
ASCENT_BONUS = 0.1
WILDCARD_PENALTY = 1.5  # "*"->"*" relations (revises) need their own cue to win
_CAUSAL_WORDS = ("caus", "lead", "enabl", "result", "trigger", "support", "because")


@dataclass(frozen=True)
class _TypeEvidence:
    name: str
    level: int | None
    terminal: bool
    cues: PhraseSet
    examples: tuple[frozenset[str], ...]
    description: frozenset[str]


@lru_cache(maxsize=1)
def _stopword_stems() -> frozenset[str]:
    return frozenset(stem(w) for w in lexicon().stopwords)


def _content_stems(text: str) -> frozenset[str]:
    stop = lexicon().stopwords
    return frozenset(stem(w) for w in words(text) if w not in stop)


class CompiledOntology:
    """Scores node types and picks relations for one methodology (build once, reuse per turn)."""

    def __init__(self, methodology):
        self.methodology = methodology
        self.types = [
            _TypeEvidence(
                n.name,
                n.level,
                bool(getattr(n, "terminal", False)),
                PhraseSet(n.cues),
                tuple(_content_stems(e) for e in n.examples),
                _content_stems(n.description),
            )
            for n in methodology.ontology.nodes
        ]
        self.level = {t.name: t.level for t in self.types}
        self.terminal = frozenset(t.name for t in self.types if t.terminal)
        self.has_levels = len({t.level for t in self.types if t.level is not None}) > 1
        self.edges = methodology.ontology.edges
        self.edge_cues = {e.name: PhraseSet(e.cues) for e in self.edges}
        self._wildcard = {
            e.name for e in self.edges if e.permitted_connections and all(p == ("*", "*") or list(p) == ["*", "*"] for p in e.permitted_connections)
        }
        self._specific_pairs = {
            (s, t) for e in self.edges for s, t in (e.permitted_connections or []) if s != "*" and t != "*"
        }
        self.lists_pairs = bool(self._specific_pairs)
        # Relations that type a pair: a wildcard relation ("*" -> "*", revises) fits any pair but is chosen
        # only on its own cue (:meth:`relation`), so it never decides the types of a pair by itself.
        self._typing_relations = [e.name for e in self.edges if e.name not in self._wildcard] or [e.name for e in self.edges]

    # -- node types --------------------------------------------------------------------------------
    def scores(self, padded_stems: str) -> dict[str, float]:
        """Evidence for each node type in a clause (stems from :func:`text.stem_string`), >= 0."""
        clause = frozenset(padded_stems.split()) - _stopword_stems()
        out: dict[str, float] = {}
        for t in self.types:
            score = sum(CUE_WEIGHT * (1 + 0.5 * (len(c.split()) - 1)) for c in t.cues.hits(padded_stems))
            best_example = max((len(ex & clause) / len(ex) for ex in t.examples if ex), default=0.0)
            score += EXAMPLE_WEIGHT * best_example
            score += DESCRIPTION_WEIGHT * min(1, len(t.description & clause))
            out[t.name] = score
        return out

    def best_type(self, scores: dict[str, float]) -> str:
        """Highest score; ties (and no evidence) go to the earlier type in the ontology."""
        return max(self.types, key=lambda t: (scores[t.name], -self.types.index(t))).name

    def ordered(self, source_type: str, target_type: str) -> bool:
        """An edge runs from a lower-or-equal level to a higher-or-equal one (no levels: any order)."""
        a, b = self.level.get(source_type), self.level.get(target_type)
        return a is None or b is None or a <= b

    def type_pair(self, src: dict[str, float], tgt: dict[str, float], src_fixed: str | None, tgt_fixed: str | None,
                  max_loss: float = MAX_RETYPE_LOSS) -> tuple[str, str] | None:
        """Types for a cause and its effect that some relation permits, losing little evidence.

        Maximises score(src) + score(tgt) (+ a small bonus when the effect sits higher) over permitted,
        level-ordered pairs; a fixed end keeps its type. A free end takes a terminal type (nothing is
        laddered above it) only on evidence of its own, never to fit a pair. None when every pair gives
        up more than ``max_loss`` against the ends' own best types.
        """
        src_opts = [src_fixed] if src_fixed else self._free_options(src)
        tgt_opts = [tgt_fixed] if tgt_fixed else self._free_options(tgt)
        best_free = (src[src_fixed] if src_fixed else max(src.values())) + (tgt[tgt_fixed] if tgt_fixed else max(tgt.values()))
        best, best_value = None, float("-inf")
        for a, b in product(src_opts, tgt_opts):
            if not self.ordered(a, b) or not any(self.permits(r, a, b) for r in self._typing_relations):
                continue
            la, lb = self.level.get(a), self.level.get(b)
            # The bonus needs evidence for the higher type: with none, the effect stays at its cause's level
            # rather than climbing a rung per link (which typed whole answers as values).
            ascent = la is not None and lb is not None and lb > la and tgt[b] > 0
            value = src[a] + tgt[b] + (ASCENT_BONUS if ascent else 0.0)
            if value > best_value:
                best, best_value = (a, b), value
        if best is None or best_free - (src[best[0]] + tgt[best[1]]) > max_loss:
            return None
        return best

    def _free_options(self, scores: dict[str, float]) -> list[str]:
        """The types a free end may take: every type, a terminal one only with evidence for it."""
        return [t.name for t in self.types if not (t.terminal and scores.get(t.name, 0.0) <= 0.0)]

    # -- relations ---------------------------------------------------------------------------------
    def permits(self, relation: str, source_type: str, target_type: str) -> bool:
        return self.methodology.is_edge_permitted(relation, source_type, target_type)

    def specific_pair(self, source_type: str, target_type: str) -> bool:
        """The ontology names this pair explicitly (not through a wildcard or 'any pair')."""
        return (source_type, target_type) in self._specific_pairs

    def relation(self, source_type: str, target_type: str, padded_stems: str, causal: bool) -> str | None:
        """The best permitted relation for a pair, from edge cues in the text; None if none is permitted.

        Wildcard relations ("*" -> "*", e.g. revises) need their own cue, and then still rank below a
        specific relation with the same cues; with a causal marker,
        relations whose description speaks of causing/leading/enabling are preferred.
        """
        best, best_value = None, float("-inf")
        for idx, e in enumerate(self.edges):
            if not self.permits(e.name, source_type, target_type):
                continue
            value = float(len(self.edge_cues[e.name].hits(padded_stems)))
            if e.name in self._wildcard:
                if not value:
                    continue
                value -= WILDCARD_PENALTY
            if causal and any(w in e.description.lower() or w in e.name for w in _CAUSAL_WORDS):
                value += 0.5
            value -= idx * 1e-3  # earlier in the file wins a tie
            if value > best_value:
                best, best_value = e.name, value
        return best


# The compiled ontology for a methodology object (cached by identity).
compiled = IdentityCache(CompiledOntology, "methodology")
