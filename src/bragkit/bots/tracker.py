"""The ``tracker`` bot: plays like ``heuristic`` but follows the unshuffled pack.

Under ``brag_unshuffled`` (rules 2.4) the pack is not shuffled between deals unless a
see was won by a prial: every hand goes to the bottom as it leaves play and the next deal
comes from the top.  A player who remembers which hands went down in which order, and the
cards he saw in them (his own hand once looked, the hands shown at a see, a side show he
took part in), knows where those cards are in the pack, and so which of them he and each
opponent will be dealt later, and which are left in the stub (out of play).

:class:`PackModel` is that memory: the pack as a list of known card ids or ``None``.  It
is rebuilt after every deal from the seat's own view (events in order: folds, then the
see's seen hand and the seer's, or the survivor's hand), and forgotten at a shuffle, at
anything it does not model (retained hands, covers, discards, a face-up stub), and
whenever its forecast of our own cards turns out wrong when we look.

:class:`TrackerBot` then estimates its chance from the cards it knows (our own, partly
known opponents' hands, dead cards) by sampling the rest
(:func:`~bragkit.bots.strength.sampled_win`), and uses a known blind hand: it plays a
strong one blind (half price, and nobody can see it), folds a hopeless one unseen.

>>> import random
>>> from bragkit.rules import get_preset
>>> bot = TrackerBot(get_preset("modern"))
>>> bot.name, bot.model.cards is None
('tracker', True)
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Unpack

from bragkit.bots.heuristic import HeuristicBot, HeuristicOptions
from bragkit.bots.strength import sampled_win

if TYPE_CHECKING:
    from bragkit.engine.views import SeatView
    from bragkit.rules import Rules

__all__ = ["PackModel", "TrackerBot"]

_UNMODELLED = frozenset({"retain", "cover", "discard", "stub", "keep", "throw", "name",
                         "lend", "borrow", "qualify_fail", "stay", "rebuy", "return"})


class PackModel:
    """What one seat knows of the pack order (top first): card ids or ``None``."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.cards: list[int | None] | None = None
        """The pack after the last deal, or ``None`` when nothing is known."""
        self.forecast: dict[int, list[int | None]] = {}
        """Per seat, the cards of its hand as the pack predicts them (dealt order)."""
        self.dead: set[int] = set()
        """Known cards left in the stub this deal (out of play)."""

    def forget(self) -> None:
        """Know nothing (after a shuffle or anything unmodelled)."""
        self.cards = None
        self.forecast = {}
        self.dead = set()

    def deal(self, order: list[int], per_hand: int) -> None:
        """Forecast the hands of a deal to ``order`` (seats from the dealer's left)."""
        self.forecast = {}
        self.dead = set()
        cards = self.cards
        if cards is None:
            return
        m = len(order)
        for i, seat in enumerate(order):
            self.forecast[seat] = [cards[k * m + i] for k in range(per_hand)]
        self.dead = {c for c in cards[m * per_hand:] if c is not None}

    def known(self, seat: int) -> tuple[int, ...]:
        """The forecast cards of ``seat``'s hand that are known."""
        return tuple(c for c in self.forecast.get(seat, ()) if c is not None)

    def rebuild(self, view: SeatView, per_hand: int) -> None:
        """The pack after the deal seen in ``view`` (its final view), or forget."""
        events = view.events
        order = [e.seat for e in events if e.kind == "deal" and e.seat is not None]
        m = len(order)
        if self.cards is None:
            stub: list[int | None] = [None] * (self.size - m * per_hand)
        else:
            stub = list(self.cards[m * per_hand:])
        hands: dict[int, list[int | None]] = {s: list(self.forecast.get(s, [None] * per_hand))
                                             for s in order}
        for e in events:
            if (e.cards is not None and e.seat is not None and e.kind in ("look", "reveal")
                    and len(e.cards) == per_hand and e.seat in hands):
                hands[e.seat] = list(e.cards)
        if len(hands) != m:
            self.forget()
            return
        if any(e.kind in _UNMODELLED for e in events):
            # the stub (what the next deals come from) is still known; the tail is not
            held = per_hand if any(e.kind == "retain" for e in events) else 0
            self.cards = stub + [None] * (self.size - held - len(stub))
            self.forecast = {}
            self.dead = set()
            return
        gone: list[int] = []
        seer = -1
        for e in events:
            if e.kind == "fold" and e.seat is not None and e.seat not in gone:
                gone.append(e.seat)
            elif e.kind == "see" and e.seat is not None:
                seer = e.seat
        rest = [s for s in order if s not in gone]
        if seer >= 0:
            others = [s for s in rest if s != seer]
            rest = [*others, seer]
        else:
            shown = [e.seat for e in events if e.kind == "reveal" and e.visible_to is None
                     and e.seat is not None]
            if shown:
                rest = [s for s in shown if s in rest] + [s for s in rest if s not in shown]
        pack = stub
        for s in gone + rest:
            pack.extend(hands[s])
        if len(pack) != self.size or all(c is None for c in pack):
            self.forget()
            return
        self.cards = pack
        self.forecast = {}
        self.dead = set()


