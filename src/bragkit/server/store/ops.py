"""The SQL both stores run, written once over a ``run(sql, params) -> rows`` callable.

Placeholders are ``?``; the PostgreSQL store turns them into ``%s``.  Each function runs
inside a transaction the caller opened (:mod:`.sqlite`, :mod:`.postgres`).

>>> import sqlite3
>>> conn = sqlite3.connect(":memory:")
>>> run = lambda sql, params=(): conn.execute(sql, params).fetchall()
>>> for statement in ddl("sqlite"):
...     _ = run(statement)
>>> create_table(run, TableRecord("t1", "modern", {}, 2, 10, {}, None, "h", 0.0, "open"))
>>> append(run, "t1", [NewEntry("chat", {"text": "hi"}, "c1")], [], 5.0)
[1]
>>> append(run, "t1", [NewEntry("chat", {"text": "hi"}, "c1")], [], 6.0)   # a resend
[1]
>>> [entry.seq for entry in log(run, "t1")]
[1]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

from bragkit.errors import excerpt
from bragkit.server.store.base import (
    JSON,
    STATUSES,
    LedgerError,
    LedgerTxn,
    LogEntry,
    NewEntry,
    NewTxn,
    RuleValue,
    StoreError,
    TableRecord,
    decode_object,
    encode_json,
)
from bragkit.server.store.schema import SCHEMA_VERSION, ddl

__all__ = [
    "Row",
    "Run",
    "append",
    "balances",
    "checked",
    "create_table",
    "ddl",
    "install_schema",
    "ledger",
    "log",
    "open_tables",
    "set_status",
    "table",
]

Row = tuple[object, ...]
Run = Callable[[str, Sequence[object]], list[Row]]


def install_schema(run: Run, dialect: Literal["sqlite", "postgres"], where: str) -> None:
    """Create the schema's tables if missing and check the stored schema version, inside
    the transaction the caller opened (a database of another version: one-line
    :class:`StoreError` naming ``where``).

    >>> import sqlite3
    >>> conn = sqlite3.connect(":memory:")
    >>> run = lambda sql, params=(): conn.execute(sql, params).fetchall()
    >>> install_schema(run, "sqlite", "memory"); install_schema(run, "sqlite", "memory")
    >>> _ = run("UPDATE room_meta SET value = '0' WHERE key = 'schema'")
    >>> install_schema(run, "sqlite", "memory")
    Traceback (most recent call last):
    ...
    bragkit.server.store.base.StoreError: memory has schema version 0, this bragkit reads ...
    """
    for statement in ddl(dialect):
        run(statement, ())
    rows = run("SELECT value FROM room_meta WHERE key = 'schema'", ())
    if not rows:
        run("INSERT INTO room_meta (key, value) VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
    elif rows[0][0] != str(SCHEMA_VERSION):
        raise StoreError(f"{where} has schema version {rows[0][0]}, "
                         f"this bragkit reads {SCHEMA_VERSION}")


def _int(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise StoreError(f"stored value {excerpt(value)} is not an integer")
    return value


def _float(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise StoreError(f"stored value {excerpt(value)} is not a number")
    return float(value)


def _str(value: object) -> str:
    if not isinstance(value, str):
        raise StoreError(f"stored value {excerpt(value)} is not a string")
    return value


def _opt_str(value: object) -> str | None:
    return None if value is None else _str(value)


def _rules(text: str) -> dict[str, RuleValue]:
    out: dict[str, RuleValue] = {}
    for key, value in decode_object(text).items():
        if not (value is None or isinstance(value, int | str)):
            raise StoreError(f"stored rule {key} has the value {excerpt(value)}")
        out[key] = value
    return out


def _bots(text: str) -> dict[str, str]:
    return {key: _str(value) for key, value in decode_object(text).items()}


_TABLE_COLUMNS = "id, preset, rules, seats, stack, bots, hands, host_token_hash, created, status"


def _record(row: Row) -> TableRecord:
    return TableRecord(_str(row[0]), _str(row[1]), _rules(_str(row[2])), _int(row[3]),
                       _int(row[4]), _bots(_str(row[5])),
                       None if row[6] is None else _int(row[6]), _str(row[7]),
                       _float(row[8]), _str(row[9]))


def create_table(run: Run, rec: TableRecord) -> None:
    """Insert a table (:class:`StoreError` if the id is taken)."""
    if run("SELECT 1 FROM room_tables WHERE id = ?", (rec.id,)):
        raise StoreError(f"table {excerpt(rec.id)} exists already")
    rules: dict[str, JSON] = dict(rec.rules)
    bots: dict[str, JSON] = dict(rec.bots)
    run(f"INSERT INTO room_tables ({_TABLE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (rec.id, rec.preset, encode_json(rules), rec.seats, rec.stack, encode_json(bots),
         rec.hands, rec.host_token_hash, rec.created, rec.status))


def table(run: Run, table_id: str) -> TableRecord | None:
    """The table's record or ``None``."""
    rows = run(f"SELECT {_TABLE_COLUMNS} FROM room_tables WHERE id = ?", (table_id,))
    return _record(rows[0]) if rows else None


