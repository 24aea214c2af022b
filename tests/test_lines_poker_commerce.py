"""The poker-style and Commerce tables' mutable deal machines (engine/poker/line.py,
games/commerce/line.py) under immutable states.

A table plays each deal on one mutable work copy and builds the immutable states only when
they are read; these tests hold it to the immutable path: every state read equals the state
``apply`` gives from the deal's first state, whether it is read at every step (one freeze
per step) or now and then (the missing actions re-applied), the origin chain is whole, a
state handed out never changes while the table plays on, and each finished deal's record
re-plays to its final state.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from bragkit.engine import open_table
from bragkit.engine.actions import interned
from bragkit.errors import IllegalActionError
from bragkit.rules import get_preset

PRESETS = ("foster", "foster-check", "foster-no-side-pots", "three-stake", "three-stake-draw",
           "three-stake-britannica", "three-stake-distance", "american",
           "american-both-survive", "brag-poker", "brag-poker-no-blind-draw", "commerce",
           "commerce-32", "commerce-hoyle", "commerce-widow", "commerce-widow-stakes",
           "commerce-widow-hoyle", "commerce-widow-britannica", "commerce-pounce")
_SKIP = ("origin", "cache", "legal_cache", "seen_cache", "game")


def _fields(state: Any) -> tuple[Any, ...]:
    """Every field of ``state`` by value (what an old state must keep)."""
    return tuple(getattr(state, f.name) for f in dataclasses.fields(state)
                 if f.name not in _SKIP)


def _play(preset: str, seed: int, read_every: int, steps: int = 250) -> int:
    """Play a seeded random session, reading ``table.state`` every ``read_every`` steps and
    comparing it with the immutable path; return how many states were compared."""
    rules = get_preset(preset)
    rng = random.Random(seed)
    table = open_table(rules, [30] * 4, dealer=0, seed=seed)
    compared = 0
    held: list[tuple[Any, tuple[Any, ...]]] = []
    for step in range(steps):
        if table.over:
            table = open_table(rules, [30] * 4, dealer=0, seed=rng.randrange(1 << 20))
        action = rng.choice(table.legal_actions()).sample(rng)
        deal = table.deal_no
        table.apply(action)
        if step % read_every:
            continue
        now = table.last_final if table.deal_no != deal else table.state
        if now is None:
            continue
        chain = [now]
        while chain[-1].origin is not None:
            chain.append(chain[-1].origin)
        chain.reverse()
        assert len(chain) == len(now.actions) + 1  # every state of the deal, in order
        state = chain[0]
        for (seat, act), expect in zip(now.actions, chain[1:], strict=True):
            state = state.apply_move(seat, act)
            assert state == expect and state.events == expect.events
            compared += 1
        held.append((now, _fields(now)))
    for state, fields in held:  # states handed out never changed while the table played on
        assert _fields(state) == fields
    for record in table.records:  # each finished deal re-plays from its inputs
        final = record.final
        assert final.is_over and len(final.actions) == len(record.moves)
    return compared


@pytest.mark.parametrize("preset", PRESETS)
def test_line_states_equal_the_immutable_path_read_every_step(preset: str) -> None:
    assert _play(preset, seed=11, read_every=1) > 50


@pytest.mark.parametrize("preset", PRESETS)
def test_line_states_equal_the_immutable_path_read_now_and_then(preset: str) -> None:
    assert _play(preset, seed=5, read_every=7) > 20


@pytest.mark.parametrize("preset", ["three-stake", "commerce-widow-hoyle"])
def test_line_refuses_an_illegal_action_and_stays_unchanged(preset: str) -> None:
    table = open_table(get_preset(preset), [30] * 4, dealer=0, seed=3)
    before = table.state
    with pytest.raises(IllegalActionError):
        table.apply(interned("bet", 10_000))
    assert table.state is before and table.current_actions() == ()


def test_4_8_a_table_reshuffles_the_discards_and_its_states_stay_the_immutable_path() -> None:
    """Twelve seats drawing three each run the stock short: the table shuffles the discards
    (recorded with its packs) and the deal's states still equal the immutable chain."""
    table = open_table(get_preset("brag-poker"), [100] * 12, dealer=0, seed=4)
    deal = table.deal_no
    while table.deal_no == deal:
        kinds = [la.kind for la in table.legal_actions()]
        kind = "call" if "call" in kinds else "check" if "check" in kinds else "draw"
        table.apply(interned(kind, 3 if kind == "draw" else None))
    final = table.last_final
    assert any(e.kind == "reshuffle" for e in final.events)
    state = final.first()
    for seat, act in final.actions:
        state = state.apply_move(seat, act)
    assert state == final and table.records[-1].final == final
