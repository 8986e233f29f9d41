"""Fixtures for tests/engine: defined in engine_support.py, whose helpers the tests import by that unique name."""

from engine_support import *  # noqa: F401,F403
