"""The poker-style (equalising) betting machine (rules 2.6, 4.1-4.3, 4.8).

Each seat's *credited* contribution to the current betting round is tracked; to stay in,
a seat brings its contribution up to the ``target`` (the highest contribution).  A round
closes when every seat still able to act has met the target and has acted since the last
raise, or when only one seat is left.  Amounts in ``bet``/``raise`` are always the
*increment* of the target (Foster's "raise the ante any further amount within the betting
limit"): ``raise 5`` against a target of 2 brings the raiser's total to 7.

The machine is a pure function of small immutable values: :class:`PokerBetting` (the
parameters of a round: limit, minimum raise, fixed sizes, raise cap, checking, all-in
policy, half-price blind calls) and :class:`Round` (contributions, target, raise count, who
has acted).  :func:`side_pots` and :func:`split` divide money at the end of a hand.

>>> m = PokerBetting(limit=10)                       # Foster: raises 1..L, no checking
>>> r = Round.start(4, forced={3: 2})                # the dealer (seat 4) antes 2
>>> [str(a) for a in m.legal(r, 0, stack=50, live=4)]
['fold', 'call (costs 2)', 'raise 1..10']
>>> r, paid = m.call(r, 0, stack=50, blind=False)    # FB2: P1 calls
>>> r, paid = m.raise_(r, 1, 5, stack=50)            # P2 raises 5 (total 7)
>>> paid, r.target, r.contrib
(7, 7, (2, 7, 0, 2))
>>> m.next_to_act(r, 1, ("in",) * 4, (50,) * 4)
2
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final, NamedTuple

from bragkit.engine.actions import LegalAction
from bragkit.engine.kinds import ActionKind, SeatStatus
from bragkit.engine.turns import AFTER

__all__ = ["MEMO_SIZE", "PokerBetting", "Round", "side_pots", "split"]

A_CALL: Final = ActionKind.CALL
A_RAISE: Final = ActionKind.RAISE
A_CHECK: Final = ActionKind.CHECK
A_BET: Final = ActionKind.BET
S_IN: Final = SeatStatus.IN
S_ALLIN: Final = SeatStatus.ALLIN
_FOLD = LegalAction(ActionKind.FOLD)
_PASS = LegalAction(ActionKind.PASS)
_INTERNED: Final[dict[tuple[str, int | None, int | None, int], LegalAction]] = {}
MEMO_SIZE: Final = 4096
_round: Final = tuple.__new__
"""Builds a :class:`Round` from all its fields at once (the NamedTuple's own ``__new__``
is a Python function; the betting transitions build one per action)."""
"""The most legal-action answers a betting round's parameters keep (then they start again)."""


def _la(kind: str, lo: int | None = None, hi: int | None = None, cost: int = 0) -> LegalAction:
    """An interned :class:`LegalAction` (they are immutable; legal() runs on every decision)."""
    key = (kind, lo, hi, cost)
    found = _INTERNED.get(key)
    if found is None:
        found = _INTERNED[key] = LegalAction(kind, lo=lo, hi=hi, cost=cost)
    return found


class Round(NamedTuple):
    """One betting round: credited contributions, the target, raises made, who has acted.

    ``acted[s]`` is true when seat ``s`` has acted since the last bet or raise; ``opened``
    is true once a voluntary bet (or a forced one, such as Foster's ante or a big blind)
    stands, so that the round's first voluntary wager is a ``raise`` rather than a ``bet``.
    """

    contrib: tuple[int, ...]
    target: int
    raises: int
    acted: tuple[bool, ...]
    opened: bool
    forced: int = -1
    """The seat whose forced bet set the target (Foster's dealer, the big blind), or -1."""

    @staticmethod
    def start(n: int, forced: dict[int, int] | None = None, *, base: int = 0) -> Round:
        """A fresh round for ``n`` seats; ``forced`` maps seats to forced bets already made.

        >>> Round.start(3, {1: 1, 2: 2}).target
        2
        """
        key = (n, base, *forced.items()) if forced else (n, base)
        found = _ROUNDS.get(key)
        if found is not None:  # (a round is an immutable value: one per table size and bets)
            return found
        contrib = [base] * n
        forced_seat, top = -1, 0
        for seat, amount in (forced or {}).items():
            contrib[seat] += amount
            if forced_seat < 0 or amount >= top:
                forced_seat, top = seat, amount  # the largest; the later (big blind) on ties
        target = max(contrib)
        found = Round(tuple(contrib), target, 0, (False,) * n, target > base, forced_seat)
        if len(_ROUNDS) >= _MEMO_ROUNDS:
            _ROUNDS.clear()
        _ROUNDS[key] = found
        return found


