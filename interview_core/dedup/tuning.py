"""Certifying the matcher's tiers on labelled dev pairs (:mod:`interview_core.dedup.calibration`).

Each tier is certified on its OWN merges: the dev pairs that this tier merges and no earlier tier did
(wave 7; until wave 6 a tier's merges were pooled with the earlier tiers', so a tier with few merges of
its own could ride on word overlap's record). A tier is used only when, at the chosen threshold, its own
merges over every dev pair keep a precision of at least ``floor`` with a one-sided 95 % Wilson lower bound
of at least ``target`` (52 error-free merges are the fewest that reach 0.95), and each node type with
``min_pairs`` dev pairs keeps a precision of at least ``floor`` on its own merges of the tier.

- The two tiers whose evidence is the labels' own words (word overlap, containment) use one threshold
  for every node type: the lowest grid value that certifies (:func:`certify_common`); a type without
  enough pairs of its own gets it too (``default``).
- The embedding tier, whose cosine scale differs per type, must reach the Wilson bound on each type's
  own merges, and is off for a type without enough pairs (:func:`certify`).

Where no threshold is certified the tier is off. Deterministic: the same pairs and model give the same
thresholds (``tests/dedup/test_calibration.py`` re-fits the shipped file).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .calibration import LOWEST_FLOOR, POOLED, Calibration
from .evaluation import LabelledPair, rank_auc
from .matcher import HybridMatcher, strictest

GRID = [round(LOWEST_FLOOR + 0.01 * i, 2) for i in range(56)]  # cosine 0.40 .. 0.95
JACCARD_GRID = [round(0.01 * i, 2) for i in range(101)]  # word overlap 0.00 .. 1.00 (cut at the settings value)
Z = 1.645
STABLE = True  # the word tiers make no wrong merge in a dev domain left out of their certificate (engine default)
RELATED = True  # try the aligned tier with WordNet's looser links too (kept only where :func:`calibrate` certifies it)
# Then with WordNet's definitions on top of them (likewise). Off by default: certified on the dev pairs (no wrong
# dev merge of their own), but they made a wrong merge on the external pairs (measured only, wave 11); the bench
# tries them with --definitions.
DEFINED = False


@dataclass(frozen=True)
class PairRow:
    """What the tiers see of one labelled pair: exact match, the guard's verdict, the lexical overlap (0
    when the pre-filter rules it out), whether one label contains the other (``added``: and adds words;
    else every word of each is aligned), and the cosine (None without an encoder)."""

    pair: LabelledPair
    exact: bool
    opposed: bool
    overlap: float
    contained: bool
    cosine: float | None
    added: bool = False  # one label contains the other and adds words (:meth:`Lexicon.adds_words`)
    linked: bool = False  # every word aligned only with WordNet's looser links (:meth:`Lexicon.reworded`)
    linked_opposed: bool = False  # the guard read on both alignments parts them (:meth:`Lexicon.apart`, linked)
    defined: bool = False  # every word aligned only once WordNet's definitions are allowed too (``defined``)
    defined_opposed: bool = False  # the guard read on both alignments, the second with definitions, parts them


def pair_rows(matcher: HybridMatcher, pairs: list[LabelledPair]) -> list[PairRow]:
    """One :class:`PairRow` per pair, computed exactly as :meth:`HybridMatcher.match` decides."""
    if matcher.embeddings_available:
        matcher.embed([x for p in pairs for x in (p.a, p.b)])
    lex = matcher.lexicon
    out = []
    for p in pairs:
        ka, kb = matcher.key(p.a), matcher.key(p.b)
        near = lex.may_overlap(ka, kb)
        cosine = matcher.similarity(p.a, p.b) if matcher.embeddings_available else None
        inside = near and lex.contained(ka, kb)
        linked = not inside and lex.reworded(ka, kb, True)
        defined = not inside and not linked and lex.reworded(ka, kb, True, True)
        wider = inside or linked or defined
        out.append(PairRow(p, ka.text == kb.text, lex.apart(ka, kb) is not None,
                           lex.overlap(ka, kb) if near else 0.0, inside, cosine, inside and lex.adds_words(ka, kb),
                           linked, (inside or linked) and lex.apart(ka, kb, True) is not None,
                           defined, wider and lex.apart(ka, kb, True, True) is not None))
    return out


def word_tier_scores(rows: list[PairRow], links: bool, definitions: bool = False) -> list[float | None]:
    """Per row, the cosine the aligned-words and containment tiers read (None where neither reaches the pair:
    no label contains the other, or the guard parts them); with ``links`` also for labels reworded only
    through WordNet's looser links, the guard then read on both alignments; with ``definitions`` too, also
    for labels reworded only once WordNet's definitions are allowed, the second alignment then with them."""
    if not links:
        return [r.cosine if r.contained and not r.opposed else None for r in rows]
    if not definitions:
        return [r.cosine if (r.contained or r.linked) and not (r.opposed or r.linked_opposed) else None for r in rows]
    return [r.cosine if (r.contained or r.linked or r.defined) and not (r.opposed or r.defined_opposed) else None
            for r in rows]


