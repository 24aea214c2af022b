"""What the actions of the two forms of Commerce mean (their GameSpecs' ``action_meanings``).

>>> WIDOW_MEANINGS["stand"][:22], WIDOW_MEANINGS["barter"][:10]
('stand on your hand: no', 'offer this')
"""

from __future__ import annotations

from typing import Final

__all__ = ["TRADE_MEANINGS", "WIDOW_MEANINGS"]

TRADE_MEANINGS: Final[dict[str, str]] = {
    "stand": "knock: stand with your hand, and the hands are shown at once",
    "trade": "give this card to the bottom of the pack and take the top card, paying "
             "the trade price to the dealer",
    "barter": "offer this card face down to your neighbour, who may give you one of his "
              "for it (accept) or stand",
    "accept": "take the offered card and give this card of yours for it",
    "pass": "end your turn without standing (the next player goes on)",
}
"""Commerce with trading and bartering (rules 4.10)."""

WIDOW_MEANINGS: Final[dict[str, str]] = {**TRADE_MEANINGS, **{
    "exchange": "exchange YOURS WIDOWS: give your card(s) for the same number of widow "
                "cards, yours first (e.g. exchange 9s Kh gives your 9s for the Kh)",
    "stand": "stand on your hand: no more exchanges for you (after two stands the others "
             "get one last exchange)",
    "pass": "let this turn go: no exchange now, and no more exchanges for you this deal",
    "widow": "dealer's privilege: take the whole widow unseen as your hand; your own hand "
             "is turned up as the new widow and you have stood",
    "keep": "dealer's privilege: keep your own hand (you look at it) and let the "
            "exchanges begin",
    "horse": "buy a horse: one more life, paid into the pool",
    "decline": "turn it down (no horse, or no pounce)",
    "pounce": "take the fourth card of your tricon's rank from the widow: four of a kind "
              "beats every three-card hand (you then stand)",
}}
"""Commerce with a widow (rules 4.11), over the trading game's words."""
