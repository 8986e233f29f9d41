"""Suite-wide settings: isolate tests from the developer's keys and database; browser, PostgreSQL and
reference-material policy.

Reference material (``../shared/reference`` and ``../shared/evaluation`` beside the project root) is read
only by tests marked ``reference``. A plain clone has none: those tests are skipped and the run ends with a
loud banner; with ``INTERVIEW_REQUIRE_REFERENCE=1`` (CI, ``.ci/run``) its absence fails them instead.
"""

from __future__ import annotations

import itertools
import os
import shutil

import pytest
from reference_support import EVALUATION, REFERENCE, REFERENCE_MISSING, SHARED

from interview_core.persistence.throwaway import ThrowawayCluster, find_pg_bin

BROWSER_MISSING = shutil.which("chromium") is None
POSTGRES_MISSING = find_pg_bin() is None
# Backends for the tests parametrised over databases; the PostgreSQL case is marked so it can be reported.
BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]
_database_names = itertools.count(1)


@pytest.fixture(autouse=True)
def _no_live_keys(monkeypatch, tmp_path):
    """Tests never see real API keys or the real database."""
    for var in ("ANTHROPIC_API_KEY", "OPENAI_API_KEY", "ANTHROPIC_BASE_URL", "OPENAI_BASE_URL"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("INTERVIEW_SECRETS_FILE", str(tmp_path / "no-secrets.toml"))
    monkeypatch.setenv("INTERVIEW_DATABASE", str(tmp_path / "interviews.db"))


def pytest_collection_modifyitems(config, items):
    """Browser tests need Debian's Chromium, PostgreSQL tests Debian's postgresql. In CI
    (INTERVIEW_REQUIRE_BROWSER=1, INTERVIEW_REQUIRE_POSTGRES=1) a missing one is a failure, not a skip.
    Reference tests need ../shared; in CI (INTERVIEW_REQUIRE_REFERENCE=1) its absence is a failure."""
    if REFERENCE_MISSING:
        need_reference = os.environ.get("INTERVIEW_REQUIRE_REFERENCE") == "1"
        for item in items:
            if "reference" in item.keywords:
                if need_reference:
                    item.add_marker(pytest.mark.usefixtures("_fail_without_reference"))
                else:
                    item.add_marker(pytest.mark.skip(reason=f"{SHARED} absent: REFERENCE TESTS NOT RUN"))
    browser_required = os.environ.get("INTERVIEW_REQUIRE_BROWSER") == "1"
    postgres_required = os.environ.get("INTERVIEW_REQUIRE_POSTGRES") == "1"
    for item in items:
        if BROWSER_MISSING and "browser" in item.keywords:
            if browser_required:
                item.add_marker(pytest.mark.usefixtures("_fail_without_browser"))
            else:
                item.add_marker(pytest.mark.skip(reason="Chromium not installed: BROWSER TESTS NOT RUN"))
        if POSTGRES_MISSING and "postgres" in item.keywords:
            if postgres_required:
                item.add_marker(pytest.mark.usefixtures("_fail_without_postgres"))
            else:
                item.add_marker(pytest.mark.skip(reason="PostgreSQL not installed: POSTGRESQL TESTS NOT RUN"))


@pytest.fixture
def _fail_without_postgres():
    pytest.fail("PostgreSQL (initdb, pg_ctl) is required in CI; PostgreSQL tests must not be skipped")


@pytest.fixture(scope="session")
def pg_cluster():
    """One throwaway PostgreSQL server for the whole run, stopped and deleted at the end."""
    with ThrowawayCluster() as cluster:
        yield cluster


@pytest.fixture(params=BACKENDS)
def database_url(request, tmp_path):
    """A fresh, empty database: a SQLite file path, or a new database on the throwaway PostgreSQL server."""
    if request.param == "sqlite":
        yield str(tmp_path / "db" / "interviews.db")
        return
    from interview_core.persistence.postgres import close_pools

    cluster = request.getfixturevalue("pg_cluster")
    name = f"t{os.getpid()}_{next(_database_names)}"
    url = cluster.create_database(name)
    yield url
    close_pools(url)
    cluster.drop_database(name)


@pytest.fixture
def _fail_without_browser():
    pytest.fail("Chromium (/usr/bin/chromium) is required in CI; browser tests must not be skipped")


@pytest.fixture
def _fail_without_reference():
    pytest.fail(f"the reference material ({REFERENCE}, {EVALUATION}) is required in CI; reference tests must not be skipped")


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if REFERENCE_MISSING:
        terminalreporter.write_sep("!", f"REFERENCE TESTS WERE NOT RUN: {SHARED} is absent (CI sets INTERVIEW_REQUIRE_REFERENCE=1)", red=True, bold=True)
    if BROWSER_MISSING:
        terminalreporter.write_sep("!", "BROWSER TESTS WERE NOT RUN: install chromium and chromium-driver (see .ci/run)", red=True, bold=True)
    if POSTGRES_MISSING:
        terminalreporter.write_sep("!", "POSTGRESQL TESTS WERE NOT RUN: install postgresql (see .ci/run)", red=True, bold=True)


@pytest.fixture
def lexical_settings(tmp_path):
    """Offline settings with lexical-only matching: fast to start, no model load."""
    from interview_core.config.settings import DedupSettings, Settings

    return Settings(database=str(tmp_path / "i.db"), dedup=DedupSettings(embeddings_enabled=False))
