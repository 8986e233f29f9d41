"""Rows (domain, previous question, answer, next question) of one answer file, played as bench language plays
it (one scripted offline interview per domain), for a read of its questions (lang12).

    PYTHONPATH=$PWD /work/main/.venv/bin/python evaluation/reads/lang12_addressed/play.py FILE.yaml OUT.json
"""
from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from benchmarks.language import _heldout_concepts, _scripted


def rows(answer_file: Path) -> list[dict]:
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for d, (_, concept, answers) in enumerate(_heldout_concepts(Path(tmp), answer_file)):
            run = _scripted(concept, answers, str(Path(tmp) / "bench.sqlite"))
            qs = run["questions"]
            out += [{"d": d, "i": i, "prev": qs[i], "answer": a, "next": qs[i + 1]}
                    for i, a in enumerate(answers) if i + 1 < len(qs)]
    return out


if __name__ == "__main__":
    Path(sys.argv[2]).write_text(json.dumps(rows(Path(sys.argv[1])), indent=1, ensure_ascii=False), encoding="utf-8")
