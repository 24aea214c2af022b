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
from collections.abc import Sequence
from dataclasses import dataclass
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
]

COMMERCE_EVENT_KINDS: Final = (
    "deal_start", "ante", "deal", "widow", "look", "take", "trade", "draw", "pay", "barter",
    "accept", "stand", "pass", "exchange", "turn", "pounce", "decline", "cap", "reveal",
    "award", "settle", "penalty", "life", "out", "horse", "sweep", "deal_end",
)
"""Every event kind a Commerce deal emits (see docs/commerce.md)."""

P_DEAL: Final = Phase.DEAL
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


_OpeningKey = tuple[int, int, tuple[bool, ...], tuple[int, ...] | None]
_MAX_OPENINGS: Final = 4096


class _Setup:
    """What every deal of one rules object shares: its game, whether the dealer plays
    blind, its openings (worked out on first use)."""

    __slots__ = ("blind", "game", "max_players", "openings", "rules")

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.game = game_for(rules)
        self.blind = self.game.blind_dealer(rules)
        self.max_players = rules.max_players()
        self.openings: dict[_OpeningKey, _Opening] = {}

    def opening(self, n: int, dealer: int, seated: tuple[bool, ...],
                lives: tuple[int, ...] | None) -> _Opening:
        """The opening payments and events (checked once per distinct opening); when the
        game's opening does not read the lives, its ``lives`` are those given (or none)."""
        if not self.game.opening_reads_lives(self.rules, lives):
            found = self._opening((n, dealer, seated, ()), lives)  # (() : any lives)
            if lives is not None and lives != found.lives:
                found = found._replace(lives=lives)
            return found
        return self._opening((n, dealer, seated, lives), lives)

    def _opening(self, key: _OpeningKey, lives: tuple[int, ...] | None) -> _Opening:
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
        found = _Opening(d.active, tuple(d.status), d.paid, d.pot, d.lives, events,
                         tuple(looked), shown, StartLog(hidden, tuple(own)))
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
    setup = _setup_for(rules)
    stacks = tuple(stacks)
    lives = None if lives is None else tuple(lives)
    seated = eligible(rules, stacks, dealer, lives) if seated is None else tuple(seated)
    opening = setup.opening(n, dealer, seated, lives)
    order = opening.order
    paid = opening.paid
    d = object.__new__(Draft)
    d.base, d.rules, d.game, d.n, d.dealer = None, rules, setup.game, n, dealer
    d.stacks = list(map(int.__sub__, stacks, paid))
    d.paid, d.pot, d.total = paid, pool + opening.pot, sum(stacks) + pool
    d.status, d.active, d.looked = opening.status, order, opening.looked
    d.quiet, d.quiet_end = not events, False
    d.phase, d.to_act, d.rounds, d.stands, d.pending = P_DEAL, -1, 0, 0, None
    d.lives = opening.lives
    d.horses = tuple(horses) if horses is not None else (0,) * n
    d.first_out, d.winners, d.carried, d.final = first_out, (), 0, False
    k = len(order)
    pack = tuple(pack)
    hands: list[tuple[int, ...]] = [()] * n
    d.hands = hands
    if events:
        log = d.new_events = list(opening.events)
        shown, append = opening.shown, log.append
        for i, s in enumerate(order):
            hands[s] = hand = (pack[i], pack[i + k], pack[i + 2 * k])
            append(_event(Event, ("deal", s, None, hand, shown[s], None)))
    else:
        d.new_events = []
        for i, s in enumerate(order):
            hands[s] = (pack[i], pack[i + k], pack[i + 2 * k])
    d.pack = pack[3 * k:]
    d.widow = ()
    d.start_log = opening.start_log if events else None
    setup.game.after_deal(d)
    d.quiet = False
    return d


if TYPE_CHECKING:  # mypy checks that the state satisfies the one contract
    from bragkit.engine.contract import GameState

    def _satisfies_contract(state: CommerceState) -> GameState:
        return state
