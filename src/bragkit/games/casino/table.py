"""The casino table: consecutive casino 3 Card Brag hands of one player against the house,
their hand histories (:mod:`bragkit.games.casino.history`, the ``bragkit-history/1`` format,
``docs/history-format.md``, "Casino histories") and their replay (``brag replay``).

Each hand of a :class:`CasinoTable` is a :class:`~bragkit.games.casino.state.CasinoState`
on the one state contract, started with its whole pack: the six cards on top (given in
``pack``, then ``shuffles``, else sampled by ``random.Random(seed)``) are dealt when the
player decides.  A table without a seed (``brag casino play``: an unpredictable
``secrets.SystemRandom``) writes the whole pack of each finished hand instead (as every
history writes its packs; files of six cards a hand, written before, load as ever), and only
once the hand is over.  :class:`~bragkit.games.casino.session.CasinoSession` plays the same
hands, dealt by the same chance (:func:`~bragkit.games.casino.state.draw_hand_pack`), as a
:class:`~bragkit.engine.table.TableCore` behind the generic
:class:`~bragkit.engine.contract.GameTable` contract (:func:`~bragkit.engine.table.open_table`).

:func:`replay_casino` re-plays a history (keeping every hand) and :func:`replay_casino_to`
writes its account hand by hand in bounded memory.  Like the other tables, a
:class:`CasinoTable` keeps only its ``keep_records`` most recent hands
(:data:`~bragkit.engine.table.KEEP_RECORDS` by default, ``None`` all: ``brag casino play``
keeps every one, as it saves the whole history); :attr:`CasinoTable.hands_finished` counts
them all and ``on_record`` sees each :class:`CasinoRecord` as its hand ends.

>>> t = CasinoTable(CasinoRules.preset("casino"), 100, seed=7)
>>> for move in ("p1 ante 10", "p1 pairbonus 5", "p1 play"):
...     t.apply_text(move)
>>> h = t.history()
>>> h.deals
(('p1 ante 10', 'p1 pairbonus 5', 'p1 play'),)
>>> replay_casino(loads_casino(dumps_casino(h))).summary()["stacks"] == [t.bankroll]
True
"""

from __future__ import annotations

import random
import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import chain
from typing import Any, Generic, Protocol, TextIO, TypeVar, overload

from bragkit.cards import card_from_id, format_cards, parse_cards
from bragkit.engine.actions import Action
from bragkit.engine.kinds import ActionKind
from bragkit.engine.pack import PACK_ONLY_SEED, new_rng
from bragkit.engine.serial import AccountWriter
from bragkit.engine.table import KEEP_RECORDS, DealRecord
from bragkit.errors import BragError, HistoryError, IllegalActionError, excerpt
from bragkit.games.casino.hand import CasinoHand
from bragkit.games.casino.history import (
    CasinoHistory,
    casino_from_dict,
    casino_pack_ok,
    dumps_casino,
    is_casino_spec,
    load_casino,
    loads_casino,
    rules_of,
    spec_of,
)
from bragkit.games.casino.rules import CasinoRules
from bragkit.games.casino.session import CasinoSession
from bragkit.games.casino.state import (
    CasinoState,
    legal_text,
    paid_chips,
)

__all__ = ["CasinoHistory", "CasinoRecord", "CasinoReplay", "CasinoTable", "Kept",
           "casino_from_dict", "casino_pack_ok", "dumps_casino", "is_casino_spec",
           "load_casino", "loads_casino", "paid_chips", "play_casino_deals", "replay_casino",
           "replay_casino_to", "replay_history", "replay_table", "rules_of", "spec_of"]

_SPEC = "rules 4.9"
DECISIONS = (ActionKind.PLAY, ActionKind.FOLD)


# ---------------------------------------------------------------------------- the table
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class CasinoRecord:
    """One finished casino hand: its number (0-based), action strings, the settled hand,
    its whole pack as text (top card first: the six dealt, the player's three first) and the
    bankroll after it."""

    number: int
    actions: tuple[str, ...]
    hand: CasinoHand
    cards: str
    bankroll: int


