"""Bots: one small interface, a registry by name and game, and the built-in bots.

* ``random`` (every game): a uniformly random legal action.
* ``heuristic`` (modern Brag family, Teen Patti): exact winning chance, pot odds, blind play
  and seeing rules (:mod:`bragkit.bots.heuristic`).
* ``tracker`` (modern Brag family, Teen Patti): ``heuristic`` plus a memory of the
  unshuffled pack (:mod:`bragkit.bots.tracker`).

A bot for a new game is one module with a class taking the :class:`~bragkit.rules.Rules`
and one :func:`register_bot` call (or one entry in the registry of :mod:`.base`).

>>> from bragkit.rules import get_preset
>>> bot_names("teen-patti")
('heuristic', 'random', 'tracker')
>>> get_bot("heuristic", get_preset("teen-patti")).name
'heuristic'
"""

from bragkit.bots.base import BaseBot, Bot, BotFactory, bot_names, get_bot, register_bot

__all__ = ["BaseBot", "Bot", "BotFactory", "bot_names", "get_bot", "register_bot"]
