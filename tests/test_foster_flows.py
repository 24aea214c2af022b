"""Foster's single-stake Brag (rules 4.1, 6.10 FB1-FB3, A-F1 to A-F9) on the engine."""

from __future__ import annotations

import pytest

from bragkit.engine.pack import fresh_pack
from bragkit.engine.poker.state import PokerState
from bragkit.errors import IllegalActionError
from bragkit.rules import Rules, get_preset
from bragkit.testing.fixtures import stacked_pack

FOSTER = get_preset("foster")


def deal(rules: Rules, stacks: tuple[int, ...], dealer: int,
         hands: dict[int, str] | None = None) -> PokerState:
    pack = stacked_pack(rules, len(stacks), dealer, hands) if hands else fresh_pack(rules)
    return PokerState.start(rules, stacks, dealer, pack)


def play(st: PokerState, *moves: str) -> PokerState:
    for move in moves:
        st = st.apply(move)
        assert st.chips_in_play() == st.total
    return st


def reveals(st: PokerState) -> set[int]:
    return {e.seat for e in st.events if e.kind == "reveal" and e.seat is not None}


def test_fb1_nobody_meets_the_ante() -> None:
    st = play(deal(FOSTER, (20,) * 5, 4), "ante 3", "fold", "fold", "fold", "fold")
    assert st.is_over
    assert st.stacks == (19, 19, 19, 19, 24)          # dealer +4, each other -1
    assert reveals(st) == set()


def test_fb2_raise_and_call_shows_every_remaining_hand() -> None:
    st = deal(FOSTER, (30,) * 4, 3, {0: "Ks Kh 2c", 1: "Qs Qh 3c", 2: "As Ah Ac",
                                     3: "5s 5h 7c"})
    st = play(st, "ante 2", "call", "raise 5", "fold", "call")
    assert st.to_act == 0 and not st.is_over
    raised = next(e for e in st.events if e.kind == "raise")
    assert str(raised) == "p2 raise 7 (by 5, to 7)"  # chips paid, the increment, the target
    assert [str(a) for a in st.legal_actions()] == ["fold", "call (costs 5)", "raise 1..10"]
    st = play(st, "call")
    assert st.is_over
    assert st.chips == (7, 7, 0, 7) and sum(st.chips) == 21      # the pot of 21
    assert reveals(st) == {0, 1, 3}                                 # P3 folded: not shown
    assert st.stacks == (44, 23, 30, 23)                           # P1's kings win 21


def test_fb3_uncalled_bet_wins_without_showing() -> None:
    st = play(deal(FOSTER, (30,) * 4, 3), "ante 2", "call", "raise 5", "fold", "fold", "fold")
    assert st.is_over
    assert st.stacks == (28, 34, 30, 28)                           # P2 takes 2 + 2 + 7 = 11
    assert reveals(st) == set()
    assert [e.note for e in st.events if e.kind == "award"] == ["uncalled"]


def test_4_1_ante_is_chosen_by_the_dealer_within_the_limit() -> None:
    st = deal(FOSTER.replace(limit=4), (30,) * 3, 2)
    assert st.phase == "ante" and st.to_act == 2
    assert [str(a) for a in st.legal_actions()] == ["ante 1..4"]
    assert all(h == () for h in st.hands)                          # cards come after the ante
    with pytest.raises(IllegalActionError, match=r"ante must be 1\.\.4"):
        st.apply("ante 5")
    st = st.apply("ante 4")
    assert all(len(h) == 3 for h in st.hands)


def test_4_1_dealer_ante_is_capped_by_his_chips() -> None:
    st = deal(FOSTER, (30, 30, 3), 2)
    assert [str(a) for a in st.legal_actions()] == ["ante 1..3"]


def test_a_f3_dealer_may_stand_or_raise_his_own_ante() -> None:
    st = play(deal(FOSTER, (30,) * 3, 2), "ante 2", "call", "call")
    assert st.to_act == 2
    assert [str(a) for a in st.legal_actions()] == ["stand", "raise 1..10"]
    assert play(st, "stand").is_over
    st = play(st, "raise 3")
    assert st.to_act == 0 and st.legal_actions()[1].cost == 3


