"""One declaration per game: :class:`GameSpec` (docs/design/contract.md, section 4).

A game's module declares ``GAMES: tuple[GameSpec, ...]``; the registry
(:mod:`bragkit.games`) finds them and derives every table from them: the rule keys each game
reads and its presets (:mod:`bragkit.rules.catalogue`), the engine hooks, the table class, the
hand ranking, the game-specific bots and the docs page.

>>> from bragkit.games import spec_of
>>> s = spec_of("foster")
>>> s.title, s.engine, s.docs
("Foster's single-stake Brag", 'poker', 'docs/rules/foster.md')
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, Literal, Protocol, TextIO

from bragkit.rules.catalogue import GameEntry, RuleKey, RuleValue, Unread
from bragkit.rules.model import RuleHooks

if TYPE_CHECKING:
    from bragkit.hands import Ranking
    from bragkit.rules import Rules

__all__ = ["MACHINE_SEATS", "EngineKind", "GameSpec", "HistoryReader", "OwnHistory", "OwnRules",
           "shuffled"]

EngineKind = Literal["brag", "poker", "commerce", "casino"]
"""The machine a game plugs into: brag-style, poker-style, Commerce's, or the casino table."""


def _twelve(rules: Rules) -> int:
    return 12


def _trade_seats(rules: Rules) -> int:
    return 7 if rules.short_pack else 12


MACHINE_SEATS: Final[Mapping[str, Callable[[Rules], int]]] = {
    "poker": _twelve,  # rules 4.1-4.3: 3-12 players
    "commerce": _trade_seats,  # rules 4.10: 3-12, or 7 with the 32-card pack
}
"""Each machine's seat limit, for its games that do not declare their own."""


class OwnRules(Protocol):
    """The rules value of a game with its own (``GameSpec.own_rules``): whatever it holds,
    it names its game, whose registered table plays it."""

    @property
    def game(self) -> str: ...


class OwnHistory(Protocol):
    """A parsed history of a game with its own rules value (what its
    ``GameSpec.history_loader`` returns; :func:`bragkit.history.loads` wraps it)."""

    @property
    def rules(self) -> OwnRules: ...
    @property
    def rules_spec(self) -> str | dict[str, Any]: ...
    @property
    def stacks(self) -> tuple[int, ...]: ...
    @property
    def seed(self) -> int | None: ...
    @property
    def pack(self) -> str | None: ...
    @property
    def shuffles(self) -> tuple[str, ...]: ...
    @property
    def deals(self) -> tuple[tuple[str, ...], ...]: ...


class HistoryReader(Protocol):
    """How ``brag replay`` re-plays the history of a game with its own rules value: from its
    whole JSON ``text``, or, when ``head`` is given (the text with its ``"deals"`` and
    ``"shuffles"`` emptied), from ``head`` and the ``deals`` and ``packs`` those arrays hold,
    each read one at a time from a new iterator (None: the array is absent).  It writes the
    account to ``out`` (JSON with ``as_json``) and raises one HistoryError for a bad file.
    ``seat`` (0-based; ``brag replay --as``) writes only what that seat was allowed to see."""

    def __call__(self, out: TextIO, text: str, *, as_json: bool, head: str | None = None,
                 deals: Callable[[], Iterator[object]] | None = None,
                 packs: Callable[[], Iterator[object]] | None = None,
                 seat: int | None = None) -> None: ...