OnCasinoRecord = Callable[[CasinoRecord], None]
"""A callback a casino table calls with each hand's :class:`CasinoRecord` as it ends."""


class Kept(Sequence[T], Generic[T]):
    """A read-only view of a table's kept items, oldest first; :attr:`dropped` counts the
    older ones forgotten (the table's own records and packs: nothing is kept twice)."""

    __slots__ = ("_get", "_items", "dropped")

    def __init__(self, items: Sequence[object], dropped: int,
                 get: Callable[[object], T]) -> None:
        self._items, self.dropped, self._get = items, dropped, get

    def __len__(self) -> int:
        return len(self._items)

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            return [self._get(item) for item in self._items[index]]
        return self._get(self._items[index])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    def __repr__(self) -> str:
        return f"Kept(kept={len(self)}, dropped={self.dropped})"


def _hand_of(record: object) -> CasinoHand:
    """The settled hand of a kept :class:`~bragkit.engine.table.DealRecord`."""
    assert isinstance(record, DealRecord)
    final: CasinoState = record.final
    hand = final.hand
    assert hand is not None
    return hand


def _pack_text(pack: object) -> str:
    assert isinstance(pack, tuple)
    return format_cards(tuple(card_from_id(c) for c in pack))


def _ids(text: str) -> tuple[int, ...]:
    """A given pack's text (six cards or more, top first) as card ids."""
    return tuple(c.id for c in parse_cards(text))


