"""Every game of the family has ``random`` and ``heuristic`` bots that play legally and the
heuristic beats random bots."""

from __future__ import annotations

from typing import Any

import pytest

from bragkit.bots import bot_names, get_bot
from bragkit.bots.poker_bot import points31
from bragkit.rules import get_preset, preset_names
from bragkit.rules.model import GAMES
from bragkit.sim import SimConfig, simulate
from tests.bot_checks import play_only_legal


def test_every_game_has_random_and_heuristic() -> None:
    for game in GAMES:
        assert {"random", "heuristic"} <= set(bot_names(game)), game


@pytest.mark.parametrize("preset", [p for p in preset_names()
                                    if get_preset(p).game not in ("modern", "teen-patti")])
def test_heuristic_plays_only_legal_actions(preset: str) -> None:
    t = play_only_legal(preset, ["heuristic", "random", "heuristic"], stack=80, seed=5,
                        rng_seed=5, deals=15, max_steps=4000)
    assert t.deal_no >= 5 or t.over


@pytest.mark.parametrize("preset", ["foster", "three-stake", "american", "brag-poker",
                                    "commerce", "commerce-widow"])
def test_heuristic_beats_random(preset: str) -> None:
    out = simulate(SimConfig(get_preset(preset), ("heuristic", "random", "random"), hands=300,
                             seed=2, block=30))
    hero = out["bots"][0]
    assert hero["net"] > 0 and hero["per_hand"] > max(b["per_hand"] for b in out["bots"][1:])


def test_points31() -> None:
    assert points31((51, 47, 43)) == 31  # As Ks Qs
    assert points31((0, 1, 2)) == 6


def test_points31_counts_aces_as_agreed() -> None:
    assert points31((51, 47, 43), ace=1) == 21  # As Ks Qs, aces low by house agreement


def test_three_stake_heuristic_draws_on_the_house_pip_count() -> None:
    """As Kd 9c is 30 with aces 11 (stand) but 20 with aces 1 (draw for thirty-one)."""
    from types import SimpleNamespace

    from bragkit.cards import parse_cards
    from bragkit.engine.actions import LegalAction

    view: Any = SimpleNamespace(own_cards=parse_cards("As Kd 9c"))
    kinds = {"draw": LegalAction("draw", lo=1, hi=1), "stand": LegalAction("stand")}
    draws = {}
    for ace in (11, 1):
        bot: Any = get_bot("heuristic", get_preset("three-stake").replace(ace_value_31=ace))
        draws[ace] = bot._draw(view, kinds, 0.5).kind
    assert draws == {11: "stand", 1: "draw"}
