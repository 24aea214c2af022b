"""The immutable state of one Commerce deal and its transitions (rules 4.10 G-C1, 4.11 G-C2).

Commerce has no betting machine: it is a trading game, so its machine lives in this
package, on the shared table model (:mod:`bragkit.engine.actions`, ``events``, ``pack``).
The fields and queries are :class:`~.core.CommerceRecord`'s; the two forms of the game are
thin modules that plug into the machine (:class:`~.core.CommerceGame`):
:mod:`bragkit.games.commerce.trade` (trading with the pack and bartering with a neighbour)
and :mod:`bragkit.games.commerce.widow` (the widow).  Each supplies the opening payments,
the decisions (legal actions and their effects) and the settlement; this module deals and
applies actions.  The opening of a deal (who is dealt in, the payments and their events)
is worked out once per rules, dealer, seats and lives and reused.

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

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import repeat
from operator import call, itemgetter, sub
from typing import TYPE_CHECKING, Final, NamedTuple

from bragkit.engine.actions import Action, parse_action
from bragkit.engine.events import Event
from bragkit.engine.kinds import Phase, SeatStatus
from bragkit.errors import BragError, IllegalActionError
from bragkit.games.commerce.cards import CARD_ID, CARD_TEXT
from bragkit.games.commerce.core import (
    NOBODY,
    ONLY,
    CommerceGame,
    CommerceRecord,
    Draft,
    StartLog,
)
from bragkit.games.commerce.diagnose import canonical, diagnose
from bragkit.games.commerce.hands import hand_category, hand_key
from bragkit.games.commerce.seating import dealer_need, eligible
from bragkit.games.commerce.trade import TRADE_GAME
from bragkit.games.commerce.widow import WIDOW_GAME

if TYPE_CHECKING:
    from bragkit.rules import Rules

__all__ = [
    "CARD_ID",
    "CARD_TEXT",
    "COMMERCE_EVENT_KINDS",
    "CommerceGame",
    "CommerceState",
    "Draft",
    "dealer_need",
    "eligible",
    "game_for",
    "hand_category",
    "hand_key",
    "start_draft",
    "start_state",
]

COMMERCE_EVENT_KINDS: Final = (
    "deal_start", "ante", "deal", "widow", "look", "take", "trade", "draw", "pay", "barter",
    "accept", "stand", "pass", "exchange", "turn", "pounce", "decline", "cap", "reveal",
    "award", "settle", "penalty", "life", "out", "horse", "sweep", "deal_end",
)
"""Every event kind a Commerce deal emits (see docs/commerce.md)."""

P_DEAL: Final = Phase.DEAL
_NONE: Final = itemgetter(slice(0, 0))
"""The hand of a seat not dealt in, from the pack: ``()``."""
_event: Final = tuple.__new__
_GAMES: Final[dict[str, CommerceGame]] = {"commerce": TRADE_GAME, "commerce-widow": WIDOW_GAME}


def game_for(rules: Rules) -> CommerceGame:
    """The game object of ``rules.game`` (``commerce`` or ``commerce-widow``).

    >>> from bragkit.rules import get_preset
    >>> game_for(get_preset("commerce-widow")) is WIDOW_GAME
    True
    """
    found = _GAMES.get(rules.game)
    if found is None:
        raise BragError(f"no Commerce engine for game {rules.game!r}")
    return found


class _Opening(NamedTuple):
    """The start every deal with the same rules, dealer, seats dealt in and lives shares."""

    order: tuple[int, ...]
    status: tuple[SeatStatus, ...]
    paid: tuple[int, ...]
    pot: int
    lives: tuple[int, ...]
    events: tuple[Event, ...]
    looked: tuple[bool, ...]
    """Whether each seat sees its hand as dealt (not a blind dealer, not a seat left out)."""
    shown: tuple[frozenset[int], ...]
    """Who may see each seat's ``deal`` event."""
    start_log: StartLog
    """The log of the opening and the deal as each seat sees it (seat views)."""
    deal: tuple[Callable[[tuple[int, ...]], tuple[int, ...]], ...]
    """Each seat's hand from the pack, in seat order: the i-th seat in turn order of ``k``
    dealt in holds ``pack[i]``, ``pack[i + k]`` and ``pack[i + 2k]`` (one card each round);
    a seat not dealt in holds ``()``."""


_OpeningKey = tuple[int, int, tuple[bool, ...], tuple[int, ...] | None]
_MAX_OPENINGS: Final = 4096


