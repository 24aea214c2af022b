"""CasinoState: one casino hand (rules 4.9) on the one state contract, and the one-seat
CasinoSession playing through it."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bragkit.cards import parse_cards
from bragkit.engine.actions import Action, LegalAction
from bragkit.engine.contract import OVER, GameState, InfoKey, SeatView
from bragkit.errors import CardError, IllegalActionError
from bragkit.games.casino import CasinoRules
from bragkit.games.casino.session import CasinoSession
from bragkit.games.casino.state import _FIELDS, CasinoState, _make, paid_chips

RULES = CasinoRules.preset("casino")
PACK = "Qs Qd 4c  Qh 7d 2s"  # a pair of queens against Q-7-2


def test_4_9_legal_actions_have_exact_bounds_and_costs() -> None:
    s = CasinoState.start(RULES, 25, PACK)
    assert s.legal_actions() == (LegalAction("ante", 1, 25),)
    s = s.apply("ante 10")
    assert s.legal_actions() == (LegalAction("pairbonus", 1, 15), LegalAction("play", cost=10),
                                 LegalAction("fold"))
    s = s.apply("pairbonus 8")  # 7 left: the Play bet (10) no longer fits
    assert s.legal_actions() == (LegalAction("fold"),)
    assert s.stacks == (7,) and s.staked == 18


def test_4_9_apply_returns_a_new_state_and_play_settles() -> None:
    start = CasinoState.start(RULES, 50, PACK)
    bet = start.apply("ante 10")
    done = bet.apply(Action("play"))
    assert start.phase == "ante" and bet.phase == "bet" and bet.hand is None
    assert done.whose_turn is OVER and done.is_over and done.legal_actions() == ()
    assert done.settlement is not None and done.settlement.outcome == "player_wins"
    assert done.returns() == (20,) and done.stacks == (70,) and done.total == 70
    assert done.action_strings() == ["p1 ante 10", "p1 play"]
    assert done.replay() == done and done.first() == start


def test_4_9_illegal_actions_name_the_rule_and_change_nothing() -> None:
    s = CasinoState.start(RULES, 12, PACK).apply("ante 10")
    for action, message in (("play", "Play bet equals the ante"), ("ante 5", "already staked"),
                            ("pairbonus 3", None), ("bet 4", "not a casino action")):
        if message is None:
            continue
        with pytest.raises(IllegalActionError, match=message):
            s.apply(action)
    with pytest.raises(IllegalActionError, match=r"rules 4\.9"):
        s.apply("pairbonus 9")
    with pytest.raises(IllegalActionError, match=r"no seat p2.*rules 4\.9"):
        s.apply_move(1, "fold")
    assert s.action_strings() == ["p1 ante 10"] and s.staked == 10
    done = s.apply("fold")
    with pytest.raises(IllegalActionError, match=r"hand is over.*rules 4\.9"):
        done.apply("ante 1")


def test_4_9_view_shows_no_dealer_card_before_the_reveal() -> None:
    s = CasinoState.start(RULES, 50, PACK).apply("ante 10")
    dealer = {c.id for c in parse_cards(PACK)[3:]}
    view = s.view(0)
    assert type(view) is SeatView and view.own_cards is None and view.shown == {}
    decided = s.deal()
    view = decided.view(0)
    assert view.own_cards == tuple(parse_cards(PACK)[:3]) and view.shown == {}
    assert not dealer & {c.id for c in view.known_cards()}
    assert decided.secret_cards(0) == dealer
    over = decided.apply("fold").view(0)
    assert over.shown == {-1: tuple(parse_cards(PACK)[3:])} and over.legal == ()
    with pytest.raises(IllegalActionError, match="no seat p2"):
        s.view(1)


def test_4_9_info_key_holds_what_the_player_knows() -> None:
    a = CasinoState.start(RULES, 50, "Qs Qd 4c  Qh 7d 2s").apply("ante 10").deal()
    b = CasinoState.start(RULES, 50, "Qs Qd 4c  Ah Kd 9s").apply("ante 10").deal()
    c = CasinoState.start(RULES, 50, "As Kd 4c  Ah 7d 2s").apply("ante 10").deal()
    key = a.info_key(0)
    assert isinstance(key, InfoKey) and key == a.view(0).info_key
    assert key == b.info_key(0), "a different dealer hand cannot be told apart"
    assert key != c.info_key(0), "different own cards are known"
    assert a.apply("fold").info_key(0) != b.apply("fold").info_key(0), "the reveal is seen"


def test_casino_state_satisfies_the_contract_at_runtime() -> None:
    s = CasinoState.start(RULES, 50, PACK)
    assert isinstance(s, GameState)
    assert (s.n, s.dealer, s.chance_outcomes(), s.all_cards()) == (
        1, -1, (), [c.id for c in parse_cards(PACK)])
    with pytest.raises(IllegalActionError, match="no chance node"):
        s.apply_chance(0)
    empty = CasinoState.start(RULES, 0)
    assert empty.whose_turn is OVER and empty.legal_actions() == ()


def test_casino_state_make_names_every_field_once() -> None:
    names = [f.name for f in dataclasses.fields(CasinoState)]
    assert list(_FIELDS) == names
    s = _make(rules=RULES, bankroll=3, phase=CasinoState.start(RULES, 3).phase, ante=0,
              pair_plus=0, cards=(), hand=None, actions=(), events=(), origin=None)
    assert s == CasinoState.start(RULES, 3)


def test_a_hand_started_without_cards_is_dealt_later() -> None:
    s = CasinoState.start(RULES, 50).apply("ante 5")
    with pytest.raises(CardError, match="without its cards"):
        s.deal()
    assert s.deal(PACK).hand is not None and s.deal(PACK).first().cards == s.deal(PACK).cards


def test_4_9_the_table_plays_through_casino_states() -> None:
    t = CasinoSession(RULES, [40], seed=3, deal_step=False)
    rng = random.Random(5)
    start = t.bankroll
    while not t.over and t.hands_finished < 30:
        assert t.whose_turn == 0 and t.legal_actions() == t.state.legal_actions()
        offered = t.legal_actions()
        choice = Action("ante", 2) if offered[0].kind == "ante" else rng.choice(offered).sample(rng)
        t.apply_move(0, choice)
        if not t.current:  # a hand ended: the bankroll moved by its settlement only
            settlement = t.finished[-1].settlement
            assert settlement is not None
            assert t.bankroll == start + paid_chips(settlement)
            assert t.state.phase == "ante" and t.stacks == (t.bankroll,)
            start = t.bankroll
    assert t.hands_finished > 5 and (t.hands_finished == 30 or t.bankroll == 0)
    with pytest.raises(IllegalActionError, match="no seat p2"):
        t.apply_move(1, Action("fold"))
