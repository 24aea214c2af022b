"""Commerce flows CF1-CF3 (rules 6.16) and the phases of 4.10 and 4.11, step by step."""

from __future__ import annotations

import pytest

from bragkit.cards import parse_cards
from bragkit.engine import open_table
from bragkit.errors import IllegalActionError
from bragkit.games.commerce.records import LastExchanges
from bragkit.games.commerce.state import CommerceState
from bragkit.rules import Rules, get_preset
from bragkit.testing.fixtures import stacked_pack


def deal(rules: Rules | str, n: int, dealer: int, hands: dict[int, str], *, rest: str = "",
         stacks: tuple[int, ...] | None = None, **kwargs: object) -> CommerceState:
    """A deal whose seats (0-based) hold ``hands``; ``rest`` is the top of the stock."""
    if isinstance(rules, str):
        rules = get_preset(rules)
    pack = stacked_pack(rules, n, dealer, hands, rest=rest)
    return CommerceState.start(rules, stacks or (10,) * n, dealer, pack,
                               **kwargs)  # type: ignore[arg-type]


def cid(text: str) -> int:
    """The id of one card."""
    return parse_cards(text)[0].id


def play(st: CommerceState, *moves: str) -> CommerceState:
    """Apply history strings (``p1 trade 9s``) in order."""
    from bragkit.engine.actions import parse_move

    for text in moves:
        seat, action = parse_move(text)
        st = st.apply_move(seat, action)
    return st


# ---------------------------------------------------------------------------------- CF1
def test_cf1_trade_and_barter() -> None:
    """CF1: P1 trades (pays the dealer), P2 barters with P3, P3 stands; P2 wins 5, dealer -2."""
    st = deal("commerce", 4, 3, {0: "2c 5d 9h", 1: "Ks Qs 3h", 2: "Js 5c 8d", 3: "6c 7h 9d"},
              rest="Tc")
    assert st.pot == 5 and st.stacks == (9, 9, 9, 8)
    st = play(st, "p1 trade 2c")
    assert st.stacks == (8, 9, 9, 9)                    # paid to the dealer, not the pool
    assert st.pot == 5
    assert st.pack[-1] == cid("2c") and cid("Tc") in st.hands[0]   # 2c to the bottom
    st = play(st, "p1 pass", "p2 barter 3h")
    assert st.phase == "barter" and st.to_act == 2
    st = play(st, "p3 accept Js", "p2 pass", "p3 stand")
    assert st.is_over
    assert st.winners == (1,)
    assert st.stacks == (8, 15, 9, 8)                   # P2: 9 + 5 + 1 from the dealer
    assert st.stacks[3] - 10 == -2                      # -2 pool + 1 trade - 1 to the winner
    assert st.chips_in_play() == st.total == 40
    assert st.action_strings() == ["p1 trade 2c", "p1 pass", "p2 barter 3h", "p3 accept Js",
                                   "p2 pass", "p3 stand"]


# ---------------------------------------------------------------------------------- CF2
def test_cf2_widow_lives_peel() -> None:
    """CF2: the dealer takes the widow (a stand), P1 exchanges, P2 stands, P1 gets one more."""
    st = deal("commerce-widow", 3, 2, {0: "2c 5d 9h", 1: "Ks Kd 3h", 2: "4c 7s 8d"},
              rest="Ah Ad 6s", stacks=(10, 10, 10))
    assert st.pot == 9 and st.lives == (3, 3, 3)
    assert st.phase == "privilege" and st.to_act == 2
    assert st.view(2).own_cards is None                 # decides before seeing his hand
    st = play(st, "p3 widow")
    assert st.status[2] == "stood" and st.stands == 1
    assert sorted(st.widow) == sorted(cid(c) for c in ("4c", "7s", "8d"))  # face up
    st = play(st, "p1 exchange 2c 8d")
    st = play(st, "p2 stand")
    assert st.phase == "last" and st.to_act == 0        # two stands: P1's last exchange
    assert [str(a) for a in st.legal_actions()][1] == "pass"
    st = play(st, "p1 exchange 5d 7s")
    assert st.is_over
    # P3 holds Ah Ad 6s (pair of aces) and wins 1; P1 holds 8d 7s 9h (point 24) > P2 K K 3?
    # no: P2's pair of kings beats P1's point, so P1 is worst and loses a life.
    assert st.winners == (2,)
    assert st.lives == (2, 3, 3)
    assert st.stacks == (7, 7, 8) and st.carried == 8 and st.pot == 0


def test_cf2_first_out_buys_a_horse() -> None:
    """CF2: a player reaching 0 lives and first out may buy a horse (a third of the stake)."""
    st = deal("commerce-widow", 3, 2, {0: "2c 3d 5h", 1: "Ks Kd 3h", 2: "4c 7s 8d"},
              rest="Ah Ad 6s", stacks=(10, 10, 10), pool=9, lives=(1, 3, 3))
    st = play(st, "p3 keep", "p1 stand", "p2 stand", "p3 pass")
    assert st.phase == "horse" and st.to_act == 0 and st.lives[0] == 0
    assert [str(a) for a in st.legal_actions()] == ["horse (costs 1)", "decline"]
    after = play(st, "p1 horse")
    assert after.is_over and after.lives[0] == 1 and after.horses[0] == 1
    assert after.stacks[0] == 9 and after.carried == 9 - 1 + 1     # won 1, horse paid 1
    assert after.first_out == 0
    declined = play(st, "p1 decline")
    assert declined.lives[0] == 0 and declined.first_out == 0 and not declined.final