_MEMO_ROUNDS: Final = 4096
_ROUNDS: Final[dict[tuple[object, ...], Round]] = {}
"""``(n, base, *forced.items())`` -> the fresh round :meth:`Round.start` builds (bounded)."""


@dataclass(frozen=True, slots=True)
class PokerBetting:
    """The parameters of one equalising betting round.

    * ``limit``: the largest single bet or raise increment (Foster's ``L``); under
      ``fixed`` every bet and raise is exactly ``limit`` (fixed-limit poker).
    * ``min_raise``: the smallest bet or raise increment (not under ``fixed``).
    * ``max_raises``: the most raises per round (``None``: no cap); with
      ``cap_multiway_only`` the cap applies only while more than two seats are in the pot.
    * ``allow_check``: an unopened round may be checked round (else a seat must bet or
      pass out).  ``matched_word`` names the option of a seat whose forced bet already
      meets the target (``stand`` for Foster's dealer, ``check`` for a big blind), offered
      only when ``forced_may_raise`` (else the round simply closes when it comes round).
    * ``fold_word``: ``fold`` or ``pass`` (Three-Stake Brag's "pass out").
    * ``all_in``: ``"side_pots"`` (a seat may call all-in for less; table stakes) or
      ``"fold"`` (a seat that cannot meet the target must abandon).
    * ``half_price_blind``: a seat that has not looked calls for ``ceil(to_call / 2)``
      with full rights to the pot (GameAccount, rules 4.8).
    """

    limit: int = 10
    min_raise: int = 1
    fixed: bool = False
    max_raises: int | None = None
    cap_multiway_only: bool = False
    allow_check: bool = False
    matched_word: str = "stand"
    forced_may_raise: bool = True
    fold_word: str = "fold"
    all_in: str = "side_pots"
    half_price_blind: bool = False
    memo: dict[tuple[int, bool, int, int, int, bool], tuple[LegalAction, ...]] = field(
        default_factory=dict, init=False, compare=False, repr=False)
    """The legal actions already worked out, by what they depend on (:meth:`legal`)."""
    offers: dict[tuple[int, bool, int, int, int, bool], tuple[LegalAction, ...]] = field(
        default_factory=dict, init=False, compare=False, repr=False)
    """What a betting round offers the seat to act, a look first for a blind seat
    (:func:`bragkit.engine.poker.core.legal_now`'s memo, keyed as :attr:`memo`)."""

    # ------------------------------------------------------------------ queries
    def to_call(self, rnd: Round, seat: int) -> int:
        """Credit ``seat`` still needs to meet the target."""
        return rnd.target - rnd.contrib[seat]

    def call_cost(self, rnd: Round, seat: int, stack: int, blind: bool) -> int:
        """Chips a call costs (half price for a blind seat; at most the stack).

        >>> PokerBetting(half_price_blind=True).call_cost(Round((0, 6), 6, 0, (False,) * 2,
        ...     True), 0, stack=100, blind=True)                       # G1: 6 to call, pays 3
        3
        """
        need = rnd.target - rnd.contrib[seat]
        if blind and self.half_price_blind:
            need = (need + 1) // 2
        return min(need, stack)

    def may_raise(self, rnd: Round, live: int) -> bool:
        """Whether the raise cap still allows a raise with ``live`` seats in the pot."""
        if self.max_raises is None:
            return True
        if self.cap_multiway_only and live <= 2:
            return True
        return rnd.raises < self.max_raises

    def raise_bounds(self, stack_after_call: int) -> tuple[int, int]:
        """Lowest and highest increment a seat with these chips may bet or raise."""
        if self.fixed:
            return self.limit, min(self.limit, stack_after_call)
        return self.min_raise, min(self.limit, stack_after_call)

    def legal(self, rnd: Round, seat: int, *, stack: int, live: int,
              blind: bool = False) -> tuple[LegalAction, ...]:
        """The betting actions of ``seat`` (``live``: seats not folded, all-in included).

        >>> m = PokerBetting(limit=5, fold_word="pass")               # Three-Stake P2
        >>> [str(a) for a in m.legal(Round.start(3), 0, stack=9, live=3)]
        ['pass', 'bet 1..5']
        >>> [str(a) for a in PokerBetting(limit=4, fixed=True, allow_check=True)
        ...  .legal(Round.start(3), 0, stack=9, live=3)]
        ['check', 'bet 4']

        The answer depends only on the chips to call, whether the round is open, the raises
        made and ``live`` (under a raise cap), ``blind`` and the stack up to the call plus
        the limit and one, so it is worked out once for each of these (:attr:`memo`).
        """
        need = rnd.target - rnd.contrib[seat]
        capped = self.max_raises is not None
        key = (need, rnd.opened, rnd.raises if capped else 0, live if capped else 0,
               min(stack, max(need, 0) + self.limit + 1), blind)
        memo = self.memo
        found = memo.get(key)
        if found is None:
            if len(memo) >= MEMO_SIZE:
                memo.clear()
            found = memo[key] = self._legal(rnd, seat, stack=stack, live=live, blind=blind)
        return found

    def _legal(self, rnd: Round, seat: int, *, stack: int, live: int,
               blind: bool) -> tuple[LegalAction, ...]:
        acts: list[LegalAction] = []
        need = rnd.target - rnd.contrib[seat]
        if need > 0:
            acts.append(_PASS if self.fold_word == "pass" else _FOLD)
            cost = self.call_cost(rnd, seat, stack, blind)
            full = (need + 1) // 2 if blind and self.half_price_blind else need
            if cost >= full or self.all_in == "side_pots":
                acts.append(_la(A_CALL, cost=cost))
            if self.may_raise(rnd, live) and stack > need:
                lo, hi = self.raise_bounds(stack - need)
                if lo <= hi:
                    acts.append(_la(A_RAISE, lo, hi))
            return tuple(acts)
        if not rnd.opened:
            if self.allow_check:
                acts.append(_la(A_CHECK))
            else:
                acts.append(_PASS if self.fold_word == "pass" else _FOLD)
            lo, hi = self.raise_bounds(stack)
            if lo <= hi:
                acts.append(_la(A_BET, lo, hi))
            return tuple(acts)
        # a forced bet already meets the target: the dealer's (or big blind's) option
        acts.append(_la(self.matched_word))
        if self.may_raise(rnd, live) and stack > 0:
            lo, hi = self.raise_bounds(stack)
            if lo <= hi:
                acts.append(_la(A_RAISE, lo, hi))
        return tuple(acts)

    # ------------------------------------------------------------------ transitions
    def call(self, rnd: Round, seat: int, *, stack: int, blind: bool) -> tuple[Round, int]:
        """Meet the target; returns the new round and the chips paid.

        A blind half-price caller is credited in full; a seat short of chips is credited
        with what it pays (all-in for less).
        """
        cost = self.call_cost(rnd, seat, stack, blind)
        need = rnd.target - rnd.contrib[seat]
        half = blind and self.half_price_blind
        credit = need if (half or cost >= need) else cost
        if half and cost < (need + 1) // 2:
            credit = cost * 2
        contrib = list(rnd.contrib)
        contrib[seat] += credit
        acted = list(rnd.acted)
        acted[seat] = True
        return _round(Round, (tuple(contrib), rnd.target, rnd.raises, tuple(acted),
                              rnd.opened, rnd.forced)), cost

    def raise_(self, rnd: Round, seat: int, amount: int, *, stack: int) -> tuple[Round, int]:
        """Bet or raise by ``amount`` (the increment of the target); returns chips paid."""
        need = rnd.target - rnd.contrib[seat]
        paid = need + amount
        contrib = list(rnd.contrib)
        contrib[seat] += paid
        acted = [False] * len(contrib)
        acted[seat] = True
        raises = rnd.raises + (1 if rnd.opened else 0)
        return _round(Round, (tuple(contrib), rnd.target + amount, raises, tuple(acted), True,
                              rnd.forced)), paid

    @staticmethod
    def check(rnd: Round, seat: int) -> Round:
        """Act without chips (check, or the forced bettor's stand)."""
        acted = list(rnd.acted)
        acted[seat] = True
        return _round(Round, (rnd.contrib, rnd.target, rnd.raises, tuple(acted), rnd.opened,
                              rnd.forced))

    def next_to_act(self, rnd: Round, after: int, status: Sequence[str],
                    stacks: Sequence[int]) -> int:
        """The next seat clockwise after ``after`` that must act, or -1 when the round closes.

        ``status`` holds ``"in"`` for seats that may act; other seats (folded, all-in, not
        dealt in) never act.  A forced bettor whose bet meets the target acts only when
        ``forced_may_raise``.
        """
        can_act = status.count(S_IN)  # (the members themselves: count's identity test)
        if can_act <= 1 and can_act + status.count(S_ALLIN) <= 1:
            return -1
        contrib, target, acted = rnd.contrib, rnd.target, rnd.acted
        for s in AFTER[len(status)][after]:
            if status[s] != "in" or stacks[s] <= 0:
                continue
            if contrib[s] < target:
                return s
            if not acted[s]:
                if can_act == 1:
                    continue  # nobody left to raise against: a matched seat need not act
                if (s == rnd.forced and not self.forced_may_raise and rnd.raises == 0
                        and target == contrib[s]):
                    continue
                return s
        return -1


