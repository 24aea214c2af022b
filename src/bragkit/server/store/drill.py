"""A load driver for the store: the kill -9 drill and the commit benchmark.

``python -m bragkit.server.store.drill --db URL --tables 20`` plays chip-moving actions on
many tables at once, as a card room does, through :meth:`Store.submit` (so they share
commits), and prints ``ack TABLE CID SEQ`` on stdout, flushed, only after the action's
commit: what a server would acknowledge.  Killed at any moment and restarted, it resumes
every table from the store (the stacks from the ledger, the next action from the log) and
first resends its last committed action of each table with the same client action id, which
must answer the stored seq and write nothing (``resend TABLE SEQ``).

Each table seats ``--seats`` players who buy in ``--stack`` chips (``player:<name>`` to
``seat:<table>:<n>``); an action moves 1-5 chips of a seat with chips to ``pot:<table>``
and every fourth action the pot goes to one seat with a ``deal`` entry: so the chips on a
table always equal what was bought in.

``--bench`` instead measures commits/s of one-action transactions one at a time, then with
``--tables`` tables submitting at once (group commit), and prints one JSON line.

>>> from bragkit.server.store.drill import plan
>>> plan("t1", 7, [5, 0, 3], seed=1) == plan("t1", 7, [5, 0, 3], seed=1)
True
"""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import sys
import time
from collections.abc import Sequence
from concurrent.futures import Future
from dataclasses import dataclass

from bragkit.server.store.base import NewEntry, NewTxn, Store, TableRecord, open_store

__all__ = ["Action", "main", "plan", "recover"]


@dataclass(frozen=True)
class Action:
    """One drill action of a table: its log entries and ledger transactions."""

    cid: str
    entries: tuple[NewEntry, ...]
    txns: tuple[NewTxn, ...]