class CasinoTable(CasinoSession):
    """Consecutive casino hands of one player (``p1``) against the house, from a bankroll:
    the one-seat :class:`~bragkit.games.casino.session.CasinoSession` (a
    :class:`~bragkit.engine.table.TableCore`: its seating, stacks, packs and deal records)
    in the words of the one-seat history format.

    Each hand is ``p1 ante N`` (at most the bankroll), an optional ``p1 pairbonus N`` (at
    most what is left), then ``p1 play`` (a Play bet equal to the ante, which must be left
    too) or ``p1 fold``: the decision deals the cards (``deal_step=False``, the format's
    hands) unless :meth:`cards` dealt them first.  ``pack`` and ``shuffles`` are card text
    (six cards a hand), then ``more_packs`` (read one at a time), then the generator;
    ``on_record`` sees each hand's :class:`CasinoRecord`.  An illegal action raises
    :class:`~bragkit.errors.IllegalActionError` and changes nothing.

    >>> t = CasinoTable(CasinoRules.preset("casino"), 15, pack="Qs Qd 4c Qh 7d 2s")
    >>> t.apply_text("p1 ante 10")
    >>> t.apply_text("p1 play")
    Traceback (most recent call last):
    ...
    bragkit.errors.IllegalActionError: the Play bet equals the ante (10 chips) but only 5 \
are left (rules 4.9)
    >>> t.apply_text("p1 fold"); t.bankroll, t.finished[0].settlement.outcome
    (5, 'fold')
    >>> t.records[0].actions, t.last_final.returns(), t.packs_count
    (('p1 ante 10', 'p1 fold'), (-10,), 2)
    """

    def __init__(self, rules: CasinoRules, start_bankroll: int, seed: int | None = None,
                 pack: str | None = None, shuffles: tuple[str, ...] = (),
                 rng: random.Random | None = None, keep_records: int | None = KEEP_RECORDS,
                 on_record: OnCasinoRecord | None = None,
                 more_packs: Iterator[str] | None = None, deal_step: bool = False) -> None:
        if keep_records is not None and (type(keep_records) is not int or keep_records < 0):
            raise BragError("keep_records must be a whole number >= 0 or None, not "
                            f"{excerpt(keep_records)}")
        self.deal_step = deal_step
        self.given_text = (pack, tuple(shuffles))
        """The given packs as text (a seeded table's history writes them as given)."""
        later = (_ids(text) for text in chain(shuffles, more_packs or ()))
        self.on_hand = on_record
        super().__init__(rules, [start_bankroll], seed=seed, rng=rng,
                         pack=None if pack is None else _ids(pack), shuffles=later,
                         keep_records=keep_records,
                         on_record=None if on_record is None else self._hand_ended)

    def _hand_ended(self, record: DealRecord, final: object) -> None:
        """Hand each finished hand to ``on_record`` as a :class:`CasinoRecord`."""
        assert isinstance(final, CasinoState) and self.on_hand is not None
        hand = final.hand
        assert hand is not None
        self.on_hand(CasinoRecord(record.number, record.actions, hand,
                                  format_cards(final.cards), final.total))

    @property
    def start_bankroll(self) -> int:
        """The bankroll the table started with."""
        return self.start_stacks[0]

    @property
    def bankroll(self) -> int:
        """The player's chips, on the table and off (they move when a hand settles)."""
        return self.state.total

    @property
    def finished(self) -> Kept[CasinoHand]:
        """The kept settled hands, oldest first (each re-played from its record)."""
        return Kept(self.records, self.records.dropped, _hand_of)

    @property
    def dealt(self) -> Kept[str]:
        """The whole pack, top card first (the six dealt on top: the player's three, then
        the dealer's), of the kept hands and of the hand in progress once dealt."""
        packs = self.packs_used
        if self.packs_count > self.packs_finished and self.state.hand is None:
            packs = packs[:-1]  # the hand in progress is not dealt yet
        return Kept(packs, self.packs_dropped, _pack_text)

    @property
    def hands_finished(self) -> int:
        """How many hands were settled (the forgotten ones included)."""
        return self.deal_no

    @property
    def hands_dealt(self) -> int:
        """How many hands were dealt (the one in progress included, once it is dealt)."""
        return self.deal_no + (self.state.hand is not None)

    @property
    def secret_chance(self) -> bool:
        """Whether a hand was dealt from an unpredictable generator (``SystemRandom``; given
        packs are known to whoever gave them): then a history holds only finished hands and
        their cards."""
        given = min(self.packs_given, self.packs_count)
        return isinstance(self.rng, random.SystemRandom) and self.hands_dealt > given

    @property
    def staked(self) -> int:
        """Chips bet on the hand in progress (0 between hands)."""
        return self.state.staked

    @property
    def ante(self) -> int:
        """The ante of the hand in progress (0 before it is staked)."""
        return self.state.ante

    @property
    def pair_plus(self) -> int:
        """The Pair Bonus of the hand in progress (0 if none)."""
        return self.state.pair_plus

    @property
    def hand(self) -> CasinoHand | None:
        """The hand in progress once its cards are dealt, else None."""
        return self.state.hand

    @property
    def current(self) -> list[str]:
        """The action strings of the hand in progress."""
        return self.state.action_strings()

    def cards(self) -> CasinoHand:
        """The current hand, dealt now if it is not yet (its ante must be staked)."""
        if self.state.hand is None:
            if not self.state.ante:
                raise IllegalActionError(f"a hand starts with the ante: p1 ante N ({_SPEC})")
            if self.deal_step:  # the player's deal, in the action log
                self.apply(Action(ActionKind.DEAL))
            else:
                self.state = self.state.deal()
        hand = self.state.hand
        assert hand is not None
        return hand

    def legal(self) -> str:
        """The actions on offer now, as text."""
        return legal_text(self.state)

    def history(self, *, finished_only: bool = False) -> CasinoHistory:
        """The history of every hand (the one in progress too unless ``finished_only`` or
        the cards are :attr:`secret_chance`).  A seeded table writes its seed (and given
        packs, as given); any other writes the whole pack of each hand (``"pack"``,
        ``"shuffles"``)."""
        if self.records.dropped or self.packs_dropped:
            raise HistoryError(f"this casino table kept only its last {len(self.records)} "
                               f"hands (keep_records={self.records.keep}), so its history "
                               "cannot be saved: open it with keep_records=None, or save each "
                               "hand as it ends (on_record)")
        finished_only = finished_only or self.secret_chance
        deals = [record.actions for record in self.records]
        if self.current and not finished_only:
            deals.append(tuple(self.current))
        pack, shuffles = self.given_text
        if self.seed is None:
            dealt = self.dealt[:self.hands_finished] if finished_only else list(self.dealt)
            pack, shuffles = (dealt[0] if dealt else None), tuple(dealt[1:])
        return CasinoHistory(self.rules, spec_of(self.rules), self.start_bankroll, self.seed,
                             pack, shuffles, tuple(deals))



