"""The storage contract of the card room: records, the :class:`Store` protocol, :func:`open_store`.

A store keeps, for every table, its :class:`TableRecord`, an append-only event log of
:class:`LogEntry` (``seq`` consecutive per table from 1) and a double-entry ledger of
:class:`LedgerTxn` (every transaction sums to zero).  :meth:`Store.append` writes a batch
of log entries and ledger transactions in ONE database transaction, committed before it
returns: a caller acknowledges an action only after ``append`` has returned
(docs/storage.md, "acknowledged").

>>> txn = NewTxn((("player:ann", -100), ("seat:t1:1", 100)), memo="buy-in")
>>> txn.entries
(('player:ann', -100), ('seat:t1:1', 100))
>>> NewTxn((("bank", -5), ("pot:t1", 4)))
Traceback (most recent call last):
...
bragkit.server.store.base.LedgerError: ledger transaction does not sum to zero (it sums to -1)
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Protocol, TypeAlias

from bragkit.errors import BragError, excerpt
from bragkit.rules.catalogue import RuleValue

__all__ = [
    "JSON",
    "KINDS",
    "STATUSES",
    "LedgerError",
    "LedgerTxn",
    "LogEntry",
    "NewEntry",
    "NewTxn",
    "RuleValue",
    "Store",
    "StoreError",
    "TableRecord",
    "decode_object",
    "default_url",
    "encode_json",
    "install_opener",
    "open_store",
]

JSON: TypeAlias = "dict[str, JSON] | list[JSON] | str | int | float | bool | None"
"""A decoded JSON value (what a log entry's payload holds)."""

STATUSES: Final = ("open", "paused", "closed")
"""The statuses of a table: ``open`` and ``paused`` tables are resumed after a restart."""

KINDS: Final = ("deal", "action", "seat", "chat", "host", "close")
"""The kinds of log entry.  ``deal`` holds the server-only pack order of a hand."""


class StoreError(BragError):
    """A storage request that cannot be done (unknown table, bad record, unreachable DB)."""


class LedgerError(StoreError):
    """A ledger transaction that does not balance or names no account."""


def _check_name(what: str, value: object) -> None:
    if not isinstance(value, str) or not value:
        raise StoreError(f"{what} must be a non-empty string, not {excerpt(value)}")


def _check_int(what: str, value: object, least: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise StoreError(f"{what} must be an integer of at least {least}, not {excerpt(value)}")


def _check_entries(entries: object) -> None:
    """Raise :class:`LedgerError` unless ``entries`` is a non-empty tuple of
    ``(account, amount)`` pairs whose amounts are integers summing to zero."""
    if not isinstance(entries, tuple) or not entries:
        raise LedgerError(f"a ledger transaction needs a tuple of (account, amount) pairs, "
                          f"not {excerpt(entries)}")
    total = 0
    for pair in entries:
        if not (isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[0], str)
                and pair[0] and isinstance(pair[1], int) and not isinstance(pair[1], bool)):
            raise LedgerError(f"a ledger entry is an (account, integer amount) pair, "
                              f"not {excerpt(pair)}")
        total += pair[1]
    if total:
        raise LedgerError(f"ledger transaction does not sum to zero (it sums to {total})")


@dataclass(frozen=True, slots=True)
class TableRecord:
    """One table as created by its host.

    ``rules`` are the house rules over the preset (rule key -> value), ``bots`` maps a seat
    name (``"p2"``) to a bot kind, ``hands`` is the number of deals a table of bots plays
    (``None``: no limit), ``host_token_hash`` the SHA-256 hex digest of the host's secret,
    ``created`` a Unix time and ``status`` one of :data:`STATUSES`.

    >>> TableRecord("t1", "modern", {}, 4, 100, {"p2": "random"}, 50, "ab", 0.0, "open").seats
    4
    >>> TableRecord("t1", "modern", {}, 4, 100, {}, None, "ab", 0.0, "gone")
    Traceback (most recent call last):
    ...
    bragkit.server.store.base.StoreError: table status must be one of open, paused, closed, \
not 'gone'
    """

    id: str
    preset: str
    rules: dict[str, RuleValue]
    seats: int
    stack: int
    bots: dict[str, str]
    hands: int | None
    host_token_hash: str
    created: float
    status: str

    def __post_init__(self) -> None:
        _check_name("table id", self.id)
        _check_name("table preset", self.preset)
        _check_int("table seats", self.seats, 1)
        _check_int("table stack", self.stack, 0)
        if self.hands is not None:
            _check_int("table hands", self.hands, 0)
        if self.status not in STATUSES:
            raise StoreError(f"table status must be one of {', '.join(STATUSES)}, "
                             f"not {excerpt(self.status)}")
        if not isinstance(self.rules, dict) or not all(
                isinstance(k, str) and (v is None or isinstance(v, int | str))
                for k, v in self.rules.items()):
            raise StoreError(f"table rules must map rule keys to values, not "
                             f"{excerpt(self.rules)}")
        if not isinstance(self.bots, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in self.bots.items()):
            raise StoreError(f"table bots must map seats to bot kinds, not {excerpt(self.bots)}")


@dataclass(frozen=True, slots=True)
class NewEntry:
    """A log entry to append: the store gives it its ``seq`` and time.

    ``client_action_id`` (the client's id of the action, unique per table) makes a resent
    action harmless: see :meth:`Store.append`.

    >>> NewEntry("action", {"seat": 1, "action": "p1 fold"}, "c-17").kind
    'action'
    """

    kind: str
    payload: dict[str, JSON]
    client_action_id: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise StoreError(f"log entry kind must be one of {', '.join(KINDS)}, "
                             f"not {excerpt(self.kind)}")
        if not isinstance(self.payload, dict):
            raise StoreError(f"log entry payload must be a JSON object, not "
                             f"{excerpt(self.payload)}")
        if self.client_action_id is not None:
            _check_name("client action id", self.client_action_id)


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One stored entry of a table's event log (``seq`` consecutive per table from 1).

    >>> LogEntry("t1", 1, "deal", {"pack": ["As", "Kd"]}, None, 0.0).seq
    1
    """

    table_id: str
    seq: int
    kind: str
    payload: dict[str, JSON]
    client_action_id: str | None
    at: float


@dataclass(frozen=True, slots=True)
class NewTxn:
    """A ledger transaction to append: ``(account, amount)`` pairs summing to zero.

    Accounts are names such as ``"bank"``, ``"player:<name>"``, ``"seat:<table>:<n>"`` and
    ``"pot:<table>"``; a positive amount credits the account.  ``memo`` says why
    (``"buy-in"``, ``"hand 3"``).  A transaction that does not balance raises
    :class:`LedgerError` here, before anything is written.

    >>> NewTxn((("pot:t1", -6), ("seat:t1:2", 6)), memo="hand 1").memo
    'hand 1'
    """

    entries: tuple[tuple[str, int], ...]
    memo: str = ""

    def __post_init__(self) -> None:
        _check_entries(self.entries)
        if not isinstance(self.memo, str):
            raise LedgerError(f"a ledger memo is a string, not {excerpt(self.memo)}")


@dataclass(frozen=True, slots=True)
class LedgerTxn:
    """One stored ledger transaction of a table (``seq`` consecutive per table from 1,
    counted apart from the log's).  ``log_seq`` is the seq of the last log entry appended
    with it (0 when none was), ``at`` its Unix time.

    >>> LedgerTxn("t1", 1, (("player:ann", -100), ("seat:t1:1", 100)), "buy-in").seq
    1
    """

    table_id: str
    seq: int
    entries: tuple[tuple[str, int], ...]
    memo: str = ""
    log_seq: int = 0
    at: float = 0.0

    def __post_init__(self) -> None:
        _check_entries(self.entries)


class Store(Protocol):
    """The card room's storage: SQLite (:mod:`.sqlite`) or PostgreSQL (:mod:`.postgres`).

    Every method is safe to call from any thread.  Writes are durable when they return.
    """

    def create_table(self, rec: TableRecord) -> None:
        """Store a new table (:class:`StoreError` if its id is taken)."""

    def table(self, table_id: str) -> TableRecord | None:
        """The table's record, or ``None`` if there is no such table."""

    def set_status(self, table_id: str, status: str) -> None:
        """Change a table's status (one of :data:`STATUSES`)."""

    def open_tables(self) -> list[TableRecord]:
        """Every table not closed (``open`` or ``paused``), oldest first: the tables a
        restarted server resumes."""

    def append(self, table_id: str, entries: Sequence[NewEntry],
               txns: Sequence[NewTxn] = ()) -> list[int]:
        """Append ``entries`` to the table's log and ``txns`` to its ledger in ONE
        transaction, committed before returning; answer the entries' seqs.

        Idempotent: if an entry's ``(table_id, client_action_id)`` is already stored, the
        call is a resend: nothing at all is written and the answer is the seqs the first
        delivery of that batch got (so ``seqs[0]`` is not above the last seq the caller
        knew).  The same id twice in one batch raises :class:`StoreError`.
        """

    def submit(self, table_id: str, entries: Sequence[NewEntry],
               txns: Sequence[NewTxn] = ()) -> Future[list[int]]:
        """:meth:`append` without waiting: the future is done once the batch is committed
        (``await asyncio.wrap_future(store.submit(...))`` in an asyncio server).  Batches
        submitted in the same instant by several tables share one commit."""

    def log(self, table_id: str, since: int = 0) -> list[LogEntry]:
        """The table's log entries with ``seq > since``, in order."""

    def ledger(self, table_id: str) -> list[LedgerTxn]:
        """The table's ledger transactions, in order."""

    def balances(self, table_id: str) -> dict[str, int]:
        """Each account's balance over the table's ledger (sum of its amounts)."""

    def claim(self, table_id: str, owner: str) -> bool:
        """Take ownership of a table for ``owner`` (one server process); ``False`` if
        another live owner holds it.  Claiming a table one already holds answers ``True``."""

    def release(self, table_id: str, owner: str) -> None:
        """Give up ``owner``'s claim on a table (nothing if it holds none)."""

    def holds(self, table_id: str) -> str | None:
        """The owner that holds ``table_id`` through this store, or ``None``: checked against
        the database (on PostgreSQL a claim dies with a lost lock connection)."""

    def close(self) -> None:
        """Finish pending writes and close every connection."""


def encode_json(value: Mapping[str, JSON] | Sequence[JSON]) -> str:
    """Compact JSON text of a payload (:class:`StoreError` if it is not JSON: NaN, a set...).

    >>> encode_json({"b": 1, "a": [True, None]})
    '{"b":1,"a":[true,null]}'
    """
    try:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as bad:
        raise StoreError(f"a log payload must be JSON: {excerpt(str(bad))}") from None


def _json(value: object) -> JSON:
    """``value`` (decoded by :func:`json.loads`) checked and typed as JSON."""
    if value is None or isinstance(value, str | int):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise StoreError("stored JSON has a non-finite number")
        return value
    if isinstance(value, list):
        return [_json(item) for item in value]
    if isinstance(value, dict):
        out: dict[str, JSON] = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise StoreError("stored JSON has a non-string key")
            out[key] = _json(item)
        return out
    raise StoreError(f"stored JSON holds {excerpt(value)}")


def decode_object(text: str) -> dict[str, JSON]:
    """The JSON object stored as ``text`` (:class:`StoreError` if it is not one).

    >>> decode_object('{"seat": 2, "cards": ["As"]}')
    {'seat': 2, 'cards': ['As']}
    """
    try:
        value = json.loads(text)
    except ValueError as bad:
        raise StoreError(f"stored JSON is not valid: {excerpt(str(bad))}") from None
    if not isinstance(value, dict):
        raise StoreError(f"stored JSON is not an object: {excerpt(text)}")
    checked = _json(value)
    if not isinstance(checked, dict):
        raise StoreError(f"stored JSON is not an object: {excerpt(text)}")
    return checked


def default_url() -> str:
    """The default database: ``BRAG_DB`` if set, else ``room.sqlite3`` in the user's data
    directory (platformdirs).

    >>> default_url().startswith("sqlite:///") or "BRAG_DB" in os.environ
    True
    """
    env = os.environ.get("BRAG_DB")
    if env:
        return env
    from platformdirs import user_data_dir

    return f"sqlite:///{Path(user_data_dir('bragkit')) / 'room.sqlite3'}"


def open_store(url: str | None = None) -> Store:
    """Open the store at ``url``: ``sqlite:///PATH``, a plain file path, or
    ``postgresql://...``; ``None`` is :func:`default_url`.

    >>> import tempfile, pathlib
    >>> folder = tempfile.mkdtemp()
    >>> store = open_store(str(pathlib.Path(folder) / "room.db"))
    >>> store.create_table(TableRecord("t1", "modern", {}, 2, 100, {}, None, "h", 0.0, "open"))
    >>> store.append("t1", [NewEntry("seat", {"seat": 1, "name": "ann"})],
    ...              [NewTxn((("player:ann", -100), ("seat:t1:1", 100)), "buy-in")])
    [1]
    >>> store.balances("t1")
    {'player:ann': -100, 'seat:t1:1': 100}
    >>> store.close()
    >>> open_store("mysql://x")
    Traceback (most recent call last):
    ...
    bragkit.server.store.base.StoreError: unknown database URL scheme 'mysql' (use sqlite:/// \
or postgresql://)
    """
    if not _OPENER:
        raise StoreError("no store opener: import bragkit.server.store")
    return _OPENER[0](default_url() if url is None else url)


_OPENER: list[Callable[[str], Store]] = []
"""The function :func:`open_store` calls: :func:`bragkit.server.store.opener.open_url`,
installed by the package's ``__init__`` (so this module imports no store: no import cycle)."""


def install_opener(opener: Callable[[str], Store]) -> None:
    """Make ``opener`` the function :func:`open_store` calls (done once, by the package)."""
    _OPENER[:] = [opener]
