"""Rule-clause tests for modern Brag, named after rules 4.4-4.6."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bragkit.engine import Action, BragState, Session, parse_action
from bragkit.errors import IllegalActionError
from bragkit.rules import Rules, get_preset
from bragkit.testing.fixtures import stacked_pack

MODERN = get_preset("modern")
NO_ANTE = MODERN.replace(ante=0, max_bet=100)


def deal(rules: Rules, n: int, dealer: int, hands: dict[int, str] | None = None,
         stacks: int | list[int] = 100, **kw: Any) -> BragState:
    pack = stacked_pack(rules, n, dealer, hands or {})
    chips = stacks if isinstance(stacks, list) else [stacks] * n
    return BragState.start(rules, chips, dealer, pack, **kw)


def play(st: BragState, *moves: str) -> BragState:
    for move in moves:
        seat, _, rest = move.partition(" ")
        st = st.apply_move(int(seat[1:]) - 1, rest)
    return st


def legal(st: BragState) -> dict[str, Any]:
    return {la.kind: la for la in st.legal_actions()}


def test_4_4_1_every_seat_starts_blind_and_antes() -> None:
    st = deal(MODERN, 4, 3)
    assert st.looked == (False,) * 4 and st.pot == 4 and st.stacks == (99,) * 4
    assert st.to_act == 0  # the dealer's left


def test_4_4_4_blind_arithmetic() -> None:
    st = deal(NO_ANTE, 2, 1)
    st = play(st, "p1 bet 3")  # blind bet of 3 is worth 6
    assert st.stake == 6
    assert legal(st)["bet"].lo == 3  # blind stays for ceil(6/2)
    assert legal(st)["see"].cost == 6  # blind seer pays 2 * ceil(R/2)
    st = play(st, "p2 look")
    assert legal(st)["bet"].lo == 6  # open stays for R
    assert "see" not in legal(st)  # cannot see a blind man
    st = play(st, "p2 bet 7")  # R = 7 (odd)
    assert legal(st)["bet"].lo == 4 and legal(st)["see"].cost == 8
    st = play(st, "p1 look")
    assert legal(st)["bet"].lo == 7 and legal(st)["see"].cost == 14


def test_4_4_2_first_bet_bounds_and_raise_limit() -> None:
    rules = NO_ANTE.replace(min_bet=2, max_bet=8, raise_limit=3)
    st = deal(rules, 3, 2)
    assert (legal(st)["bet"].lo, legal(st)["bet"].hi) == (1, 4)  # blind: 2x in 2..8
    st = play(st, "p1 look")
    assert (legal(st)["bet"].lo, legal(st)["bet"].hi) == (2, 8)
    with pytest.raises(IllegalActionError, match="first bet may be at most 8"):
        st.apply(Action("bet", 9))
    st = play(st, "p1 bet 5")
    st = play(st, "p2 look")
    assert (legal(st)["bet"].lo, legal(st)["bet"].hi) == (5, 8)  # R + raise_limit
    with pytest.raises(IllegalActionError, match="at most 8"):
        st.apply(Action("bet", 9))


def test_a_m3_no_see_before_a_bet() -> None:
    st = deal(NO_ANTE, 2, 1)
    assert "see" not in legal(st)
    with pytest.raises(IllegalActionError, match="nobody has bet yet"):
        st.apply("see")


def test_4_4_2_doubling_is_a_bet_not_a_see() -> None:
    st = deal(NO_ANTE, 2, 1)
    st = play(st, "p1 look", "p1 bet 2", "p2 look", "p2 bet 4")
    assert not st.is_over and st.to_act == 0 and st.stake == 4


def test_4_4_5_looking_only_at_the_start_of_ones_own_turn() -> None:
    st = deal(MODERN, 3, 2)
    assert "look" in legal(st)
    assert st.view(1).legal == () and st.view(0).legal
    looked = play(st, "p1 look")
    assert looked.to_act == 0 and "look" not in legal(looked)
    with pytest.raises(IllegalActionError, match="already looked"):
        looked.apply("look")
    with pytest.raises(IllegalActionError, match="p1's turn"):
        st.apply_move(1, Action("look"))


def test_4_4_2_fold_out_to_an_open_player_wins_without_showing() -> None:
    st = deal(MODERN, 3, 2)
    st = play(st, "p1 look", "p1 bet 2", "p2 fold", "p3 fold")
    assert st.is_over and st.winners == (0,) and st.stacks[0] == 99 - 2 + 5
    assert not any(e.kind == "reveal" for e in st.events)
    assert st.carried == 0


def test_a_m6_a_survivor_who_never_bet_blind_simply_wins() -> None:
    st = deal(MODERN, 3, 2)
    st = play(st, "p1 fold", "p2 fold")
    assert st.is_over and st.winners == (2,) and st.carried == 0
    never = deal(MODERN.replace(blind_definition="never_looked"), 3, 2)
    never = play(never, "p1 fold", "p2 fold")
    assert never.phase == "retain" and never.carried == 3


def test_4_4_6_blind_fold_out_carries_and_may_be_released() -> None:
    st = deal(MODERN, 3, 2)
    st = play(st, "p1 bet 1", "p2 fold", "p3 fold")
    assert st.phase == "retain" and st.carried == 4 and st.to_act == 0
    assert {la.kind for la in st.legal_actions()} == {"retain", "release"}
    kept = st.apply("retain")
    assert kept.is_over and kept.retained[0] == 0 and len(kept.retained) == 4
    released = st.apply("release")
    assert released.retained == () and released.carried == 4
    assert released.pack[-3:] == st.hands[0]


def _two_hands(**kw: Any) -> BragState:
    rules = MODERN.replace(**kw) if kw else MODERN
    old = (0, 4, 9)  # 2c 3c 4d (a run)
    pack = tuple(c for c in stacked_pack(rules, 3, 2, {0: "As Ah Ad"}) if c not in old)
    return BragState.start(rules, [50, 50, 50], 2, pack, carried=4, retained=(0, *old))


def test_4_4_6_keep_the_looked_hand_throws_the_other_unseen() -> None:
    st = _two_hands()
    assert st.retained_hand[0] == (0, 4, 9) and st.pot == 7
    st = play(st, "p1 look old")
    assert st.phase == "decide" and legal(st).keys() == {"keep", "throw"}
    assert st.view(0).events[-1].cards == (0, 4, 9)
    kept = play(st, "p1 keep")
    assert kept.hands[0] == (0, 4, 9) and kept.retained_hand[0] == () and kept.looked[0]
    assert kept.pack[-3:] == st.hands[0]  # the new hand, unseen, to the pack
    assert st.view(0).own_cards is None  # nothing of the new hand leaks


def test_4_4_6_winning_again_with_two_blind_hands_retains_only_one() -> None:
    st = _two_hands()
    st = play(st, "p1 bet 1", "p2 fold", "p3 fold")
    assert st.phase == "retain"
    assert legal(st)["retain"].args == ("old", "new")
    st = play(st, "p1 retain new")
    assert st.retained[1:] == st.first().hands[0] and st.retained_hand[0] == ()


def test_4_4_9_fold_or_rebuy() -> None:
    st = deal(NO_ANTE, 3, 2, stacks=[100, 100, 5])
    st = play(st, "p1 look", "p1 bet 10")
    st = play(st, "p2 look", "p2 bet 10", "p3 look")
    assert legal(st).keys() == {"fold", "showdown"}  # no bet, no cover
    with pytest.raises(IllegalActionError, match="staying costs 10 but you have 5"):
        st.apply("bet 5")
    rules = NO_ANTE.replace(rebuy_anytime=True)
    rb = deal(rules, 3, 2, stacks=[100, 100, 5])
    rb = play(rb, "p1 look", "p1 bet 10", "p2 look", "p2 bet 10", "p3 look", "p3 rebuy 20")
    assert rb.stacks[2] == 25 and rb.total == 225 and legal(rb)["bet"].lo == 10
    with pytest.raises(IllegalActionError, match="rebuy"):
        rb.apply("rebuy 5")  # once per turn


def test_4_4_9_lend_or_show() -> None:
    rules = NO_ANTE.replace(short_stack_policy="lend_or_show")
    st = deal(rules, 2, 1, {0: "As Ah 2c", 1: "Ks Kh 9d"}, stacks=[13, 100])
    st = play(st, "p1 look", "p1 bet 10", "p2 look", "p2 bet 10")
    assert legal(st).keys() == {"fold", "borrow"}
    st = play(st, "p1 borrow")
    assert st.to_act == 1 and st.phase == "lend"
    assert legal(st)["lend"].lo == 7
    lent = play(st, "p2 lend 7")
    assert lent.debts == ((1, 0, 7),) and lent.stacks == (10, 83) and lent.to_act == 0
    assert lent.chips_in_play() == lent.total
    shown = play(st, "p2 show")
    assert shown.is_over and shown.winners == (0,)  # the short player shows a better hand


def test_4_4_9_cover_blind_fold_out_winner_wins_and_shows() -> None:
    rules = NO_ANTE.replace(short_stack_policy="cover")
    st = deal(rules, 3, 2, {0: "2c 3d 5h", 1: "Ks Kh 9d", 2: "7s 7h 7d"},
              stacks=[100, 100, 4])
    st = play(st, "p1 bet 5", "p2 look", "p2 bet 10", "p3 look", "p3 cover")
    assert st.covered_pots == ((19, 2),)
    st = play(st, "p1 bet 5", "p2 fold")  # p1 is the blind fold-out winner of the new pot
    assert st.is_over and st.carried == 0
    reveals = [e.seat for e in st.events if e.kind == "reveal"]
    assert reveals == [0, 2]
    awards = [(e.seat, e.amount) for e in st.events if e.kind == "award"]
    assert awards == [(0, 5), (2, 19)]


def test_4_4_10_agreed_showdown_unanimous_and_split() -> None:
    st = deal(MODERN, 3, 2, {0: "Qs Qh 7c", 1: "Qd Qc 7d", 2: "2c 3h 5d"})
    st = play(st, "p1 look", "p1 bet 2")
    assert "showdown" in legal(st)
    refused = play(st, "p2 showdown", "p3 agree", "p1 refuse")
    assert refused.to_act == 1 and "showdown" not in legal(refused)
    done = play(st, "p2 showdown", "p3 agree", "p1 agree")
    assert done.is_over and set(done.winners) == {0, 1}
    assert sorted(e.amount for e in done.events if e.kind == "award") == [2, 3]
    assert len([e for e in done.events if e.kind == "reveal"]) == 3


def test_4_4_11_single_cost_see_is_still_blocked_against_a_blind_man() -> None:
    st = deal(NO_ANTE.replace(see_cost="single"), 2, 1)
    st = play(st, "p1 bet 2", "p2 look")
    assert "see" not in legal(st)
    st = play(st, "p2 bet 4")
    assert legal(st)["see"].cost == 2  # blind seer against an open player: the stay


def test_4_5_four_card_discard_on_looking() -> None:
    rules = get_preset("modern-4card").replace(ante=0)
    st = deal(rules, 2, 1, {0: "4s 9h 9d Kc", 1: "9s 9c Kd 7h"})
    st = play(st, "p1 look")
    assert st.phase == "discard"
    assert len(legal(st)["discard"].args) == 4
    with pytest.raises(IllegalActionError, match="discard first"):
        st.apply("bet 2")
    st = play(st, "p1 discard 4s", "p1 bet 2")
    assert st.discards[0] == (11,) and st.pack[-1] == 11  # 4s to the bottom at once
    st = play(st, "p2 bet 1", "p1 bet 2", "p2 see")  # p2 unlooked: best discard automatic
    assert st.winners == (1,)  # D1: Y (discards 7) beats X (discards 4)
    auto = [e for e in st.events if e.kind == "discard" and e.seat == 1]
    assert auto and auto[0].note == "automatic"


def test_4_5_equal_after_discards_the_seen_player_wins() -> None:
    rules = get_preset("modern-4card").replace(ante=0)
    st = deal(rules, 2, 1, {0: "9h 9d Kc 7s", 1: "9s 9c Kd 7h"})
    st = play(st, "p1 look", "p1 discard 7s", "p1 bet 2", "p2 look", "p2 discard 7h",
              "p2 see")
    assert st.winners == (0,)  # D2: p2 paid to see and loses the tie


def test_4_6_jokers_are_added_to_the_pack() -> None:
    rules = get_preset("modern-jokers")
    t = Session(rules, [20, 20, 20], dealer=0, seed=1)
    assert t.state is not None and len(t.state.all_cards()) == 54


def test_illegal_action_names_the_rule_and_changes_nothing() -> None:
    st = deal(MODERN, 3, 2)
    before = (st.stacks, st.pot, st.events, st.to_act)
    with pytest.raises(IllegalActionError, match=r"p1 see: .*4\.4\.2"):
        st.apply("see")
    with pytest.raises(IllegalActionError, match="malformed"):
        st.apply("bet lots")
    assert (st.stacks, st.pot, st.events, st.to_act) == before


def test_2_5_views_never_show_hidden_cards() -> None:
    st = deal(MODERN, 3, 2)
    for seat in range(3):
        assert st.view(seat).own_cards is None
        assert st.view(seat).known_cards() == ()
    st = play(st, "p1 look")
    assert st.view(0).own_cards is not None and st.view(1).known_cards() == ()


def test_2_7_replaying_the_log_reproduces_the_state() -> None:
    st = deal(MODERN, 3, 2)
    st = play(st, "p1 look", "p1 bet 2", "p2 bet 1", "p3 fold", "p1 bet 2", "p2 see")
    assert st.is_over and st.replay() == st


def test_4_4_7_face_up_qualifying_in_four_card_brag() -> None:
    rules = get_preset("modern-face-up").replace(cards=4)
    old = "Kc Qd 3h 5s"
    ids = _ids(old)
    pack = stacked_pack(rules, 3, 2, {0: "9s 9h 4d 2c", 1: "9d 9c 3s 2d", 2: "6s 6h 6d 2h"})
    pack = tuple(c for c in pack if c not in ids)
    st = BragState.start(rules, [50, 50, 50], 2, pack, carried=4, retained=(0, *ids))
    assert st.phase == "discard" and st.to_act == 1  # qualifiers look, then discard
    st = st.apply("discard 2d")
    assert st.phase == "qualify" and [la.kind for la in st.legal_actions()] == ["fold"]
    st = st.apply("fold").apply("discard 2h")
    assert {la.kind for la in st.legal_actions()} == {"stay", "fold"}


def _ids(text: str) -> tuple[int, ...]:
    from bragkit.cards import parse_cards

    return tuple(c.id for c in parse_cards(text))


def test_4_4_9_nested_covers_resolve_newest_first() -> None:
    rules = NO_ANTE.replace(short_stack_policy="cover")
    hands = {0: "As Ah 2c", 1: "Ks Kh 3d", 2: "Qs Qh 4c", 3: "5s 6d 8h"}
    st = deal(rules, 4, 3, hands, stacks=[15, 100, 17, 100])
    st = play(st, "p1 look", "p1 bet 10", "p2 look", "p2 bet 10", "p3 look", "p3 bet 10",
              "p4 look", "p4 bet 10", "p1 cover", "p2 bet 10", "p3 cover")
    assert st.covered_pots == ((45, 0), (17, 2))
    st = play(st, "p4 bet 10", "p2 see")
    awards = [(e.seat, e.amount, e.note) for e in st.events if e.kind == "award"]
    assert awards == [(1, 30, "pot"), (1, 17, "frozen pot"), (0, 45, "frozen pot")]
    assert st.chips_in_play() == st.total == 232


def test_4_6_wild_card_decides_a_see() -> None:
    rules = NO_ANTE.replace(wild="twos")
    st = deal(rules, 2, 1, {0: "Kd 2c 9s", 1: "Ks Kh 5c"})
    st = play(st, "p1 look", "p1 bet 2", "p2 look", "p2 bet 2", "p1 see")
    assert st.winners == (0,)  # W5: K-W-9 beats K-K-5 (kicker before the wild count)


def test_2_3_min_buy_in() -> None:
    from bragkit.errors import RulesError

    with pytest.raises(RulesError, match="min_buy_in"):
        Session(MODERN.replace(min_buy_in=10), [20, 5], dealer=0, seed=1)


def test_7_blind_winner_policy_wins() -> None:
    st = deal(MODERN.replace(blind_winner_policy="wins"), 3, 2)
    st = play(st, "p1 bet 1", "p2 fold", "p3 fold")
    assert st.is_over and st.winners == (0,) and st.carried == 0


def test_7_agreed_showdown_can_be_switched_off() -> None:
    st = deal(MODERN.replace(agreed_showdown=False), 3, 2)
    st = play(st, "p1 look", "p1 bet 2")
    assert "showdown" not in legal(st)
    with pytest.raises(IllegalActionError, match="agreed_showdown=false"):
        st.apply("showdown")


def test_7_loser_must_show() -> None:
    hands = {0: "2c 5d 9h", 1: "Ks Kh 9d"}
    for must, shown in ((False, [1]), (True, [1, 0])):
        st = deal(NO_ANTE.replace(loser_must_show=must), 2, 1, hands)
        st = play(st, "p1 look", "p1 bet 2", "p2 look", "p2 bet 2", "p1 see")
        assert [e.seat for e in st.events if e.kind == "reveal"] == shown


def test_7_threes_high_decides_a_see() -> None:
    hands = {0: "3s 3h 3d", 1: "As Ah Ad"}
    for high, winner in ((True, 0), (False, 1)):
        st = deal(NO_ANTE.replace(threes_high=high), 2, 1, hands)
        st = play(st, "p1 look", "p1 bet 2", "p2 look", "p2 bet 2", "p1 see")
        assert st.winners == (winner,)


def test_4_4_7_faceup_collects_the_pot() -> None:
    rules = get_preset("modern-face-up").replace(faceup_collects="pot")
    old = _ids("Kc Qd 3h")
    pack = tuple(c for c in stacked_pack(rules, 3, 2, {0: "As Ah Ad"}) if c not in old)
    st = BragState.start(rules, [50, 50, 50], 2, pack, carried=4, retained=(0, *old))
    st = play(st, "p2 fold", "p3 fold")
    assert st.is_over and st.stacks[0] == 49 + 7 and st.carried == 0


def test_4_5_discards_may_be_written_in_any_order() -> None:
    rules = get_preset("modern-5card").replace(ante=0)
    st = deal(rules, 2, 1, {0: "4s 9h 9d Kc 2h"})
    st = play(st, "p1 look")
    done = st.apply("discard 2H 4s")
    assert done.discards[0] == _ids("4s 2h") and done.phase == "bet"
    with pytest.raises(IllegalActionError, match="discard exactly 2 of your own 5 cards"):
        st.apply("discard 4s")
    with pytest.raises(IllegalActionError):
        st.apply("discard Ah 4s")


def test_2_7_every_illegal_action_names_a_rule() -> None:
    rng = random.Random(8)
    probes = ("ante 1", "keep", "throw", "retain", "release", "agree", "refuse", "lend 2",
              "show", "name old", "stay", "accept", "decline", "sideshow 2", "call", "raise 2",
              "choose cards=4 wild=none blind=yes", "discard 2c", "look", "see", "cover",
              "borrow", "showdown", "rebuy 5", "bet 0", "bet 999")
    for preset in ("modern", "modern-4card", "teen-patti", "modern-cover", "modern-lend"):
        st = BragState.new(get_preset(preset), [30, 30, 30], rng=rng)
        for _ in range(6):
            if st.is_over:
                break
            for text in probes:
                action = parse_action(text)
                if st.is_legal(action):
                    continue
                with pytest.raises(IllegalActionError) as info:
                    st.apply(action)
                message = str(info.value)
                assert "rules " in message or "docs/history-format.md" in message, message
            st = st.apply(rng.choice(st.legal_actions()).sample(rng))
