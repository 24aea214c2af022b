"""Three-Stake Brag (rules 4.2, 3.7, 3.8, 6.7 C1-C3 and T1-T4, 6.11 TS1-TS2, A-T1 to A-T7)."""

from __future__ import annotations

import pytest

from bragkit.engine.poker.state import PokerState
from bragkit.errors import IllegalActionError
from bragkit.rules import Rules, get_preset
from bragkit.testing.fixtures import stacked_pack

THREE = get_preset("three-stake")
DRAW = get_preset("three-stake-draw")
TS_HANDS = {0: "2c 3d Ks", 1: "5c 6d Ac", 2: "As Kh Qd", 3: "4c 4d Ad"}


def deal(rules: Rules, hands: dict[int, str], n: int = 4, dealer: int = 3, stack: int = 10,
         rest: str = "", carried: int = 0) -> PokerState:
    pack = stacked_pack(rules, n, dealer, hands, rest=rest)
    return PokerState.start(rules, (stack,) * n, dealer, pack, carried=carried)


def play(st: PokerState, *moves: str) -> PokerState:
    for move in moves:
        st = st.apply(move)
        assert st.chips_in_play() == st.total
    return st


def awards(st: PokerState) -> list[tuple[int | None, int | None, str | None]]:
    return [(e.seat, e.amount, e.note) for e in st.events if e.kind == "award"]


def test_ts1_no_p2_bet_the_dealer_takes_it_and_passed_players_win_p3() -> None:
    st = deal(THREE, TS_HANDS)
    assert st.pools == (0, 4, 4)                   # P1 is settled straight after the deal
    assert awards(st) == [(3, 4, "P1: best face-up card")]       # the A♦ beats the A♣
    st = play(st, "pass", "pass", "pass")          # the dealer is left alone
    assert st.is_over
    assert awards(st)[1:] == [(3, 4, "P2: no bet, the dealer takes it"),
                              (2, 4, "P3: nearest to thirty-one")]
    assert st.stacks == (7, 7, 11, 15)


def test_ts2_uncalled_p2_bet_and_a_passed_player_wins_p3() -> None:
    st = play(deal(THREE, TS_HANDS), "pass", "bet 3", "pass", "pass")
    assert st.is_over
    assert awards(st)[1:] == [(1, 7, "P2: uncalled"), (2, 4, "P3: nearest to thirty-one")]
    reveals = [e for e in st.events if e.kind == "reveal"]
    assert {e.note for e in reveals} == {"P3"}     # no comparison for P2
    assert {e.seat for e in reveals} == {0, 1, 2, 3}


def test_4_2_p2_call_is_decided_by_the_braggers_ranking() -> None:
    hands = {0: "8s 8h 8c", 1: "8d Jc 9d", 2: "2c 3h 5s", 3: "4c 6h 7d"}   # F1
    st = play(deal(THREE, hands), "bet 2", "call", "pass", "pass")
    assert awards(st)[1] == (0, 8, "P2: showdown")


@pytest.mark.parametrize(("tie", "p2"), [("eldest", [(0, 8, "P2: showdown")]),
                                         ("split", [(0, 4, "P2: showdown"),
                                                    (1, 4, "P2: showdown")])])
def test_a_t3_p2_tie(tie: str, p2: list[tuple[int, int, str]]) -> None:
    hands = {0: "Ks Kh 5c", 1: "Kd Kc 5h", 2: "2c 3h 7s", 3: "4c 6h 8d"}
    st = play(deal(THREE.replace(p2_tie=tie), hands), "bet 2", "call", "pass", "pass")
    assert [a for a in awards(st) if a[2] == "P2: showdown"] == p2


def test_a_t2_p2_allow_check_makes_pass_a_check() -> None:
    st = deal(THREE.replace(p2_allow_check=True), TS_HANDS)
    assert [str(a) for a in st.legal_actions()] == ["check", "bet 1..7"]
    st = play(st, "check", "check", "check", "check")
    assert awards(st)[1] == (3, 4, "P2: no bet, the dealer takes it")
    st2 = play(deal(THREE.replace(p2_allow_check=True), TS_HANDS), "check", "bet 1")
    assert [str(a) for a in st2.legal_actions()] == ["pass", "call (costs 1)", "raise 1..6"]