class TrackerBot(HeuristicBot):
    """``heuristic`` plus a memory of the unshuffled pack."""

    name = "tracker"

    def __init__(self, rules: Rules, *, samples: int = 300,
                 **options: Unpack[HeuristicOptions]) -> None:
        super().__init__(rules, **options)
        self.samples = samples
        self.enabled = rules.cards == 3 and rules.pack_policy == "brag_unshuffled" \
            and not rules.stub_face_up
        self.model = PackModel(len(self.ranking.pack))
        self._cache: dict[tuple[object, ...], float] = {}

    def begin_deal(self, view: SeatView, shuffled: bool) -> None:
        """Forecast this deal's hands from the remembered pack."""
        super().begin_deal(view, shuffled)
        self._cache = {}
        if not self.enabled:
            return
        if shuffled:
            self.model.forget()
        order = [e.seat for e in view.events if e.kind == "deal" and e.seat is not None]
        self.model.deal(order, self.cards)

    def end_deal(self, view: SeatView) -> None:
        """Remember where this deal's hands went in the pack."""
        if self.enabled:
            self.model.rebuild(view, self.cards)

    def _knowledge(self, view: SeatView) -> tuple[tuple[int, ...], list[tuple[int, ...]],
                                                   set[int]] | None:
        model = self.model
        mine = self.own_ids(view)
        two_hands = any(e.seat == view.seat and e.kind in ("keep", "throw")
                        for e in view.events)
        if mine is not None:
            forecast = model.known(view.seat)
            if not two_hands and not set(forecast) <= set(mine):
                model.forget()  # our forecast was wrong: trust nothing
                return None
        else:
            mine = model.known(view.seat)
        live = self.live_opponents(view)
        opponents = []
        for s in live:
            shown = view.shown.get(s)
            opponents.append(tuple(c.id for c in shown) if shown is not None and
                             len(shown) == self.cards else model.known(s))
        dead = set(model.dead)
        for s, status in enumerate(view.status):
            if s != view.seat and status != "in":
                dead.update(model.known(s))
                shown = view.shown.get(s)
                if shown is not None:
                    dead.update(c.id for c in shown)
        if not dead and not any(opponents) and (self.own_ids(view) is not None or not mine):
            return None
        return mine, opponents, dead

    def win_chance(self, view: SeatView, rng: random.Random) -> float | None:
        """Chance from everything known; the heuristic's table when nothing extra is known."""
        if not self.enabled or view.own_cards is None:
            return super().win_chance(view, rng)
        return self._chance(view, rng)

    def blind_chance(self, view: SeatView, rng: random.Random) -> float | None:
        """The chance of our blind hand when the pack tells us at least two of its cards."""
        if not self.enabled or len(self.model.known(view.seat)) < 2:
            return None
        return self._chance(view, rng)

    def _chance(self, view: SeatView, rng: random.Random) -> float | None:
        info = self._knowledge(view)
        if info is None:
            return super().win_chance(view, rng)
        mine, opponents, dead = info
        key = (mine, tuple(opponents), frozenset(dead))
        found = self._cache.get(key)
        if found is None:
            found = sampled_win(self.ranking, mine, opponents, dead, rng, self.samples,
                                self.cards)
            self._cache[key] = found
        return found
