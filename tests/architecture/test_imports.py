"""The library's shape: ``interview_core`` never imports Streamlit, and no two modules import each other
(directly or through a ring), so every module can be read after the ones it builds on."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[2]


def _modules(package: str) -> dict[str, Path]:
    out = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _imported(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """Modules of ``modules`` that ``name`` imports anywhere in its body (lazy imports included); a
    module's own ancestor packages are left out (importing a child always imports them first)."""
    is_package = path.name == "__init__.py"
    here = name.split(".") if is_package else name.split(".")[:-1]
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[: len(here) - (node.level - 1)] + ([node.module] if node.module else [])
                source = ".".join(base)
            else:
                source = node.module or ""
            for alias in node.names:
                child = f"{source}.{alias.name}"
                targets.add(child if child in modules else source)
    ancestors = {".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 1)}
    return {t for t in targets if t in modules and t != name and t not in ancestors}


def import_graph(*packages: str) -> nx.DiGraph:
    modules: dict[str, Path] = {}
    for package in packages:
        modules.update(_modules(package))
    graph = nx.DiGraph()
    graph.add_nodes_from(modules)
    for name, path in modules.items():
        graph.add_edges_from((name, target) for target in _imported(name, path, modules))
    return graph


def test_the_import_graph_sees_imports():
    graph = import_graph("interview_core", "benchmarks")
    assert ("interview_core.pipeline.stages", "interview_core.text.clauses") in graph.edges or \
        ("interview_core.pipeline.stages", "interview_core.text") in graph.edges
    assert ("benchmarks.perf", "benchmarks.synthetic") in graph.edges


def test_no_import_cycles():
    graph = import_graph("interview_core", "benchmarks")
    rings = [sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1]
    assert rings == []


def test_the_vocabulary_is_the_ground_floor():
    graph = import_graph("interview_core")
    for module in (m for m in graph if m.startswith("interview_core.vocabulary")):
        outside = {t for t in graph.successors(module) if not t.startswith("interview_core.vocabulary")}
        assert outside == set(), module
    users = {s.split(".")[1] for m in graph if m.startswith("interview_core.vocabulary")
             for s in graph.predecessors(m) if s.count(".") >= 1}
    assert {"graph", "signals", "scoring", "language", "config", "pipeline"} <= users


def test_interview_core_never_imports_streamlit():
    names = sorted(m for m in _modules("interview_core") if not m.endswith("__main__"))
    script = (
        "import importlib, json, sys\n"
        f"for name in {names!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted(m for m in sys.modules if m == 'streamlit' or m.startswith('streamlit.'))))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "HOME": str(Path.home())})
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []
    assert len(names) > 80  # every module was imported, not an empty list


def test_no_streamlit_import_statement_in_interview_core():
    for name, path in _modules("interview_core").items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                assert not any(a.name.split(".")[0] == "streamlit" for a in node.names), name
            elif isinstance(node, ast.ImportFrom) and not node.level:
                assert (node.module or "").split(".")[0] != "streamlit", name
