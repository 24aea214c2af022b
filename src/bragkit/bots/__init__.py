"""Bots: one small interface, a registry by name and game, and the built-in bots.

* ``random`` (every game): a uniformly random legal action.
* ``heuristic`` (modern Brag family, Teen Patti): exact winning chance, pot odds, blind play
  and seeing rules (:mod:`bragkit.bots.heuristic`).
* ``tracker`` (modern Brag family, Teen Patti): ``heuristic`` plus a memory of the
  unshuffled pack (:mod:`bragkit.bots.tracker`).
* ``easy``, ``normal``, ``strong`` (every game with a heuristic bot): three levels of play,
  a loose heuristic, the heuristic, and tighter thresholds with the tracker's memory
  (:mod:`bragkit.bots.levels`).

A bot for a new game is one module with a class taking the :class:`~bragkit.rules.Rules`
and one :func:`register_bot` call (or one entry in the registry of :mod:`.base`).

>>> from bragkit.rules import get_preset
>>> bot_names("teen-patti")
('easy', 'heuristic', 'normal', 'random', 'strong', 'tracker')
>>> get_bot("strong", get_preset("commerce")).name
'strong'
>>> get_bot("heuristic", get_preset("teen-patti")).name
'heuristic'
"""

from bragkit.bots.base import BaseBot, Bot, BotFactory, bot_names, get_bot, register_bot

__all__ = ["LEVELS", "LEVEL_GAMES", "BaseBot", "Bot", "BotFactory", "bot_names", "get_bot",
           "register_bot"]

from bragkit.games import specs

LEVELS = ("easy", "normal", "strong")
"""The bot levels, weakest first (:mod:`bragkit.bots.levels`)."""

# game-specific bots are named in each game's GameSpec; the levels apply to every game with a
# heuristic bot (derived from the specs, so a new game with a heuristic gets the levels too)
for _spec in specs():
    for _name, _path in _spec.bots.items():
        register_bot(_name, _spec.name, _path)
LEVEL_GAMES = tuple(spec.name for spec in specs() if "heuristic" in spec.bots)
"""The games the levels are registered for (those with a heuristic bot)."""

for _level in LEVELS:
    for _game in LEVEL_GAMES:
        register_bot(_level, _game, f"bragkit.bots.levels:{_level}")
