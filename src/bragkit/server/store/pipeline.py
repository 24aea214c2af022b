"""One append as ONE self-contained PostgreSQL statement, for a batch sent in pipeline mode.

:func:`bragkit.server.store.ops.append` reads the table's state (its last seq, last ledger
transaction, a known client action id) and then writes: two round trips per append, and
the writer waits for each.  Here the same append is one statement that reads the state
and writes in data-modifying ``WITH`` clauses, all on the server: so the writer sends a
whole batch (``BEGIN``, every append, ``COMMIT``) without waiting for any reply
(psycopg's pipeline mode, :mod:`.postgres`): one round trip per commit.  The statements
of one transaction run in order, so two appends of one table in one batch number their
rows one after the other, as the serial path does.

The statement writes nothing when the table does not exist or a client action id of the
batch is already in its log (a resend); its one row says which, and :func:`seqs_of` turns
it into the append's answer (the first delivery's seqs for a resend, :class:`StoreError`
for a missing table: nothing was written, so the batch may commit without it).

>>> sql, params = append_statement("t1", [NewEntry("chat", {"text": "hi"}, "c1")], [], 5.0)
>>> sql.startswith("WITH st AS (SELECT"), params[:3]
(True, ['t1', 't1', 't1'])
>>> seqs_of("t1", (1, 4, None, None), 2)
[5, 6]
>>> seqs_of("t1", (1, 4, 2, [2, 3]), 2)
[2, 3]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bragkit.errors import excerpt
from bragkit.server.store import ops
from bragkit.server.store.base import NewEntry, NewTxn, StoreError

__all__ = ["MAX_PARAMS", "append_statement", "seqs_of"]

MAX_PARAMS: Final = 20_000
"""The most parameters one statement carries (PostgreSQL's limit is 65,535); a larger
append is written by the serial path (:func:`append_statement` answers ``None``)."""


def _values(width: int, rows: int, casts: Sequence[str]) -> str:
    """``VALUES`` rows of ``width`` parameters, the first row's cast to the column types
    (the other rows follow them)."""
    first = "(" + ", ".join(f"%s::{cast}" for cast in casts[:width]) + ")"
    rest = "(" + ", ".join(["%s"] * width) + ")"
    return ", ".join([first] + [rest] * (rows - 1))


def append_statement(table_id: str, entries: Sequence[NewEntry], txns: Sequence[NewTxn],
                     now: float) -> tuple[str, list[object]] | None:
    """The statement appending ``entries`` and ``txns`` to ``table_id`` (checked first as
    :func:`~bragkit.server.store.ops.append` checks them) and its parameters; its one row
    is ``(table exists, last seq before, known batch, that batch's seqs)``.  ``None`` when
    the append is too large for one statement."""
    ids, payloads = ops.checked(entries, txns)
    lines = sum(len(txn.entries) for txn in txns)
    if 4 * len(entries) + 2 * len(txns) + 4 * lines + len(ids) + 16 > MAX_PARAMS:
        return None
    params: list[object] = [table_id, table_id, table_id]
    known = "NULL::integer"
    if ids:
        known = (f"(SELECT MIN(batch) FROM room_log WHERE table_id = %s AND client_action_id "
                 f"IN ({', '.join(['%s'] * len(ids))}))")
        params += [table_id, *ids]
    parts = [f"st AS (SELECT (SELECT COUNT(*) FROM room_tables WHERE id = %s) AS ok, "
             f"(SELECT COALESCE(MAX(seq), 0) FROM room_log WHERE table_id = %s) AS last, "
             f"(SELECT COALESCE(MAX(seq), 0) FROM room_txns WHERE table_id = %s) AS tlast, "
             f"{known} AS known)"]
    go = "st.ok = 1 AND st.known IS NULL"
    if entries:
        parts.append(
            f"w0 AS (INSERT INTO room_log (table_id, seq, batch, kind, payload, "
            f"client_action_id, at) SELECT %s, st.last + v.n, st.last + 1, v.kind, v.payload, "
            f"v.cid, %s FROM st, (VALUES "
            f"{_values(4, len(entries), ('integer', 'text', 'text', 'text'))}) "
            f"AS v (n, kind, payload, cid) WHERE {go})")
        params += [table_id, now]
        for n, (entry, payload) in enumerate(zip(entries, payloads, strict=True), 1):
            params += [n, entry.kind, payload, entry.client_action_id]
    if txns:
        parts.append(
            f"w1 AS (INSERT INTO room_txns (table_id, seq, memo, log_seq, at) SELECT %s, "
            f"st.tlast + v.n, v.memo, st.last + {len(entries)}, %s FROM st, (VALUES "
            f"{_values(2, len(txns), ('integer', 'text'))}) AS v (n, memo) WHERE {go})")
        params += [table_id, now]
        for n, txn in enumerate(txns, 1):
            params += [n, txn.memo]
    if lines:
        parts.append(
            f"w2 AS (INSERT INTO room_entries (table_id, txn_seq, n, account, amount) SELECT "
            f"%s, st.tlast + v.t, v.n, v.account, v.amount FROM st, (VALUES "
            f"{_values(4, lines, ('integer', 'integer', 'text', 'bigint'))}) "
            f"AS v (t, n, account, amount) WHERE {go})")
        params.append(table_id)
        for t, txn in enumerate(txns, 1):
            for n, (account, amount) in enumerate(txn.entries):
                params += [t, n, account, amount]
    sql = (f"WITH {', '.join(parts)} SELECT st.ok, st.last, st.known, CASE WHEN st.known IS "
           f"NULL THEN NULL ELSE ARRAY(SELECT seq FROM room_log WHERE table_id = %s AND "
           f"batch = st.known ORDER BY seq) END FROM st")
    params.append(table_id)
    return sql, params


def seqs_of(table_id: str, row: tuple[object, ...] | None, entries: int) -> list[int]:
    """The answer of one append from its statement's row (see the module docstring)."""
    if row is None or len(row) != 4:
        raise StoreError(f"table {excerpt(table_id)}: the append answered {excerpt(row)}")
    ok, last, known, first = row
    if known is not None:   # a resend: the seqs of its first delivery
        if not isinstance(first, list) or not all(isinstance(s, int) for s in first):
            raise StoreError(f"table {excerpt(table_id)}: stored seqs {excerpt(first)}")
        return [s for s in first if isinstance(s, int)]
    if not ok:
        raise StoreError(f"no table {excerpt(table_id)}")
    if isinstance(last, bool) or not isinstance(last, int):
        raise StoreError(f"stored value {excerpt(last)} is not an integer")
    return list(range(last + 1, last + 1 + entries))
