"""Money tools over a table's double-entry ledger: checks, nets, settle-up, CSV.

A player's account ``player:<name>`` is debited when they buy in (chips go to their seat
account) and credited when they cash out, so its balance is the player's net: positive
means they won.  :func:`settle_up` lists who pays whom with the fewest transfers.

>>> txns = [LedgerTxn("t1", 1, (("player:ann", -100), ("seat:t1:1", 100)), "buy-in"),
...         LedgerTxn("t1", 2, (("player:bob", -100), ("seat:t1:2", 100)), "buy-in"),
...         LedgerTxn("t1", 3, (("seat:t1:1", -100), ("seat:t1:2", 100)), "hand 1"),
...         LedgerTxn("t1", 4, (("seat:t1:2", -200), ("player:bob", 200)), "cash-out")]
>>> [(s.name, s.bought_in, s.cashed_out, s.net) for s in summary(txns)]
[('ann', 100, 0, -100), ('bob', 100, 200, 100)]
>>> settle_up(nets(txns))
[Transfer(payer='ann', payee='bob', amount=100)]
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Final

from bragkit.errors import excerpt
from bragkit.server.store.base import LedgerError, LedgerTxn

__all__ = [
    "EXACT_LIMIT",
    "PLAYER",
    "PlayerSummary",
    "Transfer",
    "balances",
    "check",
    "ledger_csv",
    "nets",
    "settle_up",
    "summary",
    "transfers_csv",
]

PLAYER: Final = "player:"
"""The prefix of a player's account."""

EXACT_LIMIT: Final = 14
"""Settle-up is exact (the fewest transfers) for at most this many players with a non-zero
net; beyond, a greedy heuristic (see :func:`settle_up`)."""


@dataclass(frozen=True, slots=True)
class Transfer:
    """``payer`` pays ``amount`` chips to ``payee``."""

    payer: str
    payee: str
    amount: int


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    """One player's money at a table: chips bought in, cashed out, and the net."""

    name: str
    bought_in: int
    cashed_out: int

    @property
    def net(self) -> int:
        """Cashed out minus bought in (positive: a win)."""
        return self.cashed_out - self.bought_in


def check(txns: Iterable[LedgerTxn]) -> None:
    """Raise :class:`LedgerError` unless every transaction sums to zero and the seqs of each
    table run 1, 2, 3...

    >>> check([LedgerTxn("t", 2, (("a", 1), ("b", -1)))])
    Traceback (most recent call last):
    ...
    bragkit.server.store.base.LedgerError: ledger of table 't': transaction 2 where 1 was due
    """
    due: dict[str, int] = {}
    for txn in txns:
        want = due.get(txn.table_id, 1)
        if txn.seq != want:
            raise LedgerError(f"ledger of table {excerpt(txn.table_id)}: transaction "
                              f"{txn.seq} where {want} was due")
        due[txn.table_id] = want + 1
        total = sum(amount for _, amount in txn.entries)
        if total:
            raise LedgerError(f"ledger of table {excerpt(txn.table_id)}: transaction "
                              f"{txn.seq} sums to {total}")


def balances(txns: Iterable[LedgerTxn]) -> dict[str, int]:
    """Each account's balance (sum of its amounts), accounts sorted.

    >>> balances([LedgerTxn("t", 1, (("b", 5), ("a", -5)))])
    {'a': -5, 'b': 5}
    """
    out: dict[str, int] = {}
    for txn in txns:
        for account, amount in txn.entries:
            out[account] = out.get(account, 0) + amount
    return dict(sorted(out.items()))


def summary(txns: Iterable[LedgerTxn]) -> list[PlayerSummary]:
    """Every player's buy-ins, cash-outs and net, by name (from their account's debits and
    credits, whatever the memos say)."""
    paid: dict[str, int] = {}
    got: dict[str, int] = {}
    for txn in txns:
        for account, amount in txn.entries:
            if account.startswith(PLAYER):
                name = account[len(PLAYER):]
                paid.setdefault(name, 0)
                got.setdefault(name, 0)
                if amount < 0:
                    paid[name] -= amount
                else:
                    got[name] += amount
    return [PlayerSummary(name, paid[name], got[name]) for name in sorted(paid)]


def nets(txns: Iterable[LedgerTxn]) -> dict[str, int]:
    """Each player's net (positive: won), by name."""
    return {s.name: s.net for s in summary(txns)}


