"""American Brag (rules 4.3, 6.12 AB1-AB2, A-AM1 to A-AM4): private exchanges."""

from __future__ import annotations

import pytest

from bragkit.engine.poker.state import PokerState
from bragkit.rules import Rules, get_preset
from bragkit.testing.fixtures import stacked_pack

AMERICAN = get_preset("american").replace(limit=5)
AB1_HANDS = {0: "Qs Qh 3c", 1: "Ks Kh 2c", 2: "7h 5s 2h", 3: "4d 6d 8c"}


def deal(rules: Rules, hands: dict[int, str], n: int = 4, dealer: int = 3,
         stack: int = 30) -> PokerState:
    return PokerState.start(rules, (stack,) * n, dealer, stacked_pack(rules, n, dealer, hands))


def play(st: PokerState, *moves: str) -> PokerState:
    for move in moves:
        st = st.apply(move)
        assert st.chips_in_play() == st.total
    return st


def known(st: PokerState, seat: int) -> set[str]:
    return {str(c) for c in st.view(seat).known_cards()}


def exchanges(st: PokerState) -> list[tuple[int | None, frozenset[int] | None]]:
    return [(e.seat, e.visible_to) for e in st.events if e.kind == "exchange"]


def test_ab1_private_exchanges_then_a_public_final() -> None:
    st = play(deal(AMERICAN, AB1_HANDS), "ante 2", "call", "raise 3")
    st = play(st, "call")                             # P3 sees P2's raise: private
    assert exchanges(st) == [(2, frozenset({1, 2})), (1, frozenset({1, 2}))]
    assert st.status[2] == "folded"                   # P3 retires; his 5 stays in
    assert st.pot == 14 and st.to_act == 3            # 2 + 2 + 5 + 5
    st = play(st, "call")                             # the dealer sees: private again
    assert st.status[3] == "folded" and st.to_act == 0
    assert [str(a) for a in st.legal_actions()][:2] == ["fold", "call (costs 3)"]
    done = play(st, "call")                           # last two contenders: public
    assert done.is_over
    assert {e.seat for e in done.events if e.kind == "reveal"} == {0, 1}
    assert all(e.visible_to is None for e in done.events if e.kind == "reveal")
    assert done.stacks == (25, 45, 25, 25)            # P2 takes the pot of 20
    folded = play(st, "fold")
    assert folded.stacks == (28, 42, 25, 25)          # uncalled: P2 takes 17 unseen
    assert not any(e.kind == "reveal" for e in folded.events)


def test_ab1_exchanged_hands_appear_in_no_other_seat_view() -> None:
    st = play(deal(AMERICAN, AB1_HANDS), "ante 2", "call", "raise 3", "call")
    p2, p3 = set(AB1_HANDS[1].split()), set(AB1_HANDS[2].split())
    assert p3 <= known(st, 1) and p2 <= known(st, 2)          # the two involved see both
    for seat in (0, 3):
        assert not (p2 | p3) & known(st, seat)
        assert set(st.view(seat).shown) == set()
    st = play(st, "call")                                      # P2 and the dealer exchange
    dealer = set(AB1_HANDS[3].split())
    assert dealer <= known(st, 1) and p2 <= known(st, 3)
    assert not dealer & known(st, 0) and not dealer & known(st, 2)
    assert not p3 & known(st, 3)              # the dealer never saw P3's exchanged hand


def test_ab2_no_raise_shows_every_hand_at_once() -> None:
    st = play(deal(AMERICAN, AB1_HANDS), "ante 2", "call", "call", "call", "stand")
    assert st.is_over
    assert {e.seat for e in st.events if e.kind == "reveal"} == {0, 1, 2, 3}
    assert not exchanges(st)
    assert st.stacks == (28, 36, 28, 28)


def test_a_am4_raising_instead_of_seeing_makes_a_new_bragger_without_exchange() -> None:
    st = play(deal(AMERICAN, AB1_HANDS), "ante 2", "call", "raise 3", "raise 2")
    assert not exchanges(st)
    st = play(st, "call")                                   # the dealer sees P3's raise
    assert exchanges(st) == [(3, frozenset({2, 3})), (2, frozenset({2, 3}))]
    assert st.status[2] == "folded"                         # P3's 7-5-2 loses to 8-6-4


