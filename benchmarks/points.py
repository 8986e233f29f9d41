"""``interview bench points``: does the next question follow the point of the answer?

Answers of our human-style answer sets may carry a hand-coded ``point:`` (the label a careful interviewer
would follow up next). Each domain is scripted as one offline interview (the domain's stimulus as the
concept, the means-end chain methodology), its answers given in order to whatever the engine asked. After
each answer that has a point, the engine's next focus is compared with it. It is a *point hit* when the
focus (a graph node or a concept element) has a label that

1. has the same head lemma as the point label, or
2. holds at least half of the point label's content lemmas,

with heads and content lemmas read as by ``interview bench labels`` (:func:`benchmarks.labels.label_key`).
A focus with no label (an open question, a summary), the closing question, or an answer the interview
never reached (it ended first) is a miss. Printed per source and split; the misses of dev splits are
listed (answer, point, focus, strategy, question); measured splits print totals only.

Two more figures per split:

- *point extracted*: the answer's own nodes (the turn's extraction) include a label that is a point hit
  (same rule) for the point: the engine can only follow a point it has made a node;
- *why re-asked* (lower is better), over the answers marked ``why_given: true`` (the answer already says
  why its point matters): the next question's focus is a point hit and the question asks why of it or
  how the respondent feels about it (:func:`reasks_why`): the obvious "why" a careful interviewer would
  not ask, since the way on is up from the reason given;
- *up from the reason*, over the same answers: the next focus is another node the answer itself said
  (not a point hit): the interviewer goes on from what the answer gave as its reason. The point-hit rule
  counts such a turn as a miss, so the hits are also given over the answers without ``why_given``.

Two hit rules are printed side by side (wave 10): *hits* is the point-hit rule above, kept so figures stay
comparable across waves; *hits, up* also counts a focus that climbs from the reason the answer gave
(:func:`follows_reason`: a node of the same answer, reached from its point's node along the answer's own
links, on a higher rung of the ladder than the point), any answer, with or without ``why_given``.
"""

from __future__ import annotations

import json
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from .labels import ANSWER_SETS, answer_domains, concept_file, label_key, measured_only


def register(benches) -> None:
    p = benches.add_parser("points", help="how often the next question's focus is the answer's hand-coded point")
    p.add_argument("--sets", default="", help="comma-separated answer files (default: every answer set we ship)")
    p.add_argument("--out", help="write every dev-split turn (answer, point, focus, question) as JSON")
    p.set_defaults(func=_run)


def point_hit(focus_label: str | None, point_label: str) -> bool:
    """Whether a focus labelled ``focus_label`` follows the point ``point_label`` (module docstring)."""
    if not focus_label or not focus_label.strip():
        return False
    f, p = label_key(focus_label), label_key(point_label)
    if f.head and f.head == p.head:
        return True
    return 2 * len(f.content & p.content) >= len(p.content) > 0


def follows_reason(focus_label: str | None, point_label: str, nodes: list[tuple[str, int | None]],
                   links: list[tuple[str, str]]) -> bool:
    """Whether a focus that is no point hit still follows the point by climbing from the reason the answer
    gave for it: ``focus_label`` is one of the answer's ``nodes`` ((label, ladder level); None: no level),
    it is reached from a node that is a point hit for ``point_label`` along the answer's ``links`` ((source,
    target) labels, any number of steps), and its level is higher than that node's."""
    if not focus_label or point_hit(focus_label, point_label):
        return False
    level = {label.lower(): lv for label, lv in nodes}
    target = focus_label.lower()
    if level.get(target) is None:
        return False
    after: dict[str, set[str]] = {}
    for a, b in links:
        after.setdefault(a.lower(), set()).add(b.lower())
    for start, start_level in nodes:
        if start_level is None or start_level >= level[target] or not point_hit(start, point_label):
            continue
        seen, frontier = {start.lower()}, [start.lower()]
        while frontier:
            frontier = [b for a in frontier for b in after.get(a, ()) if b not in seen and b in level]
            if target in frontier:
                return True
            seen.update(frontier)
    return False


# Wordings that ask the respondent to evaluate the focus again ("how do you feel about X", "what do you
# think about X"), besides the "why"/"matter" cues of :func:`question_direction`.
_EVALUATION_ASKS = ("feel about", "think about", "think of", "reaction to", "feel when")


def reasks_why(focus_label: str | None, point_label: str, question: str) -> bool:
    """Whether a next question with focus ``focus_label`` asks why of the point ``point_label`` again: the
    focus is a point hit and ``question`` asks what it gives or matters ("up",
    :func:`question_direction`) or asks how the respondent feels about or judges it."""
    from interview_core.language.offline.extraction import question_direction

    if not point_hit(focus_label, point_label):
        return False
    text = " ".join(question.lower().split())
    return question_direction(question) == "up" or any(ask in text for ask in _EVALUATION_ASKS)


@dataclass
class PointFigures:
    answers: int = 0  # answers with a point
    reached: int = 0  # of those, answers the interview took (it had not ended)
    hits: int = 0
    up_hits: int = 0  # hits by the rule that also counts climbing from the reason (:func:`follows_reason`)
    extracted: int = 0  # answers whose own nodes include the point (a point hit among their labels)
    why_given: int = 0  # reached answers with a point marked why_given
    reasked: int = 0  # of those, next questions that ask why of the point again
    laddered: int = 0  # of those, next focus another node of the same answer (up from the reason)
    plain: int = 0  # reached answers with a point and no why_given
    plain_hits: int = 0
    turns: list[dict] = field(default_factory=list)

    def rate(self) -> float | None:
        return self.hits / self.answers if self.answers else None

    def reask_rate(self) -> float | None:
        return self.reasked / self.why_given if self.why_given else None


