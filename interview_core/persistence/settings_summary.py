"""What of the runtime settings a session row may record: an allow-list, so a key can never slip in.

The sessions table keeps providers and models per task (and a few non-secret knobs) so a researcher can
see how an interview was run. Everything else is dropped, whatever its name; a value that looks like an
API key is refused even in an allowed field.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

TASK_FIELDS = ("provider", "model", "temperature", "max_tokens", "timeout_s")
TASKS = ("extraction", "signals", "question")
TOP_FIELDS = ("offline", "offline_default", "max_turns")
DEDUP_FIELDS = ("jaccard_threshold", "embedding_threshold", "embeddings_enabled", "embedding_model", "slot_min_support")

# Shapes of common provider keys (sk-..., sk-ant-..., bearer tokens) and anything long and unbroken.
_SECRET_LIKE = re.compile(r"^(sk-|sk_|Bearer\s)|^[A-Za-z0-9_\-]{40,}$")


class SecretValueError(ValueError):
    """A value bound for the settings summary looks like a credential."""


def _plain(value: Any, where: str) -> Any:
    if isinstance(value, str) and _SECRET_LIKE.search(value.strip()):
        raise SecretValueError(f"settings summary: refusing to store a credential-like value at '{where}'")
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    # SecretStr and other objects are never stored, not even masked.
    raise SecretValueError(f"settings summary: '{where}' holds a {type(value).__name__}, not a plain value")


def _pick(data: Mapping[str, Any], fields: tuple[str, ...], prefix: str) -> dict:
    return {f: _plain(data[f], prefix + f) for f in fields if f in data}


def summarize_settings(settings: Mapping[str, Any] | Any) -> dict:
    """The allow-listed, non-secret part of ``settings`` (a Settings model or a dict shaped like one).

    Returns ``{"extraction": {"provider": ..., "model": ...}, ..., "max_turns": 20, "dedup": {...}}``
    holding only the fields named in this module; unknown keys (``*_api_key``, base URLs, prices) are
    dropped. Raises :class:`SecretValueError` when an allowed field holds a credential-like value.
    """
    data = settings.model_dump() if hasattr(settings, "model_dump") else dict(settings)
    summary: dict[str, Any] = {}
    for task in TASKS:
        if isinstance(data.get(task), Mapping):
            summary[task] = _pick(data[task], TASK_FIELDS, f"{task}.")
    summary.update(_pick(data, TOP_FIELDS, ""))
    if isinstance(data.get("dedup"), Mapping):
        summary["dedup"] = _pick(data["dedup"], DEDUP_FIELDS, "dedup.")
    return summary
