"""``interview simulate`` and ``interview minds list|validate PATH...``."""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from ..config import registry
from ..config.errors import ConfigError
from ..simulation.mind import load_mind, parse_mind
from ..simulation.oracle import EXTRACTIONS
from ..simulation.runner import POLICIES, run_interview
from .config_cmds import _validate


def register(sub) -> None:
    p = sub.add_parser("minds", help="list or validate simulated respondents' minds")
    actions = p.add_subparsers(dest="action", required=True)
    actions.add_parser("list", help="list shipped minds").set_defaults(func=_list)
    val = actions.add_parser("validate", help="validate mind files; exit 2 with one line per problem")
    val.add_argument("paths", nargs="+")
    val.add_argument("--strict", action="store_true", help="treat warnings as errors")
    val.set_defaults(func=lambda args: _validate(args, loader=lambda path: parse_mind(path)[1]), kind="minds")

    s = sub.add_parser("simulate", help="interview a simulated respondent and write the run as JSON")
    s.add_argument("--methodology", help="name or path (default: the concept's methodology)")
    s.add_argument("--concept", help="name or path (default: the mind's concept); the mind is checked against it")
    s.add_argument("--persona", default="cooperative", help="name or path")
    s.add_argument("--mind", required=True, help="name or path")
    s.add_argument("--turns", type=int, default=20)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--provider", choices=["offline", "anthropic", "openai"], default=None)
    s.add_argument("--policy", choices=POLICIES, default="adaptive")
    s.add_argument("--extraction", choices=EXTRACTIONS, default="offline",
                   help="offline: the session's language layer; oracle: exactly what the respondent revealed")
    s.add_argument("--db", help="SQLite file for the session (default: a temporary file)")
    s.add_argument("--out", required=True, help="run record JSON")
    s.set_defaults(func=_simulate)


def _list(args) -> int:
    for path in registry.list_files("minds"):
        try:
            m = load_mind(path)
            summary = f"[{m.concept}] {len(m.concepts)} concepts, {len(m.links)} links, {m.depth} rungs"
        except ConfigError as exc:
            summary = f"INVALID ({len(exc.problems)} problem(s))"
        print(f"{path.stem:32s} {summary}")
    return 0


def _simulate(args) -> int:
    try:
        concept = str(registry.resolve("concepts", args.concept)) if args.concept else None
        mind = load_mind(args.mind, concept=registry.load_concept(concept) if concept else None)
        concept = concept or str(mind.concept_path())
        methodology = args.methodology or registry.concept(concept).methodology
        with tempfile.TemporaryDirectory() as tmp:
            record = run_interview(
                methodology, concept, args.persona, args.mind, args.turns, args.seed, provider=args.provider,
                policy=args.policy, db_path=args.db or str(Path(tmp) / "simulate.db"), extraction=args.extraction,
            )
    except ConfigError as exc:
        for p in exc.problems:
            print(str(p), file=sys.stderr)
        return 2
    Path(args.out).write_text(json.dumps(record, indent=2, default=str), encoding="utf-8")
    m = record["metrics"]
    print(
        f"{record['session_id']}: {m['turns']} turns ({record['termination_reason'] or 'max turns'}), "
        f"ladder recall {m['ladder_recall']:.2f}, concept recall {m['concept_recall']:.2f}, "
        f"terminal at {m['terminal_turn'] or '-'}, longest strategy run {m['strategy']['longest_run']}, "
        f"duplicates {m['duplicate_rate']:.2f} [{m['similarity']}] -> {args.out}"
    )
    return 0