def test_a_f3_dealer_may_not_raise_his_own_ante_when_disabled() -> None:
    rules = FOSTER.replace(dealer_may_raise_own_ante=False)
    st = play(deal(rules, (30,) * 3, 2), "ante 2", "call", "call")
    assert st.is_over                       # the round closes without the dealer acting


def test_a_f4_no_checking_first_seat_must_meet_the_ante() -> None:
    st = play(deal(FOSTER, (30,) * 3, 2), "ante 2")
    with pytest.raises(IllegalActionError, match="checking is not allowed"):
        st.apply("check")
    assert st.to_act == 0 and st.stacks == (30, 30, 28)            # unchanged


def test_allow_check_makes_the_ante_dead_money_and_lets_seats_check() -> None:
    rules = FOSTER.replace(allow_check=True)
    st = play(deal(rules, (30,) * 3, 2, {0: "As Ah 2c", 1: "3s 4h 6c", 2: "7s 8h Tc"}),
              "ante 2")
    assert [str(a) for a in st.legal_actions()] == ["check", "bet 1..10"]
    st = play(st, "check", "check", "check")
    assert st.is_over and st.stacks == (32, 30, 28)               # aces take the ante
    assert reveals(st) == {0, 1, 2}


def test_allow_check_folding_to_the_dealers_bet_is_nobody_meeting_the_ante() -> None:
    rules = FOSTER.replace(allow_check=True, no_call_payment=2)
    st = play(deal(rules, (30,) * 3, 2), "ante 2", "check", "check", "bet 3", "fold", "fold")
    assert st.is_over and st.stacks == (28, 28, 34)    # ante and bet back, 2 from each
    st = play(deal(rules, (30,) * 3, 2), "ante 2", "bet 1", "fold", "fold")
    assert st.stacks == (32, 30, 28)                   # p1 came in: his bet wins uncalled


def test_a_f2_no_call_payment_and_dealer_withdraws_ante() -> None:
    rules = FOSTER.replace(no_call_payment=2)
    st = play(deal(rules, (30, 1, 30), 2), "ante 5", "fold", "fold")
    assert st.stacks == (28, 0, 33)                   # the short seat pays what it has


def test_a_f2_dealer_leaves_the_ante_when_not_withdrawn() -> None:
    rules = FOSTER.replace(dealer_withdraws_ante=False)
    st = play(deal(rules, (30,) * 3, 2), "ante 5", "fold", "fold")
    assert st.carried == 5 and st.stacks == (29, 29, 27)
    assert st.chips_in_play() == st.total
    nxt = PokerState.start(rules, st.stacks, 0, fresh_pack(rules), carried=st.carried)
    assert nxt.pot == 5 and nxt.total == 90


@pytest.mark.parametrize(("tie", "stacks"), [("split", (31, 31, 28)), ("eldest", (34, 28, 28))])
def test_a_f5_showdown_tie(tie: str, stacks: tuple[int, ...]) -> None:
    rules = FOSTER.replace(showdown_tie=tie)
    st = deal(rules, (30,) * 3, 2, {0: "Ks Kh 5c", 1: "Kd Kc 5h", 2: "2s 3h 7c"})
    st = play(st, "ante 2", "call", "call", "stand")
    assert st.stacks == stacks


def test_a_f5_split_odd_chip_goes_nearest_the_eldest() -> None:
    st = deal(FOSTER, (30,) * 3, 0, {1: "Ks Kh 5c", 2: "Kd Kc 5h", 0: "2s 3h 7c"})
    st = play(st, "ante 3", "call", "call", "stand")              # pot 9, split 5 / 4
    assert st.stacks == (27, 32, 31)


def test_3_4_braggers_ranking_decides_the_showdown() -> None:
    # F1: three eights beat an eight and two braggers
    st = deal(FOSTER, (30,) * 3, 2, {0: "8d Jc 9d", 1: "8s 8h 8c", 2: "2s 3h 7c"})
    st = play(st, "ante 1", "call", "call", "stand")
    assert st.stacks == (29, 32, 29)


