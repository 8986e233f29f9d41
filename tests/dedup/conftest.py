"""Fixtures for tests/dedup: defined in dedup_support.py, whose helpers the tests import by that unique name."""

from dedup_support import *  # noqa: F401,F403
