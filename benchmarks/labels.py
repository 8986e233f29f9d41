"""``interview bench labels``: offline concept labels against hand-coded labels, answer by answer.

Every answer of our human-style answer sets goes through the offline extraction on its own (the
domain's stimulus as the concept, the means-end chain methodology) and its node labels are compared
with the answer's hand-coded ``labels:`` (sets without them report node counts and screen faults only).

Match rule (stricter than "same head"): a produced label matches a hand label when
  1. their heads have the same lemma (the head is the root of the label's own parse),
  2. at least half of the hand label's content lemmas are in the produced label AND at least half of the
     produced label's content lemmas are in the hand label (a clause-long label does not match a short
     one by containing it), and
  3. both are negated or neither is ("not owning a car" never matches "owning a car").
Matching is one to one (each hand label is used once). Precision = matched produced / produced; recall
= matched hand / hand labels. Also counted: nodes made from answers hand-coded ``nodes: false``,
label-screen faults (:func:`interview_core.language.screen.screen_label`), self-loops, and, where an
answer has hand-coded ``links:`` ([cause, effect] label pairs), link recall and precision under the same
label rule at both ends. Misses are printed for dev splits; measured splits print counts only unless
``--show-measured``.
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
ANSWERS = ROOT / "evaluation" / "answers"
# (file, prefix): every domain's split is named "<prefix> <split>".
ANSWER_SETS = ((ANSWERS / "wave4_dev.yaml", "wave4"), (ANSWERS / "wave4_heldout.yaml", "wave4"),
               (ANSWERS / "wave5_dev.yaml", "wave5"), (ANSWERS / "wave5_heldout.yaml", "wave5"),
               (ANSWERS / "wave6_dev.yaml", "wave6"), (ANSWERS / "wave6_heldout.yaml", "wave6"),
               (ANSWERS / "wave7_dev.yaml", "wave7"), (ANSWERS / "wave7_heldout.yaml", "wave7"),
               (ANSWERS / "wave8_dev.yaml", "wave8"), (ANSWERS / "wave8_heldout.yaml", "wave8"),
               (ANSWERS / "wave9_dev.yaml", "wave9"), (ANSWERS / "wave9_heldout.yaml", "wave9"),
               (ANSWERS / "wave10_dev.yaml", "wave10"), (ANSWERS / "wave10_heldout.yaml", "wave10"),
               (ANSWERS / "wave11_dev.yaml", "wave11"), (ANSWERS / "wave11_heldout.yaml", "wave11"),
               (ANSWERS / "wave11_check.yaml", "wave11 check"),  # retired to dev in wave 12: "wave11 check dev"
               (ANSWERS / "wave12_dev.yaml", "wave12"), (ANSWERS / "wave12_heldout.yaml", "wave12"),
               (ANSWERS / "wave12_check.yaml", "wave12 check"),  # retired to dev in wave 13: "wave12 check dev"
               (ANSWERS / "wave13_dev.yaml", "wave13"), (ANSWERS / "wave13_heldout.yaml", "wave13"),
               (ANSWERS / "wave13_check.yaml", "wave13 check"),  # retired to dev in wave 14: "wave13 check dev"
               (ANSWERS / "wave14_dev.yaml", "wave14"), (ANSWERS / "wave14_heldout.yaml", "wave14"),
               (ANSWERS / "wave14_check.yaml", "wave14 check"),  # retired to dev in wave 15: "wave14 check dev"
               (ANSWERS / "wave15_dev.yaml", "wave15"), (ANSWERS / "wave15_heldout.yaml", "wave15"),
               (ANSWERS / "wave15_check.yaml", "wave15 check"),  # retired to dev in wave 16: "wave15 check dev"
               (ANSWERS / "wave16_dev.yaml", "wave16"), (ANSWERS / "wave16_heldout.yaml", "wave16"),  # retired to dev in wave 17
               (ANSWERS / "wave16_check.yaml", "wave16 check"),  # retired to dev in wave 17: "wave16 check dev"
               (ANSWERS / "wave17_dev.yaml", "wave17"), (ANSWERS / "wave17_heldout.yaml", "wave17"),  # retired to dev in wave 18
               (ANSWERS / "wave17_check.yaml", "wave17 check"),  # retired to dev in wave 18: "wave17 check dev"
               (ANSWERS / "wave18_dev.yaml", "wave18"), (ANSWERS / "wave18_heldout.yaml", "wave18"),  # retired to dev in wave 19
               (ANSWERS / "wave18_check.yaml", "wave18 check"),  # retired to dev in wave 19: "wave18 check dev"
               (ANSWERS / "wave19_dev.yaml", "wave19"), (ANSWERS / "wave19_heldout.yaml", "wave19"),  # measured only in wave 19
               (ANSWERS / "wave19_check.yaml", "wave19 check"),  # measured only in wave 19: "wave19 check heldout"
               (ANSWERS / "dev.yaml", "unseen"), (ANSWERS / "heldout.yaml", "unseen"),
               (ROOT / "tests" / "language" / "data" / "heldout_answers.yaml", "held-out"))
MEASURED_SPLITS = ("heldout", "measure")
_SHOW_ALL = False  # set by --all
CONTENT_POS = frozenset({"NOUN", "PROPN", "VERB", "ADJ", "ADV", "NUM"})
NEGATORS = frozenset({"not", "n't", "no", "never", "without", "nothing", "nobody"})


def register(benches) -> None:
    p = benches.add_parser("labels", help="offline concept labels against hand-coded labels, per answer set and split")
    p.add_argument("--sets", default="", help="comma-separated answer files (default: every answer set we ship)")
    p.add_argument("--show-measured", action="store_true",
                   help="also print the misses of measure-only splits (default: counts only)")
    p.add_argument("--all", action="store_true", help="print every answer of the dev splits with its labels, not only misses")
    p.add_argument("--out", help="write every answer, hand label, produced label and match as JSON")
    p.set_defaults(func=_run)


# -- the match rule (pure) -------------------------------------------------------------------------
@dataclass(frozen=True)
class LabelKey:
    """What the match rule compares of one label."""

    head: str
    content: frozenset[str]
    negated: bool


def label_key(label: str) -> LabelKey:
    """Head lemma, content lemmas and negation of a label, from the label's own parse."""
    from interview_core.text.parse import parse

    doc = parse(label.strip())
    toks = [t for t in doc if not t.is_punct and not t.is_space]
    negated = any(t.lower_ in NEGATORS or t.dep_ == "neg" for t in toks)
    roots = [t for t in toks if t.head.i == t.i] or toks[:1]
    head = roots[0].lemma_.lower() if roots else ""
    content = frozenset(t.lemma_.lower() for t in toks
                        if t.pos_ in CONTENT_POS and t.lower_ not in NEGATORS and not t.is_stop) or frozenset({head})
    return LabelKey(head, content, negated)


