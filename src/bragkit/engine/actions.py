"""Actions a seat can take, the legal-action descriptions, and the action strings.

An :class:`Action` is what a player does (``bet 4``); a :class:`LegalAction` is
what the state offers (``bet`` between 2 and 10 chips, ``see`` for 8).  Action
strings in hand histories put the seat first, numbered from 1::

    p1 look        p1 bet 4       p1 fold        p1 see        p1 cover
    p1 look old    p1 keep        p1 throw       p1 discard 4h 7c
    p1 retain      p1 retain new  p1 release     p1 stay
    p1 showdown    p2 agree       p2 refuse      p1 rebuy 20
    p1 borrow      p2 lend 6      p2 show        p1 name old
    p1 sideshow 4  p2 accept      p2 decline     p3 choose cards=4 wild=twos blind=yes
    Commerce (docs/commerce.md): p1 trade 9s  p1 barter 9s  p2 accept 3d  p1 stand
    p1 pass  p1 exchange 9s Kh  p3 widow  p3 keep  p2 horse  p2 pounce
    Poker-style games (docs/games-poker-style.md): p4 ante 2  p1 call  p2 raise 3
    p1 bet 3  p1 check  p4 stand  p1 pass  p1 draw 2  p1 discard 4h 7c

>>> a = parse_move("p2 bet 4")
>>> a
(1, Action(kind='bet', amount=4, arg=None))
>>> format_move(*a)
'p2 bet 4'
>>> LegalAction("bet", lo=2, hi=10).allows(Action("bet", 11))
False
>>> str(Action("discard", arg="4h 7c"))
'discard 4h 7c'
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from bragkit.engine.slots import slot_setter
from bragkit.errors import IllegalActionError, excerpt
from bragkit.limits import MAX_CHIPS, MAX_SEATS, check_int, parse_int

__all__ = [
    "AMOUNT_KINDS",
    "ARG_KINDS",
    "PLAIN_KINDS",
    "Action",
    "LegalAction",
    "allowed",
    "format_move",
    "interned",
    "legal_amount",
    "parse_action",
    "parse_move",
]

PLAIN_KINDS: Final = frozenset({
    "look", "fold", "see", "cover", "keep", "throw", "retain", "release", "stay",
    "showdown", "agree", "refuse", "borrow", "show", "accept", "decline",
    # kept for the games of the next issue (poker-style machine)
    "call", "check", "pass", "stand", "play", "trade",
    "widow", "horse", "pounce",  # Commerce
    "deal",  # casino: the bets are in, deal the cards
})
"""Action kinds that may stand alone."""
AMOUNT_KINDS: Final = frozenset({"bet", "rebuy", "lend", "sideshow", "raise", "draw",
                                 "ante", "pairbonus"})  # Foster's dealer's ante; casino
"""Action kinds followed by a whole number of chips (or cards for ``draw``)."""
ARG_KINDS: Final = frozenset({"look", "retain", "name", "discard", "choose", "cover", "show",
                              "trade", "barter", "accept", "exchange"})  # Commerce
"""Action kinds that take a word argument (``look old``, ``discard 4h 7c``, ...)."""
MAX_ARG: Final = 100
"""The longest kind or argument an action may have (the longest real one is ~30)."""


@dataclass(frozen=True, slots=True)
class Action:
    """One decision: a kind, optionally an amount of chips, optionally an argument.

    The amount is a whole number of chips (an ``int``, not a ``bool``, 0..``MAX_CHIPS``)
    and only the kinds of :data:`AMOUNT_KINDS` take one; anything else is an
    :class:`~bragkit.errors.IllegalActionError` when the action is built.

    >>> Action("bet", 4), str(Action("look", arg="old"))
    (Action(kind='bet', amount=4, arg=None), 'look old')
    >>> Action("bet", 2.5)
    Traceback (most recent call last):
    ...
    bragkit.errors.IllegalActionError: bet must be a whole number, not 2.5
    >>> Action("show", 5)
    Traceback (most recent call last):
    ...
    bragkit.errors.IllegalActionError: show takes no amount (only bet, raise, ... do), not 5
    """

    kind: str
    amount: int | None = None
    arg: str | None = None

    def __post_init__(self) -> None:
        amount = self.amount
        plain = amount is None or (type(amount) is int and 0 <= amount <= MAX_CHIPS
                                   and self.kind in AMOUNT_KINDS)
        arg = self.arg
        if plain and type(self.kind) is str and len(self.kind) <= MAX_ARG and (
                arg is None or (type(arg) is str and len(arg) <= MAX_ARG)):
            return  # the common cases, checked cheaply
        if isinstance(self.kind, str) and len(self.kind) > MAX_ARG:
            raise IllegalActionError(f"unknown action {excerpt(self.kind)}")
        if isinstance(arg, str) and len(arg) > MAX_ARG:
            raise IllegalActionError(f"{self.kind}: {excerpt(arg)} is longer than any choice "
                                     f"(at most {MAX_ARG} characters)")
        if not isinstance(self.kind, str):
            raise IllegalActionError(f"an action's kind must be text, not {excerpt(self.kind)}")
        if self.arg is not None and not isinstance(self.arg, str):
            raise IllegalActionError(f"{self.kind}: the argument must be text, not "
                                     f"{excerpt(self.arg)}")
        if amount is None:
            return
        if self.kind not in AMOUNT_KINDS:
            raise IllegalActionError(f"{self.kind} takes no amount (only bet, raise, ... do), "
                                     f"not {excerpt(amount)}")
        check_int(amount, self.kind, 0, MAX_CHIPS, IllegalActionError)

    def __str__(self) -> str:
        text = str(self.kind)  # a plain str, also for an ActionKind member
        if self.amount is not None:
            text += f" {self.amount}"
        if self.arg is not None:
            text += f" {self.arg}"
        return text


@dataclass(frozen=True, slots=True)
class LegalAction:
    """What the state offers the seat to act: a kind with its amount bounds or fixed cost.

    ``lo``/``hi`` bound the amount (inclusive) of amount actions such as ``bet``; ``cost`` is
    the chips a fixed-price action pays (``see``, ``cover``); ``args`` lists the allowed
    arguments (``("old", "new")`` for ``look``) and is empty when the action takes none.
    """

    kind: str
    lo: int | None = None
    hi: int | None = None
    cost: int = 0
    args: tuple[str, ...] = ()
    optional_arg: bool = False

    def allows(self, action: Action) -> bool:
        """Whether ``action`` is an instance of this legal action."""
        if action.kind != self.kind:
            return False
        if self.lo is None:
            if action.amount is not None:
                return False
        elif action.amount is None or not self.lo <= action.amount <= (self.hi or 0):
            return False
        if self.args:
            if action.arg is None:
                return self.optional_arg
            return action.arg in self.args
        return action.arg is None

    def sample(self, rng: random.Random) -> Action:
        """A uniformly random instance (amount and argument)."""
        lo = self.lo
        args = self.args
        if lo is None:
            if not args:  # (a plain action: by its kind alone, no key tuple)
                found = _PLAIN.get(self.kind)
                if found is None:
                    if len(_PLAIN) >= INTERNED_MAX:
                        _PLAIN.clear()
                    found = _PLAIN[self.kind] = interned(self.kind)
                return found
            amount = None
        else:
            hi = self.hi
            amount = lo + int(rng.random() * ((hi if hi is not None else lo) - lo + 1))
        if not args:
            found = _INTERNED.get((self.kind, amount, None))
            return found if found is not None else sampled(self.kind, amount, None)
        choices: tuple[str | None, ...] = args + ((None,) if self.optional_arg else ())
        arg = choices[draw_index(rng, len(choices))]
        found = _INTERNED.get((self.kind, amount, arg))
        return found if found is not None else sampled(self.kind, amount, arg)

    def examples(self) -> tuple[Action, ...]:
        """A few instances: the bounds of an amount, every argument."""
        amounts: tuple[int | None, ...] = (None,)
        if self.lo is not None:
            amounts = (self.lo,) if self.hi == self.lo else (self.lo, self.hi)
        args: tuple[str | None, ...] = self.args or (None,)
        if self.args and self.optional_arg:
            args = (None, *self.args)
        return tuple(interned(self.kind, a, g) for a in amounts for g in args)

    def __str__(self) -> str:
        text = str(self.kind)  # a plain str, also for an ActionKind member
        if self.lo is not None:
            text += f" {self.lo}" if self.hi == self.lo else f" {self.lo}..{self.hi}"
        if self.cost:
            text += f" (costs {self.cost})"
        if self.args:
            shown = "|".join(self.args) if len(self.args) <= 4 else f"<{len(self.args)} choices>"
            text += f" [{shown}]" if self.optional_arg else f" {shown}"
        return text


def allowed(legal: tuple[LegalAction, ...], action: Action) -> bool:
    """Whether one of ``legal`` allows ``action`` (:meth:`LegalAction.allows`, its plain cases
    inline: the hot paths' legality test, one call per action rather than one per legal
    action; an argument list, possibly lazy, is read only for an action with an argument or
    amount).

    >>> allowed((LegalAction("fold"), legal_amount("bet", 2, 9)), Action("bet", 4))
    True
    >>> allowed((LegalAction("look", args=("old", "new")),), Action("look"))
    False
    """
    kind, arg = action.kind, action.arg
    for la in legal:
        if la.kind == kind:
            lo = la.lo
            if arg is not None:
                if la.allows(action):
                    return True
            elif lo is not None:  # an amount, no argument (allows inline)
                amount = action.amount
                if amount is not None and lo <= amount <= (la.hi or 0) and (
                        la.optional_arg or not la.args):
                    return True
            elif action.amount is None and (la.optional_arg or not la.args):
                return True
    return False


PLAIN_RNG: Final = (random.Random, random.SystemRandom)
"""Generators whose ``choice`` draws an index by ``getrandbits`` rejection sampling (a
subclass with its own ``random`` draws otherwise): :func:`draw_index` makes the same draw
without choice's two calls."""


