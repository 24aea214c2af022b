"""Conformance of Foster's single-stake Brag: random legal play over every preset and option.

Each run plays 1000 random deals and checks after every action: chips conserved, every card
accounted for once, legal actions exactly while the deal is live, illegal probes rejected
without changing the state, no view holding a card its seat may not see, and replay of every
deal's action log (rules 2.3, 2.5, 2.7).
"""

from __future__ import annotations

import pytest

from bragkit.rules import Rules, get_preset, preset_names
from bragkit.testing import check_conformance

CASES: list[tuple[str, Rules]] = [
    (name, get_preset(name)) for name in preset_names() if get_preset(name).game == "foster"
] + [
    ("bragger_own_rank_natural=false",
     get_preset("foster").replace(bragger_own_rank_natural=False)),
    ("limit=1", get_preset("foster").replace(limit=1)),
    ("no_call_payment=0", get_preset("foster").replace(no_call_payment=0)),
]


@pytest.mark.parametrize(("name", "rules"), CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize(("players", "stack"), [(5, 25), (3, 200)])
def test_random_play_conforms(name: str, rules: Rules, players: int, stack: int) -> None:
    report = check_conformance(rules, hands=500, players=players, stack=stack, seed=11,
                               probe_every=3)
    assert report.hands >= 500 and report.failures == []
    assert report.illegal_probes > report.hands
    assert report.showdowns > 0