def set_status(run: Run, table_id: str, status: str) -> None:
    """Change a table's status."""
    if status not in STATUSES:
        raise StoreError(f"table status must be one of {', '.join(STATUSES)}, "
                         f"not {excerpt(status)}")
    if not run("SELECT 1 FROM room_tables WHERE id = ?", (table_id,)):
        raise StoreError(f"no table {excerpt(table_id)}")
    run("UPDATE room_tables SET status = ? WHERE id = ?", (status, table_id))


def open_tables(run: Run) -> list[TableRecord]:
    """The tables not closed, oldest first."""
    rows = run(f"SELECT {_TABLE_COLUMNS} FROM room_tables WHERE status <> 'closed' "
               f"ORDER BY created, id", ())
    return [_record(row) for row in rows]


def _insert(run: Run, table: str, columns: str, rows: Sequence[Row]) -> None:
    """Multi-row INSERTs of ``rows`` (a few hundred rows a statement)."""
    width = columns.count(",") + 1
    marks = "(" + ", ".join("?" * width) + ")"
    for start in range(0, len(rows), _CHUNK):
        chunk = rows[start:start + _CHUNK]
        run(f"INSERT INTO {table} ({columns}) VALUES {', '.join([marks] * len(chunk))}",
            [value for row in chunk for value in row])


_CHUNK = 200


def _insert_all(run: Run, writes: Sequence[tuple[str, str, Sequence[Row]]]) -> None:
    """One statement inserting into several tables (PostgreSQL's data-modifying WITH)."""
    parts: list[str] = []
    params: list[object] = []
    for table, columns, rows in writes:
        marks = "(" + ", ".join("?" * (columns.count(",") + 1)) + ")"
        parts.append(f"INSERT INTO {table} ({columns}) VALUES "
                     f"{', '.join([marks] * len(rows))}")
        params.extend(value for row in rows for value in row)
    head = ", ".join(f"w{n} AS ({part})" for n, part in enumerate(parts[:-1]))
    run(f"WITH {head} {parts[-1]}", params)


def checked(entries: Sequence[NewEntry], txns: Sequence[NewTxn]) -> tuple[list[str], list[str]]:
    """Check one append before anything is written: its client action ids and its entries'
    payloads as JSON text (:class:`StoreError` or :class:`LedgerError` otherwise)."""
    for entry in entries:
        if not isinstance(entry, NewEntry):
            raise StoreError(f"a log entry must be a NewEntry, not {excerpt(entry)}")
    for txn in txns:
        if not isinstance(txn, NewTxn):
            raise LedgerError(f"a ledger transaction must be a NewTxn, not {excerpt(txn)}")
        if sum(amount for _, amount in txn.entries):   # re-checked where it is written
            raise LedgerError("ledger transaction does not sum to zero")
    ids = [e.client_action_id for e in entries if e.client_action_id is not None]
    if len(set(ids)) != len(ids):
        raise StoreError("the same client action id twice in one batch")
    return ids, [encode_json(entry.payload) for entry in entries]