def matches(produced: str, hand: str) -> bool:
    """The documented match rule (module docstring)."""
    p, h = label_key(produced), label_key(hand)
    if p.head != h.head or p.negated != h.negated:
        return False
    shared = len(p.content & h.content)
    return 2 * shared >= len(h.content) and 2 * shared >= len(p.content)


def pair_up(produced: list[str], hand: list[str]) -> list[tuple[int, int]]:
    """One-to-one (produced index, hand index) matches, greedy in order."""
    used: set[int] = set()
    out = []
    for i, p in enumerate(produced):
        j = next((j for j, h in enumerate(hand) if j not in used and matches(p, h)), None)
        if j is not None:
            used.add(j)
            out.append((i, j))
    return out


# -- the run ---------------------------------------------------------------------------------------
@dataclass
class SplitFigures:
    answers: int = 0
    labelled: int = 0  # answers with hand-coded labels
    produced: int = 0  # labels produced on labelled answers
    hand: int = 0
    matched_produced: int = 0
    matched_hand: int = 0
    false_node_answers: int = 0  # answers hand-coded nodes: false
    nodes_from_false: int = 0
    screen_faults: int = 0
    all_labels: int = 0
    self_loops: int = 0
    hand_links: int = 0
    produced_links: int = 0
    matched_links: int = 0
    misses: list[dict] = field(default_factory=list)

    def precision(self) -> float | None:
        return self.matched_produced / self.produced if self.produced else None

    def recall(self) -> float | None:
        return self.matched_hand / self.hand if self.hand else None


def answer_domains(answer_sets):
    """(path, prefix, index, domain) for every domain of the answer sets that exist; an absent set is reported."""
    for path, prefix in answer_sets:
        if not path.exists():
            print(f"answer set {path} absent: skipped", file=sys.stderr)
            continue
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for k, dom in enumerate(data["domains"]):
            yield path, prefix, k, dom


def concept_file(tmp: Path, stimulus: str, key: str) -> Path:
    """A concept file (means-end chain) for an answer set's domain, written from its stimulus."""
    path = tmp / f"{key}.yaml"
    path.write_text(yaml.safe_dump({"id": key, "name": stimulus.split(":")[0], "methodology": "means_end_chain",
                                    "stimulus": stimulus}), encoding="utf-8")
    return path


def _concept(tmp: Path, stimulus: str, key: str):
    from interview_core.config import registry

    return registry.concept(str(concept_file(tmp, stimulus, key)))


def _link_matches(produced: list[tuple[str, str]], hand: list[list[str]]) -> int:
    used: set[int] = set()
    n = 0
    for src, tgt in produced:
        j = next((j for j, (a, b) in enumerate(hand) if j not in used and matches(src, a) and matches(tgt, b)), None)
        if j is not None:
            used.add(j)
            n += 1
    return n


