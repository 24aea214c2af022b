"""The immutable state of one poker-style deal: legal actions, transitions, views.

The state runs the equalising betting machine (:mod:`.poker_betting`) and hands every other
decision and the settlement to its game (:mod:`.poker_game`).  It offers the interface the
table model works on: ``legal_actions()``, ``apply(action)``, ``apply_move(seat, action)``,
``is_over``, ``view(seat)``, ``events``, ``replay()``, chip and card accounting.

>>> import random
>>> from bragkit.rules import get_preset
>>> from bragkit.engine.pack import shuffled_pack
>>> rules = get_preset("foster")
>>> s = PokerState.start(rules, (50, 50, 50, 50), 3, shuffled_pack(rules, random.Random(1)))
>>> s.phase, s.to_act, [str(a) for a in s.legal_actions()]
('ante', 3, ['ante 1..10'])
>>> s = s.apply("ante 2")
>>> s.to_act, [str(a) for a in s.legal_actions()]
(0, ['fold', 'call (costs 2)', 'raise 1..10'])
>>> s.apply("raise 11")
Traceback (most recent call last):
...
bragkit.errors.IllegalActionError: p1 raise 11: a raise must be 1..10 chips (the betting limit...
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from bragkit.cards import card_from_id, parse_cards
from bragkit.engine.actions import Action, LegalAction, format_move, parse_action
from bragkit.engine.deal_protocol import DealProtocol, fast_builder
from bragkit.engine.events import Event
from bragkit.engine.poker_betting import Round, side_pots, split
from bragkit.engine.poker_game import PokerGame, poker_game_for
from bragkit.engine.views import SeatView, reusable_digest
from bragkit.errors import BragError, CardError, IllegalActionError

if TYPE_CHECKING:
    from bragkit.rules import Rules

__all__ = ["PokerSeatView", "PokerState", "PokerWork"]

_event: Final = tuple.__new__
_CARD: Final = tuple(card_from_id(c) for c in range(52))
NOBODY: Final[frozenset[int]] = frozenset()
ONLY: Final = tuple(frozenset({s}) for s in range(64))
"""``ONLY[s]``: the visibility set of an event only seat ``s`` may see (shared objects)."""
_BET_KINDS: Final = frozenset({"fold", "pass", "call", "raise", "bet", "check", "stand"})
_LOOK: Final = LegalAction("look")



@dataclass(frozen=True, slots=True)
class PokerState(DealProtocol):
    """One deal of a poker-style game, as an immutable value.

    Build the first state with :meth:`start`; :meth:`apply` returns a new state.  Seats are
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
    status: tuple[str, ...]
    hands: tuple[tuple[int, ...], ...]
    looked: tuple[bool, ...]
    phase: str
    to_act: int
    pack: tuple[int, ...]
    muck: tuple[int, ...]
    total: int
    carried: int
    stage: int
    data: tuple[int, ...]
    debts: tuple[tuple[int, int, int], ...]
    events: tuple[Event, ...]
    actions: tuple[tuple[int, Action], ...]
    game: PokerGame = field(compare=False, repr=False)
    origin: PokerState | None = field(default=None, compare=False, repr=False)
    cache: tuple[LegalAction, ...] | None = field(default=None, compare=False, repr=False)
    """The legal actions, computed on first use (set once; no list per state)."""
    reshuffles: tuple[tuple[int, ...], ...] = field(default=(), compare=False, repr=False)
    """The discards in their shuffled order, one per time the stock runs short (3 Card Brag
    Poker's draw): an input of the deal, shuffled by the table with its own generator and
    recorded with its packs.  Without one the discards go under the stock as discarded."""

    # ------------------------------------------------------------------ creation
    @staticmethod
    def start(rules: Rules, stacks: Sequence[int], dealer: int, pack: Sequence[int], *,
              carried: int = 0, retained: tuple[int, ...] = (),
              debts: tuple[tuple[int, int, int], ...] = (),
              reshuffles: tuple[tuple[int, ...], ...] = ()) -> PokerState:
        """A new deal from ``pack`` (card ids, top first); ``carried`` joins the carry pool;
        ``reshuffles`` gives the order of the discards each time they are shuffled into a
        new stock (:attr:`reshuffles`).

        Seats with fewer chips than the game needs sit out (status ``out``).  ``retained``
        exists for the table model's sake; poker-style games never retain hands.
        """
        game = poker_game_for(rules)
        n = len(stacks)
        need = game.min_stack()
        status = tuple("in" if s >= need else "out" for s in stacks)
        if status.count("in") < game.min_players:
            raise BragError(f"fewer than {game.min_players} seats can play: the session is over")
        blank: tuple[tuple[int, ...], ...] = ((),) * n
        pools = [0] * game.pools
        st: PokerState = _build(
            rules, n, dealer, tuple(stacks), tuple(pools), (0,) * n, (0,) * n, None, status,
            blank, (not game.blind_play,) * n, "setup", -1, tuple(pack), (),
            sum(stacks) + carried, 0, 0, (), debts, (), (), game, None, None,
            tuple(tuple(order) for order in reshuffles))
        w = PokerWork(st)
        w.carry_in = carried
        w.emit("deal_start", dealer, amount=carried)
        game.setup(w)
        return w.freeze(-1, None)

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
    def frozen(self) -> tuple[tuple[int, int], ...]:
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
            legal = _legal(self)
            _set_cache(self, legal)
        return legal

    def is_legal(self, action: Action) -> bool:
        """Whether the seat to act may take ``action`` now."""
        return any(la.allows(action) for la in self.legal_actions())

    def apply(self, action: Action | str) -> PokerState:
        """The state after the seat to act takes ``action``.

        Raises :class:`~bragkit.errors.IllegalActionError` naming the rule; ``self`` is
        unchanged.
        """
        if isinstance(action, str):
            action = parse_action(action)
        for la in self.legal_actions():
            if la.allows(action):
                return _apply(self, self.to_act, action)
        raise IllegalActionError(_diagnose(self, action))

    def view(self, seat: int) -> PokerSeatView:
        """What ``seat`` may know: never a card it may not see."""
        return _view(self, seat)

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


