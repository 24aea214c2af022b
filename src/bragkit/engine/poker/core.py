"""The poker-style machine's core: the game hooks, the deal's fields, the scratch copy.

:class:`PokerGame` is what a poker-style game implements (deal plan, betting parameters, its
own phases, settlement); :class:`PokerRecord` holds one deal's fields and the queries on
them; :class:`PokerWork` is the mutable copy a transition (and a game's hook) edits, frozen
into the successor by :func:`make` (keyword-only, typed slot setters: no ``exec``).  The
transitions live in :mod:`.state` on top, so nothing here imports them (no import cycle).

>>> from bragkit.rules import get_preset
>>> from bragkit.engine.poker.state import PokerState
>>> s = PokerState.new(get_preset("foster"), [20, 20, 20], dealer=2)
>>> isinstance(s, PokerRecord), str(s.phase), s.pot
(True, 'ante', 0)
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, ClassVar, Final, TypeVar

from bragkit.cards import card_from_id
from bragkit.engine.actions import Action, LegalAction
from bragkit.engine.contract import slot_setter
from bragkit.engine.deal_protocol import DealProtocol
from bragkit.engine.events import Event
from bragkit.engine.kinds import ActionKind, Phase, SeatStatus
from bragkit.engine.poker.betting import MEMO_SIZE, PokerBetting, Round, side_pots, split
from bragkit.errors import IllegalActionError, RulesError

if TYPE_CHECKING:
    from bragkit.rules import Rules

__all__ = ["NOBODY", "NO_DATA", "ONLY", "Deal", "GameData", "PokerGame", "PokerRecord",
           "PokerWork", "fresh_work", "legal_now", "make"]

_event: Final = tuple.__new__
CARD: Final = tuple(card_from_id(c) for c in range(52))
"""``CARD[i]``: the card of id ``i`` (shared objects)."""
NOBODY: Final[frozenset[int]] = frozenset()
ONLY: Final = tuple(frozenset({s}) for s in range(64))
"""``ONLY[s]``: the visibility set of an event only seat ``s`` may see (shared objects)."""
_LOOK: Final = LegalAction(ActionKind.LOOK)
S_IN: Final = SeatStatus.IN
S_ALLIN: Final = SeatStatus.ALLIN
S_FOLDED: Final = SeatStatus.FOLDED
S_OUT: Final = SeatStatus.OUT
P_BET: Final = Phase.BET
P_OVER: Final = Phase.OVER
P_SETUP: Final = Phase.SETUP

R = TypeVar("R", bound="PokerRecord")


GameData = tuple[object, ...]
"""What a poker-style game keeps of a deal beyond the table's fields (``PokerRecord.data``):
each game declares its own small typed record, a ``NamedTuple`` (Three-Stake Brag's pool
winners, 3 Card Brag Poker's seats still to draw, American Brag's bragger; cheap to build on
every deal), and narrows with ``isinstance`` where it reads it."""

NO_DATA: Final[GameData] = ()
"""The empty game data a deal starts with (before its game's ``setup`` sets its own)."""


class PokerGame(ABC):
    """Base class of the poker-style games (the hooks :class:`PokerRecord`'s machine calls)."""

    name: ClassVar[str] = "poker"
    spec_section: ClassVar[str] = "4.1"
    """The docs/rules section illegal-action messages cite."""
    check_key: ClassVar[str] = "allow_check"
    """The rule key that lets an unopened round be checked (named when a check is refused)."""
    bound_reasons: ClassVar[Mapping[str, str]] = {}
    """Action kind -> why its amount is bounded, for the game's own bounds (named when an
    amount is refused; the default is the betting limit L)."""
    pools: ClassVar[int] = 1
    """How many pools a deal has (Three-Stake Brag: 3)."""
    bet_pool: ClassVar[int] = 0
    """The pool the betting goes into."""
    blind_play: ClassVar[bool] = False
    """Whether seats start blind and must ``look`` to see their cards."""
    bet_hooks: ClassVar[bool] = False
    """Whether :meth:`on_call`/:meth:`on_raise` do anything (else betting takes a fast path)."""
    min_players: ClassVar[int] = 2
    """Seats a deal needs (a table whose other seats went broke plays on heads-up)."""
    min_table: ClassVar[int] = 2
    """Seats a table needs to start.  Foster gives three to twelve players (rules
    4.1-4.3), but heads-up tables are allowed (simulations of two bots play them)."""
    max_players: ClassVar[int] = 12
    empty: PokerRecord | None = None
    """The base of this game's fresh machines (:func:`fresh_work`, built on first use): a
    record with no events, actions or origin, shared (a fresh machine reads nothing else of
    its base)."""
    keys: ClassVar[frozenset[str]] = frozenset()
    """The config keys this game reads (rules 7), from
    :data:`bragkit.rules.game_keys.GAME_KEYS`; the rules model refuses any other key set
    away from its default, so that a house rule of another game (``draw31`` under Foster,
    modern Brag's ``ante``) is never silently ignored."""

    def __init__(self, rules: Rules) -> None:
        # keys of other games are refused by the rules model itself (rules/game_keys.py)
        self.rules = rules
        default = {f.name: f.default for f in fields(rules)}
        inert = [f"{key} has no effect {why}" for key, why in self.inert(rules).items()
                 if getattr(rules, key) != default[key]]
        if inert:
            raise RulesError(f"{rules.game}: {'; '.join(inert)} (rules 7)")

    def inert(self, rules: Rules) -> dict[str, str]:
        """Keys of this game that another key makes meaningless (key -> why); setting one
        away from its default is refused like another game's key."""
        return {}

    # -------------------------------------------------------------- parameters
    def min_stack(self) -> int:
        """Chips a seat needs to be dealt in."""
        return 1

    rounds: tuple[PokerBetting, ...]
    """The betting parameters of each betting round, by stage (0 = the first), set by the
    game's ``__init__``: the hot paths index it (:meth:`betting_for` reads it too)."""

    def betting_for(self, stage: int) -> PokerBetting:
        """The betting parameters of round ``stage`` (0 = the first betting round)."""
        return self.rounds[stage]

    # -------------------------------------------------------------- hooks
    @abstractmethod
    def setup(self, w: PokerWork) -> None:
        """Forced bets and the deal: leave ``w`` ready for its first decision."""

    def phase_legal(self, st: Deal) -> tuple[LegalAction, ...]:
        """Legal actions in a phase only this game knows (``ante``, ``draw``, ...)."""
        return ()

    def apply_phase(self, w: PokerWork, seat: int, action: Action) -> None:
        """Apply an action of a phase only this game knows (none by default)."""
        raise IllegalActionError(f"p{seat + 1} {action}: {self.name} has no such action "
                                 f"(rules {self.spec_section})")

    def on_raise(self, w: PokerWork, seat: int) -> None:  # noqa: B027 - optional hook
        """Called after ``seat`` bets or raises."""

    def on_call(self, w: PokerWork, seat: int) -> None:  # noqa: B027 - optional hook
        """Called after ``seat`` calls (American Brag's exchanges hook in here)."""

    @abstractmethod
    def round_closed(self, w: PokerWork) -> None:
        """The betting round has closed (every live seat has met the target, or one is left)."""


@dataclass(frozen=True, slots=True)
class PokerRecord(DealProtocol):
    """One deal of a poker-style game, as an immutable value.

    Its fields and pure queries; :class:`~bragkit.engine.poker.state.PokerState` adds the
    transitions (``start`` builds the first state, ``apply`` a new one).  Seats are
    0-based (``p1`` is seat 0 in action strings); card fields hold card ids.  ``pools``
    holds the money of each pool (one pool, or Three-Stake Brag's three); ``credit`` and
    ``chips`` are each seat's credited and actual contributions to the betting pool this
    deal (they differ only for half-price blind calls); ``status`` is ``in`` (may act),
    ``allin``, ``folded`` or ``out`` (not dealt in).
    """

    rules: Rules
    n: int
    dealer: int
    stacks: tuple[int, ...]
    pools: tuple[int, ...]
    credit: tuple[int, ...]
    chips: tuple[int, ...]
    rnd: Round | None
    status: tuple[SeatStatus, ...]
    hands: tuple[tuple[int, ...], ...]
    looked: tuple[bool, ...]
    phase: Phase
    to_act: int
    pack: tuple[int, ...]
    muck: tuple[int, ...]
    total: int
    carried: int
    stage: int
    data: GameData
    """The game's own record of the deal (its ``NamedTuple``, see :data:`GameData`)."""
    debts: tuple[tuple[int, int, int], ...]
    events: tuple[Event, ...]
    actions: tuple[tuple[int, Action], ...]
    game: PokerGame = field(compare=False, repr=False)
    origin: PokerRecord | None = field(default=None, compare=False, repr=False)
    cache: tuple[LegalAction, ...] | None = field(default=None, compare=False, repr=False)
    """The legal actions, computed on first use (set once; no list per state)."""
    reshuffles: tuple[tuple[int, ...], ...] = field(default=(), compare=False, repr=False)
    """The discards in their shuffled order, one per time the stock runs short (3 Card Brag
    Poker's draw): an input of the deal, shuffled by the table with its own generator and
    recorded with its packs.  Without one the discards go under the stock as discarded."""

    # ------------------------------------------------------------------ queries
    def turn_rule(self) -> str:
        """The turn order's docs/rules section (the game's own section)."""
        return self.game.spec_section

    @property
    def pot(self) -> int:
        """All the money in the pools."""
        return sum(self.pools)

    @property
    def live(self) -> tuple[int, ...]:
        """Seats still contesting the betting pool (not folded, dealt in)."""
        return tuple(s for s in range(self.n) if self.status[s] in ("in", "allin"))

    @property
    def old(self) -> tuple[tuple[int, ...], ...]:
        """No retained hands in poker-style games (the table model asks)."""
        return ((),) * self.n

    @property
    def retained(self) -> tuple[int, ...]:
        """No retained hands in poker-style games."""
        return ()

    @property
    def bought(self) -> tuple[int, ...]:
        """No rebuys during a poker-style deal."""
        return (0,) * self.n

    @property
    def shuffle_next(self) -> bool:
        """Poker-style games shuffle every deal."""
        return True

    @property
    def covered_pots(self) -> tuple[tuple[int, int], ...]:
        """No frozen (covered) pots in poker-style games; side pots are settled at the end."""
        return ()

    @property
    def paid(self) -> tuple[int, ...]:
        """Chips each seat paid before the first decision (stakes, blinds) of this deal."""
        out = [0] * self.n
        for e in self.first().events:
            if e.kind in ("ante", "blind") and e.seat is not None and e.amount:
                out[e.seat] += e.amount
        return tuple(out)

    def opening_stacks(self) -> tuple[int, ...]:
        """Each seat's stack as this deal began: before its stakes and blinds, and before a
        pool the deal awards at once (Three-Stake Brag's best face-up card)."""
        first = self.first()
        out = [a + b for a, b in zip(first.stacks, first.paid, strict=True)]
        for e in first.events:
            if e.kind == "award" and e.seat is not None and e.amount:
                out[e.seat] -= e.amount
        return tuple(out)

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats that won money so far (a side pot handed back uncontested does not count)."""
        seats: list[int] = []
        for e in self.events:
            if e.kind == "award" and e.note != "uncontested" and e.seat is not None \
                    and e.seat not in seats:
                seats.append(e.seat)
        return tuple(seats)

    def secret_cards(self, seat: int) -> set[int]:
        """Cards ``seat`` may not see now, worked out from the rules rather than from the
        events' visibility sets (so the conformance checker, which compares every view with
        this set, catches an event shown to the wrong seats).

        A seat knows: cards shown to the table (``reveal`` events, cards dealt or drawn face
        up); its own cards from the deal (at once, or from its ``look`` in a blind game) and
        the cards it discards or draws once it has looked; both hands of every private
        exchange it took part in.  Everything else (the stock, the discards, other hands,
        its own hand while blind) is secret.
        """
        secret = set(self.pack)
        secret.update(self.muck)
        for hand in self.hands:
            secret.update(hand)
        known: set[int] = set()
        looked = not self.game.blind_play
        events = self.events
        for i, e in enumerate(events):
            cards = e.cards
            if cards is None:
                continue
            kind = e.kind
            if kind == "reveal" or e.note == "face up":
                known.update(cards)
            elif kind == "exchange":
                if events[i - 1].kind != "exchange":  # the first of a pair
                    other = events[i + 1]
                    if seat in (e.seat, other.seat):
                        known.update(cards)
                        known.update(other.cards or ())
            elif e.seat == seat:
                if kind == "look":
                    looked = True
                    known.update(cards)
                elif looked and kind in ("deal", "draw", "discard"):
                    known.update(cards)
        return secret - known

    def legal_actions(self) -> tuple[LegalAction, ...]:
        """Everything the seat to act may do, with exact costs and bounds (empty when over)."""
        legal = self.cache
        if legal is None:
            legal = legal_now(self)
            _set_cache(self, legal)
        return legal

    def is_legal(self, action: Action) -> bool:
        """Whether the seat to act may take ``action`` now."""
        return any(la.allows(action) for la in self.legal_actions())

    def chips_in_play(self) -> int:
        """Stacks, pools and the carried pool: always equals :attr:`total`."""
        return sum(self.stacks) + sum(self.pools) + self.carried

    def all_cards(self) -> list[int]:
        """Every card id the deal accounts for (stock, discards, hands)."""
        cards = list(self.pack)
        cards.extend(self.muck)
        for hand in self.hands:
            cards.extend(hand)
        return cards


_FIELDS: Final = ("rules", "n", "dealer", "stacks", "pools", "credit", "chips", "rnd", "status",
                   "hands", "looked", "phase", "to_act", "pack", "muck", "total", "carried",
                   "stage", "data", "debts", "events", "actions", "game", "origin", "cache",
                   "reshuffles")
(_set_rules, _set_n, _set_dealer, _set_stacks, _set_pools, _set_credit, _set_chips, _set_rnd,
 _set_status, _set_hands, _set_looked, _set_phase, _set_to_act, _set_pack, _set_muck,
 _set_total, _set_carried, _set_stage, _set_data, _set_debts, _set_events, _set_actions,
 _set_game, _set_origin, _set_cache, _set_reshuffles) = (slot_setter(PokerRecord, name)
                                                         for name in _FIELDS)


def make(cls: type[R], /, *, rules: Rules, n: int, dealer: int, stacks: tuple[int, ...],
         pools: tuple[int, ...], credit: tuple[int, ...], chips: tuple[int, ...],
         rnd: Round | None, status: tuple[SeatStatus, ...],
         hands: tuple[tuple[int, ...], ...], looked: tuple[bool, ...], phase: Phase,
         to_act: int, pack: tuple[int, ...],
         muck: tuple[int, ...], total: int, carried: int, stage: int, data: GameData,
         debts: tuple[tuple[int, int, int], ...], events: tuple[Event, ...],
         actions: tuple[tuple[int, Action], ...], game: PokerGame,
         origin: PokerRecord | None, reshuffles: tuple[tuple[int, ...], ...]) -> R:
    """A new ``cls`` state (a :class:`PokerRecord` class) from every field, by keyword (each
    argument's name and type checked by mypy; the legal-action cache starts empty): the hot
    path's constructor, filling the slots through typed setters (the frozen ``__init__`` is
    slow)."""
    new = object.__new__(cls)
    _set_rules(new, rules)
    _set_n(new, n)
    _set_dealer(new, dealer)
    _set_stacks(new, stacks)
    _set_pools(new, pools)
    _set_credit(new, credit)
    _set_chips(new, chips)
    _set_rnd(new, rnd)
    _set_status(new, status)
    _set_hands(new, hands)
    _set_looked(new, looked)
    _set_phase(new, phase)
    _set_to_act(new, to_act)
    _set_pack(new, pack)
    _set_muck(new, muck)
    _set_total(new, total)
    _set_carried(new, carried)
    _set_stage(new, stage)
    _set_data(new, data)
    _set_debts(new, debts)
    _set_events(new, events)
    _set_actions(new, actions)
    _set_game(new, game)
    _set_origin(new, origin)
    _set_cache(new, None)
    _set_reshuffles(new, reshuffles)
    return new


_ROTATIONS: dict[tuple[int, int], tuple[int, ...]] = {}


def _rotation(n: int, dealer: int) -> tuple[int, ...]:
    """The seats clockwise from the dealer's left, the dealer last (cached).

    >>> _rotation(4, 1)
    (2, 3, 0, 1)
    """
    found = _ROTATIONS.get((n, dealer))
    if found is None:
        first = dealer + 1
        found = _ROTATIONS[(n, dealer)] = (*range(first, n), *range(first))
    return found


_ORDERS: dict[tuple[object, ...], tuple[int, ...]] = {}
""":meth:`PokerWork.order`'s seats by (dealer, statuses asked, each seat's status): the
status tuple gives the table size."""


class PokerWork:
    """A mutable copy of a poker-style state used inside one transition (and by games)."""

    __slots__ = ("base", "carried", "carry_in", "chips", "credit", "data", "dealer", "debts",
                 "game", "hands", "looked", "muck", "n", "new_events", "pack", "phase", "pools",
                 "quiet", "reshuffled", "reshuffles", "rnd", "rules", "seated", "shown", "stacks",
                 "stage", "status", "to_act", "total")

    def __init__(self, st: PokerRecord) -> None:
        self.base = st
        self.rules = st.rules
        self.game = st.game
        self.n = st.n
        self.dealer = st.dealer
        self.stacks = list(st.stacks)
        self.pools = list(st.pools)
        self.credit = list(st.credit)
        self.chips = list(st.chips)
        self.rnd = st.rnd
        self.status = list(st.status)
        self.hands = list(st.hands)
        self.looked = list(st.looked)
        self.phase = st.phase
        self.to_act = st.to_act
        self.pack = st.pack
        self.muck = st.muck
        self.carried = st.carried
        self.carry_in = 0
        self.stage = st.stage
        self.data = st.data
        self.total = st.total
        self.debts = st.debts
        """The debt ledger (a poker-style deal never changes it)."""
        self.reshuffles = st.reshuffles
        """The deal's discard orders (:attr:`PokerRecord.reshuffles`: an input of the deal)."""
        self.new_events: list[Event] = []
        self.shown: set[int] | None = None
        self.seated: list[int] | None = None
        """The seats dealt in, from the eldest hand, if a game noted them (:meth:`order`
        with its default statuses, which a deal never changes; None: not noted)."""
        self.reshuffled: int | None = None
        self.quiet = False
        """No events are logged (a line's step that no read will freeze: its events would
        be dropped); what the machine reads of its own log is kept aside (reveals,
        reshuffles)."""

    def freeze(self, cls: type[R], seat: int, action: Action | None) -> R:
        """The immutable successor, a ``cls`` state (``action`` by ``seat`` is logged unless
        None)."""
        st = self.base
        return make(
            cls, rules=self.rules, n=self.n, dealer=self.dealer, stacks=tuple(self.stacks),
            pools=tuple(self.pools), credit=tuple(self.credit), chips=tuple(self.chips),
            rnd=self.rnd, status=tuple(self.status), hands=tuple(self.hands),
            looked=tuple(self.looked), phase=self.phase, to_act=self.to_act, pack=self.pack,
            muck=self.muck, total=self.total, carried=self.carried, stage=self.stage,
            data=self.data, debts=self.debts, events=st.events + tuple(self.new_events),
            actions=st.actions if action is None else (*st.actions, (seat, action)),
            game=self.game, origin=st if action is not None else st.origin,
            reshuffles=self.reshuffles)

    def rebase(self, snap: PokerRecord) -> None:
        """Continue from ``snap`` (a line's newest state): it becomes the base, with no
        events of the machine's own."""
        self.base = snap
        self.new_events.clear()

    # ---------------------------------------------------------------- what a table reads
    @property
    def retained(self) -> tuple[int, ...]:
        """No retained hands in poker-style games."""
        return ()

    @property
    def bought(self) -> tuple[int, ...]:
        """No rebuys during a poker-style deal."""
        return (0,) * self.n

    @property
    def shuffle_next(self) -> bool:
        """Poker-style games shuffle every deal."""
        return True

    def reshuffles_done(self) -> int:
        """How many times the discards were shuffled into the stock so far this deal (a game
        that reshuffles adds one to :attr:`reshuffled`)."""
        done = self.reshuffled
        if done is None:  # counted once, before the machine's first reshuffle
            done = self.reshuffled = sum(1 for e in (*self.base.events, *self.new_events)
                                         if e.kind == "reshuffle")
        return done

    # ---------------------------------------------------------------- helpers for games
    def emit(self, kind: str, seat: int | None = None, amount: int | None = None,
             cards: tuple[int, ...] | None = None, visible_to: frozenset[int] | None = None,
             note: str | None = None) -> None:
        """Append an event to the log (unless :attr:`quiet`)."""
        if not self.quiet:
            self.new_events.append(_event(Event, (kind, seat, amount, cards, visible_to, note)))

    def order(self, statuses: tuple[str, ...] = ("in", "allin", "folded")) -> list[int]:
        """Seats dealt in, clockwise from the eldest hand (the dealer last): a new list,
        worked out once per table size, dealer, statuses and ``statuses`` (:data:`_ORDERS`)."""
        key = (self.dealer, statuses, *self.status)
        found = _ORDERS.get(key)
        if found is None:
            status = self.status
            found = tuple([s for s in _rotation(self.n, self.dealer) if status[s] in statuses])
            if len(_ORDERS) >= MEMO_SIZE:
                _ORDERS.clear()
            _ORDERS[key] = found
        return list(found)

    def live(self) -> list[int]:
        """Seats still contesting the betting pool, from the eldest hand."""
        return self.order(("in", "allin"))

    def deal(self, seats: Sequence[int], count: int, *, face_up: bool = False,
             blind: bool = False) -> None:
        """Deal ``count`` cards to each seat, one at a time, from the top of the stock."""
        pack, hands = self.pack, self.hands
        k = len(seats)
        end = k * count
        if self.quiet:
            for i, s in enumerate(seats):
                hands[s] += pack[i:end:k]  # the i-th card of each round of the deal
            self.pack = pack[end:]
            return
        log = self.new_events.append  # (emit's append, without its call per seat)
        for i, s in enumerate(seats):
            cards = pack[i:end:k]
            hands[s] = hands[s] + cards
            if face_up:
                log(_event(Event, ("deal", s, None, cards, None, "face up")))
            else:
                log(_event(Event, ("deal", s, None, cards, NOBODY if blind else ONLY[s], None)))
        self.pack = pack[end:]

    def pay(self, seat: int, chips: int, pool: int, credit: int | None = None) -> None:
        """``seat`` puts ``chips`` into ``pool``; betting-pool money is credited to the seat."""
        self.stacks[seat] -= chips
        self.pools[pool] += chips
        if pool == self.game.bet_pool:
            self.chips[seat] += chips
            self.credit[seat] += chips if credit is None else credit
        if self.stacks[seat] == 0 and self.status[seat] == "in":
            self.status[seat] = S_ALLIN

    def stake_each(self, seats: Sequence[int], chips: int, note: str) -> None:
        """Each of ``seats`` puts ``chips`` into every pool (as :meth:`pay` into each pool in
        turn: the betting pool's share is credited), logged as one ``ante`` event of its
        total per seat."""
        stacks, status, paid, credit = self.stacks, self.status, self.chips, self.credit
        log = None if self.quiet else self.new_events.append
        pools = self.pools
        total = chips * len(pools)
        for s in seats:
            left = stacks[s] = stacks[s] - total
            paid[s] += chips
            credit[s] += chips
            if left == 0 and status[s] == "in":
                status[s] = S_ALLIN
            if log is not None:
                log(_event(Event, ("ante", s, total, None, None, note)))
        each = chips * len(seats)
        for k in range(len(pools)):
            pools[k] += each

    def award(self, seat: int, amount: int, pool: int, note: str | None = None) -> None:
        """Pay ``amount`` from ``pool`` to ``seat``."""
        self.pools[pool] -= amount
        self.stacks[seat] += amount
        if not self.quiet:
            self.new_events.append(_event(Event, ("award", seat, amount, None, None, note)))

    def reveal(self, seat: int, note: str | None = None) -> None:
        """Show ``seat``'s hand to the table (once)."""
        if self.shown is None:  # (the machine may outlive several actions: a line's)
            self.shown = {e.seat for e in (*self.base.events, *self.new_events)
                          if e.kind == "reveal" and e.seat is not None}
        if seat in self.shown:
            return
        self.shown.add(seat)
        if not self.quiet:
            self.new_events.append(_event(Event, ("reveal", seat, None, self.hands[seat], None,
                                                  note)))

    def reveal_all(self, seats: Sequence[int], note: str | None = None) -> None:
        """Show each of ``seats``' hands to the table (once), in turn: :meth:`reveal` of
        each (a quiet machine only notes them shown)."""
        if self.quiet and self.shown is not None:
            self.shown.update(seats)
            return
        for s in seats:
            self.reveal(s, note)

    def start_round(self, stage: int, first_after: int, rnd: Round) -> None:
        """Open betting round ``stage``; the first to act is the next seat after ``first_after``."""
        self.stage = stage
        self.rnd = rnd
        self.phase = P_BET
        m = self.game.rounds[stage]
        nxt = m.next_to_act(rnd, first_after, self.status, self.stacks)
        if nxt < 0:
            self.game.round_closed(self)
        else:
            self.to_act = nxt

    def settle_pool(self, key: Callable[[int], Any], tie: str, pool: int,
                    note: str = "showdown", order: list[int] | None = None) -> list[int]:
        """Show down the betting pool among live seats with side pots; returns the winners
        (of contested pots: a side pot handed back to its only contributor does not count).

        ``key(seat)`` is a comparable strength (pure: it is asked once per seat); ``tie`` is
        ``"split"`` (odd chips to the tied seats nearest the eldest hand) or ``"eldest"``;
        ``order`` is :meth:`order` if the caller has it.
        """
        status, credit, chips = self.status, self.credit, self.chips
        if order is None:
            order = self.order()
        if credit == chips:  # the usual showdown (one pot) without side_pots' work
            contenders = [s for s in order if status[s] == "in" or status[s] == "allin"]
            if contenders and len({credit[s] for s in contenders}) == 1 \
                    and credit[contenders[0]] > 0:
                return self._settle_one_pot(key, tie, pool, note, contenders)
        return self._settle_side_pots(key, tie, pool, note, order)

    def _settle_side_pots(self, key: Callable[[int], Any], tie: str, pool: int, note: str,
                          order: list[int]) -> list[int]:
        """:meth:`settle_pool` in general: a main pot and side pots (``side_pots``)."""
        live = [x == "in" or x == "allin" for x in self.status]
        winners: list[int] = []
        pots = side_pots(self.credit, self.chips, live)
        dead = self.pools[pool] - sum(self.chips)  # antes left from earlier deals, dead antes
        if dead:
            if pots:
                pots[0] = (pots[0][0] + dead, pots[0][1])
            else:
                pots = [(dead, tuple(s for s in range(self.n) if live[s]))]
        strength: dict[int, Any] = {}  # each seat's key, asked once (keys are pure)
        for amount, eligible in pots:
            contenders = [s for s in order if s in eligible]
            contested = len(contenders) > 1
            if contested:
                self.reveal_all(contenders)
            best = None
            tied: list[int] = []
            for s in contenders:
                k = strength.get(s)
                if k is None:
                    k = strength[s] = key(s)
                if best is None or k > best:  # (max of the keys and the seats at it, in one)
                    best = k
                    tied = [s]
                elif k == best:
                    tied.append(s)
            if tie == "eldest":
                tied = tied[:1]
            for seat, share in split(amount, tied):
                self.award(seat, share, pool, note if contested else "uncontested")
                if contested and seat not in winners:
                    winners.append(seat)
        return winners

    def _settle_one_pot(self, key: Callable[[int], Any], tie: str, pool: int, note: str,
                        contenders: list[int]) -> list[int]:
        """:meth:`settle_pool` when every live seat (``contenders``, from the eldest hand) is
        credited the same, and with what it paid: one pot of the whole pool (the dead chips
        with it), as ``side_pots`` would give."""
        amount = self.pools[pool]
        if len(contenders) == 1:
            self.award(contenders[0], amount, pool, "uncontested")
            return []
        self.reveal_all(contenders)
        keys = [key(s) for s in contenders]
        best = max(keys)
        if tie == "eldest":
            winner = contenders[keys.index(best)]
            self.award(winner, amount, pool, note)
            return [winner]
        tied = [s for s, k in zip(contenders, keys, strict=True) if k == best]
        for seat, share in split(amount, tied):
            self.award(seat, share, pool, note)
        return tied

    def end(self) -> None:
        """Finish the deal."""
        self.phase = P_OVER
        self.to_act = -1
        self.rnd = None
        if not self.quiet:  # (emit's append, without its call)
            self.new_events.append(_event(Event, ("deal_end", self.dealer, None, None, None,
                                                  None)))


