"""The card room's database schema, the same logical tables on SQLite and PostgreSQL.

``room_tables`` holds one :class:`~bragkit.server.store.base.TableRecord` a row;
``room_log`` the event log, ``room_txns`` and ``room_entries`` the double-entry ledger
(one row a transaction, one row an ``(account, amount)`` entry), ``room_claims`` which
server process owns a table (SQLite; PostgreSQL uses advisory locks).  The log and the
ledger are append-only: a trigger refuses every UPDATE and DELETE on them (and TRUNCATE on
PostgreSQL, where a deferred constraint trigger also refuses, at COMMIT, a ledger
transaction whose entries do not sum to zero).

>>> any("room_log" in statement for statement in ddl("sqlite"))
True
>>> SCHEMA_VERSION
1
"""

from __future__ import annotations

from typing import Final, Literal

__all__ = ["APPEND_ONLY", "SCHEMA_VERSION", "Dialect", "ddl"]

SCHEMA_VERSION: Final = 1
"""Stored in ``room_meta``; a store refuses a database of another version."""

Dialect = Literal["sqlite", "postgres"]

APPEND_ONLY: Final = ("room_log", "room_txns", "room_entries")
"""The tables no row of which is ever changed or deleted."""

_TABLES: Final = """
CREATE TABLE IF NOT EXISTS room_meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS room_tables (
    id TEXT PRIMARY KEY,
    preset TEXT NOT NULL,
    rules TEXT NOT NULL,
    seats INTEGER NOT NULL,
    stack BIGINT NOT NULL,
    bots TEXT NOT NULL,
    hands INTEGER,
    host_token_hash TEXT NOT NULL,
    created DOUBLE PRECISION NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('open', 'paused', 'closed'))
);
CREATE TABLE IF NOT EXISTS room_log (
    table_id TEXT NOT NULL REFERENCES room_tables (id),
    seq INTEGER NOT NULL CHECK (seq >= 1),
    batch INTEGER NOT NULL,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    client_action_id TEXT,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, seq),
    UNIQUE (table_id, client_action_id)
);
CREATE TABLE IF NOT EXISTS room_txns (
    table_id TEXT NOT NULL REFERENCES room_tables (id),
    seq INTEGER NOT NULL CHECK (seq >= 1),
    memo TEXT NOT NULL,
    log_seq INTEGER NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, seq)
);
CREATE TABLE IF NOT EXISTS room_entries (
    table_id TEXT NOT NULL,
    txn_seq INTEGER NOT NULL,
    n INTEGER NOT NULL,
    account TEXT NOT NULL,
    amount BIGINT NOT NULL,
    PRIMARY KEY (table_id, txn_seq, n),
    FOREIGN KEY (table_id, txn_seq) REFERENCES room_txns (table_id, seq)
);
CREATE INDEX IF NOT EXISTS room_entries_account ON room_entries (account);
CREATE TABLE IF NOT EXISTS room_claims (
    table_id TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    host TEXT NOT NULL,
    pid INTEGER NOT NULL,
    at DOUBLE PRECISION NOT NULL
);
"""


def _sqlite_guards() -> list[str]:
    return [f"CREATE TRIGGER IF NOT EXISTS {table}_no_{op.lower()} BEFORE {op} ON {table} "
            f"BEGIN SELECT RAISE(ABORT, '{table} is append-only'); END"
            for table in APPEND_ONLY for op in ("UPDATE", "DELETE")]


def _postgres_guards() -> list[str]:
    out = ["CREATE OR REPLACE FUNCTION room_append_only() RETURNS trigger LANGUAGE plpgsql AS "
           "$$ BEGIN RAISE EXCEPTION '% is append-only', TG_TABLE_NAME; END $$"]
    for table in APPEND_ONLY:
        out.append(f"DROP TRIGGER IF EXISTS {table}_append_only ON {table}")
        out.append(f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
                   f"FOR EACH ROW EXECUTE FUNCTION room_append_only()")
        out.append(f"DROP TRIGGER IF EXISTS {table}_no_truncate ON {table}")
        out.append(f"CREATE TRIGGER {table}_no_truncate BEFORE TRUNCATE ON {table} "
                   f"FOR EACH STATEMENT EXECUTE FUNCTION room_append_only()")
    out.append("CREATE OR REPLACE FUNCTION room_txn_balanced() RETURNS trigger LANGUAGE plpgsql "
               "AS $$ DECLARE total BIGINT; BEGIN SELECT COALESCE(SUM(amount), 0) INTO total "
               "FROM room_entries WHERE table_id = NEW.table_id AND txn_seq = NEW.txn_seq; "
               "IF total <> 0 THEN RAISE EXCEPTION 'ledger transaction % of table % sums to %', "
               "NEW.txn_seq, NEW.table_id, total; END IF; RETURN NULL; END $$")
    out.append("DROP TRIGGER IF EXISTS room_entries_balanced ON room_entries")
    out.append("CREATE CONSTRAINT TRIGGER room_entries_balanced AFTER INSERT ON room_entries "
               "DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION room_txn_balanced()")
    return out


def ddl(dialect: Dialect) -> list[str]:
    """The statements that create the schema (idempotent: each can run on an existing one).

    >>> len([s for s in ddl("postgres") if "TRIGGER" in s]) >= 3
    True
    """
    statements = [s.strip() for s in _TABLES.split(";") if s.strip()]
    return statements + (_sqlite_guards() if dialect == "sqlite" else _postgres_guards())
