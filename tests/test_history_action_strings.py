"""Every action string the engines offer is documented (issue 3: histories)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from bragkit.engine import open_table
from bragkit.rules import PRESETS, get_preset

DOCS = Path(__file__).resolve().parent.parent / "docs"
FORMAT = (DOCS / "history-format.md").read_text(encoding="utf-8")
GAME_DOCS = {"foster": "games-poker-style.md", "three-stake": "games-poker-style.md",
             "american": "games-poker-style.md", "brag-poker": "games-poker-style.md",
             "commerce": "commerce.md", "commerce-widow": "commerce.md"}


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_offered_action_kind_is_documented(preset: str) -> None:
    rules = get_preset(preset)
    text = FORMAT
    if rules.game in GAME_DOCS:
        text += (DOCS / GAME_DOCS[rules.game]).read_text(encoding="utf-8")
    kinds: set[str] = set()
    for seed in range(3):
        t = open_table(rules, [30] * 4, dealer=0, seed=seed)
        rng = random.Random(seed)
        for _ in range(300):
            if t.over:
                break
            legal = t.legal_actions()
            kinds.update(la.kind for la in legal)
            t.apply(rng.choice(legal).sample(rng))
    assert kinds
    missing = sorted(k for k in kinds if not re.search(rf"`p\d+ {k}\b", text))
    assert not missing, f"{preset}: undocumented action strings {missing}"
