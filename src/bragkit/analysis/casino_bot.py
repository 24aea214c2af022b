"""The optimal-strategy bot of casino 3 Card Brag (rules 4.9): it plays a hand exactly when
playing is worth more than folding (:func:`bragkit.analysis.casino.optimal_plays`, the exact
values over every dealer hand with card removal), stakes a steady ante and no Pair Bonus (a
side bet with a house edge).  It sees only its seat's view.

>>> import random
>>> from bragkit.games.casino.rules import CasinoRules
>>> from bragkit.games.casino.seats import CasinoSeatsState
>>> s = CasinoSeatsState.start(CasinoRules.preset("casino"), (100, 100),
...                            "Qs 6h 4d  Qh 6c 3d  2s 5c 7h")
>>> bot = OptimalCasinoBot(CasinoRules.preset("casino"))
>>> for _ in range(4):
...     s = s.apply(bot.act(s.view(s.to_act), s.legal_actions(), random.Random(1)))
>>> [str(a) for _, a in s.actions]   # Q-6-4 plays, Q-6-3 folds (the threshold)
['ante 5', 'deal', 'ante 5', 'deal']
>>> s = s.apply(bot.act(s.view(0), s.legal_actions(), random.Random(1)))
>>> s = s.apply(bot.act(s.view(1), s.legal_actions(), random.Random(1)))
>>> [str(a) for _, a in s.actions[4:]]
['play', 'fold']
"""

from __future__ import annotations

import functools
import random

import numpy as np
import numpy.typing as npt

from bragkit.analysis.casino import hand_index, optimal_plays
from bragkit.engine.actions import Action, LegalAction
from bragkit.engine.contract import SeatView
from bragkit.games.casino.rules import CasinoRules

__all__ = ["OptimalCasinoBot"]


@functools.lru_cache(maxsize=16)
def _plays(rules: CasinoRules) -> npt.NDArray[np.bool_]:
    return optimal_plays(rules)


class OptimalCasinoBot:
    """Plays exactly the hands worth playing; antes about a twentieth of its stack."""

    def __init__(self, rules: CasinoRules) -> None:
        self.name = "optimal"
        self.casino_rules = rules

    def act(self, view: SeatView, legal: tuple[LegalAction, ...],
            rng: random.Random) -> Action:
        """The optimal decision, a steady ante, no Pair Bonus."""
        kinds = {str(la.kind): la for la in legal}
        ante = kinds.get("ante")
        if ante is not None and ante.lo is not None:
            hi = ante.hi if ante.hi is not None else ante.lo
            want = max(1, view.stacks[view.seat] // 20)
            return Action("ante", max(ante.lo, min(want, max(ante.lo, hi // 2))))
        if "deal" in kinds:
            return Action("deal")
        cards = view.own_cards
        if "play" in kinds and cards is not None and len(cards) == 3 and \
                bool(_plays(self.casino_rules)[hand_index([c.id for c in cards])]):
            return Action("play")
        if "fold" in kinds:
            return Action("fold")
        return legal[0].examples()[0]
