"""How a brag-style deal ends: fold-outs, sees, covers, agreed showdowns and frozen pots.

These functions work on the mutable :class:`~bragkit.engine.brag.core.Work` copy of a
state inside one transition (rules 4.4.2 end conditions, 4.4.6, 4.4.8-4.4.10).
Card-return convention (2.4, MUST): a hand goes to the bottom of the pack as one block in
the order it was dealt when it leaves play; at a see the seen hand goes first, then the
seer's; coverers' hands go last, newest cover first; discards go as they are made.
"""

from __future__ import annotations

import itertools
from typing import Final

from bragkit.engine.brag.core import NO_FLAGS, QUALIFYING, AnyWork, Qualifying, new_event
from bragkit.engine.events import Event
from bragkit.engine.kinds import Phase, SeatStatus

__all__ = [
    "QUALIFYING",
    "award",
    "best_split",
    "chain_frozen",
    "cover_showdown",
    "end_deal",
    "enter_qualify",
    "finish_qualify",
    "foldout",
    "hand_key",
    "multiway_showdown",
    "return_cards",
    "see_showdown",
    "settle_hand",
]

P_DISCARD: Final = Phase.DISCARD
P_OVER: Final = Phase.OVER
P_QUALIFY: Final = Phase.QUALIFY
P_RETAIN: Final = Phase.RETAIN
S_IN: Final = SeatStatus.IN
S_OUT: Final = SeatStatus.OUT


def _rank_value(card_id: int) -> int:
    return card_id // 4 + 2 if card_id < 52 else 1


def _discard_key(discards: tuple[int, ...], mode: str) -> tuple[int, ...]:
    if not discards:
        return ()
    if len(discards) == 2:  # (Five Card Brag: two discards, on every split of every hand)
        a, b = discards
        x = a // 4 + 2 if a < 52 else 1
        y = b // 4 + 2 if b < 52 else 1
        values: tuple[int, ...] = (x, y) if x >= y else (y, x)
    else:
        values = tuple(sorted((_rank_value(c) for c in discards), reverse=True))
    if mode == "pair_first":
        paired = 1 if len(values) == 2 and values[0] == values[1] else 0
        return (paired, *values)
    return values


def hand_key(w: AnyWork, seat: int) -> tuple[int, ...]:
    """The comparison key of ``seat``'s current hand: three-card rank, then the discards."""
    hand = w.hands[seat]
    rank3 = w.family.ranking.rank3
    if len(hand) == 3:
        a, b, c = hand
        discards = w.discards[seat]
        if not discards:
            return (rank3(a, b, c),)
        return (rank3(a, b, c), *_discard_key(discards, w.rules.discard_compare))
    return best_split(w, hand)[0]


_SPLITS: dict[int, tuple[tuple[tuple[int, int, int], tuple[int, ...]], ...]] = {}
"""Hand size -> every (kept positions, discarded positions) of a best-three split, in the
order of ``itertools.combinations`` (built once per size)."""


def _splits(n: int) -> tuple[tuple[tuple[int, int, int], tuple[int, ...]], ...]:
    found = _SPLITS.get(n)
    if found is None:
        found = _SPLITS[n] = tuple(
            ((i, j, k), tuple(x for x in range(n) if x not in (i, j, k)))
            for i, j, k in itertools.combinations(range(n), 3))
    return found