def _level(session, node_type: str) -> int | None:
    spec = session.engine.methodology.node_type(node_type)
    return spec.level if spec else None


def _interview(concept: Path, answers: list[dict], db: str, fig: PointFigures) -> None:
    from interview_core.session import InterviewSession

    # fixed answers: a wish to stop in the script does not end it (every script runs to its end, as before)
    session = InterviewSession.start(None, str(concept), max_turns=len(answers) + 2, db_path=db, provider="offline",
                                     respondent_can_end=False)
    question = session.opening_question
    ended = False
    for a in answers:
        point = a.get("point")
        if ended:
            if point:
                fig.answers += 1
                fig.turns.append({"answer": a["text"], "point": point, "focus": None, "hit": False, "up_hit": False,
                                  "note": "the interview had ended"})
            continue
        result = session.answer(a["text"])
        if point:
            focus = result.focus
            label = None if result.closing_question or focus.kind == "none" else focus.label
            hit = point_hit(label, str(point))
            levels = [(n.label, _level(session, n.node_type)) for n in result.extracted.nodes]
            up = hit or focus.kind == "node" and follows_reason(
                label, str(point), levels, [(e.source_label, e.target_label) for e in result.extracted.edges])
            extracted = any(point_hit(n.label, str(point)) for n in result.extracted.nodes)
            why = bool(a.get("why_given"))
            reasked = why and reasks_why(label, str(point), result.next_question)
            said = {n.label.lower() for n in result.extracted.nodes}
            laddered = why and not hit and focus.kind == "node" and (label or "").lower() in said
            fig.answers += 1
            fig.reached += 1
            fig.hits += hit
            fig.up_hits += up
            fig.extracted += extracted
            fig.why_given += why
            fig.reasked += reasked
            fig.laddered += laddered
            fig.plain += not why
            fig.plain_hits += hit and not why
            fig.turns.append({"question": question, "answer": a["text"], "point": point, "focus": label,
                              "focus_kind": focus.kind, "strategy": result.strategy_selected,
                              "next_question": result.next_question, "hit": hit, "up_hit": up, "extracted": extracted,
                              "nodes": [n.label for n in result.extracted.nodes],
                              "why_given": why, "reasked": reasked, "laddered": laddered})
        question = result.next_question
        ended = not result.should_continue


def evaluate(answer_sets=ANSWER_SETS) -> dict[str, PointFigures]:
    """Point-hit figures per "<prefix> <split>", for the splits that have answers with a point."""
    out: dict[str, PointFigures] = {}
    with tempfile.TemporaryDirectory() as tmp_dir:
        tmp = Path(tmp_dir)
        for path, prefix, k, dom in answer_domains(answer_sets):
            if not any(a.get("point") for a in dom["answers"]):
                continue
            fig = out.setdefault(f"{prefix} {dom['split']}", PointFigures())
            concept = concept_file(tmp, dom["stimulus"], f"{path.stem}_{k}")
            _interview(concept, dom["answers"], str(tmp / f"{path.stem}_{k}.db"), fig)
    return out


def _run(args) -> int:
    sets = ANSWER_SETS
    if args.sets:
        sets = tuple((Path(s), Path(s).stem) for s in args.sets.split(",") if s)
    started = time.perf_counter()
    figures = evaluate(sets)
    if not figures:
        print("no answer set has answers with a 'point:'")
        return 0
    print(f"{'split':18} {'points':>6} {'reached':>7} {'hits':>5} {'hit rate':>8} {'hits, up':>8} {'extracted':>9}"
          f" {'why given':>9} {'re-asked':>8} {'re-ask rate':>11} {'up':>3} {'hits, no why':>12}")
    for split, f in figures.items():
        rate = "   -" if f.rate() is None else f"{f.rate():.2f}"
        reask = "   -" if f.reask_rate() is None else f"{f.reask_rate():.2f}"
        print(f"{split:18} {f.answers:6d} {f.reached:7d} {f.hits:5d} {rate:>8} {f.up_hits:8d} {f.extracted:9d}"
              f" {f.why_given:9d} {f.reasked:8d} {reask:>11} {f.laddered:3d} {f.plain_hits:>5d} of {f.plain:<3d}")
    print(f"({time.perf_counter() - started:.0f} s)")
    for split, f in figures.items():
        if measured_only(split):
            print(f"[{split}] {f.answers - f.hits} misses ({f.answers - f.up_hits} counting up from the reason), {f.reasked} why re-asked (measured split: not shown)")
            continue
        for t in f.turns:
            if not t["up_hit"]:
                print(f"[{split}] miss: {json.dumps(t, ensure_ascii=False)}")
            elif not t["hit"]:
                print(f"[{split}] up from the reason: {json.dumps(t, ensure_ascii=False)}")
            if t.get("reasked"):
                print(f"[{split}] why re-asked: {json.dumps(t, ensure_ascii=False)}")
    if args.out:
        dev = {s: f.turns for s, f in figures.items() if not measured_only(s)}
        Path(args.out).write_text(json.dumps(dev, indent=2, ensure_ascii=False), encoding="utf-8")
    return 0
