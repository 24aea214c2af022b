"""Fixtures of the card room's tests.

``pg_cluster`` (session), ``pg_url`` and ``store_url`` (SQLite, then PostgreSQL) come
from :mod:`tests.pg`.
"""

from __future__ import annotations

from tests.pg import pg_cluster, pg_url, store_url

__all__ = ["pg_cluster", "pg_url", "store_url"]
