"""Per-seat views, derived from the event log: a seat never sees a card it may not see.

The view type is :class:`~bragkit.engine.contract.SeatView`, the same for every game; its
fast builder (:func:`new_view`) and the one reading of an event log for a seat
(:func:`read_events`, :class:`LogReader`) serve every engine, each engine saying what its
card events tell a seat (a :class:`Reading`).  Each engine's module documents its own rules
of visibility (:mod:`bragkit.engine.brag.views`, :mod:`bragkit.engine.poker.views`).

>>> e = Event("look", seat=0, cards=(51, 47, 43), visible_to=frozenset({0}))
>>> r = Reading(replace=frozenset({"reveal"}), look="look")
>>> seen, own, shown, stub = read_events((e,), 1, None, {}, None, r)
>>> seen[0].cards, own, read_events((e,), 0, None, {}, None, r)[1]
(None, None, (51, 47, 43))
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from typing import Any, Final, NamedTuple, cast

from bragkit.cards import Card, card_from_id
from bragkit.engine.actions import LegalAction
from bragkit.engine.contract import LazyView, SeatView
from bragkit.engine.events import Event

__all__ = ["Draft", "LogBook", "LogDigest", "LogReader", "Reading", "SeatView", "Shown",
           "make_view", "new_draft", "new_view", "read_events", "redacted_events",
           "reusable_digest"]

_EVENT: Final = tuple.__new__
_CARD: Final = tuple(card_from_id(c) for c in range(56))
"""``_CARD[i]``: the card of id ``i`` (jokers 52..55)."""

class Draft(LazyView):
    """A mutable twin of :class:`SeatView`: the same slots in the same order, so a draft
    filled by plain attribute stores becomes a ``SeatView`` by ``__class__`` assignment
    (CPython allows it between classes of the same layout).  Filling a frozen view slot by
    slot costs a setter call per field; this is a few times cheaper (a view per decision
    of every bot).  An engine's hot view builder may fill one itself (every slot, then
    ``__class__``), as :func:`new_view` does, saving the call; a lazy one leaves the log's
    fields unset and sets ``_fill`` (:class:`~bragkit.engine.contract.LazyView`).

    >>> Draft.__slots__ == SeatView.__slots__, type(new_draft(Draft)).__name__
    (True, 'Draft')
    """

    __slots__ = SeatView.__slots__  # (in SeatView's order: the layout is the same)
    seat: int
    dealer: int
    stacks: tuple[int, ...]
    pot: int
    pots: tuple[int, ...]
    stake: int
    status: tuple[str, ...]
    looked: tuple[bool, ...]
    to_act: int
    phase: str
    own_cards: tuple[Card, ...] | None
    shown: dict[int, tuple[Card, ...]]
    stub_card: Card | None
    events: tuple[Event, ...]
    legal: tuple[LegalAction, ...]
    contrib: tuple[int, ...]
    committed: tuple[int, ...]
    lives: tuple[int, ...]
    widow: tuple[Card, ...]
    offered: Card | None


new_draft = object.__new__
"""``new_draft(Draft)``: an empty draft."""


def make_view(*, seat: int, dealer: int, stacks: tuple[int, ...], pot: int,
              pots: tuple[int, ...], stake: int, status: tuple[str, ...],
              looked: tuple[bool, ...], to_act: int, phase: str,
              own_cards: tuple[Card, ...] | None, shown: dict[int, tuple[Card, ...]],
              stub_card: Card | None, events: tuple[Event, ...],
              legal: tuple[LegalAction, ...], contrib: tuple[int, ...] = (),
              committed: tuple[int, ...] = (), lives: tuple[int, ...] = (),
              widow: tuple[Card, ...] = (), offered: Card | None = None) -> SeatView:
    """A :class:`SeatView` by keyword, without its slow frozen ``__init__``: every
    engine's view builder (each argument's name and type checked by mypy).

    >>> v = make_view(seat=0, dealer=1, stacks=(9, 9), pot=2, pots=(), stake=1,
    ...               status=("in", "in"), looked=(False, False), to_act=0, phase="bet",
    ...               own_cards=None, shown={}, stub_card=None, events=(), legal=())
    >>> v == SeatView(0, 1, (9, 9), 2, (), 1, ("in", "in"), (False, False), 0, "bet", None,
    ...               {}, None, (), ()), type(v).__name__
    (True, 'SeatView')
    """
    return new_view(seat, dealer, stacks, pot, pots, stake, status, looked, to_act, phase,
                    own_cards, shown, stub_card, events, legal, contrib, committed, lives,
                    widow, offered)


def new_view(seat: int, dealer: int, stacks: tuple[int, ...], pot: int,
             pots: tuple[int, ...], stake: int, status: tuple[str, ...],
             looked: tuple[bool, ...], to_act: int, phase: str,
             own_cards: tuple[Card, ...] | None, shown: dict[int, tuple[Card, ...]],
             stub_card: Card | None, events: tuple[Event, ...],
             legal: tuple[LegalAction, ...], contrib: tuple[int, ...] = (),
             committed: tuple[int, ...] = (), lives: tuple[int, ...] = (),
             widow: tuple[Card, ...] = (), offered: Card | None = None, /) -> SeatView:
    """:func:`make_view` with the fields in order: the hot path's builder (a keyword call
    of twenty arguments costs about as much as filling the view).

    >>> new_view(0, 1, (9, 9), 2, (), 1, ("in", "in"), (False, False), 0, "bet", None, {},
    ...          None, (), ()).stacks
    (9, 9)
    """
    d: Draft = new_draft(Draft)
    d.seat = seat
    d.dealer = dealer
    d.stacks = stacks
    d.pot = pot
    d.pots = pots
    d.stake = stake
    d.status = status
    d.looked = looked
    d.to_act = to_act
    d.phase = phase
    d.own_cards = own_cards
    d.shown = shown
    d.stub_card = stub_card
    d.events = events
    d.legal = legal
    d.contrib = contrib
    d.committed = committed
    d.lives = lives
    d.widow = widow
    d.offered = offered
    o: object = d
    o.__class__ = SeatView  # (same layout: now a frozen SeatView; a plain store, no call)
    return cast(SeatView, d)


def redacted_events(events: tuple[Event, ...], seat: int) -> tuple[Event, ...]:
    """``events`` as ``seat`` sees them (:meth:`Event.redacted` of each, in one pass).

    >>> e = Event("look", seat=0, cards=(51, 47, 43), visible_to=frozenset({0}))
    >>> redacted_events((e,), 1)[0].cards, redacted_events((e,), 0)[0] is e
    (None, True)
    """
    return tuple([e if e.cards is None or e.visible_to is None or seat in e.visible_to
                  else e.redacted(seat) for e in events])


def reusable_digest(digests: dict[int, Any], events: tuple[Event, ...], seat: int,
                    empty: Any) -> tuple[Any, int]:
    """``seat``'s latest digest in ``digests`` (a tuple whose first item is the event log it
    read) and how many events of ``events`` it covers, or ``(empty, 0)`` if its log is not a
    prefix (by value) of ``events``.  Shared by every engine's incremental views.

    >>> e1, e2 = Event("bet", 0, 2), Event("fold", 1)
    >>> reusable_digest({0: ((e1,), "d")}, (e1, e2), 0, ((), ""))[1]
    1
    >>> reusable_digest({0: ((e2,), "d")}, (e1, e2), 0, ((), ""))
    (((), ''), 0)
    """
    old = digests.get(seat, empty)
    src = old[0]
    m = len(src)
    if src is not events and (not m or m > len(events) or events[m - 1] != src[-1]
                              or events[:m] != src):
        return empty, 0
    return old, m


Shown = dict[int, tuple[Card, ...]]
"""The other seats' hands shown to a seat, by seat."""