def test_4_2_limit_bounds_p2_bets() -> None:
    st = deal(THREE.replace(limit=3), TS_HANDS)
    with pytest.raises(IllegalActionError, match="betting limit"):
        st.apply("bet 4")


@pytest.mark.parametrize(("cards", "winner"), [
    (("Ks", "Ac", "Ad"), 2),                    # C1: the A♦ (third seat)
    (("Jh", "Jc", "2d"), 1),                    # C2: the J♣
    (("2h", "Kh", "3d", "Ks"), 1),              # C3: seat 2 nearest the eldest
])
def test_3_7_best_face_up_card(cards: tuple[str, ...], winner: int) -> None:
    n = len(cards)
    low = iter(["2s 3s", "4s 5s", "6s 7s", "8s Ts"])
    hands = {s: f"{next(low)} {c}" for s, c in enumerate(cards)}
    st = deal(THREE, hands, n=n, dealer=n - 1)
    assert awards(st)[0] == (winner, n, "P1: best face-up card")


def test_t3_thirty_one_ties_go_to_the_eldest() -> None:
    hands = {0: "Ts Th Tc", 1: "As Ad 9c", 2: "Ah Kh Qd"}       # 30, 31, 31
    st = play(deal(THREE, hands, n=3, dealer=2), "pass", "pass")
    assert awards(st)[-1] == (1, 3, "P3: nearest to thirty-one")


def test_a_t4_over_31_is_bust_without_drawing() -> None:
    hands = {0: "As Ad Kc", 1: "2s 3h 4d", 2: "5c 6h 7d"}       # T2: 32 bust
    st = play(deal(THREE, hands, n=3, dealer=2), "pass", "pass")
    assert awards(st)[-1] == (2, 3, "P3: nearest to thirty-one")


def test_over31_distance_lets_32_beat_29() -> None:
    hands = {0: "As Ad Kc", 1: "Ks 9h Td", 2: "5c 6h 7d"}       # 32 (1 over) vs 29
    st = play(deal(THREE.replace(over31="distance"), hands, n=3, dealer=2), "pass", "pass")
    assert awards(st)[-1] == (0, 3, "P3: nearest to thirty-one")


def test_a_t4_all_bust_carries_p3_to_the_next_deal() -> None:
    hands = {0: "As Ah Ks", 1: "Ac Ad Kd"}                      # 32 and 32
    st = play(deal(THREE, hands, n=2, dealer=1), "pass")
    assert st.is_over and st.carried == 2 and st.pools == (0, 0, 0)
    assert st.chips_in_play() == st.total
    nxt = deal(THREE, {0: "2s 3h 4d", 1: "5c 6h 7d"}, n=2, dealer=0, carried=st.carried)
    assert nxt.pools == (0, 2, 4) and nxt.total == 22


def test_all_bust_least_excess_awards_the_smallest_excess() -> None:
    hands = {0: "As Ah Ks", 1: "Ac Ad Kd"}
    st = play(deal(THREE.replace(all_bust="least_excess"), hands, n=2, dealer=1), "pass")
    assert st.carried == 0 and awards(st)[-1] == (0, 2, "P3: nearest to thirty-one")


def test_a_t6_ace_value_1() -> None:
    hands = {0: "As Kh Qd", 1: "Ks 9h Td", 2: "5c 6h 7d"}       # 21 with aces low, 29
    st = play(deal(THREE.replace(ace_value_31=1), hands, n=3, dealer=2), "pass", "pass")
    assert awards(st)[-1] == (1, 3, "P3: nearest to thirty-one")


