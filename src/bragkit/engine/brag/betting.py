"""The brag-style (non-equalising) betting machine (rules 2.6 and 4.4.1-4.4.4).

Bets are never equalised: on each turn a seat puts in *fresh* money worth at least the
previous bet.  The machine tracks ``R``, the open-equivalent amount of the most recent bet
(an open bet of x sets R = x; a blind bet of y sets R = 2y).  A blind seat stays for
``ceil(R/2)``, an open one for ``R``; a see is possible only between two seats and never by
an open seat against a blind one.

Everything here is a pure function of a few integers, so it is shared by every game that
bets brag-style (modern Brag and its 4/5-card and wild variants, Teen Patti).  The
poker-style equalising machine of the Foster games lives beside it in its own module and
shares nothing but the table model (pack, seats, events, views, sessions).

>>> m = BragBetting(min_first=1, max_first=10)
>>> m.stay(4, blind=False), m.stay(5, blind=True)
(4, 3)
>>> m.bet_bounds(0, blind=True, pot=4, stack=100)    # first bet, blind: 2x in 1..10
(1, 5)
>>> m.bet_bounds(4, blind=False, pot=20, stack=100)  # no raise limit: any amount >= R
(4, 100)
>>> m.see_cost(4, seer_blind=False, seen_blind=False), m.see_cost(4, True, False)
(8, 4)
>>> m.can_see(seer_blind=False, seen_blind=True)     # you cannot see a blind man
False
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bragkit.engine.turns import AFTER

__all__ = ["BragBetting", "next_in_turn"]


@dataclass(frozen=True, slots=True)
class BragBetting:
    """The parameters of one brag-style betting machine.

    ``min_first``/``max_first`` bound the first bet (open-equivalent); ``initial_r`` is the
    stake before anyone bets (0 in Brag, twice the boot in Teen Patti); ``raise_limit`` caps
    the increase of R per turn; ``raise_factor`` caps a bet at ``factor * R`` (Teen Patti: 2);
    ``pot_limit`` caps the chips paid by the pot; ``see_mode`` prices a see:
    ``"double"`` (twice the stay), ``"single"`` (the stay, only against an open seat) or
    ``"stay"`` (the stay always: the Teen Patti show).
    """

    min_first: int = 1
    max_first: int = 10
    initial_r: int = 0
    raise_limit: int | None = None
    raise_factor: int | None = None
    pot_limit: bool = False
    see_mode: str = "double"

    @staticmethod
    def stay(r: int, blind: bool) -> int:
        """Chips a seat pays to stay in when the current open-equivalent bet is ``r``."""
        return (r + 1) // 2 if blind else r

    @staticmethod
    def equivalent(chips: int, blind: bool) -> int:
        """The open-equivalent value of ``chips`` paid by a blind or open seat."""
        return chips * 2 if blind else chips

    def bet_bounds(self, r: int, blind: bool, pot: int, stack: int) -> tuple[int, int]:
        """Lowest and highest chips a seat may pay as a bet (``lo > hi`` when none is possible).

        The stack caps the top; a lowest bet above the stack means the seat is short
        (rules 4.4.9).  ``pot_limit`` caps the top at ``pot`` (the live pot: after a
        cover, the new one) but never below the lowest bet, so staying in is always possible:

        >>> BragBetting(pot_limit=True).bet_bounds(4, blind=False, pot=0, stack=100)
        (4, 4)
        >>> BragBetting(pot_limit=True).bet_bounds(4, blind=False, pot=9, stack=100)
        (4, 9)
        """
        if r == 0:
            lo_e, hi_e = self.min_first, self.max_first
        else:
            lo_e = r
            hi_e = -1
            if self.raise_limit is not None:
                hi_e = r + self.raise_limit
            if self.raise_factor is not None:
                cap = r * self.raise_factor
                hi_e = cap if hi_e < 0 else min(hi_e, cap)
        if blind:
            lo = (lo_e + 1) // 2
            hi = max(lo, hi_e // 2) if hi_e >= 0 else stack
            if r == 0:
                hi = hi_e // 2
        else:
            lo = lo_e
            hi = hi_e if hi_e >= 0 else stack
        if self.pot_limit and hi > pot:
            hi = max(pot, lo)  # the pot limit caps raising, never staying in (4.4.9 covers)
        if hi > stack:
            hi = stack
        return lo, hi

    def see_cost(self, r: int, seer_blind: bool, seen_blind: bool) -> int:
        """Chips a see (or Teen Patti show) costs the seer."""
        stay = (r + 1) // 2 if seer_blind else r
        if self.see_mode == "stay" or (self.see_mode == "single" and not seen_blind):
            return stay
        return 2 * stay

    @staticmethod
    def can_see(seer_blind: bool, seen_blind: bool) -> bool:
        """"You cannot see a blind man": an open seat may not see a blind one."""
        return seer_blind or not seen_blind


def next_in_turn(status: Sequence[str], seat: int, wanted: str = "in") -> int:
    """The next seat clockwise after ``seat`` whose status is ``wanted`` (-1 if none).

    >>> next_in_turn(("in", "folded", "in"), 0), next_in_turn(("in", "folded", "in"), 2)
    (2, 0)
    >>> next_in_turn(("folded", "in"), 1), next_in_turn(("folded", "folded"), 1)
    (1, -1)
    """
    for s in AFTER[len(status)][seat]:
        if status[s] == wanted:
            return s
    return -1
