"""The immutable state of one brag-style deal: legal actions, transitions, views.

>>> import random
>>> from bragkit.rules import get_preset
>>> from bragkit.engine.pack import shuffled_pack
>>> s = BragState.start(get_preset("modern"), stacks=(50, 50, 50), dealer=0,
...                     pack=shuffled_pack(get_preset("modern"), random.Random(1)))
>>> s.to_act, s.pot, [str(a) for a in s.legal_actions()]
(1, 3, ['look', 'fold', 'bet 1..5'])
>>> s2 = s.apply(parse_action("bet 2"))      # blind: 2 chips are worth 4
>>> s2.r, s2.to_act, s.pot, s2.pot
(4, 2, 3, 5)
>>> s2.apply(parse_action("see"))
Traceback (most recent call last):
...
bragkit.errors.IllegalActionError: p3 see: a see needs exactly two players left (rules-spec 4.4.2)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from bragkit.engine import brag_resolve as res
from bragkit.engine.actions import Action, LegalAction, parse_action
from bragkit.engine.brag_betting import next_in_turn
from bragkit.engine.deal_protocol import DealProtocol, fast_builder
from bragkit.engine.events import Event
from bragkit.engine.family import BragFamily
from bragkit.errors import IllegalActionError

if TYPE_CHECKING:
    from bragkit.engine.views import SeatView
    from bragkit.rules import Rules

__all__ = ["BragState", "Work", "parse_action"]

PROPOSED: Final = 1
REBOUGHT: Final = 2
QUALIFYING: Final = res.QUALIFYING

_FOLD: Final = LegalAction("fold")
_LOOK: Final = LegalAction("look")
_LOOK2: Final = LegalAction("look", args=("old", "new"))
_SHOWDOWN: Final = LegalAction("showdown")
_NOBODY: Final[frozenset[int]] = frozenset()
_new_event: Final = tuple.__new__


@dataclass(frozen=True, slots=True)
class BragState(DealProtocol):
    """One deal of a brag-style game, as an immutable value.

    Build the first state with :meth:`start`; every :meth:`apply` returns a new state.  Seats
    are 0-based here (``p1`` is seat 0 in action strings).  Card fields hold card ids.
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
    status: tuple[str, ...]
    phase: str
    to_act: int
    r: int
    last_bettor: int
    pack: tuple[int, ...]
    paid: tuple[int, ...]
    total: int
    turn: int
    pending: tuple[int, ...]
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
    origin: BragState | None = field(default=None, compare=False, repr=False)
    cache: list[Any] = field(default_factory=list, compare=False, repr=False)

    # ------------------------------------------------------------------ creation
    @staticmethod
    def start(rules: Rules, stacks: tuple[int, ...] | list[int], dealer: int,
              pack: tuple[int, ...] | list[int], *, carried: int = 0,
              retained: tuple[int, ...] = (), debts: tuple[tuple[int, int, int], ...] = (),
              ) -> BragState:
        """Post the antes and deal a new hand from ``pack`` (card ids, top first).

        ``carried`` is a pot carried from the previous deal; ``retained`` is ``(seat, *cards)``
        of a retained blind hand (4.4.6, 4.4.7).  Seats that cannot pay the ante sit out.
        """
        from bragkit.engine.brag_start import start_deal

        return start_deal(rules, tuple(stacks), dealer, tuple(pack), carried, retained, debts)

    # ------------------------------------------------------------------ queries
    def turn_rule(self) -> str:
        """The turn order's rules-spec section (named when a seat acts out of turn)."""
        return "4.4.2"

    @property
    def active(self) -> tuple[int, ...]:
        """Seats still betting (not folded, not covered, dealt in)."""
        return tuple(s for s in range(self.n) if self.status[s] == "in")

    def stay_cost(self, seat: int) -> int:
        """Chips ``seat`` must pay to stay in now (the first bet's minimum when R = 0)."""
        lo, _ = self.family.betting.bet_bounds(self.r, not self.looked[seat], self.pot,
                                               self.stacks[seat])
        return lo

    def legal_actions(self) -> tuple[LegalAction, ...]:
        """Everything the seat to act may do now, with exact costs and bet bounds.

        Empty exactly when the deal is over.
        """
        cache = self.cache
        if cache:
            legal: tuple[LegalAction, ...] = cache[0]
            return legal
        legal = _legal(self)
        cache.append(legal)
        return legal

    def normalize(self, action: Action) -> Action:
        """The canonical form of ``action`` here: discards in hand order, and Teen Patti's
        ``show`` as ``see``.  :meth:`apply` normalises before checking legality."""
        if action.kind == "discard" and action.arg is not None and self.phase == "discard":
            return _canonical_discard(self, action)
        if (action.kind == "show" and self.phase == "bet" and action.arg is None
                and self.family.name == "teen-patti"):
            return Action("see")  # Teen Patti calls the see a "show"
        return action

    def is_legal(self, action: Action) -> bool:
        """Whether the seat to act may take ``action`` now."""
        action = self.normalize(action)
        return any(la.allows(action) for la in self.legal_actions())

    def apply(self, action: Action | str) -> BragState:
        """The state after the seat to act takes ``action``.

        Raises :class:`~bragkit.errors.IllegalActionError` naming the rule broken; this
        state is unchanged (it is immutable).
        """
        if isinstance(action, str):
            action = parse_action(action)
        kind = action.kind
        if kind == "discard" or kind == "show":
            action = self.normalize(action)
            kind = action.kind
        cache = self.cache
        legal = cache[0] if cache else self.legal_actions()
        for la in legal:
            if la.kind == kind and la.allows(action):
                return _apply(self, self.to_act, action)
        raise IllegalActionError(_diagnose(self, action))

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know: never a card it may not see."""
        from bragkit.engine.views import seat_view

        return seat_view(self, seat)

    @property
    def net(self) -> tuple[int, ...]:
        """Each seat's chip change in this deal so far (antes included, rebuys excluded).

        >>> import random
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


