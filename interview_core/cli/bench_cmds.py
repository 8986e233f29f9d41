"""``interview bench perf|dedup|quality|ui``: benchmarks that print figures (never timed unit tests).

Each benchmark lives in ``interview_core/bench/<name>.py`` and exposes ``register(subparsers)``.
"""

from __future__ import annotations

import importlib

BENCH_MODULES = [
    "interview_core.bench.perf",
    "interview_core.bench.dedup",
    "interview_core.bench.quality",
    "interview_core.bench.ui",
]


def register(sub) -> None:
    p = sub.add_parser("bench", help="run a benchmark and print its figures")
    benches = p.add_subparsers(dest="bench", required=True)
    for name in BENCH_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue
            raise
        module.register(benches)
