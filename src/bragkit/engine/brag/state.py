"""The immutable state of one brag-style deal: legal actions, transitions, views.

>>> import random
>>> from bragkit.rules import get_preset
>>> from bragkit.engine.pack import shuffled_pack
>>> s = BragState.start(get_preset("modern"), stacks=(50, 50, 50), dealer=0,
...                     pack=shuffled_pack(get_preset("modern"), random.Random(1)))
>>> s.to_act, s.pot, [str(a) for a in s.legal_actions()]
(1, 3, ['look', 'fold', 'bet 1..5'])
>>> s2 = s.apply(parse_action("bet 2"))      # blind: 2 chips are worth 4
>>> s2.stake, s2.to_act, s.pot, s2.pot
(4, 2, 3, 5)
>>> s2.apply(parse_action("see"))
Traceback (most recent call last):
...
bragkit.errors.IllegalActionError: p3 see: a see needs exactly two players left (rules 4.4.2)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bragkit.engine.actions import Action, LegalAction, parse_action
from bragkit.engine.brag.core import BragRecord, Work
from bragkit.engine.brag.diagnose import diagnose
from bragkit.engine.brag.legal import canonical_discard, legal_actions
from bragkit.engine.brag.start import start_deal
from bragkit.engine.brag.transitions import apply_action
from bragkit.engine.brag.views import seat_view
from bragkit.errors import IllegalActionError

if TYPE_CHECKING:
    from bragkit.engine.contract import SeatView
    from bragkit.rules import Rules

__all__ = ["BragState", "Work", "parse_action"]


@dataclass(frozen=True, slots=True)
class BragState(BragRecord):
    """One deal of a brag-style game, as an immutable value.

    Build the first state with :meth:`start`; every :meth:`apply` returns a new state.  Seats
    are 0-based here (``p1`` is seat 0 in action strings).  Card fields hold card ids; the
    fields and the pure queries are :class:`~bragkit.engine.brag.core.BragRecord`'s.
    """

    # ------------------------------------------------------------------ creation
    @staticmethod
    def start(rules: Rules, stacks: tuple[int, ...] | list[int], dealer: int,
              pack: tuple[int, ...] | list[int], *, carried: int = 0,
              retained: tuple[int, ...] = (), debts: tuple[tuple[int, int, int], ...] = (),
              ) -> BragState:
        """Post the antes and deal a new hand from ``pack`` (card ids, top first).

        ``carried`` is a pot carried from the previous deal; ``retained`` is ``(seat, *cards)``
        of a retained blind hand (4.4.6, 4.4.7).  Seats that cannot pay the ante sit out.
        """
        return start_deal(BragState, rules, tuple(stacks), dealer, tuple(pack), carried,
                          retained, debts)

    # ------------------------------------------------------------------ transitions
    def legal_actions(self) -> tuple[LegalAction, ...]:
        """Everything the seat to act may do now, with exact costs and bet bounds.

        Empty exactly when the deal is over.
        """
        return legal_actions(self)

    def normalize(self, action: Action) -> Action:
        """The canonical form of ``action`` here: discards in hand order, and Teen Patti's
        ``show`` as ``see``.  :meth:`apply` normalises before checking legality."""
        if action.kind == "discard" and action.arg is not None and self.phase == "discard":
            return canonical_discard(self, action)
        if (action.kind == self.family.see_alias and self.phase == "bet"
                and action.arg is None):
            return Action("see")  # Teen Patti calls the see a "show"
        return action

    def is_legal(self, action: Action) -> bool:
        """Whether the seat to act may take ``action`` now."""
        action = self.normalize(action)
        return any(la.allows(action) for la in self.legal_actions())

    def apply(self, action: Action | str) -> BragState:
        """The state after the seat to act takes ``action``.

        Raises :class:`~bragkit.errors.IllegalActionError` naming the rule broken; this
        state is unchanged (it is immutable).
        """
        if isinstance(action, str):
            action = parse_action(action)
        kind = action.kind
        if kind == "discard" or kind == "show":
            action = self.normalize(action)
            kind = action.kind
        cache = self.cache
        legal = cache[0] if cache else legal_actions(self)
        for la in legal:
            if la.kind == kind and la.allows(action):
                return apply_action(self, self.to_act, action)
        raise IllegalActionError(diagnose(self, action))

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know: never a card it may not see."""
        return seat_view(self, seat)


if TYPE_CHECKING:  # mypy checks that the state satisfies the one contract
    from bragkit.engine.contract import GameState

    def _satisfies_contract(state: BragState) -> GameState:
        return state