class Work:
    """A mutable copy of a :class:`BragState` used inside one transition."""

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

    def __init__(self, st: BragState) -> None:
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

    def freeze(self, seat: int, action: Action | None) -> BragState:
        """The immutable successor (``action`` by ``seat`` is logged unless None)."""
        st = self.base
        actions = st.actions if action is None else (*st.actions, (seat, action))
        return _build(  # type: ignore[no-any-return]
            self.rules, self.n, self.dealer, tuple(self.stacks), self.pot, tuple(self.frozen),
            tuple(self.hands), tuple(self.old), tuple(self.discards), tuple(self.looked),
            tuple(self.blind_bet), tuple(self.status), self.phase, self.to_act, self.r,
            self.last_bettor, self.pack, tuple(self.paid), self.total, self.turn,
            self.pending, self.faceup, self.retainer, tuple(self.winners), self.carried,
            self.retained, self.shuffle_next, self.debts, tuple(self.bought),
            st.events + tuple(self.new_events), actions, self.family,
            st if action is not None else st.origin, [])

    # ---------------------------------------------------------------- helpers
    def emit(self, kind: str, seat: int | None = None, amount: int | None = None,
             cards: tuple[int, ...] | None = None, visible_to: frozenset[int] | None = None,
             note: str | None = None) -> None:
        """Append an event to the log."""
        self.new_events.append(_new_event(Event, (kind, seat, amount, cards, visible_to, note)))

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
        return self.status.index("in")

    def active_count(self) -> int:
        """How many seats are still betting."""
        return self.status.count("in")

    def active_in_turn_order(self) -> list[int]:
        """Seats still betting, from the dealer's left."""
        n = self.n
        order = [(self.dealer + k) % n for k in range(1, n + 1)]
        return [s for s in order if self.status[s] == "in"]

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
        self.phase = "bet"
        self.turn = 0
        self.pending = ()

    def ask_name(self, seat: int, cont: int, a: int, b: int) -> None:
        """``seat`` holds two blind hands and must name one before a forced comparison."""
        self.phase = "name"
        self.to_act = seat
        self.pending = (cont, a, b)


# ---------------------------------------------------------------------- fast construction
_build: Any = fast_builder(BragState)


