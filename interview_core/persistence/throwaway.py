"""A throwaway PostgreSQL cluster in a temporary directory, for the tests and the load benchmark.

    with ThrowawayCluster() as cluster:
        url = cluster.create_database("t1")      # postgresql://postgres@127.0.0.1:PORT/t1

The cluster is made with Debian's ``initdb``/``pg_ctl`` (package ``postgresql``), trusts local
connections only, listens on 127.0.0.1 at a free port and on a socket inside the directory, and is
stopped and deleted on exit. PostgreSQL refuses to run as root, so when the caller is root the server
runs as ``nobody`` (through ``runuser``).
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

SERVER_USER = "nobody"
START_TIMEOUT_S = 60


def find_pg_bin() -> Path | None:
    """The directory holding ``initdb`` and ``pg_ctl``: on PATH, else Debian's /usr/lib/postgresql/N/bin."""
    on_path = shutil.which("initdb")
    if on_path and shutil.which("pg_ctl"):
        return Path(os.path.realpath(on_path)).parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    return Path(versions[-1]).parent if versions else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ThrowawayCluster:
    """Start on ``__enter__`` (or :meth:`start`), stop and delete on ``__exit__`` (or :meth:`stop`)."""

    def __init__(self, max_connections: int = 200, durable: bool = False):
        self.bin = find_pg_bin()
        if self.bin is None:
            raise FileNotFoundError("PostgreSQL server binaries (initdb, pg_ctl) not found: apt-get install postgresql")
        self.max_connections = max_connections
        self.durable = durable  # False (tests): no fsync; True (benchmarks): the server's safe defaults
        self.dir: Path | None = None
        self.port = 0

    # -- life cycle --------------------------------------------------------------------------------
    def start(self) -> "ThrowawayCluster":
        self.dir = Path(tempfile.mkdtemp(prefix="interview-pg-"))
        data = self.dir / "data"
        data.mkdir()
        if os.geteuid() == 0:
            os.chmod(self.dir, 0o755)
            shutil.chown(data, SERVER_USER)
        self._run([str(self.bin / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust", "-E", "UTF8",
                   "--no-locale", "--no-sync"])
        self.port = free_port()
        options = (f"-c listen_addresses=127.0.0.1 -p {self.port} -c unix_socket_directories={data} "
                   f"-c max_connections={self.max_connections}")
        if not self.durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        self._run([str(self.bin / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(data / "server.log"),
                   "-w", "-t", str(START_TIMEOUT_S), "start"])
        return self

    def stop(self) -> None:
        if self.dir is None:
            return
        data = self.dir / "data"
        try:
            self._run([str(self.bin / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"])
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)
            self.dir = None

    def __enter__(self) -> "ThrowawayCluster":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    # -- databases ---------------------------------------------------------------------------------
    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str) -> str:
        """Create an empty database ``name`` (letters, digits, underscores) and return its URL."""
        self._admin(f'CREATE DATABASE "{_ident(name)}"')
        return self.url(name)

    def drop_database(self, name: str) -> None:
        self._admin(f'DROP DATABASE IF EXISTS "{_ident(name)}" WITH (FORCE)')

    def _admin(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(sql)

    def _run(self, argv: list[str]) -> None:
        if os.geteuid() == 0:
            argv = ["runuser", "-u", SERVER_USER, "--", *argv]
        done = subprocess.run(argv, capture_output=True, text=True, cwd="/")
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(argv)} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")


def _ident(name: str) -> str:
    if not name.replace("_", "").isalnum():
        raise ValueError(f"database name must be letters, digits and underscores: {name!r}")
    return name
