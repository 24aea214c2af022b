"""The part of a deal state every engine shares: the turn check, the first state, replay.

:class:`~bragkit.engine.brag.state.BragState`, :class:`~bragkit.engine.poker.state.PokerState`
and :class:`~bragkit.games.commerce.state.CommerceState` are frozen, slotted dataclasses that
derive from :class:`DealProtocol`.  Each supplies ``phase``, ``to_act``, ``actions`` (the
action log), ``origin`` (the previous state of the deal, ``None`` for the first) and
``apply(action)`` and ``start(rules, stacks, dealer, pack)``; the mixin adds :meth:`new` (a
deal from a shuffled pack), :meth:`apply_move` (``apply`` with the turn check),
:meth:`first`, :meth:`replay`, :meth:`action_strings` and :attr:`is_over`.  It has no slots
and no fields of its own, so states stay as small and as fast as before.

>>> import random
>>> from bragkit.engine import BragState
>>> from bragkit.rules import get_preset
>>> s = BragState.new(get_preset("modern"), [9, 9, 9], rng=random.Random(1))
>>> t = s.apply_move(1, "look").apply_move(1, "bet 2")
>>> t.first() is s, t.replay() == t, t.action_strings()
(True, True, ['p2 look', 'p2 bet 2'])
>>> t.apply_move(0, "fold")
Traceback (most recent call last):
...
bragkit.errors.IllegalActionError: p1 fold: it is p3's turn, not p1's (turn order, rules 4.4.2)
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Self

from bragkit.engine.actions import Action, format_move, parse_action
from bragkit.engine.contract import InfoKey, Turn, turn_of
from bragkit.engine.pack import new_rng, shuffled_pack
from bragkit.errors import IllegalActionError

if TYPE_CHECKING:
    from bragkit.engine.contract import SeatView
    from bragkit.rules import Rules

__all__ = ["ActionLog", "DealProtocol"]


class ActionLog:
    """The action log's part of every deal state, house games included (casino): the first
    state, :meth:`replay` and :meth:`action_strings` (a mixin without state of its own).
    A state supplies ``actions``, ``origin`` and ``apply_move``."""

    __slots__ = ()

    if TYPE_CHECKING:
        actions: tuple[tuple[int, Action], ...]
        origin: Any

        def apply_move(self, seat: int, action: Action | str) -> Self: ...

    def first(self) -> Self:
        """The first state of this deal (after the antes and the deal)."""
        state = self
        while state.origin is not None:
            state = state.origin
        return state

    def replay(self) -> Self:
        """Re-apply this state's action log to its first state (must reproduce ``self``)."""
        state = self.first()
        for seat, action in self.actions:
            state = state.apply_move(seat, action)
        return state

    def action_strings(self) -> list[str]:
        """The action log as history strings (``p1 bet 4``)."""
        return [format_move(s, a) for s, a in self.actions]


class DealProtocol(ActionLog):
    """Shared behaviour of the deal states (a mixin without state of its own)."""

    __slots__ = ()

    if TYPE_CHECKING:
        phase: str
        to_act: int
        actions: tuple[tuple[int, Action], ...]
        origin: Any
        stacks: tuple[int, ...]

        @property
        def n(self) -> int: ...

        @property
        def paid(self) -> tuple[int, ...]: ...

        @property
        def bought(self) -> tuple[int, ...]: ...

        def apply(self, action: Action | str) -> Self: ...

        def view(self, seat: int) -> SeatView: ...

        @staticmethod
        def start(rules: Rules, stacks: tuple[int, ...] | list[int], dealer: int,
                  pack: tuple[int, ...] | list[int]) -> Any: ...

    @classmethod
    def new(cls, rules: Rules, stacks: tuple[int, ...] | list[int], dealer: int = 0, *,
            rng: random.Random | None = None,
            pack: tuple[int, ...] | list[int] | None = None) -> Self:
        """A single deal from a pack shuffled with ``rng`` (or from an explicit ``pack``).

        >>> from bragkit.engine import BragState
        >>> from bragkit.rules import get_preset
        >>> s = BragState.new(get_preset("modern-4card"), [20, 20], rng=random.Random(1))
        >>> len(s.hands[1]), s.pot
        (4, 2)
        >>> from bragkit.games.commerce.state import CommerceState
        >>> s = CommerceState.new(get_preset("commerce-32"), [9, 9, 9], rng=random.Random(1))
        >>> len(s.pack), s.pot
        (23, 4)
        """
        if pack is None:
            pack = shuffled_pack(rules, rng if rng is not None else new_rng())
        state: Self = cls.start(rules, stacks, dealer, pack)
        return state

    def turn_rule(self) -> str:
        """The docs/rules section that sets the turn order (named when a seat acts out of
        turn); engines override it."""
        return "2.2"

    @property
    def is_over(self) -> bool:
        """True when the deal has ended (no seat to act)."""
        return self.phase == "over"

    # -- the one contract (bragkit.engine.contract.GameState); adapters until made native
    @property
    def whose_turn(self) -> Turn:
        """Whose turn it is: a seat (0-based), ``CHANCE`` or ``OVER``."""
        return turn_of(self.phase, self.to_act)

    def chance_outcomes(self) -> tuple[tuple[int, Fraction], ...]:
        """The chance outcomes here: none, a deal state deals from its pack (the chance node
        before a deal is :class:`~bragkit.engine.contract.ChanceDeal`)."""
        return ()

    def apply_chance(self, outcome: int) -> Self:
        """Refused: no card is dealt by chance inside a deal (its pack is given)."""
        raise IllegalActionError(f"card id {outcome}: no card is dealt by chance here")

    def info_key(self, seat: int) -> InfoKey:
        """``seat``'s information-state key: what it knows, as a hashable value."""
        return self.view(seat).info_key

    def returns(self) -> tuple[int, ...]:
        """Each seat's chip change over this deal so far (the opening payments included,
        money brought in during the deal excluded); final once the deal is over."""
        stacks, start, bought = self.stacks, self.opening_stacks(), self.bought
        return tuple([stacks[s] - start[s] - bought[s] for s in range(self.n)])

    def opening_stacks(self) -> tuple[int, ...]:
        """Each seat's stack as this deal began, before its opening payments (engines whose
        first state already moves other chips override it)."""
        first = self.first()
        return tuple([a + b for a, b in zip(first.stacks, first.paid, strict=True)])

    def apply_move(self, seat: int, action: Action | str) -> Self:
        """Like ``apply``, checking that ``seat`` (0-based) is the seat to act."""
        if isinstance(action, str):
            action = parse_action(action)
        if self.phase == "over":
            raise IllegalActionError(f"{format_move(seat, action)}: the deal is over")
        if seat != self.to_act:
            raise IllegalActionError(
                f"{format_move(seat, action)}: it is p{self.to_act + 1}'s turn, not "
                f"p{seat + 1}'s (turn order, rules {self.turn_rule()})")
        return self.apply(action)