# ---------------------------------------------------------------------------------- CF3
def test_cf3_stakes_tie_for_best() -> None:
    """CF3: P1 and P3 tie for best; P2 and P4 each pay the stake to P1 and to P3."""
    st = deal("commerce-widow-stakes", 4, 3,
              {0: "Kh 7d 5c", 1: "2c 3d 8h", 2: "Ks 7h 5d", 3: "2d 4c 9s"}, rest="6h 4s 3c")
    assert st.pot == 0
    st = play(st, "p4 keep", "p1 stand", "p2 stand")
    assert st.phase == "last" and st.to_act == 2 and st.pending == LastExchanges((2, 3))
    st = play(st, "p3 pass", "p4 pass")
    assert st.is_over and st.winners == (0, 2)
    assert st.stacks == (12, 8, 12, 8)


# ------------------------------------------------------------------------ further flows
def test_4_10_barter_refused_ends_trading() -> None:
    st = deal("commerce", 3, 2, {0: "2c 5d 9h", 1: "Ks Qs 3h"})
    st = play(st, "p1 barter 9h", "p2 stand")
    assert st.is_over
    assert cid("9h") in st.hands[0]                       # no exchange took place
    assert any(e.kind == "stand" and e.note == "refuses the barter" for e in st.events)


def test_4_10_accept_may_not_return_the_offered_card() -> None:
    st = deal("commerce", 3, 2, {0: "2c 5d 9h", 1: "Ks Qs 3h"})
    st = play(st, "p1 barter 9h")
    with pytest.raises(IllegalActionError, match="BARTER"):
        st.apply("accept 9h")
    assert [la.args for la in st.legal_actions() if la.kind == "accept"] == [
        ("Ks", "Qs", "3h")]


def test_4_10_dealer_trades_free_and_is_last_in_the_round() -> None:
    st = deal("commerce", 3, 2, {0: "2c 5d 9h", 1: "Ks Qs 3h", 2: "4c 7s 8d"}, rest="Ac Ad")
    st = play(st, "p1 trade 2c", "p1 pass", "p2 trade 3h", "p2 pass")
    assert st.to_act == 2
    assert [str(a) for a in st.legal_actions()] == [
        "stand", "trade 4c|7s|8d", "barter 4c|7s|8d"]
    st = play(st, "p3 trade 4c", "p3 pass")
    assert st.rounds == 1 and st.to_act == 0
    assert st.stacks == (8, 8, 10)


def test_4_10_one_card_per_turn() -> None:
    st = play(deal("commerce", 3, 2, {0: "2c 5d 9h"}), "p1 trade 2c")
    for text in ("trade 5d", "barter 5d"):
        with pytest.raises(IllegalActionError, match="stand or pass"):
            st.apply(text)


def test_4_11_peel_ends_when_everyone_stood_or_passed() -> None:
    st = deal("commerce-widow", 3, 2, {})
    st = play(st, "p3 keep", "p1 pass", "p2 pass", "p3 pass")
    assert st.is_over and st.stands == 0


def test_4_11_hoyle_exchanges_several_until_all_stood() -> None:
    st = deal("commerce-widow-hoyle", 3, 2, {0: "2c 5d 9h"}, rest="Ah Ad As")
    st = play(st, "p3 keep")
    kinds = [la.kind for la in st.legal_actions()]
    assert kinds == ["exchange", "stand"]
    st = play(st, "p1 exchange 2c 5d Ah Ad")
    assert set(st.hands[0]) == {cid("Ah"), cid("Ad"), cid("9h")}
    st = play(st, "p2 stand", "p3 stand")
    assert st.to_act == 0 and not st.is_over
    st = play(st, "p1 stand")
    assert st.is_over


def test_4_11_britannica_fresh_card_each_round_and_three_for_three() -> None:
    st = deal("commerce-widow-britannica", 3, 2, {0: "2c 5d 9h"}, rest="Ah Ad As Kc")
    assert len(st.widow) == 4                          # three, plus the first round's card
    assert st.widow[-1] == cid("Kc")
    st = play(st, "p1 exchange 2c 5d 9h Ah Ad As")
    assert st.status[0] == "done"
    st = play(st, "p2 pass", "p3 pass")
    assert st.is_over


def test_4_11_britannica_as_many_rounds_as_players() -> None:
    st = deal("commerce-widow-britannica", 3, 2, {})
    moves = 0
    while not st.is_over:
        la = st.legal_actions()[0]
        st = st.apply(la.examples()[0])
        moves += 1
    assert moves == 9 and st.rounds == 3
    assert sum(1 for e in st.events if e.kind == "turn") == 3


def test_session_lives_to_the_final_sweep() -> None:
    t = open_table(get_preset("commerce-widow"), [10, 10, 10], dealer=0, seed=5)
    while not t.over:
        st = t.state
        assert st is not None
        legal = st.legal_actions()
        kinds = [la.kind for la in legal]
        choice = next((k for k in ("stand", "decline", "keep", "pass") if k in kinds), kinds[0])
        t.apply(next(la for la in legal if la.kind == choice).examples()[0])
    final = t.records[-1].final
    assert final.final and sum(v > 0 for v in final.lives) == 1
    assert sum(t.stacks) == 30 and t.carried == 0
    assert any(e.kind == "sweep" for e in final.events)
    # players out are dealt no cards
    for record in t.records:
        for s in range(3):
            if record.first.status[s] == "out":
                assert record.first.hands[s] == ()