class _Setup:
    """What every deal of one rules object shares: its game, whether the dealer plays
    blind, its openings (worked out on first use)."""

    __slots__ = ("blind", "by_dealer", "game", "lives_free", "max_players", "openings",
                 "rules")

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.game = game_for(rules)
        self.blind = self.game.blind_dealer(rules)
        self.lives_free = not self.game.opening_reads_lives(rules, None)
        """Whether no opening reads the lives (not even a new session's, lives None)."""
        self.max_players = rules.max_players()
        self.openings: dict[_OpeningKey, _Opening] = {}
        self.by_dealer: tuple[tuple[bool, ...] | None, list[_Opening | None]] = (None, [])
        """``(seated, openings)``: the openings that read no lives of the seats dealt in
        ``seated`` (the tuple object last seen), by dealer: :func:`deal_draft`'s shortcut
        past the key of :attr:`openings`."""

    def open_for(self, key: _OpeningKey, lives: tuple[int, ...] | None) -> _Opening:
        """The opening of ``key`` (``(n, dealer, seated, lives)``, or ``()`` for lives when
        the game's opening does not read them), worked out and checked on its first use;
        an opening that does not read the lives has those of its first use."""
        n, dealer, seated = key[0], key[1], key[2]
        found = self.openings.get(key)
        if found is not None:
            return found
        rules = self.rules
        if len(seated) != n or not seated[dealer] or sum(seated) < 2:
            raise BragError("a Commerce deal needs the dealer and at least one more seat "
                            "dealt in (rules 4.10, 4.11)")
        if sum(seated) > self.max_players:
            raise BragError(f"{sum(seated)} players is too many for this pack "
                            f"(at most {self.max_players})")
        d = Draft.blank(rules, self.game, n, dealer, (0,) * n, (), seated=seated, lives=lives)
        d.emit("deal_start", dealer, note=rules.game)
        self.game.open(d)
        looked = [False] * n
        for s in d.active:
            looked[s] = not (self.blind and s == dealer)
        shown = tuple(ONLY[s] if looked[s] else NOBODY for s in range(n))
        events = tuple(d.new_events)
        own = [-1] * n
        for i, s in enumerate(d.active):
            if looked[s]:
                own[s] = len(events) + i
        hidden = (*events, *(Event("deal", s, None, None, shown[s]) for s in d.active))
        at = {s: i for i, s in enumerate(d.active)}
        k = len(d.active)
        deal = tuple(itemgetter(at[s], at[s] + k, at[s] + 2 * k) if s in at else _NONE
                     for s in range(n))
        found = _Opening(d.active, tuple(d.status), d.paid, d.pot, d.lives, events,
                         tuple(looked), shown, StartLog(hidden, tuple(own)), deal)
        if len(self.openings) >= _MAX_OPENINGS:
            self.openings.clear()
        self.openings[key] = found
        return found


_LAST: list[_Setup | None] = [None]


@functools.lru_cache(maxsize=256)
def _build_setup(rules: Rules) -> _Setup:
    return _Setup(rules)


def _setup_for(rules: Rules) -> _Setup:
    last = _LAST[0]
    if last is not None and last.rules is rules:
        return last
    found = _build_setup(rules)
    _LAST[0] = found
    return found


@dataclass(frozen=True, slots=True)
class CommerceState(CommerceRecord):
    """One Commerce deal as an immutable value (the fields and queries of
    :class:`~.core.CommerceRecord`); :meth:`start` deals, :meth:`apply` returns a new state.
    """

    @staticmethod
    def start(rules: Rules, stacks: Sequence[int], dealer: int, pack: Sequence[int], *,
              seated: Sequence[bool] | None = None, pool: int = 0,
              lives: Sequence[int] | None = None, horses: Sequence[int] | None = None,
              first_out: int = -1) -> CommerceState:
        """Take the pool and deal a new hand from ``pack`` (card ids, top first, after the cut).

        ``seated`` marks the seats dealt in (default: every seat that can pay, see the game
        module); ``pool``, ``lives``, ``horses`` and ``first_out`` carry a lives session
        (4.11) from deal to deal; ``lives=None`` starts one (everyone pays the entry).
        """
        return start_draft(rules, stacks, dealer, pack, seated=seated, pool=pool, lives=lives,
                           horses=horses, first_out=first_out).freeze(CommerceState, -1, None)

    def apply(self, action: Action | str) -> CommerceState:
        """The state after the seat to act takes ``action``.

        Raises :class:`~bragkit.errors.IllegalActionError` naming the rule broken; this
        state is unchanged (it is immutable).
        """
        if isinstance(action, str):
            action = parse_action(action)
        legal = self.legal_actions()
        for la in legal:  # as written (the legal arguments are canonical already)
            if la.allows(action):
                return self._act(action)
        action = canonical(self, action)  # ``10s`` for ``Ts``, cards in another order
        for la in legal:
            if la.allows(action):
                return self._act(action)
        raise IllegalActionError(diagnose(self, action))

    def _act(self, action: Action) -> CommerceState:
        d = Draft.of(self)
        self.game.act(d, self.to_act, action)
        return d.freeze(CommerceState, self.to_act, action)


def start_state(rules: Rules, stacks: Sequence[int], dealer: int, pack: Sequence[int],
                seated: Sequence[bool] | None, pool: int, lives: Sequence[int] | None,
                horses: Sequence[int] | None, first_out: int) -> CommerceState:
    """:meth:`CommerceState.start` with every argument by position (a table keeps one per
    deal, as ``partial(start_state, ...)``: a partial without keywords is cheaper)."""
    return start_draft(rules, stacks, dealer, pack, seated=seated, pool=pool, lives=lives,
                       horses=horses, first_out=first_out).freeze(CommerceState, -1, None)


