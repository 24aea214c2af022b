"""Money tools of a table: its ledger, each person's buy-ins, cash-outs and net, the
settle-up with the fewest transfers, and a CSV export (docs/server.md, "Money").

A person's net is what the ledger paid them (cash-outs) minus what they paid (buy-ins and
top-ups), plus the stack they still hold.  The bank (which funds the bots' seats and the
seats nobody sits at) balances the people: the nets of everybody, the bank included, sum to
zero.

>>> settle_up({"ann": 30, "bob": -20, "cy": -10})
[('bob', 'ann', 20), ('cy', 'ann', 10)]
>>> len(settle_up({"a": 5, "b": 5, "c": -5, "d": -5, "e": 3, "f": -3}))   # not 4 or 5
3
"""

from __future__ import annotations

import asyncio
import csv
import io
from collections.abc import Mapping

from bragkit.server.runtime import TableRuntime
from bragkit.server.store.base import JSON

__all__ = ["BANK", "csv_text", "nets", "report", "settle_up"]

BANK = "bank"
"""The name of the bank in nets and transfers."""

_EXACT_UP_TO = 10
"""Parties up to which the settle-up is exact (the fewest transfers); above it, greedy."""


def _groups(names: list[str], amounts: Mapping[str, int]) -> list[list[str]]:
    """Split ``names`` into the most groups that each sum to zero (exact, by subsets)."""
    n = len(names)
    sums = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask & (mask - 1)] + amounts[names[low]]
    best = [-1] * (1 << n)
    best[0] = 0
    back = [0] * (1 << n)
    for mask in range(1, 1 << n):
        if sums[mask] != 0:
            continue
        low = mask & -mask
        sub = mask
        while sub:  # sub: a zero-sum group holding mask's lowest member
            if sub & low and sums[sub] == 0 and best[mask ^ sub] >= 0 and \
                    best[mask ^ sub] + 1 > best[mask]:
                best[mask] = best[mask ^ sub] + 1
                back[mask] = sub
            sub = (sub - 1) & mask
    out: list[list[str]] = []
    mask = (1 << n) - 1
    while mask:
        sub = back[mask]
        out.append([names[i] for i in range(n) if sub >> i & 1])
        mask ^= sub
    return out


def _greedy(group: list[str], amounts: Mapping[str, int]) -> list[tuple[str, str, int]]:
    """Settle one zero-sum group: the largest debtor pays the largest creditor, in turn."""
    debts = sorted(((-amounts[p], p) for p in group if amounts[p] < 0), reverse=True)
    credits = sorted(((amounts[p], p) for p in group if amounts[p] > 0), reverse=True)
    owed = [a for a, _ in debts]
    due = [a for a, _ in credits]
    out: list[tuple[str, str, int]] = []
    i = j = 0
    while i < len(debts) and j < len(credits):
        pay = min(owed[i], due[j])
        out.append((debts[i][1], credits[j][1], pay))
        owed[i] -= pay
        due[j] -= pay
        if owed[i] == 0:
            i += 1
        if due[j] == 0:
            j += 1
    return out


def settle_up(net: Mapping[str, int]) -> list[tuple[str, str, int]]:
    """Who pays whom, ``(payer, payee, chips)``, with the fewest transfers: the parties
    are split into the most groups that sum to zero (each group of k settles in k - 1
    transfers); exact up to 10 parties with a non-zero net, greedy above.  ``net`` must sum
    to zero."""
    if sum(net.values()) != 0:
        raise ValueError("the nets do not sum to zero")
    names = sorted(p for p, a in net.items() if a)
    groups = _groups(names, net) if len(names) <= _EXACT_UP_TO else [names]
    out: list[tuple[str, str, int]] = []
    for group in groups:
        out.extend(_greedy(group, net))
    return sorted(out)


def nets(balances: Mapping[str, int], rt: TableRuntime) -> dict[str, int]:
    """Each person's net (the bank's too) from the ledger balances and the stacks held."""
    prefix = f"player:{rt.id}:"
    out: dict[str, int] = {}
    for account, amount in balances.items():
        if account.startswith(prefix):
            out[account[len(prefix):]] = out.get(account[len(prefix):], 0) + amount
    stacks = rt.stacks()
    for seat, info in enumerate(rt.seats):
        if info.kind == "human" and info.name is not None:
            out[info.name] = out.get(info.name, 0) + stacks[seat]
    out[BANK] = -sum(out.values())
    return out


async def report(rt: TableRuntime) -> dict[str, JSON]:
    """``GET /api/tables/{id}/ledger``: transactions, balances, nets, settle-up."""
    txns = await asyncio.to_thread(rt.store.ledger, rt.id)
    balances = await asyncio.to_thread(rt.store.balances, rt.id)
    net = nets(balances, rt)
    prefix = f"player:{rt.id}:"
    bought: dict[str, int] = {}
    cashed: dict[str, int] = {}
    for txn in txns:
        for account, amount in txn.entries:
            if account.startswith(prefix):
                who = account[len(prefix):]
                if amount < 0:
                    bought[who] = bought.get(who, 0) - amount
                else:
                    cashed[who] = cashed.get(who, 0) + amount
    people: list[JSON] = [{"name": who, "bought_in": bought.get(who, 0),
                           "cashed_out": cashed.get(who, 0), "net": amount}
                          for who, amount in sorted(net.items())]
    return {
        "table": rt.id,
        "transactions": [{"seq": t.seq, "memo": t.memo, "log_seq": t.log_seq, "at": t.at,
                          "entries": [[a, n] for a, n in t.entries]} for t in txns],
        "balances": dict(sorted(balances.items())),
        "people": people,
        "settle_up": [{"from": a, "to": b, "chips": n} for a, b, n in settle_up(net)],
        "zero_sum": all(sum(n for _, n in t.entries) == 0 for t in txns),
    }


async def csv_text(rt: TableRuntime) -> str:
    """The ledger as CSV: one row per entry (seq, time, memo, account, amount)."""
    txns = await asyncio.to_thread(rt.store.ledger, rt.id)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["txn", "at", "memo", "account", "amount"])
    for t in txns:
        for account, amount in t.entries:
            writer.writerow([t.seq, f"{t.at:.3f}", t.memo, account, amount])
    return out.getvalue()
