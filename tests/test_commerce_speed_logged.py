"""A Commerce table whose states are read while played (bots reading seat views) logs the
next deals' events from the start and freezes its first state from the machine instead of
dealing again: every state read must equal the deal replayed from its start."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.engine.session import table_view
from bragkit.engine.table import open_table
from bragkit.rules import get_preset

PRESETS = ("commerce", "commerce-32", "commerce-widow", "commerce-widow-britannica",
           "commerce-pounce")


@settings(max_examples=25, deadline=None)
@given(preset=st.sampled_from(PRESETS), seed=st.integers(0, 2**20), players=st.integers(2, 6))
def test_read_states_equal_replayed_deals(preset: str, seed: int, players: int) -> None:
    rules = get_preset(preset)
    table = open_table(rules, [200] * players, dealer=0, seed=seed)
    rng = random.Random(seed)
    reads = 0
    for _ in range(120):
        if table.over:
            break
        state = table.state
        assert state is not None
        replayed = table._start()  # the deal dealt again from its pack
        for _seat, action in state.actions:
            replayed = replayed.apply(action)
        assert replayed == state
        seat = table.to_act
        view = table_view(table, seat)
        assert view == replayed.view(seat)
        reads += 1
        table.apply(rng.choice(table.legal_actions()).sample(rng))
    assert reads > 0


def test_unread_table_plays_as_a_read_one() -> None:
    """Reading states changes no deal: the same seed gives the same stacks and packs."""
    rules = get_preset("commerce")
    quiet = open_table(rules, [100] * 4, dealer=0, seed=11)
    read = open_table(rules, [100] * 4, dealer=0, seed=11)
    r1, r2 = random.Random(3), random.Random(3)
    for _ in range(300):
        if quiet.over:
            break
        assert read.state is not None
        quiet.apply(r1.choice(quiet.legal_actions()).sample(r1))
        read.apply(r2.choice(read.legal_actions()).sample(r2))
    assert quiet.stacks == read.stacks and quiet.deal_no == read.deal_no > 5
    assert quiet.packs_used == read.packs_used
