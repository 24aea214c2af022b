"""Contract goldens: every preset's behaviour pinned step by step, before the engine refactor.

For each preset (and casino), a seeded session of several deals is played by a seeded random
legal policy.  The golden file pins, at every decision, the seat to act, the legal actions
(as strings, with their costs and bounds) and the action taken; after every deal, the
stacks; and at the end, the saved hand history and its replayed stacks.  A refactor of the
engine that keeps behaviour keeps every one of these files byte for byte.

Regenerate only after an intended behaviour change, and review the diff:
``BRAGKIT_REGOLD=1 .venv/bin/python -m pytest tests/test_contract_golden.py``.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from bragkit.engine import open_table
from bragkit.games.casino import CasinoRules
from bragkit.games.casino.session import CasinoSession
from bragkit.games.casino.table import dumps_casino, loads_casino, replay_casino
from bragkit.history import dumps, history_of, loads, replay
from bragkit.rules import get_preset, preset_names

GOLDEN = Path(__file__).parent / "golden" / "contract"
DEALS = 15
MAX_STEPS = 400


def _players(preset: str) -> int:
    return 3 if preset.startswith(("commerce", "american")) else 4


def _trace(preset: str) -> dict[str, Any]:
    seed = sum(map(ord, preset)) * 7919 + 1
    rng = random.Random(seed)
    players = _players(preset)
    table = open_table(get_preset(preset), [60] * players, dealer=0, seed=seed)
    steps: list[list[Any]] = []
    deals: list[list[int]] = []
    while not table.over and table.deal_no < DEALS and len(steps) < MAX_STEPS:
        legal = table.legal_actions()
        action = rng.choice(legal).sample(rng)
        steps.append([table.to_act, [str(a) for a in legal], str(action)])
        before = table.deal_no
        table.apply(action)
        if table.deal_no != before:
            deals.append(list(table.stacks))
    history = dumps(history_of(table))
    replayed = replay(loads(history)).summary()
    return {"preset": preset, "players": players, "seed": seed, "steps": steps,
            "deal_stacks": deals, "history": json.loads(history),
            "replayed_stacks": replayed["stacks"]}


def _casino_trace(preset: str) -> dict[str, Any]:
    seed = sum(map(ord, preset)) * 7919 + 3
    rng = random.Random(seed)
    table = CasinoSession(CasinoRules.preset(preset), [500], seed=seed, deal_step=False)
    moves: list[str] = []
    bankrolls: list[int] = []
    for _ in range(20):
        ante = rng.choice((5, 10))
        hand = [f"p1 ante {ante}"]
        if rng.random() < 0.5:
            hand.append(f"p1 pairbonus {rng.choice((5, 10))}")
        hand.append(f"p1 {rng.choice(('play', 'play', 'fold'))}")
        for move in hand:
            table.apply_text(move)
        moves.extend(hand)
        bankrolls.append(table.bankroll)
    history = dumps_casino(table.history())
    replayed = replay_casino(loads_casino(history)).summary()
    return {"preset": preset, "seed": seed, "moves": moves, "bankrolls": bankrolls,
            "history": json.loads(history), "replayed_stacks": replayed["stacks"]}


CASINO = ("casino", "three-card-poker")


@pytest.mark.parametrize("preset", preset_names())
def test_contract_golden(preset: str) -> None:
    path = GOLDEN / f"{preset}.json"
    got = _trace(preset)
    if os.environ.get("BRAGKIT_REGOLD"):
        GOLDEN.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(got, indent=0, sort_keys=True) + "\n")
    expected = json.loads(path.read_text())
    for i, (want, have) in enumerate(zip(expected["steps"], got["steps"], strict=False)):
        assert have == want, f"{preset}: step {i} differs"
    assert got == expected
    assert got["deal_stacks"], f"{preset}: no deal finished"
    assert got["replayed_stacks"] == got["deal_stacks"][-1]


@pytest.mark.parametrize("preset", CASINO)
def test_contract_golden_casino(preset: str) -> None:
    path = GOLDEN / f"casino-{preset}.json"
    got = _casino_trace(preset)
    if os.environ.get("BRAGKIT_REGOLD"):
        GOLDEN.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(got, indent=0, sort_keys=True) + "\n")
    assert got == json.loads(path.read_text())
    assert got["replayed_stacks"] == [got["bankrolls"][-1]]


def test_contract_goldens_cover_every_preset() -> None:
    names = {p.stem for p in GOLDEN.glob("*.json")}
    assert set(preset_names()) | {f"casino-{c}" for c in CASINO} <= names
