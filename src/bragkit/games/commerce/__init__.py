"""Commerce and Commerce with a widow (rules 4.10, 4.11): one game package.

``state`` (the deal state and its transitions), ``cards`` (the card arguments of actions),
``trade`` (trading with the pack and bartering), ``widow`` (the widow), ``session`` (the
table).  ``GAMES`` holds both declarations (:mod:`bragkit.games.spec`); import the other
names from their modules.

>>> [spec.name for spec in GAMES]
['commerce', 'commerce-widow']
"""

from typing import Final

from bragkit.games.commerce import trade, widow

GAMES: Final = trade.GAMES + widow.GAMES
"""Commerce's declarations (the registry discovers them here)."""

__all__ = ["GAMES"]