def start_draft(rules: Rules, stacks: Sequence[int], dealer: int, pack: Sequence[int], *,
                seated: Sequence[bool] | None = None, pool: int = 0,
                lives: Sequence[int] | None = None, horses: Sequence[int] | None = None,
                first_out: int = -1, events: bool = True) -> Draft:
    """The machine of a new deal as :meth:`CommerceState.start` deals it (its first state is
    ``start_draft(...).freeze(CommerceState, -1, None)``).

    With ``events=False`` the deal logs no events (its ``new_events`` stay empty): a line
    whose first state is read deals again (:meth:`CommerceState.start`) instead of freezing
    it, and a line played on without a read drops the events of the deal anyway.

    >>> from bragkit.rules import get_preset
    >>> d = start_draft(get_preset("commerce"), (10, 10, 10), 2, tuple(range(52)))
    >>> str(d.phase), d.to_act, d.pot, [e.kind for e in d.new_events][-3:]
    ('trade', 0, 4, ['deal', 'deal', 'deal'])
    >>> q = start_draft(get_preset("commerce"), (10, 10, 10), 2, tuple(range(52)), events=False)
    >>> q.new_events, q.hands == d.hands, q.stacks == d.stacks, q.quiet
    ([], True, True, False)
    """
    n = len(stacks)
    if not 0 <= dealer < n:
        raise BragError(f"dealer must be a seat 1..{n}")
    stacks = tuple(stacks)
    lives = None if lives is None else tuple(lives)
    seated = eligible(rules, stacks, dealer, lives) if seated is None else tuple(seated)
    return deal_draft(rules, stacks, dealer, tuple(pack), seated, pool, lives,
                      None if horses is None else tuple(horses), first_out, events)


def deal_draft(rules: Rules, stacks: tuple[int, ...], dealer: int, pack: tuple[int, ...],
               seated: tuple[bool, ...], pool: int, lives: tuple[int, ...] | None,
               horses: tuple[int, ...] | None, first_out: int, events: bool) -> Draft:
    """:func:`start_draft`'s deal, every argument given (a table's every deal: the dealer a
    seat, the seats dealt in known).

    >>> from bragkit.rules import get_preset
    >>> r, deck = get_preset("commerce"), tuple(range(52))
    >>> d = deal_draft(r, (10, 10, 10), 2, deck, (True,) * 3, 0, None, None, -1, False)
    >>> d.hands == start_draft(r, (10, 10, 10), 2, deck).hands, d.hands[0]
    (True, (0, 3, 6))
    """
    setup = _LAST[0]  # (_setup_for inline)
    if setup is None or setup.rules is not rules:
        setup = _setup_for(rules)
    game = setup.game
    n = len(stacks)
    reads = False if setup.lives_free else game.opening_reads_lives(rules, lives)
    memo = setup.by_dealer  # (read once: one consistent pair, whatever other threads do)
    if not reads and seated is memo[0]:  # (a table's deals: by dealer, no key hashed)
        opening = memo[1][dealer]
        if opening is None:
            opening = memo[1][dealer] = setup.open_for((n, dealer, seated, ()), lives)
    else:
        key = (n, dealer, seated, lives if reads else ())
        opening = setup.openings.get(key)
        if opening is None:
            opening = setup.open_for(key, lives)
        if not reads:  # (the next deals with these seats dealt in find it by dealer)
            by_dealer: list[_Opening | None] = [None] * n
            by_dealer[dealer] = opening
            setup.by_dealer = (seated, by_dealer)
    paid = opening.paid
    d = Draft()  # (a type call: cheaper than object.__new__, the wrapper)
    d.base = None
    d.rules = rules
    d.game = game
    d.n = n
    d.dealer = dealer
    d.stacks = list(map(sub, stacks, paid))
    d.paid = paid
    d.pot = pool + opening.pot
    d.total = sum(stacks) + pool
    d.status = opening.status
    d.active = order = opening.order
    d.looked = opening.looked
    d.quiet = not events
    d.quiet_end = False
    d.phase = P_DEAL
    d.to_act = -1
    d.rounds = 0
    d.stands = 0
    d.pending = None
    d.lives = opening.lives if reads or lives is None else lives
    d.horses = horses if horses is not None else (0,) * n
    d.first_out = first_out
    d.winners = ()
    d.carried = 0
    d.final = False
    hands: list[tuple[int, ...]] = list(map(call, opening.deal, repeat(pack, n)))
    d.hands = hands
    if events:
        log = d.new_events = list(opening.events)
        shown, append = opening.shown, log.append
        for s in order:
            append(_event(Event, ("deal", s, None, hands[s], shown[s], None)))
        d.start_log = opening.start_log
    else:
        d.new_events = []
        d.start_log = None
    d.pack = pack[3 * len(order):]
    d.widow = ()
    game.after_deal(d)
    d.quiet = False
    return d


if TYPE_CHECKING:  # mypy checks that the state satisfies the one contract
    from bragkit.engine.contract import GameState

    def _satisfies_contract(state: CommerceState) -> GameState:
        return state