def draw_index(rng: random.Random, n: int) -> int:
    """The index ``rng.choice`` would draw from ``n`` (> 0) choices, leaving ``rng`` in the
    same state: for a plain generator (:data:`PLAIN_RNG`) ``choice``'s own rejection sampling
    from ``getrandbits``, made in one call instead of two; otherwise ``choice`` itself.

    >>> import random
    >>> a, b = random.Random(5), random.Random(5)
    >>> [draw_index(a, 7) for _ in range(6)] == [b.choice(range(7)) for _ in range(6)]
    True
    """
    if type(rng) in PLAIN_RNG:
        k = n.bit_length()
        i = rng.getrandbits(k)
        while i >= n:
            i = rng.getrandbits(k)
        return i
    return rng.choice(range(n))


_INTERNED: dict[tuple[str, int | None, str | None], Action] = {}
"""The actions :func:`interned` has built, by (kind, amount, argument)."""
_PLAIN: dict[str, Action] = {}
"""Plain actions (no amount, no argument) by kind, as :func:`interned` built them."""
INTERNED_MAX: Final = 4096
"""How many interned actions are kept (the table starts afresh when it is full)."""


def interned(kind: str, amount: int | None = None, arg: str | None = None) -> Action:
    """The shared :class:`Action` ``kind amount arg`` (built and checked once, then reused:
    actions are immutable values, so bots and the hot paths need not build new ones).

    >>> interned("fold") is interned("fold"), interned("bet", 4) == Action("bet", 4)
    (True, True)
    """
    key = (kind, amount, arg)
    found = _INTERNED.get(key)
    if found is None:
        # a plain str kind, so the shared action looks the same whoever built it first
        found = _remember(key, Action(kind if type(kind) is str else str(kind), amount, arg))
    return found


