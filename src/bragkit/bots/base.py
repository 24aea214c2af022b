"""The bot interface and the registry of bots by name and game.

A bot sees only its seat's :class:`~bragkit.engine.views.SeatView` and the legal actions,
and returns one :class:`~bragkit.engine.actions.Action` that one of them allows.  Two optional
hooks let a bot remember what it saw: :meth:`Bot.begin_deal` (with whether the pack was
shuffled for this deal, which every player at a real table sees) and :meth:`Bot.end_deal`
(its view of the finished deal).  Bots are built for one rule set by a factory registered
under ``(name, game)``; the game ``"*"`` means every game.

>>> import random
>>> from bragkit.rules import get_preset
>>> bot = get_bot("random", get_preset("modern"))
>>> bot.name
'random'
>>> from bragkit.engine import Session
>>> t = Session(get_preset("modern"), [20, 20], dealer=0, seed=1)
>>> legal = t.legal_actions()
>>> any(la.allows(bot.act(t.state.view(t.to_act), legal, random.Random(1))) for la in legal)
True
>>> "heuristic" in bot_names("modern")
True
"""

from __future__ import annotations

import pkgutil
import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from bragkit.engine.actions import Action, LegalAction
from bragkit.errors import RulesError, excerpt
from bragkit.rules.model import DEFAULT_GAME

if TYPE_CHECKING:
    from bragkit.engine.views import SeatView
    from bragkit.rules import Rules

__all__ = ["BaseBot", "Bot", "BotFactory", "begin_deal", "bot_names", "end_deal", "get_bot",
           "register_bot"]


@runtime_checkable
class Bot(Protocol):
    """What every bot offers: a name and :meth:`act`.

    Optional hooks, called when present (see :func:`begin_deal` and :func:`end_deal`):
    ``begin_deal(view, shuffled)`` and ``end_deal(view)``.
    """

    name: str

    def act(self, view: SeatView, legal: tuple[LegalAction, ...],
            rng: random.Random) -> Action:
        """Choose an action that one of ``legal`` allows."""
        ...



def begin_deal(bot: Bot, view: SeatView, shuffled: bool) -> None:
    """Call the bot's optional ``begin_deal(view, shuffled)`` hook, if it has one."""
    hook = getattr(bot, "begin_deal", None)
    if hook is not None:
        hook(view, shuffled)


def end_deal(bot: Bot, view: SeatView) -> None:
    """Call the bot's optional ``end_deal(view)`` hook, if it has one."""
    hook = getattr(bot, "end_deal", None)
    if hook is not None:
        hook(view)


class BaseBot(ABC):
    """A convenient base class: a name, the rules, and no-op hooks."""

    name = "base"

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._deal_marker: object = None

    def new_deal(self, view: SeatView) -> bool:
        """Whether ``view`` is of another deal than the last one this bot saw (it remembers
        this one): per-deal memory is reset on it even when :meth:`begin_deal` is not called.
        """
        first = view.events[0] if view.events else None
        if first is not None and first is self._deal_marker:
            return False
        self._deal_marker = first
        return True

    @abstractmethod
    def act(self, view: SeatView, legal: tuple[LegalAction, ...],
            rng: random.Random) -> Action:
        """Choose an action (subclasses override)."""

    def begin_deal(self, view: SeatView, shuffled: bool) -> None:  # noqa: B027 - optional hook
        """Nothing to remember by default."""

    def end_deal(self, view: SeatView) -> None:  # noqa: B027 - optional hook
        """Nothing to remember by default."""


BotFactory = Callable[["Rules"], Bot]
"""Builds a bot for one rule set."""

_REGISTRY: dict[tuple[str, str], str | BotFactory] = {
    ("random", "*"): "bragkit.bots.random_bot:RandomBot",
}
"""Generic bots; :mod:`bragkit.bots` adds each GameSpec's own bots and the levels."""


def register_bot(name: str, game: str, factory: str | BotFactory) -> None:
    """Register a bot factory (or a ``"module:Class"`` path) under ``(name, game)``.

    Adding a bot for a new game is one module plus one call (or one entry above).
    """
    _REGISTRY[(name, game)] = factory


def bot_names(game: str) -> tuple[str, ...]:
    """The bot names available for ``game``, sorted."""
    return tuple(sorted({n for n, g in _REGISTRY if g in (game, "*")}))


def _game_of(rules: Rules) -> str:
    return str(getattr(rules, "game", DEFAULT_GAME))


def get_bot(name: str, rules: Rules) -> Bot:
    """A new bot called ``name`` for the game of ``rules``."""
    game = _game_of(rules)
    target = _REGISTRY.get((name, game)) or _REGISTRY.get((name, "*"))
    if target is None:
        known = ", ".join(bot_names(game)) or "none"
        raise RulesError(f"no bot {excerpt(name)} for {game}; known: {known}")
    if isinstance(target, str):
        factory: BotFactory = pkgutil.resolve_name(target)
    else:
        factory = target
    return factory(rules)


def fallback_action(legal: tuple[LegalAction, ...], rng: random.Random,
                    prefer: tuple[str, ...] = ("fold",)) -> Action:
    """The first preferred kind on offer, else a random instance of a random legal action."""
    for kind in prefer:
        for la in legal:
            if la.kind == kind:
                return la.examples()[0]
    return rng.choice(legal).sample(rng)
