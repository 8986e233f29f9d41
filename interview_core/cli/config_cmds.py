"""``interview methodologies|concepts|personas list|validate PATH...``."""

from __future__ import annotations

import sys
from pathlib import Path

from ..config import registry
from ..config.concept import load_concept
from ..config.errors import ConfigError, Problem
from ..config.methodology import methodology_warnings
from ..config.persona import load_persona

LOADERS = {
    "methodologies": lambda p: methodology_warnings(p),
    "concepts": lambda p: (load_concept(p), [])[1],
    "personas": lambda p: (load_persona(p), [])[1],
}


def register(sub) -> None:
    for kind in ("methodologies", "concepts", "personas"):
        p = sub.add_parser(kind, help=f"list or validate {kind}")
        actions = p.add_subparsers(dest="action", required=True)
        lst = actions.add_parser("list", help=f"list shipped {kind}")
        lst.set_defaults(func=_list, kind=kind)
        val = actions.add_parser("validate", help="validate files; exit 2 with one line per problem")
        val.add_argument("paths", nargs="+")
        val.add_argument("--strict", action="store_true", help="treat warnings as errors")
        val.set_defaults(func=_validate, kind=kind)


def validate_paths(kind: str, paths: list[str], loader=None) -> tuple[list[Problem], list[Problem]]:
    """(errors, warnings) over all files."""
    loader = loader or LOADERS[kind]
    errors: list[Problem] = []
    warnings: list[Problem] = []
    for raw in paths:
        try:
            warnings.extend(loader(Path(raw)) or [])
        except ConfigError as exc:
            errors.extend(exc.problems)
            warnings.extend(exc.warnings)
    return errors, warnings


def _validate(args, loader=None) -> int:
    errors, warnings = validate_paths(args.kind, args.paths, loader)
    if args.strict:
        errors, warnings = errors + warnings, []
    for w in warnings:
        print(str(w), file=sys.stderr)
    for e in errors:
        print(str(e), file=sys.stderr)
    if errors:
        return 2
    if args.kind == "methodologies":
        for raw in args.paths:
            print(_defaults_line(Path(raw)))
    print(f"{len(args.paths)} file(s) valid" + (f", {len(warnings)} warning(s)" if warnings else ""))
    return 0


def _defaults_line(path: Path) -> str:
    """Which engine-default safeguards a valid methodology file relies on (does not set itself)."""
    from ..scoring.safeguards import relied_on

    relied = relied_on(registry.load_methodology(path))
    return f"{path.name}: relies on engine defaults: {', '.join(relied) if relied else 'none (sets every safeguard itself)'}"


def _list(args) -> int:
    for path in registry.list_files(args.kind):
        try:
            summary = _summary(args.kind, path)
        except ConfigError as exc:
            summary = f"INVALID ({len(exc.problems)} problem(s))"
        print(f"{path.stem:32s} {summary}")
    return 0


def _summary(kind: str, path: Path) -> str:
    if kind == "methodologies":
        m = registry.load_methodology(path)
        return f"{len(m.ontology.nodes)} node types, {len(m.strategies)} strategies  {m.method.description}"
    if kind == "concepts":
        c = load_concept(path)
        return f"[{c.methodology}] {c.name} ({len(c.elements)} elements)"
    p = load_persona(path)
    return p.name
