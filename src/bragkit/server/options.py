"""The card room's table options, request errors and the rules of a new table: what
:mod:`bragkit.server.runtime` builds a live table from.

>>> Options.from_json({"timer": 10}, humans=True).timer, Options().approval
(10.0, True)
"""

from __future__ import annotations

import functools
import pkgutil
import random
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Protocol, runtime_checkable

from bragkit.bots import Bot, bot_names, get_bot
from bragkit.errors import BragError, RulesError, excerpt
from bragkit.games import game_rules, house_game, refuse_unserved, spec_of
from bragkit.limits import MAX_CHIPS
from bragkit.rules import Rules, resolve
from bragkit.server.carried import CARRIED_AT_END
from bragkit.server.store.base import JSON, StoreError

__all__ = ["MAX_CIDS", "TIMEOUT_PREFERENCE", "HouseRules", "Listener", "Options", "Pending",
           "ServerError", "TableRules", "build_rules", "payload_int", "payload_str",
           "table_bot", "timeout_action"]

TIMEOUT_PREFERENCE = ("fold", "pass", "check", "stand", "decline", "refuse", "release",
                      "keep", "show", "deal")
"""What the timer plays for a seat whose time ran out: the first of these on offer, else the
first offer (docs/server.md, "Timers")."""

MAX_CIDS = 4096
"""Client action ids remembered per table in memory (the store remembers every one)."""


