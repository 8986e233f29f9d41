"""A circuit breaker per (provider, server, task): after a timeout, that task runs offline at once for a
cooling-off period instead of paying the full timeouts again on every call.

One breaker is shared by every router in the process (a hung provider is hung for every session); keys
include the server's base URL, so two servers never share a state. After the cooling-off the next call
tries the provider again, and a new timeout opens the breaker again.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Opened:
    """Why and until when a task is off its provider: ``reason`` (the timeout), ``until`` (clock time)."""

    reason: str
    until: float


class CircuitBreaker:
    """``open(key, reason, seconds)`` after a timeout; ``remaining(key)``: seconds left, 0 when closed.
    ``clock`` (seconds, monotonic) is injectable for tests."""

    def __init__(self, clock: Callable[[], float] = time.monotonic):
        self._clock = clock
        self._open: dict[tuple, Opened] = {}
        self._lock = threading.Lock()

    def open(self, key: tuple, reason: str, seconds: float) -> None:
        with self._lock:
            self._open[key] = Opened(reason, self._clock() + seconds)

    def remaining(self, key: tuple) -> float:
        """Seconds of cooling-off left for ``key`` (0.0 when its provider may be called)."""
        with self._lock:
            opened = self._open.get(key)
            if opened is None:
                return 0.0
            left = opened.until - self._clock()
            if left <= 0:
                del self._open[key]
                return 0.0
            return left

    def reason(self, key: tuple) -> str | None:
        with self._lock:
            opened = self._open.get(key)
            return opened.reason if opened else None


BREAKER = CircuitBreaker()  # the process-wide default
