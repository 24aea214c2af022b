"""The card room's storage: the :class:`Store` contract, SQLite and PostgreSQL (docs/storage.md).

>>> from bragkit.server.store import open_store, TableRecord, NewEntry, NewTxn, Store
"""

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
