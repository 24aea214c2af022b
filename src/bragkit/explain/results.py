"""Why each pot went where it went, from a deal's event log as one reader may see it.

:func:`explain` reads the log of a deal (in progress or finished) of any game and returns
:class:`Note` s, each attached to the event it explains: every shown hand named under the
game's ranking, every award with its reason (a see, a cover, a fold-out, a showdown, a side
show, Three-Stake's three pools, Commerce's best hand and lives), carried pots and retained
blind hands with what the choices mean.  The log is first redacted for the reader, so a
note never names a card the reader may not see.

>>> from bragkit.rules import get_preset
>>> from bragkit.engine import open_table
>>> from bragkit.testing.fixtures import stacked_pack
>>> rules = get_preset("modern")
>>> t = open_table(rules, [20, 20], 0, pack=stacked_pack(rules, 2, 0,
...                {0: "3s 3h 9d", 1: "Ks Kh 2c"}))
>>> for move in ("p2 look", "p2 bet 2", "p1 look", "p1 see"):
...     t.apply_text(move)
>>> for note in explain(rules, t.last_final.events, 0):
...     print(note.text)
p2 shows Ks Kh 2c: Pair of kings, two kicker
you saw p2 and lost: p2's Pair of kings, two kicker beats your Pair of threes, nine kicker. \
Your hand was Pair of threes, nine kicker (3s 3h 9d), not shown
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bragkit.cards import Card, card_from_id
from bragkit.engine.events import Event
from bragkit.explain.hands import cards_text, name_hand, strength_of
from bragkit.explain.reader import Note, ReaderState
from bragkit.explain.reasons import reason
from bragkit.games import engine_of, specs
from bragkit.rules import Rules
from bragkit.rules.game_keys import own_keys

__all__ = ["Narration", "Note", "explain", "explain_lines"]


def explain_lines(rules: Rules, events: Sequence[Event], reader: int | None,
                  names: Sequence[str] | None = None) -> list[str]:
    """The texts of :func:`explain`, in order (for a replay or a finished deal).

    >>> from bragkit.rules import get_preset
    >>> explain_lines(get_preset("modern"), (Event("deal", 0), Event("deal", 1),
    ...               Event("fold", 0), Event("award", 1, 2, note="pot")), None)
    ['p2 takes the pot (2 chips): everybody else folded']
    """
    return [n.text for n in explain(rules, events, reader, names)]


def explain(rules: Rules, events: Sequence[Event], reader: int | None,
            names: Sequence[str] | None = None) -> tuple[Note, ...]:
    """Explanations of ``events`` (one deal's log) for ``reader`` (a seat, or ``None`` for
    a spectator who sees only public cards).  ``names`` labels the seats (``p1``... by
    default); the reader is "you"."""
    seen = [e if reader is not None and e.visible(reader)
            else e if e.visible_to is None else e.redacted(-1) for e in events]
    return tuple(_Reader(rules, reader, names).run(seen))


@dataclass
class _Reader(ReaderState):
    """One pass over a redacted log, keeping what the reader has learnt so far."""

    # ------------------------------------------------------------------ the pass
    def run(self, events: Sequence[Event]) -> list[Note]:
        for i, e in enumerate(events):
            handler = getattr(self, f"on_{e.kind}", None)
            if handler is not None:
                handler(i, e, events)
        return self.notes

    def on_deal_start(self, i: int, e: Event, events: Sequence[Event]) -> None:
        if e.amount and engine_of(self.rules.game) == "brag":
            self.say(i, f"the pot starts with {_chips(e.amount)} carried from the last deal "
                        "(nobody won it then)")

    def on_deal(self, i: int, e: Event, events: Sequence[Event]) -> None:
        if e.seat is None:
            return
        if e.seat not in self.dealt:
            self.dealt.append(e.seat)
        if e.cards is not None and e.note == "face up" and len(e.cards) == 1:
            self.face_up[e.seat] = card_from_id(e.cards[0])
        if e.cards is not None and e.note == "face up" and engine_of(self.rules.game) == "brag":
            self.face_up_deal = True
            up = _cards(e.cards)
            self.say(i, f"{self.who(e.seat)} {self.verb(e.seat, 'play')} the retained hand "
                        f"blind, with a second hand face up: {cards_text(up)}, {self.name(up)}"
                        ". Every other player must beat the face-up hand to stay in")
        if e.cards is not None and e.seat == self.reader and e.note != "face up":
            self.own = (self.own or ()) + _cards(e.cards) if _split_deal(self.rules) \
                else _cards(e.cards)
        elif e.cards is not None and e.seat == self.reader and self.own is not None:
            self.own = self.own + _cards(e.cards)

    def on_look(self, i: int, e: Event, events: Sequence[Event]) -> None:
        if e.cards is None:
            if e.note in ("old", "new"):
                self.say(i, f"{self.who(e.seat)} {self.verb(e.seat, 'look')} at "
                            f"{_which(e.note)} of two hands: next, keep plays it and the "
                            "other goes back; throw gives it up and plays the other unseen")
            return
        cards = _cards(e.cards)
        if e.note in ("old", "new"):
            self.looked[e.note] = cards
            other = "new" if e.note == "old" else "old (retained)"
            self.say(i, f"{self.who(e.seat)} {self.verb(e.seat, 'look')} at {_which(e.note)}: "
                        f"{cards_text(cards)}, {self.name(cards)}. keep plays this hand (the "
                        f"{other} one goes back to the pack); throw gives it up and plays the "
                        f"{other} hand sight unseen")
            return
        if e.seat == self.reader:
            self.own = cards

    def on_keep(self, i: int, e: Event, events: Sequence[Event]) -> None:
        if e.note not in ("old", "new"):
            return
        other = "new" if e.note == "old" else "retained"
        self.say(i, f"{self.who(e.seat)} {self.verb(e.seat, 'play')} "
                    f"{_which(e.note)} and {self.verb(e.seat, 'give')} up the {other} one")
        if e.seat == self.reader:
            self.own = self.looked.get(e.note, self.own)

    def on_throw(self, i: int, e: Event, events: Sequence[Event]) -> None:
        if e.note not in ("old", "new"):
            return
        other = "old" if e.note == "new" else "new"
        self.say(i, f"{self.who(e.seat)} {self.verb(e.seat, 'throw')} {_which(e.note)} "
                    f"away and {self.verb(e.seat, 'play')} {_which(other)}, blind")
        if e.seat == self.reader:
            self.own = self.looked.get(other)

    def on_name(self, i: int, e: Event, events: Sequence[Event]) -> None:
        if e.note in ("old", "new"):
            self.say(i, f"{self.who(e.seat)} {self.verb(e.seat, 'play')} {_which(e.note)} "
                        "sight unseen; the other goes back to the pack")
            if e.seat == self.reader:
                self.own = self.looked.get(e.note)

    def on_discard(self, i: int, e: Event, events: Sequence[Event]) -> None:
        if e.seat == self.reader and e.cards and self.own is not None:
            out = set(e.cards)
            self.own = tuple(c for c in self.own if c.id not in out)

    def on_draw(self, i: int, e: Event, events: Sequence[Event]) -> None:
        if e.seat is None or not e.cards:
            return
        if e.seat == self.reader and self.own is not None:
            self.own = self.own + _cards(e.cards)
        if e.note == "face up" and e.seat in self.shown:  # Three-Stake's draws to 31
            self.shown[e.seat] = self.shown[e.seat] + _cards(e.cards)

    def on_see(self, i: int, e: Event, events: Sequence[Event]) -> None:
        if e.seat is not None:
            self.seer, self.seen_seat = e.seat, -1

    def on_stay(self, i: int, e: Event, events: Sequence[Event]) -> None:
        self.stayed = True

    def on_sideshow(self, i: int, e: Event, events: Sequence[Event]) -> None:
        if e.seat is not None and e.note and e.note.startswith("asks p"):
            self.asks = (e.seat, int(e.note[6:]) - 1)

    def on_cover(self, i: int, e: Event, events: Sequence[Event]) -> None:
        if e.seat is None:
            return
        live = [s for s in self.dealt if s not in self.folded and s not in self.covered
                and s != e.seat]
        self.covered.append(e.seat)
        mine = "your" if e.seat == self.reader else "their"
        last = f"{self.verb(e.seat, 'put')} in {mine} last {_chips(e.amount or 0)}"
        who = self.who(e.seat)
        if len(live) >= 2:
            self.say(i, f"{who} {self.verb(e.seat, 'cover')} ({last}): the pot so far is frozen "
                        f"for {self.poss(e.seat)} hand, and the others go on betting into a new "
                        "pot; the frozen pot goes to the best of the covered hand and the "
                        "winner of the later pot")
        else:
            other = live[0] if live else -1
            self.cover_sd = (e.seat, other)
            self.say(i, f"{who} {self.verb(e.seat, 'cover')} ({last}): {self.who(other)} "
                        f"{self.verb(other, 'show')} first, and {who} {self.verb(e.seat, 'win')}"
                        " only with a better hand")

    def on_fold(self, i: int, e: Event, events: Sequence[Event]) -> None:
        if e.seat is None:
            return
        self.folded.add(e.seat)
        if e.note == "lost the side show" and self.asks is not None:
            self.say(i, self.private_result(e.seat, *self.asks, "side show",
                                            "the one who asked loses a tie"))
        elif e.note and e.note.startswith("retires after a private exchange"):
            other = self.pair.get(e.seat, -1)
            self.say(i, self.private_result(e.seat, other, e.seat, "private exchange",
                                            f"exchange_tie={self.rules.exchange_tie}"))

    def private_result(self, loser: int, a: int, b: int, what: str, tie: str) -> str:
        winner = b if loser == a else a
        mine, theirs = self.private.get(loser), self.private.get(winner)
        if mine is None or theirs is None:
            return (f"{self.who(loser)} {self.verb(loser, 'lose')} the {what} with "
                    f"{self.who(winner)} and {self.verb(loser, 'fold')} (only those two saw "
                    "the hands)")
        sl, sw = strength_of(self.rules, mine), strength_of(self.rules, theirs)
        how = "the hands tie and " + tie if sl is not None and sl == sw else \
            f"{self.poss(winner)} {self.name(theirs)} beats {self.poss(loser)} {self.name(mine)}"
        return f"{self.who(loser)} {self.verb(loser, 'lose')} the {what}: {how}"

    def on_exchange(self, i: int, e: Event, events: Sequence[Event]) -> None:
        if e.seat is not None and e.note and e.note.startswith("with p"):
            self.pair[e.seat] = int(e.note[6:]) - 1
        if e.seat is not None and e.cards is not None and e.note and e.note.startswith("with"):
            self.private[e.seat] = _cards(e.cards)
            self.say(i, f"(private exchange) {self.who(e.seat)}: {cards_text(_cards(e.cards))}"
                        f", {self.name(_cards(e.cards))}")

    def on_reveal(self, i: int, e: Event, events: Sequence[Event]) -> None:
        if e.seat is None or e.cards is None:
            return
        cards = _cards(e.cards)
        if e.note == "side show":
            self.private[e.seat] = cards
            self.say(i, f"(side show, only the two players see it) {self.who(e.seat)}: "
                        f"{cards_text(cards)}, {self.name(cards)}")
            return
        if self.seer >= 0 and self.seen_seat < 0:
            self.seen_seat = e.seat
        if e.visible_to is None:
            self.public.append(e.seat)
        self.shown[e.seat] = cards
        text = name_hand(self.rules, cards, thirty_one=e.note == "P3")
        self.say(i, f"{self.who(e.seat)} {self.verb(e.seat, 'show')} {cards_text(cards)}: "
                    f"{text}")

    def on_carry(self, i: int, e: Event, events: Sequence[Event]) -> None:
        amount = _chips(e.amount or 0)
        if engine_of(self.rules.game) != "brag":
            if e.note:
                self.say(i, f"{amount} carried: {e.note}")
            return
        s = e.seat
        if self.face_up_deal and not self.stayed:
            self.say(i, f"the carried pot ({amount}) waits for the next deal")
            return
        text = (f"{self.who(s)} {self.verb(s, 'is')} the last one in but played blind, and a "
                f"blind hand left alone does not take the pot (blind_winner_policy="
                f"{self.rules.blind_winner_policy}): the {amount} are carried to the next deal")
        if self.rules.retained_variant == "two_hands":
            text += (f". {self.who(s).capitalize()} may retain the blind hand (it waits face "
                     "down; next deal it comes with a new hand: look old or look new looks at "
                     "one of them, then keep plays it, or throw gives it up for the other, "
                     "unseen) or release it (the cards go back to the pack)")
        else:
            text += (f". {self.who(s).capitalize()} may retain the blind hand (next deal it "
                     "is kept blind and a second hand is dealt face up: the others stay in "
                     "only with a hand that beats the face-up one, and if nobody stays the "
                     "antes are collected) or release it (the cards go back to the pack)")
        self.say(i, text)

    def on_retain(self, i: int, e: Event, events: Sequence[Event]) -> None:
        self.say(i, f"{self.who(e.seat)} {self.verb(e.seat, 'retain')} the blind hand: it is "
                    "kept face down and played in the next deal, with the carried pot")

    def on_release(self, i: int, e: Event, events: Sequence[Event]) -> None:
        why = " (it cannot pay the ante)" if e.note == "cannot pay the ante" else ""
        self.say(i, f"{self.who(e.seat)} {self.verb(e.seat, 'release')} the blind hand{why}: "
                    "its cards go back to the pack; any carried pot waits for the next deal")

    def on_bust(self, i: int, e: Event, events: Sequence[Event]) -> None:
        self.say(i, f"{self.who(e.seat)} {self.verb(e.seat, 'go')} over 31 ({e.amount}) and "
                    f"{self.verb(e.seat, 'is')} out of pool 3")

    def on_life(self, i: int, e: Event, events: Sequence[Event]) -> None:
        left = e.amount if e.amount is not None else 0
        self.say(i, f"{self.who(e.seat)} had the worst hand and {self.verb(e.seat, 'lose')} a "
                    f"life ({left} left)")

    def on_out(self, i: int, e: Event, events: Sequence[Event]) -> None:
        self.say(i, f"{self.who(e.seat)} {self.verb(e.seat, 'have')} no lives left and "
                    f"{self.verb(e.seat, 'is')} out")

    def on_settle(self, i: int, e: Event, events: Sequence[Event]) -> None:
        to = _to_seat(e.note)
        if e.seat is None or to is None:
            return
        if "dealer_pays_winner" in own_keys(self.rules):
            why = (f"the dealer did not win, so {self.who(e.seat)} {self.verb(e.seat, 'pay')} "
                   f"{self.who(to)} {_chips(e.amount or 0)} (dealer_pays_winner)")
        else:
            why = (f"{self.who(e.seat)} did not have the best hand and "
                   f"{self.verb(e.seat, 'pay')} {self.who(to)} the stake, "
                   f"{_chips(e.amount or 0)} (widow_scoring=stakes)")
        self.say(i, why)

    def on_penalty(self, i: int, e: Event, events: Sequence[Event]) -> None:
        to = _to_seat(e.note)
        if e.seat is not None and to is not None:
            self.say(i, f"the dealer lost holding a tricon or a sequence, so "
                        f"{self.who(e.seat)} {self.verb(e.seat, 'pay')} {self.who(to)} "
                        f"{_chips(e.amount or 0)} (banker_penalty_all)")

    def on_horse(self, i: int, e: Event, events: Sequence[Event]) -> None:
        self.say(i, f"{self.who(e.seat)} {self.verb(e.seat, 'buy')} a horse: one more life for "
                    f"{_chips(e.amount or 0)}, paid into the pool")

    def on_sweep(self, i: int, e: Event, events: Sequence[Event]) -> None:
        self.say(i, f"{self.who(e.seat)} {self.verb(e.seat, 'is')} the last with lives and "
                    f"{self.verb(e.seat, 'sweep')} the pool ({_chips(e.amount or 0)})")

    def on_award(self, i: int, e: Event, events: Sequence[Event]) -> None:
        if i <= self.done_award or e.seat is None:
            return
        group = [e]
        j = i + 1
        while j < len(events) and events[j].kind == "award" and events[j].note == e.note:
            group.append(events[j])
            j += 1
        self.done_award = j - 1
        winners = list(dict.fromkeys(g.seat for g in group if g.seat is not None))
        amount = sum(g.amount or 0 for g in group)
        self.say(j - 1, reason(self, e.note, winners, amount))
        self.champion = winners


def _split_deal(rules: Rules) -> bool:
    """Whether a seat's cards come in several deal events (the spec's ``split_deal``)."""
    return any(s.split_deal for s in specs() if s.name == rules.game)


def _to_seat(note: str | None) -> int | None:
    """The seat of a note ``to p3`` (0-based), else None."""
    if note and note.startswith("to p") and note[4:].isdigit():
        return int(note[4:]) - 1
    return None


def _which(note: str | None) -> str:
    return "the old (retained) hand" if note == "old" else "the new hand"


def _cards(ids: Sequence[int]) -> tuple[Card, ...]:
    return tuple(card_from_id(c) for c in ids)


def _chips(n: int) -> str:
    return f"{n} chip" if n == 1 else f"{n} chips"



class Narration:
    """The notes of a deal in progress, each given once: call :meth:`new` with the log as
    it grows; a log that does not extend the previous one starts a new deal.

    >>> from bragkit.rules import get_preset
    >>> from bragkit.engine.events import Event
    >>> n = Narration(0)
    >>> log = (Event("deal", 0), Event("deal", 1), Event("fold", 1))
    >>> n.new(get_preset("modern"), log[:2]), n.new(get_preset("modern"), log + (
    ...     Event("award", 0, 3, note="pot"),))
    ([], ['you take the pot (3 chips): everybody else folded'])
    """

    def __init__(self, reader: int | None, names: Sequence[str] | None = None) -> None:
        self.reader = reader
        self.names = names
        self.given = 0
        self.log: tuple[Event, ...] = ()

    def new(self, rules: Rules, events: Sequence[Event]) -> list[str]:
        """The texts of the notes not given yet for ``events`` (an empty log changes
        nothing: there is no deal on the table)."""
        return [n.text for n in self.new_notes(rules, events)]

    def new_notes(self, rules: Rules, events: Sequence[Event]) -> list[Note]:
        """The notes not given yet for ``events``, each with the index of its event."""
        if not events:
            return []
        log = tuple(events)
        if log[:len(self.log)] != self.log:
            self.given = 0
        self.log = log
        notes = explain(rules, log, self.reader, self.names)
        fresh = list(notes[self.given:])
        self.given = len(notes)
        return fresh
