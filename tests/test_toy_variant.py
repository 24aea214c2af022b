"""docs/engine.md's promise: a variant is one module (tests/toy_variant.py) and one register."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from bragkit.engine import open_table
from bragkit.errors import RulesError
from bragkit.games import register, unregister
from bragkit.rules import GAMES, Rules, get_preset
from bragkit.rules.keys import keys_read_by
from tests import toy_variant


@pytest.fixture
def floor_brag() -> Iterator[Rules]:
    register(toy_variant.SPEC)
    try:
        yield get_preset("floor-brag")
    finally:
        unregister("floor-brag")


def _first_bet(rules: Rules) -> tuple[int, int]:
    table = open_table(rules, [30, 30, 30], dealer=0, seed=3)
    state = table.state
    assert state is not None
    if any(la.kind == "look" for la in state.legal_actions()):
        state = state.apply("look")
    bet = next(la for la in state.legal_actions() if la.kind == "bet")
    assert bet.lo is not None and bet.hi is not None
    return bet.lo, bet.hi


def test_the_toy_variant_plays_with_its_own_rule_key(floor_brag: Rules) -> None:
    assert "floor-brag" in GAMES
    assert floor_brag.to_dict(minimal=True) == {"game": "floor-brag", "first_bet_floor": 3}
    assert Rules.from_json(floor_brag.to_json()) == floor_brag
    assert _first_bet(floor_brag) == (3, 10)
    assert _first_bet(floor_brag.replace(first_bet_floor=5)) == (5, 10)
    assert _first_bet(get_preset("modern")) == (1, 10)
    assert "first_bet_floor" in [k.name for k in keys_read_by("floor-brag")]
    table = open_table(floor_brag, [30, 30, 30], dealer=0, seed=11)  # a whole deal, at random
    rng = random.Random(5)
    while table.state is not None and not table.state.is_over and table.deal_no == 1:
        table.apply(rng.choice(table.legal_actions()))
    assert table.chips_on_table() == 90


def test_its_key_is_checked_and_refused_by_other_games(floor_brag: Rules) -> None:
    with pytest.raises(RulesError, match=r"first_bet_floor must be 1\.\.50, not 99"):
        floor_brag.replace(first_bet_floor=99)
    with pytest.raises(RulesError, match=r"^invalid rules: first_bet_floor is not an option of "
                                         r"modern \(a key of floor-brag, rules 4.4\)$"):
        Rules.from_dict({"first_bet_floor": 2})


def test_unregistered_the_key_and_game_are_unknown() -> None:
    assert "floor-brag" not in GAMES
    with pytest.raises(RulesError, match="unknown rule key 'first_bet_floor'"):
        Rules.from_dict({"first_bet_floor": 2})
    with pytest.raises(RulesError, match="unknown preset 'floor-brag'"):
        get_preset("floor-brag")
