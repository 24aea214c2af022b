"""Money tools of a table on the ledger module (:mod:`bragkit.server.store.ledger`): each
person's buy-ins, cash-outs and net, the settle-up with the fewest transfers, CSV
(docs/server.md, "Money").

A person's net is what the ledger paid them (cash-outs) minus what they paid (buy-ins and
top-ups), plus the stack they still hold (as if they cashed out now).  The bank, which funds
the bots' seats and the seats nobody sits at, balances the people: the nets of everybody,
the bank included, sum to zero, so the settle-up always balances.  At a table played
against the house (casino) the house is one more party: its net is what its ledger account
``house:<table>`` took from the seats less what it paid them.

>>> held_nets({"ann": -100, "bob": 0}, {"ann": 130, "bob": 70})
{'ann': 30, 'bob': 70, 'bank': -100}
>>> held_nets({"ann": -100}, {"ann": 90}, {"house": 10})
{'ann': -10, 'house': 10, 'bank': 0}
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping

from bragkit.server.runtime import TableRuntime
from bragkit.server.store.base import JSON
from bragkit.server.store.ledger import ledger_csv, settle_up, summary

__all__ = ["BANK", "HOUSE", "csv_text", "held_nets", "report"]

BANK = "bank"
"""The name of the bank in nets and transfers."""
HOUSE = "house"
"""The name of the house (a table played against it) in nets and transfers."""


def held_nets(ledger_nets: Mapping[str, int], held: Mapping[str, int],
              parties: Mapping[str, int] | None = None) -> dict[str, int]:
    """Nets with the stacks still held added, other ``parties``' nets (the house's), and
    the bank's balancing net."""
    out = {name: amount + held.get(name, 0) for name, amount in ledger_nets.items()}
    for name, chips in held.items():
        out.setdefault(name, chips)
    out.update(parties or {})
    out[BANK] = -sum(out.values())
    return out


def _held(rt: TableRuntime) -> dict[str, int]:
    stacks = rt.stacks()
    return {info.name: stacks[seat] for seat, info in enumerate(rt.seats)
            if info.kind == "human" and info.name is not None}


async def report(rt: TableRuntime) -> dict[str, JSON]:
    """``GET /api/tables/{id}/ledger``: transactions, balances, people, settle-up."""
    txns = await asyncio.to_thread(rt.store.ledger, rt.id)
    balances = await asyncio.to_thread(rt.store.balances, rt.id)
    people = summary(txns)
    held = _held(rt)
    parties = {HOUSE: balances.get(rt.house_account, 0)} if rt.house else {}
    net = held_nets({p.name: p.net for p in people}, held, parties)
    rows: list[JSON] = [{"name": p.name, "bought_in": p.bought_in, "cashed_out": p.cashed_out,
                         "holding": held.get(p.name, 0), "net": net[p.name]} for p in people]
    return {
        "table": rt.id,
        "transactions": [{"seq": t.seq, "memo": t.memo, "log_seq": t.log_seq, "at": t.at,
                          "entries": [[a, n] for a, n in t.entries]} for t in txns],
        "balances": dict(sorted(balances.items())),
        "people": rows,
        "bank": net[BANK],
        **({"house": net[HOUSE]} if rt.house else {}),
        "settle_up": [{"from": t.payer, "to": t.payee, "chips": t.amount}
                      for t in settle_up(net)],
        "zero_sum": all(sum(n for _, n in t.entries) == 0 for t in txns),
    }


async def csv_text(rt: TableRuntime) -> str:
    """The ledger as CSV (:func:`bragkit.server.store.ledger.ledger_csv`)."""
    return ledger_csv(await asyncio.to_thread(rt.store.ledger, rt.id))