_build: Any = fast_builder(PokerState)
_set_cache: Any = PokerState.__dict__["cache"].__set__


class PokerWork:
    """A mutable copy of a :class:`PokerState` used inside one transition (and by games)."""

    __slots__ = ("base", "carried", "carry_in", "chips", "credit", "data", "dealer", "game",
                 "hands", "looked", "muck", "n", "new_events", "pack", "phase", "pools", "rnd",
                 "rules", "shown", "stacks", "stage", "status", "to_act")

    def __init__(self, st: PokerState) -> None:
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
        self.new_events: list[Event] = []
        self.shown: set[int] | None = None

    def freeze(self, seat: int, action: Action | None) -> PokerState:
        st = self.base
        actions = st.actions if action is None else (*st.actions, (seat, action))
        state: PokerState = _build(
            self.rules, self.n, self.dealer, tuple(self.stacks), tuple(self.pools),
            tuple(self.credit), tuple(self.chips), self.rnd, tuple(self.status),
            tuple(self.hands), tuple(self.looked), self.phase, self.to_act, self.pack,
            self.muck, st.total, self.carried, self.stage, self.data, st.debts,
            st.events + tuple(self.new_events), actions, self.game,
            st if action is not None else st.origin, None, st.reshuffles)
        return state

    # ---------------------------------------------------------------- helpers for games
    def emit(self, kind: str, seat: int | None = None, amount: int | None = None,
             cards: tuple[int, ...] | None = None, visible_to: frozenset[int] | None = None,
             note: str | None = None) -> None:
        """Append an event to the log."""
        self.new_events.append(_event(Event, (kind, seat, amount, cards, visible_to, note)))

    def order(self, statuses: tuple[str, ...] = ("in", "allin", "folded")) -> list[int]:
        """Seats dealt in, clockwise from the eldest hand (the dealer last)."""
        n, status = self.n, self.status
        first = self.dealer + 1
        return [s for s in (*range(first, n), *range(first)) if status[s] in statuses]

    def live(self) -> list[int]:
        """Seats still contesting the betting pool, from the eldest hand."""
        return self.order(("in", "allin"))

    def deal(self, seats: Sequence[int], count: int, *, face_up: bool = False,
             blind: bool = False) -> None:
        """Deal ``count`` cards to each seat, one at a time, from the top of the stock."""
        dealt: dict[int, list[int]] = {s: [] for s in seats}
        pos = 0
        for _ in range(count):
            for s in seats:
                dealt[s].append(self.pack[pos])
                pos += 1
        self.pack = self.pack[pos:]
        for s in seats:
            cards = tuple(dealt[s])
            self.hands[s] = self.hands[s] + cards
            if face_up:
                self.emit("deal", s, cards=cards, note="face up")
            else:
                vis = NOBODY if blind else ONLY[s]
                self.emit("deal", s, cards=cards, visible_to=vis)

    def pay(self, seat: int, chips: int, pool: int, credit: int | None = None) -> None:
        """``seat`` puts ``chips`` into ``pool``; betting-pool money is credited to the seat."""
        self.stacks[seat] -= chips
        self.pools[pool] += chips
        if pool == self.game.bet_pool:
            self.chips[seat] += chips
            self.credit[seat] += chips if credit is None else credit
        if self.stacks[seat] == 0 and self.status[seat] == "in":
            self.status[seat] = "allin"

    def award(self, seat: int, amount: int, pool: int, note: str | None = None) -> None:
        """Pay ``amount`` from ``pool`` to ``seat``."""
        self.pools[pool] -= amount
        self.stacks[seat] += amount
        self.emit("award", seat, amount=amount, note=note)

    def reveal(self, seat: int, note: str | None = None) -> None:
        """Show ``seat``'s hand to the table (once)."""
        if self.shown is None:
            self.shown = {e.seat for e in self.base.events if e.kind == "reveal"
                          and e.seat is not None}
        if seat in self.shown:
            return
        self.shown.add(seat)
        self.emit("reveal", seat, cards=self.hands[seat], note=note)

    def start_round(self, stage: int, first_after: int, rnd: Round) -> None:
        """Open betting round ``stage``; the first to act is the next seat after ``first_after``."""
        self.stage = stage
        self.rnd = rnd
        self.phase = "bet"
        m = self.game.betting_for(stage)
        nxt = m.next_to_act(rnd, first_after, self.status, self.stacks)
        if nxt < 0:
            self.game.round_closed(self)
        else:
            self.to_act = nxt

    def settle_pool(self, key: Callable[[int], Any], tie: str, pool: int,
                    note: str = "showdown") -> list[int]:
        """Show down the betting pool among live seats with side pots; returns the winners
        (of contested pots: a side pot handed back to its only contributor does not count).

        ``key(seat)`` is a comparable strength; ``tie`` is ``"split"`` (odd chips to the
        tied seats nearest the eldest hand) or ``"eldest"``.
        """
        live = [x == "in" or x == "allin" for x in self.status]
        order = self.order()
        winners: list[int] = []
        pots = side_pots(self.credit, self.chips, live)
        dead = self.pools[pool] - sum(self.chips)  # antes left from earlier deals, dead antes
        if dead:
            if pots:
                pots[0] = (pots[0][0] + dead, pots[0][1])
            else:
                pots = [(dead, tuple(s for s in range(self.n) if live[s]))]
        for amount, eligible in pots:
            contenders = [s for s in order if s in eligible]
            if len(contenders) > 1:
                for s in contenders:
                    self.reveal(s)
            best = max(key(s) for s in contenders)
            tied = [s for s in contenders if key(s) == best]
            if tie == "eldest":
                tied = tied[:1]
            contested = len(contenders) > 1
            for seat, share in split(amount, tied):
                self.award(seat, share, pool, note if contested else "uncontested")
                if contested and seat not in winners:
                    winners.append(seat)
        return winners

    def end(self) -> None:
        """Finish the deal."""
        self.phase = "over"
        self.to_act = -1
        self.rnd = None
        self.emit("deal_end", self.dealer)