LogDigest = tuple[tuple[Event, ...], tuple[Event, ...], "tuple[int, ...] | None", Shown,
                  "Card | None"]
"""A seat's digest of one state's event log (:func:`reusable_digest`): (the log it read, the
log as the seat sees it, the card ids of its latest look, the other hands shown to it, the
face-up stub card)."""


_Fork = tuple[int, tuple[Event, ...], "tuple[int, ...] | None", Shown]
"""A seat's own digest in a :class:`LogReader`: (how many events of the log it read, the log
as the seat sees it, the card ids of its latest look, the hands of the seats whose cards it
saw privately, as shown to it)."""


class Reading(NamedTuple):
    """What an engine's card events tell a seat that may see their cards (the events of
    other kinds, and the cards it may not see, tell it nothing)."""

    replace: frozenset[str] = frozenset()
    """Kinds whose cards are their seat's hand as now shown to the others."""
    add: frozenset[str] = frozenset()
    """Kinds whose cards join their seat's hand as shown to the others."""
    look: str = ""
    """The kind whose cards are the seat's own, seen at last (a blind seat's look)."""
    stub: str = ""
    """The kind (of no seat) whose card, if any, is the face-up stub card."""


def _noted(e: Event, seat: int, own: tuple[int, ...] | None, shown: Shown, stub: Card | None,
           reading: Reading, copied: bool
           ) -> tuple[tuple[int, ...] | None, Shown, Card | None, bool]:
    """``seat``'s digest (``own``, ``shown``, ``stub``) read on over the card event ``e``, which
    the seat may see; ``copied``: whether ``shown`` is a copy already (else it is copied
    before a change), returned with the new digest."""
    cards = e.cards
    assert cards is not None
    owner = e.seat
    kind = e.kind
    if owner is None:
        if kind == reading.stub:
            stub = _CARD[cards[0]] if cards else None  # None: a face-down card
    elif owner == seat:
        if kind == reading.look:
            own = cards
    elif kind in reading.replace:
        if not copied:
            shown, copied = dict(shown), True
        shown[owner] = tuple([_CARD[c] for c in cards])
    elif kind in reading.add:
        if not copied:
            shown, copied = dict(shown), True
        have = shown.get(owner, ())
        shown[owner] = have + tuple([_CARD[c] for c in cards if _CARD[c] not in have])
    return own, shown, stub, copied