def test_a_f7_bragger_tiebreak_changes_the_winner() -> None:
    hands = {0: "Ks Kh 9d", 1: "Kd Ad Jc", 2: "2s 3h 7c"}         # F10
    st = play(deal(FOSTER, (30,) * 3, 2, hands), "ante 1", "call", "call", "stand")
    assert st.stacks[0] == 32                                     # fewer_then_highest
    rules = FOSTER.replace(bragger_tiebreak="highest_first")
    st = play(deal(rules, (30,) * 3, 2, hands), "ante 1", "call", "call", "stand")
    assert st.stacks[1] == 32


def test_a_f8_bragger_own_rank_natural() -> None:
    # the A♦ standing as an ace: a natural pair (kicker 5) or a bragger-made one
    hands = {0: "Ad Ah 5c", 1: "As Ac 4h", 2: "2s 3h 7c"}
    st = play(deal(FOSTER, (30,) * 3, 2, hands), "ante 1", "call", "call", "stand")
    assert st.stacks[0] == 32                     # natural aces, the better kicker
    rules = FOSTER.replace(bragger_own_rank_natural=False)
    st = play(deal(rules, (30,) * 3, 2, hands), "ante 1", "call", "call", "stand")
    assert st.stacks[1] == 32                     # natural beats made with a bragger


def test_a_f9_side_pots_short_stack_wins_only_the_main_pot() -> None:
    st = deal(FOSTER, (4, 30, 30), 2, {0: "As Ah Ac", 1: "Ks Kh 2c", 2: "2s 3h 7c"})
    st = play(st, "ante 2", "raise 2", "raise 10", "fold")
    assert st.status[0] == "allin"
    assert st.is_over
    # seat 0: all-in 4; seat 1: 14; dealer folded 2; main pot 4+4+2 = 10 to the aces,
    # side pot 10 back to seat 1 (uncontested)
    assert st.stacks == (10, 26, 28)


def test_all_in_fold_policy_forbids_a_short_call() -> None:
    rules = FOSTER.replace(all_in="fold")
    st = play(deal(rules, (3, 30, 30), 2), "ante 5")
    assert [str(a) for a in st.legal_actions()] == ["fold"]


def test_a_f1_min_raise_and_max_raises() -> None:
    rules = FOSTER.replace(limit=6, min_raise=2, max_raises=1)
    st = play(deal(rules, (30,) * 3, 2), "ante 1")
    assert str(st.legal_actions()[2]) == "raise 2..6"
    st = play(st, "raise 2")                      # the target is now 3
    assert [str(a) for a in st.legal_actions()] == ["fold", "call (costs 3)"]


def test_illegal_actions_name_the_rule_and_change_nothing() -> None:
    st = play(deal(FOSTER, (30,) * 3, 2), "ante 2")
    before = (st.stacks, st.events, st.to_act)
    with pytest.raises(IllegalActionError, match="betting limit"):
        st.apply("raise 11")
    with pytest.raises(IllegalActionError, match="p1's turn"):
        st.apply_move(1, "call")
    with pytest.raises(IllegalActionError, match="word for abandoning is 'fold'"):
        st.apply("pass")
    assert (st.stacks, st.events, st.to_act) == before


def test_views_hide_other_hands_until_the_showdown() -> None:
    st = deal(FOSTER, (30,) * 3, 2, {0: "As Ah Ac", 1: "Ks Kh 2c", 2: "2s 3h 7c"})
    st = play(st, "ante 1")
    v = st.view(0)
    assert [str(c) for c in v.own_cards or ()] == ["As", "Ah", "Ac"]
    assert v.shown == {} and {str(c) for c in v.known_cards()} == {"As", "Ah", "Ac"}
    st = play(st, "call", "call", "stand")
    assert set(st.view(0).shown) == {1, 2}


def test_replay_reproduces_the_deal() -> None:
    st = play(deal(FOSTER, (30,) * 4, 3), "ante 2", "call", "raise 5", "fold", "call", "call")
    assert st.replay() == st
    assert st.action_strings()[:3] == ["p4 ante 2", "p1 call", "p2 raise 5"]
