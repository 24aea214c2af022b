"""The Commerce machine's core: the game hooks, the deal's fields, the scratch copy.

:class:`CommerceGame` is what a form of Commerce implements (opening payments, the widow,
decisions, settlement); :class:`CommerceRecord` holds one deal's fields and the queries on
them; :class:`Draft` is the mutable copy a transition (and a game's hook) edits, frozen
into the successor by :func:`make` (keyword-only, typed slot setters: no ``exec``).  The
transitions live in :mod:`.state` on top, so nothing here imports a game (no import cycle).

>>> from bragkit.rules import get_preset
>>> from bragkit.games.commerce.state import CommerceState
>>> s = CommerceState.new(get_preset("commerce"), [9, 9, 9])
>>> isinstance(s, CommerceRecord), str(s.phase), s.pending is None
(True, 'trade', True)
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, NamedTuple, Protocol, TypeVar

from bragkit.cards import Card, card_from_id
from bragkit.engine.actions import Action, LegalAction
from bragkit.engine.contract import LazyView, SeatView, slot_setter
from bragkit.engine.deal_protocol import DealProtocol
from bragkit.engine.events import Event
from bragkit.engine.kinds import Phase, SeatStatus
from bragkit.engine.turns import AFTER
from bragkit.engine.views import Draft as ViewDraft
from bragkit.engine.views import LogBook, new_view, redacted_events
from bragkit.games.commerce.hands import hand_category, ranker
from bragkit.games.commerce.records import Barter, Pending

if TYPE_CHECKING:
    from bragkit.rules import Rules

__all__ = ["NOBODY", "ONLY", "CommerceGame", "CommerceRecord", "Deal", "Draft", "StartLog",
           "make", "pair", "seat_view"]

_event: Final = tuple.__new__
CARD: Final = tuple(card_from_id(c) for c in range(52))
"""``CARD[i]``: the card of id ``i`` (shared objects)."""
NOBODY: Final[frozenset[int]] = frozenset()
ONLY: Final = tuple(frozenset({s}) for s in range(64))
"""``ONLY[s]``: the visibility set of an event only seat ``s`` may see (shared objects)."""
_PAIRS: dict[tuple[int, int], frozenset[int]] = {}
_NESTED: dict[str, list[list[list[int]]]] = {}
"""``commerce_ranking`` -> its ranking's flat table as nested lists, ``nested[a][b][c]`` the
strength of cards ``a, b, c`` (:meth:`Draft.strengths`): three list indexings cost about
half of the flat table's shifts and ors (generic integer operations) in a showdown."""


def _nested(rules: Rules) -> list[list[list[int]]]:
    """The nested strength table of ``rules``' ranking (built once per ranking).

    >>> from bragkit.rules import get_preset
    >>> r = get_preset("commerce")
    >>> _nested(r)[4][9][13] == ranker(r)[1].flat_table[(4 << 12) | (9 << 6) | 13]
    True
    """
    found = _NESTED.get(rules.commerce_ranking)
    if found is None:
        flat = ranker(rules)[1].flat_table
        found = _NESTED[rules.commerce_ranking] = [
            [flat[(a << 12) | (b << 6):((a << 12) | (b << 6)) + 64] for b in range(64)]
            for a in range(64)]
    return found

_SHOWN: dict[tuple[tuple[bool, ...], tuple[int, ...]], tuple[bool, ...]] = {}
"""(looked, seats dealt in) -> looked once every hand dealt in is shown (:meth:`Draft.reveal`)."""
_MAX_SHOWN: Final = 4096
_ALL_SHOWN: Final = tuple((True,) * n for n in range(65))
"""``_ALL_SHOWN[n]``: looked once all ``n`` hands are shown."""
_TO: Final = tuple(f"to p{s + 1}" for s in range(64))
"""``_TO[s]``: the note of a payment to seat ``s``."""

_FOUR: Final = 1 << 30
"""Added to a four-card (pounced) hand's rank: above every three-card hand's strength."""
P_OVER: Final = Phase.OVER
P_HORSE: Final = Phase.HORSE
P_DEAL: Final = Phase.DEAL
S_IN: Final = SeatStatus.IN
S_OUT: Final = SeatStatus.OUT

