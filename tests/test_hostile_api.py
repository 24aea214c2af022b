"""Hostile values through the Python API: chips are whole numbers, checked at the boundary."""

from __future__ import annotations

import io
import json
import random

import pytest

from bragkit.engine import BragState, open_table
from bragkit.engine.actions import Action, parse_action, parse_move
from bragkit.errors import BragError, IllegalActionError
from bragkit.history import loads, replay
from bragkit.limits import MAX_CHIPS, MAX_JSON_DEPTH, load_json, parse_int
from bragkit.rules import Rules, get_preset


@pytest.mark.parametrize(("kind", "amount"), [
    ("bet", 2.5), ("bet", True), ("bet", False), ("bet", 2.0), ("raise", 1.5), ("bet", -1),
    ("bet", MAX_CHIPS + 1), ("bet", "4"), ("show", 5), ("see", 3), ("fold", 0),
])
def test_non_integer_or_misplaced_chips_are_refused_when_the_action_is_built(
        kind: str, amount: object) -> None:
    with pytest.raises(IllegalActionError):
        Action(kind, amount)


def test_a_bet_of_2_5_never_reaches_the_stacks() -> None:
    table = open_table(get_preset("modern"), [50, 50, 50], dealer=0, seed=1)
    table.apply(Action("look"))
    stacks = table.stacks
    with pytest.raises(IllegalActionError):
        table.apply(Action("bet", 2.5))
    table.apply(Action("bet", 2))
    assert all(type(s) is int for s in table.state.stacks) and table.stacks == stacks


def test_teen_patti_show_takes_no_amount() -> None:
    state = BragState.new(get_preset("teen-patti"), [100, 100], rng=random.Random(1))
    state = state.apply("look").apply("bet 2").apply("look")
    assert any(la.kind == "see" for la in state.legal_actions())  # a show is on offer
    with pytest.raises(IllegalActionError, match="takes no amount"):
        state.apply(Action("show", 5))
    with pytest.raises(IllegalActionError):
        state.apply("show 5")
    assert state.apply(Action("show")).is_over


@pytest.mark.parametrize("text", ["bet ²", "bet ٣", "bet 𝟗", "bet 1²", "bet " + "9" * 5000,
                                  "bet -1", "bet 2.5", "bet 1e3"])
def test_action_strings_take_ascii_digits_only(text: str) -> None:
    with pytest.raises(IllegalActionError):
        parse_action(text)


@pytest.mark.parametrize("text", ["p² fold", "p٣ fold", "p0 fold", "p65 fold",
                                  "p" + "9" * 5000 + " fold"])
def test_move_seats_are_bounded(text: str) -> None:
    with pytest.raises(IllegalActionError, match="seat like p1"):
        parse_move(text)


def test_parse_int_bounds_cost_before_converting() -> None:
    with pytest.raises(BragError, match="number too large"):
        parse_int("1" + "0" * 100_000, "x")
    assert parse_int("007", "x") == 7
    with pytest.raises(BragError, match="below the minimum 1"):
        parse_int("0", "x", 1)


def test_json_depth_and_numerals_are_bounded() -> None:
    assert load_json("[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH, "x") is not None
    with pytest.raises(BragError, match="nested too deep"):
        load_json("[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1), "x")
    with pytest.raises(BragError, match="not a number JSON allows"):
        load_json("[NaN]", "x")


def test_rules_number_keys_are_bounded() -> None:
    with pytest.raises(BragError, match="ante must be an int"):
        Rules.from_dict({"ante": MAX_CHIPS + 1})
    assert Rules.from_dict({"max_bet": MAX_CHIPS}).max_bet == MAX_CHIPS


def test_a_history_seed_over_the_bound_is_refused() -> None:
    text = f'{{"rules": "modern", "stacks": [10, 10], "dealer": 1, "seed": {2**64}, "deals": []}}'
    with pytest.raises(BragError, match='"seed": number too large'):
        replay(loads(text))


def test_an_action_with_a_newline_gives_a_one_line_error() -> None:
    """Found by the fuzz tests: the action was quoted raw, newline included."""
    from bragkit.history.stream import replay_to

    text = ('{"rules": "modern", "stacks": [10, 10], "dealer": 1, "seed": 1, '
            '"deals": [["p2 accept \\n 0"]]}')
    for run in (lambda: replay(loads(text)), lambda: replay_to(io.StringIO(), text)):
        with pytest.raises(BragError) as info:
            run()
        assert "\n" not in str(info.value) and "\\n" in str(info.value)


def test_a_deal_settled_as_the_table_opens_streams() -> None:
    """Found by the fuzz tests: Three-Stake stakes of 3 from stacks of 3 settle the first
    deal before any decision, while brag replay's writer was still being built."""
    from bragkit.history.stream import replay_to

    text = '{"rules": "three-stake", "stacks": [3, 3], "dealer": "p1", "seed": 0, "deals": []}'
    out = io.StringIO()
    replay_to(out, text, as_json=True)
    data = json.loads(out.getvalue())
    assert data["stacks"] == replay(loads(text)).summary()["stacks"] and len(data["deals"]) == 1