def wilson_lower(successes: int, n: int, z: float = Z) -> float:
    """Lower end of the Wilson score interval for a proportion (one-sided, ``z`` = 1.645: 95 %); 1.0 when n = 0."""
    if n == 0:
        return 1.0
    p = successes / n
    centre = p + z * z / (2 * n)
    margin = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - margin) / (1 + z * z / n)


def certified(tp: int, fp: int, target: float, floor: float) -> bool:
    """True when ``tp`` right and ``fp`` wrong merges have a precision of at least ``floor`` and a 95 %
    Wilson lower bound of at least ``target`` (no merge at all certifies nothing)."""
    return tp + fp > 0 and tp / (tp + fp) >= floor and wilson_lower(tp, tp + fp) >= target


def certify(pairs: list[LabelledPair], earlier: list[bool], scores: list[float | None], grid: list[float],
            target: float, floor: float, min_pairs: int, fallback: bool, own_bound: bool,
            pooled_bound: bool = True) -> dict[str, float | None]:
    """Thresholds of one tier, certified on dev (see the module docstring).

    ``earlier[k]``: pair ``k`` is merged by an earlier tier; ``scores[k]``: its score in this tier (None: it
    does not reach the tier). Per node type with ``min_pairs`` pairs, the lowest grid threshold at which
    that type's own merges of this tier have a precision of at least ``floor`` (with ``own_bound``, also a Wilson
    bound of at least ``target`` on the type alone) and the tier still merges one of its pairs, None when
    none does (a threshold at which the tier merges no dev pair certifies nothing); with ``fallback`` the other types
    get the strictest of these as ``default``. Empty (the tier off) when no type is certified or when all
    own dev merges of the tier together miss the bound (``pooled_bound=False`` leaves that check to the caller)."""
    def counts(rows, t_of) -> tuple[int, int]:
        tp = fp = 0  # the tier's own merges: an earlier tier's are not its evidence
        for k in rows:
            t = t_of(pairs[k].node_type)
            if not earlier[k] and t is not None and scores[k] is not None and scores[k] >= t:
                tp, fp = tp + pairs[k].same, fp + (not pairs[k].same)
        return tp, fp

    table: dict[str, float | None] = {}
    for node_type in sorted({p.node_type for p in pairs}):
        own = [k for k, p in enumerate(pairs) if p.node_type == node_type]
        if len(own) < min_pairs:
            continue
        table[node_type] = None
        for t in grid:
            if not any(scores[k] is not None and scores[k] >= t and not earlier[k] for k in own):
                break  # from here on the tier merges no dev pair of the type: nothing to certify
            tp, fp = counts(own, lambda _nt, t=t: t)
            if tp / (tp + fp) >= floor and (not own_bound or wilson_lower(tp, tp + fp) >= target):
                table[node_type] = t
                break
    found = [t for t in table.values() if t is not None]
    if not found:
        return {}
    if fallback:
        table[POOLED] = max(found)
    tp, fp = counts(range(len(pairs)), lambda nt: strictest(table, nt))
    return table if not pooled_bound or certified(tp, fp, target, floor) else {}


def merges_certified(pairs: list[LabelledPair], merged: list[bool], target: float, floor: float) -> bool:
    """Whether the merged dev pairs reach the precision floor and the Wilson bound (:func:`certified`)."""
    tp = sum(p.same for p, m in zip(pairs, merged) if m)
    return certified(tp, sum(merged) - tp, target, floor)


