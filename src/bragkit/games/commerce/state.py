"""The immutable state of one Commerce deal (rules 4.10 G-C1 and 4.11 G-C2).

Commerce has no betting machine: it is a trading game, so its state lives here, on the
shared table model (:mod:`.actions`, :mod:`.events`, :mod:`.pack`).  The two games are
thin modules that plug into this state: :mod:`bragkit.games.commerce.trade` (trading with the
pack and bartering with a neighbour) and :mod:`bragkit.games.commerce.widow` (the widow).
Each supplies the seats dealt in, the opening payments, the decisions (legal actions and
their effects) and the settlement; this module deals, keeps the event log, builds the seat
views, compares hands and replays.

Seats are 0-based here (``p1`` is seat 0 in action strings); card fields hold card ids.

>>> from bragkit.rules import get_preset
>>> from bragkit.testing.fixtures import stacked_pack
>>> rules = get_preset("commerce")
>>> pack = stacked_pack(rules, 3, 2, {0: "9s Kh 6c", 1: "2c 3d Ah"}, rest="As")
>>> s = CommerceState.start(rules, (10, 10, 10), dealer=2, pack=pack)
>>> s.pot, s.stacks, s.to_act, [str(a) for a in s.legal_actions()]
(4, (9, 9, 8), 0, ['stand', 'trade (costs 1) 9s|Kh|6c', 'barter 9s|Kh|6c'])
>>> s = s.apply("trade 9s")                  # 9s to the bottom, 1 chip to the dealer, As drawn
>>> s.stacks, s.hands[0], [str(a) for a in s.legal_actions()]
((8, 9, 9), (51, 46, 16), ['stand', 'pass'])
>>> [str(c) for c in s.view(0).own_cards], s.view(1).own_cards[0]
(['As', 'Kh', '6c'], 2c)
"""

from __future__ import annotations

import itertools
import pkgutil
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, Protocol

from bragkit.cards import card_from_id, parse_cards
from bragkit.engine.actions import Action, LegalAction, format_move, parse_action
from bragkit.engine.contract import SeatView
from bragkit.engine.deal_protocol import DealProtocol
from bragkit.engine.events import Event
from bragkit.engine.views import redacted_events
from bragkit.errors import BragError, CardError, IllegalActionError, excerpt
from bragkit.hands import get_ranking

if TYPE_CHECKING:
    from bragkit.rules import Rules

__all__ = [
    "CARD_ID",
    "CARD_TEXT",
    "COMMERCE_EVENT_KINDS",
    "CommerceGame",
    "CommerceState",
    "Draft",
]

COMMERCE_EVENT_KINDS: Final = (
    "deal_start", "ante", "deal", "widow", "look", "take", "trade", "draw", "pay", "barter",
    "accept", "stand", "pass", "exchange", "turn", "pounce", "decline", "cap", "reveal",
    "award", "settle", "penalty", "life", "out", "horse", "sweep", "deal_end",
)
"""Every event kind a Commerce deal emits (see docs/commerce.md)."""

CARD_TEXT: Final = tuple(str(card_from_id(i)) for i in range(52))
"""Card id -> text (``As``)."""
NOBODY: Final[frozenset[int]] = frozenset()


class CommerceGame(Protocol):
    """What a Commerce game module supplies to :class:`CommerceState`."""

    def open(self, d: Draft) -> None:
        """Take the opening payments (the pool) before the deal."""

    def blind_dealer(self, rules: Rules) -> bool:
        """Whether the dealer decides something before seeing his own hand."""

    def after_deal(self, d: Draft) -> None:
        """Lay out the widow, if any, and set the first phase and seat to act."""

    def legal(self, st: CommerceState) -> tuple[LegalAction, ...]:
        """The legal actions of the seat to act (never called once the deal is over)."""

    def act(self, d: Draft, seat: int, action: Action) -> None:
        """Apply a legal action by ``seat``."""

    def rule(self, st: CommerceState) -> str:
        """The rule (spec section and phase) named when an action is illegal."""


_GAMES: Final = {
    "commerce": "bragkit.games.commerce.trade:TRADE_GAME",
    "commerce-widow": "bragkit.games.commerce.widow:WIDOW_GAME",
}
_LOADED: dict[str, CommerceGame] = {}


