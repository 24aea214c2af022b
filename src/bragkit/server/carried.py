"""A pot carried when a card-room table ends (docs/server.md, "When the table ends").

A carried pot (a blind man's fold-out, rules 4.4.6; Three-Stake's all-bust pool) is a pot
nobody has won yet: its chips go to whoever wins the next deal.  When the table ends with
one, the table option ``carried_at_end`` decides:

* ``play_on`` (the default): the table plays on past its ``hands`` until a deal ends with
  no pot carried, at most ``play_on_deals`` more deals -- what players at a kitchen table
  do ("the pot has to be won").  If it still carries then, or the host closes the table, or
  too few stacks are left to deal again, the pot is split as below.
* ``split``: the pot is split at once among the seats still in: those that could pay the
  next deal's ante (if none could, every seat with chips; if none has any, every seat).

The odd chips of a split go one each to the seats still in, in turn from the left of the
dealer of the deal that would have come next (the first to act in it).

>>> split_carried([0, 30, 0, 12], 9, dealer=1, need=1)
[0, 4, 0, 5]
>>> split_carried([0, 0, 1, 156], 644, dealer=0, need=2)   # the last seat standing
[0, 0, 0, 644]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

__all__ = ["CARRIED_AT_END", "split_carried", "still_in"]

CARRIED_AT_END: Final = ("play_on", "split")
"""The values of the table option ``carried_at_end`` (the first is the default)."""


def still_in(stacks: Sequence[int], need: int) -> list[int]:
    """The seats still in when the table ends: those with ``need`` chips for another deal;
    else those with any chips; else every seat.

    >>> still_in([0, 5, 1], 2), still_in([0, 1, 1], 2), still_in([0, 0], 1)
    ([1], [1, 2], [0, 1])
    """
    for enough in (max(need, 1), 1):
        seats = [s for s, chips in enumerate(stacks) if chips >= enough]
        if seats:
            return seats
    return list(range(len(stacks)))


def split_carried(stacks: Sequence[int], carried: int, dealer: int, need: int) -> list[int]:
    """Each seat's share of a carried pot of ``carried`` chips split among the seats
    :func:`still_in` (``need``: the chips a seat needs for the next deal), the odd chips
    one each from the left of ``dealer`` (the next deal's dealer).

    >>> split_carried([10, 10, 10], 7, dealer=2, need=1)
    [3, 2, 2]
    >>> sum(split_carried([4, 0, 9, 1], 1001, dealer=3, need=2))
    1001
    """
    seats = still_in(stacks, need)
    n = len(stacks)
    share, odd = divmod(carried, len(seats))
    out = [0] * n
    for s in seats:
        out[s] = share
    order = sorted(seats, key=lambda s: (s - dealer - 1) % n)
    for s in order[:odd]:
        out[s] += 1
    return out
