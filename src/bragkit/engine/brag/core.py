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

from bragkit.engine.actions import Action, LegalAction
from bragkit.engine.brag.betting import BragBetting, next_in_turn
from bragkit.engine.contract import slot_setter
from bragkit.engine.deal_protocol import DealProtocol
from bragkit.engine.events import Event
from bragkit.engine.kinds import Phase, SeatStatus, TurnFlags
from bragkit.errors import IllegalActionError

if TYPE_CHECKING:
    from bragkit.rules import Rules

__all__ = ["NOBODY", "NO_FLAGS", "PROPOSED", "QUALIFYING", "REBOUGHT", "AgreeRound", "AnyWork",
           "Asked", "BragFamily", "BragRecord", "LoanAsked", "LookChoice", "NameChoice", "Pending",
           "Qualifying", "Work", "make", "new_event"]

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
                      tuple[SeatStatus, ...]]
"""What the common start of a deal shares with every deal of the same seats, dealer and
antes: (the seats dealt in, in order; the ante events; each seat's ante; their total; the
statuses)."""

NOBODY: Final[frozenset[int]] = frozenset()
new_event: Final = tuple.__new__
"""``new_event(Event, (kind, seat, amount, cards, visible_to, note))``: an event, fast."""


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

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.ranking: Any = None
        self.betting = BragBetting()
        self.start_templates: dict[tuple[object, ...], StartTemplate] = {}
        """The card-free part of each common deal start (brag/start.py), by seats, dealer
        and statuses: cached here, with the rules they come from."""

    # -------------------------------------------------------------- hooks
    def extra_legal(self, state: BragRecord, seat: int) -> list[LegalAction]:
        """Extra actions offered in the betting phase (none by default)."""
        return []

    def apply_extra(self, work: AnyWork, seat: int, action: Action) -> None:
        """Apply an extra action (or a response in a family phase); none by default."""
        raise IllegalActionError(f"p{seat + 1} {action}: {self.name} has no such action "
                                 "(rules 4.4.2)")

    def phase_legal(self, state: BragRecord) -> tuple[LegalAction, ...]:
        """Legal actions in a phase only this family knows."""
        return ()

    def after_bet(self, work: AnyWork, seat: int) -> None:
        """Called after every bet (Teen Patti's pot limit ends the betting here)."""


