"""Conformance of Three-Stake Brag: random legal play over every preset and option
(rules 2.3, 2.5, 2.7, 4.2): chips (three pools and a carried P3), cards (drawn cards
included), legal actions, illegal probes, views, replay."""

from __future__ import annotations

import pytest

from bragkit.rules import Rules, get_preset, preset_names
from bragkit.testing import check_conformance

CASES: list[tuple[str, Rules]] = [
    (name, get_preset(name)) for name in preset_names()
    if get_preset(name).game == "three-stake"
] + [
    ("stake=2", get_preset("three-stake-draw").replace(stake=2)),
    ("draw_price=0", get_preset("three-stake-draw").replace(draw_price=0)),
    ("all_in=fold", get_preset("three-stake").replace(all_in="fold", limit=3)),
    ("R-FOSTER options, capped", get_preset("three-stake-check").replace(
        bragger_tiebreak="highest_first", bragger_own_rank_natural=False, max_raises=1,
        min_raise=2)),
]


@pytest.mark.parametrize(("name", "rules"), CASES, ids=[c[0] for c in CASES])
def test_random_play_conforms(name: str, rules: Rules) -> None:
    report = check_conformance(rules, hands=700, players=4, stack=20, seed=5, probe_every=4)
    assert report.hands >= 700 and report.failures == []
    assert report.showdowns == report.hands          # every deal shows all hands for P3


def test_many_players_and_the_stock_running_low() -> None:
    rules = get_preset("three-stake-draw").replace(draw_price=0)
    report = check_conformance(rules, hands=300, players=12, stack=30, seed=2, probe_every=6)
    assert report.hands >= 300


def test_all_bust_carries_in_random_play() -> None:
    rules = get_preset("three-stake-draw").replace(draw_price=0)
    report = check_conformance(rules, hands=600, players=3, stack=40, seed=9, probe_every=0)
    assert report.carried > 0
