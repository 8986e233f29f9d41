"""The API's real server process on loopback, once per backend per module."""

from __future__ import annotations

import itertools
import os

import httpx
import pytest

from api_support import API_KEY, start_server, stop_server

_names = itertools.count(1)


@pytest.fixture(scope="module", params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def api_database(request, tmp_path_factory):
    if request.param == "sqlite":
        yield str(tmp_path_factory.mktemp("api") / "api.db")
        return
    cluster = request.getfixturevalue("pg_cluster")
    name = f"api{os.getpid()}_{next(_names)}"
    yield cluster.create_database(name)
    cluster.drop_database(name)


@pytest.fixture(scope="module")
def api(api_database):
    """(base URL, database) of a running API server."""
    proc, base = start_server(api_database)
    yield base, api_database
    stop_server(proc)


@pytest.fixture
def researcher(api):
    with httpx.Client(base_url=api[0], headers={"X-API-Key": API_KEY}, timeout=60) as client:
        yield client


@pytest.fixture
def anonymous(api):
    with httpx.Client(base_url=api[0], timeout=60) as client:
        yield client
