"""Three bot levels by name, for every game with a heuristic bot: ``easy``, ``normal``, ``strong``.

* ``easy``: a loose heuristic.  It stays in on worse pot odds, raises only very strong hands,
  plays blind more often and longer (brag-style games), agrees to a showdown on a fair
  share; in Commerce it trades on too long (paying the dealer) and, with a widow, stands
  with a middling hand instead of improving it.
* ``normal``: the ``heuristic`` bot as it is.
* ``strong``: tighter thresholds (and, in the brag-style games, the ``tracker``'s memory of
  the unshuffled pack): it pays only for good odds, raises earlier and plays blind less; in
  Commerce it stands early, which ends the trading before the others improve.  With a widow
  it plays as ``normal`` (taking the best improving exchange was the best play measured).

The differences are measured with ``brag simulate`` (docs/bots.md, "Bot levels").

>>> from bragkit.rules import get_preset
>>> [level(get_preset("modern")).name for level in (easy, normal, strong)]
['easy', 'normal', 'strong']
>>> type(strong(get_preset("modern"))).__name__, type(easy(get_preset("foster"))).__name__
('TrackerBot', 'PokerHeuristicBot')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bragkit.bots.commerce_bot import CommerceHeuristicBot
from bragkit.bots.heuristic import HeuristicBot
from bragkit.bots.poker_bot import PokerHeuristicBot
from bragkit.bots.tracker import TrackerBot
from bragkit.games import engine_of

if TYPE_CHECKING:
    from bragkit.bots.base import BaseBot
    from bragkit.rules import Rules

__all__ = ["easy", "normal", "strong"]



def _named(bot: BaseBot, name: str) -> BaseBot:
    bot.name = name
    return bot


def easy(rules: Rules) -> BaseBot:
    """A loose heuristic for ``rules.game``."""
    if engine_of(rules.game) == "brag":
        bot: BaseBot = HeuristicBot(rules, caution=0.8, raise_at=0.92, max_raises=1,
                                    blind_rate=0.55, blind_mean=3.0, blind_to_end=0.3,
                                    blind_cap=0.1, agree_margin=1.0)
    elif engine_of(rules.game) == "commerce":
        bot = CommerceHeuristicBot(rules, stand_at=0.7, pounce_at=0.5, widow_stand_at=0.3)
    else:
        bot = PokerHeuristicBot(rules, caution=0.6, raise_at=0.92, max_raises=1, bluff=0.15)
    return _named(bot, "easy")


def normal(rules: Rules) -> BaseBot:
    """The ``heuristic`` bot for ``rules.game``."""
    if engine_of(rules.game) == "brag":
        bot: BaseBot = HeuristicBot(rules)
    elif engine_of(rules.game) == "commerce":
        bot = CommerceHeuristicBot(rules)
    else:
        bot = PokerHeuristicBot(rules)
    return _named(bot, "normal")


def strong(rules: Rules) -> BaseBot:
    """Tighter thresholds (and the pack memory of ``tracker`` in the brag-style games)."""
    if engine_of(rules.game) == "brag":
        bot: BaseBot = TrackerBot(rules, caution=2.0, raise_at=0.75, blind_rate=0.25)
    elif engine_of(rules.game) == "commerce":
        bot = CommerceHeuristicBot(rules, stand_at=0.28, pounce_at=0.6)
    else:
        bot = PokerHeuristicBot(rules, caution=1.8, raise_at=0.75, max_raises=3)
    return _named(bot, "strong")
