"""Bots that play like people: blind play at pub rates, varied raises, refused showdowns,
and three levels by name (easy, normal, strong) that really differ."""

from __future__ import annotations

import random

import pytest

from bragkit.bots import LEVEL_GAMES, LEVELS, bot_names, get_bot
from bragkit.bots.heuristic import HeuristicBot
from bragkit.bots.poker_bot import PokerHeuristicBot
from bragkit.engine import BragState, open_table
from bragkit.engine.actions import Action, LegalAction
from bragkit.rules import get_preset
from bragkit.sim import SimConfig, simulate
from bragkit.testing.fixtures import stacked_pack
from tests.bot_checks import play_only_legal

PRESET_OF = {"modern": "modern", "teen-patti": "teen-patti", "foster": "foster",
             "three-stake": "three-stake", "american": "american", "brag-poker": "brag-poker",
             "commerce": "commerce", "commerce-widow": "commerce-widow"}


@pytest.mark.parametrize("game", LEVEL_GAMES)
def test_levels_are_registered_and_play_only_legal_actions(game: str) -> None:
    assert set(LEVELS) <= set(bot_names(game))
    t = play_only_legal(PRESET_OF[game], list(LEVELS), stack=100, seed=3, rng_seed=4, deals=8,
                        max_steps=3000)
    assert t.deal_no >= 1
    assert [get_bot(level, get_preset(PRESET_OF[game])).name for level in LEVELS] == list(LEVELS)


def test_modern_bots_play_blind_at_the_documented_pub_rates() -> None:
    out = simulate(SimConfig(get_preset("modern"), ("heuristic",) * 4, hands=1200, seed=1))
    for b in out["bots"]:
        blind_deals = b["blind_rate"] * b["hands"]
        assert 0.33 <= b["blind_rate"] <= 0.47, b  # about two deals in five
        assert 2.0 <= b["blind_bets"] / blind_deals <= 3.2, b  # two or three blind bets
        assert 0.08 <= b["blind_to_end_rate"] <= 0.2, b  # a third of those never look


def test_4_4_10_bots_refuse_a_showdown_that_is_bad_for_them() -> None:
    rules = get_preset("modern")
    for weak, strong_hand in (("2c 4d 7h", "As Ad Ah"),):
        for hand, wanted in ((weak, "refuse"), (strong_hand, "agree")):
            st = BragState.start(rules, [100] * 3, 2,
                                 stacked_pack(rules, 3, 2, {1: hand, 2: "5s 8d Th"}))
            for move in ("look", "bet 2", "look", "bet 2", "look", "bet 2", "showdown"):
                st = st.apply(move)
            assert st.phase == "agree" and st.to_act == 1
            for name in ("heuristic", "tracker", *LEVELS):
                bot = get_bot(name, rules)
                got = bot.act(st.view(1), st.legal_actions(), random.Random(1))
                assert got == Action(wanted), (name, hand)


def test_4_4_10_a_blind_bot_refuses_a_showdown() -> None:
    rules = get_preset("modern")
    st = BragState.start(rules, [100] * 3, 2, stacked_pack(rules, 3, 2, {}))
    for move in ("look", "bet 2", "bet 1", "look", "bet 2", "showdown"):
        st = st.apply(move)
    assert st.phase == "agree" and not st.looked[1]
    assert HeuristicBot(rules).act(st.view(1), st.legal_actions(), random.Random(1)) == \
        Action("refuse")


def test_agreeing_needs_more_than_a_fair_share() -> None:
    bot = HeuristicBot(get_preset("modern"))  # agree_margin 1.5
    assert bot.agrees(0.38, 4) and not bot.agrees(0.37, 4)  # 1.5 x a quarter
    assert bot.agrees(0.5, 3) and not bot.agrees(0.49, 3)  # an even chance at most
    loose = get_bot("easy", get_preset("modern"))
    assert isinstance(loose, HeuristicBot) and loose.agrees(0.26, 4)  # a fair share suffices
    assert not loose.agrees(0.24, 4)


def test_poker_style_bots_vary_their_raises() -> None:
    rules = get_preset("foster")
    bot = PokerHeuristicBot(rules)
    la = LegalAction("raise", lo=1, hi=10)
    sizes = [bot.raise_size(la, 0.9, random.Random(i)) for i in range(300)]
    assert len(set(sizes)) >= 6 and min(sizes) >= 1 and max(sizes) <= 10
    stronger = [bot.raise_size(la, 0.99, random.Random(i)) for i in range(300)]
    assert sum(stronger) > sum(sizes)  # stronger hands raise more on average
    # over a session the raises differ in size, and strong hands are sometimes only called
    t = open_table(rules, [200] * 3, dealer=0, seed=2)
    bots = [PokerHeuristicBot(rules) for _ in range(3)]
    rng = random.Random(5)
    raised: set[int] = set()
    while t.deal_no < 200 and not t.over:
        seat = t.to_act
        state = t.state if t.state is not None else t.records[-1].final
        action = bots[seat].act(state.view(seat), t.legal_actions(), rng)
        if action.kind == "raise" and action.amount is not None:
            raised.add(action.amount)
        t.apply_move(seat, action)
    assert len(raised) >= 5


def test_levels_really_differ_in_modern_brag() -> None:
    out = simulate(SimConfig(get_preset("modern"), LEVELS, hands=2400, seed=1))
    easy, normal, strong = out["bots"]
    assert easy["ci95"][1] < strong["ci95"][0]  # strong beats easy with 95% confidence
    assert easy["per_hand"] < normal["per_hand"] < strong["per_hand"]


@pytest.mark.parametrize("preset", ["foster", "commerce"])
def test_levels_really_differ_in_other_games(preset: str) -> None:
    out = simulate(SimConfig(get_preset(preset), LEVELS, hands=3000, seed=1))
    easy, normal, strong = out["bots"]
    assert easy["per_hand"] < normal["per_hand"] < strong["per_hand"]
    assert easy["ci95"][1] < strong["ci95"][0]