@dataclass(frozen=True, slots=True)
class BragRecord(DealProtocol):
    """The fields and the pure queries of a brag-style deal state.

    :class:`~bragkit.engine.brag.state.BragState` adds the transitions; the machine's modules
    (legal actions, resolution, views, diagnosis) read states through this class, so none of
    them imports the state module.  Seats are 0-based; card fields hold card ids.
    """

    rules: Rules
    n: int
    dealer: int
    stacks: tuple[int, ...]
    pot: int
    frozen: tuple[tuple[int, int], ...]
    hands: tuple[tuple[int, ...], ...]
    old: tuple[tuple[int, ...], ...]
    discards: tuple[tuple[int, ...], ...]
    looked: tuple[bool, ...]
    blind_bet: tuple[bool, ...]
    status: tuple[SeatStatus, ...]
    phase: Phase
    to_act: int
    r: int
    last_bettor: int
    pack: tuple[int, ...]
    paid: tuple[int, ...]
    total: int
    turn: TurnFlags
    pending: Pending | None
    faceup: tuple[int, ...]
    retainer: int
    winners: tuple[int, ...]
    carried: int
    retained: tuple[int, ...]
    shuffle_next: bool
    debts: tuple[tuple[int, int, int], ...]
    bought: tuple[int, ...]
    events: tuple[Event, ...]
    actions: tuple[tuple[int, Action], ...]
    family: BragFamily = field(compare=False, repr=False)
    origin: BragRecord | None = field(default=None, compare=False, repr=False)
    cache: list[tuple[LegalAction, ...]] = field(default_factory=list, compare=False, repr=False)

    # ------------------------------------------------------------------ queries
    def turn_rule(self) -> str:
        """The turn order's docs/rules section (named when a seat acts out of turn)."""
        return "4.4.2"

    @property
    def active(self) -> tuple[int, ...]:
        """Seats still betting (not folded, not covered, dealt in)."""
        return tuple(s for s in range(self.n) if self.status[s] == S_IN)

    def stay_cost(self, seat: int) -> int:
        """Chips ``seat`` must pay to stay in now (the first bet's minimum when R = 0)."""
        lo, _ = self.family.betting.bet_bounds(self.r, not self.looked[seat], self.pot,
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
        return tuple(self.stacks[s] - first.stacks[s] - first.paid[s] - self.bought[s]
                     for s in range(self.n))

    def chips_in_play(self) -> int:
        """Stacks plus every pot: always equals :attr:`total` (chip conservation)."""
        return sum(self.stacks) + self.pot + sum(a for a, _ in self.frozen)

    def all_cards(self) -> list[int]:
        """Every card id this deal accounts for (pack, hands, discards are in the pack)."""
        cards = list(self.pack)
        for s in range(self.n):
            cards.extend(self.hands[s])
            cards.extend(self.old[s])
        cards.extend(self.faceup)
        cards.extend(self.retained[1:])
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
        for s in range(self.n):
            dealt.update(first.hands[s])
            dealt.update(first.old[s])
        dealt.update(first.faceup)
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
        "dealer",
        "debts",
        "discards",
        "faceup",
        "family",
        "frozen",
        "hands",
        "last_bettor",
        "looked",
        "n",
        "new_events",
        "old",
        "pack",
        "paid",
        "pending",
        "phase",
        "pot",
        "r",
        "retained",
        "retainer",
        "rules",
        "shuffle_next",
        "stacks",
        "status",
        "to_act",
        "total",
        "turn",
        "winners",
    )

    def __init__(self, st: R_co) -> None:
        self.base = st
        self.rules = st.rules
        self.family = st.family
        self.n = st.n
        self.dealer = st.dealer
        self.stacks = list(st.stacks)
        self.pot = st.pot
        self.frozen = list(st.frozen)
        self.hands = list(st.hands)
        self.old = list(st.old)
        self.discards = list(st.discards)
        self.looked = list(st.looked)
        self.blind_bet = list(st.blind_bet)
        self.status = list(st.status)
        self.phase = st.phase
        self.to_act = st.to_act
        self.r = st.r
        self.last_bettor = st.last_bettor
        self.pack = st.pack
        self.paid = list(st.paid)
        self.total = st.total
        self.turn = st.turn
        self.pending = st.pending
        self.faceup = st.faceup
        self.retainer = st.retainer
        self.winners = list(st.winners)
        self.carried = st.carried
        self.retained = st.retained
        self.shuffle_next = st.shuffle_next
        self.debts = st.debts
        self.bought = list(st.bought)
        self.new_events: list[Event] = []

    def freeze(self, seat: int, action: Action | None) -> R_co:
        """The immutable successor, of the base state's class (``action`` by ``seat`` is
        logged unless None)."""
        st = self.base
        actions = st.actions if action is None else (*st.actions, (seat, action))
        return make(  # the fields in order (BragRecord)
            type(st), self.rules, self.n, self.dealer, tuple(self.stacks), self.pot,
            tuple(self.frozen), tuple(self.hands), tuple(self.old), tuple(self.discards),
            tuple(self.looked), tuple(self.blind_bet), tuple(self.status), self.phase, self.to_act,
            self.r, self.last_bettor, self.pack, tuple(self.paid), self.total, self.turn,
            self.pending, self.faceup, self.retainer, tuple(self.winners), self.carried,
            self.retained, self.shuffle_next, self.debts, tuple(self.bought), st.events +
            tuple(self.new_events), actions, self.family, st if action is not None else st.origin
        )

    # ---------------------------------------------------------------- helpers
    def emit(self, kind: str, seat: int | None = None, amount: int | None = None,
             cards: tuple[int, ...] | None = None, visible_to: frozenset[int] | None = None,
             note: str | None = None) -> None:
        """Append an event to the log."""
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
                self.emit("stub", cards=(self.pack[-1],))
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
        self.turn = NO_FLAGS
        self.pending = None

    def ask_name(self, seat: int, cont: int, a: int, b: int) -> None:
        """``seat`` holds two blind hands and must name one before a forced comparison."""
        self.phase = P_NAME
        self.to_act = seat
        self.pending = NameChoice(cont, a, b)