# ---------------------------------------------------------------------- transitions
def _apply(st: BragState, p: int, action: Action) -> BragState:
    fast = _fast_path(st, p, action)
    if fast is not None:
        return fast
    w = Work(st)
    kind = action.kind
    handler = _HANDLERS.get(kind)
    if handler is None:
        st.family.apply_extra(w, p, action)
    else:
        handler(w, p, action)
    return w.freeze(p, action)


def _do_look(w: Work, p: int, action: Action) -> None:
    vis = frozenset({p})
    if action.arg is not None:
        which = 0 if action.arg == "old" else 1
        cards = w.old[p] if which == 0 else w.hands[p]
        w.emit("look", p, cards=cards, visible_to=vis, note=action.arg)
        w.phase = "decide"
        w.pending = (which,)
        return
    w.looked[p] = True
    w.emit("look", p, cards=w.hands[p], visible_to=vis)
    if w.rules.discards:
        w.phase = "discard"


def _do_keep(w: Work, p: int, action: Action) -> None:
    which = w.pending[0]
    if which == 0:
        kept, other = w.old[p], w.hands[p]
    else:
        kept, other = w.hands[p], w.old[p]
    w.pack += other
    w.hands[p] = kept
    w.old[p] = ()
    w.looked[p] = True
    w.emit("keep", p, note="old" if which == 0 else "new")
    w.stub_changed()
    w.pending = ()
    w.phase = "discard" if w.rules.discards else "bet"


def _do_throw(w: Work, p: int, action: Action) -> None:
    which = w.pending[0]
    if which == 0:
        w.pack += w.old[p]
    else:
        w.pack += w.hands[p]
        w.hands[p] = w.old[p]
    w.old[p] = ()
    w.emit("throw", p, note="old" if which == 0 else "new")
    w.stub_changed()
    w.pending = ()
    w.phase = "bet"


def _do_discard(w: Work, p: int, action: Action) -> None:
    from bragkit.cards import parse_cards

    assert action.arg is not None
    ids = tuple(c.id for c in parse_cards(action.arg))
    w.hands[p] = tuple(c for c in w.hands[p] if c not in ids)
    w.discards[p] = ids
    w.pack += ids
    w.emit("discard", p, cards=ids, visible_to=frozenset({p}))
    w.stub_changed()
    if w.turn & QUALIFYING:
        w.turn = 0
        w.phase = "qualify"
    else:
        w.phase = "bet"


def _do_bet(w: Work, p: int, action: Action) -> None:
    x = action.amount
    assert x is not None
    blind = not w.looked[p]
    w.pay(p, x)
    w.r = w.family.betting.equivalent(x, blind)
    w.last_bettor = p
    if blind:
        w.blind_bet[p] = True
    w.emit("bet", p, amount=x, note="blind" if blind else None)
    w.family.after_bet(w, p)
    if w.phase == "bet":
        w.advance(p)


def _do_fold(w: Work, p: int, action: Action) -> None:
    w.status[p] = "folded"
    w.emit("fold", p)
    res.return_cards(w, p, face_up=True)
    if w.phase == "qualify":
        res.enter_qualify(w, w.pending)
        return
    if w.active_count() == 1:
        res.foldout(w)
    else:
        w.advance(p)


def _do_see(w: Work, p: int, action: Action) -> None:
    q = next_in_turn(tuple(w.status), p)
    cost = w.family.betting.see_cost(w.r, not w.looked[p], not w.looked[q])
    w.pay(p, cost)
    w.emit("see", p, amount=cost)
    res.see_showdown(w, p, q)


def _do_cover(w: Work, p: int, action: Action) -> None:
    if action.arg is not None:
        _name(w, p, action.arg)
    chips = w.stacks[p]
    w.pay(p, chips)
    w.status[p] = "covered"
    w.emit("cover", p, amount=chips)
    if w.active_count() >= 2:
        w.frozen.append((w.pot, p))
        w.pot = 0
        w.advance(p)
        return
    res.cover_showdown(w, p, w.first_active())


def _do_rebuy(w: Work, p: int, action: Action) -> None:
    assert action.amount is not None
    w.stacks[p] += action.amount
    w.total += action.amount
    w.bought[p] += action.amount
    w.turn |= REBOUGHT
    w.emit("rebuy", p, amount=action.amount)