_new: Final = object.__new__


def fresh_work(game: PokerGame, stacks: tuple[int, ...], dealer: int, pack: tuple[int, ...],
               status: list[SeatStatus], *, carried: int, debts: tuple[tuple[int, int, int], ...],
               reshuffles: tuple[tuple[int, ...], ...], quiet: bool) -> PokerWork:
    """The machine of a new deal before its game's ``setup``: as ``PokerWork`` of the deal's
    first record, without building that record (its base is a shared empty one).

    >>> from bragkit.rules import get_preset
    >>> from bragkit.engine.poker.game import poker_game_for
    >>> w = fresh_work(poker_game_for(get_preset("foster")), (5, 5), 1, (0, 1, 2),
    ...                [S_IN, S_IN], carried=2, debts=(), reshuffles=(), quiet=False)
    >>> w.stacks, w.total, w.carry_in, w.base.events, w.base.actions, w.base.origin
    ([5, 5], 12, 2, (), (), None)
    """
    base = game.empty
    if base is None:
        base = game.empty = make(
            PokerRecord, rules=game.rules, n=0, dealer=-1, stacks=(), pools=(), credit=(),
            chips=(), rnd=None, status=(), hands=(), looked=(), phase=Phase.SETUP, to_act=-1,
            pack=(), muck=(), total=0, carried=0, stage=0, data=NO_DATA, debts=(), events=(),
            actions=(), game=game, origin=None, reshuffles=())
    n = len(stacks)
    w: PokerWork = _new(PokerWork)
    w.base = base
    w.rules = game.rules
    w.game = game
    w.n = n
    w.dealer = dealer
    w.stacks = list(stacks)
    w.pools = [0] * game.pools
    w.credit = [0] * n
    w.chips = [0] * n
    w.rnd = None
    w.status = status
    w.hands = [()] * n
    w.looked = [not game.blind_play] * n
    w.phase = P_SETUP
    w.to_act = -1
    w.pack = pack
    w.muck = ()
    w.carried = 0
    w.carry_in = carried
    w.stage = 0
    w.data = NO_DATA
    w.total = sum(stacks) + carried
    w.debts = debts
    w.reshuffles = reshuffles
    w.new_events = []
    w.shown = set()  # (no hand shown yet: reveal never scans this machine's log)
    w.seated = None
    w.reshuffled = None
    w.quiet = quiet
    return w