def append(run: Run, table_id: str, entries: Sequence[NewEntry], txns: Sequence[NewTxn],
           now: float, *, combine: bool = False) -> list[int]:
    """Write one batch (the semantics of :meth:`Store.append`); the caller commits.

    Everything is checked before the first statement; then one query reads the table's
    state (exists, last seq, last txn, a known client action id) and at most three
    multi-row INSERTs write the batch; with ``combine`` (PostgreSQL) one statement does
    (INSERTs in a WITH clause), one round trip instead of three.
    """
    ids, payloads = checked(entries, txns)
    known = (f"(SELECT MIN(batch) FROM room_log WHERE table_id = ? AND client_action_id IN "
             f"({', '.join('?' * len(ids))}))") if ids else "NULL"
    state = run(f"SELECT (SELECT COUNT(*) FROM room_tables WHERE id = ?), "
                f"(SELECT COALESCE(MAX(seq), 0) FROM room_log WHERE table_id = ?), "
                f"(SELECT COALESCE(MAX(seq), 0) FROM room_txns WHERE table_id = ?), {known}",
                (table_id, table_id, table_id, *((table_id, *ids) if ids else ())))[0]
    if state[3] is not None:   # a resend: the seqs of its first delivery
        rows = run("SELECT seq FROM room_log WHERE table_id = ? AND batch = ? ORDER BY seq",
                   (table_id, state[3]))
        return [_int(row[0]) for row in rows]
    if not _int(state[0]):
        raise StoreError(f"no table {excerpt(table_id)}")
    last, txn_last = _int(state[1]), _int(state[2])
    seqs = list(range(last + 1, last + 1 + len(entries)))
    writes: list[tuple[str, str, list[Row]]] = []
    if entries:
        writes.append(("room_log", "table_id, seq, batch, kind, payload, client_action_id, at",
                       [(table_id, seq, last + 1, entry.kind, payload, entry.client_action_id,
                         now) for seq, entry, payload in zip(seqs, entries, payloads,
                                                             strict=True)]))
    if txns:
        log_seq = seqs[-1] if seqs else last
        numbers = range(txn_last + 1, txn_last + 1 + len(txns))
        writes.append(("room_txns", "table_id, seq, memo, log_seq, at",
                       [(table_id, number, txn.memo, log_seq, now)
                        for number, txn in zip(numbers, txns, strict=True)]))
        writes.append(("room_entries", "table_id, txn_seq, n, account, amount",
                       [(table_id, number, n, account, amount)
                        for number, txn in zip(numbers, txns, strict=True)
                        for n, (account, amount) in enumerate(txn.entries)]))
    if combine and len(writes) > 1 and sum(len(rows) for _, _, rows in writes) <= _CHUNK:
        _insert_all(run, writes)
    else:
        for table, columns, rows in writes:
            _insert(run, table, columns, rows)
    return seqs


def log(run: Run, table_id: str, since: int = 0) -> list[LogEntry]:
    """The table's entries after ``since``."""
    rows = run("SELECT seq, kind, payload, client_action_id, at FROM room_log "
               "WHERE table_id = ? AND seq > ? ORDER BY seq", (table_id, since))
    return [LogEntry(table_id, _int(r[0]), _str(r[1]), decode_object(_str(r[2])),
                     _opt_str(r[3]), _float(r[4])) for r in rows]


def ledger(run: Run, table_id: str) -> list[LedgerTxn]:
    """The table's ledger transactions in order."""
    heads = run("SELECT seq, memo, log_seq, at FROM room_txns WHERE table_id = ? ORDER BY seq",
                (table_id,))
    parts: dict[int, list[tuple[str, int]]] = {}
    for r in run("SELECT txn_seq, account, amount FROM room_entries WHERE table_id = ? "
                 "ORDER BY txn_seq, n", (table_id,)):
        parts.setdefault(_int(r[0]), []).append((_str(r[1]), _int(r[2])))
    return [LedgerTxn(table_id, _int(h[0]), tuple(parts.get(_int(h[0]), ())), _str(h[1]),
                      _int(h[2]), _float(h[3])) for h in heads]


def balances(run: Run, table_id: str) -> dict[str, int]:
    """Each account's balance over the table's ledger, accounts sorted."""
    rows = run("SELECT account, CAST(SUM(amount) AS BIGINT) FROM room_entries WHERE table_id = ? "
               "GROUP BY account ORDER BY account", (table_id,))
    return {_str(r[0]): _int(r[1]) for r in rows}
