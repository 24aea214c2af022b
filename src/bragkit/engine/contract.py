"""The one contract every game follows: whose turn it is, the deal state, the seat view, the
information-state key, the table of consecutive deals (docs/design/contract.md).

Front ends (the server, the RL environments, an OpenSpiel adapter, the vector engine's
differential tests, bots, histories) program against these types only.  Every deal state of
every engine satisfies :class:`GameState`; every view is a :class:`SeatView`.

>>> import random
>>> from bragkit.engine import BragState
>>> from bragkit.rules import get_preset
>>> s = BragState.new(get_preset("modern"), [20, 20, 20], rng=random.Random(3))
>>> isinstance(s, GameState), s.whose_turn, s.legal_actions()[0].kind
(True, 1, 'look')
>>> s = s.apply("fold").apply("fold")
>>> s.whose_turn is OVER, s.legal_actions(), s.returns()
(True, (), (2, -1, -1))
>>> s.info_key(0) == s.view(0).info_key
True
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Final, Generic, Protocol, Self, TypeVar, runtime_checkable

from bragkit.cards import Card, card_from_id
from bragkit.engine.actions import Action, LegalAction
from bragkit.engine.events import Event
from bragkit.engine.kinds import ActionKind, Phase, SeatStatus, TurnFlags
from bragkit.engine.slots import slot_setter
from bragkit.errors import IllegalActionError

if TYPE_CHECKING:
    from bragkit.engine.records import DealRecords
    from bragkit.rules import Rules

__all__ = [
    "CHANCE",
    "OVER",
    "ActionKind",
    "Chance",
    "ChanceDeal",
    "DealStarter",
    "GameState",
    "GameTable",
    "InfoKey",
    "LazyView",
    "Over",
    "Phase",
    "SeatStatus",
    "SeatView",
    "Turn",
    "TurnFlags",
    "slot_setter",
    "turn_of",
]


# ---------------------------------------------------------------------- whose turn
class Chance(enum.Enum):
    """The chance player (a card is dealt next); its only member is :data:`CHANCE`."""

    CHANCE = "chance"

    def __repr__(self) -> str:
        return "CHANCE"


class Over(enum.Enum):
    """Nobody's turn: the deal is over; its only member is :data:`OVER`."""

    OVER = "over"

    def __repr__(self) -> str:
        return "OVER"


CHANCE: Final = Chance.CHANCE
OVER: Final = Over.OVER
Turn = int | Chance | Over
"""Whose turn it is: a seat (0-based), :data:`CHANCE` or :data:`OVER` (test with ``is``)."""


def turn_of(phase: str, to_act: int) -> Turn:
    """The :data:`Turn` of a state with ``phase`` and ``to_act`` (-1 when nobody acts).

    >>> turn_of("bet", 2), turn_of("over", -1), turn_of("deal", -1)
    (2, OVER, CHANCE)
    """
    if phase == "over":
        return OVER
    if to_act >= 0:
        return to_act
    return CHANCE


# ---------------------------------------------------------------------- typed names
# Phase, SeatStatus, ActionKind, TurnFlags live in bragkit.engine.kinds (re-exported here).


# ---------------------------------------------------------------------- views
@dataclass(frozen=True, slots=True)
class InfoKey:
    """What one seat knows, as a hashable value: equal keys for states the seat cannot tell
    apart, and never equal for two different seats.  ``events`` is the deal's event log as
    the seat sees it (cards it may not see are removed), so a blind seat's key never holds its
    own cards, and the key grows with the log (perfect recall).

    >>> InfoKey(0, 0, (9, 9), ()) == InfoKey(0, 0, (9, 9), ()), len({InfoKey(1, 0, (), ())})
    (True, 1)
    """

    seat: int
    dealer: int
    stacks: tuple[int, ...]
    events: tuple[Event, ...]


