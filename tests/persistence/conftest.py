import pytest

from interview_core.persistence import Repository


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "nested" / "interviews.db"


@pytest.fixture
def repo(db_path):
    r = Repository(db_path)
    yield r
    r.close()
