"""The fast deal turnover of the Commerce and poker-style tables (issue 11) keeps behaviour:
a deal dealt without events is the same machine, a table's state read before the first
action is the dealt state, the table's shuffle is the uniform key sort it always was, the
showdown's ties come out in turn order, and the poker-style seat rotation is the dealer's
left round to the dealer.
"""

from __future__ import annotations

import random

import pytest

from bragkit.engine import open_table
from bragkit.engine.actions import interned
from bragkit.engine.pack import fresh_pack
from bragkit.engine.poker.state import start_work
from bragkit.games.commerce.cards import CARD_ID
from bragkit.games.commerce.core import Draft
from bragkit.games.commerce.hands import hand_category
from bragkit.games.commerce.state import CommerceState, deal_draft, start_draft
from bragkit.games.commerce.trade import TRADE_GAME
from bragkit.rules import get_preset

COMMERCE = ("commerce", "commerce-32", "commerce-hoyle", "commerce-widow",
            "commerce-widow-stakes", "commerce-widow-britannica", "commerce-pounce")
_MACHINE = ("stacks", "pot", "hands", "widow", "pack", "status", "active", "looked", "phase",
            "to_act", "rounds", "stands", "pending", "lives", "horses", "paid", "total")


@pytest.mark.parametrize("preset", COMMERCE)
def test_deal_without_events_is_the_same_machine(preset: str) -> None:
    rules = get_preset(preset)
    rng = random.Random(preset)
    for dealer in range(4):
        pack = list(fresh_pack(rules))
        rng.shuffle(pack)
        loud = start_draft(rules, (30, 30, 30, 30), dealer, tuple(pack))
        quiet = start_draft(rules, (30, 30, 30, 30), dealer, tuple(pack), events=False)
        assert [getattr(quiet, f) for f in _MACHINE] == [getattr(loud, f) for f in _MACHINE]
        assert quiet.new_events == [] and not quiet.quiet
        kinds = [e.kind for e in loud.new_events]
        assert kinds[0] == "deal_start" and kinds.count("deal") == 4


@pytest.mark.parametrize("preset", COMMERCE)
def test_state_read_before_the_first_action_is_the_dealt_state(preset: str) -> None:
    rules = get_preset(preset)
    table = open_table(rules, [30] * 4, dealer=1, seed=5)
    first = table.state
    pack = table.packs_used[-1]
    assert first == CommerceState.start(rules, (30,) * 4, table.dealer, pack)
    assert first.events[0].kind == "deal_start"
    # the line then freezes its next step from the machine: the same as applying it
    action = table.legal_actions()[-1].examples()[0]  # (barter, keep or pass: play goes on)
    table.apply(action)
    after = table.state
    assert table.deal_no == 0 and after.origin is first
    assert after == first.apply(action) and after.events[:len(first.events)] == first.events


@pytest.mark.parametrize("preset", ("commerce", "commerce-32"))
def test_shuffle_is_the_uniform_key_sort(preset: str) -> None:
    rules = get_preset(preset)
    table = open_table(rules, [30] * 3, dealer=0, seed=11)
    ref = random.Random(11)
    want = fresh_pack(rules)
    for _ in range(20):
        keys = [ref.random() for _ in want]
        expected = tuple(card for _, card in sorted(zip(keys, want, strict=True)))
        assert table.packs_used[-1] == expected
        table.apply(interned("stand"))


def test_ranked_ties_in_turn_order() -> None:
    rules = get_preset("commerce")
    # p1 and p3 hold equal pairs (best), p2 and p4 equal point hands (worst)
    d = Draft.blank(rules, TRADE_GAME, 4, 3, (9,) * 4, ())
    d.hands = [tuple(CARD_ID[c] for c in hand.split())
               for hand in ("4c 4d 9h", "2c 7d 9h", "4s 4h 9d", "2s 7h 9d")]
    assert [hand_category(rules, h) for h in d.hands] == ["pair", "point"] * 2
    top, low = d.ranked()
    assert top == [0, 2] and low == [1, 3]
    d.dealer = 1  # turn order now starts at p3
    d.active = (2, 3, 0, 1)
    top, low = d.ranked()
    assert top == [2, 0] and low == [3, 1]


@pytest.mark.parametrize("n", (2, 3, 6, 12))
def test_poker_order_is_the_dealers_left_round(n: int) -> None:
    rules = get_preset("foster")
    for dealer in range(n):
        w = start_work(rules, (50,) * n, dealer, tuple(range(52)))
        expected = [(dealer + k) % n for k in range(1, n + 1)]
        assert w.order() == expected
        assert w.order() is not w.order()  # a fresh list: callers may change it


@pytest.mark.parametrize("preset", ("commerce", "commerce-widow-stakes"))
def test_openings_by_dealer_follow_the_seats_dealt_in(preset: str) -> None:
    # deal_draft finds a table's openings by dealer for the seats-dealt-in tuple it last
    # saw; deals of two tables with different seats dealt in, interleaved, each get their own
    rules = get_preset(preset)
    pack = tuple(range(52))
    everyone, three = (True,) * 4, (True, False, True, True)
    for dealer in (0, 2, 3, 0, 2, 3):
        for seated in (everyone, three, three, everyone):
            d = deal_draft(rules, (30,) * 4, dealer, pack, seated, 0, None, None, -1, True)
            want = [s for s in range(dealer + 1, dealer + 5) if seated[s % 4]]
            assert list(d.active) == [s % 4 for s in want]
            assert (d.hands[1] == ()) == (seated is three)
            # (a new tuple of the seats: the keyed path, not the by-dealer one)
            fresh = start_draft(rules, (30,) * 4, dealer, pack, seated=list(seated))
            assert [getattr(d, f) for f in _MACHINE] == [getattr(fresh, f) for f in _MACHINE]
            assert d.new_events == fresh.new_events