# ---------------------------------------------------------------------- legal actions
def _legal(st: PokerState) -> tuple[LegalAction, ...]:
    if st.phase == "over":
        return ()
    if st.phase != "bet":
        return st.game.phase_legal(st)
    p = st.to_act
    assert st.rnd is not None
    m = st.game.betting_for(st.stage)
    blind = not st.looked[p]
    status = st.status
    live = st.n - status.count("folded") - status.count("out")
    acts = m.legal(st.rnd, p, stack=st.stacks[p], live=live, blind=blind)
    if blind:
        return (_LOOK, *acts)
    return acts


# ---------------------------------------------------------------------- transitions
def _apply(st: PokerState, p: int, action: Action) -> PokerState:
    if st.phase == "bet" and action.kind in _BET_KINDS and not st.game.bet_hooks:
        fast = _fast_bet(st, p, action)
        if fast is not None:
            return fast
    w = PokerWork(st)
    kind = action.kind
    if w.phase == "bet" and kind == "look":
        w.looked[p] = True
        w.emit("look", p, cards=w.hands[p], visible_to=ONLY[p])
    elif w.phase == "bet" and kind in _BET_KINDS:
        _bet(w, p, action)
    else:
        w.game.apply_phase(w, p, action)
    return w.freeze(p, action)


