"""Fuzz card parsing, action parsing, Action construction and apply, and the ``brag play``
prompt (read_action).

Every input either works or gives one BragError line, within the budget of
tests/fuzz_checks.py; an Action that was built holds a whole number of chips (an int, not a
bool, within MAX_CHIPS) or none, and a table that accepted an action still holds every chip.
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from bragkit.cards import parse_cards, parse_hand
from bragkit.cli.play_input import Help, Quit, read_action
from bragkit.engine import Table, open_table
from bragkit.engine.actions import AMOUNT_KINDS, Action, parse_action, parse_move
from bragkit.engine.pack import pack_from_text
from bragkit.errors import BragError
from bragkit.limits import MAX_CHIPS
from bragkit.rules import get_preset
from tests.fuzz_checks import (
    UNICODE_DIGITS,
    action_text,
    bounded,
    fuzz_settings,
    hostile_int,
    kind_text,
    move_text,
    number_text,
    table_preset,
)

card_text = st.one_of(
    st.text(max_size=30),
    st.text(alphabet="AKQJT98765432tjqka10XxcdhsCDHS♠♥♦♣♤♡♢♧🃏 ,;²٣\n-", max_size=30),
    st.lists(st.sampled_from(("As", "10h", "Td", "X", "X1", "X4", "X5", "X²", "X٣", "🃏", "1s",
                              "As", "Kd", "♠A", "A♠", "2c")), max_size=8).map(" ".join),
)


@fuzz_settings(300)
@given(st.one_of(card_text, st.lists(st.one_of(card_text, hostile_int, st.booleans()),
                                     max_size=4)))
def test_fuzz_card_parsing(cards: str | list[object]) -> None:
    bounded(lambda: parse_cards(cards))
    bounded(lambda: parse_cards(cards, allow_duplicates=True))
    bounded(lambda: parse_hand(cards, (3, 4, 5)))


@fuzz_settings(150)
@given(card_text, st.sampled_from(("modern", "modern-jokers", "commerce-32", "foster")),
       st.booleans())
def test_fuzz_pack_texts(text: str, preset: str, partial: bool) -> None:
    bounded(lambda: pack_from_text(text, get_preset(preset), partial=partial))


def _amount_ok(action: Action) -> None:
    if action.amount is not None:
        assert type(action.amount) is int and 0 <= action.amount <= MAX_CHIPS
        assert action.kind in AMOUNT_KINDS


@fuzz_settings(300)
@given(st.one_of(action_text, move_text, st.text(max_size=20)))
def test_fuzz_action_strings(text: str) -> None:
    action = bounded(lambda: parse_action(text))
    if isinstance(action, Action):
        _amount_ok(action)
    move = bounded(lambda: parse_move(text))
    if not isinstance(move, BragError):
        seat, parsed = move
        assert type(seat) is int and 0 <= seat < 64
        _amount_ok(parsed)


amount_value = st.one_of(st.none(), hostile_int, st.floats(), st.booleans(),
                         st.sampled_from((2.0, 2.5, 1.5, -0.0, float("nan"), 10**5000)),
                         st.text(max_size=3), st.sampled_from(UNICODE_DIGITS))


@fuzz_settings(300)
@given(kind_text, amount_value, st.one_of(st.none(), st.text(max_size=6), hostile_int))
def test_fuzz_action_construction(kind: str, amount: object, arg: object) -> None:
    action = bounded(lambda: Action(kind, amount, arg))
    if isinstance(action, Action):
        _amount_ok(action)
        assert action.arg is None or type(action.arg) is str


def _table(preset: str, seed: int, steps: int) -> Table:
    rng = random.Random(seed)
    table = open_table(get_preset(preset), [30, 30, 30], dealer=0, seed=seed)
    for _ in range(steps):
        if table.over:
            break
        table.apply(rng.choice(table.legal_actions()).sample(rng))
    return table


@fuzz_settings(100)
@given(table_preset, st.integers(0, 5_000), st.integers(0, 12),
       st.sampled_from(sorted(AMOUNT_KINDS | {"show", "see", "cover", "fold", "look"})),
       amount_value)
def test_fuzz_apply_takes_only_whole_chips(preset: str, seed: int, steps: int, kind: str,
                                           amount: object) -> None:
    table = _table(preset, seed, steps)
    if table.over:
        return
    done = bounded(lambda: table.apply(Action(kind, amount)))
    if not isinstance(done, BragError):  # accepted: a whole amount, and whole stacks after
        assert amount is None or (type(amount) is int and 0 <= amount <= MAX_CHIPS)
        assert all(type(s) is int for s in table.stacks), table.stacks


@fuzz_settings(200)
@given(table_preset, st.integers(0, 5_000), st.integers(0, 12),
       st.one_of(action_text, st.builds(lambda k, n: f"{k} {n}",
                                        st.sampled_from(("b", "bet", "choose", "r", "a",
                                                         "discard", "look")), number_text),
                 st.text(max_size=12), st.sampled_from(("", "h", "?", "q", "b", "l", "s"))))
def test_fuzz_the_play_prompt(preset: str, seed: int, steps: int, typed: str) -> None:
    table = _table(preset, seed, steps)
    if table.over:
        return
    legal = table.legal_actions()

    def typed_at_the_prompt() -> object:
        try:
            action = read_action(typed, legal)
        except (Help, Quit):
            return None
        table.apply_move(table.to_act, action)  # as brag play does with what was typed
        return action

    bounded(typed_at_the_prompt)