def test_t4_paid_drawing_to_thirty_one() -> None:
    hands = {0: "Ts 9h 5d", 1: "Th 9s 8d", 2: "2c 3c 4c"}       # 24, 27, 9
    st = play(deal(DRAW, hands, n=3, dealer=2, rest="5c Kc"), "pass", "pass")
    assert st.phase == "draw" and st.to_act == 0
    assert [str(a) for a in st.legal_actions()] == ["stand", "draw 1..7"]
    st = play(st, "draw 1")                       # 5♣: 29; still p1's turn
    assert st.to_act == 0 and st.pools[2] == 4
    st = play(st, "stand", "draw 1")              # p2 draws K♣: 37, bust and out
    assert any(e.kind == "bust" and e.seat == 1 for e in st.events)
    assert st.to_act == 2
    st = play(st, "stand")
    assert st.is_over
    assert awards(st)[-1] == (0, 5, "P3: nearest to thirty-one")    # stakes 3 + 2 draws
    drawn = [e for e in st.events if e.kind == "draw"]
    assert all(e.visible_to is None for e in drawn)                 # dealt face up
    assert st.stacks == (11, 9, 10)


def test_a_t5_draw_price_zero_and_passed_players_may_draw() -> None:
    hands = {0: "Ts 9h 5d", 1: "Th 9s 8d", 2: "2c 3c 4c"}
    rules = DRAW.replace(draw_price=0)
    st = play(deal(rules, hands, n=3, dealer=2, rest="5c Kc"), "pass", "pass")
    assert str(st.legal_actions()[1]) == f"draw 1..{len(st.pack)}"
    st = play(st, "draw 1", "stand")
    assert st.pools[2] == 3


def test_a_t7_stock_exhausted_stops_drawing() -> None:
    hands = {s: h for s, h in enumerate(
        ["2c 2d 2h", "2s 3c 3d", "3h 3s 4c", "4d 4h 4s", "5c 5d 5h", "5s 6c 6d",
         "6h 6s 7c", "7d 7h 7s", "8c 8d 8h", "8s 9c 9d", "9h 9s Tc", "Td Th Ts"])}
    st = deal(DRAW.replace(draw_price=0), hands, n=12, dealer=11)
    st = play(st, *["pass"] * 11)
    assert str(st.legal_actions()[1]) == "draw 1..16"
    st = play(st, "draw 16")
    assert not st.pack
    assert st.to_act != 0 or st.is_over
    while not st.is_over:
        assert [str(a) for a in st.legal_actions()] == ["stand"]
        st = st.apply("stand")


def test_triple_winner_bonus() -> None:
    hands = {0: "2c 3d Ks", 1: "5c 6d Tc", 2: "9h Kh Ad", 3: "4c 4d Qd"}   # p3: A♦, 30
    rules = THREE.replace(triple_winner_bonus=2)
    st = play(deal(rules, hands), "pass", "pass", "bet 1", "pass")
    assert [e.seat for e in st.events if e.kind == "pay"] == [0, 1, 3]
    assert st.stacks == (5, 5, 10 - 3 + 4 + 4 + 4 + 6, 5)


def test_views_show_face_up_cards_to_all_and_hidden_cards_to_their_owner() -> None:
    st = deal(THREE, TS_HANDS)
    v = st.view(0)
    assert {s: [str(c) for c in cards] for s, cards in v.shown.items()} == {
        1: ["Ac"], 2: ["Qd"], 3: ["Ad"]}
    assert [str(c) for c in v.own_cards or ()] == ["2c", "3d", "Ks"]
    assert v.pots == (0, 4, 4)


def test_replay_reproduces_a_drawing_deal() -> None:
    hands = {0: "Ts 9h 5d", 1: "Th 9s 8d", 2: "2c 3c 4c"}
    st = play(deal(DRAW, hands, n=3, dealer=2, rest="5c Kc"), "bet 2", "call", "pass",
              "draw 1", "stand", "stand", "stand")
    assert st.is_over and st.replay() == st


def test_4_2_stake_is_paid_into_each_of_the_three_pools() -> None:
    st = deal(THREE.replace(stake=2), TS_HANDS)
    assert [e.amount for e in st.events if e.kind == "ante"] == [6, 6, 6, 6]
    assert awards(st) == [(3, 8, "P1: best face-up card")]
    assert st.pools == (0, 8, 8) and st.stacks == (4, 4, 4, 12)
