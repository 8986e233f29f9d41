import pytest


@pytest.fixture
def backend_settings(lexical_settings, database_url):
    """Offline lexical settings on each database backend: a SQLite file and a real PostgreSQL server."""
    return lexical_settings.model_copy(update={"database": database_url})