def evaluate(answer_sets=ANSWER_SETS) -> tuple[dict[str, SplitFigures], float]:
    """Figures per "<prefix> <split>" and the seconds spent in extraction."""
    import tempfile

    from interview_core.config import registry
    from interview_core.language.contracts import ExtractionRequest
    from interview_core.language.offline import OfflineLanguage
    from interview_core.language.screen import screen_label

    methodology = registry.methodology("means_end_chain")
    offline = OfflineLanguage()
    out: dict[str, SplitFigures] = {}
    spent = 0.0
    with tempfile.TemporaryDirectory() as tmp_dir:
        for path, prefix, k, dom in answer_domains(answer_sets):
            concept = _concept(Path(tmp_dir), dom["stimulus"], f"{path.stem}_{k}")
            fig = out.setdefault(f"{prefix} {dom['split']}", SplitFigures())
            for a in dom["answers"]:
                started = time.perf_counter()
                r = offline.extract(ExtractionRequest(methodology=methodology, concept=concept,
                                                      answer=a["text"], utterance_id="u"))
                spent += time.perf_counter() - started
                _score(fig, a, r, screen_label)
    return out, spent


def _score(fig: SplitFigures, a: dict, r, screen_label) -> None:
    labels = [n.label for n in r.nodes]
    fig.answers += 1
    fig.all_labels += len(labels)
    faults = {lbl: f for lbl in labels if (f := screen_label(lbl))}
    fig.screen_faults += len(faults)
    loops = [(e.source_label, e.target_label) for e in r.edges if e.source_label.lower() == e.target_label.lower()]
    fig.self_loops += len(loops)
    miss: dict = {}
    if a.get("nodes") is False:
        fig.false_node_answers += 1
        fig.nodes_from_false += bool(labels)
        if labels:
            miss["nodes from a no-concept answer"] = labels
    hand = a.get("labels")
    if hand is not None:
        hand = [str(h) for h in hand]
        fig.labelled += 1
        pairs = pair_up(labels, hand)
        fig.produced += len(labels)
        fig.hand += len(hand)
        fig.matched_produced += len(pairs)
        fig.matched_hand += len(pairs)
        got = {i for i, _ in pairs}
        found = {j for _, j in pairs}
        wrong = [lbl for i, lbl in enumerate(labels) if i not in got]
        missed = [h for j, h in enumerate(hand) if j not in found]
        if wrong:
            miss["produced, no hand match"] = wrong
        if missed:
            miss["hand, not produced"] = missed
    hand_links = a.get("links")
    if hand_links is not None:
        produced_links = [(e.source_label, e.target_label) for e in r.edges if e.origin != "conversational"]
        fig.hand_links += len(hand_links)
        fig.produced_links += len(produced_links)
        n = _link_matches(produced_links, hand_links)
        fig.matched_links += n
        if n < max(len(hand_links), len(produced_links)):
            miss["links: hand"] = hand_links
            miss["links: produced"] = produced_links
    if faults:
        miss["screen faults"] = faults
    if loops:
        miss["self-loops"] = loops
    if miss or _SHOW_ALL:
        fig.misses.append({"answer": a["text"], "hand": hand, "produced": labels, **miss})


def measured_only(split: str) -> bool:
    return split.endswith(MEASURED_SPLITS)


def _fmt(x: float | None) -> str:
    return "   -" if x is None else f"{x:.2f}"


def _run(args) -> int:
    global _SHOW_ALL
    _SHOW_ALL = args.all
    sets = ANSWER_SETS
    if args.sets:
        sets = tuple((Path(s), Path(s).stem) for s in args.sets.split(",") if s)
    started = time.perf_counter()
    figures, spent = evaluate(sets)
    total = time.perf_counter() - started
    print(f"{'split':18} {'answers':>7} {'labelled':>8} {'hand':>5} {'made':>5} {'prec':>5} {'recall':>6} "
          f"{'no-concept: nodes':>17} {'screen':>6} {'loops':>5} {'links hand/made/right':>21}")
    for split, f in figures.items():
        links = f"{f.hand_links}/{f.produced_links}/{f.matched_links}" if f.hand_links else "-"
        print(f"{split:18} {f.answers:7d} {f.labelled:8d} {f.hand:5d} {f.produced:5d} {_fmt(f.precision()):>5} "
              f"{_fmt(f.recall()):>6} {f'{f.nodes_from_false} of {f.false_node_answers}':>17} "
              f"{f'{f.screen_faults}/{f.all_labels}':>6} {f.self_loops:5d} {links:>21}")
    n_answers = sum(f.answers for f in figures.values())
    print(f"extraction {spent * 1000 / max(n_answers, 1):.1f} ms per answer ({n_answers} answers, {total:.0f} s in all)")
    for split, f in figures.items():
        if measured_only(split) and not args.show_measured:
            print(f"[{split}] {len(f.misses)} answers with a miss (measured split: not shown)")
            continue
        for m in f.misses:
            print(f"[{split}] {json.dumps(m, ensure_ascii=False)}")
    if args.out:
        Path(args.out).write_text(json.dumps({s: f.__dict__ for s, f in figures.items()}, indent=2, ensure_ascii=False),
                                  encoding="utf-8")
    return 0
