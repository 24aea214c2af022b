"""The core of the brag-style machine: the family hooks, the state's fields, the work copy.

Every other module of the machine (legal actions, resolution, fast paths, views, diagnosis,
the deal start) reads states as :class:`BragRecord` and changes them through :class:`Work`;
:class:`~bragkit.engine.brag.state.BragState` (a :class:`BragRecord` with the transitions)
sits on top, so the machine's modules import each other without a cycle.

>>> import random
>>> from bragkit.engine import BragState
>>> from bragkit.engine.brag import core
>>> from bragkit.rules import get_preset
>>> s = BragState.new(get_preset("modern"), [9, 9, 9], rng=random.Random(1))
>>> isinstance(s, core.BragRecord), s.stay_cost(1), s.active
(True, 1, (0, 1, 2))
>>> w = core.Work(s)
>>> w.pay(1, 2)
>>> t = w.freeze(1, None)
>>> type(t).__name__, t.pot, t.stacks[1]
('BragState', 5, 6)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Final, Generic, NamedTuple, TypeVar

from bragkit.cards import Card
from bragkit.engine.actions import Action, LegalAction
from bragkit.engine.brag.betting import BragBetting, next_in_turn
from bragkit.engine.contract import slot_setter
from bragkit.engine.deal_protocol import DealProtocol
from bragkit.engine.events import Event
from bragkit.engine.kinds import Phase, SeatStatus, TurnFlags
from bragkit.errors import IllegalActionError

if TYPE_CHECKING:
    from bragkit.rules import Rules

__all__ = ["HAS_PROPOSED", "NOBODY", "NO_FLAGS", "PROPOSED", "QUALIFYING", "REBOUGHT",
           "WITH_PROPOSED", "AgreeRound", "AnyWork", "Asked", "BragFamily", "BragRecord", "Deal",
           "DealSetup", "LoanAsked", "LookChoice", "NameChoice", "Pending", "Qualifying", "Seldom",
           "ViewDigest", "Work", "deal_setup", "make", "make_seldom", "new_event", "seldom_with",
           "stub_event"]

P_BET: Final = Phase.BET
P_NAME: Final = Phase.NAME
S_IN: Final = SeatStatus.IN

PROPOSED: Final = TurnFlags.PROPOSED
"""Turn flag: this seat's showdown proposal was refused this turn (4.4.10)."""
REBOUGHT: Final = TurnFlags.REBOUGHT
"""Turn flag: this seat has rebought this turn (2.3)."""
QUALIFYING: Final = TurnFlags.QUALIFYING
"""Turn flag: the seat is discarding during the face-up qualifying phase."""
NO_FLAGS: Final = TurnFlags(0)
"""No turn flag set (a new turn)."""
_EVERY_FLAGS: Final = tuple(TurnFlags(v) for v in range(8))
WITH_PROPOSED: Final = {f: f | PROPOSED for f in _EVERY_FLAGS}
"""Turn flags -> the same with :data:`PROPOSED` set (an IntFlag's ``|`` costs Python calls;
its hash and equality are int's)."""
HAS_PROPOSED: Final = frozenset(f for f in _EVERY_FLAGS if f & PROPOSED)
"""The turn flags with :data:`PROPOSED` set (``flags in HAS_PROPOSED``: ``flags &
PROPOSED`` without IntFlag's ``&``)."""



# ---------------------------------------------------------------------- pending records
class LookChoice(NamedTuple):
    """``decide``: the seat looked at one of its two blind hands and keeps or throws it."""

    which: int
    """0: the retained (old) hand, 1: the new one."""


class NameChoice(NamedTuple):
    """``name``: a seat with two blind hands names one before a forced comparison."""

    then: int
    """What follows: 1 a cover showdown of ``a`` against ``b``, 2 a fold-out."""
    a: int
    b: int


class LoanAsked(NamedTuple):
    """``lend``: ``borrower`` asked to borrow and needs ``need`` chips (4.4.9)."""

    borrower: int
    need: int


class AgreeRound(NamedTuple):
    """``agree``: ``proposer`` proposed a showdown; ``waiting`` still have to answer."""

    proposer: int
    waiting: tuple[int, ...]


class Qualifying(NamedTuple):
    """``qualify``: the seats still to stay or fold against the face-up hand (4.4.7)."""

    queue: tuple[int, ...]


