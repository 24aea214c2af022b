"""Casino hand histories in the one bragkit hand-history format (``bragkit-history/1``,
``docs/history-format.md``, "Casino histories"): the parsed value, load, validate, dump.

A casino history names a casino preset in ``"rules"`` (``"casino"``, ``"three-card-poker"``
or ``{"preset": "casino", "casino_tie": "dealer", ...}``), has one bankroll in ``"stacks"``
(or one stack per seat: a table of several players against one dealer, as the card room
plays it) and one action list per hand in ``"deals"``.  Its cards are the format's: ``"seed"``, or
``"pack"`` (the first hand's pack, top card first) and ``"shuffles"`` (the later hands'
packs, in order).  A hand is dealt from the top of its pack: three cards to ``p1``, then
three to the dealer.  Today's writer writes whole 52-card packs, as every other game's
history does; files written before it hold only the six cards of each hand, and load as
they always did (any text of at least six cards is a hand's pack).

>>> h = loads_casino('{"rules": "casino", "stacks": [50], "pack": "Qs Qd 4c Qh 7d 2s", '
...                  '"deals": [["p1 ante 10", "p1 play"]]}')
>>> h.bankroll, h.pack, h.deals
(50, 'Qs Qd 4c Qh 7d 2s', (('p1 ante 10', 'p1 play'),))
>>> len(whole_pack("Qs Qd 4c Qh 7d 2s").split())
52
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bragkit.cards import format_cards, parse_cards, standard_pack
from bragkit.engine.serial import (
    chance_fields,
    check_head,
    deal_lists,
    dump_object,
    history_dict,
    json_object,
)
from bragkit.errors import BragError, HistoryError
from bragkit.games.casino.rules import MAX_SEATS as _MAX_SEATS
from bragkit.games.casino.rules import PRESETS, CasinoRules

if TYPE_CHECKING:
    from bragkit.games.spec import OwnHistory

__all__ = ["CasinoHistory", "casino_from_dict", "casino_pack_ok", "dumps_casino",
           "is_casino_spec", "load_casino", "loads_casino", "rules_of", "spec_of",
           "whole_pack"]


def whole_pack(six: str) -> str:
    """The whole pack, top card first, of a hand dealt ``six`` (its six cards on top, then
    the other 46 in the pack's own order: they are never dealt).

    >>> whole_pack("Qs Qd 4c Qh 7d 2s").split()[5:8]
    ['2s', '2c', '2d']
    """
    top = parse_cards(six)[:6]
    placed = set(top)
    return format_cards((*top, *(c for c in standard_pack() if c not in placed)))


def is_casino_spec(spec: object) -> bool:
    """Whether a history's ``"rules"`` names a casino preset.

    >>> is_casino_spec("casino"), is_casino_spec({"preset": "three-card-poker"})
    (True, True)
    >>> is_casino_spec("modern"), is_casino_spec({"ante": 2})
    (False, False)
    """
    name = spec.get("preset") if isinstance(spec, dict) else spec
    return isinstance(name, str) and name in PRESETS


def rules_of(spec: str | dict[str, Any]) -> CasinoRules:
    """The casino rules of a ``"rules"`` value (a preset or ``{"preset": ..., key: value}``).

    >>> rules_of({"preset": "casino", "casino_tie": "dealer"}).casino_tie
    'dealer'
    """
    if isinstance(spec, str):
        return CasinoRules.preset(spec)
    overrides = {k: v for k, v in spec.items() if k != "preset"}
    return CasinoRules.preset(str(spec["preset"]), **overrides)


def spec_of(rules: CasinoRules) -> str | dict[str, Any]:
    """The rules as a preset name, or the preset and the keys that differ from it.

    >>> spec_of(CasinoRules.preset("casino", qualifier="pair"))
    {'preset': 'casino', 'qualifier': 'pair'}
    """
    base = CasinoRules.preset(rules.preset_name).as_dict()
    mine = rules.as_dict()
    changed = {k: v for k, v in mine.items() if v != base[k]}  # never preset or ranking
    return {"preset": rules.preset_name, **changed} if changed else rules.preset_name


# ---------------------------------------------------------------------------- the history
@dataclass(frozen=True, slots=True)
class CasinoHistory:
    """A parsed casino history: rules, the bankroll, the cards' source and the hands."""

    rules: CasinoRules
    rules_spec: str | dict[str, Any]
    bankroll: int
    seed: int | None
    pack: str | None
    shuffles: tuple[str, ...]
    deals: tuple[tuple[str, ...], ...]
    others: tuple[int, ...] = ()
    """The stacks of the seats after ``p1`` at a table of several players (a card-room
    table, :mod:`bragkit.games.casino.seats`); ``()`` for one player."""

    @property
    def stacks(self) -> tuple[int, ...]:
        """Each seat's stack, ``p1``'s bankroll first (the house has none)."""
        return (self.bankroll, *self.others)

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of this history (the house deals: no ``"dealer"``)."""
        return history_dict(self.rules_spec, self.stacks, None, self.seed, self.pack,
                            self.shuffles, self.deals)


def _pack_ok(text: object, where: str, problems: list[str]) -> None:
    if not isinstance(text, str):
        problems.append(f"{where} must be a text of cards, top card first")
        return
    try:
        cards = parse_cards(text)
    except BragError as error:
        problems.append(f"{where}: {error}")
        return
    if len(cards) < 6 or any(c.is_joker for c in cards):
        problems.append(f"{where}: a casino hand needs 6 cards without jokers (3 for the "
                        "player, then 3 for the dealer)")


def casino_pack_ok(text: object) -> bool:
    """Whether ``text`` is the cards of a casino hand as a history's ``"shuffles"`` holds
    them (the loader's check, for one text).

    >>> casino_pack_ok("Qs Qd 4c Qh 7d 2s"), casino_pack_ok("Qs Qd"), casino_pack_ok(5)
    (True, False, False)
    """
    problems: list[str] = []
    _pack_ok(text, "", problems)
    return not problems


def casino_from_dict(data: dict[str, Any]) -> CasinoHistory:
    """Validate the decoded JSON object of a casino history (every problem in one error)."""
    problems: list[str] = []
    check_head(data, problems, {"dealer": '"dealer": the house deals every casino hand; '
                                          "leave it out",
                                "split": '"split": a casino table carries no pot to split; '
                                         "leave it out"})
    spec = data["rules"]
    rules: CasinoRules | None = None
    try:
        rules = rules_of(spec)
    except BragError as error:
        problems.append(f'"rules": {error}')
    stacks = data.get("stacks")
    bankroll = 0
    others: tuple[int, ...] = ()
    if (not isinstance(stacks, list) or not 1 <= len(stacks) <= _MAX_SEATS
            or not all(isinstance(s, int) and not isinstance(s, bool) and s >= 0
                       for s in stacks)):
        problems.append(f'"stacks" must be 1..{_MAX_SEATS} whole numbers >= 0 (the player\'s '
                        "bankroll, or each seat's at a table of several; the house has no "
                        "stack)")
    else:
        bankroll, others = stacks[0], tuple(stacks[1:])
    seed, pack, shuffles = chance_fields(data, problems)
    if isinstance(pack, str):
        _pack_ok(pack, '"pack"', problems)
    for i, text in enumerate(shuffles):
        _pack_ok(text, f'"shuffles" {i + 1}', problems)
    deals = deal_lists(data, problems, "p1 ante 10")
    if problems or rules is None:
        raise HistoryError("bad history: " + "; ".join(problems))
    return CasinoHistory(rules, spec, bankroll, seed, pack, tuple(shuffles),
                         tuple(tuple(d) for d in deals), others)


def loads_casino(text: str) -> CasinoHistory:
    """Parse a casino history from JSON text."""
    data = json_object(text)
    if not isinstance(data, dict) or not is_casino_spec(data.get("rules")):
        raise HistoryError('bad history: not a casino history ("rules" must name '
                           f"{' or '.join(PRESETS)})")
    return casino_from_dict(data)


def load_casino(path: str | Path) -> CasinoHistory | None:
    """Read ``path`` if it is a casino history; None for any other file (``brag replay``
    then reads it as a table history and reports its problems)."""
    try:
        data = json_object(Path(path).read_text(encoding="utf-8"))  # bounded decoding
    except (OSError, UnicodeDecodeError, HistoryError):
        return None
    if not isinstance(data, dict) or not is_casino_spec(data.get("rules")):
        return None
    return casino_from_dict(data)


def dumps_casino(history: CasinoHistory) -> str:
    """The history as pretty JSON (one hand's actions per line)."""
    return dump_object(history.to_dict())



if TYPE_CHECKING:  # mypy checks the parsed history against what history.loads wraps
    def _satisfies_own_history(history: CasinoHistory) -> OwnHistory:
        return history