class LazyView:
    """The base of :class:`SeatView` (and of its mutable twin ``views.Draft``): one slot,
    ``_fill``, for a view built from a deal's machine whose fields read from the event log
    (``events``, ``shown``, ``stub_card``, for some engines ``own_cards``) are left unset
    and filled together on the first read of any of them by ``_fill``, a function and its
    arguments but the view (``f, *args = _fill``, then ``f(*args, view)``, which also removes
    ``_fill``: a tuple costs less to build than a ``partial``), from an immutable snapshot
    (the append-only log and its length).
    A bot that reads ``legal``, ``pot`` or ``stacks`` never pays for the seat's redacted
    log; equality, hashing, repr, pickling and ``to_dict`` read every field, so a lazy view
    equals an eager one."""

    __slots__ = ("_fill",)
    _fill: tuple[object, ...]

    if not TYPE_CHECKING:  # (hidden from mypy: a typo'd attribute stays a type error)
        def __getattr__(self, name: str) -> object:
            """An unset field of a lazy view: fill the log's fields, then read it."""
            if name in _LAZY_FIELDS:
                try:
                    fill = object.__getattribute__(self, "_fill")
                except AttributeError:
                    pass
                else:
                    fill[0](*fill[1:], self)
                    return object.__getattribute__(self, name)
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")


@dataclass(frozen=True, slots=True)
class SeatView(LazyView):
    """Everything one seat may know about a deal, the same type for every game.

    Fields a game does not have keep their defaults: ``contrib``/``committed`` (poker-style:
    each seat's credited contribution to the betting round and its chips in the pool this
    deal), ``lives`` (Commerce's lives), ``widow`` (cards face up on the table), ``offered``
    (a barter offer, shown to the two seats involved only).  ``stake`` is the level to meet:
    brag-style the open-equivalent stake (a blind seat pays half), poker-style the round's
    contribution target.
    """

    seat: int
    dealer: int
    stacks: tuple[int, ...]
    pot: int
    pots: tuple[int, ...]
    """The covered (frozen) pots, oldest first (brag-style); the pools (poker-style)."""
    stake: int
    status: tuple[str, ...]
    looked: tuple[bool, ...]
    to_act: int
    phase: str
    own_cards: tuple[Card, ...] | None
    """The seat's current hand if it has seen it, else ``None`` (blind)."""
    shown: dict[int, tuple[Card, ...]]
    """Other hands this seat has seen (showdowns, side shows, face-up hands)."""
    stub_card: Card | None
    events: tuple[Event, ...]
    legal: tuple[LegalAction, ...]
    contrib: tuple[int, ...] = ()
    committed: tuple[int, ...] = ()
    lives: tuple[int, ...] = ()
    widow: tuple[Card, ...] = ()
    offered: Card | None = None

    @property
    def whose_turn(self) -> Turn:
        """Whose turn it is in the viewed state (a seat, :data:`CHANCE` or :data:`OVER`)."""
        return turn_of(self.phase, self.to_act)

    @property
    def info_key(self) -> InfoKey:
        """This seat's information-state key (equal to the state's ``info_key(seat)``)."""
        return InfoKey(self.seat, self.dealer, self.stacks, self.events)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready form (seats as ``"p1"``..., cards as text, public events only as
        this seat sees them; the game-specific fields only when the game has them).

        >>> import random
        >>> from bragkit.rules import get_preset
        >>> from bragkit.engine import BragState
        >>> v = BragState.new(get_preset("modern"), [9, 9], rng=random.Random(1)).view(0)
        >>> v.to_dict()["own_cards"], v.to_dict()["pot"], "lives" in v.to_dict()
        (None, 2, False)
        """
        def cards(hand: tuple[Card, ...] | None) -> str | None:
            return None if hand is None else " ".join(str(c) for c in hand)

        out: dict[str, object] = {
            "seat": f"p{self.seat + 1}", "dealer": f"p{self.dealer + 1}",
            "stacks": list(self.stacks), "pot": self.pot, "frozen_pots": list(self.pots),
            "stake": self.stake, "status": list(self.status), "looked": list(self.looked),
            "to_act": f"p{self.to_act + 1}" if self.to_act >= 0 else None,
            "phase": self.phase, "own_cards": cards(self.own_cards),
            "shown": {f"p{s + 1}": cards(h) for s, h in self.shown.items()},
            "stub_card": str(self.stub_card) if self.stub_card is not None else None,
            "events": [str(e) for e in self.events],
            "legal": [str(a) for a in self.legal],
        }
        if self.contrib:
            out["contrib"] = list(self.contrib)
        if self.committed:
            out["committed"] = list(self.committed)
        if self.lives:
            out["lives"] = list(self.lives)
        if self.widow:
            out["widow"] = cards(self.widow)
        if self.offered is not None:
            out["offered"] = str(self.offered)
        return out

    def known_cards(self) -> tuple[Card, ...]:
        """Every card this view reveals, own cards included (in order of first appearance;
        linear in the size of the view).

        >>> import random
        >>> from bragkit.rules import get_preset
        >>> from bragkit.engine import BragState
        >>> s = BragState.new(get_preset("modern"), [9, 9], rng=random.Random(1)).apply("look")
        >>> s.view(1).known_cards() == s.view(1).own_cards, s.view(0).known_cards()
        (True, ())
        """
        found: dict[Card, None] = dict.fromkeys(self.own_cards or ())
        found.update(dict.fromkeys(self.widow))
        for hand in self.shown.values():
            found.update(dict.fromkeys(hand))
        if self.offered is not None:
            found[self.offered] = None
        for e in self.events:
            if e.cards:
                found.update(dict.fromkeys(map(card_from_id, e.cards)))
        if self.stub_card is not None:
            found[self.stub_card] = None
        return tuple(found)


_LAZY_FIELDS: Final = frozenset({"events", "shown", "stub_card", "own_cards"})
"""The fields a lazy view (:class:`LazyView`) may leave for its ``_fill``."""


# ---------------------------------------------------------------------- the state contract
if TYPE_CHECKING:  # PEP 696 default (typing_extensions' stubs; Python 3.13 has it built in)
    from typing_extensions import TypeVar as _DefaultTypeVar

    R_co = _DefaultTypeVar("R_co", covariant=True, default="Rules")
else:
    R_co = TypeVar("R_co", covariant=True)
"""The type of a game's rules value: :class:`~bragkit.rules.Rules` (the default) for every
seat game; casino's house game has its own (``GameState[CasinoRules]``, design 2)."""


