"""``interview bench language``: the offline interviewer's English, screened mechanically.

Questions come from offline interviews over (1) the external human-style transcript, (2) the external
simulated minds, (3) our own minds and (4) our held-out human-style answers (dev and measure splits,
``tests/language/data/heldout_answers.yaml``). Every question goes through
:func:`interview_core.language.screen.screen_question`; every node label through ``screen_label``.
Prints the flagged share per source, every flagged question and label, and the labels made from answers
that ask the interviewer something (which should be none). External material is read from
``../shared/evaluation`` when present and reported separately.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

import yaml

from interview_core.language.screen import screen_label, screen_question, screen_session

ROOT = Path(__file__).resolve().parents[1]
EXTERNAL = ROOT.parent / "shared" / "evaluation"
HELDOUT = ROOT / "tests" / "language" / "data" / "heldout_answers.yaml"
# Answer sets scripted as offline interviews: (file, source prefix). Splits come from each domain.
ANSWER_SETS = ((HELDOUT, "held-out"), (ROOT / "evaluation" / "answers" / "dev.yaml", "unseen"),
               (ROOT / "evaluation" / "answers" / "heldout.yaml", "unseen"),
               (ROOT / "evaluation" / "answers" / "wave4_dev.yaml", "wave4"),
               (ROOT / "evaluation" / "answers" / "wave4_heldout.yaml", "wave4"),
               (ROOT / "evaluation" / "answers" / "wave5_dev.yaml", "wave5"),
               (ROOT / "evaluation" / "answers" / "wave5_heldout.yaml", "wave5"),
               (ROOT / "evaluation" / "answers" / "wave6_dev.yaml", "wave6"),
               (ROOT / "evaluation" / "answers" / "wave6_heldout.yaml", "wave6"),
               (ROOT / "evaluation" / "answers" / "wave7_dev.yaml", "wave7"),
               (ROOT / "evaluation" / "answers" / "wave7_heldout.yaml", "wave7"),
               (ROOT / "evaluation" / "answers" / "wave8_dev.yaml", "wave8"),
               (ROOT / "evaluation" / "answers" / "wave8_heldout.yaml", "wave8"),
               (ROOT / "evaluation" / "answers" / "wave9_dev.yaml", "wave9"),
               (ROOT / "evaluation" / "answers" / "wave9_heldout.yaml", "wave9"),
               (ROOT / "evaluation" / "answers" / "wave10_dev.yaml", "wave10"),
               (ROOT / "evaluation" / "answers" / "wave10_heldout.yaml", "wave10"),
               (ROOT / "evaluation" / "answers" / "wave11_dev.yaml", "wave11"),
               (ROOT / "evaluation" / "answers" / "wave11_heldout.yaml", "wave11"),
               # retired to dev in wave 12 (source "wave11 check dev"); measured only in wave 11
               (ROOT / "evaluation" / "answers" / "wave11_check.yaml", "wave11 check"),
               (ROOT / "evaluation" / "answers" / "wave12_dev.yaml", "wave12"),
               (ROOT / "evaluation" / "answers" / "wave12_heldout.yaml", "wave12"),  # retired to dev in wave 13
               # retired to dev in wave 13 (source "wave12 check dev"); measured only in wave 12
               (ROOT / "evaluation" / "answers" / "wave12_check.yaml", "wave12 check"),
               (ROOT / "evaluation" / "answers" / "wave13_dev.yaml", "wave13"),
               (ROOT / "evaluation" / "answers" / "wave13_heldout.yaml", "wave13"),  # retired to dev in wave 14
               # retired to dev in wave 14 (source "wave13 check dev"); measured only in wave 13
               (ROOT / "evaluation" / "answers" / "wave13_check.yaml", "wave13 check"),
               (ROOT / "evaluation" / "answers" / "wave14_dev.yaml", "wave14"),
               (ROOT / "evaluation" / "answers" / "wave14_heldout.yaml", "wave14"),  # retired to dev in wave 15
               # retired to dev in wave 15 (source "wave14 check dev"); measured only in wave 14
               (ROOT / "evaluation" / "answers" / "wave14_check.yaml", "wave14 check"),
               (ROOT / "evaluation" / "answers" / "wave15_dev.yaml", "wave15"),
               (ROOT / "evaluation" / "answers" / "wave15_heldout.yaml", "wave15"),  # retired to dev in wave 16
               # retired to dev in wave 16 (source "wave15 check dev"); measured only in wave 15
               (ROOT / "evaluation" / "answers" / "wave15_check.yaml", "wave15 check"),
               (ROOT / "evaluation" / "answers" / "wave16_dev.yaml", "wave16"),
               (ROOT / "evaluation" / "answers" / "wave16_heldout.yaml", "wave16"),  # retired to dev in wave 17
               # retired to dev in wave 17 (source "wave16 check dev"); measured only in wave 16
               (ROOT / "evaluation" / "answers" / "wave16_check.yaml", "wave16 check"),
               (ROOT / "evaluation" / "answers" / "wave17_dev.yaml", "wave17"),
               (ROOT / "evaluation" / "answers" / "wave17_heldout.yaml", "wave17"),  # retired to dev in wave 18
               # retired to dev in wave 18 (source "wave17 check dev"); measured only in wave 17
               (ROOT / "evaluation" / "answers" / "wave17_check.yaml", "wave17 check"),
               (ROOT / "evaluation" / "answers" / "wave18_dev.yaml", "wave18"),
               (ROOT / "evaluation" / "answers" / "wave18_heldout.yaml", "wave18"),  # retired to dev in wave 19
               # retired to dev in wave 19 (source "wave18 check dev"); measured only in wave 18
               (ROOT / "evaluation" / "answers" / "wave18_check.yaml", "wave18 check"),
               (ROOT / "evaluation" / "answers" / "wave19_dev.yaml", "wave19"),
               (ROOT / "evaluation" / "answers" / "wave19_heldout.yaml", "wave19"),  # measured only in wave 19
               # measured only in wave 19 (source "wave19 check heldout"): a second, independent check
               (ROOT / "evaluation" / "answers" / "wave19_check.yaml", "wave19 check"))
SOURCES = ("external", "minds", "answers")
GOAL_FLAGGED = 0.02


def register(benches) -> None:
    p = benches.add_parser("language", help="screen the offline interviewer's questions and concept labels")
    p.add_argument("--turns", type=int, default=10, help="turns per simulated interview (bounded)")
    p.add_argument("--persona", default="cooperative", help="persona for the simulated minds")
    p.add_argument("--minds", default="", help="comma-separated names or paths of our minds (default: all shipped)")
    p.add_argument("--external", default=str(EXTERNAL), help="external evaluation folder (skipped if absent)")
    p.add_argument("--sources", default=",".join(SOURCES),
                   help="comma-separated subset of: external, minds (ours), answers (our scripted answer sets)")
    p.add_argument("--show-measured", action="store_true",
                   help="also print the flagged items of measure-only splits (held-out: counts only by default)")
    p.add_argument("--out", help="write every question, label and fault as JSON")
    p.set_defaults(func=_run)


def _scripted(concept: str, answers: list[str], db: str, turns: int | None = None) -> dict:
    """An offline interview that takes ``answers`` in order: questions, labels and per-answer labels. Where a live
    session would end (an answer read as a wish to end now), the question recorded after it is the farewell the
    live session says there (:func:`_live_farewell`), not the further question the script goes on with."""
    from interview_core.session import InterviewSession

    # fixed answers: a wish to stop in the script does not end it (every script runs to its end, as before)
    session = InterviewSession.start(None, concept, max_turns=turns or len(answers) + 1, db_path=db, provider="offline",
                                     respondent_can_end=False)
    questions, per_answer = [session.opening_question], []
    for answer in answers:
        result = session.answer(answer)
        per_answer.append((answer, [n.label for n in result.extracted.nodes]))
        if not result.should_continue:
            break  # what follows the closing answer is a farewell, not a question
        if result.extracted.assessment.ending == "now":  # a live session ends here, with its farewell
            questions.append(_live_farewell(session, result, list(zip(questions, answers))))
        else:
            questions.append(result.next_question)
    labels = [n["label"] for n in session.graph_snapshot()["nodes"]]
    return {"questions": questions, "labels": labels, "per_answer": per_answer, "answers": answers}


def _live_farewell(session, result, turns: list[tuple[str, str]]) -> str:
    """What a live session (``respondent_can_end=True``) says after ``result``'s answer, which it ends on: the
    farewell, written as the pipeline's QuestionGeneration writes it (kind "farewell", reason respondent_ended)."""
    from interview_core.language.contracts import QuestionRequest, Turn
    from interview_core.pipeline.stages import RECENT_TURNS
    from interview_core.vocabulary.assessment import RESPONDENT_ENDED

    request = QuestionRequest(
        methodology=session.methodology, concept=session.concept, kind="farewell",
        recent_turns=[Turn(question=q, answer=a) for q, a in turns][-RECENT_TURNS:],
        turn_number=result.turn_number, seed=session.seed, termination_reason=RESPONDENT_ENDED,
        answer_labels=[n.label for n in result.extracted.nodes])
    return session.language.write_question(request).question


