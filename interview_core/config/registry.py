"""Find configuration files by name or path: ``means_end_chain`` or ``path/to/file.yaml``."""

from __future__ import annotations

from pathlib import Path

from .concept import Concept, load_concept  # noqa: F401
from .errors import ConfigError, Problem, did_you_mean
from .methodology import Methodology, load_methodology
from .persona import Persona, load_persona
from .settings import PROJECT_ROOT

CONFIG_DIR = PROJECT_ROOT / "config"
KIND_DIRS = {"methodologies": "methodologies", "concepts": "concepts", "personas": "personas", "minds": "minds"}
# Reference personas ship beside the project; they are accepted by name too.
SEARCH_EXTRA = {"personas": [PROJECT_ROOT.parent / "shared" / "reference" / "personas"]}


def kind_dirs(kind: str, config_dir: Path | str | None = None) -> list[Path]:
    base = Path(config_dir) if config_dir else CONFIG_DIR
    return [base / KIND_DIRS[kind], *SEARCH_EXTRA.get(kind, [])]


def list_files(kind: str, config_dir: Path | str | None = None) -> list[Path]:
    """Shipped files of a kind, ours first."""
    seen, out = set(), []
    for d in kind_dirs(kind, config_dir):
        for p in sorted(d.glob("*.yaml")) if d.is_dir() else []:
            if p.stem not in seen:
                seen.add(p.stem)
                out.append(p)
    return out


def resolve(kind: str, name_or_path: str, config_dir: Path | str | None = None) -> Path:
    """A path for ``name_or_path``: an existing file, or a shipped file of that name."""
    p = Path(name_or_path)
    if p.suffix in (".yaml", ".yml") or p.exists():
        if p.exists():
            return p
        raise ConfigError([Problem(p.name, "", f"file not found: {p}")])
    names = {f.stem: f for f in list_files(kind, config_dir)}
    if name_or_path in names:
        return names[name_or_path]
    raise ConfigError([Problem(name_or_path, "", f"no {kind[:-1] if kind != 'methodologies' else 'methodology'} named '{name_or_path}'{did_you_mean(name_or_path, names)}")])


def methodology(name_or_path: str, config_dir=None) -> Methodology:
    return load_methodology(resolve("methodologies", name_or_path, config_dir))


def concept(name_or_path: str, config_dir=None) -> Concept:
    return load_concept(resolve("concepts", name_or_path, config_dir))


def persona(name_or_path: str, config_dir=None) -> Persona:
    return load_persona(resolve("personas", name_or_path, config_dir))