@runtime_checkable
class GameState(Protocol[R_co]):
    """One deal of any game, as an immutable value (every engine's state satisfies it).

    ``legal_actions()`` is empty exactly when no seat is to act; ``apply`` returns a new
    state or raises :class:`~bragkit.errors.IllegalActionError` naming the rule broken;
    ``returns()`` is each seat's chip change over the deal (antes in, rebuys out).
    """

    @property
    def rules(self) -> R_co: ...
    @property
    def n(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def stacks(self) -> tuple[int, ...]: ...
    @property
    def total(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def to_act(self) -> int: ...
    @property
    def events(self) -> tuple[Event, ...]: ...
    @property
    def actions(self) -> tuple[tuple[int, Action], ...]: ...
    @property
    def whose_turn(self) -> Turn: ...
    @property
    def is_over(self) -> bool: ...

    def legal_actions(self) -> tuple[LegalAction, ...]: ...
    def apply(self, action: Action | str) -> Self: ...
    def apply_move(self, seat: int, action: Action | str) -> Self: ...
    def chance_outcomes(self) -> tuple[tuple[int, Fraction], ...]: ...
    def apply_chance(self, outcome: int) -> GameState: ...
    def view(self, seat: int) -> SeatView: ...
    def info_key(self, seat: int) -> InfoKey: ...
    def returns(self) -> tuple[int, ...]: ...
    def first(self) -> Self: ...
    def replay(self) -> Self: ...
    def action_strings(self) -> list[str]: ...
    def chips_in_play(self) -> int: ...
    def all_cards(self) -> list[int]: ...
    def secret_cards(self, seat: int) -> set[int]: ...


S = TypeVar("S", bound="GameState[object]")
S_co = TypeVar("S_co", bound="GameState[object]", covariant=True)


@runtime_checkable
class GameTable(Protocol[S_co, R_co]):
    """A table playing consecutive deals of one game, whose deal states are ``S_co`` and
    whose rules value is ``R_co`` (:class:`~bragkit.rules.Rules` by default)."""

    @property
    def rules(self) -> R_co: ...
    @property
    def base_rules(self) -> R_co: ...
    @property
    def n(self) -> int: ...
    @property
    def seed(self) -> int | None: ...
    @property
    def dealer(self) -> int: ...
    @property
    def stacks(self) -> tuple[int, ...]: ...
    @property
    def carried(self) -> int: ...
    @property
    def deal_no(self) -> int: ...
    @property
    def over(self) -> bool: ...
    @property
    def state(self) -> S_co | None: ...
    @property
    def last_final(self) -> S_co | None: ...
    @property
    def records(self) -> DealRecords: ...
    @property
    def to_act(self) -> int: ...
    @property
    def total(self) -> int: ...

    def legal_actions(self) -> tuple[LegalAction, ...]: ...
    def apply(self, action: Action) -> None: ...
    def apply_move(self, seat: int, action: Action) -> None: ...
    def apply_text(self, text: str) -> None: ...
    def chips_on_table(self) -> int: ...
    def current_actions(self) -> tuple[str, ...]: ...


# ---------------------------------------------------------------------- explicit chance
class DealStarter(Protocol[S_co]):
    """A state class's ``start``: the first state of a deal from an explicit pack."""

    def __call__(self, rules: Rules, stacks: tuple[int, ...] | list[int], dealer: int,
                 pack: tuple[int, ...] | list[int], /) -> S_co: ...


@dataclass(frozen=True, slots=True)
class ChanceDeal(Generic[S]):
    """A deal before its cards, as chance nodes: each :meth:`apply_chance` places the next
    card of the pack (top first), until the top ``cards`` cards are placed; the deal then
    starts with the rest of the pack in its canonical order.  With ``cards`` the whole pack
    (the default), every order of the pack is reachable with its exact probability; fewer
    cards are exact for a game that never reads a card below them.

    >>> from bragkit.engine import BragState
    >>> from bragkit.rules import get_preset
    >>> rules = get_preset("modern")
    >>> d = ChanceDeal.begin(BragState.start, rules, (9, 9), 0, cards=6)
    >>> d.whose_turn is CHANCE, len(d.chance_outcomes()), d.chance_outcomes()[0][1]
    (True, 52, Fraction(1, 52))
    >>> for card in (51, 50, 49, 48, 47, 46):
    ...     d = d.apply_chance(card)
    >>> type(d).__name__, d.whose_turn, d.hands[1]
    ('BragState', 1, (51, 49, 47))
    """

    start: Callable[[tuple[int, ...]], S]
    """The deal's first state from a whole pack."""
    pack: tuple[int, ...]
    """Every card of the pack, in canonical order."""
    cards: int
    """How many top cards chance places before the deal starts."""
    dealt: tuple[int, ...] = ()
    """The cards placed so far, top first."""

    @classmethod
    def begin(cls, starter: DealStarter[S], rules: Rules, stacks: Sequence[int], dealer: int,
              *, cards: int | None = None) -> ChanceDeal[S]:
        """The chance node before a deal of ``starter``'s game (``cards``: how many top
        cards chance deals; None: the whole pack)."""
        from bragkit.engine.pack import fresh_pack

        pack = fresh_pack(rules)
        count = len(pack) if cards is None else cards
        if not 0 <= count <= len(pack):
            raise IllegalActionError(f"a deal places 0..{len(pack)} cards by chance, not "
                                     f"{count}")
        seats = tuple(stacks)

        def start(order: tuple[int, ...]) -> S:
            return starter(rules, seats, dealer, order)

        return cls(start, pack, count)

    @property
    def whose_turn(self) -> Turn:
        """Always :data:`CHANCE`: a card is dealt next."""
        return CHANCE

    @property
    def is_over(self) -> bool:
        """Never over (the deal has not started)."""
        return False

    def legal_actions(self) -> tuple[LegalAction, ...]:
        """No seat acts at a chance node."""
        return ()

    def chance_outcomes(self) -> tuple[tuple[int, Fraction], ...]:
        """Each card that may be placed next, with its exact probability."""
        rest = self._rest()
        p = Fraction(1, len(rest))
        return tuple((c, p) for c in rest)

    def apply_chance(self, outcome: int) -> ChanceDeal[S] | S:
        """Place card ``outcome`` next; the first state of the deal once enough are placed."""
        if outcome in self.dealt or outcome not in self.pack:
            raise IllegalActionError(f"card id {outcome} is not left to deal")
        dealt = (*self.dealt, outcome)
        if len(dealt) >= self.cards or len(dealt) + 1 >= len(self.pack):
            placed = set(dealt)
            return self.start(dealt + tuple(c for c in self.pack if c not in placed))
        return ChanceDeal(self.start, self.pack, self.cards, dealt)

    def _rest(self) -> tuple[int, ...]:
        placed = set(self.dealt)
        return tuple(c for c in self.pack if c not in placed)
