"""Starting a brag-style deal: antes, the deal, retained hands, the face-up variant.

Cards go one at a time, face down, clockwise from the dealer's left (rules 2.4).
"""

from __future__ import annotations

from operator import sub
from typing import TYPE_CHECKING, Final, TypeVar

from bragkit.engine.brag import resolve as res
from bragkit.engine.brag.core import (
    NO_FLAGS,
    NOBODY,
    BragFamily,
    BragRecord,
    StartTemplate,
    Work,
    deal_setup,
    make,
    make_seldom,
    new_event,
    stub_event,
)
from bragkit.engine.brag.family import family_for
from bragkit.engine.events import Event
from bragkit.engine.kinds import Phase, SeatStatus
from bragkit.errors import BragError

if TYPE_CHECKING:
    from bragkit.rules import Rules

__all__ = ["deal_template", "fresh_state", "new_work", "start_deal", "start_head", "start_log",
           "start_work"]

P_BET: Final = Phase.BET
P_QUALIFY: Final = Phase.QUALIFY
S_IN: Final = SeatStatus.IN
S_OUT: Final = SeatStatus.OUT

R = TypeVar("R", bound=BragRecord)
_NOBODY = NOBODY
_EV: Final = new_event
_NEW: Final = object.__new__  # (no look-up of __new__ on the type per deal)


def start_deal(cls: type[R], rules: Rules, stacks: tuple[int, ...], dealer: int,
               pack: tuple[int, ...], carried: int, retained: tuple[int, ...],
               debts: tuple[tuple[int, int, int], ...]) -> R:
    """Post the antes and deal a new hand, as a ``cls`` state (see
    :meth:`~bragkit.engine.brag.state.BragState.start`)."""
    family = family_for(rules)
    n = len(stacks)
    if n < 2:
        raise BragError("a deal needs at least two seats")
    need = max(rules.ante, 1)
    dealt_in = tuple([chips >= need for chips in stacks])
    if dealt_in.count(True) < 2:
        raise BragError("fewer than two seats can pay the ante: the session is over")
    if not retained and not rules.stub_face_up:
        return _start_fast(cls, rules, family, stacks, dealer, pack, carried, debts, dealt_in)
    status = [S_IN if dealt_in[s] else S_OUT for s in range(n)]
    blank: tuple[tuple[int, ...], ...] = ((),) * n
    seldom = make_seldom((), blank, blank, None, (), 0, (), False, debts, (0,) * n,
                         sum(stacks) + carried, (), -1, NO_FLAGS)
    st = make(  # the fields in order (BragRecord)
        cls, deal_setup(family, rules, n, dealer), seldom, stacks, carried, blank,
        (False,) * n, (False,) * n, tuple(status), P_BET, -1, family.betting.initial_r, -1, pack,
        (0,) * n, (), (), None
    )
    w = Work(st)
    w.emit("deal_start", dealer, amount=carried)
    retainer = -1
    held: tuple[int, ...] = ()
    if retained:
        retainer, held = retained[0], tuple(retained[1:])
        if w.status[retainer] != S_IN:
            w.pack += held
            w.emit("release", retainer, note="cannot pay the ante")
            retainer, held = -1, ()
    order = [(dealer + k) % n for k in range(1, n + 1)
             if w.status[(dealer + k) % n] == S_IN]
    for s in order:
        if rules.ante:
            w.pay(s, rules.ante)
            w.emit("ante", s, amount=rules.ante)
    dealt: dict[int, list[int]] = {s: [] for s in order}
    pos = 0
    for _ in range(rules.cards):
        for s in order:
            dealt[s].append(w.pack[pos])
            pos += 1
    w.pack = w.pack[pos:]
    face_up = retainer >= 0 and rules.retained_variant == "face_up"
    for s in order:
        hand = tuple(dealt[s])
        if s == retainer and face_up:
            w.faceup = hand
            w.hands[s] = held
            w.emit("deal", s, cards=hand, note="face up")
        else:
            w.hands[s] = hand
            w.emit("deal", s, cards=hand, visible_to=_NOBODY)
    if retainer >= 0:
        w.retainer = retainer
        w.blind_bet[retainer] = True
        if not face_up:
            w.retained_hand[retainer] = held
    w.stub_changed(face_up=True)  # the stub is turned face up after the deal
    if face_up:
        queue = tuple(s for s in order if s != retainer)
        w.phase = P_QUALIFY
        res.enter_qualify(w, queue)
    else:
        w.to_act = order[0]
    return w.freeze(-1, None)


