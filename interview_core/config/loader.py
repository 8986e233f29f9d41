"""Read a YAML file into a pydantic model, turning every failure into named problems."""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from .errors import ConfigError, Problem, format_loc

M = TypeVar("M", bound=BaseModel)


def read_yaml(path: Path | str, text: str | None = None) -> Any:
    """Parse YAML from ``path`` (or ``text`` standing for that file); raise ConfigError on failure."""
    path = Path(path)
    name = path.name
    if text is None:
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise ConfigError([Problem(name, "", f"file not found: {path}")]) from None
        except UnicodeDecodeError as exc:
            raise ConfigError([Problem(name, "", f"not UTF-8 text ({exc.reason})")]) from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        reason = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise ConfigError([Problem(name, where, f"malformed YAML: {reason}")]) from None
    if not isinstance(data, dict):
        raise ConfigError([Problem(name, "", f"expected a mapping at the top level, got {type(data).__name__}")])
    return data


def validate_model(model: type[M], data: dict, file: str) -> M:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            loc = format_loc(tuple(err["loc"]), data)
            bad = err.get("input")
            message = err["msg"]
            if err["type"] == "extra_forbidden":
                message = "unknown key"
            elif err["type"] != "missing" and not isinstance(bad, (dict, list)):
                message = f"{message} (got {bad!r})"
            problems.append(Problem(file, loc, message))
        raise ConfigError(problems) from None
