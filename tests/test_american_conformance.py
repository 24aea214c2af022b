"""Conformance of American Brag, and the privacy of its exchanges (rules 2.5, 4.3).

Beyond the generic checker, every state of thousands of random deals is checked against the
rule itself: the two hands of a private exchange (the caller's and the bragger's, just after
the call) are visible to those two seats only, and appear in no other seat's view unless
they were later shown to the whole table at a public final or showdown.
"""

from __future__ import annotations

import random

import pytest

from bragkit.engine import open_table
from bragkit.engine.poker.state import PokerState
from bragkit.rules import Rules, get_preset, preset_names
from bragkit.testing import check_conformance

CASES: list[tuple[str, Rules]] = [
    (name, get_preset(name)) for name in preset_names() if get_preset(name).game == "american"
] + [
    ("limit=2", get_preset("american").replace(limit=2, max_raises=2)),
    ("allow_check, eldest tie", get_preset("american").replace(allow_check=True,
                                                                showdown_tie="eldest")),
    ("all_in=fold, ante stays", get_preset("american").replace(
        all_in="fold", dealer_withdraws_ante=False, no_call_payment=0,
        dealer_may_raise_own_ante=False)),
]


@pytest.mark.parametrize(("name", "rules"), CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize(("players", "stack"), [(6, 30), (3, 200)])
def test_random_play_conforms(name: str, rules: Rules, players: int, stack: int) -> None:
    report = check_conformance(rules, hands=500, players=players, stack=stack, seed=7,
                               probe_every=3)
    assert report.hands >= 500 and report.failures == []


def check_exchanges_private(st: PokerState) -> int:
    """Assert the exchange rule on ``st``; returns the number of private exchanges seen.

    A seat may know another seat's hand only if the two exchanged hands (each exchange
    follows the caller's ``call``) or the hand was shown to the whole table.
    """
    events = st.events
    public = {c for e in events if e.kind == "reveal" and e.visible_to is None
              for c in e.cards or ()}
    partners: dict[int, set[int]] = {s: set() for s in range(st.n)}
    hands: list[tuple[int, set[int]]] = []
    for i, e in enumerate(events):
        if e.kind != "exchange" or events[i - 1].kind == "exchange":
            continue
        caller, bragger = events[i], events[i + 1]
        assert events[i - 1].kind == "call" and events[i - 1].seat == caller.seat
        assert bragger.kind == "exchange" and bragger.seat != caller.seat
        assert caller.seat is not None and bragger.seat is not None
        pair = frozenset({caller.seat, bragger.seat})
        assert caller.visible_to == bragger.visible_to == pair
        partners[caller.seat].add(bragger.seat)
        partners[bragger.seat].add(caller.seat)
        hands += [(caller.seat, set(caller.cards or ())), (bragger.seat, set(bragger.cards or ()))]
    for seat in range(st.n):
        known = {c.id for c in st.view(seat).known_cards()}
        for owner, cards in hands:
            if owner == seat or owner in partners[seat]:
                assert cards <= known
            else:
                assert not (cards - public) & known, (seat, owner)
    return len(hands) // 2


def test_4_3_private_exchanges_stay_private_in_random_play() -> None:
    rng = random.Random(1)
    exchanges = 0
    deals = 0
    for seed in range(120):
        table = open_table(get_preset("american"), [40] * 5, dealer=seed % 5, seed=seed)
        while not table.over and table.deal_no < 15:
            st = table.state
            assert isinstance(st, PokerState)
            exchanges += check_exchanges_private(st)
            table.apply(rng.choice(st.legal_actions()).sample(rng))
        deals += table.deal_no
    assert deals > 1000 and exchanges > 300


def test_2_5_the_checker_catches_an_exchange_shown_to_a_third_seat() -> None:
    import dataclasses

    from bragkit.testing import ConformanceError, check_state
    from bragkit.testing.fixtures import stacked_pack

    rules = get_preset("american").replace(limit=5)
    hands = {0: "Qs Qh 3c", 1: "Ks Kh 2c", 2: "7h 5s 2h", 3: "4d 6d 8c"}
    st = PokerState.start(rules, (30,) * 4, 3, stacked_pack(rules, 4, 3, hands))
    for move in ("ante 2", "call", "raise 3", "call"):
        st = st.apply(move)
    check_state(st)                                   # the real state passes
    leaky = tuple(e._replace(visible_to=frozenset({0, 1, 2})) if e.kind == "exchange" else e
                  for e in st.events)
    with pytest.raises(ConformanceError, match="view of p1 leaks"):
        check_state(dataclasses.replace(st, events=leaky))
