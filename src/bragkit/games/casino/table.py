"""Casino 3 Card Brag hands of one player against the house at the one casino table
(:class:`~bragkit.games.casino.session.CasinoSession`), their hand histories
(:mod:`bragkit.games.casino.history`, the ``bragkit-history/1`` format,
``docs/history-format.md``, "Casino histories") and their replay (``brag replay``).

Each hand is a :class:`~bragkit.games.casino.state.CasinoState` on the one state contract,
started with its whole pack: the six cards on top (given in ``pack``, then ``shuffles``,
else sampled by ``random.Random(seed)``, :func:`~bragkit.games.casino.state.draw_hand_pack`)
are dealt when the player decides (``deal_step=False``, the format's hands; ``p1 deal`` in
a file is read too).  A table without a seed (``brag casino play``: an unpredictable
``secrets.SystemRandom``) writes the whole pack of each finished hand instead (as every
history writes its packs; files of six cards a hand, written before, load as ever), and only
once the hand is over.

:func:`replay_casino` re-plays a history (keeping every hand) and :func:`replay_casino_to`
writes its account hand by hand in bounded memory.  Like the other tables, a casino table
keeps only its ``keep_records`` most recent hands (:data:`~bragkit.engine.table.KEEP_RECORDS`
by default, ``None`` all: ``brag casino play`` keeps every one, as it saves the whole
history); ``hands_finished`` counts them all and ``on_hand`` sees each
:class:`~bragkit.games.casino.session.CasinoRecord` as its hand ends.

>>> from bragkit.games.casino.rules import CasinoRules
>>> t = CasinoSession.from_text(CasinoRules.preset("casino"), 100, seed=7)
>>> for move in ("p1 ante 10", "p1 pairbonus 5", "p1 play"):
...     t.apply_text(move)
>>> h = t.history()
>>> h.deals
(('p1 ante 10', 'p1 pairbonus 5', 'p1 play'),)
>>> replay_casino(loads_casino(dumps_casino(h))).summary()["stacks"] == [t.bankroll]
True
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol, TextIO

from bragkit.cards import format_cards
from bragkit.engine.pack import PACK_ONLY_SEED, new_rng
from bragkit.engine.serial import AccountWriter
from bragkit.errors import BragError, HistoryError, excerpt
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
from bragkit.games.casino.session import CasinoRecord, CasinoSession, Kept, OnCasinoRecord
from bragkit.games.casino.state import paid_chips

__all__ = ["CasinoHistory", "CasinoRecord", "CasinoReplay", "CasinoSession", "Kept",
           "casino_from_dict", "casino_pack_ok", "dumps_casino", "is_casino_spec",
           "load_casino", "loads_casino", "paid_chips", "play_casino_deals", "replay_casino",
           "replay_casino_to", "replay_history", "replay_table", "rules_of", "spec_of"]


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
    table: CasinoSession

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
    def unfinished(table: CasinoSession) -> dict[str, Any] | None:
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
    def totals(rules_spec: str | dict[str, Any], table: CasinoSession) -> dict[str, Any]:
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
                 more_packs: Iterator[str] | None = None) -> CasinoSession:
    """The casino table ``history`` starts (no action played yet): its hands not given are
    drawn from ``random.Random(seed)``, or with a pack and no seed from
    ``random.Random(PACK_ONLY_SEED)`` (the format's rule)."""
    if history.others:
        raise HistoryError(f"this casino history has {len(history.stacks)} seats: "
                           "bragkit.games.casino.seats_history replays it")
    rng = None if history.seed is not None else new_rng(PACK_ONLY_SEED)
    return CasinoSession.from_text(history.rules, history.bankroll, seed=history.seed,
                                   pack=history.pack, shuffles=history.shuffles,
                                   more_packs=more_packs, rng=rng, keep_records=keep_records,
                                   on_hand=on_record)


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
