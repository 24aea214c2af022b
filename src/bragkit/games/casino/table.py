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
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Generic, Protocol, TextIO, TypeVar, overload

from bragkit.cards import Card, format_cards, parse_cards
from bragkit.engine.actions import Action, LegalAction
from bragkit.engine.contract import Turn
from bragkit.engine.kinds import ActionKind
from bragkit.engine.pack import PACK_ONLY_SEED, new_rng
from bragkit.engine.serial import AccountWriter
from bragkit.engine.table import KEEP_RECORDS
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
from bragkit.games.casino.state import (
    CasinoState,
    draw_hand_pack,
    hand_pack,
    legal_text,
    paid_chips,
    parse_casino_move,
)

__all__ = ["CasinoHistory", "CasinoRecord", "CasinoReplay", "CasinoTable", "Kept",
           "casino_from_dict", "casino_pack_ok", "dumps_casino", "is_casino_spec",
           "load_casino", "loads_casino", "paid_chips", "play_casino_deals", "replay_casino",
           "replay_casino_to", "replay_history", "replay_table", "rules_of", "spec_of"]

_SPEC = "rules 4.9"
DECISIONS = (ActionKind.PLAY, ActionKind.FOLD)


# ---------------------------------------------------------------------------- the table
T = TypeVar("T")


class Kept(Sequence[T], Generic[T]):
    """The ``keep`` most recent items of a casino table, oldest first (``None``: all);
    :attr:`dropped` counts the older ones forgotten.

    >>> k: Kept[int] = Kept(2)
    >>> for x in range(5):
    ...     k.append(x)
    >>> list(k), k.dropped, k[-1], k == [3, 4], k[:1]
    ([3, 4], 3, 4, True, [3])
    """

    __slots__ = ("_items", "dropped", "keep")

    def __init__(self, keep: int | None) -> None:
        self.keep = keep
        self._items: deque[T] = deque(maxlen=keep)
        self.dropped = 0

    def append(self, item: T) -> None:
        """Add the newest item, forgetting the oldest one beyond ``keep``."""
        if self.keep is not None and len(self._items) == self.keep:
            self.dropped += 1
        self._items.append(item)

    def trim(self, size: int) -> None:
        """Forget the oldest items beyond ``size``."""
        while len(self._items) > size:
            self._items.popleft()
            self.dropped += 1

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[T]:
        return iter(self._items)

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            return list(self._items)[index]
        return self._items[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Kept):
            return self.dropped == other.dropped and list(self) == list(other)
        return isinstance(other, list) and list(self) == other

    def __repr__(self) -> str:
        return f"Kept(keep={self.keep}, kept={len(self)}, dropped={self.dropped})"


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