def _do_borrow(w: Work, p: int, action: Action) -> None:
    from bragkit.engine.brag_legal import borrow_need

    q = next_in_turn(tuple(w.status), p)
    need = borrow_need(w.base, p)
    w.emit("borrow", p)
    w.phase = "lend"
    w.to_act = q
    w.pending = (p, need)


def _do_lend(w: Work, q: int, action: Action) -> None:
    p = w.pending[0]
    amount = action.amount
    assert amount is not None
    w.stacks[q] -= amount
    w.stacks[p] += amount
    w.debts = (*w.debts, (q, p, amount))
    w.emit("lend", q, amount=amount, note=f"to p{p + 1}")
    w.phase = "bet"
    w.to_act = p
    w.pending = ()


def _do_show(w: Work, q: int, action: Action) -> None:
    p = w.pending[0]
    if action.arg is not None:
        _name(w, q, action.arg)
    chips = w.stacks[p]
    w.pay(p, chips)
    w.emit("show", q, amount=chips, note=f"p{p + 1} puts in the rest")
    res.cover_showdown(w, p, q)


def _name(w: Work, p: int, which: str) -> None:
    """Keep one of two blind hands sight unseen; the other goes to the bottom."""
    if which == "old":
        w.pack += w.hands[p]
        w.hands[p] = w.old[p]
    else:
        w.pack += w.old[p]
    w.old[p] = ()
    w.emit("name", p, note=which)
    w.stub_changed()


def _do_name(w: Work, p: int, action: Action) -> None:
    assert action.arg is not None
    _name(w, p, action.arg)
    cont, a, b = w.pending
    w.pending = ()
    if cont == 1:
        res.cover_showdown(w, a, b)
    else:
        res.foldout(w)


def _do_propose(w: Work, p: int, action: Action) -> None:
    n = w.n
    others = tuple(s for s in ((p + k) % n for k in range(1, n)) if w.status[s] == "in")
    w.emit("propose", p)
    w.phase = "agree"
    w.pending = (p, *others[1:])
    w.to_act = others[0]


def _do_agree(w: Work, q: int, action: Action) -> None:
    w.emit("agree", q)
    proposer, *rest = w.pending
    if rest:
        w.to_act = rest[0]
        w.pending = (proposer, *rest[1:])
        return
    res.multiway_showdown(w)


def _do_refuse(w: Work, q: int, action: Action) -> None:
    w.emit("refuse", q)
    w.to_act = w.pending[0]
    w.pending = ()
    w.phase = "bet"
    w.turn |= PROPOSED


def _do_stay(w: Work, p: int, action: Action) -> None:
    w.emit("stay", p)
    res.enter_qualify(w, w.pending)


def _do_retain(w: Work, p: int, action: Action) -> None:
    if action.arg is not None:
        _name(w, p, action.arg)
    w.retained = (p, *w.hands[p])
    w.hands[p] = ()
    w.emit("retain", p)
    res.end_deal(w)


def _do_release(w: Work, p: int, action: Action) -> None:
    w.emit("release", p)
    res.return_cards(w, p)
    res.end_deal(w)


_HANDLERS: Final = {
    "look": _do_look, "keep": _do_keep, "throw": _do_throw, "discard": _do_discard,
    "bet": _do_bet, "fold": _do_fold, "see": _do_see, "cover": _do_cover,
    "rebuy": _do_rebuy, "borrow": _do_borrow, "lend": _do_lend, "show": _do_show,
    "name": _do_name, "showdown": _do_propose, "agree": _do_agree, "refuse": _do_refuse,
    "stay": _do_stay, "retain": _do_retain, "release": _do_release,
}


# ---------------------------------------------------------------------- diagnosis
def _diagnose(st: BragState, action: Action) -> str:
    """Why ``action`` is illegal, naming the rule."""
    from bragkit.engine.diagnose import diagnose

    return diagnose(st, action)


# The fast paths need the definitions above; bind them last.
from bragkit.engine.brag_fast import fast as _fast_path  # noqa: E402
from bragkit.engine.brag_legal import (  # noqa: E402
    _canonical_discard,
    _legal,
)

if TYPE_CHECKING:  # mypy checks that the state satisfies the one contract
    from bragkit.engine.contract import GameState

    def _satisfies_contract(state: BragState) -> GameState:
        return state
