"""What one seat of a poker-style deal may know: the one
:class:`~bragkit.engine.contract.SeatView` (docs/design/contract.md, section 3).

In a poker-style view ``stake`` is the amount to meet (the round's target), ``pots`` the
pools when there are several, ``contrib`` each seat's credited contribution to the betting
round -- a raise of ``k`` costs the seat ``stake - contrib[seat] + k`` -- and ``committed`` its
chips in the betting pool this deal.

>>> from bragkit.rules import get_preset
>>> from bragkit.engine.poker.state import PokerState
>>> s = PokerState.new(get_preset("foster"), [20, 20, 20], dealer=2).apply("ante 2")
>>> v = seat_view(s, 0)
>>> v.stake, v.contrib, v.committed, len(v.own_cards or ())
(2, (0, 0, 2), (0, 0, 2), 3)
"""

from __future__ import annotations

from bragkit.engine.contract import SeatView
from bragkit.engine.events import Event
from bragkit.engine.poker.core import CARD, PokerRecord
from bragkit.engine.views import make_view, reusable_digest

__all__ = ["seat_view"]

_Digest = tuple[tuple[Event, ...], tuple[Event, ...], dict[int, tuple[int, ...]]]
"""(an event log, the log as one seat sees it, the other seats' cards shown to that seat)."""

_DIGESTS: dict[int, _Digest] = {}
"""The latest digest built for each seat: the next view of the same deal reads only the
events added since (a digest is reused only when its log is a prefix, by value, of the new
one, and is never changed once built; see :mod:`bragkit.engine.views`)."""

_EMPTY: _Digest = ((), (), {})

def _digest(events: tuple[Event, ...], seat: int) -> _Digest:
    old: _Digest
    old, m = reusable_digest(_DIGESTS, events, seat, _EMPTY)
    if old[0] is events:
        return old
    seen: list[Event] = []
    keep = seen.append
    shown = old[2]
    copied = False
    for e in events[m:]:
        cards = e.cards
        if cards is None:
            keep(e)
            continue
        vis = e.visible_to
        if vis is not None and seat not in vis:
            keep(e.redacted(seat))
            continue
        keep(e)
        owner = e.seat
        if owner is None or owner == seat:
            continue
        kind = e.kind
        if kind == "reveal" or kind == "exchange":
            if not copied:
                shown, copied = dict(shown), True
            shown[owner] = tuple(cards)
        elif kind == "deal" or kind == "draw":
            if not copied:
                shown, copied = dict(shown), True
            have = list(shown.get(owner, ()))
            for c in cards:
                if c not in have:
                    have.append(c)
            shown[owner] = tuple(have)
    digest: _Digest = (events, old[1] + tuple(seen), shown)
    _DIGESTS[seat] = digest
    return digest


def seat_view(st: PokerRecord, seat: int) -> SeatView:
    """What ``seat`` may know of ``st``: never a card it may not see."""
    _, events, shown = _digest(st.events, seat)
    own = None
    if st.looked[seat] and st.hands[seat]:
        own = tuple(CARD[c] for c in st.hands[seat])
    rnd = st.rnd
    return make_view(
        seat=seat, dealer=st.dealer, stacks=st.stacks, pot=st.pot,
        pots=st.pools if len(st.pools) > 1 else (),
        stake=rnd.target if rnd is not None else 0, status=st.status, looked=st.looked,
        to_act=st.to_act, phase=st.phase, own_cards=own,
        shown={s: tuple(CARD[c] for c in cards) for s, cards in shown.items()},
        stub_card=None, events=events,
        legal=st.legal_actions() if st.to_act == seat else (),
        contrib=rnd.contrib if rnd is not None else (0,) * st.n, committed=st.chips, lives=(),
        widow=(), offered=None)
