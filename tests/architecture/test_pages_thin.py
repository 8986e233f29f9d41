"""Pages are a thin shell: they reach the engine only through the session API (``interview_core.session``)
and the view helpers, never the engine, pipeline, persistence or language layers directly."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# shared.py holds the page-side caches (settings, the repository handle the session API reuses).
HELPERS = {"shared.py"}
FORBIDDEN = ("engine", "persistence", "pipeline", "graph", "scoring", "signals", "state", "language", "dedup",
             "vocabulary", "text")


def _imports(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
    return out


def test_pages_reach_the_engine_only_through_the_session_api():
    pages = [p for p in sorted((ROOT / "pages").glob("*.py")) if p.name not in HELPERS] + [ROOT / "app.py"]
    assert len(pages) >= 7
    for page in pages:
        bad = sorted(m for m in _imports(page) if m.split(".")[0] == "interview_core"
                     and len(m.split(".")) > 1 and m.split(".")[1] in FORBIDDEN)
        assert bad == [], f"{page.name} imports {bad}"


def test_pages_open_no_repository_of_their_own():
    for page in sorted((ROOT / "pages").glob("*.py")):
        if page.name in HELPERS:
            continue
        text = page.read_text(encoding="utf-8")
        assert "Repository(" not in text and "get_session_by_token" not in text, page.name