def test_4_3_an_uncalled_bragger_after_an_exchange_wins_unseen() -> None:
    hands = {0: "Ks Kh 2c", 1: "7h 5s 2h", 2: "4d 6d 8c"}
    st = play(deal(AMERICAN, hands, n=3, dealer=2), "ante 1", "raise 2", "call", "fold")
    assert st.is_over and st.stacks == (34, 27, 29)   # 1 + 3 + 3 to p1
    assert not any(e.kind == "reveal" for e in st.events)


@pytest.mark.parametrize(("tie", "folded"), [
    ("incumbent_survives", {2, 3}),
    ("seer_survives", {1, 3}),
    ("both_survive", {3}),
])
def test_a_am3_exchange_tie(tie: str, folded: set[int]) -> None:
    hands = {0: "Qs Qh 3c", 1: "Ks Kh 2c", 2: "Kd Kc 2h", 3: "4d 6d 8c"}
    st = play(deal(AMERICAN.replace(exchange_tie=tie), hands), "ante 2", "call", "raise 3",
              "call")
    st = play(st, "fold")
    assert {s for s in range(4) if st.status[s] == "folded"} == folded


def test_a_am3_both_survive_ends_in_a_public_showdown_with_a_split() -> None:
    hands = {0: "Qs Qh 3c", 1: "Ks Kh 2c", 2: "Kd Kc 2h", 3: "4d 6d 8c"}
    rules = AMERICAN.replace(exchange_tie="both_survive")
    st = play(deal(rules, hands), "ante 2", "call", "raise 3", "call", "fold", "fold")
    assert st.is_over and st.stacks == (28, 32, 32, 28)     # 2 + 5 + 5 + 2 = 14 split


@pytest.mark.parametrize(("tie", "stacks"), [("split", (30, 30, 30, 30)),
                                              ("eldest", (35, 30, 30, 25))])
def test_4_3_a_tie_at_the_public_final_follows_showdown_tie(
        tie: str, stacks: tuple[int, ...]) -> None:
    hands = {0: "Qs Qh 3c", 1: "7h 5s 2h", 2: "4d 6d 8c", 3: "Qd Qc 3h"}
    st = play(deal(AMERICAN.replace(showdown_tie=tie), hands), "ante 2", "raise 3", "fold",
              "fold", "call")                        # the dealer sees p1's raise: public
    assert st.is_over and {e.seat for e in st.events if e.kind == "reveal"} == {0, 3}
    assert not any(e.kind == "exchange" for e in st.events)
    assert st.stacks == stacks                       # the pot of 5 + 5 = 10


@pytest.mark.parametrize(("order", "winner"), [("rank_first", 1), ("braggers_first", 0)])
def test_a_am1_american_order_at_the_showdown(order: str, winner: int) -> None:
    hands = {0: "Js 9h 2c", 1: "As Ah Ac", 2: "3d 4d 6c"}       # AM4
    rules = AMERICAN.replace(american_order=order)
    st = play(deal(rules, hands, n=3, dealer=2), "ante 1", "call", "call", "stand")
    assert st.stacks[winner] == 32


def test_3_5_three_jacks_beat_three_aces() -> None:
    hands = {0: "Js Jh Jd", 1: "As Ah Ac", 2: "3d 4d 6c"}       # AM1
    st = play(deal(AMERICAN, hands, n=3, dealer=2), "ante 1", "call", "call", "stand")
    assert st.stacks[0] == 32


def test_4_3_nobody_meets_the_ante_as_in_foster() -> None:
    st = play(deal(AMERICAN, AB1_HANDS), "ante 3", "fold", "fold", "fold")
    assert st.stacks == (29, 29, 29, 33)


def test_replay_and_views_after_exchanges() -> None:
    st = play(deal(AMERICAN, AB1_HANDS), "ante 2", "call", "raise 3", "call", "call", "call")
    assert st.replay() == st
    for seat in range(4):
        assert st.view(seat).own_cards is not None
