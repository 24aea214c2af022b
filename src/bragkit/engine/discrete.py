"""A fixed-size discrete action space over :class:`LegalAction` (for RL and vector engines).

Learners want one integer per decision and a 0/1 mask; an engine offers
:class:`~bragkit.engine.actions.LegalAction` values with exact bounds.  An
:class:`ActionSpace` is a fixed list of *slots*; each slot is one of:

* a **plain** slot ``kind`` (``fold``, ``see``, ``look``, ...): the action without an
  argument (legal when the state offers ``kind`` with no arguments or an optional one);
* an **argument** slot ``kind:j``: the ``j``-th argument of the offered ``kind`` in the
  engine's order (``look:0`` is ``look old`` when ``args == ("old", "new")``; a discard's
  ``j``-th choice).  A kind keeps at most :attr:`KindSlots.args` of them: further choices
  are not reachable through the space (the listed limits cover every state the engines
  produce in random play, Commerce's exchanges aside, see :data:`LAYOUTS`);
* an **amount** slot ``kind@bucket`` (``bet@min``, ``bet@x2``, ...): a bet-size abstraction of
  the offered range ``lo..hi``, each bucket mapped to one exact legal amount:

  ====== =================================================================
  bucket amount
  ====== =================================================================
  min    ``lo`` (brag-style: the stay, what a blind or open seat must pay)
  x2     ``2 * lo`` (doubling the stake), at most ``hi``
  dbl    exactly ``2 * lo``, only when ``2 * lo < hi`` (a double that keeps chips behind:
         the solver's ``double``, :mod:`bragkit.solve`; not in the default layouts)
  pot    the chips in the pot before the bet, kept inside ``lo..hi``
  max    ``hi`` (the largest bet the rules and the stack allow)
  +k     ``lo + k`` (small counted amounts: cards to draw)
  ====== =================================================================

  A bucket whose amount equals an earlier bucket's is masked out, so that every legal
  index maps to a different action and :meth:`ActionSpace.index` inverts
  :meth:`ActionSpace.action` exactly on the masked-in indices.

The layouts are per betting machine (``brag``, ``poker``, ``commerce``; a game's machine is
``bragkit.games.engine_of(game)``); a game whose machine is its own declares its layout in
its ``GameSpec.action_layout`` (``bragkit.games.action_layout(game)`` gives either).
The space needs only the state's legal actions and, for
the ``pot`` bucket, the pot; it imports nothing above the engine's public modules.

>>> space = ActionSpace.for_engine("brag")
>>> legal = (LegalAction("look"), LegalAction("fold"), LegalAction("bet", lo=2, hi=29),
...          LegalAction("see", cost=4))
>>> [space.slots[i].name for i in space.legal_indices(legal, pot=6)]
['look', 'fold', 'see', 'bet@min', 'bet@x2', 'bet@pot', 'bet@max']
>>> i = space.slot_index("bet@x2")
>>> space.action(i, legal, pot=6)
Action(kind='bet', amount=4, arg=None)
>>> space.index(Action("bet", 4), legal, pot=6) == i
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from bragkit.engine.actions import Action, LegalAction
from bragkit.errors import IllegalActionError

__all__ = ["BET_BUCKETS", "COUNT_BUCKETS", "LAYOUTS", "ActionSpace", "KindSlots", "Slot"]

BET_BUCKETS: Final = ("min", "x2", "pot", "max")
"""The bet-size buckets of a chip amount (see the module)."""
COUNT_BUCKETS: Final = ("min", "+1", "+2", "+3", "max")
"""The buckets of a small counted amount (cards to draw)."""


@dataclass(frozen=True, slots=True)
class KindSlots:
    """The slots of one action kind: a plain slot (and ``args`` argument slots after it), or
    its amount buckets."""

    kind: str
    args: int = 0
    """How many of the offered arguments get a slot (in the engine's order)."""
    buckets: tuple[str, ...] = ()
    """The amount buckets of an amount kind (empty: the kind takes no amount)."""


@dataclass(frozen=True, slots=True)
class Slot:
    """One index of the space: ``kind`` with no argument, argument ``arg``, or ``bucket``."""

    kind: str
    arg: int | None = None
    bucket: str | None = None

    @property
    def name(self) -> str:
        """``kind``, ``kind:j`` or ``kind@bucket``.

        >>> Slot("look", arg=1).name, Slot("bet", bucket="pot").name
        ('look:1', 'bet@pot')
        """
        if self.bucket is not None:
            return f"{self.kind}@{self.bucket}"
        if self.arg is not None:
            return f"{self.kind}:{self.arg}"
        return self.kind


def _plain(*kinds: str) -> tuple[KindSlots, ...]:
    return tuple(KindSlots(k) for k in kinds)


LAYOUTS: Final[dict[str, tuple[KindSlots, ...]]] = {
    "brag": (
        KindSlots("look", args=2), *_plain("fold", "see"), KindSlots("cover", args=2),
        KindSlots("bet", buckets=BET_BUCKETS), *_plain("stay", "keep", "throw"),
        KindSlots("retain", args=2),
        *_plain("release", "showdown", "agree", "refuse", "borrow", "accept", "decline"),
        KindSlots("show", args=2), KindSlots("name", args=2), KindSlots("discard", args=10),
        KindSlots("lend", buckets=("min", "max")), KindSlots("rebuy", buckets=("min", "max")),
        KindSlots("sideshow", buckets=("min",)), KindSlots("choose", args=36),
    ),
    "poker": (
        KindSlots("ante", buckets=("min", "max")), *_plain("fold", "check", "call"),
        KindSlots("bet", buckets=BET_BUCKETS), KindSlots("raise", buckets=BET_BUCKETS),
        *_plain("look", "pass", "stand"), KindSlots("draw", buckets=COUNT_BUCKETS),
        KindSlots("discard", args=10),
    ),
    "commerce": (
        *_plain("pass", "stand", "keep", "widow", "horse", "pounce", "decline"),
        KindSlots("trade", args=3), KindSlots("barter", args=3), KindSlots("accept", args=3),
        KindSlots("exchange", args=256),
    ),
}
"""The slot layout of each betting machine (every kind its games offer, in a fixed order).
Each row is one :class:`KindSlots`; a kind may have a plain row and an argument row."""


class ActionSpace:
    """A fixed list of :class:`Slot` values over a machine's legal actions (see the module)."""

    def __init__(self, layout: Sequence[KindSlots]) -> None:
        slots: list[Slot] = []
        for row in layout:
            if row.buckets:
                slots.extend(Slot(row.kind, bucket=b) for b in row.buckets)
            elif row.args:
                slots.append(Slot(row.kind))
                slots.extend(Slot(row.kind, arg=j) for j in range(row.args))
            else:
                slots.append(Slot(row.kind))
        names = [s.name for s in slots]
        if len(set(names)) != len(names):
            raise IllegalActionError("an action space lists a slot twice")
        self.slots: tuple[Slot, ...] = tuple(slots)
        self._by_name = {s.name: i for i, s in enumerate(slots)}
        self._by_kind: dict[str, list[int]] = {}
        for i, s in enumerate(slots):
            self._by_kind.setdefault(s.kind, []).append(i)

    @classmethod
    def for_engine(cls, engine: str) -> ActionSpace:
        """The space of a betting machine's games (``brag``, ``poker``, ``commerce``).

        A game with a machine of its own declares its layout in its spec (a one-seat game
        against the house, say); :func:`bragkit.games.action_layout` finds either.

        >>> ActionSpace.for_engine("brag").n, ActionSpace.for_engine("chess")
        Traceback (most recent call last):
        ...
        bragkit.errors.IllegalActionError: no discrete action space for the chess machine \
(one of brag, poker, commerce)
        """
        layout = LAYOUTS.get(engine)
        if layout is None:
            raise IllegalActionError(f"no discrete action space for the {engine} machine "
                                     f"(one of {', '.join(LAYOUTS)})")
        return cls(layout)

    @property
    def n(self) -> int:
        """The number of slots (the size of the space)."""
        return len(self.slots)

    def slot_index(self, name: str) -> int:
        """The index of the slot called ``name`` (``"bet@x2"``)."""
        found = self._by_name.get(name)
        if found is None:
            raise IllegalActionError(f"no slot {name!r} in this action space")
        return found

    def options(self, legal: Sequence[LegalAction], pot: int = 0) -> dict[int, Action]:
        """Each masked-in index with its exact action (in slot order).

        >>> ActionSpace.for_engine("brag").options([LegalAction("fold")])
        {3: Action(kind='fold', amount=None, arg=None)}
        """
        out: dict[int, Action] = {}
        taken: set[Action] = set()
        for la in legal:
            for i in self._by_kind.get(la.kind, ()):
                slot = self.slots[i]
                if slot.bucket is not None:
                    if la.lo is None:
                        continue
                    amount = _bucket_amount(slot.bucket, la.lo, la.hi or la.lo, pot)
                    if amount is None:
                        continue
                    act = Action(la.kind, amount)
                elif slot.arg is not None:
                    if la.lo is not None or slot.arg >= len(la.args):
                        continue
                    act = Action(la.kind, None, la.args[slot.arg])
                else:
                    if la.lo is not None or (la.args and not la.optional_arg):
                        continue
                    act = Action(la.kind)
                if act not in taken:
                    taken.add(act)
                    out[i] = act
        return out

    def legal_indices(self, legal: Sequence[LegalAction], pot: int = 0) -> list[int]:
        """The masked-in indices, in slot order."""
        return sorted(self.options(legal, pot))

    def mask(self, legal: Sequence[LegalAction], pot: int = 0) -> npt.NDArray[np.int8]:
        """The 0/1 mask (``int8``, one entry per slot) of ``legal``.

        >>> ActionSpace.for_engine("poker").mask([LegalAction("fold")]).sum()
        np.int64(1)
        """
        return self.mask_of(self.options(legal, pot))

    def mask_of(self, options: dict[int, Action]) -> npt.NDArray[np.int8]:
        """The 0/1 mask of the indices of ``options`` (from :meth:`options`)."""
        out = np.zeros(self.n, dtype=np.int8)
        out[list(options)] = 1
        return out

    def action(self, index: int, legal: Sequence[LegalAction], pot: int = 0) -> Action:
        """The exact action of slot ``index`` in a state offering ``legal`` (pot ``pot``);
        :class:`~bragkit.errors.IllegalActionError` if the slot is masked out."""
        found = self.options(legal, pot).get(int(index))
        if found is None:
            name = self.slots[index].name if 0 <= index < self.n else str(index)
            raise IllegalActionError(f"action {index} ({name}) is not legal here")
        return found

    def index(self, action: Action, legal: Sequence[LegalAction], pot: int = 0) -> int:
        """The slot of ``action`` in a state offering ``legal``: the slot whose action it is,
        else (an amount between buckets) the bucket with the nearest amount."""
        options = self.options(legal, pot)
        for i, act in options.items():
            if act == action:
                return i
        near = [(abs((act.amount or 0) - (action.amount or 0)), i) for i, act in options.items()
                if act.kind == action.kind and act.amount is not None
                and action.amount is not None]
        if near:
            return min(near)[1]
        raise IllegalActionError(f"{action} is not an action of this space here")


def _bucket_amount(bucket: str, lo: int, hi: int, pot: int) -> int | None:
    """The exact amount of ``bucket`` in the range ``lo..hi`` (None: not a bucket here)."""
    if bucket == "min":
        return lo
    if bucket == "max":
        return hi
    if bucket == "dbl":
        return 2 * lo if 2 * lo < hi else None
    if bucket == "x2":
        amount = 2 * lo
    elif bucket == "pot":
        amount = pot
    elif bucket.startswith("+"):
        amount = lo + int(bucket[1:])
        return amount if amount <= hi else None
    else:
        raise IllegalActionError(f"unknown bet bucket {bucket!r}")
    return min(max(amount, lo), hi)
