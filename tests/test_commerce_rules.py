"""Rule-clause tests: one or more per Commerce config key (rules 3.9, 4.10, 4.11, 5, 7)."""

from __future__ import annotations

import pytest

from bragkit.cards import short_pack
from bragkit.engine import open_table
from bragkit.engine.pack import fresh_pack
from bragkit.errors import BragError, IllegalActionError, RulesError
from bragkit.games.commerce.records import Barter, LastExchanges, PounceOffers, Resume
from bragkit.games.commerce.state import CommerceState, hand_key
from bragkit.rules import Rules, get_preset
from bragkit.testing.fixtures import stacked_pack
from tests.test_commerce_flows import cid, deal, play

C = get_preset("commerce")
W = get_preset("commerce-widow")
STRONG = {0: "2c 5d 9h", 1: "Ks Qs Js", 2: "4c 7s 8d"}     # P2 holds a sequence


def legal(st: CommerceState) -> list[str]:
    return [str(a) for a in st.legal_actions()]


# ------------------------------------------------------------------ 4.10 G-C1 keys
def test_4_10_stake_each_pays_the_dealer_twice() -> None:
    st = deal(C.replace(stake=2), 3, 2, {})
    assert st.pot == 8 and st.stacks == (8, 8, 6)


def test_4_10_dealer_pays_double_off() -> None:
    st = deal(C.replace(dealer_pays_double=False), 3, 2, {})
    assert st.pot == 3 and st.stacks == (9, 9, 9)


def test_4_10_trade_price_paid_to_the_dealer() -> None:
    st = deal(C.replace(trade_price=3), 3, 2, {0: "2c 5d 9h"})
    assert "trade (costs 3) 2c|5d|9h" in legal(st)
    st = play(st, "p1 trade 2c")
    assert st.stacks == (6, 9, 11) and st.pot == 4


def test_4_10_trade_needs_the_price() -> None:
    st = deal(C.replace(trade_price=3), 3, 2, {0: "2c 5d 9h"}, stacks=(3, 10, 10))
    assert [a.kind for a in st.legal_actions()] == ["stand", "barter"]
    with pytest.raises(IllegalActionError, match="may barter, stand"):
        st.apply("trade 2c")


def test_4_10_trade_price_defaults_to_stake() -> None:
    st = deal(C.replace(stake=2), 3, 2, {0: "2c 5d 9h"})
    assert legal(st)[1].startswith("trade (costs 2)")


@pytest.mark.parametrize(("direction", "partner"), [("left", 1), ("right", 2)])
def test_4_10_barter_direction(direction: str, partner: int) -> None:
    st = deal(C.replace(barter_direction=direction), 3, 2, {0: "2c 5d 9h"})
    st = play(st, "p1 barter 9h")
    assert st.to_act == partner and st.pending == Barter(offerer=0, card=cid("9h"))


def test_4_10_barter_skips_seats_sitting_out() -> None:
    pack = stacked_pack(C, 4, 3, {0: "2c 5d 9h"}, seats=[0, 2, 3])
    st = CommerceState.start(C, (10, 0, 10, 10), 3, pack)
    assert st.status[1] == "out" and st.hands[1] == ()
    assert play(st, "p1 barter 9h").to_act == 2


def test_4_10_dealer_trade_costs_when_not_free() -> None:
    rules = C.replace(dealer_trades_free=False)
    st = deal(rules, 3, 2, {0: "2c 5d 9h", 1: "3c 6d Th", 2: "4c 7s 8d"})
    st = play(st, "p1 trade 2c", "p1 pass", "p2 trade 3c", "p2 pass")
    assert "trade (costs 1) 4c|7s|8d" in legal(st)
    pot, dealer = st.pot, st.stacks[2]
    st = play(st, "p3 trade 4c")
    assert st.pot == pot + 1 and st.stacks[2] == dealer - 1