def certify_common(pairs: list[LabelledPair], earlier: list[bool], scores: list[float | None], grid: list[float],
                   target: float, floor: float, min_pairs: int, stable: bool = False) -> dict[str, float | None]:
    """One threshold for every node type (a tier whose evidence is the labels' words): the lowest grid
    value at which the tier's own merges (pairs not merged earlier with ``scores[k]`` at or above it) over
    every dev pair are :func:`certified`, and each node type with ``min_pairs`` pairs keeps a precision of
    at least ``floor`` on its own merges. With ``stable``, the tier must also make no wrong merge in any
    dev domain left out of its certification (:func:`wrong_out_of_domain`). ``{type: t, ..., "default":
    t}``, or empty (the tier off)."""
    types = sorted({p.node_type for p in pairs})
    counted = [t for t in types if sum(p.node_type == t for p in pairs) >= min_pairs]
    for t in grid:
        own = [k for k, s in enumerate(scores) if not earlier[k] and s is not None and s >= t]
        tp = sum(pairs[k].same for k in own)
        if not certified(tp, len(own) - tp, target, floor):
            continue
        if stable and wrong_out_of_domain(pairs, earlier, scores, grid, target, floor, min_pairs):
            continue
        by_type = [[pairs[k].same for k in own if pairs[k].node_type == nt] for nt in counted]
        if all(not xs or sum(xs) / len(xs) >= floor for xs in by_type):
            return {**{nt: t for nt in counted}, POOLED: t}
    return {}


def wrong_out_of_domain(pairs: list[LabelledPair], earlier: list[bool], scores: list[float | None],
                        grid: list[float], target: float, floor: float, min_pairs: int) -> int:
    """Leave one domain out: for each dev domain, the tier certified on the other domains
    (:func:`certify_common`) is applied to that domain's pairs; the number of its wrong merges there,
    summed over the domains. Pairs of one domain are written together and share their turns of phrase,
    so a record of right merges in the domains a threshold was fitted on says less than one in a domain it
    never saw."""
    wrong = 0
    for domain in sorted({p.domain for p in pairs}):
        inside = [k for k, p in enumerate(pairs) if p.domain != domain]
        table = certify_common([pairs[k] for k in inside], [earlier[k] for k in inside], [scores[k] for k in inside],
                               grid, target, floor, min_pairs)
        t = table.get(POOLED)
        if t is not None:
            wrong += sum(1 for k, p in enumerate(pairs) if p.domain == domain and not earlier[k] and not p.same
                         and scores[k] is not None and scores[k] >= t)
    return wrong


def _reached(pairs: list[LabelledPair], earlier: list[bool], scores: list[float | None], table) -> list[bool]:
    """Merged after a tier: by an earlier tier, or by this one at its certified threshold."""
    out = []
    for p, e, s in zip(pairs, earlier, scores):
        t = strictest(table, p.node_type) if table else None
        out.append(e or (t is not None and s is not None and s >= t))
    return out


def certify_word_tiers(pairs: list[LabelledPair], exact: list[bool], overlaps: list[float | None],
                       inside: list[float | None] | None, lex_grid: list[float], target: float, floor: float,
                       min_pairs: int, added: list[bool] | None = None,
                       stable: bool = False) -> tuple[dict, dict, dict, list[bool]]:
    """The tiers whose evidence is the labels' own words, each certified on its own merges
    (:func:`certify_common`): ``(word-overlap table, aligned-words table, containment table, merged)``.
    ``overlaps[k]``: pair ``k``'s overlap when it reaches the overlap tier (else None; the calibration
    passes None where one label contains the other: that is the next tiers' evidence); ``inside[k]``: its
    cosine when one label contains the other (else None; ``inside`` None: no model, no containment
    tiers); ``added[k]``: one label adds words to the other (default: none does). The aligned-words tier
    (nothing added) is judged on the pairs the overlap tier left, the containment tier (words added) on
    those the two earlier tiers left: a record earned by rewordings is no evidence for added words."""
    lexical = certify_common(pairs, exact, overlaps, lex_grid, target, floor, min_pairs, stable)
    merged = _reached(pairs, exact, overlaps, lexical)
    tables: list[dict[str, float | None]] = [{}, {}]
    if inside is not None:
        adds = added or [False] * len(pairs)
        for n, kind in enumerate((False, True)):
            scores = [None if m or a != kind else c for m, c, a in zip(merged, inside, adds)]
            tables[n] = certify_common(pairs, merged, scores, GRID, target, floor, min_pairs, stable)
            merged = _reached(pairs, merged, scores, tables[n])
    return lexical, tables[0], tables[1], merged