def plan(table_id: str, number: int, stacks: Sequence[int], seed: int, pot: int = 0) -> Action:
    """Action ``number`` (from 1) of a table whose seats hold ``stacks`` and pot ``pot``:
    the same arguments always give the same action.

    >>> plan("t1", 4, [0, 2], seed=0, pot=6).txns[-1].memo
    'pot to seat 2'
    """
    rng = random.Random(f"{seed}:{table_id}:{number}")
    cid = f"{table_id}-a{number}"
    with_chips = [n for n, chips in enumerate(stacks, 1) if chips > 0]
    txns: list[NewTxn] = []
    entries = []
    if with_chips:
        seat = rng.choice(with_chips)
        bet = rng.randint(1, min(5, stacks[seat - 1]))
        pot += bet
        entries.append(NewEntry("action", {"seat": seat, "bet": bet, "n": number}, cid))
        txns.append(NewTxn(((f"seat:{table_id}:{seat}", -bet), (f"pot:{table_id}", bet)), cid))
    else:
        entries.append(NewEntry("action", {"seat": 0, "bet": 0, "n": number}, cid))
    if number % 4 == 0 and pot:
        winner = rng.randint(1, len(stacks))
        pack = rng.sample(range(52), 3 * len(stacks))
        entries.append(NewEntry("deal", {"pack": list(pack), "hand": number // 4}))
        txns.append(NewTxn(((f"pot:{table_id}", -pot), (f"seat:{table_id}:{winner}", pot)),
                           f"pot to seat {winner}"))
    return Action(cid, tuple(entries), tuple(txns))


@dataclass
class TableState:
    """What the drill knows of one table: the next action number, stacks and pot."""

    table_id: str
    next_action: int
    stacks: list[int]
    pot: int


def recover(store: Store, table_id: str, seats: int) -> TableState:
    """A table's state rebuilt from the store alone (log and ledger)."""
    actions = [e for e in store.log(table_id) if e.kind == "action"]
    balance = store.balances(table_id)
    stacks = [balance.get(f"seat:{table_id}:{n}", 0) for n in range(1, seats + 1)]
    return TableState(table_id, len(actions) + 1, stacks, balance.get(f"pot:{table_id}", 0))


def _setup(store: Store, table_id: str, seats: int, stack: int) -> None:
    if store.table(table_id) is not None:
        return
    store.create_table(TableRecord(table_id, "modern", {}, seats, stack, {}, None, "drill",
                                   time.time(), "open"))
    names = [f"{table_id}-{n}" for n in range(1, seats + 1)]
    store.append(table_id, [NewEntry("seat", {"seat": n, "name": name})
                            for n, name in enumerate(names, 1)],
                 [NewTxn(((f"player:{name}", -stack), (f"seat:{table_id}:{n}", stack)),
                         "buy-in") for n, name in enumerate(names, 1)])


def _apply(state: TableState, action: Action) -> None:
    for txn in action.txns:
        for account, amount in txn.entries:
            if account.startswith("pot:"):
                state.pot += amount
            else:
                state.stacks[int(account.rsplit(":", 1)[1]) - 1] += amount
    state.next_action += 1


def _say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def drill(store: Store, tables: int, seats: int, stack: int, actions: int, seed: int) -> int:
    """Play until every table has done ``actions`` actions (0: for ever); the exit status."""
    names = [f"t{n}" for n in range(1, tables + 1)]
    for name in names:
        _setup(store, name, seats, stack)
        if not store.claim(name, f"drill-{os.getpid()}"):
            _say(f"error {name} is claimed")
            return 1
    states = [recover(store, name, seats) for name in names]
    for state in states:   # the resend of the last committed action writes nothing
        if state.next_action > 1:
            number = state.next_action - 1
            before = recover(store, state.table_id, seats)
            old = [e.seq for e in store.log(state.table_id)
                   if e.client_action_id == f"{state.table_id}-a{number}"]
            redo = plan(state.table_id, number, before.stacks, seed, before.pot)
            seqs = store.append(state.table_id, redo.entries, redo.txns)
            after = recover(store, state.table_id, seats)
            if seqs[:1] != old or (after.stacks, after.pot) != (before.stacks, before.pot):
                _say(f"error resend {state.table_id} {seqs} {old}")
                return 1
            _say(f"resend {state.table_id} {seqs[0]}")
    _say("ready")
    while True:
        live = [s for s in states if not actions or s.next_action <= actions]
        if not live:
            return 0
        pending: list[tuple[TableState, Action, Future[list[int]]]] = []
        for state in live:
            action = plan(state.table_id, state.next_action, state.stacks, seed, state.pot)
            pending.append((state, action, store.submit(state.table_id, action.entries,
                                                        action.txns)))
        for state, action, future in pending:
            seqs = future.result()
            _apply(state, action)
            _say(f"ack {state.table_id} {action.cid} {seqs[0]}")


def bench(store: Store, tables: int, seconds: float) -> dict[str, float]:
    """Commits/s one action at a time, then actions/s with ``tables`` tables at once."""
    for n in range(1, tables + 1):
        _setup(store, f"b{n}", 2, 10 ** 9)
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        done += 1
        store.append("b1", [NewEntry("action", {"n": done}, f"s{done}")],
                     [NewTxn((("seat:b1:1", -1), ("pot:b1", 1)))])
    single = done / (time.perf_counter() - start)
    stats = getattr(store, "stats", None)
    commits0 = stats.commits if stats is not None else 0
    done, start, rounds = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        rounds += 1
        futures = [store.submit(f"b{n}", [NewEntry("action", {"r": rounds}, f"g{rounds}")],
                                [NewTxn(((f"seat:b{n}:1", -1), (f"pot:b{n}", 1)))])
                   for n in range(1, tables + 1)]
        for future in futures:
            future.result()
        done += len(futures)
    elapsed = time.perf_counter() - start
    commits = (stats.commits - commits0) if stats is not None else 0
    return {"single_commits_per_s": round(single), "tables": tables,
            "group_actions_per_s": round(done / elapsed),
            "group_commits_per_s": round(commits / elapsed),
            "actions_per_commit": round(done / commits, 1) if commits else 0.0}


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (see the module docstring)."""
    parser = argparse.ArgumentParser(prog="python -m bragkit.server.store.drill")
    parser.add_argument("--db", required=True)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--stack", type=int, default=100)
    parser.add_argument("--actions", type=int, default=0, help="per table (0: for ever)")
    parser.add_argument("--seed", type=int, default=None,
                        help="the actions' seed (default: a fresh one, printed first)")
    parser.add_argument("--bench", action="store_true")
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args(argv)
    store = open_store(args.db)
    try:
        if args.bench:
            _say(json.dumps(bench(store, args.tables, args.seconds)))
            return 0
        seed = secrets.randbelow(2 ** 32) if args.seed is None else args.seed
        if args.seed is None:
            _say(f"seed {seed}")
        return drill(store, args.tables, args.seats, args.stack, args.actions, seed)
    finally:
        store.close()


if __name__ == "__main__":
    sys.exit(main())
