"""Conformance of 3 Card Brag Poker: random legal play over every preset and option
(rules 2.3, 2.5, 2.7, 4.8): blind seats never see their own cards before looking, draws
stay private, side pots conserve chips, replay reproduces every deal."""

from __future__ import annotations

import pytest

from bragkit.rules import Rules, get_preset, preset_names
from bragkit.testing import check_conformance

CASES: list[tuple[str, Rules]] = [
    (name, get_preset(name)) for name in preset_names() if get_preset(name).game == "brag-poker"
] + [
    ("blinds 2/4", get_preset("brag-poker").replace(small_blind=2, big_blind=4)),
    ("no small blind", get_preset("brag-poker").replace(small_blind=0)),
    ("no raise cap", get_preset("brag-poker").replace(max_raises=None)),
    ("all_in=fold", get_preset("brag-poker").replace(all_in="fold")),
]


@pytest.mark.parametrize(("name", "rules"), CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize(("players", "stack"), [(6, 40), (2, 100)])
def test_random_play_conforms(name: str, rules: Rules, players: int, stack: int) -> None:
    report = check_conformance(rules, hands=500, players=players, stack=stack, seed=3,
                               probe_every=4)
    assert report.hands >= 500 and report.failures == []
    assert report.showdowns > 0


def test_reshuffling_the_discards_with_ten_players() -> None:
    report = check_conformance(get_preset("brag-poker"), hands=200, players=10, stack=60,
                               seed=4, probe_every=5)
    assert report.hands >= 200