def lexical_grid(matcher: HybridMatcher) -> list[float]:
    """The word-overlap thresholds the calibration tries: :data:`JACCARD_GRID` from the settings value
    (``matcher.jaccard_threshold``, 0.75) up; a certificate never loosens the engine's word-overlap floor."""
    return [t for t in JACCARD_GRID if t >= matcher.jaccard_threshold - 1e-9]


def calibrate(matcher: HybridMatcher, pairs: list[LabelledPair], target: float = 0.95, min_pairs: int = 20,
              floor: float = 0.95, stable: bool = STABLE, related_words: bool = RELATED,
              defined_words: bool = DEFINED) -> Calibration:
    """Certify, on the ``dev`` pairs of ``pairs`` (other splits ignored), tier after tier, each on its own
    merges: the word-overlap threshold (never below the settings value, :func:`lexical_grid`), the floors of
    the aligned-words and containment tiers (:func:`certify_word_tiers`), then the embedding threshold, each type on its own bound
    (:func:`certify`). ``matcher`` is an uncalibrated :class:`HybridMatcher`.

    With ``related_words`` the word tiers are certified a second time with the aligned tier matching words
    through WordNet's looser links (:meth:`Lexicon.reworded`), and that version is kept only when the
    aligned tier is still certified (bound and leave-one-domain-out gate) and every dev merge the links add
    is right (they ride on the tier's record, so their own record must hold no error), and no pair the
    plain tiers merge is lost. With ``defined_words``, once the looser links are kept, the same test again
    with WordNet's definitions on top of them (:meth:`WordNet.defines`): kept only when the aligned tier is
    still certified, every dev merge the definitions add is right, and no merge of the links is lost."""
    dev = [p for p in pairs if p.split == "dev"]
    rows = pair_rows(matcher, dev)
    model = matcher.embeddings_available
    lex_grid = lexical_grid(matcher)

    def tiers(links: bool, definitions: bool = False):
        return certify_word_tiers(
            dev, [r.exact for r in rows], [None if r.exact or r.opposed or r.contained else r.overlap for r in rows],
            word_tier_scores(rows, links, definitions) if model else None, lex_grid, target, floor, min_pairs,
            [r.added for r in rows], stable)

    def better(wider, merged: list[bool]) -> bool:
        """The aligned tier still certified, some merge added, every added merge right, none lost."""
        added = [m and not k for m, k in zip(wider[3], merged)]
        return bool(wider[1]) and any(added) and all(p.same for p, a in zip(dev, added) if a) and not any(
            k and not m for m, k in zip(wider[3], merged))

    lexical, aligned, contained, merged = tiers(False)
    related = defined = False
    if related_words and model and aligned:
        wider = tiers(True)
        if better(wider, merged):
            lexical, aligned, contained, merged = wider
            related = True
    if related and defined_words:
        wider = tiers(True, True)
        if better(wider, merged):
            lexical, aligned, contained, merged = wider
            defined = True
    embedding: dict[str, float | None] = {}
    if model:
        scores = [None if m or r.opposed else r.cosine for r, m in zip(rows, merged)]
        embedding = certify(dev, merged, scores, GRID, target, floor, min_pairs, fallback=False, own_bound=True)
    return Calibration(model=matcher.encoder_name or "", target_precision=target, min_precision=floor,
                       dev_pairs=len(dev), jaccard_thresholds=lexical, embedding_thresholds=embedding,
                       aligned_thresholds=aligned, contained_thresholds=contained, related_words=related,
                       defined_words=defined)


def embedding_tier_auc(matcher: HybridMatcher, pairs: list[LabelledPair]) -> dict[str, tuple[float | None, int]]:
    """Per split (and ``all``): the cosine's :func:`rank_auc` over the pairs that reach the embedding tier
    of the untuned matcher (not merged exactly or at the settings overlap threshold, not blocked by the
    opposite guard), and how many pairs that is. Empty without an encoder."""
    if not matcher.embeddings_available:
        return {}
    by_split: dict[str, tuple[list[float], list[bool]]] = {}
    for r in pair_rows(matcher, pairs):
        if r.exact or r.opposed or r.overlap >= matcher.jaccard_threshold:
            continue
        for k in ("all", r.pair.split):
            xs, ys = by_split.setdefault(k, ([], []))
            xs.append(r.cosine)
            ys.append(r.pair.same)
    return {k: (rank_auc(xs, ys), len(xs)) for k, (xs, ys) in by_split.items()}


