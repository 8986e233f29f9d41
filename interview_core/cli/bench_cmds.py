"""``interview bench <name>``: benchmarks that print figures (never timed unit tests).

The benchmarks are not part of the library: they live in the top-level ``benchmarks`` package (they
drive the app's pages, build synthetic sessions, ...). Every module there that exposes
``register(subparsers)`` becomes one sub-command, so a new benchmark is one new module.
"""

from __future__ import annotations

import importlib
import pkgutil


def _bench_modules() -> list:
    try:
        package = importlib.import_module("benchmarks")
    except ModuleNotFoundError as exc:
        if exc.name != "benchmarks":
            raise
        return []
    modules = []
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"benchmarks.{info.name}")
        if callable(getattr(module, "register", None)):
            modules.append(module)
    return modules


def _missing(args) -> int:
    print("interview bench: the benchmarks package is not installed; run from a source checkout "
          "(pip install -e .)")
    return 2


def register(sub) -> None:
    p = sub.add_parser("bench", help="run a benchmark and print its figures")
    modules = _bench_modules()
    if not modules:
        p.set_defaults(func=_missing)
        return
    benches = p.add_subparsers(dest="bench", required=True)
    for module in modules:
        module.register(benches)