def _fast_bet(st: PokerState, p: int, action: Action) -> PokerState | None:
    """A betting action that does not close the round, built directly (the hot path).

    Returns None when the round closes (the general path then settles it); it produces
    exactly the state :func:`_bet` would.
    """
    m = st.game.betting_for(st.stage)
    rnd = st.rnd
    assert rnd is not None
    kind = action.kind
    stacks = st.stacks
    status = st.status
    paid = credit = 0
    if kind == "fold" or kind == "pass":
        status = (*status[:p], "folded", *status[p + 1:])
        new = rnd
        event = Event("fold", p, note="pass" if kind == "pass" else None)
    elif kind == "call":
        new, paid = m.call(rnd, p, stack=stacks[p], blind=not st.looked[p])
        credit = new.contrib[p] - rnd.contrib[p]
        event = Event("call", p, paid, note=None if paid == credit else f"credited {credit}")
    elif kind == "raise" or kind == "bet":
        assert action.amount is not None
        new, paid = m.raise_(rnd, p, action.amount, stack=stacks[p])
        credit = paid
        event = Event(kind, p, paid, note=f"by {action.amount}, to {new.target}")
    else:
        new = m.check(rnd, p)
        event = Event(kind, p)
    pools, chips, credits = st.pools, st.chips, st.credit
    if paid:
        left = stacks[p] - paid
        stacks = (*stacks[:p], left, *stacks[p + 1:])
        k = st.game.bet_pool
        pools = (*pools[:k], pools[k] + paid, *pools[k + 1:])
        chips = (*chips[:p], chips[p] + paid, *chips[p + 1:])
        credits = (*credits[:p], credits[p] + credit, *credits[p + 1:])
        if left == 0 and status[p] == "in":
            status = (*status[:p], "allin", *status[p + 1:])
    nxt = m.next_to_act(new, p, status, stacks)
    if nxt < 0:
        return None
    state: PokerState = _build(
        st.rules, st.n, st.dealer, stacks, pools, credits, chips, new, status, st.hands,
        st.looked, "bet", nxt, st.pack, st.muck, st.total, st.carried, st.stage, st.data,
        st.debts, (*st.events, event), (*st.actions, (p, action)), st.game, st, None,
        st.reshuffles)
    return state


