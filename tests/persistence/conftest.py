import pytest

from interview_core.persistence import Repository


@pytest.fixture
def db_path(database_url):
    """Where the repository under test lives: a SQLite file or a PostgreSQL database (both backends)."""
    return database_url


@pytest.fixture
def sqlite_path(tmp_path):
    """A SQLite file, for the tests of SQLite's own behaviour (WAL, the file on disk)."""
    return tmp_path / "nested" / "interviews.db"


@pytest.fixture
def repo(db_path):
    r = Repository(db_path)
    yield r
    r.close()
