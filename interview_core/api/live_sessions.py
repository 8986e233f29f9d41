"""The interviews this API process holds in memory, kept consistent with a database other processes share.

Each session has a lock, so this process runs one request per session at a time. A session object
catches up with turns other processes completed before it answers (``InterviewSession.answer``); a
session not held here is loaded, which also completes an answer a stopped process left unprocessed.
The database refuses a second answer to a question (``AnswerConflict``) and a second record of a turn
(``TurnConflict``).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from contextlib import contextmanager
from typing import Iterator

from ..config.settings import Settings
from ..persistence import Repository, TurnConflict
from ..session import InterviewSession

CAPACITY = 512  # sessions kept per process; the least recently used is dropped (and reloaded when needed)
LOAD_ATTEMPTS = 3


class LiveSessions:
    def __init__(self, settings: Settings, repo: Repository, capacity: int = CAPACITY):
        self.settings, self.repo, self.capacity = settings, repo, capacity
        self._sessions: OrderedDict[str, InterviewSession] = OrderedDict()
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()
        self.reloads = 0  # sessions loaded because they were missing or stale (a figure for the benchmark)

    @contextmanager
    def session(self, session_id: str) -> Iterator[InterviewSession]:
        """The session, current with the database, held under this process's lock for the session."""
        with self._lock_for(session_id):
            yield self._current(session_id)

    def remember(self, session: InterviewSession) -> None:
        """Keep a session this process just started."""
        with self._guard:
            self._sessions[session.session_id] = session
            self._trim()

    def forget(self, session_id: str) -> None:
        with self._guard:
            self._sessions.pop(session_id, None)

    # -- internals -------------------------------------------------------------------------------------
    def _lock_for(self, session_id: str) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault(session_id, threading.Lock())

    def _current(self, session_id: str) -> InterviewSession:
        with self._guard:
            cached = self._sessions.get(session_id)
            if cached is not None:
                self._sessions.move_to_end(session_id)
        if cached is not None:
            return cached
        for attempt in range(LOAD_ATTEMPTS):
            try:
                session = InterviewSession.load(session_id, settings=self.settings)
                break
            except TurnConflict:  # another process completed the pending turn first: load what it saved
                if attempt == LOAD_ATTEMPTS - 1:
                    raise
        self.reloads += 1
        self.remember(session)
        return session

    def _trim(self) -> None:
        while len(self._sessions) > self.capacity:
            old, _ = self._sessions.popitem(last=False)
            lock = self._locks.get(old)
            if lock is not None and not lock.locked():
                self._locks.pop(old, None)
