"""The brag-style table's mutable deal machine (engine/brag/line.py) under immutable states.

A table plays each deal on one mutable work copy and builds the immutable states only when
they are read; these tests hold it to the immutable path: every state read equals the state
``BragState.apply`` gives, whether it is read at every step (one freeze per step) or now and
then (the missing actions re-applied), the origin chain is whole, a state handed out never
changes while the table plays on, and the records and final states are those of the deal.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.engine import BragState, Session
from bragkit.engine.actions import interned
from bragkit.engine.brag.line import DealLine
from bragkit.errors import IllegalActionError
from bragkit.rules import get_preset

PRESETS = ("modern", "modern-rebuy", "modern-cover", "modern-lend", "modern-4card",
           "modern-face-up", "modern-stub", "modern-pot-limit", "modern-jokers", "teen-patti",
           "teen-patti-a23-second")


def _fields(state: BragState) -> tuple[Any, ...]:
    """Every field of ``state`` by value (what an old state must keep)."""
    return tuple(getattr(state, f.name) for f in dataclasses.fields(state)
                 if f.name not in ("origin", "cache"))


def _play(preset: str, seed: int, read_every: int, steps: int = 300) -> int:
    """Play a seeded random session, reading ``table.state`` every ``read_every`` steps and
    comparing it with the immutable path; return how many states were compared."""
    rules = get_preset(preset)
    rng = random.Random(seed)
    table = Session(rules, [40] * 4, dealer=0, seed=seed)
    compared = tables = 0
    last: tuple[tuple[int, int], BragState] | None = None
    for step in range(steps):
        if table.over:  # a new table when one ends
            table = Session(rules, [40] * 4, dealer=0, seed=rng.randrange(1 << 20))
            tables += 1
        action = rng.choice(table.legal_actions()).sample(rng)
        deal = table.deal_no
        table.apply(action)
        if step % read_every:
            continue
        st_now = table.last_final if table.deal_no != deal else table.state
        assert st_now is not None
        # the whole chain from the deal's first state, re-played on the immutable path
        chain = [st_now]
        while chain[-1].origin is not None:
            chain.append(chain[-1].origin)
        chain.reverse()
        assert len(chain) == len(st_now.actions) + 1
        ref = chain[0]
        for (seat, act), got in zip(st_now.actions, chain[1:], strict=True):
            ref = ref.apply_move(seat, act)
            assert ref == got
        if last is not None and last[0] == (tables, table.deal_no) == (tables, deal):
            assert chain[len(last[1].actions)] is last[1]  # the states read before are reused
        last = ((tables, deal), st_now) if table.deal_no == deal else None
        compared += 1
    return compared


@pytest.mark.parametrize("preset", PRESETS)
def test_states_read_every_step_are_those_of_the_immutable_path(preset: str) -> None:
    assert _play(preset, 3, 1) > 100


@pytest.mark.parametrize("preset", PRESETS)
def test_states_read_now_and_then_are_rebuilt_with_a_whole_chain(preset: str) -> None:
    assert _play(preset, 4, 5) > 20


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), preset=st.sampled_from(PRESETS))
def test_old_states_read_unchanged_while_the_table_plays_on(seed: int, preset: str) -> None:
    rules = get_preset(preset)
    rng = random.Random(seed)
    table = Session(rules, [30] * 3, dealer=0, seed=seed)
    held: list[tuple[BragState, tuple[Any, ...], tuple[str, ...]]] = []
    for _ in range(120):
        if table.over:
            table = Session(rules, [30] * 3, dealer=0, seed=rng.randrange(1 << 20))
        state = table.state
        if rng.random() < 0.5:
            held.append((state, _fields(state), tuple(str(a) for a in state.legal_actions())))
        table.apply(rng.choice(table.legal_actions()).sample(rng))
    for state, fields, legal in held:
        assert _fields(state) == fields
        assert tuple(str(a) for a in state.legal_actions()) == legal
        assert state.replay() == state


def test_a_branch_from_an_old_state_leaves_the_line_alone() -> None:
    rules = get_preset("modern")
    table = Session(rules, [30] * 3, dealer=0, seed=5)
    first = table.state
    table.apply(interned("bet", 2))
    after_bet = table.state
    other = first.apply("fold")  # another line of play from the older state
    table.apply(interned("fold"))
    assert other.to_act == 2 and other.actions == ((1, interned("fold")),)
    assert table.state.origin is after_bet and table.state.origin.origin is first
    assert table.state == first.apply("bet 2").apply("fold")


def test_an_illegal_action_leaves_the_line_unchanged() -> None:
    first = BragState.new(get_preset("modern"), [9, 9, 9], rng=random.Random(1))
    line = DealLine(first)
    line.apply(interned("bet", 2))
    with pytest.raises(IllegalActionError, match="at least 2 chips"):
        line.apply(interned("bet", 1))
    assert line.seats == (1,) and line.state() == first.apply("bet 2")


def test_records_format_their_moves_when_read_and_replay_the_deal() -> None:
    rules = get_preset("modern")
    rng = random.Random(8)
    table = Session(rules, [50] * 4, dealer=0, seed=8)
    while table.deal_no < 6 and not table.over:
        table.apply(rng.choice(table.legal_actions()).sample(rng))
    record = table.records[-1]
    final = table.last_final
    assert record.final == final and record.start() == final.first()
    assert record.moves == tuple(final.action_strings())
    assert record.log == final.actions


@pytest.mark.parametrize("viewing", [False, True])
def test_a_line_filled_slot_by_slot_is_the_line_init_builds(viewing: bool) -> None:
    """fresh_line (the table's line per deal) fills every slot DealLine.__init__ fills, with
    the same values: a slot added to the line must be added to both."""
    from functools import partial

    from bragkit.engine.brag.line import fresh_line
    from bragkit.engine.brag.start import start_deal, start_work

    args = (BragState, get_preset("modern"), (9, 9, 9, 0), 1, tuple(range(52)), 3)
    start = partial(start_deal, *args, (), ())
    lines = [fresh_line(start, start_work(*args, ()), 3, (), viewing),
             DealLine(start=start, work=start_work(*args, ()), carried=3, viewing=viewing)]
    slots = [name for cls in type(lines[1]).__mro__ for name in getattr(cls, "__slots__", ())]

    def value(line: DealLine, name: str) -> Any:
        got = getattr(line, name)
        if name == "work":  # (two machines of the same start, two readers of its log)
            return got.hands
        return got.log if name == "_reader" and got is not None else got

    assert all(hasattr(lines[0], name) for name in slots)
    assert [value(lines[0], n) for n in slots] == [value(lines[1], n) for n in slots]


@pytest.mark.parametrize("retained", [(), (1, 0, 1, 2), (3, 0, 1, 2)])
def test_a_face_up_stub_starts_on_the_machine_as_start_deal_starts_it(
        retained: tuple[int, ...]) -> None:
    """4.4.11 on the table's fast start: the machine, first state and start log of a deal
    on a face-up stub are start_deal's, the stub's bottom card (after the deal) logged after
    the hands; a seat that sees no card sees the same log (start_head).  Seat 3 cannot pay
    the ante: its retained hand is released to the bottom of the stub, which shows it."""
    from bragkit.engine.brag.core import Work
    from bragkit.engine.brag.start import (
        fresh_state,
        start_deal,
        start_head,
        start_log,
        start_work,
    )
    from bragkit.engine.views import redacted_events

    rules = get_preset("modern-stub")
    pack = tuple(range(3, 52)) if retained else tuple(range(52))
    args = (BragState, rules, (9, 9, 9, 0), 1, pack, 3)
    first = start_deal(*args, retained, ())
    work = start_work(*args, (), retained)
    assert work is not None and work.rules.stub_face_up
    held = Work(first)
    assert (work.hands, work.pack, work.stacks, work.retained_hand, work.blind_bet) == \
        (held.hands, held.pack, held.stacks, held.retained_hand, held.blind_bet)
    log = start_log(work, 3, retained)
    assert log == first.events and log[-1].kind == "stub" and log[-1].cards == (first.pack[-1],)
    head = start_head(work.family, 4, 1, tuple(work.status), 3, retained, first.pack[-1])
    assert head == list(redacted_events(first.events, -1))
    if not retained:
        assert fresh_state(BragState, work, 3) == first
