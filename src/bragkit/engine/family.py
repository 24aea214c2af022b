"""Game families: the thin per-game layer on top of the shared brag engine.

A family turns :class:`~bragkit.rules.Rules` into the few things that differ between
games: the hand ranking, the betting-machine parameters, what a fold-out to a blind seat
does, and any extra actions (Teen Patti's side show).  The engine asks the registry for the
family of a rules object with :func:`family_for`.

>>> from bragkit.rules import get_preset
>>> family_for(get_preset("modern")).name, family_for(get_preset("teen-patti")).name
('modern', 'teen-patti')
"""

from __future__ import annotations

import functools
import pkgutil
from typing import TYPE_CHECKING, Any, ClassVar, Final

from bragkit.engine.actions import Action, LegalAction
from bragkit.engine.brag_betting import BragBetting
from bragkit.errors import IllegalActionError, RulesError

if TYPE_CHECKING:
    from bragkit.engine.brag_state import BragState, Work
    from bragkit.rules import Rules

__all__ = ["CACHE_SIZE", "FAMILIES", "BragFamily", "family_cache_size", "family_for"]


class BragFamily:
    """Base class of the brag-style game families (the hooks the engine calls).

    Subclasses set :attr:`name`, build :attr:`ranking` and :attr:`betting` in ``__init__``
    and may override the hooks below.  All hooks have working defaults for modern Brag.
    """

    name: ClassVar[str] = "brag"
    foldout_carries: bool = True
    """A fold-out to a seat playing blind carries the pot (modern Brag) instead of paying it."""
    agreed_showdown: bool = True
    """Whether three or more seats may agree to a showdown (4.4.10)."""
    retained_hands: bool = True
    """Whether a blind fold-out winner may retain the hand (4.4.6, 4.4.7)."""
    has_extra: bool = False
    """Whether :meth:`extra_legal` may offer anything (saves a call per decision)."""
    has_after_bet: bool = False
    """Whether :meth:`after_bet` does anything (otherwise bets take the fast path)."""
    see_section: ClassVar[str] = "4.4.2"
    """The rules section of this game's see (Teen Patti's show: 4.7), cited by errors."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.ranking: Any = None
        self.betting = BragBetting()

    # -------------------------------------------------------------- hooks
    def extra_legal(self, state: BragState, seat: int) -> list[LegalAction]:
        """Extra actions offered in the betting phase (none by default)."""
        return []

    def apply_extra(self, work: Work, seat: int, action: Action) -> None:
        """Apply an extra action (or a response in a family phase); none by default."""
        raise IllegalActionError(f"p{seat + 1} {action}: {self.name} has no such action "
                                 "(rules-spec 4.4.2)")

    def phase_legal(self, state: BragState) -> tuple[LegalAction, ...]:
        """Legal actions in a phase only this family knows."""
        return ()

    def after_bet(self, work: Work, seat: int) -> None:
        """Called after every bet (Teen Patti's pot limit ends the betting here)."""


FAMILIES: Final[dict[str, str]] = {
    "modern": "bragkit.games.modern:ModernFamily",
    "teen-patti": "bragkit.games.teen_patti:TeenPattiFamily",
}
"""Game name -> ``module:class`` of its family.  New brag-style games add one entry."""

CACHE_SIZE: Final = 256
"""How many distinct rules' families :func:`family_for` keeps (least recently used go)."""

_LAST: list[Any] = [None, None]


@functools.lru_cache(maxsize=CACHE_SIZE)
def _build(rules: Rules) -> BragFamily:
    target = FAMILIES.get(rules.game)
    if target is None:
        raise RulesError(f"no brag-style engine for game {rules.game!r}")
    family: BragFamily = pkgutil.resolve_name(target)(rules)
    return family


def family_for(rules: Rules) -> BragFamily:
    """The (cached) family object for ``rules``: the last :data:`CACHE_SIZE` distinct rules
    are kept, so a server opening tables of ever new rules stays in bounded memory.

    >>> from bragkit.rules import get_preset
    >>> r = get_preset("modern")
    >>> family_for(r) is family_for(r.replace(ante=7)), family_for(r) is family_for(r)
    (False, True)
    >>> family_cache_size() <= CACHE_SIZE
    True
    """
    if _LAST[0] is rules:
        last: BragFamily = _LAST[1]
        return last
    family = _build(rules)
    _LAST[0], _LAST[1] = rules, family
    return family


def family_cache_size() -> int:
    """How many families :func:`family_for` holds now (at most :data:`CACHE_SIZE`)."""
    return _build.cache_info().currsize
