"""Per-seat views, derived from the event log: a seat never sees a card it may not see.

The view type is :class:`~bragkit.engine.contract.SeatView`, the same for every game; its
fast builder (:func:`new_view`) and the one reading of an event log for a seat
(:func:`read_events`, :class:`LogBook`) serve every engine, each engine saying what its
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
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from bragkit.cards import Card, card_from_id
from bragkit.engine.actions import LegalAction
from bragkit.engine.contract import LazyView, SeatView
from bragkit.engine.events import Event

__all__ = ["Draft", "LogBook", "LogDigest", "Reading", "SeatView", "Shown",
           "live_book", "make_view", "new_draft", "new_view", "read_events", "redacted_events",
           "reusable_digest"]

_EVENT: Final = tuple.__new__
_CARD: Final = tuple(card_from_id(c) for c in range(56))
"""``_CARD[i]``: the card of id ``i`` (jokers 52..55)."""

if TYPE_CHECKING:
    _DraftBase = SeatView  # (mypy sees a SeatView with mutable slots: no cast once built)
else:
    _DraftBase = LazyView


class Draft(_DraftBase):
    """A mutable twin of :class:`SeatView`: the same slots in the same order, so a draft
    filled by plain attribute stores becomes a ``SeatView`` by ``__class__`` assignment
    (CPython allows it between classes of the same layout).  Filling a frozen view slot by
    slot costs a setter call per field; this is a few times cheaper (a view per decision
    of every bot).  An engine's hot view builder may fill one itself (every slot, then
    ``__class__``), as :func:`new_view` does, saving the call; a lazy one leaves the log's
    fields unset and sets ``_fill`` (:class:`~bragkit.engine.contract.LazyView`).  To mypy
    it is a ``SeatView`` subclass made empty, so a built draft is returned as a view
    without a ``typing.cast`` call.

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

    if TYPE_CHECKING:
        def __init__(self) -> None: ...


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
    d = Draft()  # (a type call: cheaper than object.__new__(Draft), the wrapper)
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
    return d


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
                shown: Shown, stub: Card | None, reading: Reading
                ) -> tuple[list[Event], tuple[int, ...] | None, Shown, Card | None]:
    """``events`` as ``seat`` sees them (each redacted unless the seat may see its cards),
    and its digest read on over them: ``own``, ``shown`` (never changed: copied before a
    change) and ``stub`` as :data:`LogDigest` holds them.  Seat -1 is an *outsider*, a seat
    that sees no private card and owns no hand."""
    seen: list[Event] = []
    keep = seen.append
    copied = False
    for e in events:
        cards = e.cards
        if cards is None:
            keep(e)
            continue
        vis = e.visible_to
        if vis is not None and seat not in vis:  # redacted: the cards are not this seat's
            keep(_EVENT(Event, (e[0], e[1], e[2], None, vis, e[5])))  # e.redacted(seat)
            continue
        keep(e)
        own, shown, stub, copied = _noted(e, seat, own, shown, stub, reading, copied)
    return seen, own, shown, stub


_Read = tuple[int, tuple[Event, ...], "tuple[int, ...] | None", Shown, "Card | None"]
"""A seat's digest in a :class:`LogBook`: (how many events it read, the log as the seat sees
it, the card ids of its latest look, the hands shown to it, the stub card)."""

_UNREAD: Final[_Read] = (0, (), None, {}, None)
_NOBODY: Final[frozenset[int]] = frozenset()


class _Reads:
    """What a :class:`LogBook` keeps of its reads (made on the first read: a book whose
    views nobody reads makes none)."""

    __slots__ = ("concern", "digests", "out", "public", "scanned")

    def __init__(self) -> None:
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


