"""Commerce with a widow (rules 4.11, G-C2): deal plan, decisions, scoring.

The state machine is :class:`bragkit.games.commerce.state.CommerceState`; this module
says what is dealt, what may be done and who is paid.

* Deal: three cards to each player, then three face up in the centre (the widow).
* ``dealer_widow_privilege``: before seeing his hand the dealer says ``widow`` (takes the
  widow; his unseen hand is turned up as the new widow; he has stood) or ``keep``.
* Exchanges (``widow_rules``):

  - ``peel``: in turn, ``exchange`` one card for a widow card, ``stand`` or ``pass``; after
    two stands every player who has neither stood nor passed gets one last ``exchange``
    (or ``pass``); the phase also ends when nobody is left to exchange.
  - ``hoyle``: ``exchange`` one, two or three cards one for one, or ``stand``, round after
    round until everyone has stood.
  - ``britannica``: as many rounds as players, a fresh card turned to the widow at the start
    of each; ``exchange`` one, two or all three cards (all three ends one's changes) or
    ``pass`` (for good).
  - ``max_trade_rounds`` caps the rounds of ``peel`` and ``hoyle`` (then the showdown).
* ``pounce``: when the fourth card of a tricon's rank appears in the widow its holder may
  ``pounce`` (take it: a four-card hand that beats every three-card hand; he then stands) or
  ``decline``; a pounced card is replaced from the stock.
* Scoring (``widow_scoring``): ``lives`` (the best hand takes ``win_from_pool`` from the
  pool, the worst loses a life; the first player out may buy a ``horse``; the last player
  with lives sweeps the pool) or ``stakes`` (no pool; every player who does not tie for
  best pays ``stake`` to each best hand).

>>> import random
>>> from bragkit.rules import get_preset
>>> from bragkit.games.commerce.state import CommerceState
>>> from bragkit.engine.pack import shuffled_pack
>>> rules = get_preset("commerce-widow")
>>> s = CommerceState.start(rules, (20, 20, 20), 2, shuffled_pack(rules, random.Random(1)))
>>> s.pot, s.lives, str(s.phase), [str(a) for a in s.legal_actions()]
(9, (3, 3, 3), 'privilege', ['widow', 'keep'])
>>> s.view(2).own_cards is None        # the dealer decides before seeing his hand
True
>>> s = s.apply("widow")
>>> str(s.status[2]), str(s.phase), s.to_act
('stood', 'exchange', 0)
"""

from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING, Final

from bragkit.engine.actions import Action, LegalAction
from bragkit.engine.kinds import ActionKind, Phase, SeatStatus
from bragkit.engine.turns import AFTER
from bragkit.games.commerce.cards import arg_cards, without
from bragkit.games.commerce.core import ONLY, CommerceRecord, Deal, Draft
from bragkit.games.commerce.lazy import legal_exchange
from bragkit.games.commerce.meanings import WIDOW_MEANINGS
from bragkit.games.commerce.records import (
    HorseOffers,
    LastExchanges,
    PounceOffer,
    PounceOffers,
    Resume,
)
from bragkit.games.commerce.trade import STAND_TEXT
from bragkit.games.spec import GameSpec
from bragkit.hands import Ranking, get_ranking
from bragkit.rules.catalogue import RuleValue
from bragkit.rules.game_keys import LIVES_KEYS, WIDOW_KEYS

if TYPE_CHECKING:
    from bragkit.rules import Rules

__all__ = ["GAMES", "LIVES_KEYS", "WIDOW_GAME", "WIDOW_KEYS", "WidowGame", "horse_price"]


