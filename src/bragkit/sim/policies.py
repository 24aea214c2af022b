"""The array policies of ``brag simulate`` and their scalar bots (:mod:`bragkit.sim.vector_sim`).

An array policy chooses for every table of a :class:`bragkit.vector.VectorBrag` at once;
its scalar bot plays the same strategy one decision at a time, so the scalar and vector
paths of a simulation play the same bots:

* ``random``: :class:`~bragkit.bots.random_bot.RandomBot` -- a uniformly random legal
  action kind (never a showdown proposal while anything else is legal), then a uniformly
  random amount of a bet or side show, or argument (which of two hands to look at or to
  retain, rules 4.4.6);
* ``cfr``: :class:`~bragkit.bots.cfr_bot.CfrBot`, the solved HU-Brag-S12 strategy table
  (:class:`bragkit.sim.cfr_policy.CfrArrayPolicy`, that game's rules only);
* ``threshold`` (:class:`ThresholdBot`, modern Brag and Teen Patti): look at once, then stay
  (see when two are left) with a hand at least as strong as the median three-card hand
  (:func:`strength_cutoff`), else fold; agree to a showdown and accept a side show with
  such a hand; release a carried hand (holding two hands, which it never does itself: look
  at the new one and keep it, then play it as above).

:func:`sim_bot` is the simulator's bot factory: the registry's bots and ``threshold``.

>>> from bragkit.rules import get_preset
>>> type(sim_bot("threshold", get_preset("teen-patti"))).__name__
'ThresholdBot'
>>> sim_bot("threshold", get_preset("foster"))
Traceback (most recent call last):
...
bragkit.errors.RulesError: the threshold bot plays modern and teen-patti, not foster
"""

from __future__ import annotations

import functools
import itertools
import random
from typing import TYPE_CHECKING, Final

import numpy as np
import numpy.typing as npt

from bragkit.bots.base import BaseBot, Bot, get_bot
from bragkit.engine.actions import Action, LegalAction
from bragkit.engine.discrete import ActionSpace
from bragkit.errors import BragError, RulesError
from bragkit.games import hand_ranking
from bragkit.rules import Rules

if TYPE_CHECKING:
    from bragkit.engine.views import SeatView
    from bragkit.vector import VectorBrag

__all__ = ["ARRAY_BOTS", "SLOT", "ThresholdBot", "random_policy", "sim_bot", "strength_cutoff",
           "threshold_policy"]

ARRAY_BOTS: Final = ("random", "threshold", "cfr")
"""The bots that are also array policies."""
_SPACE: Final = ActionSpace.for_engine("brag")
SLOT: Final = _SPACE.slot_index
"""The index of a named slot of the brag-style action space."""
# the action kinds of the vector engine's games, each with the slot that plays it
_KIND_SLOTS: Final = tuple(SLOT(k) for k in (
    "look", "fold", "see", "bet@min", "retain", "release", "agree", "refuse", "accept",
    "decline", "sideshow@min", "keep", "throw", "cover"))
_TWO_ARGS: Final = (SLOT("look"), SLOT("retain"))
"""The kinds offered with an argument to a holder of two hands (slot + 1: old, + 2: new)."""


@functools.lru_cache(maxsize=64)
def strength_cutoff(rules: Rules) -> int:
    """The dense ordinal of the median three-card hand of ``rules``'s ranking: the
    ``threshold`` bot stays with a hand ranked at least this.

    >>> from bragkit.rules import get_preset
    >>> 0 < strength_cutoff(get_preset("modern")) < 741
    True
    """
    table = hand_ranking(rules).numpy_table()
    combos = np.array(list(itertools.combinations(range(52), 3)), dtype=np.int32)
    ranks = table[(combos[:, 0] << 12) | (combos[:, 1] << 6) | combos[:, 2]]
    return int(np.median(ranks))


def _choose_threshold(names: set[str], strong: bool) -> str:
    """The ``threshold`` rule on the names of the legal slots."""
    if "release" in names:
        return "release"
    if "agree" in names:
        return "agree" if strong else "refuse"
    if "accept" in names:
        return "accept" if strong else "decline"
    if "look" in names:
        return "look"
    if "look:1" in names:
        return "look:1"
    if "keep" in names:
        return "keep"
    if strong:
        for name in ("see", "bet@min"):
            if name in names:
                return name
    return "fold"


