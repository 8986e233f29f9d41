import sqlite3
import threading

import pytest

from interview_core.persistence import MIGRATIONS, Repository, migrate, parse_location
from interview_core.persistence.database import open_database
from interview_core.persistence.dialect import POSTGRES, SQLITE, qmark_to_format


def test_first_open_applies_every_migration_in_order_and_records_it(repo):
    names = [fn.__name__ for fn in MIGRATIONS]
    assert repo.migrations_applied == names
    assert names == sorted(names)  # the numeric prefixes keep the list order visible in the table
    recorded = [r["name"] for r in repo.db.query("SELECT name FROM _migrations ORDER BY applied_at, name")]
    assert recorded == names


def test_reopening_applies_nothing_and_keeps_data(repo, db_path):
    second = Repository(db_path)
    assert second.migrations_applied == []
    assert migrate(second.db) == []
    assert second.db.query_one("SELECT COUNT(*) AS n FROM _migrations")["n"] == len(MIGRATIONS)


def test_a_new_migration_is_applied_alone(db_path, monkeypatch):
    Repository(db_path)

    def m999_probe(db):
        db.execute("CREATE TABLE probe (x INTEGER)")

    monkeypatch.setattr("interview_core.persistence.migrations.MIGRATIONS", [*MIGRATIONS, m999_probe])
    assert Repository(db_path).migrations_applied == ["m999_probe"]


def test_a_failing_migration_leaves_no_trace(db_path, monkeypatch):
    Repository(db_path)

    def m999_broken(db):
        db.execute("CREATE TABLE half_done (x INTEGER)")
        raise RuntimeError("boom")

    monkeypatch.setattr("interview_core.persistence.migrations.MIGRATIONS", [*MIGRATIONS, m999_broken])
    with pytest.raises(RuntimeError):
        Repository(db_path)
    monkeypatch.setattr("interview_core.persistence.migrations.MIGRATIONS", MIGRATIONS)
    db = Repository(db_path).db
    assert db.query_one(db.dialect.table_exists, ("half_done",)) is None
    assert db.query_one("SELECT COUNT(*) AS n FROM _migrations WHERE name = 'm999_broken'")["n"] == 0


def test_wal_mode_foreign_keys_and_parent_directory(sqlite_path):
    repo = Repository(sqlite_path)
    assert sqlite_path.parent.is_dir()
    assert repo.db.query_one("PRAGMA journal_mode")["journal_mode"] == "wal"
    assert repo.db.query_one("PRAGMA foreign_keys")["foreign_keys"] == 1
    # WAL is a property of the file: a plain sqlite3 connection sees it too.
    assert sqlite3.connect(sqlite_path).execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_connect_returns_a_new_connection_each_time(sqlite_path):
    repo = Repository(sqlite_path)
    a, b = repo.db.connect(), repo.db.connect()
    assert a is not b
    assert repo.db.connection is repo.db.connection  # but one per thread when used through the property


@pytest.mark.parametrize("given, expected", [
    ("sqlite:///data/x.db", "data/x.db"),
    ("sqlite:////abs/x.db", "/abs/x.db"),
    ("plain/x.db", "plain/x.db"),
])
def test_parse_location(given, expected):
    dialect, path = parse_location(given)
    assert dialect is SQLITE and str(path) == expected


def test_sqlite_url_opens_the_same_file(tmp_path):
    r = Repository(f"sqlite:///{tmp_path}/u.db")
    assert r.db.path == tmp_path / "u.db" and (tmp_path / "u.db").exists()


@pytest.mark.parametrize("bad", [":memory:", "", "mysql://u@h/db"])
def test_parse_location_refuses(bad):
    with pytest.raises(ValueError):
        parse_location(bad)


@pytest.mark.parametrize("url", ["postgresql://u@h:5432/db", "postgres://u@h/db"])
def test_parse_location_server_urls(url):
    assert parse_location(url) == (POSTGRES, url)


def _open_concurrently(location, openers: int) -> None:
    """Open ``location`` from several threads at once; every migration must be applied exactly once."""
    applied, errors = [], []

    def open_repo():
        try:
            applied.extend(Repository(location).migrations_applied)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=open_repo) for _ in range(openers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert errors == []
    assert sorted(applied) == sorted(fn.__name__ for fn in MIGRATIONS)


def test_concurrent_openers_apply_each_migration_once(database_url):
    # Several processes starting together (API workers) open the same new database at once.
    _open_concurrently(database_url, 6)


def test_parameter_style_translation():
    sql = "SELECT '?' AS q, \"a?\" FROM t WHERE a = ? AND b LIKE 'x%' AND c = ?"
    assert SQLITE.sql(sql) == sql
    assert qmark_to_format(sql) == "SELECT '?' AS q, \"a?\" FROM t WHERE a = %s AND b LIKE 'x%%' AND c = %s"
    assert POSTGRES.sql("INSERT INTO t VALUES (?, ?)") == "INSERT INTO t VALUES (%s, %s)"


def test_nested_transactions_join_the_outer_one(database_url):
    db = open_database(database_url)
    db.execute("CREATE TABLE t (x INTEGER)")
    with pytest.raises(RuntimeError):
        with db.transaction():
            db.execute("INSERT INTO t VALUES (1)")
            with db.transaction():
                db.execute("INSERT INTO t VALUES (2)")
            raise RuntimeError("abort outer")
    assert db.query("SELECT x FROM t") == []
    with db.transaction():
        with db.transaction():
            db.execute("INSERT INTO t VALUES (3)")
    assert db.query("SELECT x FROM t") == [{"x": 3}]


def test_many_openers_of_a_new_file_apply_each_migration_once(tmp_path):
    # Opening a brand-new file races on the switch to WAL and on the migrations; repeat to hit the race.
    for attempt in range(20):
        _open_concurrently(tmp_path / f"race{attempt}.db", 8)