A_STAND: Final = ActionKind.STAND
A_PASS: Final = ActionKind.PASS
A_DECLINE: Final = ActionKind.DECLINE
A_WIDOW: Final = ActionKind.WIDOW
A_KEEP: Final = ActionKind.KEEP
A_POUNCE: Final = ActionKind.POUNCE
A_HORSE: Final = ActionKind.HORSE
A_EXCHANGE: Final = ActionKind.EXCHANGE
WIDOW_TEXT: Final = A_WIDOW.value
POUNCE_TEXT: Final = A_POUNCE.value
HORSE_TEXT: Final = A_HORSE.value
EXCHANGE_TEXT: Final = A_EXCHANGE.value
"""The kinds :meth:`WidowGame.act` tests, as plain strings (the actions' kinds are plain
strings, as ``interned()`` builds them: a compare with an enum member, a str subclass, takes
the interpreter's slow, generic path)."""
P_PRIVILEGE: Final = Phase.PRIVILEGE
P_EXCHANGE: Final = Phase.EXCHANGE
P_LAST: Final = Phase.LAST
P_POUNCE: Final = Phase.POUNCE
P_HORSE: Final = Phase.HORSE
P_SHOWDOWN: Final = Phase.SHOWDOWN
S_IN: Final = SeatStatus.IN
S_STOOD: Final = SeatStatus.STOOD
S_DONE: Final = SeatStatus.DONE
S_PASSED: Final = SeatStatus.PASSED
_STAND: Final = LegalAction(A_STAND)
_PASS: Final = LegalAction(A_PASS)
_DECLINE: Final = LegalAction(A_DECLINE)
_PRIVILEGE: Final = (LegalAction(A_WIDOW), LegalAction(A_KEEP))
_POUNCE: Final = (LegalAction(A_POUNCE), _DECLINE)
_TRICONS: Final = frozenset(hand for rank in range(13)
                            for hand in permutations(range(4 * rank, 4 * rank + 4), 3))
"""Every hand of three cards of one rank, in any order (a pounce needs one)."""


