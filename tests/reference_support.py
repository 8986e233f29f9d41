"""Where the reference and external evaluation material lives (``../shared`` beside the project root),
and test parameters over its files that never silently collect nothing (see ``tests/conftest.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
REFERENCE = SHARED / "reference"
EVALUATION = SHARED / "evaluation"
REFERENCE_MISSING = not (REFERENCE / "methodologies").is_dir() or not (EVALUATION / "minds").is_dir()


def reference_files(*parts: str) -> list:
    """The YAML files of a folder under ``../shared`` as test parameters, each marked ``reference``; when
    the folder is absent, one placeholder parameter (reported as skipped, or failing in CI)."""
    files = sorted(SHARED.joinpath(*parts).glob("*.yaml"))
    if not files:
        return [pytest.param(None, marks=pytest.mark.reference, id="reference-missing")]
    return [pytest.param(f, marks=pytest.mark.reference, id=f.name) for f in files]