class Asked(NamedTuple):
    """A family's question to the seat to act (Teen Patti's side show): who asked."""

    asker: int


Pending = LookChoice | NameChoice | LoanAsked | AgreeRound | Qualifying | Asked
"""The phase-dependent data of a state (``None`` in the betting phase)."""

StartTemplate = tuple[tuple[int, ...], tuple[Event, ...], tuple[int, ...], int,
                      tuple[SeatStatus, ...], tuple[bool, ...], tuple[tuple[int, ...], ...],
                      tuple[int, ...], tuple[slice, ...], int, int]
"""What the common start of a deal shares with every deal of the same seats, dealer and
antes: (the seats dealt in, in order; the ante events; each seat's ante; their total; the
statuses; nobody has looked; no hand; no chips; each seat's hand as a slice of the pack
(empty for a seat not dealt in); how many cards are dealt; the first seat to act)."""

NOBODY: Final[frozenset[int]] = frozenset()
new_event: Final = tuple.__new__
"""``new_event(Event, (kind, seat, amount, cards, visible_to, note))``: an event, fast."""


def stub_event(card: int) -> Event:
    """The public ``stub`` event that shows ``card``, a face-up stub's new bottom card
    (4.4.11).

    >>> stub_event(7).kind, stub_event(7).cards, stub_event(7).visible_to
    ('stub', (7,), None)
    """
    return new_event(Event, ("stub", None, None, (card,), None, None))