def side_pots(credit: Sequence[int], chips: Sequence[int], live: Sequence[bool],
              ) -> list[tuple[int, tuple[int, ...]]]:
    """Divide the chips put in by each seat into a main pot and side pots.

    ``credit`` is what each seat is credited with for the hand (its rights to the pot; a
    half-price blind caller is credited in full), ``chips`` what it actually paid, ``live``
    whether it is still contesting.  Pots are built at the credit levels of live seats;
    each seat's chips fill the levels from the bottom; chips of folded seats above the top
    live level join the top pot.  Returns ``[(amount, eligible seats), ...]``, main pot
    first; the amounts add up to ``sum(chips)``.

    >>> side_pots((10, 4, 10, 2), (10, 4, 10, 2), (True, True, True, False))
    [(14, (0, 1, 2)), (12, (0, 2))]
    >>> side_pots((6, 6, 3), (3, 6, 3), (True, True, True))     # a half-price caller
    [(9, (0, 1, 2)), (3, (0, 1))]
    """
    levels = sorted({credit[s] for s in range(len(credit)) if live[s] and credit[s] > 0})
    if not levels:
        return []
    if len(levels) == 1 and list(credit) == list(chips):
        # one level, nobody credited more than paid (the usual showdown): the levels below
        # give one pot of every chip, for the live seats at that level
        level = levels[0]
        return [(sum(chips), tuple(s for s in range(len(credit))
                                   if live[s] and credit[s] >= level))]
    pots: list[tuple[int, tuple[int, ...]]] = []
    left = list(chips)
    low = 0
    for level in levels:
        width = level - low
        amount = 0
        for s in range(len(credit)):
            if left[s] <= 0 or credit[s] <= low:
                continue
            take = min(left[s], width)
            left[s] -= take
            amount += take
        eligible = tuple(s for s in range(len(credit)) if live[s] and credit[s] >= level)
        if amount:
            pots.append((amount, eligible))
        low = level
    rest = sum(left)
    if rest:
        if pots:
            amount, eligible = pots[-1]
            pots[-1] = (amount + rest, eligible)
        else:
            pots.append((rest, tuple(s for s in range(len(credit)) if live[s])))
    return pots


def split(amount: int, winners: Sequence[int]) -> list[tuple[int, int]]:
    """Share ``amount`` among ``winners`` (listed from the eldest hand): the odd chips go
    one each to the winners nearest the eldest hand.

    >>> split(21, [3, 1])
    [(3, 11), (1, 10)]
    """
    share, odd = divmod(amount, len(winners))
    return [(s, share + (1 if i < odd else 0)) for i, s in enumerate(winners)]