class ServerError(BragError):
    """A request the table refuses; ``code`` names the kind of problem (docs/protocol.md)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class Listener(Protocol):
    """A connection watching a table (a seat's, the host's or a spectator's)."""

    seat: int | None
    host: bool

    def deliver(self, frame: dict[str, JSON]) -> None:
        """Queue one frame for the client (never blocks)."""


@dataclass
class Options:
    """Card-room options of a table beside the game's rules (docs/server.md, "Options")."""

    approval: bool = True
    """Seat requests wait for the host's approval (False: guests sit at once)."""
    timer: float = 30.0
    """Seconds a human seat has for each action."""
    time_bank: float = 60.0
    """Extra seconds each seat may use over the whole table, once its timer runs out."""
    bot_delay: float = 0.0
    """Seconds a bot waits before acting (a table with people defaults to 0.5)."""
    bot_jitter: float = 0.25
    """A bot's wait is drawn from ``bot_delay`` x [1 - j, 1 + j] (j at most 1; 0: exactly
    ``bot_delay``), so tables whose changes were committed together do not act again in
    the same instant (docs/server.md, "Performance")."""
    sit_out_after: int = 2
    """Timers run out in a row before the seat is set to sit out."""
    buy_in_min: int = 0
    """The fewest chips a guest may buy in with (0: the table's ``stack``)."""
    buy_in_max: int = 0
    """The most chips a guest may buy in with, and the most a top-up may bring a stack to
    (0: the table's ``stack``, or ``buy_in_min`` if that is larger)."""
    carried_at_end: str = "play_on"
    """A pot carried when the table ends: ``play_on`` or ``split`` (:mod:`.carried`)."""
    play_on_deals: int = 10
    """The most deals played past ``hands`` to win a carried pot (``play_on``)."""

    def bot_wait(self, rng: random.Random) -> float:
        """Seconds a bot waits before this action: ``bot_delay`` jittered by ``bot_jitter``.

        >>> import random
        >>> Options(bot_delay=1.0, bot_jitter=0).bot_wait(random.Random(1))
        1.0
        >>> 0.75 <= Options(bot_delay=1.0, bot_jitter=0.25).bot_wait(random.Random(1)) <= 1.25
        True
        """
        jitter = min(1.0, self.bot_jitter)
        if not jitter or not self.bot_delay:
            return self.bot_delay
        return self.bot_delay * rng.uniform(1.0 - jitter, 1.0 + jitter)

    @classmethod
    def from_json(cls, data: object, *, humans: bool) -> Options:
        """Options from a request's ``options`` object (unknown keys refused).

        >>> Options.from_json({"carried_at_end": "split"}, humans=False).carried_at_end
        'split'
        >>> Options.from_json({"carried_at_end": "keep"}, humans=False)
        Traceback (most recent call last):
        ...
        bragkit.errors.RulesError: option carried_at_end must be one of play_on, split, not 'keep'
        """
        base = cls(bot_delay=0.5 if humans else 0.0)
        if data is None:
            return base
        if not isinstance(data, dict):
            raise RulesError(f'"options" must be an object, not {excerpt(data)}')
        known = set(asdict(base))
        for key, value in data.items():
            if key not in known:
                raise RulesError(f"unknown table option {excerpt(key)}; known: "
                                 f"{', '.join(sorted(known))}")
            want = type(getattr(base, key))
            top = MAX_CHIPS if key.startswith("buy_in") else 86400
            if want is bool:
                if not isinstance(value, bool):
                    raise RulesError(f"option {key} must be true or false, not {excerpt(value)}")
            elif want is str:
                if value not in CARRIED_AT_END:
                    raise RulesError(f"option {key} must be one of {', '.join(CARRIED_AT_END)}, "
                                     f"not {excerpt(value)}")
            elif isinstance(value, bool) or not isinstance(value, int | float) or \
                    not 0 <= value <= top or (want is int and value != int(value)):
                kind = "a whole number" if want is int else "a number"
                raise RulesError(f"option {key} must be {kind} 0..{top}, not {excerpt(value)}")
            setattr(base, key, want(value))
        return base

    def buy_in_bounds(self, stack: int) -> tuple[int, int]:
        """The fewest and most chips a guest may buy in with at a table of ``stack``.

        >>> Options().buy_in_bounds(100), Options(buy_in_min=50, buy_in_max=200).buy_in_bounds(100)
        ((100, 100), (50, 200))
        """
        lo = self.buy_in_min or stack
        return lo, max(self.buy_in_max or stack, lo)

    def to_json(self) -> dict[str, JSON]:
        """The JSON object stored in the table's first log entry."""
        return {k: v for k, v in asdict(self).items()}


@runtime_checkable
class HouseRules(Protocol):
    """What the card room reads of the own rules value of a game played against the house
    (``GameSpec.own_rules``: casino's), besides its game: how many seats a table has at
    most.  Every chip such a table wins or loses is booked to the house's ledger account."""

    @property
    def game(self) -> str: ...

    def max_players(self) -> int: ...


TableRules = Rules | HouseRules
"""The rules of a card-room table: a table game's :class:`~bragkit.rules.Rules`, or the own
value of a game against the house."""


def build_rules(preset: object, rules: object) -> TableRules:
    """The rules of a new table: the preset plus house rules, validated by the Rules
    declaration, or by the own rules value of a game against the house (its spec's
    ``rules_factory``); one-line :class:`~bragkit.errors.RulesError` on any problem.

    >>> build_rules("modern", {"ante": 2}).ante
    2
    >>> build_rules("modren", None)
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: unknown preset 'modren'...
    """
    if not isinstance(preset, str):
        raise RulesError(f'"preset" must be a preset name, not {excerpt(preset)}')
    if rules is None:
        rules = {}
    if not isinstance(rules, dict) or not all(isinstance(k, str) for k in rules):
        raise RulesError(f'"rules" must be an object of rule keys, not {excerpt(rules)}')
    if "preset" in rules or "game" in rules:
        raise RulesError('"rules" holds house rules; give the game as "preset"')
    house = house_game(preset)
    if house is not None:  # a game with its own rules value, if the room serves it
        refuse_unserved(house.name, "room")
        own = game_rules(house, preset, rules)
        if not isinstance(own, HouseRules):
            raise RulesError(f"{house.name} is not played at card-room tables")
        return own
    return resolve({"preset": preset, **rules})


def max_seats(rules: TableRules) -> int:
    """The most seats a table of ``rules`` may have.

    >>> max_seats(build_rules("modern", None))
    16
    """
    return rules.max_players()


@functools.cache
def bot_kinds(game: str) -> tuple[str, ...]:
    """The bots a host may seat at a table of ``game`` (a house game's: its own and
    ``random``), sorted.

    >>> bot_kinds("casino")
    ('optimal', 'random')
    """
    spec = spec_of(game)
    if spec.own_rules:
        return tuple(sorted({"random", *spec.bots}))
    return bot_names(game)


def table_bot(kind: str, rules: TableRules) -> Bot:
    """A new bot ``kind`` for a table of ``rules`` (an unknown one: one line naming the known
    ones): a table game's from the bot registry; for a game against the house, its spec's own
    bots or the generic ``random`` (it picks among the offered actions only)."""
    if isinstance(rules, Rules):
        return get_bot(kind, rules)
    spec = spec_of(rules.game)
    paths = {"random": "bragkit.bots.random_bot:RandomBot", **spec.bots}
    path = paths.get(kind)
    if path is None:
        raise RulesError(f"no bot {excerpt(kind)} for {spec.name}; known: "
                         f"{', '.join(sorted(paths))}")
    factory: Callable[[HouseRules], Bot] = pkgutil.resolve_name(path)
    return factory(rules)


def payload_int(payload: dict[str, JSON], key: str) -> int:
    value = payload.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise StoreError(f"log entry field {key} must be an integer, not {excerpt(value)}")
    return value


def payload_str(payload: dict[str, JSON], key: str) -> str:
    value = payload.get(key)
    if not isinstance(value, str):
        raise StoreError(f"log entry field {key} must be text, not {excerpt(value)}")
    return value


@dataclass
class Pending:
    """A seat request waiting for the host."""

    seat: int
    name: str
    token_hash: str
    buy_in: int | None = None
    """The chips asked to buy in with (None: the table's stack)."""


def timeout_action(legal: Sequence[Any]) -> str | None:
    """The default play when a seat's time runs out: fold if offered, else the first of
    :data:`TIMEOUT_PREFERENCE` on offer, else the first offer's first instance.

    >>> from bragkit.engine.actions import LegalAction
    >>> timeout_action((LegalAction("look"), LegalAction("fold")))
    'fold'
    >>> timeout_action((LegalAction("bet", lo=2, hi=8),))
    'bet 2'
    >>> timeout_action(()) is None
    True
    """
    if not legal:
        return None
    for kind in TIMEOUT_PREFERENCE:
        for la in legal:
            if la.kind == kind and la.lo is None and (not la.args or la.optional_arg):
                return str(kind)
    return str(legal[0].examples()[0])
