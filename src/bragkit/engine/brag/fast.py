"""Fast paths of the brag engine for the commonest moves (bet, look, fold, fold-out, a
showdown proposal and its answers, retaining or releasing a carried hand).

Each builds the successor state directly instead of going through the mutable ``Work``
copy; each gives exactly the state the general path gives (a test compares them), and
returns ``None`` when its case does not apply.
"""

from __future__ import annotations

from typing import Final, TypeVar

from bragkit.engine.actions import Action
from bragkit.engine.brag.betting import next_in_turn
from bragkit.engine.brag.core import (
    PROPOSED,
    AgreeRound,
    BragRecord,
    Seldom,
    make,
    make_seldom,
    new_event,
    seldom_with,
)
from bragkit.engine.events import Event
from bragkit.engine.kinds import Phase, SeatStatus

R = TypeVar("R", bound=BragRecord)
_new_event = new_event

__all__ = ["fast"]

P_AGREE: Final = Phase.AGREE
P_BET: Final = Phase.BET
P_OVER: Final = Phase.OVER
P_RETAIN: Final = Phase.RETAIN
S_FOLDED: Final = SeatStatus.FOLDED
S_IN: Final = SeatStatus.IN
_ONLY: Final = tuple(frozenset((s,)) for s in range(64))
"""``_ONLY[s]``: the seats that may see what only ``s`` sees (shared sets)."""


def _step(st: R, p: int, action: Action, phase: Phase, to_act: int, seldom: Seldom,
          events: tuple[Event, ...], hands: tuple[tuple[int, ...], ...] | None = None,
          pack: tuple[int, ...] | None = None) -> R:
    """A successor that changes the phase, the seat to act, the seldom fields and maybe the
    hands and the pack (the fast paths of the retain and agree phases)."""
    return make(  # the fields in order (BragRecord)
        type(st), st.setup, seldom, st.stacks, st.pot, st.hands if hands is None else hands,
        st.looked, st.blind_bet, st.status, phase, to_act, st.stake, st.last_bettor,
        st.pack if pack is None else pack, st.paid, (*st.events, *events),
        (*st.actions, (p, action)), st
    )


def _other_phase(st: R, p: int, action: Action) -> R | None:
    """Fast paths outside the betting phase: retain or release a carried blind hand, answer
    a showdown proposal (4.4.6, 4.4.10)."""
    phase = st.phase
    kind = action.kind
    seldom = st.seldom
    if phase == P_RETAIN and action.arg is None and not seldom.retained_hand[p]:
        hand = st.hands[p]
        hands = (*st.hands[:p], (), *st.hands[p + 1:])
        end = _new_event(Event, ("deal_end", None, seldom.carried, None, None, None))
        if kind == "retain":
            kept = make_seldom(seldom.covered_pots, seldom.retained_hand, seldom.discards, None,
                               seldom.winners, seldom.carried, (p, *hand), seldom.shuffle_next,
                               seldom.debts, seldom.bought, seldom.total, seldom.faceup,
                               seldom.retainer, seldom.turn_flags)
            retain = _new_event(Event, ("retain", p, None, None, None, None))
            return _step(st, p, action, P_OVER, -1, kept, (retain, end), hands)
        if kind == "release":
            release = _new_event(Event, ("release", p, None, None, None, None))
            return _step(st, p, action, P_OVER, -1,
                         seldom_with(seldom, turn_flags=seldom.turn_flags), (release, end), hands,
                         st.pack + hand)
        return None
    if phase == P_AGREE:
        asked = seldom.pending
        assert isinstance(asked, AgreeRound)
        proposer, rest = asked
        if kind == "refuse":
            turn = seldom.turn_flags | PROPOSED
            refused = _new_event(Event, ("refuse", p, None, None, None, None))
            return _step(st, p, action, P_BET, proposer, seldom_with(seldom, turn_flags=turn),
                         (refused,))
        if kind == "agree" and rest:
            agreed = _new_event(Event, ("agree", p, None, None, None, None))
            return _step(st, p, action, P_AGREE, rest[0],
                         seldom_with(seldom, pending=AgreeRound(proposer, rest[1:]),
                                     turn_flags=seldom.turn_flags), (agreed,))
    return None


def _propose(st: R, p: int, action: Action) -> R:
    """``showdown``: propose an agreed showdown; the others answer in turn (4.4.10)."""
    n = st.setup.n
    status = st.status
    others = tuple(s for s in ((p + k) % n for k in range(1, n)) if status[s] == S_IN)
    proposed = _new_event(Event, ("propose", p, None, None, None, None))
    seldom = st.seldom
    return _step(st, p, action, P_AGREE, others[0],
                 seldom_with(seldom, pending=AgreeRound(p, others[1:]),
                             turn_flags=seldom.turn_flags), (proposed,))


