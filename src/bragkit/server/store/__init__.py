"""The card room's storage: the :class:`Store` contract, SQLite and PostgreSQL (docs/storage.md).

>>> from bragkit.server.store import open_store, TableRecord, NewEntry, NewTxn, Store
"""

from bragkit.server.store import base as _base
from bragkit.server.store import opener as _opener
from bragkit.server.store.base import (
    JSON,
    KINDS,
    STATUSES,
    LedgerError,
    LedgerTxn,
    LogEntry,
    NewEntry,
    NewTxn,
    Store,
    StoreError,
    TableRecord,
    default_url,
    open_store,
)

_base.install_opener(_opener.open_url)

__all__ = [
    "JSON",
    "KINDS",
    "STATUSES",
    "LedgerError",
    "LedgerTxn",
    "LogEntry",
    "NewEntry",
    "NewTxn",
    "Store",
    "StoreError",
    "TableRecord",
    "default_url",
    "open_store",
]
