"""The ``exchange`` legal action whose arguments are spelled out only when read.

A Britannica or pounce decision offers up to ~220 ``exchange`` arguments; a random policy
samples one of them and the engine checks one.  :func:`legal_exchange` returns a
:class:`~bragkit.engine.actions.LegalAction` equal to
``LegalAction("exchange", args=exchange_args(hand, widow, sizes))`` (same equality, hash,
repr, pickling, ``str``) whose ``args`` tuple is built on first read and cached, while
:meth:`~LazyExchange.sample` (same random draws) and :meth:`~LazyExchange.allows` format
or parse only the one argument concerned.

>>> la = legal_exchange((0, 1, 2), (48, 49, 50), (1, 2, 3))
>>> from bragkit.engine.actions import Action, LegalAction
>>> la.allows(Action("exchange", arg="2d Ac")), la.allows(Action("exchange", arg="2d 2c Ac Ad"))
(True, False)
>>> la == LegalAction("exchange", args=exchange_args((0, 1, 2), (48, 49, 50), (1, 2, 3)))
True
"""

from __future__ import annotations

import itertools
import random
from typing import TYPE_CHECKING, Final, NoReturn

from bragkit.engine.actions import Action, LegalAction, draw_index, sampled
from bragkit.engine.kinds import ActionKind
from bragkit.engine.slots import slot_setter
from bragkit.games.commerce.cards import CARD_ID, CARD_TEXT, PAIR_TEXT, exchange_args

__all__ = ["LazyExchange", "LegalTwin", "legal_args", "legal_exchange"]

_KIND: Final = ActionKind.EXCHANGE
_JOIN: Final = " ".join
_ARGS_SLOT: Final = vars(LegalAction)["args"]
"""The ``args`` slot of LegalAction (the subclass's property reads and fills it)."""
_COMBOS: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}
"""``(n, k)`` -> every k-combination of ``range(n)`` in itertools order."""


def _combos(n: int, k: int) -> tuple[tuple[int, ...], ...]:
    found = _COMBOS.get((n, k))
    if found is None:
        found = _COMBOS[(n, k)] = tuple(itertools.combinations(range(n), k))
    return found


_PICKS: dict[tuple[int, int, tuple[int, ...]], tuple[tuple[int, ...], ...]] = {}
"""``(len(hand), len(widow), sizes)`` -> each argument's cards as places in ``hand + widow``
(k of the hand's, then k of the widow's), in the order of :func:`exchange_args`."""