def deal_template(family: BragFamily, n: int, dealer: int,
                  dealt_in: tuple[bool, ...]) -> StartTemplate:
    """The card-free part of a common start (the seats dealt in, their antes, how the pack
    is dealt to them) under ``family``'s rules, cached on the family: what :func:`new_work`
    builds on."""
    key = (n, dealer, dealt_in)  # bools: a cheap hash (a StrEnum hashes in Python)
    found = family.start_templates.get(key)
    if found is not None:
        return found
    status = tuple([S_IN if dealt_in[s] else S_OUT for s in range(n)])
    order = tuple(s for s in ((dealer + k) % n for k in range(1, n + 1)) if dealt_in[s])
    rules = family.rules
    ante = rules.ante
    paid = [0] * n
    antes: list[Event] = []
    if ante:
        for s in order:
            paid[s] = ante
            antes.append(new_event(Event, ("ante", s, ante, None, None, None)))
    m = len(order)
    cut = rules.cards * m  # cards go one at a time: the i-th seat dealt in gets every m-th
    slices = [slice(0, 0)] * n
    for i, s in enumerate(order):
        slices[s] = slice(i, cut, m)
    if len(family.start_templates) >= 1024:
        family.start_templates.clear()
    found = family.start_templates[key] = (order, tuple(antes), tuple(paid), ante * m, status,
                                           (False,) * n, ((),) * n, (0,) * n, tuple(slices),
                                           cut, order[0] if order else -1)
    return found


def _start_fast(cls: type[R], rules: Rules, family: BragFamily, stacks: tuple[int, ...],
                dealer: int, pack: tuple[int, ...], carried: int,
                debts: tuple[tuple[int, int, int], ...], dealt_in: tuple[bool, ...]) -> R:
    """The common start (no retained hand, no face-up stub), built in one go from the
    cached template of its seats, dealer and antes."""
    n = len(stacks)
    order, antes, paid, ante_total, statuses, falses, blank, zeros, slices, cut, first = \
        deal_template(family, n, dealer, dealt_in)
    ev = new_event
    hands = tuple(map(pack.__getitem__, slices))
    deals = [ev(Event, ("deal", s, None, hands[s], _NOBODY, None)) for s in order]
    chips = tuple(map(sub, stacks, paid))
    events = (ev(Event, ("deal_start", dealer, carried, None, None, None)), *antes, *deals)
    seldom = make_seldom((), blank, blank, None, (), 0, (), False, debts, zeros,
                         sum(stacks) + carried, (), -1, NO_FLAGS)
    return make(  # the fields in order (BragRecord)
        cls, deal_setup(family, rules, n, dealer), seldom, chips, carried + ante_total,
        hands, falses, falses, statuses, P_BET, first, family.betting.initial_r, -1,
        pack[cut:], paid, events, (), None
    )


def start_work(cls: type[R], rules: Rules, stacks: tuple[int, ...], dealer: int,
               pack: tuple[int, ...], carried: int, debts: tuple[tuple[int, int, int], ...],
               retained: tuple[int, ...] = (), dealt_in: tuple[bool, ...] | None = None
               ) -> Work[R] | None:
    """The mutable machine of a new deal exactly as ``Work(start_deal(...))`` would hold it
    (its events aside), built from the cached template without a state (its ``base`` is
    None until the line builds its first state); None for the start it does not cover (a
    retained hand of the face-up variant: the caller then builds the first state).  ``cls``
    is the class of the states the machine will freeze into; ``dealt_in`` (each seat's stack
    covers the ante, or 1 chip) may be given by a caller that has it."""
    if retained and rules.retained_variant == "face_up":
        return None
    family = family_for(rules)
    n = len(stacks)
    if dealt_in is None:
        need = max(rules.ante, 1)
        dealt_in = tuple([chips >= need for chips in stacks])
    if n < 2 or dealt_in.count(True) < 2:
        return None
    return new_work(cls, deal_template(family, n, dealer, dealt_in), family, rules, stacks,
                    dealer, pack, carried, debts, retained)