# ---------------------------------------------------------------------- legal actions
Deal = PokerRecord | PokerWork
"""A deal as the legal actions and a game's ``phase_legal`` read it: a state or a machine."""


def legal_now(st: Deal) -> tuple[LegalAction, ...]:
    """The legal actions of a state or of a machine (the same for the same deal).

    In a betting round they are worked out once for what they depend on (the round's
    :meth:`~bragkit.engine.poker.betting.PokerBetting.legal` key, whether the seat is
    blind), the look of a blind seat included (:attr:`PokerBetting.offers`).
    """
    phase = st.phase
    if phase == P_OVER:
        return ()
    if phase != P_BET:
        return st.game.phase_legal(st)
    p = st.to_act
    rnd = st.rnd
    assert rnd is not None
    m = st.game.rounds[st.stage]
    blind = not st.looked[p]
    stack = st.stacks[p]
    need = rnd.target - rnd.contrib[p]
    top = (need if need > 0 else 0) + m.limit + 1  # (PokerBetting.legal's key, inline)
    if stack < top:
        top = stack
    if m.max_raises is None:
        key = (need, rnd.opened, 0, 0, top, blind)
        live = 0
    else:
        status = st.status
        live = st.n - status.count(S_FOLDED) - status.count(S_OUT)
        key = (need, rnd.opened, rnd.raises, live, top, blind)
    offers = m.offers
    found = offers.get(key)
    if found is None:
        if m.max_raises is None:
            status = st.status
            live = st.n - status.count(S_FOLDED) - status.count(S_OUT)
        acts = m.legal(rnd, p, stack=stack, live=live, blind=blind)
        if len(offers) >= MEMO_SIZE:
            offers.clear()
        found = offers[key] = (_LOOK, *acts) if blind else acts
    return found