def guard_blocks(matcher: HybridMatcher, pairs: list[LabelledPair]) -> dict[str, tuple[int, int]]:
    """Per split (and ``all``): how many same-concept pairs the opposite guard blocks (its false blocks,
    the recall no similarity can win back) and how many different-concept pairs it blocks."""
    out: dict[str, list[int]] = {}
    for p in pairs:
        blocked = matcher.lexicon.apart(matcher.key(p.a), matcher.key(p.b)) is not None
        for k in ("all", p.split):
            row = out.setdefault(k, [0, 0])
            row[0 if p.same else 1] += blocked
    return {k: (v[0], v[1]) for k, v in out.items()}


def tier_population(matcher: HybridMatcher, pairs: list[LabelledPair], guarded: bool = True) -> list[PairRow]:
    """The pairs the embedding tier decides for the untuned matcher: not exact, under the settings overlap
    threshold, and (``guarded``) not blocked by the opposite guard."""
    return [r for r in pair_rows(matcher, pairs)
            if not r.exact and r.overlap < matcher.jaccard_threshold and not (guarded and r.opposed)]


SCORE_LAYERS = (1, 2, 3, 4, 5, 6)


ADAPTER_L2 = 10.0  # the adapters' L2 penalty (fixed, not searched)


def vader_valence(encoder) -> tuple[np.ndarray, float]:
    """A valence direction in the encoder's space: ridge regression of the mean valence of VADER's word
    lexicon (a general source shipped with ``vaderSentiment``, -4..4; alphabetic entries of 3+ letters)
    on the words' vectors: ``(weights, intercept)``."""
    from pathlib import Path

    import vaderSentiment

    from .scores import fit_ridge

    words, values = [], []
    for line in (Path(vaderSentiment.__file__).parent / "vader_lexicon.txt").read_text(encoding="utf-8").splitlines():
        parts = line.split("\t")
        if len(parts) >= 2 and parts[0].isalpha() and len(parts[0]) > 2:
            words.append(parts[0])
            values.append(float(parts[1]))
    return fit_ridge(encoder.encode(words), np.array(values), alpha=1.0)


def candidate_scores(matcher: HybridMatcher, rows: list[PairRow], train: list[PairRow] | None = None) -> dict[str, list[float]]:
    """Each candidate score of :mod:`.scores` for each row (needs the encoder): the pooled cosine; soft
    alignment F1 of the content words' contextual vectors at each layer of :data:`SCORE_LAYERS` (uniform
    weights; every word when a label has no content word); content-word alignment where two words score
    1.0 when equal or linked in WordNet (:func:`~.contrast.close_words`), else the cosine of the words
    embedded alone; minus the difference of the two labels' valence (:func:`vader_valence`); and two
    adapters scored leave-one-domain-out (:func:`~.scores.leave_one_group_out`, fitted on ``train``, default
    ``rows``, never on the scored domain): a logistic head on ``[|a-b|, a*b]`` of the frozen encoder's
    vectors, and a logistic combiner of cosine, content-word alignment and valence difference."""
    from .contrast import close_words
    from .scores import leave_one_group_out, soft_alignment, word_alignment

    encoder = matcher._shared.encoder
    lex = matcher.lexicon
    out: dict[str, list[float]] = {"cosine": [r.cosine for r in rows]}

    def content(text: str, layer: int) -> np.ndarray:
        words, vecs = encoder.word_vectors(text, layer)
        keep = [i for i, w in enumerate(words) if w.isalpha() and w not in lex.stopwords]
        return vecs[keep] if keep else vecs

    for layer in SCORE_LAYERS:
        out[f"soft alignment F1, layer {layer}"] = [soft_alignment(content(r.pair.a, layer), content(r.pair.b, layer))[2]
                                                    for r in rows]
    words = sorted({w for r in rows for t in (r.pair.a, r.pair.b) for w in matcher.key(t).words})
    alone = dict(zip(words, encoder.encode(words))) if words else {}

    def similar(x: str, y: str) -> float:
        if x == y or (lex.wordnet is not None and close_words(x, y, lex.wordnet)):
            return 1.0
        return float(alone[x] @ alone[y])

    align_name = "content-word alignment (WordNet links, else word cosine)"
    out[align_name] = [word_alignment(matcher.key(r.pair.a).words, matcher.key(r.pair.b).words, similar) for r in rows]
    w, _ = vader_valence(encoder)

    def valence_gap(r: PairRow) -> float:
        return abs(float((matcher.vector(r.pair.a) - matcher.vector(r.pair.b)) @ w))

    out["valence difference, negated"] = [-valence_gap(r) for r in rows]

    # Adapters: fitted leave-one-domain-out on the training rows, then each scored row gets the model
    # fitted without its own domain.
    train = rows if train is None else train

    def lodo(features) -> list[float]:
        return leave_one_group_out(np.array([features(r) for r in train]), np.array([r.pair.same for r in train], dtype=float),
                                   [r.pair.domain for r in train], ADAPTER_L2,
                                   np.array([features(r) for r in rows]), [r.pair.domain for r in rows]).tolist()

    def head(r: PairRow) -> np.ndarray:
        va, vb = matcher.vector(r.pair.a), matcher.vector(r.pair.b)
        return np.concatenate([np.abs(va - vb), va * vb])

    align_of = {id(r): a for r, a in zip(rows, out[align_name])}

    def combined(r: PairRow) -> list[float]:
        a = align_of.get(id(r))
        if a is None:
            a = word_alignment(matcher.key(r.pair.a).words, matcher.key(r.pair.b).words, similar)
        return [r.cosine, a, valence_gap(r)]

    needed = sorted({w for r in train for t in (r.pair.a, r.pair.b) for w in matcher.key(t).words} - set(alone))
    if needed:
        alone.update(zip(needed, encoder.encode(needed)))
    out["adapter: logistic head on [|a-b|, a*b], leave-one-domain-out"] = lodo(head)
    out["adapter: logistic combiner (cosine, alignment, valence), leave-one-domain-out"] = lodo(combined)
    return out


