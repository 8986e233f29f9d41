"""The README's layout table names every package and top-level module of the repository."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _layout_table() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("## Layout")
    return text[start:text.index("\n## ", start + 1)]


def test_layout_table_covers_the_tree():
    table = _layout_table()
    named = set(re.findall(r"`([^`]+)`", table))
    mentioned = " ".join(named)
    entries = [p for p in sorted((ROOT / "interview_core").iterdir())
               if (p.is_dir() and (p / "__init__.py").exists()) or (p.suffix == ".py" and p.name != "__init__.py")]
    missing = []
    for entry in entries:
        name = entry.name + ("/" if entry.is_dir() else "")
        if f"interview_core/{name}" not in named and name not in mentioned.split():
            missing.append(name)
    assert missing == [], f"README layout table does not mention: {missing}"
    for top in ("benchmarks/", "pages/", "config/", "tests/"):
        assert any(top in n for n in named), top