def game_for(rules: Rules) -> CommerceGame:
    """The game module object of ``rules.game`` (``commerce`` or ``commerce-widow``)."""
    found = _LOADED.get(rules.game)
    if found is None:
        target = _GAMES.get(rules.game)
        if target is None:
            raise BragError(f"no Commerce engine for game {rules.game!r}")
        found = pkgutil.resolve_name(target)
        _LOADED[rules.game] = found
    return found


_RANKERS: dict[str, tuple[Any, Any]] = {}


def _ranker(rules: Rules) -> tuple[Any, Any]:
    found = _RANKERS.get(rules.commerce_ranking)
    if found is None:
        ranking = get_ranking("commerce", commerce_ranking=rules.commerce_ranking)
        found = (ranking.ids_ranker(), ranking)
        _RANKERS[rules.commerce_ranking] = found
    return found


def hand_key(rules: Rules, hand: tuple[int, ...]) -> tuple[int, int]:
    """A comparable strength of a Commerce hand: three cards, or a pounced four of a kind.

    A four-card hand (Pounce, 3.9) beats every three-card hand.

    >>> from bragkit.rules import get_preset
    >>> r = get_preset("commerce")
    >>> hand_key(r, (0, 1, 2, 3)) > hand_key(r, (48, 49, 50))   # four 2s beat three aces
    True
    """
    if len(hand) == 4:
        return (1, hand[0] // 4)
    rank3, _ = _ranker(rules)
    return (0, rank3(hand))


def hand_category(rules: Rules, hand: tuple[int, ...]) -> str:
    """The category name of a hand (``tricon``, ``sequence``, ..., or ``pounce``).

    >>> from bragkit.rules import get_preset
    >>> hand_category(get_preset("commerce"), (0, 1, 2))
    'tricon'
    """
    if len(hand) == 4:
        return "pounce"
    rank3, ranking = _ranker(rules)
    category: str = ranking.category_of_rank(rank3(hand))
    return category


@dataclass(frozen=True, slots=True)
class CommerceState(DealProtocol):
    """One Commerce deal as an immutable value; :meth:`apply` returns a new state.

    ``pot`` is the pool, ``carried`` the pool left for the next deal (lives scoring),
    ``lives``/``horses``/``first_out`` the session's lives ledger, ``queue`` the seats owed
    a decision out of turn (Peel's last exchanges, pounces, horses).
    """

    rules: Rules
    n: int
    dealer: int
    stacks: tuple[int, ...]
    pot: int
    hands: tuple[tuple[int, ...], ...]
    widow: tuple[int, ...]
    pack: tuple[int, ...]
    status: tuple[str, ...]
    looked: tuple[bool, ...]
    phase: str
    to_act: int
    offer: int
    partner: int
    rounds: int
    stands: int
    queue: tuple[tuple[int, int], ...]
    pending: tuple[int, ...]
    resume: tuple[str, int]
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
    origin: CommerceState | None = field(default=None, compare=False, repr=False)
    cache: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    # ------------------------------------------------------------------ creation
    @staticmethod
    def start(rules: Rules, stacks: tuple[int, ...] | list[int], dealer: int,
              pack: tuple[int, ...] | list[int], *, seated: tuple[bool, ...] | None = None,
              pool: int = 0, lives: tuple[int, ...] | None = None,
              horses: tuple[int, ...] | None = None, first_out: int = -1) -> CommerceState:
        """Take the pool and deal a new hand from ``pack`` (card ids, top first, after the cut).

        ``seated`` marks the seats dealt in (default: every seat that can pay, see the game
        module); ``pool``, ``lives``, ``horses`` and ``first_out`` carry a lives session
        (4.11) from deal to deal; ``lives=None`` starts one (everyone pays the entry).
        """
        n = len(stacks)
        if not 0 <= dealer < n:
            raise BragError(f"dealer must be a seat 1..{n}")
        game = game_for(rules)
        d = Draft.blank(rules, n, dealer, tuple(stacks), tuple(pack), pool, lives, horses,
                        first_out)
        if seated is None:
            seated = eligible(rules, tuple(d.stacks), dealer, lives)
        if len(seated) != n or not seated[dealer] or sum(seated) < 2:
            raise BragError("a Commerce deal needs the dealer and at least one more seat "
                            "dealt in (rules 4.10, 4.11)")
        if sum(seated) > rules.max_players():
            raise BragError(f"{sum(seated)} players is too many for this pack "
                            f"(at most {rules.max_players()})")
        d.status = ["in" if s else "out" for s in seated]
        d.emit("deal_start", dealer, note=rules.game)
        game.open(d)
        order = d.order()
        hands: list[list[int]] = [[] for _ in range(n)]
        for _ in range(3):
            for s in order:
                hands[s].append(d.pack.pop(0))
        d.hands = [tuple(h) for h in hands]
        blind = game.blind_dealer(rules)
        for s in order:
            sees = not (blind and s == dealer)
            d.looked[s] = sees
            d.emit("deal", s, cards=d.hands[s], visible_to=frozenset((s,)) if sees else NOBODY)
        game.after_deal(d)
        return d.freeze(-1, None)

    # ------------------------------------------------------------------ queries
    def turn_rule(self) -> str:
        """The turn order's docs/rules sections (Commerce, both forms)."""
        return "4.10/4.11"

    @property
    def active(self) -> tuple[int, ...]:
        """Seats dealt in, in turn order from the dealer's left (the dealer last)."""
        n = self.n
        return tuple(s for s in ((self.dealer + k) % n for k in range(1, n + 1))
                     if self.status[s] != "out")

    def legal_actions(self) -> tuple[LegalAction, ...]:
        """Everything the seat to act may do now; empty exactly when the deal is over."""
        legal: tuple[LegalAction, ...] | None = self.cache.get("legal")
        if legal is None:
            legal = () if self.phase == "over" else game_for(self.rules).legal(self)
            self.cache["legal"] = legal
        return legal

    def is_legal(self, action: Action) -> bool:
        """Whether the seat to act may take ``action`` now."""
        return any(la.allows(action) for la in self.legal_actions())

    def apply(self, action: Action | str) -> CommerceState:
        """The state after the seat to act takes ``action``.

        Raises :class:`~bragkit.errors.IllegalActionError` naming the rule broken; this
        state is unchanged (it is immutable).
        """
        if isinstance(action, str):
            action = parse_action(action)
        action = self._canonical(action)
        for la in self.legal_actions():
            if la.allows(action):
                d = Draft.of(self)
                game_for(self.rules).act(d, self.to_act, action)
                return d.freeze(self.to_act, action)
        raise IllegalActionError(self._diagnose(action))

    def _canonical(self, action: Action) -> Action:
        """Cards of an action argument written the standard way (``10s`` -> ``Ts``)."""
        arg = action.arg
        if arg is None or action.kind not in _CARD_KINDS:
            return action
        if action.kind != "exchange" and arg in CARD_ID:
            return action
        words = arg.split()
        if all(w in CARD_ID for w in words):
            ids = [CARD_ID[w] for w in words]
        else:
            try:
                ids = [c.id for c in parse_cards(arg)]
            except CardError:
                return action
        if action.kind == "exchange" and len(ids) % 2 == 0 and self.to_act >= 0:
            k = len(ids) // 2
            hand, widow = self.hands[self.to_act], self.widow
            mine, theirs = ids[:k], ids[k:]
            if all(c in hand for c in mine) and all(c in widow for c in theirs):
                mine.sort(key=hand.index)
                theirs.sort(key=widow.index)
                ids = mine + theirs
        if any(c >= 52 for c in ids):
            return action
        return Action(action.kind, action.amount, " ".join(CARD_TEXT[c] for c in ids))

    def _diagnose(self, action: Action) -> str:
        move = format_move(self.to_act, action)
        if self.phase == "over":
            return f"{move}: the deal is over"
        rule: str | None = self.cache.get("rule")
        if rule is None:
            rule = self.cache["rule"] = game_for(self.rules).rule(self)
        legal = self.legal_actions()
        same = [la for la in legal if la.kind == action.kind]
        if not same:
            offered: str | None = self.cache.get("offered")
            if offered is None:
                offered = self.cache["offered"] = ", ".join(sorted({la.kind for la in legal}))
            return f"{move}: not allowed now; p{self.to_act + 1} may {offered} ({rule})"
        la = same[0]
        if la.args and action.arg is None:
            return f"{move}: say which card(s), e.g. '{la.kind} {la.args[0]}' ({rule})"
        if la.args:
            why = self._why_not(action)
            return (f"{move}: {why or f'{excerpt(action.arg)} is not a choice here'}; e.g. "
                    f"'{la.kind} {la.args[0]}' ({rule})")
        return f"{move}: {action.kind} takes no argument ({rule})"

    def _why_not(self, action: Action) -> str | None:
        """Why the cards of a card action are refused, when it is simple to say."""
        words = (action.arg or "").split()
        if not all(w in CARD_ID for w in words):
            return f"{excerpt(action.arg)} is not a list of cards"
        ids = [CARD_ID[w] for w in words]
        seat, hand = self.to_act, self.hands[self.to_act]
        if action.kind == "accept" and ids == [self.offer]:
            return "the offered card may not be handed straight back"
        if action.kind != "exchange":
            if len(ids) != 1:
                return "name exactly one card"
            return None if ids[0] in hand else f"p{seat + 1} does not hold {words[0]}"
        k = len(ids) // 2
        if len(ids) % 2 or not k:
            return "give as many of your cards as you take from the widow"
        missing = [w for w, c in zip(words[:k], ids[:k], strict=True) if c not in hand]
        if missing:
            return f"p{seat + 1} does not hold {' '.join(missing)}"
        absent = [w for w, c in zip(words[k:], ids[k:], strict=True) if c not in self.widow]
        if absent:
            return f"{' '.join(absent)} not in the widow"
        return f"{k} cards at once is not allowed here"

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know: never a card it may not see."""
        events = self._seat_events(seat)
        shown = {}
        if self.phase in ("over", "horse"):
            shown = {e.seat: tuple(card_from_id(c) for c in e.cards) for e in events
                     if e.kind == "reveal" and e.seat is not None and e.cards is not None}
        own = None
        if self.looked[seat] and self.hands[seat]:
            own = tuple(card_from_id(c) for c in self.hands[seat])
        offered = None
        if self.phase == "barter" and seat in (self.to_act, self.partner):
            offered = card_from_id(self.offer)
        return SeatView(
            seat=seat, dealer=self.dealer, stacks=self.stacks, pot=self.pot, frozen_pots=(),
            r=0, status=self.status, looked=self.looked, to_act=self.to_act, phase=self.phase,
            own_cards=own, shown=shown, stub_card=None, events=events,
            legal=self.legal_actions() if seat == self.to_act else (), lives=self.lives,
            widow=tuple(card_from_id(c) for c in self.widow), offered=offered)

    def _seat_events(self, seat: int) -> tuple[Event, ...]:
        """The event log as ``seat`` sees it (cached, extending the previous state's)."""
        key = f"events{seat}"
        found: tuple[Event, ...] | None = self.cache.get(key)
        if found is not None:
            return found
        start: tuple[Event, ...] = ()
        origin = self.origin
        if origin is not None:
            start = origin.cache.get(key, ())
        found = start + redacted_events(self.events[len(start):], seat)
        self.cache[key] = found
        return found

    def chips_in_play(self) -> int:
        """Stacks plus the pool (live or carried): always equals :attr:`total`."""
        return sum(self.stacks) + self.pot + self.carried

    def all_cards(self) -> list[int]:
        """Every card id this deal accounts for: stock, hands and widow."""
        cards: list[int] | None = self.cache.get("cards")
        if cards is None:
            cards = self.cache["cards"] = [*self.pack, *itertools.chain.from_iterable(
                self.hands), *self.widow]
        return list(cards)

    def secret_cards(self, seat: int) -> set[int]:
        """Cards ``seat`` may not see now: the stock, other hands (and its own while the
        dealer has not looked), less every card an event showed to it.

        >>> import random
        >>> from bragkit.rules import get_preset
        >>> from bragkit.engine.pack import shuffled_pack
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
    def frozen(self) -> tuple[tuple[int, int], ...]:
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


def eligible(rules: Rules, stacks: tuple[int, ...], dealer: int,
             lives: tuple[int, ...] | None) -> tuple[bool, ...]:
    """The seats that can be dealt in (see docs/commerce.md, "Who plays").

    Trade game: every seat that can pay ``stake``; the dealer must be able to cover his
    largest possible payments.  Widow game with lives: seats with lives (the first deal:
    seats that can pay the entry).  Widow game with stakes: seats that can pay every other.

    >>> from bragkit.rules import get_preset
    >>> eligible(get_preset("commerce"), (5, 0, 5), 0, None)
    (True, False, True)
    """
    n = len(stacks)
    if rules.game == "commerce-widow":
        if rules.widow_scoring == "lives":
            if lives is not None:
                return tuple(v > 0 for v in lives)
            return tuple(s >= rules.stake for s in stacks)
        seated = [True] * n
        while True:
            need = rules.stake * (sum(seated) - 1)
            nxt = [seated[s] and stacks[s] >= need for s in range(n)]
            if nxt == seated:
                return tuple(seated)
            seated = nxt
    seated = [s >= rules.stake for s in stacks]
    seated[dealer] = stacks[dealer] >= dealer_need(rules, sum(seated) + (not seated[dealer]))
    return tuple(seated)


def dealer_need(rules: Rules, k: int) -> int:
    """Chips the trade-game dealer must hold to deal to ``k`` players (his worst case).

    >>> from bragkit.rules import get_preset
    >>> dealer_need(get_preset("commerce"), 4)    # 2 into the pool, 1 to the winner
    3
    """
    pays = rules.stake if rules.dealer_pays_winner is None else rules.dealer_pays_winner
    winners = k - 1 if rules.commerce_exact_tie == "split" else 1
    return (rules.stake * (2 if rules.dealer_pays_double else 1) + pays * winners
            + (k - 1 if rules.banker_penalty_all else 0))


class Draft:
    """A mutable copy of a :class:`CommerceState` used inside one transition."""

    __slots__ = (
        "base",
        "carried",
        "dealer",
        "final",
        "first_out",
        "hands",
        "horses",
        "lives",
        "looked",
        "n",
        "new_events",
        "offer",
        "pack",
        "paid",
        "partner",
        "pending",
        "phase",
        "pot",
        "queue",
        "resume",
        "rounds",
        "rules",
        "stacks",
        "stands",
        "status",
        "to_act",
        "total",
        "widow",
        "winners",
    )

    base: CommerceState | None
    carried: int
    dealer: int
    final: bool
    first_out: int
    hands: list[tuple[int, ...]]
    horses: list[int]
    lives: list[int]
    looked: list[bool]
    n: int
    new_events: list[Event]
    offer: int
    pack: list[int]
    paid: list[int]
    partner: int
    pending: tuple[int, ...]
    phase: str
    pot: int
    queue: tuple[tuple[int, int], ...]
    resume: tuple[str, int]
    rounds: int
    rules: Rules
    stacks: list[int]
    stands: int
    status: list[str]
    to_act: int
    total: int
    widow: tuple[int, ...]
    winners: tuple[int, ...]

    def __init__(self) -> None:
        self.base: CommerceState | None = None
        self.new_events: list[Event] = []

    @staticmethod
    def blank(rules: Rules, n: int, dealer: int, stacks: tuple[int, ...],
              pack: tuple[int, ...], pool: int, lives: tuple[int, ...] | None,
              horses: tuple[int, ...] | None, first_out: int) -> Draft:
        """A draft before the deal."""
        d = Draft()
        d.rules, d.n, d.dealer = rules, n, dealer
        d.stacks, d.pot, d.pack = list(stacks), pool, list(pack)
        d.hands = [()] * n
        d.widow = ()
        d.status = ["out"] * n
        d.looked = [False] * n
        d.phase, d.to_act, d.offer, d.partner, d.rounds, d.stands = "deal", -1, -1, -1, 0, 0
        d.queue, d.pending, d.resume = (), (), ("", -1)
        d.lives = list(lives) if lives is not None else [0] * n
        d.horses = list(horses) if horses is not None else [0] * n
        d.first_out = first_out
        d.total = sum(stacks) + pool
        d.paid = [0] * n
        d.winners = ()
        d.carried = 0
        d.final = False
        return d

    @staticmethod
    def of(st: CommerceState) -> Draft:
        """A draft of ``st``."""
        d = Draft()
        d.base = st
        d.rules, d.n, d.dealer = st.rules, st.n, st.dealer
        d.stacks, d.pot, d.pack = list(st.stacks), st.pot, list(st.pack)
        d.hands, d.widow = list(st.hands), st.widow
        d.status, d.looked = list(st.status), list(st.looked)
        d.phase, d.to_act, d.offer, d.partner = st.phase, st.to_act, st.offer, st.partner
        d.rounds, d.stands, d.queue, d.resume = st.rounds, st.stands, st.queue, st.resume
        d.pending = st.pending
        d.lives, d.horses, d.first_out = list(st.lives), list(st.horses), st.first_out
        d.total, d.paid, d.winners = st.total, list(st.paid), st.winners
        d.carried, d.final = st.carried, st.final
        return d

    def freeze(self, seat: int, action: Action | None) -> CommerceState:
        """The new immutable state (``action`` by ``seat`` appended to the log)."""
        st = self.base
        events = tuple(self.new_events) if st is None else st.events + tuple(self.new_events)
        actions: tuple[tuple[int, Action], ...] = () if st is None else st.actions
        if action is not None:
            actions = (*actions, (seat, action))
        return CommerceState(
            self.rules, self.n, self.dealer, tuple(self.stacks), self.pot, tuple(self.hands),
            self.widow, tuple(self.pack), tuple(self.status), tuple(self.looked), self.phase,
            self.to_act, self.offer, self.partner, self.rounds, self.stands, self.queue,
            self.pending, self.resume, tuple(self.lives), tuple(self.horses), self.first_out,
            self.total, tuple(self.paid), self.winners, self.carried, self.final, events,
            actions, st)

    # ---------------------------------------------------------------- helpers
    def emit(self, kind: str, seat: int | None = None, amount: int | None = None,
             cards: tuple[int, ...] | None = None, visible_to: frozenset[int] | None = None,
             note: str | None = None) -> None:
        """Append an event."""
        self.new_events.append(Event(kind, seat, amount, cards, visible_to, note))

    def order(self) -> list[int]:
        """Seats dealt in, from the dealer's left round to the dealer."""
        n, dealer, status = self.n, self.dealer, self.status
        return [s for s in ((dealer + k) % n for k in range(1, n + 1)) if status[s] != "out"]

    def pos(self, seat: int) -> int:
        """Position of ``seat`` in turn order (0 = eldest hand, n - 1 = dealer)."""
        return (seat - self.dealer - 1) % self.n

    def next_seat(self, seat: int, statuses: tuple[str, ...] = ("in",)) -> int:
        """The next seat after ``seat`` (clockwise) whose status is one of ``statuses``."""
        n = self.n
        for k in range(1, n + 1):
            s = (seat + k) % n
            if self.status[s] in statuses:
                return s
        return -1

    def to_pool(self, seat: int, chips: int, kind: str = "ante") -> None:
        """``seat`` pays ``chips`` into the pool."""
        self.stacks[seat] -= chips
        self.pot += chips
        self.paid[seat] += chips
        self.emit(kind, seat, chips)

    def transfer(self, payer: int, payee: int, chips: int, kind: str) -> None:
        """``payer`` pays ``chips`` straight to ``payee``."""
        if chips <= 0:
            return
        self.stacks[payer] -= chips
        self.stacks[payee] += chips
        self.emit(kind, payer, chips, note=f"to p{payee + 1}")

    def from_pool(self, seat: int, chips: int, kind: str = "award") -> None:
        """``seat`` takes ``chips`` out of the pool."""
        self.pot -= chips
        self.stacks[seat] += chips
        self.emit(kind, seat, chips)

    def reveal(self) -> None:
        """The showdown: every hand dealt in is shown to everybody."""
        for s in self.order():
            self.emit("reveal", s, cards=self.hands[s])
            self.looked[s] = True

    def ranked(self) -> tuple[list[int], list[int]]:
        """The seats tied for best and for worst, each in turn order (eldest first).

        With ``dealer_is_eldest_for_point`` the dealer heads the best ties of point hands.
        """
        rules = self.rules
        order = self.order()
        keys = {s: hand_key(rules, self.hands[s]) for s in order}
        best, worst = max(keys.values()), min(keys.values())
        top = [s for s in order if keys[s] == best]
        low = [s for s in order if keys[s] == worst]
        if (rules.dealer_is_eldest_for_point and self.dealer in top and len(top) > 1
                and hand_category(rules, self.hands[self.dealer]) == "point"):
            top.remove(self.dealer)
            top.insert(0, self.dealer)
        return top, low

    def split(self, seats: list[int], chips: int, kind: str = "award") -> None:
        """Share ``chips`` of the pool equally; the odd chips go to the first of ``seats``."""
        share, odd = divmod(chips, len(seats))
        for i, s in enumerate(seats):
            self.from_pool(s, share + (odd if i == 0 else 0), kind)

    def end(self) -> None:
        """Close the deal."""
        self.phase = "over"
        self.to_act = -1
        self.queue = ()
        self.pending = ()
        self.emit("deal_end")


CARD_ID: Final = {t: i for i, t in enumerate(CARD_TEXT)}
"""Card text -> id."""
_CARD_KINDS: Final = frozenset({"trade", "barter", "accept", "exchange"})


if TYPE_CHECKING:  # mypy checks that the state satisfies the one contract
    from bragkit.engine.contract import GameState

    def _satisfies_contract(state: CommerceState) -> GameState:
        return state