# ---------------------------------------------------------------------------- replay
def _winners(hand: CasinoHand) -> list[str]:
    s = hand.settlement
    assert s is not None
    main = Fraction(s.ante) + Fraction(s.play)
    return ["p1"] if main > 0 else ["dealer"] if main < 0 else []


@dataclass
class CasinoReplay:
    """A re-played casino history: the table after every hand."""

    history: CasinoHistory
    table: CasinoTable

    @staticmethod
    def hand_summary(record: CasinoRecord) -> dict[str, Any]:
        """One finished hand as a JSON-ready dict (an element of ``summary()["deals"]``)."""
        hand = record.hand
        s = hand.settlement
        assert s is not None
        return {
            "number": record.number + 1, "dealer": "house",
            "hands": {"p1": format_cards(hand.player), "dealer": format_cards(hand.dealer)},
            "shown": {"p1": format_cards(hand.player), "dealer": format_cards(hand.dealer)},
            "actions": list(record.actions), "ante": hand.ante, "pair_bonus": hand.pair_plus,
            "decision": hand.actions[-1].value, "outcome": s.outcome,
            "winners": _winners(hand), "results": s.as_dict(), "net": {"p1": paid_chips(s)},
            "bankroll": record.bankroll, "finished": True,
        }

    @staticmethod
    def unfinished(table: CasinoTable) -> dict[str, Any] | None:
        """The hand in progress at the end of a history as a dict (None if there is none)."""
        if not table.current:
            return None
        return {
            "number": table.hands_finished + 1, "dealer": "house", "hands": {}, "shown": {},
            "actions": list(table.current), "ante": table.ante,
            "pair_bonus": table.pair_plus, "decision": None, "outcome": None,
            "winners": [], "results": None, "net": {"p1": 0}, "bankroll": table.bankroll,
            "finished": False,
        }

    @staticmethod
    def totals(rules_spec: str | dict[str, Any], table: CasinoTable) -> dict[str, Any]:
        """The summary's keys but ``"deals"``, in order (``stacks`` ... ``over``)."""
        stacks = [table.bankroll - table.staked]
        return {"rules": rules_spec, "game": "casino", "stacks": stacks,
                "stacks_by_seat": {"p1": stacks[0]}, "pot": table.staked,
                "debts": [], "over": table.bankroll < 1}

    def summary(self) -> dict[str, Any]:
        """The replay as a JSON-ready dict (``stacks``, ``pot``, ``deals``); it holds every
        hand (:func:`replay_casino_to` writes the same hand by hand, in bounded memory)."""
        table = self.table
        if table.records.dropped:
            raise HistoryError("this replay kept only its last hands: replay it with "
                               "keep_records=None for the summary of every hand")
        bankroll = self.history.bankroll
        deals: list[dict[str, Any]] = []
        for number, (hand, record) in enumerate(zip(table.finished, table.records,
                                                    strict=True)):
            actions = record.actions
            assert hand.settlement is not None
            bankroll += paid_chips(hand.settlement)
            deals.append(self.hand_summary(CasinoRecord(number, actions, hand, "", bankroll)))
        last = self.unfinished(table)
        if last is not None:
            deals.append(last)
        totals = self.totals(self.history.rules_spec, table)
        return {**{k: totals[k] for k in ("rules", "game", "stacks", "stacks_by_seat", "pot")},
                "deals": deals, "debts": totals["debts"], "over": totals["over"]}

    @staticmethod
    def hand_lines(deal: dict[str, Any]) -> list[str]:
        """The lines of :meth:`text` for one hand's dict."""
        lines = [f"Hand {deal['number']}"]
        for seat, cards in deal["hands"].items():
            lines.append(f"  {seat}: {cards}")
        lines.extend(f"    {action}" for action in deal["actions"])
        if deal["finished"]:
            lines.append(f"  {deal['outcome'].replace('_', ' ')}: net {deal['net']['p1']:+d}"
                         f", bankroll {deal['bankroll']}")
        else:
            lines.append("  (hand in progress)")
        return lines

    @staticmethod
    def footer(totals: dict[str, Any]) -> str:
        """The last line of :meth:`text`: the bankroll and the chips on the table."""
        return f"Bankroll: p1 {totals['stacks'][0]}; chips on the table: {totals['pot']}"

    def text(self) -> str:
        """A readable account of the replay."""
        data = self.summary()
        lines = [line for deal in data["deals"] for line in self.hand_lines(deal)]
        lines.append(self.footer(data))
        return "\n".join(lines)