@pytest.mark.parametrize(("pays", "dealer_after"), [(None, 7), (3, 5), (0, 8)])
def test_4_10_dealer_pays_winner(pays: int | None, dealer_after: int) -> None:
    st = deal(C.replace(dealer_pays_winner=pays), 3, 2, STRONG)
    st = play(st, "p1 stand")
    assert st.winners == (1,) and st.stacks[2] == dealer_after


def test_4_10_dealer_who_wins_pays_nobody() -> None:
    st = deal(C, 3, 2, {0: "2c 5d 9h", 1: "3c 6d Th", 2: "As Ad Ah"})
    st = play(st, "p1 stand")
    assert st.winners == (2,) and st.stacks == (9, 9, 12)


@pytest.mark.parametrize(("penalty", "stacks"), [(False, (9, 14, 7)), (True, (10, 15, 5))])
def test_4_10_banker_penalty_all(penalty: bool, stacks: tuple[int, ...]) -> None:
    st = deal(C.replace(banker_penalty_all=penalty), 3, 2,
              {0: "2c 5d 9h", 1: "3c 3d 3h", 2: "2s 2d 2h"})
    st = play(st, "p1 stand")
    assert st.winners == (1,) and st.stacks == stacks


def test_4_10_banker_penalty_not_for_a_lesser_hand() -> None:
    st = deal(C.replace(banker_penalty_all=True), 3, 2,
              {0: "2c 5d 9h", 1: "3c 3d 3h", 2: "As Kd 4h"})
    assert play(st, "p1 stand").stacks == (9, 14, 7)


@pytest.mark.parametrize("cap", [1, 2])
def test_a_c4_max_trade_rounds_forces_the_showdown(cap: int) -> None:
    st = deal(C.replace(max_trade_rounds=cap), 3, 2, {})
    for _ in range(cap):
        for seat in (1, 2, 3):
            hand = legal(st)[2].split()[1].split("|")
            st = play(st, f"p{seat} barter {hand[0]}")
            st = st.apply(st.legal_actions()[0].examples()[0])       # accept
            st = play(st, f"p{seat} pass")
    assert st.is_over and st.rounds == cap
    assert [e.amount for e in st.events if e.kind == "cap"] == [cap]


@pytest.mark.parametrize(("key", "winner"), [(False, 0), (True, 2)])
def test_4_10_dealer_is_eldest_for_point(key: bool, winner: int) -> None:
    rules = C.replace(dealer_is_eldest_for_point=key)
    st = deal(rules, 3, 2, {0: "Kh 7d 5c", 1: "2c 3d 8h", 2: "Ks 7h 5d"})
    assert play(st, "p1 stand").winners == (winner,)


def test_4_10_dealer_is_eldest_only_for_point() -> None:
    rules = C.replace(dealer_is_eldest_for_point=True)
    st = deal(rules, 3, 2, {0: "Kh Kd 5c", 1: "2c 3d 8h", 2: "Ks Kc 5d"})
    assert play(st, "p1 stand").winners == (0,)                      # a pair: eldest wins


@pytest.mark.parametrize(("tie", "winners", "stacks"),
                         [("eldest", (2,), (8, 4, 18)), ("split", (2, 0), (14, 2, 14))])
def test_3_9_commerce_exact_tie(tie: str, winners: tuple[int, ...],
                                stacks: tuple[int, ...]) -> None:
    st = deal(C.replace(commerce_exact_tie=tie, stake=2), 3, 1,
              {0: "Kh 7d 5c", 1: "2c 3d 8h", 2: "Ks 7h 5d"})
    st = play(st, "p3 stand")
    assert st.winners == winners
    assert st.stacks == stacks


@pytest.mark.parametrize(("ranking", "winner"), [("peel", 0), ("hoyle18", 1)])
def test_3_9_commerce_ranking(ranking: str, winner: int) -> None:
    st = deal(C.replace(commerce_ranking=ranking), 3, 2,
              {0: "9s 9h 2c", 1: "Ah Kh 5c", 2: "3c 4d 7s"})
    assert play(st, "p1 stand").winners == (winner,)