R = TypeVar("R", bound="CommerceRecord")


def pair(a: int, b: int) -> frozenset[int]:
    """The (shared) visibility set of an event seats ``a`` and ``b`` may see.

    >>> sorted(pair(2, 0)), pair(0, 2) is pair(2, 0)
    ([0, 2], True)
    """
    key = (a, b) if a < b else (b, a)
    found = _PAIRS.get(key)
    if found is None:
        found = _PAIRS[key] = frozenset(key)
    return found


class StartLog(NamedTuple):
    """The start of a deal's log (the opening payments and the deal) as a seat that sees no
    card sees it: every seat's log starts so, but for its own hand where it sees it.

    >>> e = Event("deal", 1, cards=(4, 5, 6), visible_to=ONLY[1])
    >>> log = StartLog((Event("ante", 1, 1), e._replace(cards=None)), (-1, 1))
    >>> log.seen((Event("ante", 1, 1), e), 1)[1] is e, log.seen((), 0)[1].cards
    (True, None)
    """

    hidden: tuple[Event, ...]
    own: tuple[int, ...]
    """Each seat's deal event's place in the log, or -1 where the seat does not see it."""

    def seen(self, log: Sequence[Event], seat: int) -> tuple[Event, ...]:
        """The start of ``log`` (a deal's log with this start) as ``seat`` sees it."""
        i = self.own[seat]
        hidden = self.hidden
        if i < 0:
            return hidden
        return (*hidden[:i], log[i], *hidden[i + 1:])


class CommerceGame(Protocol):
    """What a form of Commerce supplies to the machine."""

    def open(self, d: Draft) -> None:
        """Take the opening payments (the pool) before the deal.  It may read only the
        rules, the dealer, the seats dealt in and the lives (never the stacks): the machine
        runs it once per such opening and reuses the result."""

    def blind_dealer(self, rules: Rules) -> bool:
        """Whether the dealer decides something before seeing his own hand."""

    def opening_reads_lives(self, rules: Rules, lives: tuple[int, ...] | None) -> bool:
        """Whether :meth:`open` reads (or changes) ``lives``: if not, one opening serves
        every lives ledger (the deal keeps the lives it is given)."""

    def after_deal(self, d: Draft) -> None:
        """Lay out the widow, if any, and set the first phase and seat to act."""

    def legal(self, st: Deal) -> tuple[LegalAction, ...]:
        """The legal actions of the seat to act, read from a state or a machine (never
        called once the deal is over)."""

    def act(self, d: Draft, seat: int, action: Action) -> None:
        """Apply a legal action by ``seat``."""

    def rule(self, st: CommerceRecord) -> str:
        """The rule (spec section and phase) named when an action is illegal."""


