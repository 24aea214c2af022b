"""Teen Patti (rules 4.7) on the shared engine."""

from __future__ import annotations

from typing import Any

import pytest

from bragkit.engine import BragState, Session
from bragkit.errors import IllegalActionError
from bragkit.rules import Rules, get_preset
from bragkit.testing.fixtures import stacked_pack

TP = get_preset("teen-patti")


def deal(rules: Rules, n: int, dealer: int, hands: dict[int, str] | None = None,
         stacks: int = 100) -> BragState:
    return BragState.start(rules, [stacks] * n, dealer, stacked_pack(rules, n, dealer,
                                                                      hands or {}))


def play(st: BragState, *moves: str) -> BragState:
    for move in moves:
        seat, _, rest = move.partition(" ")
        st = st.apply_move(int(seat[1:]) - 1, rest)
    return st


def legal(st: BragState) -> dict[str, Any]:
    return {la.kind: la for la in st.legal_actions()}


def test_4_7_boot_and_chaal_limits() -> None:
    st = deal(TP, 3, 2)
    assert st.pot == 3 and st.stake == 2  # stake s = 1 boot, R = 2s
    assert (legal(st)["bet"].lo, legal(st)["bet"].hi) == (1, 2)  # blind: s..2s
    st = play(st, "p1 look")
    assert (legal(st)["bet"].lo, legal(st)["bet"].hi) == (2, 4)  # seen: 2s..4s
    st = play(st, "p1 bet 4")  # s becomes 2
    assert st.stake == 4
    assert (legal(st)["bet"].lo, legal(st)["bet"].hi) == (2, 4)  # blind: s..2s
    with pytest.raises(IllegalActionError, match="at most 4"):
        st.apply("bet 5")


def test_4_7_last_player_wins_even_when_blind() -> None:
    st = deal(TP, 3, 2)
    st = play(st, "p1 bet 1", "p2 fold", "p3 fold")
    assert st.is_over and st.winners == (0,) and st.carried == 0


def test_4_7_show_costs_and_the_seen_player_cannot_show_a_blind_one() -> None:
    st = deal(TP, 2, 1, {0: "As Ah Ad", 1: "3s 3h 3d"})
    st = play(st, "p1 bet 1")
    assert legal(st)["see"].cost == 1  # blind requester pays s
    st = play(st, "p2 look")
    assert "see" not in legal(st)
    st = play(st, "p2 bet 2", "p1 look")
    assert legal(st)["see"].cost == 2  # seen against seen pays 2s
    done = play(st, "p1 see")
    assert done.winners == (0,)  # A-A-A is the top trail (no special threes)


def test_4_7_show_tie_goes_against_the_requester() -> None:
    st = deal(TP, 2, 1, {0: "Ks Qs 9d", 1: "Kh Qh 9c"})
    st = play(st, "p1 look", "p1 bet 2", "p2 look", "p2 see")
    assert st.winners == (0,)


def test_4_7_side_show_accept_and_decline() -> None:
    hands = {0: "As Ah 2c", 1: "Ks Kh 2d", 2: "5c 8d Jh"}
    st = deal(TP, 3, 2, hands)
    st = play(st, "p1 look", "p1 bet 2")
    assert "sideshow" not in legal(st)  # not seen yet
    st = play(st, "p2 look")
    assert (legal(st)["sideshow"].lo, legal(st)["sideshow"].hi) == (2, 4)
    asked = play(st, "p2 sideshow 2")
    assert asked.to_act == 0 and asked.phase == "sideshow"
    assert legal(asked).keys() == {"accept", "decline"}
    accepted = play(asked, "p1 accept")
    assert accepted.status[1] == "folded" and accepted.to_act == 2
    # the side show is private to its two players
    assert accepted.view(2).known_cards() == ()
    assert len(accepted.view(0).shown[1]) == 3
    declined = play(asked, "p1 decline")
    assert declined.status == ("in", "in", "in") and declined.to_act == 2


def test_4_7_side_show_tie_the_requester_folds() -> None:
    hands = {0: "Ks Kh 9c", 1: "Kd Kc 9d", 2: "5c 8d Jh"}        # p1 and p2 exactly equal
    st = play(deal(TP, 3, 2, hands), "p1 look", "p1 bet 2", "p2 look", "p2 sideshow 2")
    accepted = play(st, "p1 accept")
    assert accepted.status == ("in", "folded", "in") and accepted.to_act == 2


def test_4_7_side_show_only_against_a_seen_previous_bettor() -> None:
    blind_bettor = play(deal(TP, 3, 2), "p1 bet 1", "p2 look")
    assert "sideshow" not in legal(blind_bettor)               # p2 is seen, p1 still blind
    seen_bettor = play(deal(TP, 3, 2), "p1 look", "p1 bet 2", "p2 look")
    assert "sideshow" in legal(seen_bettor)


def test_4_7_side_show_needs_three_players() -> None:
    st = deal(TP, 2, 1)
    st = play(st, "p1 look", "p1 bet 2", "p2 look")
    assert "sideshow" not in legal(st)


def test_4_7_teen_patti_shuffles_every_deal() -> None:
    t = Session(TP, [50, 50, 50], dealer=0, seed=3)
    for _ in range(3):
        seat = t.to_act
        t.apply_text(f"p{seat + 1} fold")
        t.apply_text(f"p{t.to_act + 1} fold")
    assert all(r.shuffled for r in t.records)


def test_4_7_pot_limit_total_forces_a_showdown() -> None:
    rules = TP.replace(pot_limit_total=8)
    st = deal(rules, 3, 2, {0: "As Ah 2c", 1: "Ks Qd 9h", 2: "5c 8d Jh"})
    st = play(st, "p1 look", "p1 bet 4", "p2 look", "p2 bet 4")
    assert st.is_over and st.winners == (0,)


def test_4_7_show_is_an_alias_of_see() -> None:
    st = deal(TP, 2, 1, {0: "As Ah Ad", 1: "3s 3h 3d"})
    st = play(st, "p1 bet 1", "p2 bet 1", "p1 show")
    assert st.is_over and st.winners == (0,)
    assert st.action_strings()[-1] == "p1 see"