@dataclass
class CasinoTable:
    """Consecutive casino hands of one player (``p1``) against the house, from a bankroll.

    Each hand is ``p1 ante N`` (at most the bankroll), an optional ``p1 pairbonus N`` (at
    most what is left), then ``p1 play`` (a Play bet equal to the ante, which must be left
    too) or ``p1 fold``.  :meth:`cards` deals the current hand once its bets are in (the
    decision deals it otherwise); an illegal action raises
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
    """

    rules: CasinoRules
    start_bankroll: int
    seed: int | None = None
    pack: str | None = None
    shuffles: tuple[str, ...] = ()
    rng: random.Random | None = field(default=None, repr=False, compare=False)
    """The generator of the hands not given (default ``random.Random(seed)``, else an
    unpredictable ``secrets.SystemRandom()``: no default seed)."""
    keep_records: int | None = field(default=KEEP_RECORDS, repr=False, compare=False)
    """How many of the most recent hands :attr:`records`, :attr:`finished` and :attr:`dealt`
    keep (``None``: every one; a history needs them all)."""
    on_record: OnCasinoRecord | None = field(default=None, repr=False, compare=False)
    """Called with each hand's :class:`CasinoRecord` as it ends (or None)."""
    more_packs: Iterator[str] | None = field(default=None, repr=False, compare=False)
    """The cards of later hands, read one at a time once ``pack`` and ``shuffles`` are used
    (a streamed replay's ``"shuffles"``); then the generator."""
    deal_step: bool = field(default=False, repr=False, compare=False)
    """Whether the player deals (``p1 deal``) and decides with the cards seen, as the table
    contract plays (:class:`~bragkit.games.casino.state.CasinoState`'s ``deal_step``)."""
    bankroll: int = field(init=False)
    dealt: Kept[str] = field(init=False)
    """The whole pack, top card first (the six dealt on top: the player's three, then the
    dealer's), of the kept hands and of the hand in progress once dealt."""
    finished: Kept[CasinoHand] = field(init=False)
    """The kept settled hands, oldest first."""
    records: Kept[tuple[str, ...]] = field(init=False)
    """The kept hands' action strings, oldest first."""
    state: CasinoState = field(init=False)
    """The hand in progress (or the next one, its ante to stake), on the one state contract:
    it holds the hand's whole pack from its start (the six cards on top are dealt at the
    decision, :meth:`cards`), so every card is accounted for."""
    last_final: CasinoState | None = field(init=False, default=None, repr=False,
                                           compare=False)
    """The settled state of the latest finished hand (None before the first one ends)."""

    def __post_init__(self) -> None:
        keep = self.keep_records
        if keep is not None and (type(keep) is not int or keep < 0):
            raise BragError("keep_records must be a whole number >= 0 or None, not "
                            f"{excerpt(keep)}")
        self._rng = self.rng if self.rng is not None else new_rng(self.seed)
        self.bankroll = self.start_bankroll
        self.records = Kept(keep)
        self.finished = Kept(keep)
        self.dealt = Kept(None if keep is None else keep + 1)
        self._given_used = 0
        self.state = self._new_hand()

    @property
    def hands_finished(self) -> int:
        """How many hands were settled (the forgotten ones included)."""
        return self.records.dropped + len(self.records)

    @property
    def hands_dealt(self) -> int:
        """How many hands were dealt (the one in progress included, once it is dealt)."""
        return self.dealt.dropped + len(self.dealt)

    @property
    def secret_chance(self) -> bool:
        """Whether a hand was dealt from an unpredictable generator (``SystemRandom``; given
        packs are known to whoever gave them): then a history holds only finished hands and
        their cards."""
        return isinstance(self._rng, random.SystemRandom) and self.hands_dealt > self._given_used

    @property
    def staked(self) -> int:
        """Chips bet on the hand in progress (0 between hands)."""
        return self.ante + self.pair_plus

    def _given(self) -> str | None:
        """The cards given for the next hand (``pack``, ``shuffles``, ``more_packs``)."""
        k = self._given_used - (self.pack is not None)
        if k < 0:
            return self.pack
        if k < len(self.shuffles):
            return self.shuffles[k]
        return None if self.more_packs is None else next(self.more_packs, None)

    def _next_cards(self) -> tuple[Card, ...]:
        """The next hand's whole pack, top card first: its six cards (given, else sampled
        from the generator: :func:`~bragkit.games.casino.state.draw_hand_pack`, the one-seat
        table's chance), then the others in the pack's order (never dealt, so they draw
        nothing)."""
        given = self._given() if self._given_used == self.hands_dealt else None
        if given is None:
            return draw_hand_pack(self._rng)
        self._given_used += 1
        return hand_pack(parse_cards(given)[:6])

    def _new_hand(self) -> CasinoState:
        """The next hand's first state, its pack drawn now (none once the bankroll is spent:
        no hand can start)."""
        if self.bankroll < 1:
            return CasinoState.start(self.rules, self.bankroll, deal_step=self.deal_step)
        return CasinoState.start(self.rules, self.bankroll, self._next_cards(),
                                 deal_step=self.deal_step)

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

    # ------------------------------------------------------------ the table contract
    @property
    def n(self) -> int:
        """One seat, the player's (the house is not a seat)."""
        return 1

    @property
    def over(self) -> bool:
        """Whether no hand can start: the bankroll is empty between hands."""
        return self.state.is_over

    @property
    def whose_turn(self) -> Turn:
        """The player's seat (0), or OVER once the bankroll is empty."""
        return self.state.whose_turn

    @property
    def to_act(self) -> int:
        """0 while the player can act, else -1."""
        return self.state.to_act

    @property
    def deal_no(self) -> int:
        """The number of the hand in progress (0-based)."""
        return self.hands_finished

    @property
    def stacks(self) -> tuple[int, ...]:
        """The player's chips off the table."""
        return (self.bankroll - self.staked,)

    @property
    def total(self) -> int:
        """The player's chips, on the table and off."""
        return self.bankroll

    def chips_on_table(self) -> int:
        """Chips bet on the hand in progress."""
        return self.staked

    def current_actions(self) -> tuple[str, ...]:
        """The action strings of the hand in progress."""
        return tuple(self.current)

    def legal_actions(self) -> tuple[LegalAction, ...]:
        """What the player may do now (the state's legal actions, exact bounds and costs)."""
        return self.state.legal_actions()

    def cards(self) -> CasinoHand:
        """The current hand, dealt now if it is not yet (its ante must be staked)."""
        if self.state.hand is None:
            if not self.state.ante:
                raise IllegalActionError(f"a hand starts with the ante: p1 ante N ({_SPEC})")
            if self.deal_step:  # the player's deal, in the action log
                self.apply(Action(ActionKind.DEAL))
            else:
                self.state = self.state.deal()
                self.dealt.append(format_cards(self.state.cards))
        hand = self.state.hand
        assert hand is not None
        return hand

    def legal(self) -> str:
        """The actions on offer now, as text."""
        return legal_text(self.state)

    def apply_text(self, text: str) -> None:
        """Apply one history action string such as ``"p1 ante 10"``."""
        self.apply(parse_casino_move(text, self.state))

    def apply_move(self, seat: int, action: Action) -> None:
        """:meth:`apply` by ``seat``, which must be the player's (0)."""
        if seat != 0:
            raise IllegalActionError(f"there is no seat p{seat + 1}: casino brag is one "
                                     f"player (p1) against the dealer ({_SPEC})")
        self.apply(action)

    def apply(self, action: Action) -> None:
        """Play the player's ``action`` on the hand in progress (the decision deals the
        cards if they are not yet); an illegal one raises and changes nothing."""
        state = self.state
        done = state.apply(action)
        if state.hand is None and done.hand is not None:  # this action dealt the cards
            self.dealt.append(format_cards(done.cards))
        if not done.is_over:
            self.state = done
            return
        settled = done.hand
        assert settled is not None and settled.settlement is not None
        self.bankroll += paid_chips(settled.settlement)
        actions = tuple(done.action_strings())
        number, cards = self.hands_finished, self.dealt[-1]
        self.finished.append(settled)
        self.records.append(actions)
        self.dealt.trim(len(self.records))  # the cards of the kept hands only
        self.last_final = done
        self.state = self._new_hand()
        if self.on_record is not None:
            self.on_record(CasinoRecord(number, actions, settled, cards, self.bankroll))

    def history(self, *, finished_only: bool = False) -> CasinoHistory:
        """The history of every hand (the one in progress too unless ``finished_only`` or
        the cards are :attr:`secret_chance`).  A seeded table writes its seed (and given
        packs); any other writes the whole pack of each hand (``"pack"``, ``"shuffles"``).
        """
        if self.records.dropped or self.dealt.dropped:
            raise HistoryError(f"this casino table kept only its last {len(self.records)} "
                               f"hands (keep_records={self.keep_records}), so its history "
                               "cannot be saved: open it with keep_records=None, or save each "
                               "hand as it ends (on_record)")
        finished_only = finished_only or self.secret_chance
        deals = list(self.records)
        if self.current and not finished_only:
            deals.append(tuple(self.current))
        pack, shuffles = self.pack, self.shuffles
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
        for number, (hand, actions) in enumerate(zip(table.finished, table.records,
                                                     strict=True)):
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
