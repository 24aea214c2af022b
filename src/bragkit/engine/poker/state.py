"""The immutable state of one poker-style deal: its transitions (docs/design/contract.md).

The state runs the equalising betting machine (:mod:`.betting`) and hands every other
decision and the settlement to its game (:class:`~.core.PokerGame`).  It offers the
interface the table model works on: ``legal_actions()``, ``apply(action)``,
``apply_move(seat, action)``, ``is_over``, ``view(seat)``, ``events``, ``replay()``, chip and
card accounting.

>>> import random
>>> from bragkit.rules import get_preset
>>> from bragkit.engine.pack import shuffled_pack
>>> rules = get_preset("foster")
>>> s = PokerState.start(rules, (50, 50, 50, 50), 3, shuffled_pack(rules, random.Random(1)))
>>> str(s.phase), s.to_act, [str(a) for a in s.legal_actions()]
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

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from bragkit.engine.actions import Action, parse_action
from bragkit.engine.contract import SeatView
from bragkit.engine.events import Event
from bragkit.engine.kinds import Phase, SeatStatus
from bragkit.engine.poker import core
from bragkit.engine.poker.core import PokerGame, PokerRecord, PokerWork, fresh_work, make
from bragkit.engine.poker.diagnose import diagnose
from bragkit.engine.poker.game import poker_game_for
from bragkit.engine.poker.views import seat_view
from bragkit.errors import BragError, IllegalActionError

if TYPE_CHECKING:
    from bragkit.rules import Rules

__all__ = ["PokerState", "PokerWork", "deal_in", "play", "start_state", "start_work"]

_BET_KINDS: Final = frozenset({"fold", "pass", "call", "raise", "bet", "check", "stand"})
S_IN: Final = SeatStatus.IN
S_OUT: Final = SeatStatus.OUT
S_FOLDED: Final = SeatStatus.FOLDED
S_ALLIN: Final = SeatStatus.ALLIN
P_BET: Final = Phase.BET
_event: Final = tuple.__new__


@dataclass(frozen=True, slots=True)
class PokerState(PokerRecord):
    """One deal of a poker-style game, as an immutable value (the fields and queries of
    :class:`~.core.PokerRecord`, plus the transitions).

    Build the first state with :meth:`start`; :meth:`apply` returns a new state.
    """

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
        return start_state(rules, stacks, dealer, pack, carried, debts, reshuffles)

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
        raise IllegalActionError(diagnose(self, action))

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know: never a card it may not see."""
        return seat_view(self, seat)


def start_work(rules: Rules, stacks: Sequence[int], dealer: int, pack: Sequence[int], *,
               carried: int = 0, debts: tuple[tuple[int, int, int], ...] = (),
               reshuffles: tuple[tuple[int, ...], ...] = (), quiet: bool = False) -> PokerWork:
    """The machine of a new deal, ready for its first decision (as :meth:`PokerState.start`
    deals it; its first state is ``start_work(...).freeze(PokerState, -1, None)``).  A
    ``quiet`` machine logs no events (a line's, whose first state is dealt again when read).

    >>> from bragkit.rules import get_preset
    >>> w = start_work(get_preset("foster"), (20, 20, 20), 2, tuple(range(52)))
    >>> str(w.phase), w.to_act
    ('ante', 2)
    """
    game = poker_game_for(rules)
    need = game.min_stack()
    return deal_in(game, tuple(stacks), [S_IN if s >= need else S_OUT for s in stacks], dealer,
                   tuple(pack), carried, debts,
                   tuple(map(tuple, reshuffles)) if reshuffles else (), quiet)


