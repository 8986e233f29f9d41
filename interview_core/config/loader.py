"""Read a YAML file into a pydantic model, turning every failure into named problems."""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from .errors import ConfigError, Problem, did_you_mean, format_loc
from .safe_yaml import UnsafeYAML, parse_yaml

M = TypeVar("M", bound=BaseModel)
MAX_FILE_BYTES = 2_000_000  # our largest configuration file is about 20 kB


def read_yaml(path: Path | str, text: str | None = None) -> Any:
    """Parse YAML from ``path`` (or ``text`` standing for that file); raise ConfigError on failure."""
    path = Path(path)
    name = path.name
    if text is None:
        try:
            if path.stat().st_size > MAX_FILE_BYTES:
                raise ConfigError([Problem(name, "", f"file larger than {MAX_FILE_BYTES:,} bytes")])
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise ConfigError([Problem(name, "", f"file not found: {path}")]) from None
        except UnicodeDecodeError as exc:
            raise ConfigError([Problem(name, "", f"not UTF-8 text ({exc.reason})")]) from None
        except OSError as exc:
            raise ConfigError([Problem(name, "", f"cannot read {path}: {exc.strerror or exc}")]) from None
    if len(text) > MAX_FILE_BYTES:
        raise ConfigError([Problem(name, "", f"text longer than {MAX_FILE_BYTES:,} characters")])
    try:
        data = parse_yaml(text)
    except yaml.YAMLError as exc:
        raise ConfigError([yaml_problem(name, exc)]) from None
    if not isinstance(data, dict):
        raise ConfigError([Problem(name, "", f"expected a mapping at the top level, got {type(data).__name__}")])
    return data


def yaml_problem(name: str, exc: yaml.YAMLError) -> Problem:
    """A parse failure as a Problem: the line and column, then what was wrong."""
    mark = getattr(exc, "problem_mark", None)
    where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else ""
    reason = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    kind = "refused YAML" if isinstance(exc, UnsafeYAML) else "malformed YAML"
    return Problem(name, where, f"{kind}: {reason}")


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
                message = "unknown key" + did_you_mean(str(err["loc"][-1]), _keys_at(model, tuple(err["loc"][:-1])))
            elif err["type"] != "missing" and not isinstance(bad, (dict, list)):
                message = f"{message} (got {_short_repr(bad)})"
            problems.append(Problem(file, loc, message))
        raise ConfigError(problems) from None


def _short_repr(value, limit: int = 80) -> str:
    """``repr(value)`` cut to ``limit`` characters, so a huge bad value does not flood the message."""
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text):,} characters)"


def _keys_at(model: type[BaseModel], loc: tuple) -> list[str]:
    """The keys the model accepts at ``loc`` (list indices and mapping keys are stepped over), for a
    did-you-mean on an unknown key; empty when the location cannot be followed."""
    current: object = model
    parts = list(loc)
    while parts:
        part = parts.pop(0)
        if not (isinstance(current, type) and issubclass(current, BaseModel)):
            return []
        field = current.model_fields.get(part) if isinstance(part, str) else None
        if field is None:
            return []
        current = _model_in(field.annotation)
        if getattr(field.annotation, "__origin__", None) in (dict, list) and parts:
            parts.pop(0)  # the mapping key or list index
    return list(current.model_fields) if isinstance(current, type) and issubclass(current, BaseModel) else []


def _model_in(annotation) -> object:
    """The pydantic model an annotation holds (``M``, ``M | None``, ``list[M]``, ``dict[str, M]``), else None."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in getattr(annotation, "__args__", ()):
        found = _model_in(arg)
        if found is not None:
            return found
    return None