def read_events(events: Sequence[Event], seat: int, own: tuple[int, ...] | None,
                shown: Shown, stub: Card | None, reading: Reading,
                forks: dict[int, _Fork] | None = None, at: int = 0,
                before: tuple[Event, ...] = ()
                ) -> tuple[list[Event], tuple[int, ...] | None, Shown, Card | None]:
    """``events`` as ``seat`` sees them (each redacted unless the seat may see its cards),
    and its digest read on over them: ``own``, ``shown`` (never changed: copied before a
    change) and ``stub`` as :data:`LogDigest` holds them.  Seat -1 is an *outsider*, a seat that
    sees no private card and owns no hand; reading for it, ``forks`` gets the digest (log
    index ``at`` + i, ``before`` + the events seen so far, no look, no hand seen privately) of
    every seat not in it yet just before the first event ``i`` that the seat reads otherwise
    than the outsider (a card shown to it, its own hand made public: :class:`LogReader`)."""
    seen: list[Event] = []
    keep = seen.append
    copied = False
    for i, e in enumerate(events):
        cards = e.cards
        if cards is None:
            keep(e)
            continue
        vis = e.visible_to
        if forks is not None:
            if vis is not None:
                for s in vis:
                    if s not in forks:
                        forks[s] = (at + i, before + tuple(seen), None, {})
            elif (owner := e.seat) is not None and owner not in forks:
                forks[owner] = (at + i, before + tuple(seen), None, {})
        if vis is not None and seat not in vis:  # redacted: the cards are not this seat's
            keep(_EVENT(Event, (e[0], e[1], e[2], None, vis, e[5])))  # e.redacted(seat)
            continue
        keep(e)
        own, shown, stub, copied = _noted(e, seat, own, shown, stub, reading, copied)
    return seen, own, shown, stub