def new_work(cls: type[R], template: StartTemplate, family: BragFamily, rules: Rules,
             stacks: tuple[int, ...], dealer: int, pack: tuple[int, ...], carried: int,
             debts: tuple[tuple[int, int, int], ...], retained: tuple[int, ...]) -> Work[R]:
    """:func:`start_work`'s machine from the template of its seats, dealer and antes
    (:func:`deal_template`; ``family`` is the family of ``rules``), for a caller that checked
    what ``start_work`` checks (a table, deal after deal: it keeps the templates).

    >>> from bragkit.engine.brag.family import family_for
    >>> from bragkit.rules import get_preset
    >>> rules, pack = get_preset("modern"), tuple(range(52))
    >>> t = deal_template(family_for(rules), 3, 2, (True, False, True))
    >>> w = new_work(BragRecord, t, family_for(rules), rules, (9, 0, 9), 2, pack, 0, (), ())
    >>> w.hands, w.to_act, w.pot
    ([(0, 2, 4), (), (1, 3, 5)], 0, 2)
    """
    _, _, paid, ante_total, statuses, _, blank, zeros, slices, cut, first = template
    n = len(stacks)
    # the machine, slot by slot (Work's __init__ copies a state: there is none yet)
    w: Work[R] = _NEW(Work)
    w.base = None
    w.rules = rules
    w.family = family
    w.n = n
    w.dealer = dealer
    w.stacks = list(map(sub, stacks, paid))
    w.pot = carried + ante_total
    w.covered_pots = []
    w.hands = list(map(pack.__getitem__, slices))
    w.retained_hand = list(blank)
    w.discards = list(blank)
    w.looked = [False] * n
    w.blind_bet = [False] * n
    w.status = list(statuses)
    w.phase = P_BET
    w.to_act = first
    w.stake = family.betting.initial_r
    w.last_bettor = -1
    w.pack = pack[cut:]
    w.paid = list(paid)
    w.total = sum(stacks) + carried
    w.turn_flags = NO_FLAGS
    w.pending = None
    w.faceup = ()
    w.retainer = -1
    w.winners = []
    w.carried = 0
    w.retained = ()
    w.shuffle_next = False
    w.debts = debts
    w.bought = list(zeros)
    w.new_events = []
    w.quiet = False
    if retained:  # a retained blind hand beside the new one (4.4.6), as start_deal holds it
        retainer, held = retained[0], tuple(retained[1:])
        if w.status[retainer] != S_IN:
            w.pack += held  # released: it cannot pay the ante
        else:
            w.retainer = retainer
            w.blind_bet[retainer] = True
            w.retained_hand[retainer] = held
    return w


def fresh_state(cls: type[R], work: Work[R], carried: int) -> R:
    """The first state of a deal whose machine ``work`` is fresh from :func:`start_work`
    with no retained hand (nothing played yet), exactly as :func:`start_deal` builds it
    (``carried``: the pot carried into the deal), from the machine and the cached template
    instead of dealing again.

    >>> from bragkit.engine import BragState
    >>> from bragkit.rules import get_preset
    >>> rules, pack = get_preset("modern"), tuple(range(52))
    >>> w = start_work(BragState, rules, (9, 0, 9, 9), 3, pack, 4, ())
    >>> st = fresh_state(BragState, w, 4)
    >>> st == start_deal(BragState, rules, (9, 0, 9, 9), 3, pack, 4, (), ()), st.pot
    (True, 7)
    """
    n = work.n
    dealer = work.dealer
    rules = work.rules
    family = work.family
    dealt_in = tuple([st is S_IN for st in work.status])
    _, _, paid, _, statuses, falses, blank, zeros, *_ = deal_template(family, n, dealer,
                                                                  dealt_in)
    hands = tuple(work.hands)
    events = start_log(work, carried)
    seldom = make_seldom((), blank, blank, None, (), 0, (), False, work.debts, zeros,
                         work.total, (), -1, NO_FLAGS)
    return make(  # the fields in order (BragRecord), as _start_fast
        cls, deal_setup(family, rules, n, dealer), seldom, tuple(work.stacks), work.pot, hands,
        falses, falses, statuses, P_BET, work.to_act, work.stake, -1, work.pack, paid, events,
        (), None
    )