def fast(st: R, p: int, action: Action) -> R | None:
    """Fast paths for the commonest moves of the plain game; None when they do not apply."""
    kind = action.kind
    setup = st.setup
    rules = setup.rules
    if rules.stub_face_up:
        return None
    if st.phase != P_BET:
        return _other_phase(st, p, action)
    if st.seldom.retained_hand[p]:
        return None
    if kind == "showdown":
        return _propose(st, p, action)
    if kind == "bet":
        if setup.family.has_after_bet:
            return None
        x = action.amount
        assert x is not None
        blind = not st.looked[p]
        stacks = st.stacks
        paid = st.paid
        blind_bet = st.blind_bet
        if blind and not blind_bet[p]:
            blind_bet = (*blind_bet[:p], True, *blind_bet[p + 1:])
        seldom = st.seldom
        if seldom.pending is not None or seldom.turn_flags:
            seldom = seldom_with(seldom)  # a new turn: no flag, nothing pending
        status = st.status
        return make(  # the fields in order (BragRecord)
            type(st), setup, seldom, (*stacks[:p], stacks[p] - x, *stacks[p + 1:]), st.pot + x,
            st.hands, st.looked, blind_bet, status, P_BET, next_in_turn(status, p),
            2 * x if blind else x, p, st.pack, (*paid[:p], paid[p] + x, *paid[p + 1:]),
            (*st.events, _new_event(Event, ("bet", p, x, None, None, "blind" if blind else None))),
            (*st.actions, (p, action)), st
        )
    if kind == "look" and action.arg is None and not rules.discards:
        looked = st.looked
        seldom = st.seldom
        if seldom.pending is not None:
            seldom = seldom_with(seldom, turn_flags=seldom.turn_flags)
        hands = st.hands
        return make(  # the fields in order (BragRecord)
            type(st), setup, seldom, st.stacks, st.pot, hands,
            (*looked[:p], True, *looked[p + 1:]), st.blind_bet, st.status, P_BET, p, st.stake,
            st.last_bettor, st.pack, st.paid,
            (*st.events, _new_event(Event, ("look", p, None, hands[p], _ONLY[p], None))),
            (*st.actions, (p, action)), st
        )
    if kind == "fold":
        active = st.status.count(S_IN)
        if active == 2 and not st.seldom.covered_pots:
            return _fast_foldout(st, p, action)
        if active > 2:
            status = (*st.status[:p], S_FOLDED, *st.status[p + 1:])
            hands = st.hands
            seldom = st.seldom
            if seldom.pending is not None or seldom.turn_flags:
                seldom = seldom_with(seldom)
            return make(  # the fields in order (BragRecord)
                type(st), setup, seldom, st.stacks, st.pot,
                (*hands[:p], (), *hands[p + 1:]), st.looked, st.blind_bet, status, P_BET,
                next_in_turn(status, p), st.stake, st.last_bettor, st.pack + hands[p], st.paid,
                (*st.events, _new_event(Event, ("fold", p, None, None, None, None))),
                (*st.actions, (p, action)), st
            )
    return None


def _fast_foldout(st: R, p: int, action: Action) -> R | None:
    """A fold that leaves one seat: it wins the pot, or carries it if playing blind."""
    s = next_in_turn(st.status, p)
    seldom = st.seldom
    if seldom.retained_hand[s]:
        return None
    setup = st.setup
    blind = not st.looked[s] and (st.blind_bet[s]
                                  or setup.rules.blind_definition != "has_bet_blind")
    family = setup.family
    status = (*st.status[:p], S_FOLDED, *st.status[p + 1:])
    fold = _new_event(Event, ("fold", p, None, None, None, None))
    pack = st.pack + st.hands[p]
    hands = list(st.hands)
    hands[p] = ()
    if family.foldout_carries and blind:
        if not family.retained_hands:
            return None
        carry = _new_event(Event, ("carry", s, st.pot, None, None, None))
        return make(  # the fields in order (BragRecord)
            type(st), setup, seldom_with(seldom, carried=st.pot), st.stacks, st.pot,
            tuple(hands), st.looked, st.blind_bet, status, P_RETAIN, s, st.stake, st.last_bettor,
            pack, st.paid, (*st.events, fold, carry), (*st.actions, (p, action)), st
        )
    pot = st.pot
    award = _new_event(Event, ("award", s, pot, None, None, "pot"))
    end = _new_event(Event, ("deal_end", None, seldom.carried, None, None, None))
    pack += hands[s]
    hands[s] = ()
    stacks = (*st.stacks[:s], st.stacks[s] + pot, *st.stacks[s + 1:])
    winners = seldom.winners if s in seldom.winners else (*seldom.winners, s)
    return make(  # the fields in order (BragRecord)
        type(st), setup, seldom_with(seldom, winners=winners), stacks, 0, tuple(hands),
        st.looked, st.blind_bet, status, P_OVER, -1, st.stake, st.last_bettor, pack, st.paid,
        (*st.events, fold, award, end), (*st.actions, (p, action)), st
    )
