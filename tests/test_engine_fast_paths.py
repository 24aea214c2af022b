"""The fast paths give exactly the states of the general transition code."""

from __future__ import annotations

import random
from typing import Any

import pytest

import bragkit.engine.brag.transitions as brag_transitions
from bragkit.engine import Session
from bragkit.rules import get_preset


def _play(preset: str, seed: int) -> list[Any]:
    rng = random.Random(seed)
    t = Session(get_preset(preset), [100] * 5, dealer=0, seed=seed)
    while not t.over and t.deal_no < 40:
        t.apply(rng.choice(t.legal_actions()).sample(rng))
    return [r.final for r in t.records] + [t.state]


@pytest.mark.parametrize("preset", ["modern", "modern-4card", "teen-patti", "modern-cover",
                                    "modern-face-up"])
def test_fast_paths_equal_the_general_path(preset: str,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    fast = [_play(preset, seed) for seed in range(3)]
    monkeypatch.setattr(brag_transitions, "fast_path", lambda st, p, a: None)
    slow = [_play(preset, seed) for seed in range(3)]
    assert fast == slow
    for deals in fast:
        for st in deals:
            if st is not None:
                assert [e for e in st.events] == [e for e in st.replay().events]