def _simulated(mind: str, persona: str, turns: int, db: str) -> dict:
    from interview_core.config import registry
    from interview_core.simulation.mind import load_mind
    from interview_core.simulation.runner import run_interview

    concept = load_mind(mind).concept
    concept_path = _concept_for(mind, concept)
    methodology = registry.concept(concept_path).methodology
    record = run_interview(methodology, concept_path, persona, mind, turns, seed=0, provider="offline", db_path=db)
    questions = [t["question"] for t in record["turns"]]
    if record["turns"] and record["turns"][-1]["turn_result"]["should_continue"]:
        questions.append(record["turns"][-1]["turn_result"]["next_question"])
    labels = [n["label"] for n in record["turns"][-1]["nodes"]] if record["turns"] else []
    answers = [t.get("answer", "") for t in record["turns"]]
    return {"questions": questions, "labels": labels, "per_answer": [], "answers": answers}


def _concept_for(mind: str, concept_id: str) -> str:
    """The concept a mind is about: beside an external mind, else the shipped one."""
    folder = Path(mind).parent.parent / "concepts" if Path(mind).exists() else None
    if folder is not None:
        for path in folder.glob("*.yaml"):
            if (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("id") == concept_id:
                return str(path)
    return concept_id


def _heldout_concepts(tmp: Path, answer_file: Path = HELDOUT) -> list[tuple[str, str, list[str]]]:
    """(split, concept path, answers) per domain of an answer set; each concept written from its stimulus."""
    data = yaml.safe_load(answer_file.read_text(encoding="utf-8"))
    out = []
    for k, dom in enumerate(data["domains"]):
        path = tmp / f"{answer_file.parent.name}_{answer_file.stem}_{k}.yaml"
        name = dom["stimulus"].split(":")[0]
        path.write_text(yaml.safe_dump({"id": path.stem, "name": name, "methodology": "means_end_chain",
                                        "stimulus": dom["stimulus"]}), encoding="utf-8")
        out.append((dom["split"], str(path), [a["text"] for a in dom["answers"]]))
    return out


def heldout_agreement() -> dict:
    """Per split of our held-out answers: how often the offline layer agrees with the hand labels on
    whether an answer asks about the interview (and what) and whether it carries a concept."""
    from interview_core.config import registry
    from interview_core.language.contracts import ExtractionRequest
    from interview_core.language.offline import OfflineLanguage

    try:
        from interview_core.language.offline.meta import answer_meta_topic
    except ImportError:  # a version of the offline layer without meta detection
        answer_meta_topic = None
    concept = registry.concept("oat_milk")
    methodology = registry.methodology(concept.methodology)
    offline = OfflineLanguage()
    out: dict[str, dict] = {}
    domains = [(prefix, dom) for path, prefix in ANSWER_SETS if path.exists()
               for dom in yaml.safe_load(path.read_text(encoding="utf-8"))["domains"]]
    for prefix, dom in domains:
        split = out.setdefault(f"{prefix} {dom['split']}", {"answers": 0, "meta_ok": 0, "nodes_ok": 0, "misses": []})
        for a in (a for a in dom["answers"] if "meta" in a and "nodes" in a):  # hand-labelled answers only
            r = offline.extract(ExtractionRequest(methodology=methodology, concept=concept, answer=a["text"], utterance_id="u"))
            labels = [n.label for n in r.nodes]
            topic = answer_meta_topic(a["text"]) if answer_meta_topic else None
            split["answers"] += 1
            split["meta_ok"] += topic == a["meta"]
            split["nodes_ok"] += bool(labels) == a["nodes"]
            if topic != a["meta"] or bool(labels) != a["nodes"]:
                split["misses"].append({"answer": a["text"], "meta": a["meta"], "found": topic, "labels": labels})
    return out


def _faults(run: dict) -> list[tuple[str, list[str]]]:
    """(question, faults) for each flagged question of one interview: its own faults and the session's
    (a quote not in the respondent's words, a quote or frame repeated within a few questions)."""
    questions = [q for q in run["questions"] if q]
    session = dict(screen_session(questions, run.get("answers")))
    out = []
    for k, q in enumerate(questions):
        faults = screen_question(q) + session.get(k, [])
        if faults:
            out.append((q, faults))
    return out


def screen(runs: dict[str, list[dict]]) -> dict:
    """Screen every run's questions and labels: per source counts and every fault."""
    report = {}
    for source, items in runs.items():
        questions = [q for r in items for q in r["questions"] if q]
        labels = [lbl for r in items for lbl in r["labels"]]
        flagged = [f for r in items for f in _faults(r)]
        bad_labels = [(lbl, f) for lbl in labels if (f := screen_label(lbl))]
        from_questions = [(a, ls) for r in items for a, ls in r["per_answer"] if "?" in a and ls]
        report[source] = {"questions": len(questions), "flagged": flagged, "labels": len(labels),
                          "bad_labels": bad_labels, "labels_from_questions": from_questions,
                          "all_questions": questions, "all_labels": labels}
    return report


def _run(args) -> int:
    started = time.perf_counter()
    runs: dict[str, list[dict]] = {}
    external = Path(args.external)
    sources = set(args.sources.split(","))
    with tempfile.TemporaryDirectory() as tmp_dir:
        tmp = Path(tmp_dir)
        db = str(tmp / "bench.db")
        if "external" in sources and external.is_dir():
            transcript = external / "answers" / "thermostat_human.yaml"
            concepts = sorted((external / "concepts").glob("*.yaml"))
            if transcript.exists() and concepts:
                answers = [str(a) for a in yaml.safe_load(transcript.read_text(encoding="utf-8"))]
                runs["external transcript"] = [_scripted(str(concepts[0]), answers, db)]
            # The external minds name their concept: the external folder is laid out like config/.
            from interview_core.config import registry as reg
            if hasattr(reg, "add_extra_dirs"):
                reg.add_extra_dirs([str(external)])
            else:  # an older registry (the untuned baseline)
                reg.SEARCH_EXTRA.setdefault("concepts", []).append(external / "concepts")
            runs["external minds"] = [_simulated(str(p), args.persona, args.turns, db)
                                      for p in sorted((external / "minds").glob("*.yaml"))]
        elif "external" in sources:
            print(f"external evaluation folder {external} absent: external figures skipped", file=sys.stderr)
        from interview_core.config import registry
        minds = [m for m in args.minds.split(",") if m] or [p.stem for p in registry.list_files("minds")]
        if "minds" in sources:
            runs["our minds"] = [_simulated(m, args.persona, args.turns, db) for m in minds]
        for answer_file, prefix in ANSWER_SETS if "answers" in sources else ():
            for split, concept, answers in _heldout_concepts(tmp, answer_file):
                runs.setdefault(f"{prefix} {split}", []).append(_scripted(concept, answers, db))
    report = screen(runs)
    _print(report, time.perf_counter() - started, args.show_measured)
    agreement = heldout_agreement()
    print("\nheld-out answers (ours): meta question found, concept or none as labelled")
    for split, r in agreement.items():
        print(f"  {split:16} answers {r['answers']:3d}  meta {r['meta_ok']}/{r['answers']}  nodes {r['nodes_ok']}/{r['answers']}")
        for miss in r["misses"] if args.show_measured or not _measured_only(split) else ():
            print(f"    miss: {miss}")
    if args.out:
        Path(args.out).write_text(json.dumps({"screen": report, "heldout": agreement, "runs": runs}, indent=2,
                                             ensure_ascii=False),
                                  encoding="utf-8")
    return 0


def _measured_only(source: str) -> bool:
    """A split we only measure: its questions and labels are counted, not shown while tuning."""
    return source.endswith((" heldout", " measure"))


def _print(report: dict, seconds: float, show_measured: bool = True) -> None:
    print(f"{'source':22} {'questions':>9} {'flagged':>8} {'share':>7} {'labels':>7} {'bad labels':>10}")
    total_q = total_f = 0
    for source, r in report.items():
        n, f = r["questions"], len(r["flagged"])
        total_q, total_f = total_q + n, total_f + f
        print(f"{source:22} {n:9d} {f:8d} {f / max(n, 1):7.1%} {r['labels']:7d} {len(r['bad_labels']):10d}")
    share = total_f / max(total_q, 1)
    print(f"{'all':22} {total_q:9d} {total_f:8d} {share:7.1%}   goal <= {GOAL_FLAGGED:.0%}: "
          f"{'met' if share <= GOAL_FLAGGED else 'MISSED'}   ({seconds:.0f} s)")
    for source, r in report.items():
        if _measured_only(source) and not show_measured:
            continue
        for q, faults in r["flagged"]:
            print(f"[{source}] FLAGGED: {q}\n    {'; '.join(faults)}")
        for label, faults in r["bad_labels"]:
            print(f"[{source}] LABEL: {label!r}: {'; '.join(faults)}")
        for answer, labels in r["labels_from_questions"]:
            print(f"[{source}] nodes from an answer that asks something: {answer!r} -> {labels}")