def replay_table(history: CasinoHistory, *, keep_records: int | None = None,
                 on_record: OnCasinoRecord | None = None,
                 more_packs: Iterator[str] | None = None) -> CasinoTable:
    """The casino table ``history`` starts (no action played yet): its hands not given are
    drawn from ``random.Random(seed)``, or with a pack and no seed from
    ``random.Random(PACK_ONLY_SEED)`` (the format's rule)."""
    if history.others:
        raise HistoryError(f"this casino history has {len(history.stacks)} seats: "
                           "bragkit.games.casino.seats_history replays it")
    rng = None if history.seed is not None else new_rng(PACK_ONLY_SEED)
    return CasinoTable(history.rules, history.bankroll, history.seed, history.pack,
                       history.shuffles, rng, keep_records, on_record, more_packs)


class TextTable(Protocol):
    """A casino table that takes history action strings (one seat's or several seats')."""

    def apply_text(self, text: str) -> object: ...


def play_casino_deals(table: TextTable, deals: Iterable[Sequence[str]],
                      finished: Callable[[], int]) -> None:
    """Apply every hand's action strings to ``table`` in order (every hand but the last
    must finish); a malformed or illegal action raises one HistoryError naming it.
    ``finished()`` counts the table's hands over (one seat's ``hands_finished``, several
    seats' ``deal_no``)."""
    last: int | None = None
    for d, actions in enumerate(deals):
        if last is not None and finished() == last:
            raise HistoryError(f"deal {last + 1} is not finished (it ends with play or fold) "
                               f"but deal {d + 1} follows")
        last = d
        for i, text in enumerate(actions):
            where = f"deal {d + 1}, action {i + 1} ({excerpt(text, quote=False)})"
            if finished() != d:
                raise HistoryError(f"{where}: hand {d + 1} is already over; this action "
                                   "belongs to no hand")
            try:
                table.apply_text(text)
            except BragError as error:
                raise HistoryError(f"{where}: {error}") from None


def replay_casino(history: CasinoHistory, *, keep_records: int | None = None
                  ) -> CasinoReplay:
    """Re-play a casino history; any malformed or illegal action raises one HistoryError.
    The table keeps every hand (``keep_records=None``) for :meth:`CasinoReplay.summary`.

    >>> h = loads_casino('{"rules": "casino", "stacks": [50], "seed": 1, '
    ...                  '"deals": [["p1 ante 10", "p1 raise"]]}')
    >>> replay_casino(h)
    Traceback (most recent call last):
    ...
    bragkit.errors.HistoryError: deal 1, action 2 (p1 raise): 'raise' is not a casino action \
(ante N, pairbonus N, play, fold); legal now: pairbonus 1..40, play, fold
    """
    table = replay_table(history, keep_records=keep_records)
    play_casino_deals(table, history.deals, lambda: table.hands_finished)
    return CasinoReplay(history, table)


