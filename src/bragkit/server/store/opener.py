"""Which store a database URL opens (:func:`open_url`, called by
:func:`bragkit.server.store.base.open_store`).

>>> open_url("sqlite://room.db")
Traceback (most recent call last):
...
bragkit.server.store.base.StoreError: a SQLite URL is sqlite:///PATH, not 'sqlite://room.db'
"""

from __future__ import annotations

from bragkit.errors import excerpt
from bragkit.server.store.base import Store, StoreError
from bragkit.server.store.sqlite import SQLiteStore

__all__ = ["open_url"]


def open_url(url: str) -> Store:
    """The store at ``url``: ``sqlite:///PATH`` or a plain path (SQLite), or
    ``postgresql://...`` / ``postgres://...`` (PostgreSQL, imported only then)."""
    scheme, sep, rest = url.partition("://")
    if not sep:
        return SQLiteStore(url)
    if scheme == "sqlite":
        if not rest.startswith("/") or rest == "/":
            raise StoreError(f"a SQLite URL is sqlite:///PATH, not {excerpt(url)}")
        return SQLiteStore(rest[1:])
    if scheme in ("postgresql", "postgres"):
        from bragkit.server.store.postgres import PostgresStore

        return PostgresStore(url)
    raise StoreError(f"unknown database URL scheme {excerpt(scheme)} "
                     f"(use sqlite:/// or postgresql://)")