@dataclass(frozen=True, slots=True, kw_only=True)
class GameSpec:
    """Everything the rest of bragkit needs to know about one game."""

    name: str
    """The ``game`` rule value (``"modern"``)."""
    title: str
    """A human name (``"Modern Three Card Brag"``)."""
    spec_section: str
    """Its section of the rules specification (``"4.4"``)."""
    engine: EngineKind
    """The machine that plays it."""
    hooks: str | Callable[[Rules], object]
    """Its hooks for that machine (a family, a poker game, ...): the class, or its
    ``module:Class`` path (imported on first use)."""
    table: str
    """The module that registers its table class (imported on first use)."""
    keys: frozenset[str]
    """Every rule key the game reads (the general keys aside)."""
    presets: Mapping[str, Mapping[str, RuleValue]]
    """Preset name -> the keys it sets away from the defaults."""
    ranking: Callable[[Rules], Ranking]
    """The ranking that decides its showdown."""
    bots: Mapping[str, str]
    """Game-specific bots: name -> ``module:Class`` (generic bots apply to every game)."""
    docs: str
    """Its page of the rules reference (``"docs/rules/modern.md"``)."""
    order: int = 100
    """Its place in listings."""
    blind_play: bool = False
    """Seats may play without looking at their cards (the play screen marks them)."""
    unread_reason: str = "rules 7"
    """Why a key the game does not read is refused."""
    model_checked: frozenset[str] = frozenset()
    """Stray keys the rules model refuses itself for this game (with its own reason)."""
    inactive: Unread = ()
    """Keys not read under some values of the game's own keys: ``(key, value, unread)``."""
    extra_keys: tuple[RuleKey, ...] = ()
    """Rule keys this game's module declares itself (values in ``Rules.extra``)."""
    general_keys_shown: frozenset[str] = frozenset()
    """General keys (``cards``, ``wild``...) the game lets a table change: its key table in
    the rules reference lists them (:mod:`bragkit.games.reference`)."""
    int_ranges: Mapping[str, tuple[int, str]] = field(default_factory=dict)
    """The game's own smallest value of an integer key and its wording (Teen Patti's boot)."""
    split_deal: bool = False
    """A seat's cards come in several deal events (Three-Stake's face-down pair, then its
    face-up card): a reader adds them up."""
    own_rules: bool = False
    """The game has its own rules value, not :class:`~bragkit.rules.Rules` (casino's house
    game): it is in the registry but not among the ``game`` values and Rules presets."""
    key_rows: Callable[[], tuple[tuple[str, str, str, str, str], ...]] | None = None
    """For a game with its own rules value: its keys' reference rows (key, type, default,
    allowed values, meaning), in order."""
    action_meanings: Mapping[str, str] = field(default_factory=dict)
    """The game's own wording of its action kinds (``brag play`` help), over its machine's
    (:func:`bragkit.explain.actions.meanings_for`)."""
    problems: Callable[[Rules], list[str]] | None = None
    """The game's own checks of a rules value (one line per problem), beyond the keys'
    declarations (Teen Patti's boot, its three cards)."""
    max_players: Callable[[Rules], int] | None = None
    """The most players a deal seats; None: the machine's limit (:data:`MACHINE_SEATS`),
    else what the pack deals with one hand to spare."""
    history: str = ""
    """For a game with its own rules value: ``module:function``, its
    :class:`HistoryReader` (``brag replay`` hands it the game's histories)."""
    history_loader: str = ""
    """For a game with its own rules value: ``module:function`` parsing a decoded history
    object into an :class:`OwnHistory` (one HistoryError naming every problem), which
    :func:`bragkit.history.loads` returns as a ``HandHistory``."""
    house: bool = False
    """One player against the house: the dealer is not a seat, a table seats exactly one
    player (seat 0), and the house's decisions are the game's machine's (casino's dealer)."""
    seating: str = ""
    """For a game with its own rules value: ``module:function``, ``check(rules, stacks)``,
    which refuses in one line what its table cannot seat (the card room checks a table's
    seats with it before it opens one); empty: the seats are checked by opening the table."""
    rules_factory: str = ""
    """For a game with its own rules value: ``module:function`` building it from a preset
    name and house rules, ``function(preset, **keys)`` (:func:`bragkit.games.game_rules`)."""
    action_layout: str = ""
    """``module:NAME`` of the game's discrete action-space layout (a tuple of
    :class:`~bragkit.engine.discrete.KindSlots`); empty: its machine's
    (:data:`~bragkit.engine.discrete.LAYOUTS`, :func:`bragkit.games.action_space`)."""
    terminal: str = ""
    """The ``brag`` subcommand of the game's own terminal player (``"GROUP play"``, a
    command taking ``--seed``, ``--hands``, ``--history`` and ``--bankroll``), which
    ``brag play`` runs for the game's presets; empty: ``brag play``'s table against bots."""
    unserved: Mapping[str, str] = field(default_factory=dict)
    """Front ends that cannot serve the game -> the one line that says why
    (:func:`bragkit.games.refuse_unserved`); the front ends that ask: ``"simulate"``
    (``brag simulate``), ``"room"`` (the card room's tables), ``"rl"`` (the RL envs)."""

    def rule_hooks(self) -> RuleHooks:
        """What the rules model runs of this spec (:func:`~bragkit.rules.model.register_hooks`)."""
        return RuleHooks(problems=self.problems,
                         max_players=self.max_players or MACHINE_SEATS.get(self.engine))

    def entry(self) -> GameEntry:
        """The part of the spec the rules layer keeps (:mod:`bragkit.rules.catalogue`)."""
        return GameEntry(name=self.name, section=self.spec_section, keys=self.keys,
                         presets=self.presets, order=self.order,
                         brag_style=self.engine == "brag", engine=self.engine,
                         title=self.title, unread_reason=self.unread_reason,
                         model_checked=self.model_checked, inactive=self.inactive,
                         extra_keys=self.extra_keys)


def shuffled(*presets: tuple[str, Mapping[str, RuleValue]]) -> dict[str, Mapping[str, RuleValue]]:
    """Presets of a game that shuffles every deal (``pack_policy`` set in each).

    >>> shuffled(("foster", {}))
    {'foster': {'pack_policy': 'shuffle_every_deal'}}
    """
    return {name: {"pack_policy": "shuffle_every_deal", **keys} for name, keys in presets}