def _bet(w: PokerWork, p: int, action: Action) -> None:
    game = w.game
    m = game.betting_for(w.stage)
    rnd = w.rnd
    assert rnd is not None
    kind = action.kind
    pool = game.bet_pool
    if kind in ("fold", "pass"):
        w.status[p] = "folded"
        w.emit("fold", p, note="pass" if kind == "pass" else None)
    elif kind == "call":
        before = rnd.contrib[p]
        rnd, paid = m.call(rnd, p, stack=w.stacks[p], blind=not w.looked[p])
        w.rnd = rnd
        w.pay(p, paid, pool, rnd.contrib[p] - before)
        w.emit("call", p, amount=paid, note=None if paid == rnd.contrib[p] - before
               else f"credited {rnd.contrib[p] - before}")
        game.on_call(w, p)
    elif kind in ("raise", "bet"):
        assert action.amount is not None
        rnd, paid = m.raise_(rnd, p, action.amount, stack=w.stacks[p])
        w.rnd = rnd
        w.pay(p, paid, pool)
        w.emit(kind, p, amount=paid, note=f"by {action.amount}, to {rnd.target}")
        game.on_raise(w, p)
    else:
        w.rnd = m.check(rnd, p)
        w.emit(kind, p)
    if w.phase != "bet" or w.rnd is None:
        return
    nxt = m.next_to_act(w.rnd, p, w.status, w.stacks)
    if nxt < 0:
        game.round_closed(w)
    else:
        w.to_act = nxt


# ---------------------------------------------------------------------- views
PokerSeatView = SeatView
"""The view of a poker-style deal is the one :class:`~bragkit.engine.contract.SeatView`
(``r`` is the amount to meet, ``frozen_pots`` the pools when there are several, ``contrib``
each seat's credited contribution to the betting round -- a raise of ``k`` costs the seat
``r - contrib[seat] + k`` -- and ``committed`` its chips in the betting pool this deal).
A temporary alias (docs/design/contract.md, section 6)."""


_Digest = tuple[tuple[Event, ...], tuple[Event, ...], dict[int, tuple[int, ...]]]
"""(an event log, the log as one seat sees it, the other seats' cards shown to that seat)."""

_DIGESTS: dict[int, _Digest] = {}
"""The latest digest built for each seat: the next view of the same deal reads only the
events added since (a digest is reused only when its log is a prefix, by value, of the new
one, and is never changed once built; see :mod:`bragkit.engine.views`)."""

_EMPTY: _Digest = ((), (), {})
_new_view: Any = fast_builder(SeatView)


def _digest(events: tuple[Event, ...], seat: int) -> _Digest:
    old, m = reusable_digest(_DIGESTS, events, seat, _EMPTY)
    if old[0] is events:
        return old  # type: ignore[no-any-return]
    seen: list[Event] = []
    keep = seen.append
    shown = old[2]
    copied = False
    for e in events[m:]:
        cards = e.cards
        if cards is None:
            keep(e)
            continue
        vis = e.visible_to
        if vis is not None and seat not in vis:
            keep(e.redacted(seat))
            continue
        keep(e)
        owner = e.seat
        if owner is None or owner == seat:
            continue
        kind = e.kind
        if kind == "reveal" or kind == "exchange":
            if not copied:
                shown, copied = dict(shown), True
            shown[owner] = tuple(cards)
        elif kind == "deal" or kind == "draw":
            if not copied:
                shown, copied = dict(shown), True
            have = list(shown.get(owner, ()))
            for c in cards:
                if c not in have:
                    have.append(c)
            shown[owner] = tuple(have)
    digest: _Digest = (events, old[1] + tuple(seen), shown)
    _DIGESTS[seat] = digest
    return digest


def _view(st: PokerState, seat: int) -> PokerSeatView:
    _, events, shown = _digest(st.events, seat)
    own = None
    if st.looked[seat] and st.hands[seat]:
        own = tuple(_CARD[c] for c in st.hands[seat])
    rnd = st.rnd
    view: PokerSeatView = _new_view(  # SeatView's fields in order
        seat, st.dealer, st.stacks, st.pot, st.pools if len(st.pools) > 1 else (),
        rnd.target if rnd is not None else 0, st.status, st.looked, st.to_act, st.phase, own,
        {s: tuple(_CARD[c] for c in cards) for s, cards in shown.items()}, None, events,
        st.legal_actions() if st.to_act == seat else (),
        rnd.contrib if rnd is not None else (0,) * st.n, st.chips, (), (), None)
    return view


