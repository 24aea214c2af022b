"""Golden transcripts: complete sessions whose replay output is pinned in tests/golden/.

Regenerate after an intended behaviour change with ``BRAGKIT_REGOLD=1 pytest
tests/test_history_golden.py`` and review the diff.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from bragkit.engine import open_table
from bragkit.history import dumps, history_of, load, replay
from bragkit.rules import get_preset

GOLDEN = Path(__file__).parent / "golden"
SESSIONS = {
    "modern-4p": ("modern", 4, 101, 25),
    "modern-4card-3p": ("modern-4card", 3, 202, 15),
    "modern-face-up-3p": ("modern-face-up", 3, 303, 20),
    "modern-cover-4p": ("modern-cover", 4, 404, 20),
    "teen-patti-4p": ("teen-patti", 4, 505, 20),
}


def _generate(name: str) -> None:
    preset, players, seed, deals = SESSIONS[name]
    rng = random.Random(seed)
    t = open_table(get_preset(preset), [80] * players, dealer=0, seed=seed)
    while not t.over and t.deal_no < deals:
        t.apply(rng.choice(t.legal_actions()).sample(rng))
    (GOLDEN / f"{name}.json").write_text(dumps(history_of(t)))
    summary = replay(load(GOLDEN / f"{name}.json")).summary()
    (GOLDEN / f"{name}.expected.json").write_text(json.dumps(summary, indent=1) + "\n")


@pytest.mark.parametrize("name", sorted(SESSIONS))
def test_golden_transcript(name: str) -> None:
    if os.environ.get("BRAGKIT_REGOLD"):
        _generate(name)
    history = load(GOLDEN / f"{name}.json")
    expected = json.loads((GOLDEN / f"{name}.expected.json").read_text())
    assert replay(history).summary() == expected


def test_golden_hand_written_session() -> None:
    """A readable session: a see, a blind fold-out that carries, a retained hand."""
    history = load(GOLDEN / "modern-hand-written.json")
    result = replay(history).summary()
    expected = json.loads((GOLDEN / "modern-hand-written.expected.json").read_text())
    assert result == expected
    assert sum(result["stacks"]) + result["pot"] == 60