def start_state(rules: Rules, stacks: Sequence[int], dealer: int, pack: Sequence[int],
                carried: int = 0, debts: tuple[tuple[int, int, int], ...] = (),
                reshuffles: tuple[tuple[int, ...], ...] = ()) -> PokerState:
    """:meth:`PokerState.start` with its arguments by position (what a table keeps to build
    a deal's first state when it is read: a positional ``partial`` is the cheaper one).

    >>> from bragkit.rules import get_preset
    >>> args = (get_preset("foster"), (20, 20, 20), 2, tuple(range(52)))
    >>> start_state(*args, 3) == PokerState.start(*args, carried=3)
    True
    """
    return start_work(rules, stacks, dealer, pack, carried=carried, debts=debts,
                      reshuffles=reshuffles).freeze(PokerState, -1, None)


def deal_in(game: PokerGame, stacks: tuple[int, ...], status: list[SeatStatus], dealer: int,
            pack: tuple[int, ...], carried: int, debts: tuple[tuple[int, int, int], ...],
            reshuffles: tuple[tuple[int, ...], ...], quiet: bool) -> PokerWork:
    """:func:`start_work` of a caller that has worked out each seat's ``status`` (``in``
    with the chips the game needs, else ``out``) and holds its inputs as tuples: a table's
    every deal."""
    if status.count(S_IN) < game.min_players:
        raise BragError(f"fewer than {game.min_players} seats can play: the session is over")
    w = fresh_work(game, stacks, dealer, pack, status, carried=carried, debts=debts,
                   reshuffles=reshuffles, quiet=quiet)
    if not quiet:  # (emit's append, without its call)
        w.new_events.append(_event(Event, ("deal_start", dealer, carried, None, None, None)))
    game.setup(w)
    return w


def play(w: PokerWork, p: int, action: Action) -> None:
    """Seat ``p`` takes the legal ``action`` on the machine ``w`` (in place: the general
    path of every transition, and a line's step)."""
    if w.phase != "bet":
        w.game.apply_phase(w, p, action)
    elif action.kind == "look":
        w.looked[p] = True
        if not w.quiet:  # (emit's append, without its call)
            w.new_events.append(_event(Event, ("look", p, None, w.hands[p], core.ONLY[p], None)))
    else:  # a betting round offers only look and the bets (core.legal_now)
        bet(w, p, action)


# ---------------------------------------------------------------------- transitions
def _apply(st: PokerState, p: int, action: Action) -> PokerState:
    if st.phase == "bet" and action.kind in _BET_KINDS and not st.game.bet_hooks:
        fast = _fast_bet(st, p, action)
        if fast is not None:
            return fast
    w = PokerWork(st)
    play(w, p, action)
    return w.freeze(PokerState, p, action)


def _fast_bet(st: PokerState, p: int, action: Action) -> PokerState | None:
    """A betting action that does not close the round, built directly (the hot path).

    Returns None when the round closes (the general path then settles it); it produces
    exactly the state :func:`bet` would.
    """
    m = st.game.rounds[st.stage]
    rnd = st.rnd
    assert rnd is not None
    kind = action.kind
    stacks = st.stacks
    status = st.status
    paid = credit = 0
    if kind == "fold" or kind == "pass":
        status = (*status[:p], S_FOLDED, *status[p + 1:])
        new = rnd
        event = _event(Event, ("fold", p, None, None, None, "pass" if kind == "pass" else None))
    elif kind == "call":
        new, paid = m.call(rnd, p, stack=stacks[p], blind=not st.looked[p])
        credit = new.contrib[p] - rnd.contrib[p]
        event = _event(Event, ("call", p, paid, None, None,
                               None if paid == credit else f"credited {credit}"))
    elif kind == "raise" or kind == "bet":
        assert action.amount is not None
        new, paid = m.raise_(rnd, p, action.amount, stack=stacks[p])
        credit = paid
        event = _event(Event, (kind, p, paid, None, None, f"by {action.amount}, to {new.target}"))
    else:
        new = m.check(rnd, p)
        event = _event(Event, (kind, p, None, None, None, None))
    pools, chips, credits = st.pools, st.chips, st.credit
    if paid:
        left = stacks[p] - paid
        stacks = (*stacks[:p], left, *stacks[p + 1:])
        k = st.game.bet_pool
        pools = (*pools[:k], pools[k] + paid, *pools[k + 1:])
        chips = (*chips[:p], chips[p] + paid, *chips[p + 1:])
        credits = (*credits[:p], credits[p] + credit, *credits[p + 1:])
        if left == 0 and status[p] == "in":
            status = (*status[:p], S_ALLIN, *status[p + 1:])
    nxt = m.next_to_act(new, p, status, stacks)
    if nxt < 0:
        return None
    return make(PokerState, rules=st.rules, n=st.n, dealer=st.dealer, stacks=stacks,
                pools=pools, credit=credits, chips=chips, rnd=new, status=status,
                hands=st.hands, looked=st.looked, phase=P_BET, to_act=nxt, pack=st.pack,
                muck=st.muck, total=st.total, carried=st.carried, stage=st.stage,
                data=st.data, debts=st.debts, events=(*st.events, event),
                actions=(*st.actions, (p, action)), game=st.game, origin=st,
                reshuffles=st.reshuffles)