def settle_up(net: Mapping[str, int]) -> list[Transfer]:
    """Who pays whom, with the fewest transfers, to settle ``net`` (player -> net chips,
    summing to zero: every chip cashed out).

    With ``n`` players of non-zero net, the fewest transfers is ``n - g`` where ``g`` is
    the most groups the players split into, each summing to zero; each group then settles
    with one transfer fewer than its size.  Up to :data:`EXACT_LIMIT` players this is exact
    (a search over subsets, 2^n steps); beyond, equal debts and credits are paired first,
    then the largest debtor pays the largest creditor (at most ``n - 1`` transfers, not
    always the fewest).  Ties go by name, so the answer is deterministic.

    >>> settle_up({"ann": -30, "bob": 10, "cy": 20, "dee": -10, "eve": 10})
    [Transfer(payer='ann', payee='bob', amount=10), Transfer(payer='ann', payee='cy', \
amount=20), Transfer(payer='dee', payee='eve', amount=10)]
    >>> settle_up({"ann": 5, "bob": -4})
    Traceback (most recent call last):
    ...
    bragkit.server.store.base.LedgerError: the nets do not sum to zero (they sum to 1): \
some chips are not cashed out
    """
    total = sum(net.values())
    if total:
        raise LedgerError(f"the nets do not sum to zero (they sum to {total}): some chips "
                          f"are not cashed out")
    people = sorted((name, amount) for name, amount in net.items() if amount)
    groups = _zero_groups(people) if len(people) <= EXACT_LIMIT else _pair_equal(people)
    out: list[Transfer] = []
    for group in groups:
        out.extend(_greedy(group))
    return sorted(out, key=lambda t: (t.payer, t.payee))


def _zero_groups(people: Sequence[tuple[str, int]]) -> list[list[tuple[str, int]]]:
    """The most zero-sum groups ``people`` split into (dynamic programming over subsets)."""
    n = len(people)
    full = (1 << n) - 1
    sums = [0] * (1 << n)
    for mask in range(1, full + 1):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + people[low.bit_length() - 1][1]
    best = [0] * (1 << n)
    for mask in range(1, full + 1):
        top = 0
        rest = mask
        while rest:
            bit = rest & -rest
            rest ^= bit
            if best[mask ^ bit] > top:
                top = best[mask ^ bit]
        best[mask] = top + (1 if sums[mask] == 0 else 0)
    groups: list[list[tuple[str, int]]] = []
    mask, closed = full, full
    while mask:
        rest = mask
        while rest:   # drop one player without losing a group
            bit = rest & -rest
            rest ^= bit
            if best[mask ^ bit] + (1 if sums[mask] == 0 else 0) == best[mask]:
                break
        mask ^= bit
        if sums[mask] == 0:   # a zero-sum prefix: the players dropped since form a group
            part = closed ^ mask
            groups.append([people[i] for i in range(n) if part >> i & 1])
            closed = mask
    return groups


def _pair_equal(people: Sequence[tuple[str, int]]) -> list[list[tuple[str, int]]]:
    """Debtor-creditor pairs of equal amounts as groups of two, the rest as one group."""
    debtors: dict[int, list[tuple[str, int]]] = {}
    for name, amount in people:
        if amount < 0:
            debtors.setdefault(-amount, []).append((name, amount))
    groups: list[list[tuple[str, int]]] = []
    rest: list[tuple[str, int]] = []
    for name, amount in people:
        if amount > 0 and debtors.get(amount):
            groups.append([debtors[amount].pop(0), (name, amount)])
        elif amount > 0:
            rest.append((name, amount))
    rest.extend(person for waiting in debtors.values() for person in waiting)
    if rest:
        groups.append(sorted(rest))
    return groups


def _greedy(group: Sequence[tuple[str, int]]) -> list[Transfer]:
    """Settle a zero-sum group: the largest debtor pays the largest creditor, repeatedly
    (at most ``len(group) - 1`` transfers)."""
    owe = sorted(((-a, n) for n, a in group if a < 0), key=lambda p: (-p[0], p[1]))
    due = sorted(((a, n) for n, a in group if a > 0), key=lambda p: (-p[0], p[1]))
    out: list[Transfer] = []
    while owe and due:
        (debt, payer), (credit, payee) = owe[0], due[0]
        amount = min(debt, credit)
        out.append(Transfer(payer, payee, amount))
        owe[0], due[0] = (debt - amount, payer), (credit - amount, payee)
        owe = sorted((p for p in owe if p[0]), key=lambda p: (-p[0], p[1]))
        due = sorted((p for p in due if p[0]), key=lambda p: (-p[0], p[1]))
    return out


def _iso(at: float) -> str:
    return datetime.fromtimestamp(at, UTC).isoformat(timespec="milliseconds") if at else ""


def ledger_csv(txns: Iterable[LedgerTxn]) -> str:
    """The ledger as CSV, one row per entry (``table,txn,log_seq,time,memo,account,amount``).

    >>> print(ledger_csv([LedgerTxn("t1", 1, (("player:ann", -5), ("seat:t1:1", 5)),
    ...                             "buy-in", 0, 0.0)]), end="")
    table,txn,log_seq,time,memo,account,amount
    t1,1,0,,buy-in,player:ann,-5
    t1,1,0,,buy-in,seat:t1:1,5
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["table", "txn", "log_seq", "time", "memo", "account", "amount"])
    for txn in txns:
        for account, amount in txn.entries:
            writer.writerow([txn.table_id, txn.seq, txn.log_seq, _iso(txn.at), txn.memo,
                             account, amount])
    return out.getvalue()


def transfers_csv(transfers: Iterable[Transfer]) -> str:
    """Settle-up transfers as CSV (``payer,payee,amount``).

    >>> print(transfers_csv([Transfer("ann", "bob", 100)]), end="")
    payer,payee,amount
    ann,bob,100
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["payer", "payee", "amount"])
    for t in transfers:
        writer.writerow([t.payer, t.payee, t.amount])
    return out.getvalue()