# ------------------------------------------------------------------ 4.11 G-C2 keys
def test_4_11_widow_scoring_lives_entry_and_carry() -> None:
    st = deal(W, 3, 2, {})
    assert st.pot == 9 and st.paid == (3, 3, 3) and st.lives == (3, 3, 3)


def test_4_11_widow_scoring_stakes_has_no_pool() -> None:
    st = deal(get_preset("commerce-widow-stakes"), 3, 2, {})
    assert st.pot == 0 and st.lives == (0, 0, 0)
    st = play(st, "p3 keep", "p1 stand", "p2 stand", "p3 pass")
    loser_count = 3 - len(st.winners)
    assert sum(st.stacks) == 30 and sum(st.stacks[w] - 10 for w in st.winners) == \
        loser_count * len(st.winners)


def test_4_11_widow_rules_peel_choices() -> None:
    st = play(deal(W, 3, 2, {0: "2c 5d 9h"}, rest="Ah Ad As"), "p3 keep")
    kinds = [a.kind for a in st.legal_actions()]
    assert kinds == ["exchange", "stand", "pass"]
    assert len(st.legal_actions()[0].args) == 9
    with pytest.raises(IllegalActionError, match="peel"):
        st.apply("exchange 2c 5d Ah Ad")


def test_4_11_widow_rules_hoyle_no_pass() -> None:
    st = play(deal(get_preset("commerce-widow-hoyle"), 3, 2, {}), "p3 keep")
    assert [a.kind for a in st.legal_actions()] == ["exchange", "stand"]
    assert len(st.legal_actions()[0].args) == 19
    with pytest.raises(IllegalActionError, match="hoyle"):
        st.apply("pass")


def test_4_11_hoyle_stood_player_never_changes_again() -> None:
    st = play(deal(get_preset("commerce-widow-hoyle"), 3, 2, {}), "p3 keep", "p1 stand")
    st = play(st, "p2 exchange " + st.legal_actions()[0].args[0], "p3 stand")
    assert st.to_act == 1                                            # p1 is skipped


def test_4_11_widow_rules_britannica_pass_is_final() -> None:
    st = deal(get_preset("commerce-widow-britannica"), 3, 2, {})
    st = play(st, "p1 pass")
    st = play(st, "p2 " + str(st.legal_actions()[0].examples()[0]), "p3 pass")
    assert st.to_act == 1 and len(st.widow) == 5                     # p1 passed for good


@pytest.mark.parametrize("privilege", [True, False])
def test_4_11_dealer_widow_privilege(privilege: bool) -> None:
    st = deal(W.replace(dealer_widow_privilege=privilege), 3, 2, {})
    if privilege:
        assert st.phase == "privilege" and st.to_act == 2 and not st.looked[2]
        assert legal(st) == ["widow", "keep"]
        kept = play(st, "p3 keep")
        assert kept.looked[2] and kept.view(2).own_cards is not None
        assert kept.status[2] == "in" and kept.to_act == 0
    else:
        assert st.phase == "exchange" and st.to_act == 0 and st.looked[2]


def test_a_c7_privilege_counts_as_a_stand() -> None:
    st = play(deal(W, 4, 3, {}), "p4 widow", "p1 stand")
    assert st.stands == 2 and st.phase == "last" and st.pending == LastExchanges((1, 2))


@pytest.mark.parametrize(("win", "pool", "won"), [(1, 9, 1), (2, 9, 2), (5, 3, 3)])
def test_4_11_win_from_pool(win: int, pool: int, won: int) -> None:
    st = deal(W.replace(win_from_pool=win), 3, 2, {0: "As Ad Ah", 1: "2c 3d 5h"},
              pool=pool, lives=(3, 3, 3))
    st = play(st, "p3 keep", "p1 stand", "p2 stand", "p3 pass")
    assert st.winners == (0,) and st.stacks[0] == 10 + won and st.carried == pool - won


