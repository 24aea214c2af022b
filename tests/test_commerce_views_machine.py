"""Commerce seat views built from the deal's machine (``table_view``, ``CommerceLine.view``)
equal the frozen states' views at every step of random sessions of every Commerce preset,
whichever seats are watched and whenever states are read in between; they show no card the
seat may not see; a table read only through views builds no state (issue 11)."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bragkit.engine import open_table
from bragkit.engine.contract import SeatView
from bragkit.engine.session import table_view
from bragkit.engine.table import Table
from bragkit.errors import BragError
from bragkit.games.commerce.line import CommerceLine
from bragkit.games.commerce.session import CommerceSession
from bragkit.rules import get_preset, preset_names

COMMERCE_PRESETS = [name for name in preset_names()
                    if get_preset(name).game in ("commerce", "commerce-widow")]


def _play(table: Table, rng: random.Random) -> None:
    table.apply(rng.choice(table.legal_actions()).sample(rng))


def _table(preset: str, players: int, stack: int, seed: int) -> Table:
    return open_table(get_preset(preset), [stack] * players, dealer=seed % players, seed=seed)


def test_every_commerce_preset_is_found() -> None:
    assert {"commerce", "commerce-widow", "commerce-pounce",
            "commerce-widow-britannica"} <= set(COMMERCE_PRESETS)


@pytest.mark.parametrize("preset", COMMERCE_PRESETS)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6),
       stack=st.sampled_from([4, 20, 200]), steps=st.integers(1, 80),
       watch=st.floats(0.0, 1.0), reads=st.sampled_from([0.0, 0.05, 0.3]))
def test_machine_view_equals_state_view(preset: str, seed: int, players: int, stack: int,
                                        steps: int, watch: float, reads: float) -> None:
    """Two tables on the same seed: one read through ``table_view`` (and, with probability
    ``reads`` a step, its state), the other through ``state.view``; every view taken is
    compared again at the end (a view never changes once built)."""
    try:
        machine = _table(preset, players, stack, seed)
    except BragError:  # (stacks too short for a first deal)
        assume(False)
    frozen = _table(preset, players, stack, seed)
    moves, moves2, picks = random.Random(seed), random.Random(seed), random.Random(seed + 1)
    taken: list[tuple[SeatView, SeatView]] = []
    for _ in range(steps):
        if machine.over:
            assert frozen.over
            break
        for seat in range(players):
            if picks.random() >= watch and seat != machine.to_act:
                continue
            got = table_view(machine, seat)
            state = frozen.state
            assert state is not None
            want: SeatView = state.view(seat)
            assert got == want, (seat, frozen.current_actions())
            assert table_view(machine, seat) is got  # kept for the step
            taken.append((got, want))
        if picks.random() < reads:
            assert machine.state == frozen.state
        _play(machine, moves)
        _play(frozen, moves2)
        assert machine.current_actions() == frozen.current_actions()
    assert machine.stacks == frozen.stacks and machine.packs_used == frozen.packs_used
    for got, want in taken:
        assert got == want


@pytest.mark.parametrize("preset", ["commerce", "commerce-widow", "commerce-pounce",
                                    "commerce-widow-hoyle"])
def test_views_hold_no_secret_card(preset: str) -> None:
    """Every seat's view at every step shows only cards the seat may see (its own hand once
    looked, the widow, the cards its events showed it), never a stock card or another
    seat's hand before the showdown."""
    for seed in range(3):
        table = _table(preset, 5, 30, seed)
        rng = random.Random(seed)
        for _ in range(250):
            if table.over:
                break
            for seat in range(5):
                view = table_view(table, seat)
                assert view is not None
                state = table.state
                assert state is not None
                secret = state.secret_cards(seat)
                seen = {c.id for c in view.own_cards or ()} | {c.id for c in view.widow}
                seen |= {c.id for cards in view.shown.values() for c in cards}
                seen |= {c for e in view.events for c in e.cards or ()}
                if view.offered is not None:
                    seen.add(view.offered.id)
                assert not seen & secret, (seat, seen & secret)
            _play(table, rng)


@pytest.mark.parametrize("preset", ["commerce", "commerce-pounce"])
def test_view_builds_no_state(preset: str) -> None:
    """A table read only through views freezes no state of its deals (after the first,
    whose machine did not log its deal: its first view builds the state once)."""
    table = _table(preset, 6, 100, 3)
    assert isinstance(table, CommerceSession)
    rng = random.Random(3)
    first = table.deal_no
    for _ in range(300):
        if table.over:
            break
        line = table._line
        assert isinstance(line, CommerceLine)
        view = table_view(table, table.to_act)
        assert view is not None and view.legal == table.legal_actions()
        if table.deal_no > first:
            assert line._snap is None
        _play(table, rng)
    assert table.deal_no > first + 5


@pytest.mark.parametrize("preset", ["commerce", "commerce-widow-stakes", "commerce-pounce",
                                    "commerce-widow"])
def test_end_of_a_viewed_deal_is_not_logged_and_views_stay_exact(preset: str) -> None:
    """A viewed deal's last step logs its end only if a read may freeze it: a table read
    through views alone logs no showdown (no ``reveal`` in the machine's log), yet a view
    of that line afterwards (or a state) is the frozen state's, and a horse offered after
    a lives showdown is viewed from the machine without building a state."""
    quiet = ended = horses = 0
    for seed in range(6):
        table = _table(preset, 4, 30, seed)
        assert isinstance(table, CommerceSession)
        rng = random.Random(seed)
        first = table.deal_no  # (its machine did not log the deal: its first view reads a state)
        for _ in range(200):
            if table.over:
                break
            line = table._line
            assert isinstance(line, CommerceLine)
            view = table_view(table, table.to_act)
            assert view is not None
            if str(view.phase) == "horse" and table.deal_no > first:
                assert line._snap is None
                horses += 1
            before = table.deal_no
            _play(table, rng)
            if table.deal_no == before:
                continue
            ended += 1
            log = line.work.new_events
            quiet += line._snap is None and not any(e.kind == "reveal" for e in log)
            final = line.state()  # the deal replayed from its start
            assert final.is_over and any(e.kind == "reveal" for e in final.events)
            for seat in range(4):
                assert line.view(seat) == final.view(seat)
    assert ended > 10 and quiet > ended // 2
    if preset == "commerce-widow":
        assert horses > 0


@pytest.mark.parametrize("logged", [False, True])
def test_a_line_filled_slot_by_slot_is_the_line_init_builds(logged: bool) -> None:
    """fresh_line (the table's line per deal) fills every slot CommerceLine.__init__ fills,
    with the same values: a slot added to the line must be added to both."""
    from functools import partial

    from bragkit.games.commerce.line import fresh_line
    from bragkit.games.commerce.state import CommerceState, start_draft

    args = (get_preset("commerce-widow"), (9, 9, 9, 0), 1, tuple(range(52)))
    start = partial(CommerceState.start, *args)
    lines = [fresh_line(start, start_draft(*args), logged),
             CommerceLine(start, start_draft(*args), logged=logged)]
    slots = [name for cls in type(lines[1]).__mro__ for name in getattr(cls, "__slots__", ())]

    def value(line: CommerceLine, name: str) -> object:
        got = getattr(line, name)
        if name == "work":  # (two machines of the same deal)
            return got.hands, got.new_events
        return (got.reading, got.eager) if name == "_book" and got is not None else got

    assert all(hasattr(lines[0], name) for name in slots)
    assert [value(lines[0], n) for n in slots] == [value(lines[1], n) for n in slots]
    assert (lines[0]._book is None) is (not logged)
