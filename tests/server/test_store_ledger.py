"""The money tools over the ledger: checks, nets, settle-up with the fewest transfers, CSV."""

from __future__ import annotations

import csv
import io
import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.server.store import LedgerError, LedgerTxn, NewEntry, NewTxn, TableRecord, open_store
from bragkit.server.store.ledger import (
    EXACT_LIMIT,
    Transfer,
    balances,
    check,
    ledger_csv,
    nets,
    settle_up,
    summary,
    transfers_csv,
)


def settled(net: dict[str, int], transfers: list[Transfer]) -> dict[str, int]:
    """``net`` after the transfers (every value 0 when they settle it)."""
    after = dict(net)
    for t in transfers:
        assert t.amount > 0 and t.payer != t.payee
        after[t.payer] += t.amount
        after[t.payee] -= t.amount
    return after


def partitions(items: list[int]) -> Iterator[list[list[int]]]:
    """Every set partition of ``items`` (indices), for the brute-force minimum."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for smaller in partitions(rest):
        yield [[first], *smaller]
        for i in range(len(smaller)):
            yield [*smaller[:i], [first, *smaller[i]], *smaller[i + 1:]]


def fewest(net: dict[str, int]) -> int:
    """The fewest transfers by brute force: n minus the most zero-sum blocks of a partition."""
    amounts = [a for a in net.values() if a]
    best = 0
    for blocks in partitions(list(range(len(amounts)))):
        if all(sum(amounts[i] for i in block) == 0 for block in blocks):
            best = max(best, len(blocks))
    return len(amounts) - best


@st.composite
def zero_sum_nets(draw: st.DrawFn, most: int = 7) -> dict[str, int]:
    values = draw(st.lists(st.integers(-40, 40), min_size=1, max_size=most - 1))
    values.append(-sum(values))
    return {f"p{i}": v for i, v in enumerate(values)}


@settings(max_examples=300, deadline=None)
@given(zero_sum_nets())
def test_settle_up_is_fewest_and_settles(net: dict[str, int]) -> None:
    transfers = settle_up(net)
    assert set(settled(net, transfers).values()) <= {0}
    assert len(transfers) == fewest(net)
    for t in transfers:
        assert net[t.payer] < 0 < net[t.payee]


def test_settle_up_finds_the_split_greedy_misses() -> None:
    # greedy (largest debtor pays largest creditor) needs 4 transfers here:
    # e pays b 4, c pays a 3, c pays d 1, e pays d 1; {b, c} and {a, d, e} settle in 3
    net = {"a": 3, "b": 4, "c": -4, "d": 2, "e": -5}
    transfers = settle_up(net)
    assert len(transfers) == 3
    assert Transfer("c", "b", 4) in transfers


def test_settle_up_beyond_the_exact_limit() -> None:
    rng = random.Random(12)
    values = [rng.randint(-50, 50) for _ in range(3 * EXACT_LIMIT)]
    values.append(-sum(values))
    net = {f"p{i:02}": v for i, v in enumerate(values)}
    transfers = settle_up(net)
    assert set(settled(net, transfers).values()) <= {0}
    assert len(transfers) <= sum(1 for v in values if v) - 1
    pairs = {"x": -9, "y": 9, **{f"q{i:02}": (i % 5 + 1) * (-1) ** i for i in range(20)}}
    pairs["z"] = -sum(pairs.values())
    assert Transfer("x", "y", 9) in settle_up(pairs)   # equal debt and credit paired first


def test_settle_up_refuses_chips_on_the_table() -> None:
    with pytest.raises(LedgerError, match="sum to -3"):
        settle_up({"ann": 2, "bob": -5})
    assert settle_up({}) == [] and settle_up({"ann": 0}) == []


def test_summary_check_and_csv_from_a_store(tmp_path: object) -> None:
    store = open_store(f"sqlite:///{tmp_path}/room.db")
    try:
        store.create_table(TableRecord("t1", "modern", {}, 3, 100, {}, None, "h", 0.0, "open"))
        for seat, name in enumerate(("ann", "bob", "cy"), 1):
            store.append("t1", [NewEntry("seat", {"seat": seat, "name": name})],
                         [NewTxn(((f"player:{name}", -100), (f"seat:t1:{seat}", 100)),
                                 "buy-in")])
        store.append("t1", [NewEntry("action", {}, "c1")],
                     [NewTxn((("seat:t1:1", -60), ("seat:t1:3", -20), ("seat:t1:2", 80)),
                             "hand 1")])
        store.append("t1", [NewEntry("seat", {"seat": 2, "name": "bob"})],
                     [NewTxn((("player:bob", -50), ("seat:t1:2", 50)), "top-up")])
        for seat, name in enumerate(("ann", "bob", "cy"), 1):
            chips = store.balances("t1")[f"seat:t1:{seat}"]
            store.append("t1", [], [NewTxn(((f"seat:t1:{seat}", -chips),
                                            (f"player:{name}", chips)), "cash-out")])
        txns = store.ledger("t1")
    finally:
        store.close()
    check(txns)
    assert [(s.name, s.bought_in, s.cashed_out, s.net) for s in summary(txns)] == [
        ("ann", 100, 40, -60), ("bob", 150, 230, 80), ("cy", 100, 80, -20)]
    assert nets(txns) == {"ann": -60, "bob": 80, "cy": -20}
    assert {k: v for k, v in balances(txns).items() if k.startswith("seat:")} == {
        "seat:t1:1": 0, "seat:t1:2": 0, "seat:t1:3": 0}
    assert settle_up(nets(txns)) == [Transfer("ann", "bob", 60), Transfer("cy", "bob", 20)]
    rows = list(csv.DictReader(io.StringIO(ledger_csv(txns))))
    assert len(rows) == sum(len(t.entries) for t in txns)
    assert sum(int(r["amount"]) for r in rows) == 0
    assert rows[0]["memo"] == "buy-in" and rows[0]["account"] == "player:ann"
    assert rows[0]["time"].endswith("+00:00")
    assert transfers_csv(settle_up(nets(txns))).splitlines() == [
        "payer,payee,amount", "ann,bob,60", "cy,bob,20"]


def test_check_finds_an_unbalanced_or_missing_transaction() -> None:
    good = LedgerTxn("t1", 1, (("a", -1), ("b", 1)))
    check([good, LedgerTxn("t2", 1, (("a", 2), ("b", -2)))])
    with pytest.raises(LedgerError, match="transaction 3 where 2 was due"):
        check([good, LedgerTxn("t1", 3, (("a", -1), ("b", 1)))])
    with pytest.raises(LedgerError, match="does not sum to zero"):
        LedgerTxn("t1", 2, (("a", -1), ("b", 2)))
