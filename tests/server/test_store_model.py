"""The store against a model: random appends, resends and bad batches on several tables
(Hypothesis state machine); after every step the store's log, ledger and balances equal the
model's, on SQLite and on PostgreSQL."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from bragkit.server.store import LedgerError, NewEntry, NewTxn, Store, StoreError, TableRecord
from bragkit.server.store import open_store as open_any
from tests.pg import PgCluster

TABLES = ("t1", "t2", "t3")
ACCOUNTS = ("bank", "seat:1", "seat:2", "pot")


class StoreModel(RuleBasedStateMachine):
    """Tables, their logs (kind, payload, cid) and ledgers as plain lists."""

    make_url: Callable[[], str]

    def __init__(self) -> None:
        super().__init__()
        self.store: Store = open_any(self.make_url())
        self.logs: dict[str, list[tuple[str, dict[str, object], str | None]]] = {}
        self.batches: dict[str, list[list[int]]] = {}
        self.cids: dict[str, dict[str, int]] = {}     # table -> cid -> batch index
        self.ledgers: dict[str, list[tuple[tuple[str, int], ...]]] = {}

    @rule(table=st.sampled_from(TABLES))
    def create(self, table: str) -> None:
        rec = TableRecord(table, "modern", {}, 2, 10, {}, None, "h", 0.0, "open")
        if table in self.logs:
            with pytest.raises(StoreError, match="exists already"):
                self.store.create_table(rec)
            return
        self.store.create_table(rec)
        self.logs[table], self.batches[table], self.cids[table] = [], [], {}
        self.ledgers[table] = []

    @precondition(lambda self: bool(self.logs))
    @rule(data=st.data(),
          kinds=st.lists(st.sampled_from(["action", "chat", "deal"]), max_size=3),
          cids=st.lists(st.sampled_from(["a", "b", "c", "d", "e", None]), max_size=3),
          moves=st.lists(st.tuples(st.sampled_from(ACCOUNTS), st.sampled_from(ACCOUNTS),
                                   st.integers(0, 9)), max_size=2))
    def append(self, data: st.DataObject, kinds: list[str], cids: list[str | None],
               moves: list[tuple[str, str, int]]) -> None:
        table = data.draw(st.sampled_from(sorted(self.logs)))
        entries = [NewEntry(kind, {"n": len(self.logs[table]) + i, "kind": kind},
                            cids[i] if i < len(cids) else None)
                   for i, kind in enumerate(kinds)]
        txns = [NewTxn(((a, -x), (b, x)), f"{a}>{b}") for a, b, x in moves]
        ids = [e.client_action_id for e in entries if e.client_action_id]
        known = [self.cids[table][c] for c in ids if c in self.cids[table]]
        if len(set(ids)) != len(ids):
            with pytest.raises(StoreError, match="twice in one batch"):
                self.store.append(table, entries, txns)
            return
        seqs = self.store.append(table, entries, txns)
        if known:   # a resend: the first delivery's seqs, nothing written
            assert seqs == self.batches[table][min(known)]
            return
        first = len(self.logs[table]) + 1
        assert seqs == list(range(first, first + len(entries)))
        for entry in entries:
            self.logs[table].append((entry.kind, dict(entry.payload), entry.client_action_id))
            if entry.client_action_id:
                self.cids[table][entry.client_action_id] = len(self.batches[table])
        self.batches[table].append(seqs)
        self.ledgers[table].extend(t.entries for t in txns)

    @rule(amount=st.integers(1, 5))
    def unbalanced(self, amount: int) -> None:
        with pytest.raises(LedgerError):
            NewTxn((("bank", -amount), ("pot", amount + 1)))

    @rule(table=st.sampled_from(TABLES), since=st.integers(0, 6))
    def read_since(self, table: str, since: int) -> None:
        got = [(e.seq, e.kind, e.payload, e.client_action_id)
               for e in self.store.log(table, since)]
        want = [(seq, kind, payload, cid)
                for seq, (kind, payload, cid) in enumerate(self.logs.get(table, []), 1)
                if seq > since]
        assert got == want

    @invariant()
    def same_as_model(self) -> None:
        for table, ledger in self.ledgers.items():
            stored = self.store.ledger(table)
            assert [t.entries for t in stored] == ledger
            assert [t.seq for t in stored] == list(range(1, len(ledger) + 1))
            totals: dict[str, int] = {}
            for entries in ledger:
                for account, amount in entries:
                    totals[account] = totals.get(account, 0) + amount
            assert self.store.balances(table) == dict(sorted(totals.items()))
            assert len(self.store.log(table)) == len(self.logs[table])

    def teardown(self) -> None:
        self.store.close()


def _run(make_url: Callable[[], str], examples: int) -> None:
    machine = type("Machine", (StoreModel,), {"make_url": staticmethod(make_url)})
    machine.TestCase.settings = settings(max_examples=examples, stateful_step_count=20,
                                         deadline=None, suppress_health_check=list(HealthCheck))
    machine.TestCase("runTest").runTest()


def test_store_model_sqlite(tmp_path: Path) -> None:
    count = iter(range(10 ** 6))
    _run(lambda: f"sqlite:///{tmp_path / f'm{next(count)}.db'}", 25)


def test_store_model_postgres(pg_cluster: PgCluster) -> None:
    _run(pg_cluster.new_database, 8)