def _picks(hand: int, widow: int, sizes: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    key = (hand, widow, sizes)
    found = _PICKS.get(key)
    if found is None:
        found = _PICKS[key] = tuple(
            (*mine, *(hand + t for t in theirs))
            for k in sizes for mine in _combos(hand, k) for theirs in _combos(widow, k))
    return found


if TYPE_CHECKING:
    class LegalTwin(LegalAction):
        """(mypy's view of the twin below: a LegalAction with plain mutable slots, made
        empty by a type call)"""

        kind: str
        lo: int | None
        hi: int | None
        cost: int
        args: tuple[str, ...]
        optional_arg: bool

        def __init__(self) -> None: ...
else:
    class LegalTwin:
        """A mutable twin of :class:`LegalAction` (the same slots in the same order): made by
        a type call (``LegalTwin()``, cheaper than the ``object.__new__`` wrapper) and filled
        by plain attribute stores, it becomes a ``LegalAction`` by ``__class__`` assignment
        (a slot setter call per field costs a few times more;
        :class:`bragkit.engine.views.Draft` does the same for seat views)."""

        __slots__ = LegalAction.__slots__


def legal_args(kind: str, args: tuple[str, ...], cost: int = 0) -> LegalAction:
    """``LegalAction(kind, cost=cost, args=args)`` built from its twin (the frozen
    ``__init__`` is slow on the hot path of the trading games).

    >>> legal_args("trade", ("As", "2c"), 1) == LegalAction("trade", cost=1, args=("As", "2c"))
    True
    >>> type(legal_args("barter", ("As",))) is LegalAction
    True
    """
    new = LegalTwin()  # (a type call: cheaper than object.__new__, the wrapper)
    new.kind = kind
    new.lo = None
    new.hi = None
    new.cost = cost
    new.args = args
    new.optional_arg = False
    o: object = new
    o.__class__ = LegalAction
    return new


class LazyExchange(LegalAction):
    """``LegalAction("exchange", args=...)`` with the arguments built on first read (see the
    module docs); only :func:`legal_exchange` makes one."""

    __slots__ = ("_drawn", "_hand", "_picks", "_sizes", "_widow")
    _hand: tuple[int, ...]
    _widow: tuple[int, ...]
    _sizes: tuple[int, ...]
    _picks: tuple[tuple[int, ...], ...]
    """Each argument's cards as places in ``hand + widow`` (:func:`_picks`), in order."""
    _drawn: str | None
    """The argument :meth:`sample` drew last (one of the arguments, so allowed)."""

    @property
    def args(self) -> tuple[str, ...]:
        """Every argument, in the order of :func:`exchange_args` (built once, then kept)."""
        try:
            built: tuple[str, ...] = _ARGS_SLOT.__get__(self, LegalAction)
        except AttributeError:
            built = exchange_args(self._hand, self._widow, self._sizes)
            _ARGS_SLOT.__set__(self, built)
        return built

    def allows(self, action: Action) -> bool:
        """Whether ``action`` is one of the arguments (parsed, not looked up in the list)."""
        arg = action.arg
        if action.kind != _KIND or action.amount is not None or arg is None:
            return False
        if arg == self._drawn:
            return True
        words = arg.split(" ")
        k, odd = divmod(len(words), 2)
        if odd or k not in self._sizes:
            return False
        return _increasing(words[:k], self._hand) and _increasing(words[k:], self._widow)

    def sample(self, rng: random.Random) -> Action:
        """A uniformly random instance: the same draw as ``LegalAction.sample`` makes."""
        picks = self._picks  # (the draw of rng.choice(args): an index below their number)
        pick = picks[draw_index(rng, len(picks))]
        cards = self._hand + self._widow
        if len(pick) == 2:  # (one card for one: the pair's text, made once per pair)
            arg = PAIR_TEXT[cards[pick[0]]][cards[pick[1]]]
        else:  # (the argument's text by maps, in C)
            arg = _JOIN(map(CARD_TEXT.__getitem__, map(cards.__getitem__, pick)))
        _set_drawn(self, arg)
        return sampled(_KIND, None, arg)

    def _fields(self) -> tuple[object, ...]:
        return (self.kind, self.lo, self.hi, self.cost, self.args, self.optional_arg)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LegalAction):
            return NotImplemented
        return self._fields() == (other.kind, other.lo, other.hi, other.cost, other.args,
                                  other.optional_arg)

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (f"LegalAction(kind={self.kind!r}, lo={self.lo!r}, hi={self.hi!r}, "
                f"cost={self.cost!r}, args={self.args!r}, optional_arg={self.optional_arg!r})")

    def __reduce__(self) -> tuple[type[LegalAction], tuple[object, ...]]:
        return (LegalAction, self._fields())

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"cannot delete field {name!r}")


def _increasing(words: list[str], cards: tuple[int, ...]) -> bool:
    """Whether ``words`` name cards of ``cards`` in their order (each at most once)."""
    last = -1
    for w in words:
        card = CARD_ID.get(w)
        if card is None or card not in cards:
            return False
        at = cards.index(card)
        if at <= last:
            return False
        last = at
    return True


_set_drawn = slot_setter(LazyExchange, "_drawn")

if TYPE_CHECKING:
    class _ExchangeTwin(LazyExchange):
        """(mypy's view of the twin below: a LazyExchange with plain mutable slots)"""

        kind: str
        lo: int | None
        hi: int | None
        cost: int
        optional_arg: bool
        _hand: tuple[int, ...]
        _widow: tuple[int, ...]
        _sizes: tuple[int, ...]
        _picks: tuple[tuple[int, ...], ...]
        _drawn: str | None

        def __init__(self) -> None: ...
else:
    class _ExchangeTwin(LegalAction):
        """A mutable twin of :class:`LazyExchange` (a LegalAction with the same added slots),
        filled by plain attribute stores, then made a LazyExchange by ``__class__``
        assignment (as :class:`LegalTwin`)."""

        __slots__ = LazyExchange.__slots__
        __init__ = object.__init__  # (made empty by a type call, cheaper than object.__new__)
        __setattr__ = object.__setattr__  # (both: they share the type's one setter slot,
        __delattr__ = object.__delattr__  # plain attribute stores only if neither is frozen's)


def legal_exchange(hand: tuple[int, ...], widow: tuple[int, ...],
                   sizes: tuple[int, ...]) -> LegalAction:
    """The ``exchange`` legal action of ``exchange_args(hand, widow, sizes)``, built lazily.

    >>> la = legal_exchange((0, 1, 2), (48, 49, 50), (1,))
    >>> len(la.args), la.args[0], str(la), type(la).__name__
    (9, '2c Ac', 'exchange <9 choices>', 'LazyExchange')
    """
    key = (len(hand), len(widow), sizes)
    picks = _PICKS.get(key)
    new = _ExchangeTwin()
    new.kind = _KIND
    new.lo = None
    new.hi = None
    new.cost = 0
    new.optional_arg = False
    new._hand = hand
    new._widow = widow
    new._sizes = sizes
    new._picks = picks if picks is not None else _picks(*key)
    new._drawn = None
    o: object = new
    o.__class__ = LazyExchange
    return new
