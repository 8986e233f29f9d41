"""The ``interview`` command: a thin shell over interview_core.

Each sub-command lives in its own module and registers itself through ``register(subparsers)``.
Exit codes: 0 success, 2 invalid input (one line per problem on stderr), 1 other failure.
"""

from __future__ import annotations

import argparse
import importlib
import sys

# Sub-command modules, each with register(subparsers). Later issues append theirs here.
COMMAND_MODULES = [
    "interview_core.cli.config_cmds",
    "interview_core.cli.run_cmds",
    "interview_core.cli.session_cmds",
    "interview_core.cli.bench_cmds",
    "interview_core.cli.sim_cmds",
    "interview_core.cli.access_cmds",
    "interview_core.cli.study_cmds",
    "interview_core.cli.api_cmds",
]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="interview", description="Adaptive interview platform for qualitative research.")
    parser.add_argument("--config-dir", action="append", default=[], metavar="DIR",
                        help="an extra configuration directory (methodologies/, concepts/, personas/, minds/) "
                             "searched for names after INTERVIEW_CONFIG_DIR; repeatable")
    sub = parser.add_subparsers(dest="command", required=True)
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:  # not written yet
                continue
            raise
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.config_dir:
        from ..config.registry import add_extra_dirs

        add_extra_dirs(args.config_dir)
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