def bet(w: PokerWork, p: int, action: Action) -> None:
    """Seat ``p`` takes the legal betting ``action`` (not a look) in the betting phase."""
    game = w.game
    m = game.rounds[w.stage]
    rnd = w.rnd
    assert rnd is not None
    kind = action.kind
    pool = game.bet_pool  # (the pool every bet goes to: PokerWork.pay's credited case)
    quiet = w.quiet  # (no event is built, nor its note formatted, on a quiet machine)
    if kind == "fold" or kind == "pass":
        w.status[p] = S_FOLDED
        if not quiet:
            w.new_events.append(_event(Event, ("fold", p, None, None, None,
                                               "pass" if kind == "pass" else None)))
    elif kind == "call":
        before = rnd.contrib[p]
        rnd, paid = m.call(rnd, p, stack=w.stacks[p], blind=not w.looked[p])
        w.rnd = rnd
        credit = rnd.contrib[p] - before
        _pay(w, p, paid, pool, credit)
        if not quiet:
            w.new_events.append(_event(Event, ("call", p, paid, None, None, None
                                               if paid == credit else f"credited {credit}")))
        if game.bet_hooks:
            game.on_call(w, p)
    elif kind == "raise" or kind == "bet":
        assert action.amount is not None
        rnd, paid = m.raise_(rnd, p, action.amount, stack=w.stacks[p])
        w.rnd = rnd
        _pay(w, p, paid, pool, paid)
        if not quiet:
            w.new_events.append(_event(Event, (kind, p, paid, None, None,
                                               f"by {action.amount}, to {rnd.target}")))
        if game.bet_hooks:
            game.on_raise(w, p)
    else:
        w.rnd = m.check(rnd, p)
        if not quiet:
            w.new_events.append(_event(Event, (kind, p, None, None, None, None)))
    if w.phase != P_BET or w.rnd is None:
        return
    nxt = m.next_to_act(w.rnd, p, w.status, w.stacks)
    if nxt < 0:
        game.round_closed(w)
    else:
        w.to_act = nxt


def _pay(w: PokerWork, p: int, paid: int, pool: int, credit: int) -> None:
    """:meth:`PokerWork.pay` into the betting pool ``pool``, inline: ``p`` puts in ``paid``
    chips, credited with ``credit``; all-in when its stack is spent."""
    stacks = w.stacks
    left = stacks[p] = stacks[p] - paid
    w.pools[pool] += paid
    w.chips[p] += paid
    w.credit[p] += credit
    if left == 0 and w.status[p] == "in":
        w.status[p] = S_ALLIN


if TYPE_CHECKING:  # mypy checks that the state satisfies the one contract
    from bragkit.engine.contract import GameState

    def _satisfies_contract(state: PokerState) -> GameState:
        return state
