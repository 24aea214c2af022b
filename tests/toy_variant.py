"""A toy variant, all in one module: modern Brag with one rule key of its own.

``floor-brag`` is modern Brag whose first bet of a deal is at least ``first_bet_floor``
chips.  The module declares the key (a :class:`~bragkit.rules.keys.RuleKey`), the hooks (a
:class:`~bragkit.games.modern.ModernFamily` subclass) and the :class:`GameSpec`; registering
the spec is all it takes to play it (docs/engine.md, "Adding a variant").
"""

from __future__ import annotations

import dataclasses
from typing import Final

from bragkit.games import spec_of
from bragkit.games.modern import ModernFamily
from bragkit.rules import Rules
from bragkit.rules.game_keys import MODERN_KEYS
from bragkit.rules.keys import RuleKey

FIRST_BET_FLOOR: Final = RuleKey(
    "first_bet_floor", "int", 1, None, "Floor Brag: the smallest first bet of a deal.", "4.4",
    lo=1, hi=50)
"""The toy's own rule key (its value lives in ``Rules.extra``)."""


class FloorFamily(ModernFamily):
    """Modern Brag's hooks, with the first bet raised to ``first_bet_floor``."""

    name = "floor-brag"

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        floor = FIRST_BET_FLOOR.of(rules)
        assert isinstance(floor, int)
        self.betting = dataclasses.replace(
            self.betting, min_first=max(rules.min_bet, min(floor, rules.max_bet)))


SPEC: Final = dataclasses.replace(
    spec_of("modern"), name="floor-brag", title="Floor Brag (a toy)",
    hooks=f"{__name__}:FloorFamily", keys=MODERN_KEYS, extra_keys=(FIRST_BET_FLOOR,),
    presets={"floor-brag": {"first_bet_floor": 3}}, order=99, bots={})
"""The toy's declaration: modern's, renamed, with its own key, hooks and preset."""