class LogBook:
    """One line's event log, kept whole as it grows (a list only appended to), for lazy
    seat views (:class:`~bragkit.engine.contract.LazyView`): a view keeps the book and the
    log's length when it was built, and a seat's log, look and hands shown are read
    (:meth:`read`, :func:`read_events`, exactly as a state's view reads them) only when one
    of them is first read.  Each seat's latest digest is kept: a seat's next read covers
    only the events since.

    The log's newest events may stay in the line's machine: a book that follows a *live*
    list (the machine's new events, only appended to) takes them in when read, and when its
    owner empties that list it hands the book the whole log (:meth:`rebase`): a view costs
    no copy.

    >>> b = LogBook(Reading(look="look"))
    >>> log = [Event("bet", 0, 2), Event("look", 1, cards=(5, 6, 7), visible_to=frozenset({1}))]
    >>> n = b.extend(None, 0, log)
    >>> b.read(0, n)[0][1].cards, b.read(1, n)[1], b.read(1, 1)[0] == (log[0],)
    (None, (5, 6, 7), True)
    >>> live: list[Event] = []
    >>> f = LogBook(Reading(look="look"), (log[0],), live)
    >>> live.append(log[1]); f.read(1, f.at + len(live))[1]
    (5, 6, 7)
    """

    __slots__ = ("at", "eager", "head", "live", "log", "owned", "reading", "reads")

    def __init__(self, reading: Reading, seen: Sequence[Event] = (),
                 live: list[Event] | None = None) -> None:
        """A book (read by the engine's ``reading``) of a log whose first events, a log that
        shows no card to any seat (such as a deal's start), are ``seen``, continued by the
        ``live`` list if given."""
        self.reading = reading
        self.log: list[Event] = list(seen)
        """The log as logged (never changed but by appending)."""
        self.live = live
        """The list that continues the log (its owner's, only appended to), or None."""
        self.at = len(self.log)
        """The log index of the live list's first event."""
        self.eager: frozenset[int] = _NOBODY
        """The seats whose views' log fields were read: their next views are built whole (a
        reader of every view's events, such as a server's projector, pays no lazy fill)."""
        self.owned: dict[int, tuple[tuple[int, ...], tuple[Card, ...]]] | None = None
        """Each seat's latest own cards, for an engine that reads them from its machine:
        (its hand, the cards); None until one is kept."""
        self.reads: _Reads | None = None
        """What the book keeps of its reads (None before the first)."""
        self.head: Callable[[], list[Event]] | None = None
        """Builds the log's first :attr:`at` events when the book is first read (None: the
        log holds them; :func:`live_book`)."""

    def extend(self, base: tuple[Event, ...] | None, k: int, tail: Sequence[Event]) -> int:
        """Bring the book up to the log ``base + tail`` (``base`` holds ``k`` events; None
        when the book holds them already); return its length (a book that follows no live
        list)."""
        log = self.log
        m = len(log)
        count = k + len(tail)
        if m < count:
            log.extend(tail[m - k:] if m >= k else _rest(base, m, tail))
        return count

    def rebase(self, events: Sequence[Event]) -> None:
        """The log is now ``events`` (the book's log so far and those after it), continued
        by the live list, which its owner has just emptied."""
        self.head = None  # (events holds those too)
        log = self.log
        log.extend(events[len(log):])
        self.at = len(log)

    def see(self, seat: int) -> None:
        """``seat``'s views' log fields were read: its next views are built whole."""
        self.eager = self.eager | {seat}

    def read(self, seat: int, count: int
             ) -> tuple[tuple[Event, ...], tuple[int, ...] | None, Shown, Card | None]:
        """``seat``'s digest of the log's first ``count`` events: the log as the seat sees
        it, the card ids of its latest look, the hands shown to it (never change them), the
        stub card."""
        if self.head is not None:
            self._unfold()
        log = self.log
        m = len(log)
        if m < count:  # (the live list's events up to there)
            live = self.live
            assert live is not None, "the book holds fewer events than read"
            at = self.at
            log.extend(live[m - at:count - at])
        r = self.reads
        if r is None:
            r = self.reads = _Reads()
        old = r.digests.get(seat, _UNREAD)
        done = old[0]
        if done != count:
            if done > count:  # (an older view read after a newer one: from the start)
                old, done = _UNREAD, 0
            scanned = r.scanned
            if scanned < count:
                if scanned == count - 1 and log[scanned].cards is None:
                    r.out.append(log[scanned])  # (one event since: a bet, a fold)
                    r.scanned = count
                else:
                    self._scan(r)
            public = r.public
            mine = r.concern.get(seat)
            if ((not public or public[-1] < done or _none_in(public, done, count))
                    and (mine is None or mine[-1] < done or _none_in(mine, done, count))):
                # no card event since that this seat reads otherwise than the outsider
                old = r.digests[seat] = (count, old[1] + tuple(r.out[done:count]),
                                         old[2], old[3], old[4])
            else:
                seen, own, shown, stub = read_events(log[done:count], seat, old[2],
                                                     old[3], old[4], self.reading)
                old = r.digests[seat] = (count, old[1] + tuple(seen), own, shown, stub)
        return old[1], old[2], old[3], old[4]

    def _unfold(self) -> None:
        """Build the log's first events (:attr:`head`), on the book's first read."""
        head = self.head
        assert head is not None and not self.log
        self.head = None
        log = self.log = head()
        assert len(log) == self.at, "the head built is not as long as its count"

    def _scan(self, r: _Reads) -> None:
        """Read the log's new events as the outsider (a seat that sees no private card)
        reads them, noting the card events that some seat reads otherwise: a public one
        (every seat), a private one (the seats it shows its cards to)."""
        log, out, public, concern = self.log, r.out, r.public, r.concern
        for i in range(r.scanned, len(log)):
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
        r.scanned = len(log)


def live_book(reading: Reading, live: list[Event], at: int,
              head: Callable[[], list[Event]]) -> LogBook:
    """A :class:`LogBook` (read by ``reading``) of a log whose first ``at`` events,
    showing no card to any seat, ``head()`` builds when the book is first read (a book
    nobody reads never builds them), continued by the ``live`` list.

    >>> b = live_book(Reading(), [Event("fold", 1)], 1, lambda: [Event("bet", 0, 2)])
    >>> [e.kind for e in b.read(0, 2)[0]]
    ['bet', 'fold']
    """
    b: LogBook = _NEW_BOOK(LogBook)  # (no __init__ call: a book per deal)
    b.reading = reading
    b.log = []
    b.live = live
    b.at = at
    b.eager = _NOBODY
    b.owned = None
    b.reads = None
    b.head = head
    return b


_NEW_BOOK: Final = object.__new__


def _none_in(marks: list[int], lo: int, hi: int) -> bool:
    """Whether the sorted ``marks`` hold no index in ``lo..hi-1``."""
    at = bisect_left(marks, lo)
    return at == len(marks) or marks[at] >= hi


def _rest(base: tuple[Event, ...] | None, m: int, tail: Sequence[Event]) -> tuple[Event, ...]:
    """The log ``base + tail`` from index ``m`` (inside ``base``)."""
    assert base is not None, "the reader has not read the base log"
    return base[m:] + tuple(tail)
