"""``interview sessions list|show ID|export ID --format json|markdown|csv|graphml``."""

from __future__ import annotations

import sys
from pathlib import Path

from ..config.settings import PROJECT_ROOT, load_settings
from ..export import EXTENSIONS, FORMATS, export
from ..persistence import Repository
from ..viz.escaping import escape_controls


def register(sub) -> None:
    p = sub.add_parser("sessions", help="list, show or export stored sessions")
    p.add_argument("--db", help="database: SQLite file path or postgresql:// URL (default: settings.database)")
    actions = p.add_subparsers(dest="action", required=True)
    actions.add_parser("list").set_defaults(func=_list)
    show = actions.add_parser("show")
    show.add_argument("session_id")
    show.set_defaults(func=_show)
    exp = actions.add_parser("export")
    exp.add_argument("session_id")
    exp.add_argument("--format", choices=FORMATS, default="json")
    exp.add_argument("--out", help="output file, or '-' for stdout "
                     "(default: exports/<concept>_<id>.<ext> next to the database)")
    exp.set_defaults(func=_export)


def _database(args) -> str:
    return args.db or load_settings().database


def _repo(args) -> Repository:
    return Repository(_database(args))


def default_export_path(database: str, row: dict, fmt: str) -> Path:
    """``<data dir>/exports/<concept>_<session id>.<ext>``: the data directory holds the SQLite file
    (for a database URL, the project's ``data/``)."""
    data_dir = PROJECT_ROOT / "data" if "://" in database else Path(database).resolve().parent
    return data_dir / "exports" / f"{row['concept_id']}_{row['session_id']}.{EXTENSIONS[fmt]}"


def _list(args) -> int:
    rows = _repo(args).list_sessions()
    if not rows:
        print("no sessions")
    for r in rows:
        print(f"{r['session_id']}  {r['created_at'][:19]}  {r['concept_id']:24s} {r['methodology_name']:20s} "
              f"turns={r['turns']:<3d} {r['status']}{(' (' + r['termination_reason'] + ')') if r.get('termination_reason') else ''}")
    return 0


def _find(repo, session_id):
    row = repo.get_session(session_id)
    if row is None:
        print(f"no session '{session_id}'", file=sys.stderr)
    return row


def _show(args) -> int:
    repo = _repo(args)
    row = _find(repo, args.session_id)
    if row is None:
        return 2
    print(escape_controls(export(repo, args.session_id, "markdown")))  # respondent text: no terminal control
    cost = repo.session_cost(args.session_id)
    print(f"\nLanguage calls: {cost['calls']}, cost ${cost['cost_usd']:.4f}")
    return 0


def _export(args) -> int:
    repo = _repo(args)
    row = _find(repo, args.session_id)
    if row is None:
        return 2
    content = export(repo, args.session_id, args.format)
    if args.out == "-":
        sys.stdout.write(content)
        return 0
    out = Path(args.out) if args.out else default_export_path(_database(args), row, args.format)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(content, encoding="utf-8")
    hint = "" if args.out else " (the default location; --out FILE to choose, --out - for stdout)"
    print(f"wrote {out.resolve()}{hint}", file=sys.stderr)
    return 0