def _out_deal(rules: Rules, *, first_out: int = -1, horses: tuple[int, ...] = (0, 0, 0),
              stacks: tuple[int, ...] = (10, 10, 10)) -> CommerceState:
    st = deal(rules, 3, 2, {0: "2c 3d 5h", 1: "As Ad Ah"}, pool=9, lives=(1, 3, 3),
              first_out=first_out, horses=horses, stacks=stacks)
    return play(st, "p3 keep", "p1 stand", "p2 stand", "p3 pass")


@pytest.mark.parametrize(("price", "cost"), [(None, 1), (2, 2)])
def test_4_11_horse_price(price: int | None, cost: int) -> None:
    st = _out_deal(W.replace(horse_price=price))
    assert legal(st)[0] == f"horse (costs {cost})"
    st = play(st, "p1 horse")
    assert st.stacks[0] == 10 - cost and st.lives[0] == 1 and st.carried == 9 - 1 + cost


def test_4_11_horse_needs_the_price() -> None:
    st = _out_deal(W.replace(horse_price=4), stacks=(3, 10, 10))
    assert st.is_over and st.lives[0] == 0


@pytest.mark.parametrize(("rule", "first_out", "offered"), [
    ("first_out_once", -1, True), ("first_out_once", 1, False),
    ("any_once", 1, True), ("none", -1, False)])
def test_4_11_horse_rule(rule: str, first_out: int, offered: bool) -> None:
    st = _out_deal(W.replace(horse_rule=rule), first_out=first_out)
    assert (st.phase == "horse") == offered
    assert st.first_out == (0 if first_out == -1 else first_out)


def test_4_11_horse_only_once() -> None:
    st = _out_deal(W.replace(horse_rule="any_once"), horses=(1, 0, 0))
    assert st.is_over


@pytest.mark.parametrize(("tie", "lives"), [("youngest", (3, 2, 3)), ("all", (2, 2, 3))])
def test_a_c8_worst_tie(tie: str, lives: tuple[int, ...]) -> None:
    st = deal(W.replace(worst_tie=tie), 3, 2, {0: "Kh 7d 5c", 1: "Ks 7h 5d", 2: "As Ad Ah"})
    st = play(st, "p3 keep", "p1 stand", "p2 stand", "p3 pass")
    assert st.lives == lives


def test_4_11_pounce_takes_the_fourth_card() -> None:
    rules = get_preset("commerce-pounce")
    st = deal(rules, 3, 2, {0: "9c 9d 9h", 1: "Ac Ad Ah", 2: "2d 5h 7s"},
              rest="2c 3c 4c 9s Kd")
    assert st.phase == "pounce" and st.to_act == 0
    assert isinstance(st.pending, PounceOffers) and st.pending.offers == ((0, cid("9s")),)
    assert legal(st) == ["pounce", "decline"]
    st = play(st, "p1 pounce")
    assert len(st.hands[0]) == 4 and cid("9s") not in st.widow and cid("Kd") in st.widow
    assert st.status[0] == "stood" and st.to_act == 1 and st.phase == "exchange"
    st = play(st, "p2 pass", "p3 pass")
    assert st.is_over and st.winners == (0,)
    assert hand_key(rules, st.hands[0]) > hand_key(rules, st.hands[1])


def test_4_11_pounce_declined() -> None:
    st = deal(get_preset("commerce-pounce"), 3, 2,
              {0: "9c 9d 9h", 1: "Ac Kd 2h", 2: "2d 5h 7s"}, rest="2c 3c 4c 9s")
    st = play(st, "p1 decline")
    assert st.phase == "exchange" and st.to_act == 0 and len(st.hands[0]) == 3
    assert cid("9s") in st.widow


def test_4_11_no_pounce_without_the_option() -> None:
    rules = get_preset("commerce-widow-britannica")
    st = deal(rules, 3, 2, {0: "9c 9d 9h"}, rest="2c 3c 4c 9s")
    assert st.phase == "exchange"


def test_4_11_widow_lives() -> None:
    assert deal(W.replace(widow_lives=2), 3, 2, {}).lives == (2, 2, 2)


