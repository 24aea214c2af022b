"""Casino hand histories: a session of casino 3 Card Brag hands against the house, saved in
the ``bragkit-history/1`` format (``docs/history-format.md``, "Casino histories") and
re-played by ``brag replay``.

A casino history names a casino preset in ``"rules"`` (``"casino"``, ``"three-card-poker"``
or ``{"preset": "casino", "casino_tie": "dealer", ...}``), has one bankroll in ``"stacks"``
and one action list per hand in ``"deals"``: ``p1 ante N``, optionally ``p1 pairbonus N``,
then ``p1 play`` or ``p1 fold``.  The cards are dealt when the player decides, from
``"pack"`` (the first hand), then ``"shuffles"`` (the later hands, in order), then
``random.Random(seed)`` (six cards sampled per hand).  A table without a seed (``brag casino
play``: an unpredictable ``secrets.SystemRandom``) writes the six cards of each finished
hand instead, and only once the hand is over.

Casino hands are not :class:`~bragkit.engine.table.Table` deals (one seat against the house,
no :class:`~bragkit.rules.Rules`), so ``brag replay`` dispatches on the casino presets:
:func:`load_casino` recognises the file, :func:`replay_casino` re-plays it.

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

import math
import random
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from bragkit.cards import Card, format_cards, parse_cards, standard_pack
from bragkit.engine.pack import PACK_ONLY_SEED, new_rng
from bragkit.errors import BragError, HistoryError, IllegalActionError, excerpt
from bragkit.games.casino import PRESETS, Action, CasinoHand, CasinoRules, Settlement
from bragkit.history.format import (
    FORMAT,
    chance_dict,
    chance_fields,
    deal_lists,
    dump_object,
    json_object,
)
from bragkit.limits import MAX_CHIPS, parse_int

__all__ = ["CasinoHistory", "CasinoReplay", "CasinoTable", "dumps_casino", "is_casino_spec",
           "load_casino", "loads_casino", "paid_chips", "replay_casino"]

_SPEC = "rules-spec 4.9"


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


def paid_chips(settlement: Settlement) -> int:
    """The whole chips a settled hand pays (+) or takes (-): each bet's result, a fractional
    win rounded down (the house keeps the breakage).

    >>> paid_chips(Settlement("player_wins", True, 3, 3, Fraction(15, 2), -2))
    11
    """
    return sum(math.floor(Fraction(getattr(settlement, k)))
               for k in ("ante", "play", "ante_bonus", "pair_plus"))


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

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of this history."""
        data: dict[str, Any] = {"format": FORMAT, "rules": self.rules_spec,
                                "stacks": [self.bankroll]}
        data.update(chance_dict(self.seed, self.pack, self.shuffles))
        data["deals"] = [list(d) for d in self.deals]
        return data


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


def casino_from_dict(data: dict[str, Any]) -> CasinoHistory:
    """Validate the decoded JSON object of a casino history (every problem in one error)."""
    problems: list[str] = []
    known = {"format", "rules", "stacks", "seed", "pack", "shuffles", "deals", "comment",
             "players"}
    for key in data:
        if key == "dealer":
            problems.append('"dealer": the house deals every casino hand; leave it out')
        elif key not in known:
            problems.append(f"unknown key {excerpt(key)}")
    if data.get("format", FORMAT) != FORMAT:
        problems.append(f'"format" must be {excerpt(FORMAT)}, not {excerpt(data.get("format"))}')
    spec = data["rules"]
    rules: CasinoRules | None = None
    try:
        rules = rules_of(spec)
    except BragError as error:
        problems.append(f'"rules": {error}')
    stacks = data.get("stacks")
    bankroll = 0
    if (not isinstance(stacks, list) or len(stacks) != 1 or not isinstance(stacks[0], int)
            or isinstance(stacks[0], bool) or stacks[0] < 0):
        problems.append('"stacks" must be one whole number >= 0 (the player\'s bankroll; '
                        "the house has no stack)")
    else:
        bankroll = stacks[0]
    seed, pack, shuffles = chance_fields(data, problems)
    if isinstance(pack, str):
        _pack_ok(pack, '"pack"', problems)
    for i, text in enumerate(shuffles):
        _pack_ok(text, f'"shuffles" {i + 1}', problems)
    deals = deal_lists(data, problems, "p1 ante 10")
    if problems or rules is None:
        raise HistoryError("bad history: " + "; ".join(problems))
    return CasinoHistory(rules, spec, bankroll, seed, pack, tuple(shuffles),
                         tuple(tuple(d) for d in deals))


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