class LogReader:
    """Every seat's digest of one line's event log, a log that only grows (a deal played on
    a machine: :class:`~bragkit.engine.brag.line.DealLine`,
    :class:`~bragkit.engine.poker.line.PokerLine`).

    One digest, an *outsider*'s (a seat that sees no private card and owns no hand), reads
    every event once; a seat's digest forks from it at the first event that the seat reads
    differently (a card shown to it, a hand of its own made public).  From then on the
    seat's log is the outsider's but for the private events shown to it, and the hands shown
    to it are the outsider's but for its own and those of the seats whose cards it saw
    privately, which it reads on its own: so a seat reads only the card events that concern
    it (:meth:`digest`).  The stub card is public (the same for every seat).

    >>> r = LogReader(Reading(look="look"))
    >>> log = [Event("bet", 0, 2), Event("look", 1, cards=(5, 6, 7), visible_to=frozenset({1}))]
    >>> r.digest(0, None, 0, log)[0][1].cards, r.digest(1, None, 0, log)[1]
    (None, (5, 6, 7))
    """

    __slots__ = ("count", "forks", "marked", "marks", "merged", "owned", "reading", "seen",
                 "shown", "stub")

    def __init__(self, reading: Reading, seen: tuple[Event, ...] = ()) -> None:
        """A reader (by the engine's ``reading``) of a log whose first events, a log that
        shows no card to any seat (such as a deal's start), the outsider sees as ``seen``."""
        self.reading = reading
        self.count = len(seen)
        """How many events of the log the outsider's digest has read."""
        self.seen = seen
        """The log as the outsider sees it."""
        self.shown: Shown = {}
        """The hands shown to every seat (a new dict whenever one changes)."""
        self.stub: Card | None = None
        """The face-up stub card."""
        self.forks: dict[int, _Fork] = {}
        """The digests of the seats that forked, by seat."""
        self.marks: list[int] = []
        """The log index of every card event read after ``seen``, in order."""
        self.marked: list[Event] = []
        """Those card events, as logged."""
        self.merged: dict[int, tuple[Shown, Shown, Shown]] = {}
        """Each forked seat's latest hands shown: (the outsider's, its own, the two merged)."""
        self.owned: dict[int, tuple[tuple[int, ...], object, tuple[Card, ...]]] = {}
        """Each seat's latest own cards: (its hand, what they were read from, the cards)."""

    def digest(self, seat: int, base: tuple[Event, ...] | None, k: int, tail: Sequence[Event]
               ) -> tuple[tuple[Event, ...], tuple[int, ...] | None, Shown, Card | None]:
        """``seat``'s digest of the log ``base + tail`` (``base`` holds ``k`` events; None
        when every seat's digest has read them already): the log as the seat sees it, the
        card ids of its latest look, the hands shown to it (never change it), the stub."""
        count = k + len(tail)
        m = self.count
        if m < count:
            if m == count - 1 and m >= k:  # one event since (a bet, a fold: a step's)
                e = tail[-1]
                vis = e.visible_to
                if e.cards is None:  # (read alike by every seat)
                    self.seen += (e,)
                elif vis is not None:  # private (a look): the outsider sees it redacted, and
                    forks = self.forks  # the seats it shows its cards to fork before it
                    for s in vis:
                        if s not in forks:
                            forks[s] = (m, self.seen, None, {})
                    self.seen += (_EVENT(Event, (e[0], e[1], e[2], None, vis, e[5])),)
                    self.marks.append(m)
                    self.marked.append(e)
                else:
                    self._read_on((e,), m)
                self.count = count
            else:
                new = tail[m - k:] if m >= k else _rest(base, m, tail)
                for e in new:
                    if e.cards is not None:
                        self._read_on(new, m)
                        break
                else:  # no card in them (bets, folds): read alike by every seat
                    self.seen += tuple(new)
                    self.count = count
        fork = self.forks.get(seat)
        if fork is None:
            return self.seen, None, self.shown, self.stub
        done = fork[0]
        if done < count:
            marks = self.marks
            if marks and (i := marks[-1]) >= done:  # card events since: those of concern
                e = self.marked[-1]
                vis = e.visible_to
                if (e.seat == seat and vis is not None and seat in vis
                        and e.kind == self.reading.look
                        and (len(marks) == 1 or marks[-2] < done)):  # just its own look
                    seen = self.seen
                    fork = self.forks[seat] = (self.count,
                                               fork[1] + seen[done:i] + (e,) + seen[i + 1:],
                                               e.cards, fork[3])
                else:
                    fork = self.forks[seat] = self._extend(fork, seat)
            else:  # none: the outsider's events since, as they are
                fork = self.forks[seat] = (self.count, fork[1] + self.seen[done:], fork[2],
                                           fork[3])
        shown = self.shown
        mine = fork[3]
        if not mine and seat not in shown:
            return fork[1], fork[2], shown, self.stub
        found = self.merged.get(seat)
        if found is not None and found[0] is shown and found[1] is mine:
            return fork[1], fork[2], found[2], self.stub
        merged = {o: h for o, h in shown.items() if o != seat and o not in mine}
        merged.update(mine)
        self.merged[seat] = (shown, mine, merged)
        return fork[1], fork[2], merged, self.stub

    def _read_on(self, events: Sequence[Event], m: int) -> None:
        """The outsider reads ``events`` (the log's from index ``m``, a card among them); a
        seat forks before the first of them it reads differently."""
        seen, _, self.shown, self.stub = read_events(
            events, -1, None, self.shown, self.stub, self.reading, self.forks, m, self.seen)
        marks, marked = self.marks, self.marked
        for i, e in enumerate(events):
            if e.cards is not None:
                marks.append(m + i)
                marked.append(e)
        self.seen += tuple(seen)
        self.count = m + len(events)

    def _extend(self, fork: _Fork, seat: int) -> _Fork:
        """``seat``'s digest ``fork`` read on to the outsider's: the outsider's log from there
        but for the private events shown to the seat; the card events that concern the seat
        (shown to it privately, its own, or of a seat whose cards it saw privately) noted."""
        done, _, own, mine = fork
        seen = self.seen[done:]
        marks = self.marks
        lo = bisect_left(marks, done)
        if lo < len(marks):
            patched: list[Event] | None = None
            copied = False
            marked = self.marked
            replace, add, look, _ = self.reading
            for j in range(lo, len(marks)):
                e = marked[j]
                vis = e.visible_to
                owner = e.seat
                if vis is None:
                    if owner is None or (owner != seat and owner not in mine):
                        continue  # (read as the outsider reads it)
                elif seat not in vis:
                    continue  # (redacted for the seat as for the outsider)
                else:
                    if patched is None:
                        patched = list(seen)
                    patched[marks[j] - done] = e
                    if owner is None:
                        continue
                if owner == seat:
                    if e.kind == look:
                        own = e.cards
                    continue
                kind = e.kind
                if kind not in replace and kind not in add:
                    continue
                if not copied:
                    mine, copied = dict(mine), True
                if owner not in mine:  # its first private card: the hand shown so far
                    mine[owner] = self._public_hand(owner, j)
                mine = _noted(e, seat, None, mine, None, self.reading, True)[1]
            if patched is not None:
                seen = tuple(patched)
        return (self.count, fork[1] + seen, own, mine)

    def _public_hand(self, owner: int, j: int) -> tuple[Card, ...]:
        """``owner``'s hand as the public card events before the ``j``-th card event show it
        (what the outsider read of it then)."""
        hand: Shown = {}
        for e in self.marked[:j]:
            if e.seat == owner and e.visible_to is None:
                hand = _noted(e, -1, None, hand, None, self.reading, True)[1]
        return hand.get(owner, ())

    def own_cards(self, seat: int, hand: tuple[int, ...], source: object,
                  cards: tuple[int, ...] | None) -> tuple[Card, ...]:
        """The cards of ``hand`` (``seat``'s) that ``cards`` holds (all of them if None),
        kept while the hand and ``source``, what they were read from, stay the same."""
        found = self.owned.get(seat)
        if found is not None and found[0] is hand and found[1] is source:
            return found[2]
        own = tuple([_CARD[c] for c in hand]) if cards is None else \
            tuple([_CARD[c] for c in hand if c in cards])
        self.owned[seat] = (hand, source, own)
        return own