def replay_casino_to(out: TextIO, history: CasinoHistory, *, as_json: bool = False,
                     deals: Iterable[Sequence[str]] | None = None,
                     more_packs: Iterator[str] | None = None) -> None:
    """Re-play ``history`` and write its account to ``out`` hand by hand: the text of
    :meth:`CasinoReplay.text`, or with ``as_json`` the JSON of :meth:`CasinoReplay.summary`,
    byte for byte, keeping no hand once it is written.  ``deals`` (default
    ``history.deals``) and ``more_packs`` (the cards of the hands after ``history.shuffles``)
    may be read lazily, as ``brag replay`` does.

    >>> import io
    >>> h = loads_casino('{"rules": "casino", "stacks": [50], "seed": 1, '
    ...                  '"deals": [["p1 ante 10", "p1 fold"], ["p1 ante 5"]]}')
    >>> out = io.StringIO()
    >>> replay_casino_to(out, h)
    >>> out.getvalue() == replay_casino(h).text() + "\\n"
    True
    """
    with tempfile.SpooledTemporaryFile(max_size=1 << 20, mode="w+", encoding="utf-8") as spool:
        writer = _CasinoWriter(out, spool, as_json)
        table = replay_table(history, keep_records=0, on_record=writer.hand,
                             more_packs=more_packs)
        play_casino_deals(table, history.deals if deals is None else deals,
                          lambda: table.hands_finished)
        last = CasinoReplay.unfinished(table)
        if last is not None:
            writer.write(last)
        writer.close(CasinoReplay.totals(history.rules_spec, table))


def replay_history(out: TextIO, text: str, *, as_json: bool, head: str | None = None,
                   deals: Callable[[], Iterator[object]] | None = None,
                   packs: Callable[[], Iterator[object]] | None = None) -> None:
    """Casino's :class:`~bragkit.games.spec.HistoryReader` (``brag replay``): re-play the
    history ``text`` hand by hand with :func:`replay_casino_to`.  With ``head`` (the text
    without its ``"deals"`` and ``"shuffles"``), the hands and packs are read one at a time
    from ``deals()`` and ``packs()``, the packs checked first, one at a time, so a bad one
    gets the loader's error in full.

    >>> import io
    >>> out = io.StringIO()
    >>> replay_history(out, '{"rules": "casino", "stacks": [50], "seed": 1, '
    ...                '"deals": [["p1 ante 10", "p1 fold"]]}', as_json=False)
    >>> out.getvalue().splitlines()[-1]
    'Bankroll: p1 40; chips on the table: 0'
    """
    if head is None:
        replay_casino_to(out, loads_casino(text), as_json=as_json)
        return
    if packs is not None and not all(casino_pack_ok(p) for p in packs()):
        replay_casino_to(out, loads_casino(text), as_json=as_json)  # raises, naming it
        return
    header = loads_casino(head)
    hands: Iterable[Sequence[str]] = header.deals
    if deals is not None:
        hands = (_strings(deal) for deal in deals())
    more = None if packs is None else (str(p) for p in packs())
    replay_casino_to(out, header, as_json=as_json, deals=hands, more_packs=more)


def _strings(deal: object) -> list[str]:
    """One hand's action list as the streamed reader decodes it (a list of strings)."""
    if not isinstance(deal, list) or not all(isinstance(a, str) for a in deal):
        raise HistoryError('bad history: "deals" must be a list of action lists')
    return deal


class _CasinoWriter(AccountWriter):
    """Writes each hand's account as it ends (JSON: to a spool, copied out at the end)."""

    def hand(self, record: CasinoRecord) -> None:
        """Write one finished hand (an ``on_record`` callback)."""
        self.write(CasinoReplay.hand_summary(record))

    def write(self, deal: dict[str, Any]) -> None:
        """Write one hand's dict."""
        self.deal(deal, CasinoReplay.hand_lines)

    def close(self, totals: dict[str, Any]) -> None:
        """Write the end: the footer, or the JSON object around the spooled hands."""
        if not self.as_json:
            self.out.write(CasinoReplay.footer(totals) + "\n")
            return
        self.close_json({key: totals[key] for key in ("rules", "game", "stacks",
                                                       "stacks_by_seat", "pot")},
                        {key: totals[key] for key in ("debts", "over")})
