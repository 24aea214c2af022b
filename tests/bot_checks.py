"""Checks shared by the bot tests: bots at a table take only legal actions."""

from __future__ import annotations

import random

from bragkit.bots import get_bot
from bragkit.engine import Table, open_table
from bragkit.rules import get_preset


def play_only_legal(preset: str, names: list[str], *, stack: int, seed: int, rng_seed: int,
                    deals: int, max_steps: int) -> Table:
    """Let bots ``names`` (one per seat) play ``preset`` until ``deals`` deals, the end of
    the table or ``max_steps`` decisions, asserting that every action they choose is legal;
    return the table."""
    rules = get_preset(preset)
    t = open_table(rules, [stack] * len(names), dealer=0, seed=seed)
    bots = [get_bot(name, rules) for name in names]
    rng = random.Random(rng_seed)
    steps = 0
    while t.deal_no < deals and not t.over and steps < max_steps:
        seat = t.to_act
        legal = t.legal_actions()
        state = t.state if t.state is not None else t.records[-1].final
        action = bots[seat].act(state.view(seat), legal, rng)
        assert any(la.allows(action) for la in legal), (preset, str(action), legal)
        t.apply_move(seat, action)
        steps += 1
    return t