# ------------------------------------------------------------------ the 32-card pack
def test_4_10_short_pack() -> None:
    rules = get_preset("commerce-32")
    assert rules.pack_size == 32 and rules.max_players() == 7
    assert set(fresh_pack(rules)) == {c.id for c in short_pack()}
    t = open_table(rules, [10] * 7, dealer=0, seed=3)
    assert t.state is not None and len(t.state.all_cards()) == 32
    assert all(c // 4 >= 5 for c in t.state.all_cards())              # sevens and up
    with pytest.raises(RulesError, match="at most 7"):
        open_table(rules, [10] * 8, dealer=0, seed=3)


def test_short_pack_widow_game() -> None:
    rules = W.replace(short_pack=True)
    t = open_table(rules, [10] * 7, dealer=0, seed=3)
    assert t.state is not None and len(t.state.pack) == 32 - 24


# ------------------------------------------------------------------ validation
def test_rules_validation_lists_every_problem() -> None:
    with pytest.raises(RulesError) as info:
        Rules(game="commerce", pack_policy="shuffle_every_deal", stake=0, max_trade_rounds=0,
              widow_rules="nope", cards=4)
    text = str(info.value)
    for part in ("stake must be >= 1", "max_trade_rounds must be >= 1", "widow_rules must be",
                 "Commerce deals 3 cards"):
        assert part in text


def test_commerce_keys_rejected_for_other_games() -> None:
    with pytest.raises(RulesError, match="Commerce options"):
        Rules(pounce=True)


@pytest.mark.parametrize(("preset", "changes", "stray"), [
    ("commerce-widow", {"barter_direction": "right"}, "barter_direction"),   # a G-C1 key
    ("commerce-widow", {"trade_price": 3}, "trade_price"),
    ("commerce", {"widow_rules": "hoyle"}, "widow_rules"),                   # G-C2 keys
    ("commerce", {"pounce": True}, "pounce"),
    ("commerce", {"ante": 2}, "ante"),                                       # modern Brag's
    ("commerce-widow-stakes", {"horse_price": 2}, "horse_price"),            # lives only
    ("commerce-widow-stakes", {"commerce_exact_tie": "split"}, "commerce_exact_tie"),
])
def test_7_keys_the_form_never_reads_are_refused(preset: str, changes: dict[str, object],
                                                  stray: str) -> None:
    game = get_preset(preset).game
    with pytest.raises(RulesError, match=rf"^invalid rules: {stray} is not an option of {game}"):
        get_preset(preset).replace(**changes)  # refused when the rules are built


def test_7_every_key_of_each_form_is_accepted() -> None:
    trade = C.replace(stake=2, dealer_pays_double=False, trade_price=3, barter_direction="right",
                      dealer_trades_free=False, dealer_pays_winner=2, banker_penalty_all=True,
                      max_trade_rounds=5, dealer_is_eldest_for_point=True,
                      commerce_exact_tie="split", commerce_ranking="hoyle18", short_pack=True)
    widow = W.replace(widow_rules="britannica", dealer_widow_privilege=False, win_from_pool=2,
                      horse_price=2, horse_rule="any_once", worst_tie="all", pounce=True,
                      widow_lives=2, commerce_exact_tie="split")
    for rules in (trade, widow, get_preset("commerce-widow-stakes").replace(pounce=True)):
        assert open_table(rules, [30, 30, 30], dealer=0, seed=1).state is not None


def test_commerce_requires_shuffling() -> None:
    with pytest.raises(RulesError, match="shuffle_every_deal"):
        Rules(game="commerce")


def test_start_errors() -> None:
    with pytest.raises(BragError, match="at least one more seat"):
        deal(C, 3, 2, {}, stacks=(0, 0, 10))


def test_illegal_action_changes_nothing() -> None:
    st = deal(C, 3, 2, {0: "2c 5d 9h"})
    before = (st.stacks, st.pot, st.hands, st.pack, st.events)
    for text in ("trade Ks", "accept 2c", "exchange 2c 9h", "widow", "trade nonsense"):
        with pytest.raises(IllegalActionError, match=r"rules 4\.10"):
            st.apply(text)
    with pytest.raises(IllegalActionError, match="malformed"):
        st.apply("barter")
    with pytest.raises(IllegalActionError, match="p1's turn"):
        st.apply_move(1, "stand")
    assert (st.stacks, st.pot, st.hands, st.pack, st.events) == before


@pytest.mark.parametrize(("text", "why"), [
    ("trade Ks", "p1 does not hold Ks"),
    ("trade 2c 5d", "name exactly one card"),
    ("barter 10h", "p1 does not hold Th"),
])
def test_illegal_card_actions_say_why(text: str, why: str) -> None:
    st = deal(C, 3, 2, {0: "2c 5d 9h"})
    with pytest.raises(IllegalActionError, match=why):
        st.apply(text)


def test_4_10_offered_card_not_handed_back_message() -> None:
    st = play(deal(C, 3, 2, {0: "2c 5d 9h"}), "p1 barter 9h")
    with pytest.raises(IllegalActionError, match="may not be handed straight back"):
        st.apply("accept 9h")


@pytest.mark.parametrize(("text", "why"), [
    ("exchange 2c 5d Ah Ad", "2 cards at once is not allowed"),
    ("exchange 2c Kd", "Kd not in the widow"),
    ("exchange Ks Ah", "p1 does not hold Ks"),
    ("exchange 2c", "as many of your cards as you take"),
])
def test_illegal_exchanges_say_why(text: str, why: str) -> None:
    st = play(deal(W, 3, 2, {0: "2c 5d 9h"}, rest="Ah Ad As"), "p3 keep")
    with pytest.raises(IllegalActionError, match=why):
        st.apply(text)


def test_card_arguments_accept_ten_as_10() -> None:
    st = play(deal(C, 3, 2, {0: "2c Td 9h"}), "p1 trade 10d")
    assert st.action_strings() == ["p1 trade Td"]


def test_a_c4_max_trade_rounds_caps_the_widow_exchanges() -> None:
    st = play(deal(W.replace(max_trade_rounds=1), 3, 2, {0: "2c 5d 9h"}, rest="Ah Ad As"),
              "p3 keep")
    for seat in (1, 2, 3):
        st = play(st, f"p{seat} exchange " + st.legal_actions()[0].args[0])
    assert st.is_over and [e.note for e in st.events if e.kind == "cap"] == ["max_trade_rounds"]


def test_4_11_everyone_out_at_once_share_the_pool() -> None:
    rules = W.replace(worst_tie="all", horse_rule="none")
    pack = stacked_pack(rules, 3, 0, {0: "Kh 7d 5c", 1: "Ks 7h 5d"}, seats=[0, 1])
    st = CommerceState.start(rules, (10, 10, 10), 0, pack, pool=9, lives=(1, 1, 0))
    assert st.status[2] == "out"
    st = play(st, "p1 keep", "p2 stand", "p1 stand")
    assert st.is_over and st.final and st.lives == (0, 0, 0)
    assert st.winners == (1,) and st.stacks == (14, 15, 10) and st.pot == st.carried == 0


def test_4_11_pounce_then_peel_two_stands() -> None:
    rules = W.replace(pounce=True)
    st = deal(rules, 3, 2, {0: "9c 4d 5h", 1: "9d 9h 9s", 2: "2c 3c 7c"}, rest="Ah Ad As Kd")
    st = play(st, "p3 widow", "p1 exchange 9c 2c")
    assert st.phase == "pounce" and st.pending == PounceOffers(((1, cid("9c")),),
                                                               Resume("exchange", 1))
    st = play(st, "p2 pounce")
    assert st.stands == 2 and st.phase == "last" and st.to_act == 0
    assert st.pending == LastExchanges((0,))
    assert cid("Kd") in st.widow
    st = play(st, "p1 pass")
    assert st.is_over and st.winners == (1,)
