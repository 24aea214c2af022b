"""The transitions of a brag-style deal: one handler per action kind (rules 4.4).

Each handler changes the :class:`~bragkit.engine.brag.core.Work` copy of the state; the
commonest moves take the fast paths of :mod:`bragkit.engine.brag.fast` instead, which build
exactly the same successor.

>>> import random
>>> from bragkit.engine import BragState
>>> from bragkit.engine.actions import Action
>>> from bragkit.rules import get_preset
>>> s = BragState.new(get_preset("modern"), [9, 9, 9], rng=random.Random(1))
>>> apply_action(s, 1, Action("bet", 2)) == s.apply("bet 2")
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, TypeVar

from bragkit.engine.actions import Action
from bragkit.engine.brag import resolve as res
from bragkit.engine.brag.betting import next_in_turn
from bragkit.engine.brag.core import (
    NO_FLAGS,
    QUALIFYING,
    REBOUGHT,
    WITH_PROPOSED,
    AgreeRound,
    AnyWork,
    BragRecord,
    LoanAsked,
    LookChoice,
    NameChoice,
    Qualifying,
    Work,
    new_event,
)
from bragkit.engine.brag.fast import fast as fast_path
from bragkit.engine.brag.legal import borrow_need, discard_ids
from bragkit.engine.events import Event
from bragkit.engine.kinds import Phase, SeatStatus
from bragkit.engine.turns import AFTER

__all__ = ["HANDLERS", "apply_action"]

P_AGREE: Final = Phase.AGREE
P_BET: Final = Phase.BET
P_DECIDE: Final = Phase.DECIDE
P_DISCARD: Final = Phase.DISCARD
P_LEND: Final = Phase.LEND
P_QUALIFY: Final = Phase.QUALIFY
S_COVERED: Final = SeatStatus.COVERED
S_FOLDED: Final = SeatStatus.FOLDED
S_IN: Final = SeatStatus.IN

R = TypeVar("R", bound=BragRecord)
P = TypeVar("P", LookChoice, NameChoice, LoanAsked, AgreeRound, Qualifying)


def _pending(w: AnyWork, kind: type[P]) -> P:
    """The pending record of this phase (a state's phase always comes with its record)."""
    record = w.pending
    assert isinstance(record, kind), (w.phase, record)
    return record


def apply_action(st: R, p: int, action: Action) -> R:
    """The successor of ``st`` when seat ``p`` takes the (legal) ``action``."""
    fast = fast_path(st, p, action)
    if fast is not None:
        return fast
    w = Work(st)
    kind = action.kind
    handler = HANDLERS.get(kind)
    if handler is None:
        st.family.apply_extra(w, p, action)
    else:
        handler(w, p, action)
    return w.freeze(p, action)


def _do_look(w: AnyWork, p: int, action: Action) -> None:
    vis = frozenset({p})
    if action.arg is not None:
        which = 0 if action.arg == "old" else 1
        cards = w.retained_hand[p] if which == 0 else w.hands[p]
        w.emit("look", p, cards=cards, visible_to=vis, note=action.arg)
        w.phase = P_DECIDE
        w.pending = LookChoice(which)
        return
    w.looked[p] = True
    w.emit("look", p, cards=w.hands[p], visible_to=vis)
    if w.rules.discards:
        w.phase = P_DISCARD


def _do_keep(w: AnyWork, p: int, action: Action) -> None:
    which = _pending(w, LookChoice).which
    if which == 0:
        kept, other = w.retained_hand[p], w.hands[p]
    else:
        kept, other = w.hands[p], w.retained_hand[p]
    w.pack += other
    w.hands[p] = kept
    w.retained_hand[p] = ()
    w.looked[p] = True
    w.emit("keep", p, note="old" if which == 0 else "new")
    w.stub_changed()
    w.pending = None
    w.phase = P_DISCARD if w.rules.discards else P_BET


def _do_throw(w: AnyWork, p: int, action: Action) -> None:
    which = _pending(w, LookChoice).which
    if which == 0:
        w.pack += w.retained_hand[p]
    else:
        w.pack += w.hands[p]
        w.hands[p] = w.retained_hand[p]
    w.retained_hand[p] = ()
    w.emit("throw", p, note="old" if which == 0 else "new")
    w.stub_changed()
    w.pending = None
    w.phase = P_BET


def _do_discard(w: AnyWork, p: int, action: Action) -> None:
    assert action.arg is not None
    hand = w.hands[p]
    ids = discard_ids(action.arg)
    w.hands[p] = tuple([c for c in hand if c not in ids])
    w.discards[p] = ids
    w.pack += ids
    w.emit("discard", p, cards=ids, visible_to=frozenset({p}))
    w.stub_changed()
    if w.turn_flags and w.turn_flags & QUALIFYING:
        w.turn_flags = NO_FLAGS
        w.phase = P_QUALIFY
    else:
        w.phase = P_BET


def _do_bet(w: AnyWork, p: int, action: Action) -> None:
    x = action.amount
    assert x is not None
    blind = not w.looked[p]
    w.pay(p, x)
    w.stake = w.family.betting.equivalent(x, blind)
    w.last_bettor = p
    if blind:
        w.blind_bet[p] = True
    w.emit("bet", p, amount=x, note="blind" if blind else None)
    w.family.after_bet(w, p)
    if w.phase == "bet":
        w.advance(p)


def _do_fold(w: AnyWork, p: int, action: Action) -> None:
    status = w.status
    status[p] = S_FOLDED
    if not w.quiet:  # (Work.emit inline)
        w.new_events.append(new_event(Event, ("fold", p, None, None, None, None)))
    old = w.retained_hand[p]  # (res.return_cards(w, p, face_up=True) inline)
    if old:
        w.pack += old
        w.retained_hand[p] = ()
    hand = w.hands[p]
    if hand:
        w.pack += hand
        w.hands[p] = ()
    if w.rules.stub_face_up:
        w.stub_changed(True)
    if w.phase == P_QUALIFY:
        res.enter_qualify(w, _pending(w, Qualifying).queue)
        return
    if status.count(S_IN) == 1:  # (Work.active_count)
        res.foldout(w)
    else:
        w.advance(p)


def _do_see(w: AnyWork, p: int, action: Action) -> None:
    q = next_in_turn(w.status, p)
    cost = w.family.betting.see_cost(w.stake, not w.looked[p], not w.looked[q])
    w.pay(p, cost)
    w.emit("see", p, amount=cost)
    res.see_showdown(w, p, q)


def _do_cover(w: AnyWork, p: int, action: Action) -> None:
    if action.arg is not None:
        _name(w, p, action.arg)
    chips = w.stacks[p]
    w.pay(p, chips)
    w.status[p] = S_COVERED
    w.emit("cover", p, amount=chips)
    if w.active_count() >= 2:
        w.covered_pots.append((w.pot, p))
        w.pot = 0
        w.advance(p)
        return
    res.cover_showdown(w, p, w.first_active())


def _do_rebuy(w: AnyWork, p: int, action: Action) -> None:
    assert action.amount is not None
    w.stacks[p] += action.amount
    w.total += action.amount
    w.bought[p] += action.amount
    w.turn_flags |= REBOUGHT
    w.emit("rebuy", p, amount=action.amount)


def _do_borrow(w: AnyWork, p: int, action: Action) -> None:
    q = next_in_turn(tuple(w.status), p)
    need = borrow_need(w, p)
    w.emit("borrow", p)
    w.phase = P_LEND
    w.to_act = q
    w.pending = LoanAsked(p, need)


def _do_lend(w: AnyWork, q: int, action: Action) -> None:
    p = _pending(w, LoanAsked).borrower
    amount = action.amount
    assert amount is not None
    w.stacks[q] -= amount
    w.stacks[p] += amount
    w.debts = (*w.debts, (q, p, amount))
    w.emit("lend", q, amount=amount, note=f"to p{p + 1}")
    w.phase = P_BET
    w.to_act = p
    w.pending = None


def _do_show(w: AnyWork, q: int, action: Action) -> None:
    p = _pending(w, LoanAsked).borrower
    if action.arg is not None:
        _name(w, q, action.arg)
    chips = w.stacks[p]
    w.pay(p, chips)
    w.emit("show", q, amount=chips, note=f"p{p + 1} puts in the rest")
    res.cover_showdown(w, p, q)


def _name(w: AnyWork, p: int, which: str) -> None:
    """Keep one of two blind hands sight unseen; the other goes to the bottom."""
    if which == "old":
        w.pack += w.hands[p]
        w.hands[p] = w.retained_hand[p]
    else:
        w.pack += w.retained_hand[p]
    w.retained_hand[p] = ()
    w.emit("name", p, note=which)
    w.stub_changed()


def _do_name(w: AnyWork, p: int, action: Action) -> None:
    assert action.arg is not None
    _name(w, p, action.arg)
    cont, a, b = _pending(w, NameChoice)
    w.pending = None
    if cont == 1:
        res.cover_showdown(w, a, b)
    else:
        res.foldout(w)


def _do_propose(w: AnyWork, p: int, action: Action) -> None:
    status = w.status  # (the seats after p, clockwise: the table's turn order)
    others = tuple([s for s in AFTER[w.n][p] if status[s] == S_IN and s != p])
    w.emit("propose", p)
    w.phase = P_AGREE
    w.pending = AgreeRound(p, others[1:])
    w.to_act = others[0]


def _do_agree(w: AnyWork, q: int, action: Action) -> None:
    w.emit("agree", q)
    proposer, rest = _pending(w, AgreeRound)
    if rest:
        w.to_act = rest[0]
        w.pending = AgreeRound(proposer, rest[1:])
        return
    res.multiway_showdown(w)


def _do_refuse(w: AnyWork, q: int, action: Action) -> None:
    w.emit("refuse", q)
    w.to_act = _pending(w, AgreeRound).proposer
    w.pending = None
    w.phase = P_BET
    w.turn_flags = WITH_PROPOSED[w.turn_flags]  # (|= PROPOSED without IntFlag's |)


def _do_stay(w: AnyWork, p: int, action: Action) -> None:
    w.emit("stay", p)
    res.enter_qualify(w, _pending(w, Qualifying).queue)


def _do_retain(w: AnyWork, p: int, action: Action) -> None:
    if action.arg is not None:
        _name(w, p, action.arg)
    w.retained = (p, *w.hands[p])
    w.hands[p] = ()
    w.emit("retain", p)
    res.end_deal(w)


def _do_release(w: AnyWork, p: int, action: Action) -> None:
    w.emit("release", p)
    res.return_cards(w, p)
    res.end_deal(w)


HANDLERS: Final[dict[str, Callable[[AnyWork, int, Action], None]]] = {
    "look": _do_look, "keep": _do_keep, "throw": _do_throw, "discard": _do_discard,
    "bet": _do_bet, "fold": _do_fold, "see": _do_see, "cover": _do_cover,
    "rebuy": _do_rebuy, "borrow": _do_borrow, "lend": _do_lend, "show": _do_show,
    "name": _do_name, "showdown": _do_propose, "agree": _do_agree, "refuse": _do_refuse,
    "stay": _do_stay, "retain": _do_retain, "release": _do_release,
}
"""The handler of each action kind: it changes the work copy in place (a family's own kinds
go to its ``apply_extra``)."""