# ---------------------------------------------------------------------- diagnosis
def _diagnose(st: PokerState, action: Action) -> str:
    """Why ``action`` by the seat to act is illegal, naming the rule."""
    p = st.to_act
    head = format_move(max(p, 0), action)
    sec = f"rules {st.game.spec_section}"
    if st.phase == "over":
        return f"{head}: the deal is over"
    legal = st.legal_actions()
    offered = ", ".join(str(la) for la in legal)
    same = [la for la in legal if la.kind == action.kind]
    if same:
        la = same[0]
        if la.lo is not None and action.amount is not None:
            what = {"raise": "a raise", "bet": "a bet", "ante": "the ante",
                    "draw": "a draw"}.get(action.kind, action.kind)
            unit = "cards" if action.kind == "draw" and st.phase == "draw" else "chips"
            bound = f"{la.lo}..{la.hi}" if la.lo != la.hi else f"exactly {la.lo}"
            why = _BOUND_REASON.get((st.game.name, action.kind), "the betting limit L")
            return f"{head}: {what} must be {bound} {unit} ({why}, {sec})"
        if action.kind == "discard" and action.arg is not None:
            held = {card_from_id(c) for c in st.hands[p]}
            try:
                named = parse_cards(action.arg)
            except CardError as error:
                return f"{head}: {error}; p{p + 1} may: {offered}"
            missing = [str(c) for c in named if c not in held]
            if missing:
                return (f"{head}: p{p + 1} does not hold {' '.join(missing)} ({sec}); "
                        f"p{p + 1} may: {offered}")
        return f"{head}: malformed {action.kind}; p{p + 1} may: {offered}"
    if action.kind == "discard" and st.phase == "draw" and not st.looked[p]:
        return (f"{head}: p{p + 1} has not looked; a blind seat draws by position with "
                f"'draw K' or looks first (blind_may_draw, {sec}); p{p + 1} may: {offered}")
    reason = _REASONS.get(action.kind)
    if action.kind == "check" and st.phase == "bet":
        reason = _check_reason(st, p)
    if st.phase == "bet" and reason is not None:
        return f"{head}: {reason} ({sec}); p{p + 1} may: {offered}"
    return f"{head}: not allowed in the {st.phase} phase ({sec}); p{p + 1} may: {offered}"


def _check_reason(st: PokerState, p: int) -> str:
    """Why ``p`` may not check: a bet stands, or the game's check key is off."""
    rnd = st.rnd
    allowed = st.game.betting_for(st.stage).allow_check
    key = st.game.check_key
    if rnd is not None and rnd.target > rnd.contrib[p]:
        if not allowed and rnd.raises == 0 and rnd.forced >= 0:  # Foster's ante is a bet
            return (f"checking is not allowed ({key}=false): meet the forced bet, raise or "
                    "abandon")
        return "a bet stands: meet it, raise or abandon; only an unopened round may be checked"
    if rnd is not None and rnd.opened:
        return "your bet already meets the target: let it stand or raise"
    return f"checking is not allowed ({key}=false): bet or abandon"


_BOUND_REASON: Final = {
    ("brag-poker", "raise"): "fixed-limit bet size",
    ("brag-poker", "bet"): "fixed-limit bet size",
    ("three-stake", "draw"): "cards left in the stock and chips to pay draw_price",
    ("brag-poker", "draw"): "zero to three cards",
}
_REASONS: Final = {
    "raise": "no raise is possible now (raise cap max_raises, or not enough chips)",
    "bet": "a bet stands already: call or raise it",
    "call": "there is nothing to call",
    "stand": "only a seat whose bet already meets the target may stand",
    "look": "this seat has looked already, or the game is not played blind",
    "fold": "this game's word for abandoning is 'pass'",
    "pass": "this game's word for abandoning is 'fold'",
}


if TYPE_CHECKING:  # mypy checks that the state satisfies the one contract
    from bragkit.engine.contract import GameState

    def _satisfies_contract(state: PokerState) -> GameState:
        return state
