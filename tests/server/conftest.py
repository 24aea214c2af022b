"""Fixtures of the card room's tests.

``pg_cluster`` (session), ``pg_url`` and ``store_url`` (SQLite, then PostgreSQL) come
from :mod:`tests.pg`.
"""

from __future__ import annotations

import pytest

from tests.pg import pg_cluster, pg_url, store_url

__all__ = ["pg_cluster", "pg_url", "store_url"]


def pytest_configure(config: pytest.Config) -> None:
    """Register the ``server`` mark: tests that run a real server on a loopback port."""
    config.addinivalue_line("markers",
                            "server: runs a real server on a free loopback port (-m server)")