# ---------------------------------------------------------------------- typed construction
_set_rules = slot_setter(BragRecord, "rules")
_set_n = slot_setter(BragRecord, "n")
_set_dealer = slot_setter(BragRecord, "dealer")
_set_stacks = slot_setter(BragRecord, "stacks")
_set_pot = slot_setter(BragRecord, "pot")
_set_frozen = slot_setter(BragRecord, "frozen")
_set_hands = slot_setter(BragRecord, "hands")
_set_old = slot_setter(BragRecord, "old")
_set_discards = slot_setter(BragRecord, "discards")
_set_looked = slot_setter(BragRecord, "looked")
_set_blind_bet = slot_setter(BragRecord, "blind_bet")
_set_status = slot_setter(BragRecord, "status")
_set_phase = slot_setter(BragRecord, "phase")
_set_to_act = slot_setter(BragRecord, "to_act")
_set_r = slot_setter(BragRecord, "r")
_set_last_bettor = slot_setter(BragRecord, "last_bettor")
_set_pack = slot_setter(BragRecord, "pack")
_set_paid = slot_setter(BragRecord, "paid")
_set_total = slot_setter(BragRecord, "total")
_set_turn = slot_setter(BragRecord, "turn")
_set_pending = slot_setter(BragRecord, "pending")
_set_faceup = slot_setter(BragRecord, "faceup")
_set_retainer = slot_setter(BragRecord, "retainer")
_set_winners = slot_setter(BragRecord, "winners")
_set_carried = slot_setter(BragRecord, "carried")
_set_retained = slot_setter(BragRecord, "retained")
_set_shuffle_next = slot_setter(BragRecord, "shuffle_next")
_set_debts = slot_setter(BragRecord, "debts")
_set_bought = slot_setter(BragRecord, "bought")
_set_events = slot_setter(BragRecord, "events")
_set_actions = slot_setter(BragRecord, "actions")
_set_family = slot_setter(BragRecord, "family")
_set_origin = slot_setter(BragRecord, "origin")
_set_cache = slot_setter(BragRecord, "cache")


def make(cls: type[R], rules: Rules,
         n: int,
         dealer: int,
         stacks: tuple[int, ...],
         pot: int,
         frozen: tuple[tuple[int, int], ...],
         hands: tuple[tuple[int, ...], ...],
         old: tuple[tuple[int, ...], ...],
         discards: tuple[tuple[int, ...], ...],
         looked: tuple[bool, ...],
         blind_bet: tuple[bool, ...],
         status: tuple[SeatStatus, ...],
         phase: Phase,
         to_act: int,
         r: int,
         last_bettor: int,
         pack: tuple[int, ...],
         paid: tuple[int, ...],
         total: int,
         turn: TurnFlags,
         pending: Pending | None,
         faceup: tuple[int, ...],
         retainer: int,
         winners: tuple[int, ...],
         carried: int,
         retained: tuple[int, ...],
         shuffle_next: bool,
         debts: tuple[tuple[int, int, int], ...],
         bought: tuple[int, ...],
         events: tuple[Event, ...],
         actions: tuple[tuple[int, Action], ...],
         family: BragFamily,
         origin: BragRecord | None, /) -> R:
    """A new ``cls`` state (a :class:`BragRecord` class) from every field, in field order:
    the hot path's constructor (the frozen ``__init__`` is slow), each argument's type
    checked by mypy.  Positional on purpose: a call with 34 keywords costs about 10 us in
    CPython 3.11 (measured), a positional one under 1 us; keywords come back with fewer
    fields per state (design section 5, cut 1)."""
    new = object.__new__(cls)
    _set_rules(new, rules)
    _set_n(new, n)
    _set_dealer(new, dealer)
    _set_stacks(new, stacks)
    _set_pot(new, pot)
    _set_frozen(new, frozen)
    _set_hands(new, hands)
    _set_old(new, old)
    _set_discards(new, discards)
    _set_looked(new, looked)
    _set_blind_bet(new, blind_bet)
    _set_status(new, status)
    _set_phase(new, phase)
    _set_to_act(new, to_act)
    _set_r(new, r)
    _set_last_bettor(new, last_bettor)
    _set_pack(new, pack)
    _set_paid(new, paid)
    _set_total(new, total)
    _set_turn(new, turn)
    _set_pending(new, pending)
    _set_faceup(new, faceup)
    _set_retainer(new, retainer)
    _set_winners(new, winners)
    _set_carried(new, carried)
    _set_retained(new, retained)
    _set_shuffle_next(new, shuffle_next)
    _set_debts(new, debts)
    _set_bought(new, bought)
    _set_events(new, events)
    _set_actions(new, actions)
    _set_family(new, family)
    _set_origin(new, origin)
    _set_cache(new, [])
    return new


AnyWork = Work[BragRecord]
"""The work copy of any brag-style state (resolution and hooks do not care which class)."""