_Read = tuple[int, tuple[Event, ...], "tuple[int, ...] | None", Shown, "Card | None"]
"""A seat's digest in a :class:`LogBook`: (how many events it read, the log as the seat sees
it, the card ids of its latest look, the hands shown to it, the stub card)."""

_UNREAD: Final[_Read] = (0, (), None, {}, None)


class LogBook:
    """One line's event log, kept whole as it grows (a list only appended to), for lazy
    seat views (:class:`~bragkit.engine.contract.LazyView`): a view keeps the book and the
    log's length when it was built, and a seat's log, look and hands shown are read
    (:meth:`read`, :func:`read_events`, exactly as a state's view reads them) only when one
    of them is first read.  Each seat's latest digest is kept: a seat's next read covers
    only the events since.

    >>> b = LogBook(Reading(look="look"))
    >>> log = [Event("bet", 0, 2), Event("look", 1, cards=(5, 6, 7), visible_to=frozenset({1}))]
    >>> n = b.extend(None, 0, log)
    >>> b.read(0, n)[0][1].cards, b.read(1, n)[1], b.read(1, 1)[0] == (log[0],)
    (None, (5, 6, 7), True)
    """

    __slots__ = ("concern", "digests", "eager", "log", "out", "owned", "public", "reading",
                 "scanned")

    def __init__(self, reading: Reading, seen: tuple[Event, ...] = ()) -> None:
        """A book (read by the engine's ``reading``) of a log whose first events, a log that
        shows no card to any seat (such as a deal's start), are ``seen``."""
        self.reading = reading
        self.log: list[Event] = list(seen)
        """The log as logged (never changed but by appending)."""
        self.digests: dict[int, _Read] = {}
        """Each seat's latest digest."""
        self.scanned = 0
        """How many events of the log the outsider has read."""
        self.out: list[Event] = []
        """Those events as the outsider sees them."""
        self.public: list[int] = []
        """The log indices of the public card events among them."""
        self.concern: dict[int, list[int]] = {}
        """The log indices of the private card events among them, by seat shown them."""
        self.eager: set[int] = set()
        """The seats whose views' log fields were read: their next views are built whole (a
        reader of every view's events, such as a server's projector, pays no lazy fill)."""
        self.owned: dict[int, tuple[tuple[int, ...], tuple[Card, ...]]] = {}
        """Each seat's latest own cards, for an engine that reads them from its machine:
        (its hand, the cards)."""

    def extend(self, base: tuple[Event, ...] | None, k: int, tail: Sequence[Event]) -> int:
        """Bring the book up to the log ``base + tail`` (``base`` holds ``k`` events; None
        when the book holds them already); return its length."""
        log = self.log
        m = len(log)
        count = k + len(tail)
        if m < count:
            log.extend(tail[m - k:] if m >= k else _rest(base, m, tail))
        return count

    def read(self, seat: int, count: int
             ) -> tuple[tuple[Event, ...], tuple[int, ...] | None, Shown, Card | None]:
        """``seat``'s digest of the log's first ``count`` events: the log as the seat sees
        it, the card ids of its latest look, the hands shown to it (never change them), the
        stub card."""
        old = self.digests.get(seat, _UNREAD)
        done = old[0]
        if done != count:
            if done > count:  # (an older view read after a newer one: from the start)
                old, done = _UNREAD, 0
            scanned = self.scanned
            if scanned < count:
                if scanned == count - 1 and self.log[scanned].cards is None:
                    self.out.append(self.log[scanned])  # (one event since: a bet, a fold)
                    self.scanned = count
                else:
                    self._scan()
            public = self.public
            mine = self.concern.get(seat)
            if ((not public or public[-1] < done or _none_in(public, done, count))
                    and (mine is None or mine[-1] < done or _none_in(mine, done, count))):
                # no card event since that this seat reads otherwise than the outsider
                old = self.digests[seat] = (count, old[1] + tuple(self.out[done:count]),
                                            old[2], old[3], old[4])
            else:
                seen, own, shown, stub = read_events(self.log[done:count], seat, old[2],
                                                     old[3], old[4], self.reading)
                old = self.digests[seat] = (count, old[1] + tuple(seen), own, shown, stub)
        return old[1], old[2], old[3], old[4]

    def _scan(self) -> None:
        """Read the log's new events as the outsider (a seat that sees no private card)
        reads them, noting the card events that some seat reads otherwise: a public one
        (every seat), a private one (the seats it shows its cards to)."""
        log, out, public, concern = self.log, self.out, self.public, self.concern
        for i in range(self.scanned, len(log)):
            e = log[i]
            if e.cards is None:
                out.append(e)
                continue
            vis = e.visible_to
            if vis is None:
                out.append(e)
                public.append(i)
                continue
            out.append(_EVENT(Event, (e[0], e[1], e[2], None, vis, e[5])))  # e.redacted(-1)
            for s in vis:
                found = concern.get(s)
                if found is None:
                    concern[s] = [i]
                else:
                    found.append(i)
        self.scanned = len(log)


def _none_in(marks: list[int], lo: int, hi: int) -> bool:
    """Whether the sorted ``marks`` hold no index in ``lo..hi-1``."""
    at = bisect_left(marks, lo)
    return at == len(marks) or marks[at] >= hi


def _rest(base: tuple[Event, ...] | None, m: int, tail: Sequence[Event]) -> tuple[Event, ...]:
    """The log ``base + tail`` from index ``m`` (inside ``base``)."""
    assert base is not None, "the reader has not read the base log"
    return base[m:] + tuple(tail)