def start_log(work: Work[R], carried: int, retained: tuple[int, ...] = ()) -> tuple[Event, ...]:
    """The event log of a deal whose machine ``work`` is fresh from :func:`start_work`
    (nothing played yet; ``carried`` and ``retained`` as given to it), equal to the events
    of the first state :func:`start_deal` builds: the deal's start, the release of a
    retained hand whose seat cannot pay the ante, the antes, the deal of each hand, and on a
    face-up stub (4.4.11) its bottom card.

    >>> from bragkit.rules import get_preset
    >>> w = start_work(BragRecord, get_preset("modern"), (9, 0, 9), 2, tuple(range(52)), 0, ())
    >>> [(e.kind, e.seat) for e in start_log(w, 0)]
    [('deal_start', 2), ('ante', 0), ('ante', 2), ('deal', 0), ('deal', 2)]
    >>> start_log(w, 0) == fresh_state(BragRecord, w, 0).events
    True
    >>> w = start_work(BragRecord, get_preset("modern"), (9, 0, 9), 2, tuple(range(3, 52)), 0,
    ...                (), (1, 0, 1, 2))
    >>> [e.kind for e in start_log(w, 0, (1, 0, 1, 2))][:3]
    ['deal_start', 'release', 'ante']
    """
    dealer = work.dealer
    dealt_in = tuple([st is S_IN for st in work.status])
    order, antes, *_ = deal_template(work.family, work.n, dealer, dealt_in)
    ev = new_event
    hands = work.hands
    start = ev(Event, ("deal_start", dealer, carried, None, None, None))
    deals = [ev(Event, ("deal", s, None, hands[s], _NOBODY, None)) for s in order]
    if work.rules.stub_face_up and work.pack:  # (Work.stub_changed(face_up=True))
        deals.append(stub_event(work.pack[-1]))
    if retained and not dealt_in[retained[0]]:
        release = ev(Event, ("release", retained[0], None, None, None, "cannot pay the ante"))
        return (start, release, *antes, *deals)
    return (start, *antes, *deals)


def start_head(family: BragFamily, n: int, dealer: int, statuses: tuple[str, ...],
               carried: int, retained: tuple[int, ...] = (), stub: int | None = None
               ) -> list[Event]:
    """:func:`start_log` as a seat that sees none of its cards sees it (every hand dealt
    face down: no card in it), from the deal's seats, dealer and first ``statuses`` (who is
    dealt in), built from the cached template (:func:`deal_template`); ``carried`` and
    ``retained`` as given to :func:`start_work`; ``stub``: the bottom card of a face-up stub
    (4.4.11), shown to all.  It holds ``1 + released + (1 if the rules have an ante) * dealt
    + dealt + (1 if stub is not None)`` events (``dealt``: the seats dealt in; ``released``:
    1 if a retained hand's seat cannot pay the ante).

    >>> from bragkit.engine.views import redacted_events
    >>> from bragkit.rules import get_preset
    >>> w = start_work(BragRecord, get_preset("modern"), (9, 0, 9), 2, tuple(range(52)), 4, ())
    >>> head = start_head(w.family, 3, 2, tuple(w.status), 4)
    >>> head == list(redacted_events(start_log(w, 4), -1)), head[-1].cards, len(head)
    (True, None, 5)
    """
    dealt_in = tuple([st is S_IN for st in statuses])
    order, antes, *_ = deal_template(family, n, dealer, dealt_in)
    head = [_EV(Event, ("deal_start", dealer, carried, None, None, None))]
    if retained and not dealt_in[retained[0]]:
        head.append(_EV(Event, ("release", retained[0], None, None, None,
                                "cannot pay the ante")))
    head += antes
    head += [_EV(Event, ("deal", s, None, None, _NOBODY, None)) for s in order]
    if stub is not None:
        head.append(stub_event(stub))
    return head
