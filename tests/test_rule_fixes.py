"""Rule-clause tests for the rule bugs of issue 9 (pot limit and covers, the Teen Patti side
show after a lost one, the face-up stub, keys a game never reads, lend-or-show and the see,
error messages naming the right key and section)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bragkit.engine import BragState, open_table
from bragkit.errors import IllegalActionError, RulesError
from bragkit.history import replay
from bragkit.history.format import dumps, loads
from bragkit.history.replay import history_of
from bragkit.rules import Rules, get_preset, resolve
from bragkit.testing.fixtures import stacked_pack


def deal(rules: Rules, stacks: list[int], dealer: int,
         hands: dict[int, str] | None = None) -> BragState:
    return BragState.start(rules, stacks, dealer,
                           stacked_pack(rules, len(stacks), dealer, hands or {}))


def play(st: BragState, moves: str) -> BragState:
    for move in moves.split(", "):
        seat, _, rest = move.partition(" ")
        st = st.apply_move(int(seat[1:]) - 1, rest)
    return st


def legal(st: BragState) -> dict[str, Any]:
    return {la.kind: la for la in st.legal_actions()}


def stub_shown(st: BragState) -> list[tuple[int, ...]]:
    """The cards of every stub event of the deal (an empty tuple: face down)."""
    return [e.cards for e in st.events if e.kind == "stub" and e.cards is not None]


# ------------------------------------------------------------------ 1. pot limit and covers
POT_COVER = resolve({"preset": "modern-cover", "pot_limit": True})


def test_4_4_9_pot_limit_cover_the_others_stay_in_the_new_pot() -> None:
    st = deal(POT_COVER, [6, 100, 100, 100], 3)
    st = play(st, "p1 look, p1 bet 4, p2 look, p2 bet 4, p3 look, p3 bet 4, p4 look, "
                  "p4 bet 4, p1 cover")
    assert st.covered_pots == ((21, 0),) and st.pot == 0 and st.stake == 4
    bet = legal(st)["bet"]
    assert (bet.lo, bet.hi) == (4, 4)  # the new pot is empty: stay, but no raise
    with pytest.raises(IllegalActionError, match="staying in for 4 is always allowed"):
        st.apply("bet 5")
    st = play(st, "p2 bet 4")
    assert (legal(st)["bet"].lo, legal(st)["bet"].hi) == (4, 4)  # pot 4
    st = play(st, "p3 bet 4")
    assert (legal(st)["bet"].lo, legal(st)["bet"].hi) == (4, 8)  # the limit caps raising
    with pytest.raises(IllegalActionError, match="may not exceed the pot of 8"):
        st.apply("bet 9")
    st = play(st, "p4 bet 8, p2 fold, p3 fold")
    assert st.is_over and st.chips_in_play() == st.total
    assert 3 in st.winners  # p4 wins the new pot (and the frozen one, or p1 does)


def test_4_4_9_pot_limit_cover_before_anyone_has_bet() -> None:
    rules = POT_COVER.replace(min_bet=4)
    st = deal(rules, [2, 100, 100, 100], 3)  # p1 keeps 1 chip after the ante; stay costs 2
    assert "cover" in legal(st) and "bet" not in legal(st)
    st = play(st, "p1 cover")
    assert st.covered_pots == ((5, 0),) and st.pot == 0 and st.stake == 0
    assert (legal(st)["bet"].lo, legal(st)["bet"].hi) == (2, 2)  # blind first bet: 2 (=4)
    st = play(st, "p2 look")
    assert (legal(st)["bet"].lo, legal(st)["bet"].hi) == (4, 4)
    st = play(st, "p2 bet 4, p3 look")
    assert (legal(st)["bet"].lo, legal(st)["bet"].hi) == (4, 4)


def test_4_4_2_pot_limit_still_caps_the_first_bet_b10() -> None:
    st = deal(get_preset("modern-pot-limit").replace(max_bet=20), [50] * 5, 4)
    st = play(st, "p1 look")
    assert (legal(st)["bet"].lo, legal(st)["bet"].hi) == (1, 5)


# ------------------------------------------------------------------ 2. Teen Patti side show
TP = get_preset("teen-patti")
TP_HANDS = {0: "As Ad 4c", 1: "Kc Kd 2h", 2: "Qs Qh 3d"}


def test_4_7_side_show_after_a_lost_side_show_asks_the_previous_active_bettor() -> None:
    st = deal(TP, [100] * 4, 3, TP_HANDS)
    st = play(st, "p1 look, p1 bet 2, p2 look, p2 sideshow 2, p1 accept")
    assert st.status[1] == "folded" and st.to_act == 2  # p2 lost to p1's aces
    st = play(st, "p3 look")
    assert "sideshow" in legal(st)
    asked = play(st, "p3 sideshow 2")
    assert asked.phase == "sideshow" and asked.to_act == 0  # p1, not the folded p2
    # the same as when p2 had simply folded
    folded = play(deal(TP, [100] * 4, 3, TP_HANDS), "p1 look, p1 bet 2, p2 fold, p3 look")
    assert play(folded, "p3 sideshow 2").to_act == 0


def test_4_7_side_show_never_targets_a_blind_previous_bettor() -> None:
    st = deal(TP, [100] * 4, 3, TP_HANDS)
    st = play(st, "p1 bet 1, p2 look")  # p1 bet blind
    assert "sideshow" not in legal(st)


# ------------------------------------------------------------------ 3. the face-up stub
def test_4_4_11_stub_a_four_card_discard_stays_face_down() -> None:
    rules = resolve({"preset": "modern-4card", "stub_face_up": True})
    st = deal(rules, [50, 50], 1, {0: "As Ks Qs 2d", 1: "3c 5d 7h 9s"})
    st = play(st, "p1 look, p1 discard 2d")
    discard = st.pack[-1]
    assert stub_shown(st)[-1] == ()  # the discard shows its back
    assert st.view(1).stub_card is None
    assert all(discard not in cards for cards in stub_shown(st))
    assert discard in st.secret_cards(1)


def test_4_4_11_stub_the_losing_seers_hand_stays_hidden() -> None:
    rules = get_preset("modern-stub")
    st = deal(rules, [50, 50], 1, {0: "2c 4d 7h", 1: "As Ad Ah"})
    st = play(st, "p1 look, p1 bet 2, p2 look, p2 bet 2, p1 see")
    assert st.winners == (1,)
    seer = set(st.first().hands[0])
    assert all(not seer & set(cards) for cards in stub_shown(st))
    assert seer <= st.secret_cards(1)  # nobody but p1 ever saw his losing hand
    assert stub_shown(st)[-1] == ()


def test_4_4_11_stub_shows_folded_hands_but_not_the_fold_out_winners() -> None:
    rules = get_preset("modern-stub")
    st = deal(rules, [50, 50, 50], 2)
    first = st.first()
    st = play(st, "p1 look, p1 bet 2, p2 fold")
    assert stub_shown(st)[-1] == (first.hands[1][-1],)  # a folded hand goes face up
    assert st.view(0).stub_card is not None
    st = play(st, "p3 fold")
    assert st.winners == (0,)
    winner = set(first.hands[0])
    assert all(not winner & set(cards) for cards in stub_shown(st))
    assert stub_shown(st) == [(first.pack[-1],), (first.hands[1][-1],),
                              (first.hands[2][-1],), ()]


def test_4_4_11_replay_json_reports_the_stub() -> None:
    rules = get_preset("modern-stub")
    st = play(deal(rules, [50, 50, 50], 2), "p1 look, p1 bet 2, p2 fold, p3 fold")
    summary = replay(loads(dumps(history_of(st)))).summary()
    first = st.first()
    from bragkit.engine.pack import pack_text

    assert summary["deals"][0]["stub"] == [pack_text((first.pack[-1],)),
                                           pack_text((first.hands[1][-1],)),
                                           pack_text((first.hands[2][-1],)), "face down"]


@pytest.mark.parametrize("preset", ["modern-stub", "modern-4card", "modern-face-up"])
def test_4_4_11_stub_shows_only_public_or_folded_cards(preset: str) -> None:
    rules = resolve({"preset": preset, "stub_face_up": True})
    rng = random.Random(5)
    t = open_table(rules, [300] * 3, dealer=0, seed=3)
    for _ in range(6000):
        if t.over:
            break
        t.apply(rng.choice(t.legal_actions()).sample(rng))
    assert len(t.records) > 15
    for record in t.records:
        st = record.final
        assert isinstance(st, BragState)
        first = st.first()
        allowed = {first.pack[-1], *first.faceup}  # the stub turned up after the deal
        for e in st.events:
            if e.kind == "fold" and e.seat is not None:
                allowed.update(first.hands[e.seat], first.retained_hand[e.seat])
            if e.kind == "reveal" and e.visible_to is None and e.cards:
                allowed.update(e.cards)
        shown = {c for cards in stub_shown(st) for c in cards}
        assert shown <= allowed


# ------------------------------------------------------------------ 4. keys a game never reads
def test_7_commerce_refuses_rebuy_anytime() -> None:
    for preset in ("commerce", "commerce-widow"):
        with pytest.raises(RulesError, match=f"rebuy_anytime is not an option of {preset} "):
            get_preset(preset).replace(rebuy_anytime=True)
        with pytest.raises(RulesError, match="rebuy_max is not an option"):
            get_preset(preset).replace(rebuy_max=5)


def test_7_poker_style_games_refuse_rebuy_anytime_once() -> None:
    with pytest.raises(RulesError) as info:
        get_preset("foster").replace(rebuy_anytime=True)
    assert "table stakes" in str(info.value) and "not an option" not in str(info.value)


def test_4_7_teen_patti_refuses_modern_keys_it_never_reads() -> None:
    with pytest.raises(RulesError, match="see_cost, retained_variant are not options of "
                                         "teen-patti"):
        get_preset("teen-patti").replace(see_cost="single", retained_variant="face_up")
    for key, value in (("max_bet", 20), ("raise_limit", 2), ("pot_limit", True),
                       ("agreed_showdown", False), ("threes_high", False)):
        with pytest.raises(RulesError, match=f"{key} is not an option of teen-patti"):
            get_preset("teen-patti").replace(**{key: value})
    assert get_preset("teen-patti").replace(sideshow=False, rebuy_anytime=True).sideshow is False


def test_4_7_modern_refuses_teen_patti_keys() -> None:
    with pytest.raises(RulesError, match="sideshow is not an option of modern"):
        get_preset("modern").replace(sideshow=False)
    assert get_preset("modern-rebuy").rebuy_anytime


# ------------------------------------------------------------------ 5. lend-or-show and a see
LEND = get_preset("modern-lend")


def test_4_4_9_lend_or_show_covers_the_see_cost() -> None:
    st = deal(LEND, [16, 100], 1, {0: "As Ad Ah", 1: "Kc Kd 2h"})
    st = play(st, "p1 look, p1 bet 2, p2 look, p2 bet 10")
    assert st.stacks[0] == 13 and "see" not in legal(st)  # the see costs 20
    assert (legal(st)["bet"].lo, legal(st)["bet"].hi) == (10, 13)  # staying is affordable
    asked = play(st, "p1 borrow")
    assert asked.to_act == 1
    lend = legal(asked)["lend"]
    assert (lend.lo, lend.hi) == (7, 89)  # the shortfall of the see
    lent = play(asked, "p2 lend 7")
    assert legal(lent)["see"].cost == 20
    seen = play(lent, "p1 see")
    assert seen.winners == (0,) and seen.debts == ((1, 0, 7),)
    assert seen.chips_in_play() == seen.total
    shown = play(asked, "p2 show")  # or p2 shows: p1 puts in his 13 and needs a better hand
    assert shown.winners == (0,) and shown.stacks == (27, 89)


def test_4_4_9_lend_or_show_no_borrow_when_the_see_is_affordable_or_impossible() -> None:
    st = play(deal(LEND, [40, 100], 1), "p1 look, p1 bet 2, p2 look, p2 bet 10")
    assert "borrow" not in legal(st) and legal(st)["see"].cost == 20
    blind = play(deal(LEND, [16, 100], 1), "p1 look, p1 bet 2, p2 bet 5")  # p2 blind, R=10
    assert "see" not in legal(blind) and "borrow" not in legal(blind)  # cannot see a blind man
    with pytest.raises(IllegalActionError, match="ask to borrow first"):
        st2 = play(deal(LEND, [16, 100], 1), "p1 look, p1 bet 2, p2 look, p2 bet 10")
        st2.apply("see")


# ------------------------------------------------------------------ 6. messages
def test_4_2_three_stake_check_error_names_p2_allow_check() -> None:
    t = open_table(get_preset("three-stake"), [50] * 3, dealer=0, seed=1)
    st = t.state
    assert st is not None
    with pytest.raises(IllegalActionError, match=r"p2_allow_check=false.*rules 4\.2"):
        st.apply("check")
    st = st.apply("bet 2")
    with pytest.raises(IllegalActionError, match="a bet stands") as info:
        st.apply("check")
    assert "allow_check" not in str(info.value)


def test_a_t2_p2_allow_check_offers_the_check() -> None:
    t = open_table(get_preset("three-stake").replace(p2_allow_check=True), [50] * 3,
                   dealer=0, seed=1)
    assert t.state is not None and "check" in {la.kind for la in t.state.legal_actions()}


def test_4_7_cannot_see_a_blind_man_cites_teen_patti() -> None:
    st = deal(TP, [100, 100], 1, {0: "As Ah Ad", 1: "3s 3h 3d"})
    st = play(st, "p1 bet 1, p2 look")
    with pytest.raises(IllegalActionError, match=r"cannot see a blind man \(rules 4\.7\)"):
        st.apply("show")
    modern = play(deal(get_preset("modern"), [100, 100], 1), "p1 bet 1, p2 look")
    with pytest.raises(IllegalActionError, match=r"cannot see a blind man \(rules 4\.4\.2"):
        modern.apply("see")