def word_tier_merges(matcher: HybridMatcher, dev: list[LabelledPair], rows: list[PairRow], target: float = 0.95,
                     floor: float = 0.95, min_pairs: int = 20) -> list[bool]:
    """Which dev pairs the certified word tiers (exact, word overlap, containment) merge, as
    :func:`calibrate` certifies them."""
    lex_grid = lexical_grid(matcher)
    return certify_word_tiers(dev, [r.exact for r in rows], [None if r.exact or r.opposed or r.contained else r.overlap for r in rows],
                              word_tier_scores(rows, False), lex_grid, target, floor, min_pairs,
                              [r.added for r in rows])[3]


def certify_score(dev: list[LabelledPair], merged: list[bool], scores: list[float | None], target: float = 0.95,
                  floor: float = 0.95, min_pairs: int = 20) -> dict[str, float | None]:
    """The thresholds the embedding tier's gate (:func:`certify`, each type on its own bound) would certify
    for a candidate score (``scores[k]``: pair ``k``'s score where the tier decides it, else None), on a grid
    of the score's own values; empty when it certifies nothing."""
    grid = sorted({s for s in scores if s is not None})
    return certify(dev, merged, scores, grid, target, floor, min_pairs, fallback=False, own_bound=True)


def guard_effects(lexicon_for, pairs: list[LabelledPair], threshold: float = 0.75) -> dict[str, tuple[int, int]]:
    """Per rule of the restriction guard (:data:`~.restriction.RULES`): ``(saved, cost)`` on ``pairs``, the
    different-concept pairs it alone blocks and the paraphrases it alone blocks, among the pairs the word
    tiers would otherwise reach (not exact, not opposite, one label containing the other or a word overlap
    of at least ``threshold``). ``lexicon_for(rules)``: the lexicon with only ``rules`` switched on."""
    from .restriction import RULES

    bare = lexicon_for(frozenset())
    reached = []
    for p in pairs:
        a, b = bare.key(p.a), bare.key(p.b)
        if a.text == b.text or not bare.may_overlap(a, b) or bare.opposition(a, b) is not None:
            continue
        if bare.contained(a, b) or bare.overlap(a, b) >= threshold:
            reached.append(p)
    out = {}
    for rule in RULES:
        lex = lexicon_for(frozenset({rule}))
        blocked = [p for p in reached if lex.restriction(lex.key(p.a), lex.key(p.b)) is not None]
        out[rule] = (sum(not p.same for p in blocked), sum(p.same for p in blocked))
    return out
