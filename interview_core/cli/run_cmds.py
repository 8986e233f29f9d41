"""``interview run``: an interview in the terminal, or non-interactive from an answers file."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import yaml

from ..config.errors import ConfigError, Problem
from ..config.loader import yaml_problem
from ..config.safe_yaml import parse_yaml
from ..plain_words import termination
from ..viz.escaping import escape_controls


def register(sub) -> None:
    p = sub.add_parser("run", help="run an interview in the terminal (or from --answers FILE)")
    p.add_argument("--concept", required=True, help="concept name or path")
    p.add_argument("--methodology", help="methodology name or path (default: the concept's)")
    p.add_argument("--max-turns", type=int, default=None)
    p.add_argument("--db", help="database: SQLite file path or postgresql:// URL (default: settings.database)")
    p.add_argument("--provider", choices=["offline", "anthropic", "openai"], help="language provider for every task")
    p.add_argument("--answers", help="file of answers: one per line, or a YAML list")
    p.add_argument("--out", help="write the transcript with every TurnResult as JSON")
    p.add_argument("--seed", type=int, default=0)
    p.set_defaults(func=_run)


MAX_ANSWERS_BYTES = 5_000_000
MAX_ANSWERS_EXPANDED = 5_000_000  # characters once YAML aliases are expanded


def read_answers(path: str) -> list[str]:
    """The answers in ``path``: a YAML list of texts, or one answer per non-empty line.

    Raises ConfigError (file, where, what) for a missing, oversized or non-UTF-8 file, malformed or
    hostile YAML (nesting, alias expansion beyond ``MAX_ANSWERS_EXPANDED`` characters) and list items
    that are not text.
    """
    file = Path(path)
    name = file.name
    try:
        if file.stat().st_size > MAX_ANSWERS_BYTES:
            raise ConfigError([Problem(name, "", f"file larger than {MAX_ANSWERS_BYTES:,} bytes")])
        text = file.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError([Problem(name, f"byte {exc.start}", f"not UTF-8 text ({exc.reason})")]) from None
    except OSError as exc:
        raise ConfigError([Problem(name, "", f"cannot read {path}: {exc.strerror or exc}")]) from None
    if not text.lstrip().startswith("- "):
        return _lines(text)
    try:
        data = parse_yaml(text, max_expanded=MAX_ANSWERS_EXPANDED)
    except yaml.YAMLError as exc:
        raise ConfigError([yaml_problem(name, exc)]) from None
    if not isinstance(data, list):
        return _lines(text)
    bad = [i for i, a in enumerate(data) if isinstance(a, (list, dict))]
    if bad:
        raise ConfigError([Problem(name, f"item {i + 1}", "expected text, got a nested list or mapping") for i in bad])
    return [str(a) for a in data if a is not None and str(a).strip()]


def _lines(text: str) -> list[str]:
    """Non-empty lines split at newlines only (a stray carriage return or form feed stays in its answer)."""
    return [line.removesuffix("\r") for line in text.split("\n") if line.strip()]


def _end_at_close(session) -> None:
    """No answer came to the closing question (end of input): the interview ends there, for its reason."""
    if session.awaiting_closing_answer:
        session.end()
        print(f"\n[interview ended: {session.termination_reason}; the closing question was not answered]",
              file=sys.stderr)


class _QuestionPrinter:
    """Prints the next question while a provider writes it. A fragment that is replaced (a retry, the
    offline question after a failure) is closed with ``[...]`` and the question printed anew."""

    def __init__(self):
        self.text = None  # None: nothing printed yet

    def __call__(self, chunk) -> None:
        if self.text and chunk.replace:
            print(" [...]", flush=True)
            self.text = None
        if self.text is None:
            print("\nInterviewer: ", end="")
            self.text = ""
        print(escape_controls(chunk.text), end="", flush=True)
        self.text += chunk.text

    def end(self) -> bool:
        """Finish the line; True when the question was printed."""
        if self.text is not None:
            print()
        return self.text is not None


def _run(args) -> int:
    from ..session import InterviewSession, InvalidAnswer, LanguageNotAvailable  # heavy: engine, language, embeddings

    try:
        answers = iter(read_answers(args.answers)) if args.answers else None  # checked before creating anything
        session = InterviewSession.start(args.methodology, args.concept, max_turns=args.max_turns, db_path=args.db,
                                         provider=args.provider, seed=args.seed)
    except ConfigError as exc:
        for problem in exc.problems:
            print(str(problem), file=sys.stderr)
        return 2
    except LanguageNotAvailable as exc:
        print(str(exc), file=sys.stderr)
        return 2
    mode = "offline mode (embedded language layer)" if session.offline_mode else "language model: " + session.language_mode
    print(f"Session {session.session_id} - {session.concept.name} - {session.methodology.name} - {mode}", file=sys.stderr)
    print(f"Matching: {session.canonical_status}", file=sys.stderr)
    turns = []
    question, printed = session.opening_question, False
    while True:
        if not printed:
            print(f"\nInterviewer: {escape_controls(question)}")
        if answers is not None:
            answer = next(answers, None)
            if answer is None:
                _end_at_close(session)
                break
            print(f"Respondent: {escape_controls(answer)}")
        else:
            try:
                answer = input("You: ")
            except EOFError:
                _end_at_close(session)
                break
        printer = _QuestionPrinter() if session.streams_questions else None
        try:
            result = session.answer(answer, on_question_chunk=printer)
        except InvalidAnswer as exc:
            print(f"  ({exc})", file=sys.stderr)
            printed = False  # the same question is asked again
            continue
        printed = printer.end() if printer else False
        turns.append({"question": question, "answer": answer, "turn_result": result.model_dump(mode="json")})
        focus = escape_controls(result.focus.label or "-")
        print(f"  [turn {result.turn_number} | {result.phase} | {result.strategy_selected} -> {focus} | "
              f"{result.graph_state.get('node_count', 0)} nodes | {result.latency_ms:.0f} ms"
              f"{' | closing question' if result.closing_question else ''}]", file=sys.stderr)
        asked = [d for d in result.slot_decisions if d.pair_id]  # the provider slot decision ran this turn
        if asked:
            merged = ", ".join(f"{escape_controls(d.label)!r} + {escape_controls(d.other_label)!r}" for d in asked if d.merged)
            print(f"  [slot decision by the model: {len(asked)} pair{'s' if len(asked) > 1 else ''} asked; "
                  f"merged: {merged or 'none'}]", file=sys.stderr)
        question = result.next_question
        if not result.should_continue:
            if not printed:
                print(f"\nInterviewer: {escape_controls(question)}")
            print(f"\n[interview ended: {result.termination_reason}] {termination(result.termination_reason)}",
                  file=sys.stderr)
            break
    cost = session.cost()
    print(f"Language calls: {cost['calls']}, tokens in/out {cost['input_tokens']}/{cost['output_tokens']}, "
          f"cost ${cost['cost_usd']:.4f}", file=sys.stderr)
    if args.out:
        payload = {"session_id": session.session_id, "concept": session.concept.id, "methodology": session.methodology.name,
                   "opening_question": session.opening_question, "turns": turns,
                   "termination_reason": session.termination_reason, "cost": cost}
        Path(args.out).write_text(json.dumps(payload, indent=2, ensure_ascii=False), encoding="utf-8")
        print(f"wrote {args.out}", file=sys.stderr)
    return 0
