"""Tables of the poker-style games: the shared :class:`~bragkit.engine.session.Session`
playing :class:`~bragkit.engine.poker_state.PokerState` deals.

:func:`~bragkit.engine.table.open_table` builds a :class:`PokerSession` for the poker-style
games (it registers itself for them), so hand histories, ``brag replay`` and the conformance
checker drive them like every other game.  The dealer moves left after every deal; a pool
carried by Three-Stake Brag's ``all_bust="carry"`` (or Foster's ante under
``dealer_withdraws_ante=false``) passes to the next deal; every deal is shuffled.

>>> from bragkit.engine.table import open_table
>>> from bragkit.rules import get_preset
>>> t = open_table(get_preset("foster"), [20, 20, 20], dealer=2, seed=7)
>>> type(t).__name__, t.state.phase, t.to_act
('PokerSession', 'ante', 2)
>>> for move in ("p3 ante 2", "p1 fold", "p2 fold"):
...     t.apply_text(move)
>>> t.deal_no, t.dealer, t.stacks
(1, 0, (19, 19, 22))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bragkit.engine.poker_game import POKER_GAMES, poker_game_for
from bragkit.engine.poker_state import PokerState
from bragkit.engine.session import Session
from bragkit.engine.table import register_table
from bragkit.errors import RulesError
from bragkit.rules import Rules

__all__ = ["PokerSession"]


class PokerSession(Session):
    """A table of a poker-style game (Foster, Three-Stake, American, 3 Card Brag Poker)."""

    state_class: Any = PokerState

    def __init__(self, rules: Rules, stacks: Sequence[int], dealer: int | None = None,
                 **kwargs: Any) -> None:
        game = poker_game_for(rules)
        if len(stacks) < game.min_table:
            raise RulesError(f"{rules.game} needs at least {game.min_table} players "
                             f"(rules-spec {game.spec_section}), not {len(stacks)}")
        super().__init__(rules, stacks, dealer, **kwargs)

    def min_stack(self, rules: Rules) -> int:
        """Chips a seat needs to be dealt in (Three-Stake Brag: three stakes)."""
        return poker_game_for(rules).min_stack()

    def _new_deal(self) -> None:
        """Deal as usual; a deal that needs no decision (Three-Stake Brag with every seat but
        one all-in after the stakes) is settled at once and the next one dealt."""
        super()._new_deal()
        if self.state is not None and self.state.is_over:
            self._finish_deal()


register_table(tuple(POKER_GAMES), PokerSession)