def best_split(w: AnyWork, hand: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The best (key, discards) of a 4/5-card hand: best three, then the discards (the
    first best in the order of ``itertools.combinations``; discards in hand order)."""
    rank3 = w.family.ranking.rank3
    mode = w.rules.discard_compare
    best: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    for (i, j, k), out in _splits(len(hand)):
        rest = tuple([hand[x] for x in out])
        key = (rank3(hand[i], hand[j], hand[k]), *_discard_key(rest, mode))
        if best is None or key > best[0]:
            best = (key, rest)
    assert best is not None
    return best


def settle_hand(w: AnyWork, seat: int) -> None:
    """Make the best discard automatically for an unlooked 4/5-card hand (3.3, A-4.2)."""
    hand = w.hands[seat]
    if len(hand) <= 3:
        return
    _, rest = best_split(w, hand)
    w.hands[seat] = tuple(c for c in hand if c not in rest)
    w.discards[seat] = rest
    w.pack += rest
    w.emit("discard", seat, cards=rest, visible_to=frozenset(), note="automatic")
    w.stub_changed()


def is_prial(w: AnyWork, seat: int) -> bool:
    """Whether ``seat``'s kept three cards are a prial (wild cards included)."""
    a, b, c = w.hands[seat]
    ranking = w.family.ranking
    return bool(ranking.category_of_rank(ranking.rank3(a, b, c)) == "prial")


def return_cards(w: AnyWork, seat: int, face_up: bool = False) -> None:
    """Send every card ``seat`` still holds to the bottom of the pack (retained hand first).

    ``face_up`` for a folded hand: only folded hands go face up on a face-up stub (4.4.11).
    """
    old = w.retained_hand[seat]
    if old:
        w.pack += old
        w.retained_hand[seat] = ()
    hand = w.hands[seat]
    if hand:
        w.pack += hand
        w.hands[seat] = ()
    if w.rules.stub_face_up:
        w.stub_changed(face_up)


def reveal(w: AnyWork, seat: int) -> None:
    """Show ``seat``'s hand to everybody."""
    settle_hand(w, seat)
    w.emit("reveal", seat, cards=w.hands[seat])


def award(w: AnyWork, seats: list[int], amount: int, note: str) -> None:
    """Pay ``amount`` to ``seats`` (split; odd chips to the first from the dealer's left)."""
    if not seats:
        return
    if len(seats) == 1:  # (one seat takes it all: Work.emit inline)
        s = seats[0]
        w.stacks[s] += amount
        if not w.quiet:
            w.new_events.append(new_event(Event, ("award", s, amount, None, None, note)))
        if s not in w.winners:
            w.winners.append(s)
        return
    order = sorted(seats, key=lambda s: (s - w.dealer - 1) % w.n)
    share, odd = divmod(amount, len(order))
    for i, s in enumerate(order):
        got = share + (1 if i < odd else 0)
        w.stacks[s] += got
        w.emit("award", s, amount=got, note=note)
        if s not in w.winners:
            w.winners.append(s)


def end_deal(w: AnyWork) -> None:
    """Close the deal: no seat to act, the ``deal_end`` event."""
    w.phase = P_OVER
    w.to_act = -1
    w.pending = None
    if not w.quiet:  # (Work.emit inline)
        w.new_events.append(new_event(Event, ("deal_end", None, w.carried, None, None, None)))


def chain_frozen(w: AnyWork, champions: list[int], key: tuple[int, ...]) -> None:
    """Resolve frozen pots from the newest to the oldest (4.4.9); ties go to the champion.

    ``key`` is the champions' hand key (their cards may already be back in the pack).
    """
    while w.covered_pots:
        amount, coverer = w.covered_pots.pop()
        reveal(w, coverer)
        coverer_key = hand_key(w, coverer)
        if coverer_key > key:
            champions, key = [coverer], coverer_key
        award(w, champions, amount, "frozen pot")
        return_cards(w, coverer)


def foldout(w: AnyWork) -> None:
    """Exactly one seat is left in the betting (4.4.2 end conditions).  The turn ends: its
    flags go (as on the fast path of a fold-out)."""
    s = w.status.index(S_IN)  # (Work.first_active)
    w.turn_flags = NO_FLAGS
    if w.covered_pots:
        if w.retained_hand[s]:
            w.ask_name(s, 2, s, s)
            return
        reveal(w, s)
        key = hand_key(w, s)
        award(w, [s], w.pot, "pot")
        w.pot = 0
        return_cards(w, s)
        chain_frozen(w, [s], key)
        end_deal(w)
        return
    family = w.family
    pot = w.pot
    if family.foldout_carries and not w.looked[s] and (  # (Work.counts_blind inline)
            w.blind_bet[s] or w.rules.blind_definition != "has_bet_blind"):
        w.carried = pot
        if not w.quiet:
            w.new_events.append(new_event(Event, ("carry", s, pot, None, None, None)))
        if family.retained_hands:
            w.phase = P_RETAIN
            w.to_act = s
            w.pending = None
            return
        return_cards(w, s)
        end_deal(w)
        return
    # award(w, [s], pot, "pot"), return_cards(w, s) and end_deal(w) inline (a deal's end)
    w.stacks[s] += pot
    quiet = w.quiet
    if not quiet:
        w.new_events.append(new_event(Event, ("award", s, pot, None, None, "pot")))
    if s not in w.winners:
        w.winners.append(s)
    w.pot = 0
    old = w.retained_hand[s]
    if old:
        w.pack += old
        w.retained_hand[s] = ()
    hand = w.hands[s]
    if hand:
        w.pack += hand
        w.hands[s] = ()
    if w.rules.stub_face_up:
        w.stub_changed(False)
    w.phase = P_OVER
    w.to_act = -1
    w.pending = None
    if not quiet:
        w.new_events.append(new_event(Event, ("deal_end", None, w.carried, None, None, None)))


def see_showdown(w: AnyWork, seer: int, seen: int) -> None:
    """SHOWDOWN(seer, seen): the seen hand first; the seer must be strictly better (4.4.2)."""
    reveal(w, seen)
    settle_hand(w, seer)
    seer_key = hand_key(w, seer)
    seen_key = hand_key(w, seen)
    if seer_key > seen_key:
        w.emit("reveal", seer, cards=w.hands[seer])
        _finish_two(w, seer, seen, seer, seer_key)
        return
    if w.rules.loser_must_show:
        w.emit("reveal", seer, cards=w.hands[seer])
    _finish_two(w, seen, seen, seer, seen_key)


def cover_showdown(w: AnyWork, short: int, other: int) -> None:
    """Two seats, one out of money (4.4.9): ``other`` shows and wins unless beaten."""
    if w.retained_hand[other]:
        w.ask_name(other, 1, short, other)
        return
    reveal(w, other)
    settle_hand(w, short)
    short_key = hand_key(w, short)
    other_key = hand_key(w, other)
    if short_key > other_key:
        w.emit("reveal", short, cards=w.hands[short])
        _finish_two(w, short, other, short, short_key)
    else:
        _finish_two(w, other, other, short, other_key)


def _finish_two(w: AnyWork, winner: int, first: int, second: int,
                winner_key: tuple[int, ...]) -> None:
    """``winner`` (whose hand key is ``winner_key``) takes the pot of a two-seat showdown;
    ``first``'s cards go back, then ``second``'s."""
    prial = is_prial(w, winner)
    award(w, [winner], w.pot, "pot")
    w.pot = 0
    return_cards(w, first)
    return_cards(w, second)
    w.shuffle_next = prial
    chain_frozen(w, [winner], winner_key)
    end_deal(w)


def multiway_showdown(w: AnyWork) -> None:
    """All active hands are shown; the best wins, ties split (4.4.10, Teen Patti pot limit)."""
    seats = w.active_in_turn_order()
    for s in seats:
        reveal(w, s)
    keys = {s: hand_key(w, s) for s in seats}
    best = max(keys.values())
    champions = [s for s in seats if keys[s] == best]
    prial = is_prial(w, champions[0])
    award(w, champions, w.pot, "pot")
    w.pot = 0
    for s in seats:
        return_cards(w, s)
    w.shuffle_next = prial
    chain_frozen(w, champions, best)
    end_deal(w)


def enter_qualify(w: AnyWork, queue: tuple[int, ...]) -> None:
    """Next seat of the face-up qualifying phase (4.4.7): it must look first."""
    if not queue:
        finish_qualify(w)
        return
    s = queue[0]
    w.to_act = s
    w.pending = Qualifying(queue[1:])
    w.phase = P_QUALIFY
    w.looked[s] = True
    w.emit("look", s, cards=w.hands[s], visible_to=frozenset({s}))
    if w.rules.discards:
        w.phase = P_DISCARD
        w.turn_flags = QUALIFYING


def finish_qualify(w: AnyWork) -> None:
    """End the face-up qualifying phase: collect the antes or start the betting."""
    b = w.retainer
    stayers = [s for s in range(w.n) if w.status[s] == S_IN and s != b]
    up = w.faceup
    w.faceup = ()
    w.pack += up
    w.emit("return", b, cards=up, note="face-up hand")
    w.stub_changed(face_up=True)
    if not stayers:
        antes = w.rules.ante * sum(1 for s in range(w.n) if w.status[s] != S_OUT)
        collected = antes if w.rules.faceup_collects == "antes" else w.pot
        collected = min(collected, w.pot)
        award(w, [b], collected, "antes" if w.rules.faceup_collects == "antes" else "pot")
        w.pot -= collected
        w.carried = w.pot
        w.emit("carry", b, amount=w.pot)
        w.retained = (b, *w.hands[b])
        w.hands[b] = ()
        w.emit("retain", b)
        end_deal(w)
        return
    w.advance(w.dealer)
    w.turn_flags = NO_FLAGS
