"""Configuration: YAML files validated by pydantic, errors naming the file and the key."""

from .concept import Concept, Element, load_concept
from .errors import ConfigError, Problem
from .methodology import Methodology, Strategy, load_methodology, resolve_weight_key
from .persona import Persona, load_persona
from .settings import Settings, load_settings

__all__ = [
    "Concept", "Element", "load_concept", "ConfigError", "Problem", "Methodology", "Strategy",
    "load_methodology", "resolve_weight_key", "Persona", "load_persona", "Settings", "load_settings",
]