class BragFamily:
    """Base class of the brag-style game families (the hooks the engine calls).

    Subclasses set :attr:`name`, build :attr:`ranking` and :attr:`betting` in ``__init__``
    and may override the hooks below.  All hooks have working defaults for modern Brag.
    """

    name: ClassVar[str] = "brag"
    foldout_carries: bool = True
    """A fold-out to a seat playing blind carries the pot (modern Brag) instead of paying it."""
    agreed_showdown: bool = True
    """Whether three or more seats may agree to a showdown (4.4.10)."""
    retained_hands: bool = True
    """Whether a blind fold-out winner may retain the hand (4.4.6, 4.4.7)."""
    has_extra: bool = False
    """Whether :meth:`extra_legal` may offer anything (saves a call per decision)."""
    has_after_bet: bool = False
    """Whether :meth:`after_bet` does anything (otherwise bets take the fast path)."""
    see_section: ClassVar[str] = "4.4.2"
    """The rules section of this game's see (Teen Patti's show: 4.7), cited by errors."""
    title: ClassVar[str] = "brag-style games"
    """How error messages name the game (``'x' is not an action of ...``)."""
    see_alias: ClassVar[str | None] = None
    """Another name of the see in this game (Teen Patti calls it ``show``), normalised to
    ``see`` in the betting phase."""
    plain_bets: tuple[tuple[int, int], tuple[int, int], bool, str] | None = None
    """The bounds ``(lo, hi)`` of a first bet blind and open, whether a short seat may cover
    and the see's price (``see_mode``) when this family's betting is plain (no raise limit
    or factor, no pot limit, blind play allowed, no rebuy at any time, no extra action, no
    lending): the fast path of the legal actions (brag/legal.py),
    set by :func:`~bragkit.engine.brag.legal.legal_bet` on first use (``plain_known``)."""
    plain_known: bool = False
    """Whether :attr:`plain_bets` has been worked out for this family."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.ranking: Any = None
        self.betting = BragBetting()
        self.start_templates: dict[tuple[object, ...], StartTemplate] = {}
        """The card-free part of each common deal start (brag/start.py), by seats, dealer
        and who is dealt in: cached here, with the rules they come from."""

    # -------------------------------------------------------------- hooks
    def extra_legal(self, state: BragRecord | AnyWork, seat: int) -> list[LegalAction]:
        """Extra actions offered in the betting phase (none by default)."""
        return []

    def apply_extra(self, work: AnyWork, seat: int, action: Action) -> None:
        """Apply an extra action (or a response in a family phase); none by default."""
        raise IllegalActionError(f"p{seat + 1} {action}: {self.name} has no such action "
                                 "(rules 4.4.2)")

    def phase_legal(self, state: BragRecord | AnyWork) -> tuple[LegalAction, ...]:
        """Legal actions in a phase only this family knows."""
        return ()

    def after_bet(self, work: AnyWork, seat: int) -> None:
        """Called after every bet (Teen Patti's pot limit ends the betting here)."""


ViewDigest = tuple[tuple[Event, ...], tuple[Event, ...], "tuple[int, ...] | None",
                   dict[int, tuple[Card, ...]], "Card | None"]
"""What one seat may know from an event log: (the log, the log as the seat sees it, the cards
of its latest look, the other hands it has seen, the face-up stub card)."""


@dataclass(frozen=True, slots=True)
class DealSetup:
    """The fields every state of one deal shares and none changes: built once per deal,
    linked from each of its states.  ``views`` holds each seat's latest view digest
    (brag/views.py): kept with the deal, it goes when the deal's states go."""

    rules: Rules
    n: int
    dealer: int
    family: BragFamily = field(compare=False, repr=False)
    views: dict[int, ViewDigest] = field(default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Seldom:
    """The fields of a deal state that change seldom (covers, second hands, discards, the
    pending record, winners, carried and retained hands, debts, rebuys, the turn flags):
    one record, shared by consecutive states until one of them changes."""

    covered_pots: tuple[tuple[int, int], ...]
    retained_hand: tuple[tuple[int, ...], ...]
    discards: tuple[tuple[int, ...], ...]
    pending: Pending | None
    winners: tuple[int, ...]
    carried: int
    retained: tuple[int, ...]
    shuffle_next: bool
    debts: tuple[tuple[int, int, int], ...]
    bought: tuple[int, ...]
    total: int
    faceup: tuple[int, ...]
    retainer: int
    turn_flags: TurnFlags


@dataclass(frozen=True, slots=True)
class BragRecord(DealProtocol):
    """The fields and the pure queries of a brag-style deal state.

    :class:`~bragkit.engine.brag.state.BragState` adds the transitions; the machine's modules
    (legal actions, resolution, views, diagnosis) read states through this class, so none of
    them imports the state module.  Seats are 0-based; card fields hold card ids.  The
    fields that never change in a deal are the :class:`DealSetup` ``setup``, those that
    change seldom the :class:`Seldom` ``seldom``; each of theirs is also a property here.
    """

    setup: DealSetup
    seldom: Seldom
    stacks: tuple[int, ...]
    pot: int
    hands: tuple[tuple[int, ...], ...]
    looked: tuple[bool, ...]
    blind_bet: tuple[bool, ...]
    status: tuple[SeatStatus, ...]
    phase: Phase
    to_act: int
    stake: int
    """The open-equivalent stake R of the latest bet (a blind seat pays half to stay)."""
    last_bettor: int
    pack: tuple[int, ...]
    paid: tuple[int, ...]
    events: tuple[Event, ...]
    actions: tuple[tuple[int, Action], ...]
    origin: BragRecord | None = field(default=None, compare=False, repr=False)
    cache: list[tuple[LegalAction, ...]] = field(default_factory=list, compare=False, repr=False)

    # ------------------------------------------------------------------ the shared fields
    @property
    def rules(self) -> Rules:
        """The rules of the deal."""
        return self.setup.rules

    @property
    def n(self) -> int:
        """How many seats the table has."""
        return self.setup.n

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self.setup.dealer

    @property
    def family(self) -> BragFamily:
        """The game family's hooks."""
        return self.setup.family

    @property
    def covered_pots(self) -> tuple[tuple[int, int], ...]:
        """The covered pots, oldest first: (chips, the seat that covered)."""
        return self.seldom.covered_pots

    @property
    def retained_hand(self) -> tuple[tuple[int, ...], ...]:
        """Each seat's retained (old) blind hand, () if none (the hand it retained from the
        previous deal beside the new one, until it keeps one: rules 4.4.6)."""
        return self.seldom.retained_hand

    @property
    def discards(self) -> tuple[tuple[int, ...], ...]:
        """Each seat's discards."""
        return self.seldom.discards

    @property
    def pending(self) -> Pending | None:
        """The phase's pending record (None in the betting phase)."""
        return self.seldom.pending

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats that won a pot this deal, in order."""
        return self.seldom.winners

    @property
    def carried(self) -> int:
        """The pot carried into (or, once over, out of) this deal."""
        return self.seldom.carried

    @property
    def retained(self) -> tuple[int, ...]:
        """``(seat, *cards)`` of a retained blind hand, () if none."""
        return self.seldom.retained

    @property
    def shuffle_next(self) -> bool:
        """Whether the next deal is shuffled (a prial won a see)."""
        return self.seldom.shuffle_next

    @property
    def debts(self) -> tuple[tuple[int, int, int], ...]:
        """The debt ledger: (lender, borrower, chips)."""
        return self.seldom.debts

    @property
    def bought(self) -> tuple[int, ...]:
        """Chips each seat rebought this deal."""
        return self.seldom.bought

    @property
    def total(self) -> int:
        """The chips in play (stacks plus pots): the conservation target."""
        return self.seldom.total

    @property
    def faceup(self) -> tuple[int, ...]:
        """The face-up hand of the retained-hand variant (4.4.7), () if none."""
        return self.seldom.faceup

    @property
    def retainer(self) -> int:
        """The seat that retained a hand into this deal (-1 if none)."""
        return self.seldom.retainer

    @property
    def turn_flags(self) -> TurnFlags:
        """The flags of the current turn (:class:`~bragkit.engine.kinds.TurnFlags`)."""
        return self.seldom.turn_flags

    # ------------------------------------------------------------------ queries
    def turn_rule(self) -> str:
        """The turn order's docs/rules section (named when a seat acts out of turn)."""
        return "4.4.2"

    @property
    def active(self) -> tuple[int, ...]:
        """Seats still betting (not folded, not covered, dealt in)."""
        status = self.status
        return tuple(s for s in range(len(status)) if status[s] == S_IN)

    def stay_cost(self, seat: int) -> int:
        """Chips ``seat`` must pay to stay in now (the first bet's minimum when R = 0)."""
        lo, _ = self.setup.family.betting.bet_bounds(self.stake, not self.looked[seat], self.pot,
                                                     self.stacks[seat])
        return lo

    @property
    def net(self) -> tuple[int, ...]:
        """Each seat's chip change in this deal so far (antes included, rebuys excluded).

        >>> import random
        >>> from bragkit.engine import BragState
        >>> from bragkit.rules import get_preset
        >>> s = BragState.new(get_preset("modern"), [9, 9], rng=random.Random(1))
        >>> s.apply("look").apply("bet 2").apply("fold").net
        (-1, 1)
        """
        first = self.first()
        bought = self.seldom.bought
        return tuple(self.stacks[s] - first.stacks[s] - first.paid[s] - bought[s]
                     for s in range(self.setup.n))

    def chips_in_play(self) -> int:
        """Stacks plus every pot: always equals :attr:`total` (chip conservation)."""
        return sum(self.stacks) + self.pot + sum(a for a, _ in self.seldom.covered_pots)

    def all_cards(self) -> list[int]:
        """Every card id this deal accounts for (pack, hands, discards are in the pack)."""
        cards = list(self.pack)
        old = self.seldom.retained_hand
        for s in range(self.setup.n):
            cards.extend(self.hands[s])
            cards.extend(old[s])
        cards.extend(self.seldom.faceup)
        cards.extend(self.seldom.retained[1:])
        return cards

    def secret_cards(self, seat: int) -> set[int]:
        """Cards ``seat`` may not see now: every card dealt this deal (folded hands and the
        loser of a see included, and its own while blind) that was not shown to it.  The
        conformance checker compares views against this set."""
        shown: set[int] = set()
        for e in self.events:
            if e.cards is None or (e.kind == "deal" and e.visible_to is not None):
                continue
            if e.visible_to is None or seat in e.visible_to:
                shown.update(e.cards)
        first = self.first()
        dealt: set[int] = set()
        for s in range(self.setup.n):
            dealt.update(first.hands[s])
            dealt.update(first.seldom.retained_hand[s])
        dealt.update(first.seldom.faceup)
        return dealt - shown


R = TypeVar("R", bound=BragRecord)
R_co = TypeVar("R_co", bound=BragRecord, covariant=True)


class Work(Generic[R_co]):
    """A mutable copy of a brag-style state used inside one transition (the successor it
    freezes into has the class of the state it copies)."""

    __slots__ = (
        "base",
        "blind_bet",
        "bought",
        "carried",
        "covered_pots",
        "dealer",
        "debts",
        "discards",
        "faceup",
        "family",
        "hands",
        "last_bettor",
        "looked",
        "n",
        "new_events",
        "pack",
        "paid",
        "pending",
        "phase",
        "pot",
        "quiet",
        "retained",
        "retained_hand",
        "retainer",
        "rules",
        "shuffle_next",
        "stacks",
        "stake",
        "status",
        "to_act",
        "total",
        "turn_flags",
        "winners",
    )

    def __init__(self, st: R_co) -> None:
        self.base: R_co | None = st
        """The newest state built of this deal (None while a line has built none yet)."""
        setup = st.setup
        seldom = st.seldom
        self.rules = setup.rules
        self.family = setup.family
        self.n = setup.n
        self.dealer = setup.dealer
        self.stacks = list(st.stacks)
        self.pot = st.pot
        self.covered_pots = list(seldom.covered_pots)
        self.hands = list(st.hands)
        self.retained_hand = list(seldom.retained_hand)
        self.discards = list(seldom.discards)
        self.looked = list(st.looked)
        self.blind_bet = list(st.blind_bet)
        self.status = list(st.status)
        self.phase = st.phase
        self.to_act = st.to_act
        self.stake = st.stake
        self.last_bettor = st.last_bettor
        self.pack = st.pack
        self.paid = list(st.paid)
        self.total = seldom.total
        self.turn_flags = seldom.turn_flags
        self.pending = seldom.pending
        self.faceup = seldom.faceup
        self.retainer = seldom.retainer
        self.winners = list(seldom.winners)
        self.carried = seldom.carried
        self.retained = seldom.retained
        self.shuffle_next = seldom.shuffle_next
        self.debts = seldom.debts
        self.bought = list(seldom.bought)
        self.new_events: list[Event] = []
        self.quiet = False
        """True while nobody needs the events (a line that will not freeze this step)."""

    def freeze(self, seat: int, action: Action | None) -> R_co:
        """The immutable successor, of the base state's class (``action`` by ``seat`` is
        logged unless None)."""
        st = self.base
        assert st is not None, "a work copy freezes onto the state it was built from"
        actions = st.actions if action is None else (*st.actions, (seat, action))
        old = st.seldom
        covered = tuple(self.covered_pots)
        retained_hand = tuple(self.retained_hand)
        discards = tuple(self.discards)
        winners = tuple(self.winners)
        bought = tuple(self.bought)
        if (self.pending == old.pending and self.turn_flags == old.turn_flags
                and covered == old.covered_pots and winners == old.winners
                and discards == old.discards and retained_hand == old.retained_hand
                and bought == old.bought and self.carried == old.carried
                and self.retained == old.retained and self.shuffle_next == old.shuffle_next
                and self.debts == old.debts and self.total == old.total
                and self.faceup == old.faceup and self.retainer == old.retainer):
            seldom = old  # share the record while nothing in it changes (field by field)
        else:
            seldom = make_seldom(
                covered, retained_hand, discards, self.pending, winners, self.carried,
                self.retained, self.shuffle_next, self.debts, bought, self.total, self.faceup,
                self.retainer, self.turn_flags)
        return make(  # the fields in order (BragRecord)
            type(st), st.setup, seldom, tuple(self.stacks), self.pot, tuple(self.hands),
            tuple(self.looked), tuple(self.blind_bet), tuple(self.status), self.phase,
            self.to_act, self.stake, self.last_bettor, self.pack, tuple(self.paid),
            st.events + tuple(self.new_events), actions,
            st if action is not None else st.origin
        )

    # ---------------------------------------------------------------- helpers
    def emit(self, kind: str, seat: int | None = None, amount: int | None = None,
             cards: tuple[int, ...] | None = None, visible_to: frozenset[int] | None = None,
             note: str | None = None) -> None:
        """Append an event to the log (unless :attr:`quiet`)."""
        if self.quiet:
            return
        self.new_events.append(new_event(Event, (kind, seat, amount, cards, visible_to, note)))

    def stub_changed(self, face_up: bool = False) -> None:
        """Cards went to the bottom of a face-up stub (4.4.11): show its new bottom card.

        Only the stub itself after the deal, folded hands and the face-up hand of 4.4.7 go
        face up (``face_up=True``); anything else (a discard, a hand thrown or named sight
        unseen, a hand nobody has to show) goes face down, and the stub then shows a back:
        the ``stub`` event carries no card.
        """
        if self.rules.stub_face_up and self.pack:
            if face_up:
                if not self.quiet:
                    self.new_events.append(stub_event(self.pack[-1]))
            else:
                self.emit("stub", cards=(), note="face down")

    def first_active(self) -> int:
        """The lowest seat still betting."""
        return self.status.index(S_IN)

    def active_count(self) -> int:
        """How many seats are still betting."""
        return self.status.count(S_IN)

    def active_in_turn_order(self) -> list[int]:
        """Seats still betting, from the dealer's left."""
        n = self.n
        order = [(self.dealer + k) % n for k in range(1, n + 1)]
        return [s for s in order if self.status[s] == S_IN]

    def counts_blind(self, seat: int) -> bool:
        """Whether ``seat`` counts as playing blind at a fold-out (``blind_definition``)."""
        if self.looked[seat]:
            return False
        if self.rules.blind_definition == "has_bet_blind":
            return self.blind_bet[seat]
        return True

    def pay(self, seat: int, chips: int) -> None:
        """Move ``chips`` from ``seat``'s stack to the live pot."""
        self.stacks[seat] -= chips
        self.pot += chips
        self.paid[seat] += chips

    def advance(self, seat: int) -> None:
        """Pass the turn clockwise from ``seat`` to the next seat still betting."""
        self.to_act = next_in_turn(tuple(self.status), seat)
        self.phase = P_BET
        self.turn_flags = NO_FLAGS
        self.pending = None

    def ask_name(self, seat: int, cont: int, a: int, b: int) -> None:
        """``seat`` holds two blind hands and must name one before a forced comparison."""
        self.phase = P_NAME
        self.to_act = seat
        self.pending = NameChoice(cont, a, b)


# ---------------------------------------------------------------------- typed construction
_set_setup = slot_setter(BragRecord, "setup")
_set_seldom = slot_setter(BragRecord, "seldom")
_set_stacks = slot_setter(BragRecord, "stacks")
_set_pot = slot_setter(BragRecord, "pot")
_set_hands = slot_setter(BragRecord, "hands")
_set_looked = slot_setter(BragRecord, "looked")
_set_blind_bet = slot_setter(BragRecord, "blind_bet")
_set_status = slot_setter(BragRecord, "status")
_set_phase = slot_setter(BragRecord, "phase")
_set_to_act = slot_setter(BragRecord, "to_act")
_set_stake = slot_setter(BragRecord, "stake")
_set_last_bettor = slot_setter(BragRecord, "last_bettor")
_set_pack = slot_setter(BragRecord, "pack")
_set_paid = slot_setter(BragRecord, "paid")
_set_events = slot_setter(BragRecord, "events")
_set_actions = slot_setter(BragRecord, "actions")
_set_origin = slot_setter(BragRecord, "origin")
_set_cache = slot_setter(BragRecord, "cache")


def make(cls: type[R], setup: DealSetup,
         seldom: Seldom,
         stacks: tuple[int, ...],
         pot: int,
         hands: tuple[tuple[int, ...], ...],
         looked: tuple[bool, ...],
         blind_bet: tuple[bool, ...],
         status: tuple[SeatStatus, ...],
         phase: Phase,
         to_act: int,
         stake: int,
         last_bettor: int,
         pack: tuple[int, ...],
         paid: tuple[int, ...],
         events: tuple[Event, ...],
         actions: tuple[tuple[int, Action], ...],
         origin: BragRecord | None, /) -> R:
    """A new ``cls`` state (a :class:`BragRecord` class) from every field, in field order:
    the hot path's constructor (the frozen ``__init__`` is slow), each argument's type
    checked by mypy.  Positional on purpose: keywords cost about 30% more per call in
    CPython 3.11 (measured, docs/design/contract.md section 5)."""
    new = object.__new__(cls)
    _set_setup(new, setup)
    _set_seldom(new, seldom)
    _set_stacks(new, stacks)
    _set_pot(new, pot)
    _set_hands(new, hands)
    _set_looked(new, looked)
    _set_blind_bet(new, blind_bet)
    _set_status(new, status)
    _set_phase(new, phase)
    _set_to_act(new, to_act)
    _set_stake(new, stake)
    _set_last_bettor(new, last_bettor)
    _set_pack(new, pack)
    _set_paid(new, paid)
    _set_events(new, events)
    _set_actions(new, actions)
    _set_origin(new, origin)
    _set_cache(new, [])
    return new


_set_covered_pots = slot_setter(Seldom, "covered_pots")
_set_retained_hand = slot_setter(Seldom, "retained_hand")
_set_discards = slot_setter(Seldom, "discards")
_set_pending = slot_setter(Seldom, "pending")
_set_winners = slot_setter(Seldom, "winners")
_set_carried = slot_setter(Seldom, "carried")
_set_retained = slot_setter(Seldom, "retained")
_set_shuffle_next = slot_setter(Seldom, "shuffle_next")
_set_debts = slot_setter(Seldom, "debts")
_set_bought = slot_setter(Seldom, "bought")
_set_total = slot_setter(Seldom, "total")
_set_faceup = slot_setter(Seldom, "faceup")
_set_retainer = slot_setter(Seldom, "retainer")
_set_turn_flags = slot_setter(Seldom, "turn_flags")


def make_seldom(covered_pots: tuple[tuple[int, int], ...],
                retained_hand: tuple[tuple[int, ...], ...],
                discards: tuple[tuple[int, ...], ...],
                pending: Pending | None,
                winners: tuple[int, ...],
                carried: int,
                retained: tuple[int, ...],
                shuffle_next: bool,
                debts: tuple[tuple[int, int, int], ...],
                bought: tuple[int, ...],
                total: int,
                faceup: tuple[int, ...],
                retainer: int,
                turn_flags: TurnFlags, /) -> Seldom:
    """A new :class:`Seldom` record from every field, in field order (as :func:`make`)."""
    new = object.__new__(Seldom)
    _set_covered_pots(new, covered_pots)
    _set_retained_hand(new, retained_hand)
    _set_discards(new, discards)
    _set_pending(new, pending)
    _set_winners(new, winners)
    _set_carried(new, carried)
    _set_retained(new, retained)
    _set_shuffle_next(new, shuffle_next)
    _set_debts(new, debts)
    _set_bought(new, bought)
    _set_total(new, total)
    _set_faceup(new, faceup)
    _set_retainer(new, retainer)
    _set_turn_flags(new, turn_flags)
    return new


def seldom_with(seldom: Seldom, *, pending: Pending | None = None,
                turn_flags: TurnFlags = NO_FLAGS,
                carried: int | None = None, winners: tuple[int, ...] | None = None) -> Seldom:
    """``seldom`` itself when it already has these values (the common case), else a copy
    with them: what the fast paths change."""
    if (seldom.pending is pending and seldom.turn_flags == turn_flags
            and (carried is None or carried == seldom.carried)
            and (winners is None or winners == seldom.winners)):
        return seldom
    return make_seldom(seldom.covered_pots, seldom.retained_hand, seldom.discards, pending,
                       seldom.winners if winners is None else winners,
                       seldom.carried if carried is None else carried, seldom.retained,
                       seldom.shuffle_next, seldom.debts, seldom.bought, seldom.total,
                       seldom.faceup, seldom.retainer, turn_flags)


_set_setup_rules = slot_setter(DealSetup, "rules")
_set_setup_n = slot_setter(DealSetup, "n")
_set_setup_dealer = slot_setter(DealSetup, "dealer")
_set_setup_family = slot_setter(DealSetup, "family")
_set_setup_views = slot_setter(DealSetup, "views")


def deal_setup(family: BragFamily, rules: Rules, n: int, dealer: int) -> DealSetup:
    """A new deal's :class:`DealSetup` (no view digest yet)."""
    new = object.__new__(DealSetup)
    _set_setup_rules(new, rules)
    _set_setup_n(new, n)
    _set_setup_dealer(new, dealer)
    _set_setup_family(new, family)
    _set_setup_views(new, {})
    return new


AnyWork = Work[BragRecord]
"""The work copy of any brag-style state (resolution and hooks do not care which class)."""
Deal = BragRecord | AnyWork
"""A brag-style deal as the legal actions read it: a state, or the mutable machine of a deal
(:class:`Work`, with the same names for everything they read)."""
