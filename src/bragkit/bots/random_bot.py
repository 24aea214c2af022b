"""The ``random`` bot: a uniformly random legal action, for every game.

It picks one legal action kind uniformly, then a uniform amount or argument (see
:meth:`~bragkit.engine.actions.LegalAction.sample`).  Proposing an agreed showdown and
rebuying are left out when anything else is on offer, so that random tables do not stall.

>>> import random
>>> from bragkit.engine.actions import LegalAction
>>> from bragkit.rules import get_preset
>>> from bragkit.engine import Session
>>> bot = RandomBot(get_preset("modern"))
>>> view = Session(get_preset("modern"), [9, 9], dealer=0, seed=1).state.view(1)
>>> legal = (LegalAction("fold"), LegalAction("bet", lo=1, hi=3))
>>> sorted({str(bot.act(view, legal, random.Random(s))) for s in range(40)})
['bet 1', 'bet 2', 'bet 3', 'fold']
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from bragkit.bots.base import BaseBot
from bragkit.engine.actions import Action, LegalAction

if TYPE_CHECKING:
    from bragkit.engine.views import SeatView

__all__ = ["RandomBot"]

_RARE = frozenset({"showdown", "rebuy", "borrow"})


class RandomBot(BaseBot):
    """Uniformly random legal actions."""

    name = "random"

    def act(self, view: SeatView, legal: tuple[LegalAction, ...],
            rng: random.Random) -> Action:
        """A random legal action (never a proposal or rebuy when something else is legal)."""
        common = tuple(la for la in legal if la.kind not in _RARE) or legal
        return rng.choice(common).sample(rng)