@dataclass(frozen=True, slots=True)
class CommerceRecord(DealProtocol):
    """One Commerce deal as an immutable value: its fields and pure queries
    (:class:`~bragkit.games.commerce.state.CommerceState` adds the transitions).

    ``active`` holds the seats dealt in, in turn order from the dealer's left (the dealer
    last; fixed for the deal), ``pot`` the pool, ``carried`` the pool left for the next deal
    (lives scoring), ``lives``/``horses``/``first_out`` the session's lives ledger,
    ``rounds`` the trading (or exchange) rounds completed, ``stands`` how many seats have
    stood, ``pending`` the phase's own data (:mod:`~bragkit.games.commerce.records`: a
    barter offer, Peel's last exchanges, pounce or horse offers), ``paid`` each seat's
    payments into the pool.
    """

    rules: Rules
    n: int
    dealer: int
    stacks: tuple[int, ...]
    pot: int
    hands: tuple[tuple[int, ...], ...]
    widow: tuple[int, ...]
    pack: tuple[int, ...]
    status: tuple[SeatStatus, ...]
    active: tuple[int, ...]
    looked: tuple[bool, ...]
    phase: Phase
    to_act: int
    rounds: int
    stands: int
    pending: Pending | None
    lives: tuple[int, ...]
    horses: tuple[int, ...]
    first_out: int
    total: int
    paid: tuple[int, ...]
    winners: tuple[int, ...]
    carried: int
    final: bool
    events: tuple[Event, ...]
    actions: tuple[tuple[int, Action], ...]
    game: CommerceGame = field(compare=False, repr=False)
    origin: CommerceRecord | None = field(default=None, compare=False, repr=False)
    legal_cache: tuple[LegalAction, ...] | None = field(default=None, compare=False,
                                                        repr=False)
    """The legal actions, computed on first use."""
    seen_cache: dict[int, tuple[Event, ...]] | None = field(default=None, compare=False,
                                                            repr=False)
    """Each seat's redacted event log, built on first use (extending the origin's)."""

    # ------------------------------------------------------------------ queries
    def turn_rule(self) -> str:
        """The turn order's docs/rules sections (Commerce, both forms)."""
        return "4.10/4.11"

    @property
    def barter(self) -> Barter | None:
        """The barter offer the seat to act answers (phase ``barter``), else None."""
        pending = self.pending
        return pending if isinstance(pending, Barter) else None

    def legal_actions(self) -> tuple[LegalAction, ...]:
        """Everything the seat to act may do now; empty exactly when the deal is over."""
        legal = self.legal_cache
        if legal is None:
            legal = () if self.phase is P_OVER else self.game.legal(self)
            _set_legal_cache(self, legal)
        return legal

    def is_legal(self, action: Action) -> bool:
        """Whether the seat to act may take ``action`` now."""
        return any(la.allows(action) for la in self.legal_actions())

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know: never a card it may not see."""
        return seat_view(self, seat, self.seat_events(seat),
                         self.legal_actions() if seat == self.to_act else ())

    def seat_events(self, seat: int) -> tuple[Event, ...]:
        """The event log as ``seat`` sees it (cached, extending the previous state's)."""
        seen = self.seen_cache
        if seen is None:
            seen = {}
            _set_seen_cache(self, seen)
        found = seen.get(seat)
        if found is not None:
            return found
        start: tuple[Event, ...] = ()
        origin = self.origin
        if origin is not None and origin.seen_cache is not None:
            start = origin.seen_cache.get(seat, ())
        found = start + redacted_events(self.events[len(start):], seat)
        seen[seat] = found
        return found

    def chips_in_play(self) -> int:
        """Stacks plus the pool (live or carried): always equals :attr:`total`."""
        return sum(self.stacks) + self.pot + self.carried

    def all_cards(self) -> list[int]:
        """Every card id this deal accounts for: stock, hands and widow."""
        return [*self.pack, *itertools.chain.from_iterable(self.hands), *self.widow]

    def secret_cards(self, seat: int) -> set[int]:
        """Cards ``seat`` may not see now: the stock, other hands (and its own while the
        dealer has not looked), less every card an event showed to it.

        >>> import random
        >>> from bragkit.rules import get_preset
        >>> from bragkit.engine.pack import shuffled_pack
        >>> from bragkit.games.commerce.state import CommerceState
        >>> r = get_preset("commerce")
        >>> s = CommerceState.start(r, (9, 9, 9), 0, shuffled_pack(r, random.Random(1)))
        >>> len(s.secret_cards(0)), set(s.hands[0]) & s.secret_cards(0)
        (49, set())
        """
        secret = set(self.pack)
        for s in range(self.n):
            if s != seat or not self.looked[s]:
                secret.update(self.hands[s])
        for e in self.events:
            if e.cards is not None and (e.visible_to is None or seat in e.visible_to):
                secret.difference_update(e.cards)
        return secret

    # compatibility with the brag table model (histories, the conformance checker)
    @property
    def old(self) -> tuple[tuple[int, ...], ...]:
        """No retained hands in Commerce (empty per seat)."""
        return ((),) * self.n

    @property
    def covered_pots(self) -> tuple[tuple[int, int], ...]:
        """No frozen pots in Commerce."""
        return ()

    @property
    def bought(self) -> tuple[int, ...]:
        """No rebuys during a Commerce deal."""
        return (0,) * self.n

    @property
    def retained(self) -> tuple[int, ...]:
        """No retained hands in Commerce."""
        return ()

    @property
    def debts(self) -> tuple[tuple[int, int, int], ...]:
        """No debts in Commerce."""
        return ()

    @property
    def faceup(self) -> tuple[int, ...]:
        """No face-up retained hand in Commerce."""
        return ()


_FIELDS: Final = ("rules", "n", "dealer", "stacks", "pot", "hands", "widow", "pack", "status",
                  "active", "looked", "phase", "to_act", "rounds", "stands", "pending", "lives",
                  "horses", "first_out", "total", "paid", "winners", "carried", "final", "events",
                  "actions", "game", "origin", "legal_cache", "seen_cache")
(_set_rules, _set_n, _set_dealer, _set_stacks, _set_pot, _set_hands, _set_widow, _set_pack,
 _set_status, _set_active, _set_looked, _set_phase, _set_to_act, _set_rounds, _set_stands,
 _set_pending, _set_lives, _set_horses, _set_first_out, _set_total, _set_paid, _set_winners,
 _set_carried, _set_final, _set_events, _set_actions, _set_game, _set_origin, _set_legal_cache,
 _set_seen_cache) = (slot_setter(CommerceRecord, name) for name in _FIELDS)


def make(cls: type[R], /, *, rules: Rules, n: int, dealer: int, stacks: tuple[int, ...],
         pot: int, hands: tuple[tuple[int, ...], ...], widow: tuple[int, ...],
         pack: tuple[int, ...], status: tuple[SeatStatus, ...], active: tuple[int, ...],
         looked: tuple[bool, ...],
         phase: Phase, to_act: int, rounds: int, stands: int, pending: Pending | None,
         lives: tuple[int, ...], horses: tuple[int, ...], first_out: int, total: int,
         paid: tuple[int, ...], winners: tuple[int, ...], carried: int, final: bool,
         events: tuple[Event, ...], actions: tuple[tuple[int, Action], ...],
         game: CommerceGame, origin: CommerceRecord | None) -> R:
    """A new ``cls`` state (a :class:`CommerceRecord` class) from every field, by keyword
    (each argument's name and type checked by mypy; the caches start empty): the hot path's
    constructor, filling the slots through typed setters (the frozen ``__init__`` is slow).
    """
    new = object.__new__(cls)
    _set_rules(new, rules)
    _set_n(new, n)
    _set_dealer(new, dealer)
    _set_stacks(new, stacks)
    _set_pot(new, pot)
    _set_hands(new, hands)
    _set_widow(new, widow)
    _set_pack(new, pack)
    _set_status(new, status)
    _set_active(new, active)
    _set_looked(new, looked)
    _set_phase(new, phase)
    _set_to_act(new, to_act)
    _set_rounds(new, rounds)
    _set_stands(new, stands)
    _set_pending(new, pending)
    _set_lives(new, lives)
    _set_horses(new, horses)
    _set_first_out(new, first_out)
    _set_total(new, total)
    _set_paid(new, paid)
    _set_winners(new, winners)
    _set_carried(new, carried)
    _set_final(new, final)
    _set_events(new, events)
    _set_actions(new, actions)
    _set_game(new, game)
    _set_origin(new, origin)
    _set_legal_cache(new, None)
    _set_seen_cache(new, None)
    return new


class Draft:
    """A mutable copy of a Commerce state used inside one transition (and by the games).

    ``base`` is the state it copies (``None`` while a deal is being dealt).
    """

    __slots__ = ("active", "base", "carried", "dealer", "final", "first_out", "game", "hands",
                 "horses", "lives", "looked", "n", "new_events", "pack", "paid", "pending",
                 "phase", "pot", "quiet", "quiet_end", "rounds", "rules", "stacks", "stands",
                 "start_log",
                 "status", "to_act", "total", "widow", "winners")

    active: tuple[int, ...]
    base: CommerceRecord | None
    carried: int
    dealer: int
    final: bool
    first_out: int
    game: CommerceGame
    hands: list[tuple[int, ...]]
    horses: tuple[int, ...]
    lives: tuple[int, ...]
    looked: tuple[bool, ...]
    n: int
    new_events: list[Event]
    quiet: bool
    """No events are logged (a line's step that no read will freeze: its events would be
    dropped)."""
    quiet_end: bool
    """The end of the deal, if this step ends it, need not be logged (:meth:`ending`): the
    step's line freezes no state from it and builds no view from its log afterwards."""
    pack: tuple[int, ...]
    paid: tuple[int, ...]
    pending: Pending | None
    phase: Phase
    pot: int
    rounds: int
    rules: Rules
    stacks: list[int]
    stands: int
    start_log: StartLog | None
    """How the deal's log starts for each seat (set by the deal, else None)."""
    status: tuple[SeatStatus, ...]
    to_act: int
    total: int
    widow: tuple[int, ...]
    winners: tuple[int, ...]

    @staticmethod
    def blank(rules: Rules, game: CommerceGame, n: int, dealer: int,
              stacks: Sequence[int], pack: Sequence[int], *,
              seated: Sequence[bool] | None = None, pool: int = 0,
              lives: Sequence[int] | None = None, horses: Sequence[int] | None = None,
              first_out: int = -1) -> Draft:
        """A draft before the deal, the ``seated`` seats dealt in (default: every seat).

        >>> from bragkit.rules import get_preset
        >>> from bragkit.games.commerce.trade import TRADE_GAME
        >>> d = Draft.blank(get_preset("commerce"), TRADE_GAME, 3, 0, (9, 9, 9), (),
        ...                 seated=(True, False, True))
        >>> str(d.phase), [str(x) for x in d.status], d.order()
        ('deal', ['in', 'out', 'in'], (2, 0))
        """
        d = Draft()  # (a type call: cheaper than object.__new__, the wrapper)
        d.base = None
        d.start_log = None
        d.new_events = []
        d.quiet = d.quiet_end = False
        d.rules, d.game, d.n, d.dealer = rules, game, n, dealer
        d.stacks, d.pot, d.pack = list(stacks), pool, tuple(pack)
        d.hands = [()] * n
        d.widow = ()
        d.status = (tuple([S_IN if s else S_OUT for s in seated]) if seated is not None
                    else (S_IN,) * n)
        first = dealer + 1
        d.active = tuple([s for s in (*range(first, n), *range(first))
                          if d.status[s] is not S_OUT])
        d.looked = (False,) * n
        d.phase, d.to_act, d.rounds, d.stands, d.pending = P_DEAL, -1, 0, 0, None
        d.lives = tuple(lives) if lives is not None else (0,) * n
        d.horses = tuple(horses) if horses is not None else (0,) * n
        d.first_out = first_out
        d.total = sum(stacks) + pool
        d.paid = (0,) * n
        d.winners = ()
        d.carried = 0
        d.final = False
        return d

    @staticmethod
    def of(st: CommerceRecord) -> Draft:
        """A draft of ``st``."""
        d = Draft()
        d.base = st
        d.start_log = None
        d.new_events = []
        d.quiet = d.quiet_end = False
        d.rules, d.game, d.n, d.dealer = st.rules, st.game, st.n, st.dealer
        d.stacks, d.pot, d.pack = list(st.stacks), st.pot, st.pack
        d.hands, d.widow = list(st.hands), st.widow
        d.status, d.active, d.looked = st.status, st.active, st.looked
        d.phase, d.to_act, d.pending = st.phase, st.to_act, st.pending
        d.rounds, d.stands = st.rounds, st.stands
        d.lives, d.horses, d.first_out = st.lives, st.horses, st.first_out
        d.total, d.paid, d.winners = st.total, st.paid, st.winners
        d.carried, d.final = st.carried, st.final
        return d

    def freeze(self, cls: type[R], seat: int, action: Action | None) -> R:
        """The new immutable ``cls`` state (``action`` by ``seat`` appended to the log)."""
        st = self.base
        if st is None:
            events = tuple(self.new_events)
            actions: tuple[tuple[int, Action], ...] = ()
        else:
            events = st.events + tuple(self.new_events)
            actions = st.actions
        if action is not None:
            actions = (*actions, (seat, action))
        return make(
            cls, rules=self.rules, n=self.n, dealer=self.dealer, stacks=tuple(self.stacks),
            pot=self.pot, hands=tuple(self.hands), widow=self.widow, pack=self.pack,
            status=self.status, active=self.active, looked=self.looked,
            phase=self.phase,
            to_act=self.to_act, rounds=self.rounds, stands=self.stands, pending=self.pending,
            lives=self.lives, horses=self.horses, first_out=self.first_out,
            total=self.total, paid=self.paid, winners=self.winners,
            carried=self.carried, final=self.final, events=events, actions=actions,
            game=self.game, origin=st)

    def rebase(self, snap: CommerceRecord) -> None:
        """Continue from ``snap`` (a line's newest state): it becomes the base, with no
        events of the draft's own."""
        self.base = snap
        self.new_events.clear()

    @property
    def bought(self) -> tuple[int, ...]:
        """No rebuys during a Commerce deal (what a table reads of a line's machine)."""
        return (0,) * self.n

    # ---------------------------------------------------------------- helpers
    def emit(self, kind: str, seat: int | None = None, amount: int | None = None,
             cards: tuple[int, ...] | None = None, visible_to: frozenset[int] | None = None,
             note: str | None = None) -> None:
        """Append an event (unless :attr:`quiet`)."""
        if not self.quiet:
            self.new_events.append(_event(Event, (kind, seat, amount, cards, visible_to, note)))

    def ending(self) -> None:
        """The deal ends in this step (a game's showdown or close, before its events): they
        are logged unless :attr:`quiet_end` says that nobody will read them."""
        if self.quiet_end:
            self.quiet = True

    def set_status(self, seat: int, status: SeatStatus) -> None:
        """``seat``'s status becomes ``status``."""
        old = self.status
        self.status = (*old[:seat], status, *old[seat + 1:])

    def set_looked(self, seat: int) -> None:
        """``seat`` has seen its hand."""
        old = self.looked
        self.looked = (*old[:seat], True, *old[seat + 1:])

    def add_lives(self, seat: int, lives: int, horses: int = 0) -> None:
        """Give ``seat`` ``lives`` more lives (fewer when negative) and ``horses`` more horses."""
        old, bought = self.lives, self.horses
        self.lives = (*old[:seat], old[seat] + lives, *old[seat + 1:])
        if horses:
            self.horses = (*bought[:seat], bought[seat] + horses, *bought[seat + 1:])

    def order(self) -> tuple[int, ...]:
        """Seats dealt in, from the dealer's left round to the dealer (fixed for the deal)."""
        return self.active

    def pos(self, seat: int) -> int:
        """Position of ``seat`` in turn order (0 = eldest hand, n - 1 = dealer)."""
        return (seat - self.dealer - 1) % self.n

    def next_seat(self, seat: int, statuses: tuple[SeatStatus, ...] = (S_IN,)) -> int:
        """The next seat after ``seat`` (clockwise) whose status is one of ``statuses``."""
        status = self.status
        for s in AFTER[self.n][seat]:
            if status[s] in statuses:
                return s
        return -1

    def to_pool(self, seat: int, chips: int, kind: str = "ante") -> None:
        """``seat`` pays ``chips`` into the pool."""
        self.stacks[seat] -= chips
        self.pot += chips
        paid = self.paid
        self.paid = (*paid[:seat], paid[seat] + chips, *paid[seat + 1:])
        self.emit(kind, seat, chips)

    def transfer(self, payer: int, payee: int, chips: int, kind: str) -> None:
        """``payer`` pays ``chips`` straight to ``payee``."""
        if chips <= 0:
            return
        stacks = self.stacks
        stacks[payer] -= chips
        stacks[payee] += chips
        if not self.quiet:
            self.new_events.append(_event(Event, (kind, payer, chips, None, None, _TO[payee])))

    def from_pool(self, seat: int, chips: int, kind: str = "award") -> None:
        """``seat`` takes ``chips`` out of the pool."""
        self.pot -= chips
        self.stacks[seat] += chips
        if not self.quiet:
            self.new_events.append(_event(Event, (kind, seat, chips, None, None, None)))

    def reveal(self) -> None:
        """The showdown: every hand dealt in is shown to everybody."""
        active = self.active
        if not self.quiet:
            log, hands = self.new_events.append, self.hands
            for s in active:
                log(_event(Event, ("reveal", s, None, hands[s], None, None)))
        if len(active) == self.n:  # (every seat dealt in: every hand shown, no key to hash)
            self.looked = _ALL_SHOWN[self.n]
            return
        looked = self.looked
        key = (looked, active)
        found = _SHOWN.get(key)
        if found is None:  # (the same few per table: worked out once)
            shown = list(looked)
            for s in active:
                shown[s] = True
            if len(_SHOWN) >= _MAX_SHOWN:
                _SHOWN.clear()
            found = _SHOWN[key] = tuple(shown)
        self.looked = found

    def strengths(self) -> list[int]:
        """The strength of each hand dealt in, in turn order (a pounced four of a kind
        above every three-card hand).

        >>> from bragkit.rules import get_preset
        >>> from bragkit.games.commerce.trade import TRADE_GAME
        >>> d = Draft.blank(get_preset("commerce-pounce"), TRADE_GAME, 2, 1, (9, 9), ())
        >>> d.hands = [(4, 9, 13), (0, 1, 2, 3)]
        >>> s = d.strengths(); s[0] < s[1], s[0] == ranker(d.rules)[0]((4, 9, 13))
        (True, True)
        """
        table = _NESTED.get(self.rules.commerce_ranking) or _nested(self.rules)
        hands = self.hands
        ks: list[int] = []
        append = ks.append  # (loops, not comprehensions: no cell, no nested frame)
        if self.rules.pounce:  # (only a pounce makes a four-card hand)
            for h in map(hands.__getitem__, self.active):
                append(table[h[0]][h[1]][h[2]] if len(h) == 3 else _FOUR + h[0] // 4)
            return ks
        for a, b, c in map(hands.__getitem__, self.active):
            append(table[a][b][c])
        return ks

    def best(self) -> list[int]:
        """The seats tied for best, in turn order (eldest first); with
        ``dealer_is_eldest_for_point`` the dealer heads the best ties of point hands (the
        first of :meth:`ranked`)."""
        rules = self.rules
        if rules.pounce:
            ks = self.strengths()
            return self._top(ks, _most(ks))
        table = _NESTED.get(rules.commerce_ranking) or _nested(rules)  # (strengths inline)
        hands = self.hands
        top = seat = -1
        ties = False
        for s in self.active:  # the best strength and its one seat, if one (no max() call)
            a, b, c = hands[s]
            k = table[a][b][c]
            if k > top:
                top, seat, ties = k, s, False
            elif k == top:
                ties = True
        if not ties:
            return [seat]
        return self._top(self.strengths(), top)

    def _top(self, ks: list[int], best: int) -> list[int]:
        active = self.active
        if ks.count(best) == 1:
            return [active[ks.index(best)]]
        top = _seats_with(active, ks, best)
        dealer = self.dealer
        if (self.rules.dealer_is_eldest_for_point and dealer in top
                and hand_category(self.rules, self.hands[dealer]) == "point"):
            top.remove(dealer)
            top.insert(0, dealer)
        return top

    def ranked(self) -> tuple[list[int], list[int]]:
        """The seats tied for best and for worst, each in turn order (eldest first).

        With ``dealer_is_eldest_for_point`` the dealer heads the best ties of point hands.
        """
        ks = self.strengths()
        worst = _least(ks)
        active = self.active
        one = ks.count(worst) == 1
        low = [active[ks.index(worst)]] if one else _seats_with(active, ks, worst)
        return self._top(ks, _most(ks)), low

    def split(self, seats: list[int], chips: int, kind: str = "award") -> None:
        """Share ``chips`` of the pool equally; the odd chips go to the first of ``seats``."""
        share, odd = divmod(chips, len(seats))
        for i, s in enumerate(seats):
            self.from_pool(s, share + (odd if i == 0 else 0), kind)

    def end(self) -> None:
        """Close the deal."""
        self.phase = P_OVER
        self.to_act = -1
        self.pending = None
        if not self.quiet:
            self.emit("deal_end")


Deal = CommerceRecord | Draft
"""A deal as a game's ``legal`` reads it: a state, or the machine of a line."""


def seat_view(st: Deal, seat: int, events: tuple[Event, ...],
              legal: tuple[LegalAction, ...]) -> SeatView:
    """``seat``'s view of the deal ``st`` (a state, or the machine of a line) given the event
    log as the seat sees it and its legal actions (empty unless it is to act): the one
    builder of :meth:`CommerceRecord.view` and
    :meth:`~bragkit.games.commerce.line.CommerceLine.view`."""
    phase = st.phase
    shown: dict[int, tuple[Card, ...]] = {}
    if phase is P_OVER or phase is P_HORSE:
        shown = {e.seat: tuple([CARD[c] for c in e.cards]) for e in events
                 if e.kind == "reveal" and e.seat is not None and e.cards is not None}
    own = None
    hand = st.hands[seat]
    if hand and st.looked[seat]:
        own = _cards(hand)
    offered = None
    pending = st.pending
    if type(pending) is Barter and (seat == st.to_act or seat == pending.offerer):
        offered = CARD[pending.card]
    widow = st.widow
    return new_view(seat, st.dealer, tuple(st.stacks), st.pot, (), 0, st.status,
                    st.looked, st.to_act, phase, own, shown, None, events, legal, (), (),
                    st.lives, _cards(widow) if widow else (), offered)


def lazy_view(st: Deal, seat: int, fill: tuple[object, ...],
              legal: tuple[LegalAction, ...]) -> SeatView:
    """:func:`seat_view` of a deal in a phase that shows no hand, its events left to
    ``fill`` (a function and its arguments but the view, called on their first read:
    :class:`~bragkit.engine.contract.LazyView`)."""
    own: tuple[Card, ...] | None = None
    hand = st.hands[seat]
    if hand and st.looked[seat]:
        if len(hand) == 3:  # (_cards inline: a hand of three)
            a, b, c = hand
            own = CARD[a], CARD[b], CARD[c]
        else:
            own = _cards(hand)
    offered = None
    pending = st.pending
    if type(pending) is Barter and (seat == st.to_act or seat == pending.offerer):
        offered = CARD[pending.card]
    widow = st.widow
    d = ViewDraft()  # (views.new_view's way, the events left unset)
    d._fill = fill
    d.seat = seat
    d.dealer = st.dealer
    d.stacks = tuple(st.stacks)
    d.pot = st.pot
    d.pots = ()
    d.stake = 0
    d.status = st.status
    d.looked = st.looked
    d.to_act = st.to_act
    d.phase = st.phase
    d.own_cards = own
    d.shown = {}
    d.stub_card = None
    d.legal = legal
    d.contrib = d.committed = ()
    d.lives = st.lives
    d.widow = _cards(widow) if widow else ()
    d.offered = offered
    o: object = d
    o.__class__ = SeatView  # (the same layout: now a frozen SeatView)
    return d  # (views.Draft is a SeatView to mypy: no cast call)


def fill_events(log: LogBook, seat: int, count: int, view: LazyView) -> None:
    """A lazy view's ``_fill``: ``seat``'s events, the first ``count`` of the line's log
    ``log`` as the seat sees them; the seat's next views of the deal are built whole."""
    log.see(seat)
    object.__delattr__(view, "_fill")
    object.__setattr__(view, "events", log.read(seat, count)[0])


def _seats_with(seats: tuple[int, ...], ks: list[int], k: int) -> list[int]:
    """The seats whose strength in ``ks`` (in the order of ``seats``) is ``k``.

    >>> _seats_with((2, 0, 1), [5, 7, 5], 5)
    [2, 1]
    """
    return [s for s, x in zip(seats, ks, strict=True) if x == k]


def _most(ks: list[int]) -> int:
    """``max(ks)`` of a few strengths, without ``max()`` (a slow builtin call in Python 3.11).

    >>> _most([3, 9, 2]), _least([3, 9, 2])
    (9, 2)
    """
    top = ks[0]
    for k in ks:
        if k > top:
            top = k
    return top


def _least(ks: list[int]) -> int:
    """``min(ks)`` of a few strengths, without ``min()``."""
    low = ks[0]
    for k in ks:
        if k < low:
            low = k
    return low


def _cards(ids: tuple[int, ...]) -> tuple[Card, ...]:
    """The cards of ``ids`` (a hand or the widow: three cards most often)."""
    if len(ids) == 3:
        a, b, c = ids
        return CARD[a], CARD[b], CARD[c]
    return tuple([CARD[c] for c in ids])