class ThresholdBot(BaseBot):
    """The scalar form of the ``threshold`` array policy (see the module)."""

    name = "threshold"

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.ranking = hand_ranking(rules)
        self.cutoff = strength_cutoff(rules)

    def act(self, view: SeatView, legal: tuple[LegalAction, ...],
            rng: random.Random) -> Action:
        """Look, then stay or see with a median hand or better, else fold."""
        options = _SPACE.options(legal, view.pot)
        names = {_SPACE.slots[i].name: i for i in options}
        own = view.own_cards
        strong = own is not None and len(own) == 3 and \
            self.ranking.rank3(own[0].id, own[1].id, own[2].id) >= self.cutoff
        choice = _choose_threshold(set(names), strong)
        if choice not in names:
            raise BragError(f"the threshold bot found no {choice!r} among {sorted(names)}")
        return options[names[choice]]


def random_policy(v: VectorBrag, rng: np.random.Generator
                   ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """The random bot at every table: (slots, exact amounts or -1)."""
    from bragkit.vector import layout as L

    m = v.masks
    kinds = m[:, _KIND_SLOTS].astype(np.int32)
    for slot in _TWO_ARGS:  # the kind offered with an argument (old, new) is one kind too
        kinds[:, _KIND_SLOTS.index(slot)] |= m[:, slot + 1]
    count = kinds.sum(axis=1)
    u = rng.random((v.num_envs, 3))
    pick = np.minimum((u[:, 0] * count).astype(np.int32), count - 1)
    nth = np.cumsum(kinds, axis=1) - 1
    col = np.argmax((nth == pick[:, None]) & (kinds == 1), axis=1)
    slots = np.asarray(_KIND_SLOTS, dtype=np.int32)[col]
    rows = np.arange(v.num_envs)
    two = np.isin(slots, _TWO_ARGS) & (m[rows, slots] == 0)  # then old or new, uniformly
    slots = np.where(two, slots + 1 + (u[:, 2] >= 0.5), slots).astype(np.int32)
    amounts = np.full(v.num_envs, -1, dtype=np.int32)
    amt = v.amounts
    bet = slots == L.A_BET_MIN
    side = slots == L.A_SIDESHOW
    lo = np.where(side, amt[:, L.AMT_SIDE], amt[:, L.AMT_LO])
    hi = np.where(side, amt[:, L.AMT_SIDE_HI], amt[:, L.AMT_HI])
    chosen = lo + (u[:, 1] * (hi - lo + 1)).astype(np.int32)
    amounts = np.where(bet | side, chosen, amounts).astype(np.int32)
    return slots, amounts


def threshold_policy(v: VectorBrag, cutoff: int) -> npt.NDArray[np.int32]:
    """The threshold bot at every table."""
    from bragkit.vector import layout as L

    n = v.n
    cols = L.seat_cols(n)
    rows = np.arange(v.num_envs)
    p = v.state[:, L.C_TO_ACT]
    looked = v.state[rows, cols[3] + p] == 1
    strong = looked & (v.state[rows, cols[5] + p] >= cutoff)
    m = v.masks
    out = np.full(v.num_envs, SLOT("fold"), dtype=np.int32)
    stay = np.where(m[:, SLOT("see")] == 1, SLOT("see"),
                    np.where(m[:, SLOT("bet@min")] == 1, SLOT("bet@min"), SLOT("fold")))
    out = np.where(strong, stay, out)
    out = np.where(m[:, SLOT("look")] == 1, SLOT("look"), out)
    out = np.where(m[:, SLOT("look:1")] == 1, SLOT("look:1"), out)
    out = np.where(m[:, SLOT("keep")] == 1, SLOT("keep"), out)
    out = np.where(m[:, SLOT("accept")] == 1,
                   np.where(strong, SLOT("accept"), SLOT("decline")), out)
    out = np.where(m[:, SLOT("agree")] == 1,
                   np.where(strong, SLOT("agree"), SLOT("refuse")), out)
    out = np.where(m[:, SLOT("release")] == 1, SLOT("release"), out)
    return out.astype(np.int32)




def sim_bot(name: str, rules: Rules) -> Bot:
    """A new bot called ``name``: ``threshold`` (modern Brag and Teen Patti), or one of the
    bot registry's (:func:`bragkit.bots.get_bot`)."""
    if name == "threshold":
        if rules.game not in ("modern", "teen-patti"):
            raise RulesError(f"the threshold bot plays modern and teen-patti, not {rules.game}")
        return ThresholdBot(rules)
    return get_bot(name, rules)