def _remember(key: tuple[str, int | None, str | None], action: Action) -> Action:
    """Keep ``action`` as the shared action of ``key`` (the table starts afresh when full)."""
    if len(_INTERNED) >= INTERNED_MAX:
        _INTERNED.clear()
    _INTERNED[key] = action
    return action


if TYPE_CHECKING:
    class _ActionTwin(Action):
        """(mypy's view of the twin below: an Action with plain mutable slots)"""

        kind: str
        amount: int | None
        arg: str | None

        def __init__(self) -> None: ...
else:
    class _ActionTwin:
        """A mutable twin of :class:`Action` (the same slots in the same order): made by a
        type call, filled by plain stores, made an ``Action`` by ``__class__`` assignment."""

        __slots__ = Action.__slots__


def sampled(kind: str, amount: int | None, arg: str | None) -> Action:
    """:func:`interned` for a sampler: ``kind``, ``amount`` and ``arg`` are an instance of a
    legal action (its kind, an amount in its bounds, one of its arguments), so a new action
    is built without the checks of ``Action(...)`` (about a fifth of the cost: a widow game's
    sampled exchanges are mostly new).

    >>> sampled("exchange", None, "As Kd") == Action("exchange", arg="As Kd")
    True
    >>> sampled("fold", None, None) is interned("fold")
    True
    """
    key = (kind, amount, arg)
    found = _INTERNED.get(key)
    if found is None:
        new = _ActionTwin()
        new.kind = kind if type(kind) is str else str(kind)  # (as interned(): a plain str)
        new.amount = amount
        new.arg = arg
        o: object = new
        o.__class__ = Action
        found = _remember(key, new)
    return found


