"""Scoring the surface matcher on a labelled paraphrase set, and timing it at a realistic graph size.

The set (``data/paraphrase_pairs.tsv``) has one pair per row: domain, split (``dev``: domains the
lexicon was tuned on; ``heldout``: domains written before tuning and not used for it), node type, two
labels, and ``same`` or ``different``.
"""

from __future__ import annotations

import csv
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path

from .matcher import HybridMatcher

DEFAULT_PAIRS = Path(__file__).resolve().parent / "data" / "paraphrase_pairs.tsv"


@dataclass(frozen=True)
class LabelledPair:
    domain: str
    split: str
    node_type: str
    a: str
    b: str
    same: bool


def load_pairs(path: Path | str | None = None) -> list[LabelledPair]:
    """Read the TSV (header ``domain split node_type label_a label_b label``); label is same|different."""
    rows = []
    with open(path or DEFAULT_PAIRS, encoding="utf-8", newline="") as fh:
        for r in csv.DictReader(fh, delimiter="\t"):
            if r["label"] not in ("same", "different"):
                raise ValueError(f"{path or DEFAULT_PAIRS}: label must be same or different, got {r['label']!r}")
            rows.append(LabelledPair(r["domain"], r["split"], r["node_type"], r["label_a"], r["label_b"], r["label"] == "same"))
    return rows


def cross_pairs(pairs: list[LabelledPair], split: str = "dev") -> list[LabelledPair]:
    """Labels of two different pairs of ``split`` in one domain and node type, each such combination once (``a``
    from the earlier pair), labelled different, and none whose texts are equal once case is ignored.

    An interview's nodes are mostly different concepts, while in the labelled set the pairs that share no word are
    mostly paraphrases (the different pairs are written to share words); so a tier certified on the labelled pairs
    alone can merge far more often among an interview's nodes than its record says. These combinations are the
    nodes a matcher meets in one interview; a few are the same concept written twice by the pairs' author, so a
    merge among them is read, not counted as wrong. A combination that is itself a labelled pair of the split (in
    either order, any case: a label the author used in two pairs) is left out (wave 18: 75 of the 100 ``--cross``
    merges at w18-base were labelled paraphrases made again this way)."""
    groups: dict[tuple[str, str], list[int]] = {}
    labelled: set[tuple[str, str, frozenset[str]]] = set()
    for k, p in enumerate(pairs):
        if p.split == split:
            groups.setdefault((p.domain, p.node_type), []).append(k)
            labelled.add((p.domain, p.node_type, frozenset((p.a.lower(), p.b.lower()))))
    out = []
    for (domain, node_type), members in groups.items():
        labels = [(k, x) for k in members for x in (pairs[k].a, pairs[k].b)]
        for i, (ki, a) in enumerate(labels):
            # a label used in two pairs makes a labelled pair again (in any order or case): it is no cross pair
            out += [LabelledPair(domain, split, node_type, a, b, False)
                    for kj, b in labels[i + 1:] if kj != ki and a.lower() != b.lower()
                    and (domain, node_type, frozenset((a.lower(), b.lower()))) not in labelled]
    return out


@dataclass
class Confusion:
    """Counts of merge decisions against the labels; precision/recall are in [0, 1] (1.0 when undefined)."""

    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0
    by_method: dict[str, int] = field(default_factory=dict)
    wrong_by_method: dict[str, int] = field(default_factory=dict)  # false merges per tier

    def add(self, same: bool, method: str | None) -> None:
        merged = method is not None
        if merged:
            self.by_method[method] = self.by_method.get(method, 0) + 1
            if not same:
                self.wrong_by_method[method] = self.wrong_by_method.get(method, 0) + 1
        if same and merged:
            self.tp += 1
        elif same:
            self.fn += 1
        elif merged:
            self.fp += 1
        else:
            self.tn += 1

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0


@dataclass
class PairOutcome:
    pair: LabelledPair
    method: str | None
    similarity: float | None


def evaluate(matcher: HybridMatcher, pairs: list[LabelledPair]) -> tuple[dict[str, Confusion], list[PairOutcome]]:
    """Ask ``matcher`` whether each pair's second label is its first; return confusion per split.

    Keys of the result: ``"all"`` and each split name. All labels are embedded in one batch first.
    """
    matcher.embed([x for p in pairs for x in (p.a, p.b)])
    results: dict[str, Confusion] = {"all": Confusion()}
    outcomes = []
    for p in pairs:
        m = matcher.match(p.b, p.node_type, [("a", p.a)])
        method = m.method if m else None
        outcomes.append(PairOutcome(p, method, m.similarity if m else None))
        for k in ("all", p.split):
            results.setdefault(k, Confusion()).add(p.same, method)
    return results, outcomes


def rank_auc(scores: list[float], positives: list[bool]) -> float | None:
    """Probability that a random positive scores above a random negative (ties count one half): the area
    under the ROC curve, 0.5 = chance. None when either class is empty."""
    pos = [s for s, y in zip(scores, positives) if y]
    neg = [s for s, y in zip(scores, positives) if not y]
    if not pos or not neg:
        return None
    wins = sum((p > n) + 0.5 * (p == n) for p in pos for n in neg)
    return wins / (len(pos) * len(neg))


def time_turns(matcher: HybridMatcher, existing: list[str], new_labels: list[str], per_turn: int = 5,
               warmup: int = 1) -> list[tuple[float, float, float]]:
    """Per turn, (embedding ms, matching ms, process CPU ms) for ``per_turn`` new labels (CPU time counts
    every thread of this process, so it does not grow when other processes load the machine): one embedding batch, then each
    label matched against every existing label (one node type, so the worst case). Existing labels are
    embedded beforehand, as a resumed session's stored vectors would be. The first ``warmup`` turns are
    run but not returned.
    """
    matcher.prepare(existing)
    candidates = [(f"n{i}", label) for i, label in enumerate(existing)]
    times = []
    for start in range(0, len(new_labels) - per_turn + 1, per_turn):
        batch = new_labels[start : start + per_turn]
        c0, t0 = time.process_time(), time.perf_counter()
        matcher.prepare(batch)
        t1 = time.perf_counter()
        for label in batch:
            matcher.match(label, "attribute", candidates)
        times.append(((t1 - t0) * 1000.0, (time.perf_counter() - t1) * 1000.0, (time.process_time() - c0) * 1000.0))
    return times[warmup:]


def summarise_times(times: list[float]) -> dict[str, float]:
    """``median``, ``p95`` and ``max`` of a list of milliseconds (0.0 each when empty)."""
    if not times:
        return {"median": 0.0, "p95": 0.0, "max": 0.0}
    ordered = sorted(times)
    return {"median": statistics.median(ordered), "p95": ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))],
            "max": ordered[-1]}