def horse_price(rules: Rules) -> int:
    """The price of a horse: ``horse_price``, by default a third of ``stake`` (at least 1).

    >>> from bragkit.rules import get_preset
    >>> horse_price(get_preset("commerce-widow")), horse_price(get_preset("commerce-widow",
    ...     ).replace(horse_price=2))
    (1, 2)
    """
    if rules.horse_price is not None:
        return rules.horse_price
    return max(1, rules.stake // 3)


class WidowGame:
    """The hooks of G-C2 (see the module docs)."""

    def open(self, d: Draft) -> None:
        """Lives scoring: a new session's players pay ``stake`` each and get their lives."""
        rules = d.rules
        if rules.widow_scoring == "lives" and not any(d.lives):
            for s in d.order():
                d.to_pool(s, rules.stake)
                d.add_lives(s, rules.widow_lives)

    def blind_dealer(self, rules: Rules) -> bool:
        """Under the dealer's privilege the dealer chooses before seeing his hand."""
        return rules.dealer_widow_privilege

    def opening_reads_lives(self, rules: Rules, lives: tuple[int, ...] | None) -> bool:
        """Only a new lives session's opening reads them (everyone pays and gets lives)."""
        return rules.widow_scoring == "lives" and (lives is None or not any(lives))

    def after_deal(self, d: Draft) -> None:
        """Turn up the widow; then the dealer's privilege or the first exchange."""
        d.widow, d.pack = d.pack[:3], d.pack[3:]
        d.emit("widow", cards=d.widow)
        appeared = list(d.widow)
        if d.rules.dealer_widow_privilege:
            d.phase, d.to_act = P_PRIVILEGE, d.dealer
        else:
            appeared += self._begin(d)
        self._finish(d, appeared)

    def legal(self, st: Deal) -> tuple[LegalAction, ...]:
        """The decisions of each phase (see the module docs)."""
        phase = st.phase
        if phase is P_PRIVILEGE:
            return _PRIVILEGE
        if phase is P_POUNCE:
            return _POUNCE
        if phase is P_HORSE:
            return (LegalAction(A_HORSE, cost=horse_price(st.rules)), _DECLINE)
        hand = st.hands[st.to_act]
        rules = st.rules.widow_rules
        if phase is P_LAST or rules == "peel":
            swap = legal_exchange(hand, st.widow, (1,))
            return (swap, _PASS) if phase is P_LAST else (swap, _STAND, _PASS)
        swap = legal_exchange(hand, st.widow, (1, 2, 3))
        return (swap, _STAND) if rules == "hoyle" else (swap, _PASS)

    def act(self, d: Draft, seat: int, action: Action) -> None:
        """Apply a legal action."""
        kind, phase = action.kind, d.phase
        appeared: list[int] = []
        if phase is P_PRIVILEGE:
            if kind == WIDOW_TEXT:
                old = d.hands[seat]
                d.hands[seat], d.widow = d.widow, old
                d.emit("take", seat, cards=d.hands[seat])
                d.emit("widow", cards=old, note=f"p{seat + 1}'s hand turned up")
                d.set_status(seat, S_STOOD)
                d.stands += 1
                appeared = list(old)
            else:
                d.emit("look", seat, cards=d.hands[seat], visible_to=ONLY[seat])
            d.set_looked(seat)
            appeared += self._begin(d)
        elif phase is P_POUNCE:
            offers = d.pending
            assert isinstance(offers, PounceOffers)
            owner, card = offers.offers[0]
            d.pending = PounceOffers(offers.offers[1:], offers.resume)
            if kind == POUNCE_TEXT:
                d.widow = without(d.widow, card)
                d.hands[owner] = (*d.hands[owner], card)
                d.emit("pounce", owner, cards=(card,))
                if d.status[owner] == S_IN:
                    d.set_status(owner, S_STOOD)
                    d.stands += 1
                appeared = self._turn(d)
            else:
                d.emit("decline", owner, cards=(card,))
        elif phase is P_HORSE:
            horses = d.pending
            assert isinstance(horses, HorseOffers)
            rest = horses.seats[1:]
            if kind == HORSE_TEXT:
                d.to_pool(seat, horse_price(d.rules), "horse")
                d.add_lives(seat, 1, horses=1)
            else:
                d.emit("decline", seat, note="no horse")
            if rest:
                d.pending = HorseOffers(rest, horses.out)
                d.to_act = rest[0]
            else:
                self._close(d, horses.out)
            return
        else:
            if kind == EXCHANGE_TEXT:
                cards = arg_cards(action.arg)
                k = len(cards) // 2
                mine, theirs = cards[:k], cards[k:]
                if k == 1:  # (most exchanges: one card for one, in place by slices)
                    m, t = cards
                    hand, widow = d.hands[seat], d.widow
                    i, j = hand.index(m), widow.index(t)
                    d.hands[seat] = (*hand[:i], t, *hand[i + 1:])
                    d.widow = (*widow[:j], m, *widow[j + 1:])
                else:  # (each card swapped for its partner, in place)
                    held, shown = list(d.hands[seat]), list(d.widow)
                    for m, t in zip(mine, theirs, strict=True):
                        held[held.index(m)] = t
                        shown[shown.index(t)] = m
                    d.hands[seat] = tuple(held)
                    d.widow = tuple(shown)
                if not d.quiet:
                    d.emit("exchange", seat, cards=tuple(cards))
                if k == 3 and d.rules.widow_rules == "britannica":
                    d.set_status(seat, S_DONE)
                appeared = list(mine)
            elif kind == STAND_TEXT:
                d.emit("stand", seat)
                d.set_status(seat, S_STOOD)
                d.stands += 1
            else:
                d.emit("pass", seat)
                if phase is P_EXCHANGE:
                    d.set_status(seat, S_PASSED)
            appeared += self._next(d, seat)
        self._finish(d, appeared)

    def rule(self, st: CommerceRecord) -> str:
        """The rule named by an illegal-action error."""
        if st.phase == "privilege":
            return "rules 4.11 dealer's privilege: widow or keep"
        if st.phase == "pounce":
            return "rules 4.11 pounce: pounce or decline"
        if st.phase == "horse":
            return "rules 4.11 buying a horse: horse or decline"
        if st.phase == "last":
            return "rules 4.11 peel: one last exchange of one card, or pass"
        return {"peel": "rules 4.11 peel: exchange one card with the widow, stand or pass",
                "hoyle": "rules 4.11 hoyle: exchange cards one for one, or stand",
                "britannica": "rules 4.11 britannica: exchange one, two or three cards, "
                              "or pass"}[st.rules.widow_rules]

    # ------------------------------------------------------------------ the exchange phase
    def _begin(self, d: Draft) -> list[int]:
        d.phase, d.rounds = P_EXCHANGE, 0
        appeared = self._turn(d) if d.rules.widow_rules == "britannica" else []
        status = d.status
        for s in d.order():  # (the first seat still in: a loop, no cell)
            if status[s] is S_IN:
                d.to_act = s
                break
        else:
            d.phase = P_SHOWDOWN
        return appeared

    def _turn(self, d: Draft) -> list[int]:
        """Turn a fresh card from the stock to the widow (none when the stock is empty)."""
        if not d.pack:
            return []
        card, d.pack = d.pack[0], d.pack[1:]
        d.widow = (*d.widow, card)
        d.emit("turn", cards=(card,))
        return [card]

    def _next(self, d: Draft, seat: int) -> list[int]:
        """Pass the turn on from ``seat``; may end the phase (phase ``showdown``)."""
        if d.phase is P_LAST:
            self._next_last(d)
            return []
        rules = d.rules
        status = d.status
        if rules.widow_rules == "peel" and d.stands >= 2:
            self._last_round(d, seat)
            return []
        if S_IN not in status:  # (only seats dealt in are ever in)
            d.phase = P_SHOWDOWN
            return []
        nxt = -1
        for s in AFTER[d.n][seat]:  # (d.next_seat(seat) inline; a machine's statuses are
            if status[s] is S_IN:   # the SeatStatus members: identity, not a str compare)
                nxt = s
                break
        appeared: list[int] = []
        n, first = d.n, d.dealer + 1
        if (nxt - first) % n <= (seat - first) % n:  # round again (positions in turn order)
            d.rounds += 1
            if rules.widow_rules == "britannica":
                if d.rounds >= len(d.order()):
                    d.phase = P_SHOWDOWN
                    return []
                appeared = self._turn(d)
            elif d.rounds >= rules.max_trade_rounds:
                d.emit("cap", amount=d.rounds, note="max_trade_rounds")
                d.phase = P_SHOWDOWN
                return []
        d.to_act = nxt
        return appeared

    # (the rare turns in functions of their own: the comprehensions' variables would be
    # cells, made at every pass of the turn)
    @staticmethod
    def _next_last(d: Draft) -> None:
        """The next of the last exchanges (phase ``last``), or the showdown."""
        last = d.pending
        assert isinstance(last, LastExchanges)
        rest = tuple([p for p in last.seats[1:] if d.status[p] == S_IN])
        if rest:
            d.pending, d.to_act = LastExchanges(rest), rest[0]
        else:
            d.pending, d.phase = None, P_SHOWDOWN

    @staticmethod
    def _last_round(d: Draft, seat: int) -> None:
        """Peel: a second stand gives every seat still in one last exchange, from ``seat``'s
        left."""
        ins = [p for p in d.order() if d.status[p] == S_IN]
        after = sorted(ins, key=lambda p: (d.pos(p) - d.pos(seat) - 1) % d.n)
        if after:
            d.phase, d.pending, d.to_act = P_LAST, LastExchanges(tuple(after)), after[0]
        else:
            d.phase = P_SHOWDOWN

    def _offers(self, d: Draft, appeared: list[int]) -> tuple[PounceOffer, ...]:
        """Pounce offers for the cards that just appeared in the widow."""
        hands, looked = d.hands, d.looked
        if _TRICONS.isdisjoint(hands):  # (nobody holds three of a rank: the common case)
            return ()
        tricons: dict[int, int] = {}  # rank -> the looked seat holding three of it
        for s in range(d.n):
            h = hands[s]
            if len(h) == 3 and looked[s] and h[0] // 4 == h[1] // 4 == h[2] // 4:
                tricons[h[0] // 4] = s
        if not tricons:
            return ()
        out: list[PounceOffer] = []
        for card in appeared:
            s = tricons.get(card // 4, -1)
            if s >= 0 and card in d.widow:
                out.append(PounceOffer(s, card))
        return tuple(out)

    def _finish(self, d: Draft, appeared: list[int]) -> None:
        """Offer pounces, resume after them, or go to the showdown."""
        offers = self._offers(d, appeared) if d.rules.pounce and appeared else ()
        pending = d.pending
        if offers:
            if isinstance(pending, PounceOffers):
                pending = PounceOffers(pending.offers + offers, pending.resume)
            else:
                last = pending if isinstance(pending, LastExchanges) else None
                pending = PounceOffers(offers, Resume(d.phase, d.to_act, last))
            d.pending = pending
        if isinstance(pending, PounceOffers):
            if pending.offers:
                d.phase, d.to_act = P_POUNCE, pending.offers[0].seat
                return
            resume = pending.resume
            d.phase, d.to_act, d.pending = resume.phase, resume.seat, resume.last
            if d.phase is P_EXCHANGE and d.rules.widow_rules == "peel" and d.stands >= 2:
                self._finish(d, self._next(d, (d.to_act - 1) % d.n))
                return
            if (d.phase is P_EXCHANGE or d.phase is P_LAST) and d.status[d.to_act] != S_IN:
                self._finish(d, self._next(d, d.to_act))
                return
        if d.phase is P_SHOWDOWN:
            self.showdown(d)

    # ------------------------------------------------------------------ scoring
    def showdown(self, d: Draft) -> None:
        """SHOWDOWN and scoring (``widow_scoring``); the deal ends unless a horse is offered."""
        rules = d.rules
        if rules.widow_scoring == "stakes" or not self._horse_possible(d):
            d.ending()
        d.reveal()
        top, low = d.ranked()
        if rules.widow_scoring == "stakes":
            for s in d.order():
                if s not in top:
                    for w in top:
                        d.transfer(s, w, rules.stake, "settle")
            d.winners = tuple(top)
            d.end()
            return
        winners = top if rules.commerce_exact_tie == "split" else top[:1]
        d.split(winners, min(rules.win_from_pool, d.pot))
        d.winners = tuple(winners)
        losers = low if rules.worst_tie == "all" else low[-1:]
        out: list[int] = []
        for s in losers:
            d.add_lives(s, -1)
            d.emit("life", s, d.lives[s])
            if d.lives[s] == 0:
                out.append(s)
                d.emit("out", s)
        offers: list[int] = []
        price = horse_price(rules)
        first_now = d.first_out == -1 and bool(out)
        if first_now:
            d.first_out = out[0]
        if rules.horse_rule == "first_out_once":
            candidates = [d.first_out] if first_now else []
        elif rules.horse_rule == "any_once":
            candidates = out
        else:
            candidates = []
        for s in candidates:
            if d.horses[s] == 0 and d.stacks[s] >= price:
                offers.append(s)
        if offers:
            d.phase, d.pending, d.to_act = P_HORSE, HorseOffers(tuple(offers), tuple(out)), \
                offers[0]
            return
        self._close(d, tuple(out))

    def _horse_possible(self, d: Draft) -> bool:
        """Whether this lives showdown may offer a horse (else the deal ends with it): a seat
        on its last life that has no horse yet, under a horse rule that may offer it one."""
        rule = d.rules.horse_rule
        if rule != "any_once" and (rule != "first_out_once" or d.first_out != -1):
            return False
        lives, horses = d.lives, d.horses
        return any(lives[s] == 1 and horses[s] == 0 for s in d.active)

    def _close(self, d: Draft, out: tuple[int, ...]) -> None:
        """End a lives deal: the final sweep, or the pool carried to the next deal."""
        d.ending()
        alive = [s for s in range(d.n) if d.lives[s] > 0]
        if len(alive) == 1:
            d.from_pool(alive[0], d.pot, "sweep")
            d.final = True
        elif not alive:
            d.split([s for s in d.order() if s in out], d.pot, "sweep")
            d.final = True
        d.carried, d.pot = d.pot, 0
        d.end()


WIDOW_GAME: Final = WidowGame()
"""The G-C2 game object the Commerce state dispatches to."""


def _ranking(rules: Rules) -> Ranking:
    return get_ranking("commerce", commerce_ranking=rules.commerce_ranking)


_WIDOW: Final[dict[str, RuleValue]] = {"pack_policy": "shuffle_every_deal", "stake": 3}
GAMES: Final = (GameSpec(
    name="commerce-widow", title="Commerce with a widow", spec_section="4.11",
    engine="commerce", hooks="bragkit.games.commerce.widow:WIDOW_GAME",
    table="bragkit.games.commerce.session:CommerceSession",
    keys=WIDOW_KEYS, ranking=_ranking,
    action_meanings=WIDOW_MEANINGS, docs="docs/rules/commerce.md", order=3,
    bots={"heuristic": "bragkit.bots.commerce_bot:CommerceHeuristicBot"},
    inactive=(("widow_scoring", "stakes", LIVES_KEYS | {"commerce_exact_tie"}),),  # no pool
    presets={
        "commerce-widow": _WIDOW,
        "commerce-widow-stakes": {"pack_policy": "shuffle_every_deal", "widow_scoring": "stakes"},
        "commerce-widow-hoyle": {**_WIDOW, "widow_rules": "hoyle", "commerce_ranking": "hoyle18"},
        "commerce-widow-britannica": {**_WIDOW, "widow_rules": "britannica",
                                      "dealer_widow_privilege": False},
        "commerce-pounce": {**_WIDOW, "widow_rules": "britannica",
                            "dealer_widow_privilege": False, "pounce": True},
    }),)
"""The declaration of Commerce with a widow (:mod:`bragkit.games.spec`)."""
