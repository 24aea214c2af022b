"""bragkit: the Brag family of card games in Python.

>>> from bragkit import parse_cards, get_ranking
>>> modern = get_ranking("modern")
>>> modern.evaluate(parse_cards("3s 3h 3d")) > modern.evaluate(parse_cards("As Ah Ad"))
True
"""

from bragkit.cards import Card, Rank, Suit, format_cards, parse_cards, parse_hand
from bragkit.errors import BragError, CardError, HistoryError, IllegalActionError, RulesError
from bragkit.hands import Ranking, Strength, get_ranking
from bragkit.rules import catalogue as _catalogue


def _load_games() -> None:
    """Register every game (the rules layer asks on first use; it imports no game itself)."""
    from bragkit.games import discover

    discover()


_catalogue.set_loader(_load_games)

__version__ = "0.1.0"

__all__ = [
    "BragError",
    "Card",
    "CardError",
    "HistoryError",
    "IllegalActionError",
    "Rank",
    "Ranking",
    "RulesError",
    "Strength",
    "Suit",
    "format_cards",
    "get_ranking",
    "parse_cards",
    "parse_hand",
]
