import pytest

from interview_core.config.settings import DedupSettings, Settings


@pytest.fixture
def lexical_settings(tmp_path):
    """Offline settings with lexical-only matching: fast to start, no model load."""
    return Settings(database=str(tmp_path / "i.db"), dedup=DedupSettings(embeddings_enabled=False))