# ---------------------------------------------------------------------------- the table
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
are left (rules-spec 4.9)
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
    bankroll: int = field(init=False)
    dealt: list[str] = field(init=False, default_factory=list)
    """The six cards of every hand dealt so far, in order (player's three first)."""
    finished: list[CasinoHand] = field(init=False, default_factory=list)
    records: list[tuple[str, ...]] = field(init=False, default_factory=list)
    current: list[str] = field(init=False, default_factory=list)
    ante: int = field(init=False, default=0)
    pair_plus: int = field(init=False, default=0)
    hand: CasinoHand | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        self._rng = self.rng if self.rng is not None else new_rng(self.seed)
        self.bankroll = self.start_bankroll

    @property
    def secret_chance(self) -> bool:
        """Whether a hand was dealt from an unpredictable generator (``SystemRandom``; given
        packs are known to whoever gave them): then a history holds only finished hands and
        their cards."""
        given = len(self.shuffles) + (self.pack is not None)
        return isinstance(self._rng, random.SystemRandom) and len(self.dealt) > given

    @property
    def staked(self) -> int:
        """Chips bet on the hand in progress (0 between hands)."""
        return self.ante + self.pair_plus

    def _next_cards(self) -> tuple[Card, ...]:
        number = len(self.finished)
        given = ((self.pack,) if self.pack is not None else ()) + self.shuffles
        if number < len(given):
            cards = parse_cards(given[number])[:6]
        else:
            cards = tuple(self._rng.sample(standard_pack(), 6))  # as CasinoHand.deal(rng=...)
        self.dealt.append(format_cards(cards))
        return cards

    def cards(self) -> CasinoHand:
        """The current hand, dealt now if it is not yet (its ante must be staked)."""
        if self.hand is None:
            if not self.ante:
                raise IllegalActionError(f"a hand starts with the ante: p1 ante N ({_SPEC})")
            self.hand = CasinoHand.deal(self.rules, ante=self.ante, pair_plus=self.pair_plus,
                                        pack=self._next_cards())
        return self.hand

    def legal(self) -> str:
        """The actions on offer now, as text."""
        left = self.bankroll - self.staked
        if not self.ante:
            return f"ante 1..{self.bankroll}" if self.bankroll else "none (the bankroll is empty)"
        offers = [] if self.pair_plus or self.hand is not None or left < 1 else \
            [f"pairbonus 1..{left}"]
        offers += ["play", "fold"] if left >= self.ante else ["fold"]
        return ", ".join(offers)

    def _amount(self, verb: str, words: list[str]) -> int:
        if len(words) != 1 or not words[0].isascii() or not words[0].isdecimal():
            raise IllegalActionError(f"malformed action: {verb} needs one whole number of "
                                     f"chips >= 1 (p1 {verb} 10)")
        return parse_int(words[0], f"{verb}", 1, MAX_CHIPS, IllegalActionError)

    def apply_text(self, text: str) -> None:
        """Apply one history action string such as ``"p1 ante 10"``."""
        words = text.split()
        if not words or not (words[0][:1] in "pP" and words[0][1:].isascii()
                             and words[0][1:].isdecimal()):
            raise IllegalActionError(f"malformed action {excerpt(text)}: it must start with p1")
        if words[0].lower() != "p1":
            raise IllegalActionError(f"there is no seat {excerpt(words[0], quote=False)}: "
                                     "casino brag is one player "
                                     f"(p1) against the dealer ({_SPEC})")
        if len(words) < 2:
            raise IllegalActionError(f"malformed action {excerpt(text)}: no action after the seat")
        verb, args = words[1].lower(), words[2:]
        left = self.bankroll - self.staked
        if verb == "ante":
            amount = self._amount(verb, args)
            if self.ante:
                raise IllegalActionError(f"the ante is already staked; legal now: "
                                         f"{self.legal()}")
            if amount > self.bankroll:
                raise IllegalActionError(f"an ante of {amount} needs {amount} chips but the "
                                         f"bankroll has {self.bankroll} ({_SPEC})")
            self.ante = amount
        elif verb == "pairbonus":
            amount = self._amount(verb, args)
            if not self.ante:
                raise IllegalActionError(f"a hand starts with the ante: p1 ante N ({_SPEC})")
            if self.pair_plus or self.hand is not None:
                raise IllegalActionError("the Pair Bonus is staked once, before the cards "
                                         f"are dealt ({_SPEC}); legal now: {self.legal()}")
            if amount > left:
                raise IllegalActionError(f"a Pair Bonus of {amount} needs {amount} chips but "
                                         f"only {left} are left ({_SPEC})")
            self.pair_plus = amount
        elif verb in ("play", "fold"):
            if args:
                raise IllegalActionError(f"malformed action {excerpt(text)}: {verb} takes no "
                                         "amount")
            if not self.ante:
                raise IllegalActionError(f"a hand starts with the ante: p1 ante N ({_SPEC})")
            if verb == "play" and left < self.ante:
                raise IllegalActionError(f"the Play bet equals the ante ({self.ante} chips) "
                                         f"but only {left} are left ({_SPEC})")
            done = self.cards().apply(Action(verb))
            assert done.settlement is not None
            self.bankroll += paid_chips(done.settlement)
            self.finished.append(done)
            self.records.append((*self.current, f"p1 {verb}"))
            self.current, self.ante, self.pair_plus, self.hand = [], 0, 0, None
            return
        else:
            raise IllegalActionError(f"{excerpt(words[1])} is not a casino action (ante N, "
                                     f"pairbonus N, play, fold); legal now: {self.legal()}")
        self.current.append(f"p1 {verb} {amount}")

    def history(self, *, finished_only: bool = False) -> CasinoHistory:
        """The history of every hand (the one in progress too unless ``finished_only`` or
        the cards are :attr:`secret_chance`).  A seeded table writes its seed (and given
        packs); any other writes the cards each hand was dealt (``"pack"``, ``"shuffles"``).
        """
        finished_only = finished_only or self.secret_chance
        deals = list(self.records)
        if self.current and not finished_only:
            deals.append(tuple(self.current))
        pack, shuffles = self.pack, self.shuffles
        if self.seed is None:
            dealt = self.dealt[:len(self.finished)] if finished_only else self.dealt
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

    def summary(self) -> dict[str, Any]:
        """The replay as a JSON-ready dict (``stacks``, ``pot``, ``deals``)."""
        deals: list[dict[str, Any]] = []
        bankroll = self.history.bankroll
        for number, (hand, actions) in enumerate(zip(self.table.finished, self.table.records,
                                                     strict=True)):
            s = hand.settlement
            assert s is not None
            net = paid_chips(s)
            bankroll += net
            deals.append({
                "number": number + 1, "dealer": "house",
                "hands": {"p1": format_cards(hand.player), "dealer": format_cards(hand.dealer)},
                "shown": {"p1": format_cards(hand.player), "dealer": format_cards(hand.dealer)},
                "actions": list(actions), "ante": hand.ante, "pair_bonus": hand.pair_plus,
                "decision": hand.actions[-1].value, "outcome": s.outcome,
                "winners": _winners(hand), "results": s.as_dict(), "net": {"p1": net},
                "bankroll": bankroll, "finished": True,
            })
        if self.table.current:
            deals.append({
                "number": len(deals) + 1, "dealer": "house", "hands": {}, "shown": {},
                "actions": list(self.table.current), "ante": self.table.ante,
                "pair_bonus": self.table.pair_plus, "decision": None, "outcome": None,
                "winners": [], "results": None, "net": {"p1": 0}, "bankroll": bankroll,
                "finished": False,
            })
        stacks = [self.table.bankroll - self.table.staked]
        return {"rules": self.history.rules_spec, "game": "casino", "stacks": stacks,
                "stacks_by_seat": {"p1": stacks[0]}, "pot": self.table.staked,
                "deals": deals, "debts": [], "over": self.table.bankroll < 1}

    def text(self) -> str:
        """A readable account of the replay."""
        data = self.summary()
        lines: list[str] = []
        for deal in data["deals"]:
            lines.append(f"Hand {deal['number']}")
            for seat, cards in deal["hands"].items():
                lines.append(f"  {seat}: {cards}")
            lines.extend(f"    {action}" for action in deal["actions"])
            if deal["finished"]:
                lines.append(f"  {deal['outcome'].replace('_', ' ')}: net {deal['net']['p1']:+d}"
                             f", bankroll {deal['bankroll']}")
            else:
                lines.append("  (hand in progress)")
        lines.append(f"Bankroll: p1 {data['stacks'][0]}; chips on the table: {data['pot']}")
        return "\n".join(lines)


