"""Find configuration files by name or path: ``means_end_chain`` or ``path/to/file.yaml``.

Where names are looked up, in order:

1. the configuration directory: ``config_dir`` when a caller passes one, else ``INTERVIEW_CONFIG_DIR``,
   else the project's ``config/``;
2. every extra configuration directory in ``INTERVIEW_EXTRA_CONFIG_DIRS`` (separated by the platform's
   path separator, ``:`` on Linux), for a user's own methodology, concept, persona and mind folders.

Each directory is laid out like ``config/``: ``methodologies/``, ``concepts/``, ``personas/``, ``minds/``.
A name found in an earlier directory hides the same name in a later one. Nothing outside these
directories is searched: the product never looks beside the project (``../shared``) for files.
"""

from __future__ import annotations

import os
from pathlib import Path

from .concept import Concept, load_concept  # noqa: F401
from .errors import ConfigError, Problem, did_you_mean
from .methodology import Methodology, load_methodology
from .persona import Persona, load_persona
from .settings import PROJECT_ROOT

CONFIG_DIR = PROJECT_ROOT / "config"
KIND_DIRS = {"methodologies": "methodologies", "concepts": "concepts", "personas": "personas", "minds": "minds"}
CONFIG_DIR_ENV = "INTERVIEW_CONFIG_DIR"
EXTRA_DIRS_ENV = "INTERVIEW_EXTRA_CONFIG_DIRS"
SINGULAR = {"methodologies": "methodology", "concepts": "concept", "personas": "persona", "minds": "mind"}


def config_dirs(config_dir: Path | str | None = None) -> list[Path]:
    """The configuration directories searched for names, first match wins (see the module docstring)."""
    primary = Path(config_dir) if config_dir else Path(os.environ.get(CONFIG_DIR_ENV) or CONFIG_DIR)
    extras = [Path(p) for p in os.environ.get(EXTRA_DIRS_ENV, "").split(os.pathsep) if p.strip()]
    out: list[Path] = []
    for d in (primary, *extras):
        if d not in out:
            out.append(d)
    return out


def add_extra_dirs(dirs: list[str]) -> None:
    """Append directories to ``INTERVIEW_EXTRA_CONFIG_DIRS`` for this process (the CLI's ``--config-dir``)."""
    current = [p for p in os.environ.get(EXTRA_DIRS_ENV, "").split(os.pathsep) if p.strip()]
    os.environ[EXTRA_DIRS_ENV] = os.pathsep.join(current + [str(Path(d).resolve()) for d in dirs])


def kind_dirs(kind: str, config_dir: Path | str | None = None) -> list[Path]:
    return [d / KIND_DIRS[kind] for d in config_dirs(config_dir)]


def list_files(kind: str, config_dir: Path | str | None = None) -> list[Path]:
    """Files of a kind over every configuration directory, the first of each name."""
    seen, out = set(), []
    for d in kind_dirs(kind, config_dir):
        for p in sorted(d.glob("*.yaml")) if d.is_dir() else []:
            if p.stem not in seen:
                seen.add(p.stem)
                out.append(p)
    return out


def is_path(name_or_path: str | Path) -> bool:
    """Whether ``name_or_path`` names a file rather than a configuration name."""
    p = Path(name_or_path)
    return p.suffix in (".yaml", ".yml") or len(p.parts) > 1 or p.exists()


def resolve(kind: str, name_or_path: str | Path, config_dir: Path | str | None = None,
            relative_to: Path | None = None) -> Path:
    """A path for ``name_or_path``: an existing file (a relative path is tried against ``relative_to``
    first, e.g. the folder of the file that names it), or a file of that name in a configuration dir."""
    name_or_path = str(name_or_path)
    if is_path(name_or_path):
        p = Path(name_or_path)
        candidates = [relative_to / p] if relative_to is not None and not p.is_absolute() else []
        for c in [*candidates, p]:
            if c.is_file():
                return c
        raise ConfigError([Problem(p.name, "", f"file not found: {candidates[0] if candidates else p}")])
    names = {f.stem: f for f in list_files(kind, config_dir)}
    if name_or_path in names:
        return names[name_or_path]
    where = ", ".join(str(d) for d in kind_dirs(kind, config_dir))
    raise ConfigError([Problem(name_or_path, "", f"no {SINGULAR[kind]} named '{name_or_path}' in {where}"
                                                 f"{did_you_mean(name_or_path, names)}")])


def methodology(name_or_path: str, config_dir=None) -> Methodology:
    return load_methodology(resolve("methodologies", name_or_path, config_dir))


def concept(name_or_path: str, config_dir=None, relative_to: Path | None = None) -> Concept:
    return load_concept(resolve("concepts", name_or_path, config_dir, relative_to))


def persona(name_or_path: str, config_dir=None) -> Persona:
    return load_persona(resolve("personas", name_or_path, config_dir))