_la_kind = slot_setter(LegalAction, "kind")
_la_lo = slot_setter(LegalAction, "lo")
_la_hi = slot_setter(LegalAction, "hi")
_la_cost = slot_setter(LegalAction, "cost")
_la_args = slot_setter(LegalAction, "args")
_la_optional_arg = slot_setter(LegalAction, "optional_arg")


def legal_amount(kind: str, lo: int, hi: int) -> LegalAction:
    """``LegalAction(kind, lo=lo, hi=hi)`` built by slot (the frozen ``__init__`` is slow on
    the hot path of the legal actions).

    >>> legal_amount("bet", 2, 9) == LegalAction("bet", lo=2, hi=9)
    True
    """
    new = object.__new__(LegalAction)
    _la_kind(new, kind)
    _la_lo(new, lo)
    _la_hi(new, hi)
    _la_cost(new, 0)
    _la_args(new, ())
    _la_optional_arg(new, False)
    return new


def parse_action(text: str) -> Action:
    """Parse an action string without the seat: ``bet 4``, ``look old``, ``discard 4h 7c``.

    >>> parse_action("see"), parse_action("retain old")
    (Action(kind='see', amount=None, arg=None), Action(kind='retain', amount=None, arg='old'))
    >>> parse_action("bet four")
    Traceback (most recent call last):
    ...
    bragkit.errors.IllegalActionError: malformed action 'bet four': bet needs a whole number
    """
    words = text.split()
    if not words:
        raise IllegalActionError("malformed action '': empty")
    kind = words[0].lower()
    rest = words[1:]
    if kind in AMOUNT_KINDS:
        if len(rest) != 1 or not rest[0].isascii() or not rest[0].isdecimal():
            raise IllegalActionError(f"malformed action {excerpt(text)}: {kind} needs a whole "
                                     "number")
        return interned(kind, parse_int(rest[0], f"malformed action {kind}", 0, MAX_CHIPS,
                                        IllegalActionError))
    if kind in ARG_KINDS and rest:
        return Action(kind, None, " ".join(rest))
    if kind in PLAIN_KINDS and not rest:
        return interned(kind)
    if kind in ARG_KINDS or kind in PLAIN_KINDS:
        raise IllegalActionError(f"malformed action {excerpt(text)}: unexpected "
                                 f"{excerpt(' '.join(rest))}")
    raise IllegalActionError(f"malformed action {excerpt(text)}: unknown action {excerpt(kind)} "
                             "(the action strings: docs/history-format.md)")


def parse_move(text: str) -> tuple[int, Action]:
    """Parse ``"p2 bet 4"`` into ``(seat_index, Action)``; seats are numbered from 1 in text.

    >>> parse_move("p10 fold")[0]
    9
    """
    head, _, rest = text.strip().partition(" ")
    number = head[1:]
    if (len(head) < 2 or head[0] not in "pP" or not number.isascii() or not number.isdecimal()
            or len(number) > 3 or not 1 <= int(number) <= MAX_SEATS):
        raise IllegalActionError(f"malformed action {excerpt(text)}: it must start with a seat "
                                 f"like p1 (p1..p{MAX_SEATS})")
    return int(number) - 1, parse_action(rest)


def format_move(seat: int, action: Action) -> str:
    """The history string of ``action`` by ``seat`` (0-based)."""
    return f"p{seat + 1} {action}"