def replay_casino(history: CasinoHistory) -> CasinoReplay:
    """Re-play a casino history; any malformed or illegal action raises one HistoryError.

    >>> h = loads_casino('{"rules": "casino", "stacks": [50], "seed": 1, '
    ...                  '"deals": [["p1 ante 10", "p1 raise"]]}')
    >>> replay_casino(h)
    Traceback (most recent call last):
    ...
    bragkit.errors.HistoryError: deal 1, action 2 (p1 raise): 'raise' is not a casino action \
(ante N, pairbonus N, play, fold); legal now: pairbonus 1..40, play, fold
    """
    rng = None if history.seed is not None else new_rng(PACK_ONLY_SEED)  # the format's rule
    table = CasinoTable(history.rules, history.bankroll, history.seed, history.pack,
                        history.shuffles, rng)
    last = len(history.deals) - 1
    for d, actions in enumerate(history.deals):
        for i, text in enumerate(actions):
            where = f"deal {d + 1}, action {i + 1} ({excerpt(text, quote=False)})"
            if len(table.records) != d:
                raise HistoryError(f"{where}: hand {d + 1} is already over; this action "
                                   "belongs to no hand")
            try:
                table.apply_text(text)
            except BragError as error:
                raise HistoryError(f"{where}: {error}") from None
        if d < last and len(table.records) == d:
            raise HistoryError(f"deal {d + 1} is not finished (it ends with play or fold) but "
                               f"deal {d + 2} follows")
    return CasinoReplay(history, table)
