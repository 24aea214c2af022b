"""Shared machinery of every ranking: :class:`Strength` and table-driven :class:`Ranking`.

A ranking of three-card hands is defined by one slow classifier,
:meth:`Ranking.analyse`, that returns a sortable key, a category and a
description.  :class:`Ranking` runs it once over every three-card combination
of its pack and keeps dense ordinals (0 = weakest) in a flat list indexed by
``(a << 12) | (b << 6) | c`` for card ids ``a, b, c`` in any order, so one hand
costs one list index on the fast path.  Hands of four or five cards keep their
best three and compare discards (:mod:`bragkit.hands.discard`).
"""

from __future__ import annotations

import array
import itertools
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final

from bragkit.cards import Card, CardsLike, card_from_id, format_cards, parse_cards
from bragkit.errors import CardError
from bragkit.hands import tables

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["STRIDE", "Analysis", "Ranking", "Strength", "flat_index"]

STRIDE: Final = 64
"""Stride of the flat tables: the index of ids ``a, b, c`` is ``(a*64 + b)*64 + c``."""
_FLAT_SIZE: Final = STRIDE**3
_CHUNK: Final = 16384
"""Rows per pass of :meth:`Ranking.take3`: the index and the rows stay in the CPU cache."""


def flat_index(a: int, b: int, c: int) -> int:
    """The flat-table index of three card ids.

    >>> flat_index(0, 1, 2)
    66
    """
    return (a << 12) | (b << 6) | c


@dataclass(frozen=True, slots=True)
class Analysis:
    """What a classifier says about one three-card hand (before dense ranking)."""

    key: tuple[int, ...]
    category: str
    description: str
    kept: tuple[Card, ...]
    wilds: tuple[tuple[Card, Card], ...] = ()


class Strength:
    """The strength of a hand under one ranking: comparable, hashable, self-describing.

    Strengths of the same ranking compare with ``<``, ``==`` and friends; equal
    strengths are real ties.  Comparing strengths of different rankings raises
    :class:`TypeError`.

    >>> from bragkit.hands import get_ranking
    >>> s = get_ranking("modern").evaluate("7s 7h Qd")
    >>> s.category, s.description
    ('pair', 'Pair of sevens, queen kicker')
    >>> s == get_ranking("modern").evaluate("7d 7c Qs")
    True
    """

    __slots__ = ("category", "description", "discarded", "kept", "key", "ranking", "wilds")

    ranking: Ranking
    key: tuple[int, ...]
    category: str
    description: str
    kept: tuple[Card, ...]
    discarded: tuple[Card, ...]
    wilds: tuple[tuple[Card, Card], ...]

    def __init__(
        self,
        ranking: Ranking,
        key: tuple[int, ...],
        category: str,
        description: str,
        kept: tuple[Card, ...],
        discarded: tuple[Card, ...] = (),
        wilds: tuple[tuple[Card, Card], ...] = (),
    ) -> None:
        self.ranking = ranking
        self.key = key
        self.category = category
        self.description = description
        self.kept = kept
        self.discarded = discarded
        self.wilds = wilds

    @property
    def rank(self) -> int:
        """The dense ordinal of the kept three cards (0 = weakest), as on the fast path."""
        return self.key[0]

    def _other_key(self, other: object) -> tuple[int, ...]:
        if not isinstance(other, Strength):
            raise TypeError(f"cannot compare a Strength with {type(other).__name__}")
        if other.ranking is not self.ranking and other.ranking.spec != self.ranking.spec:
            raise TypeError(
                f"cannot compare strengths of different rankings: "
                f"{self.ranking.spec} and {other.ranking.spec}"
            )
        return other.key

    def __lt__(self, other: Strength) -> bool:
        return self.key < self._other_key(other)

    def __le__(self, other: Strength) -> bool:
        return self.key <= self._other_key(other)

    def __gt__(self, other: Strength) -> bool:
        return self.key > self._other_key(other)

    def __ge__(self, other: Strength) -> bool:
        return self.key >= self._other_key(other)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Strength):
            return NotImplemented
        return self.key == other.key and self.ranking.spec == other.ranking.spec

    def __hash__(self) -> int:
        return hash((self.ranking.spec, self.key))

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready summary."""
        return {
            "category": self.category,
            "description": self.description,
            "kept": format_cards(self.kept),
            "discarded": format_cards(self.discarded),
            "wilds": {str(w): str(c) for w, c in self.wilds},
        }

    def __repr__(self) -> str:
        extra = f", discarding {format_cards(self.discarded)}" if self.discarded else ""
        return f"<Strength {self.ranking.name}: {self.description}{extra}>"


class Ranking(ABC):
    """A ranking of three-card hands over a pack, with precomputed tables.

    Subclasses implement :meth:`analyse` and set ``name``, ``categories`` and
    ``hand_sizes``.  Tables are built on first use (a few tens of
    milliseconds) and kept for the life of the ranking object;
    :func:`bragkit.hands.get_ranking` caches ranking objects.
    """

    name: ClassVar[str] = "abstract"
    categories: tuple[str, ...] = ()
    """Category names, best first."""
    hand_sizes: tuple[int, ...] = (3,)
    """Hand sizes :meth:`evaluate` accepts."""

    def __init__(self, options: dict[str, Any], pack: Sequence[Card]) -> None:
        self.options: Final = dict(options)
        self.full_options: dict[str, Any] = dict(options)
        """Every option, defaults included (set by :func:`bragkit.hands.get_ranking`)."""
        self.pack: Final = tuple(pack)
        opts = ",".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        self.spec: Final = f"{self.name}({opts})" if opts else self.name
        self._pack_ids = frozenset(card.id for card in self.pack)
        self._flat_rank: list[int] | None = None
        self._flat_strength: list[Strength | None] = []
        self._flat_array: array.array[int] | None = None
        self._category_of_rank: list[str] = []
        self._np_flat: npt.NDArray[np.int16] | None = None

    def accepts(self, size: int) -> bool:
        """Whether :meth:`evaluate` takes hands of ``size`` cards.

        >>> from bragkit.hands import get_ranking
        >>> get_ranking("modern").accepts(5), get_ranking("foster").accepts(4)
        (True, False)
        """
        return size in self.hand_sizes

    # ------------------------------------------------------------------ API for subclasses
    @abstractmethod
    def analyse(self, cards: tuple[Card, Card, Card]) -> Analysis:
        """Classify one three-card hand (slow; used to build the tables)."""

    def classify(self, cards: tuple[Card, Card, Card]) -> tuple[tuple[int, ...], str]:
        """The key and category of three cards; override with a faster path if useful."""
        info = self.analyse(cards)
        return info.key, info.category

    # ------------------------------------------------------------------ tables
    def _build(self) -> list[int]:
        path = tables.cache_file(self.spec, tuple(sorted(self._pack_ids)), type(self))
        table = tables.load(path, self.spec)
        if table is None:
            table = self._classify_all()
            tables.store(path, self.spec, table)
        self._flat_array = table.flat
        self._category_of_rank = list(table.categories)
        self._flat_strength = [None] * _FLAT_SIZE
        flat = table.flat.tolist()
        self._flat_rank = flat
        return flat

    def _classify_all(self) -> tables.RankTable:
        """Classify every three-card hand of the pack (slow: the tables are cached on disk)."""
        ids = sorted(self._pack_ids)
        cards = {i: card_from_id(i) for i in ids}
        classify = self.classify
        combos = list(itertools.combinations(ids, 3))
        classified = [classify((cards[a], cards[b], cards[c])) for a, b, c in combos]
        distinct = sorted({key for key, _ in classified})
        ordinal = {key: i for i, key in enumerate(distinct)}
        category_of_rank = [""] * len(distinct)
        flat = array.array("h", [-1]) * _FLAT_SIZE
        for (a, b, c), (key, category) in zip(combos, classified, strict=True):
            r = ordinal[key]
            category_of_rank[r] = category
            flat[(a << 12) | (b << 6) | c] = r
            flat[(a << 12) | (c << 6) | b] = r
            flat[(b << 12) | (a << 6) | c] = r
            flat[(b << 12) | (c << 6) | a] = r
            flat[(c << 12) | (a << 6) | b] = r
            flat[(c << 12) | (b << 6) | a] = r
        return tables.RankTable(flat, tuple(category_of_rank))

    @property
    def flat_table(self) -> list[int]:
        """The flat ordinal table: ``flat_table[flat_index(a, b, c)]``, -1 where invalid."""
        flat = self._flat_rank
        return flat if flat is not None else self._build()

    @property
    def class_count(self) -> int:
        """Number of distinct strengths of three-card hands (741 for ``modern``)."""
        self.flat_table  # noqa: B018 - builds the tables
        return len(self._category_of_rank)

    def category_of_rank(self, rank: int) -> str:
        """The category of a three-card dense ordinal.

        >>> from bragkit.hands import get_ranking
        >>> m = get_ranking("modern")
        >>> m.category_of_rank(m.class_count - 1)
        'prial'
        """
        self.flat_table  # noqa: B018 - builds the tables
        return self._category_of_rank[rank]

    # ------------------------------------------------------------------ fast paths
    def rank3(self, a: int, b: int, c: int) -> int:
        """The dense ordinal of three card ids (higher is better); -1 for an invalid hand.

        >>> from bragkit.hands import get_ranking
        >>> m = get_ranking("modern")
        >>> m.rank3(51, 47, 43) > m.rank3(0, 4, 9)   # As Ks Qs vs 2c 3c 4d
        True
        """
        return self.flat_table[(a << 12) | (b << 6) | c]

    def ids_ranker(self) -> Callable[[Sequence[int]], int]:
        """A fast function ``f((a, b, c)) -> int`` over card-id triples (no validation).

        It indexes a dense table with stride ``len(pack)`` (smaller than the
        flat table, so faster).  Repeated ids give -1; ids outside the pack are
        not checked.

        >>> from bragkit.hands import get_ranking
        >>> rank = get_ranking("modern").ids_ranker()
        >>> rank((51, 47, 43)) > rank((0, 4, 9))
        True
        """
        flat = self.flat_table
        n = max(self._pack_ids) + 1
        n2 = n * n
        dense = [flat[(a << 12) | (b << 6) | c]
                 for a in range(n) for b in range(n) for c in range(n)]
        if n == 52:
            def rank52(hand: Sequence[int]) -> int:
                a, b, c = hand
                return dense[a * 2704 + b * 52 + c]

            return rank52

        def rank(hand: Sequence[int]) -> int:
            a, b, c = hand
            return dense[a * n2 + b * n + c]

        return rank

    # ------------------------------------------------------------------ public evaluation
    def evaluate(self, cards: CardsLike) -> Strength:
        """The :class:`Strength` of a hand given as cards, text or ids.

        >>> from bragkit.hands import get_ranking
        >>> get_ranking("modern").evaluate("Ah 2h 3h").description
        'Running flush A-2-3'
        """
        if type(cards) is tuple and len(cards) == 3:
            a, b, c = cards
            if type(a) is Card and type(b) is Card and type(c) is Card:
                i = (a.id << 12) | (b.id << 6) | c.id
                try:
                    found = self._flat_strength[i]
                except IndexError:
                    found = None
                if found is not None:
                    return found
        hand = parse_cards(cards)
        self._check(hand)
        if len(hand) == 3:
            return self._strength3(hand)
        return self._evaluate_more(hand)

    def _check(self, hand: tuple[Card, ...]) -> None:
        if len(hand) not in self.hand_sizes:
            words = [str(n) for n in self.hand_sizes]
            wanted = words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"
            raise CardError(
                f"a {self.name} hand needs {wanted} cards, got {len(hand)} "
                f"in {format_cards(hand)!r}")
        for card in hand:
            if card.id not in self._pack_ids:
                raise CardError(f"card {str(card)!r} is not in the pack of {self.spec}")

    def _strength3(self, hand: tuple[Card, ...]) -> Strength:
        flat = self.flat_table
        a, b, c = hand
        i = (a.id << 12) | (b.id << 6) | c.id
        found = self._flat_strength[i]
        if found is not None:
            return found
        info = self.analyse((a, b, c))
        strength = Strength(self, (flat[i],), info.category, info.description, info.kept,
                            (), info.wilds)
        for x, y, z in itertools.permutations((a.id, b.id, c.id)):
            self._flat_strength[(x << 12) | (y << 6) | z] = strength
        return strength

    def _evaluate_more(self, hand: tuple[Card, ...]) -> Strength:
        raise CardError(f"{self.name} ranks three-card hands only")

    # ------------------------------------------------------------------ batch (numpy)
    def numpy_table(self) -> npt.NDArray[np.int16]:
        """The flat ordinal table as a numpy ``int16`` array of ``64**3`` entries (built once).

        >>> from bragkit.hands import get_ranking
        >>> get_ranking("modern").numpy_table().shape
        (262144,)
        """
        found = self._np_flat
        if found is None:
            import numpy as np

            self.flat_table  # noqa: B018 - builds the tables
            assert self._flat_array is not None
            found = np.frombuffer(self._flat_array, dtype=np.int16).copy()
            found.flags.writeable = False
            self._np_flat = found
        return found

    def rank_batch(self, hands: npt.ArrayLike) -> npt.NDArray[np.int16]:
        """Dense ordinals of an ``(N, 3)`` array of card ids, in one numpy gather.

        One ``int32`` index is built in place, ``(a * 64 + b) * 64 + c``, from the
        columns as they are (any integer dtype, no copy of the array), then the
        flat table is gathered once, 16,384 rows at a time so that the index stays
        in the CPU cache.  No validation: rows of invalid or repeated ids give -1;
        ids must lie in ``0..63``.

        >>> import numpy as np
        >>> from bragkit.hands import get_ranking
        >>> m = get_ranking("modern")
        >>> r = m.rank_batch(np.array([[51, 47, 43], [0, 4, 9], [5, 5, 7]], dtype=np.int8))
        >>> bool(r[0] > r[1]), int(r[2])
        (True, -1)
        """
        import numpy as np

        arr = np.asarray(hands)
        if arr.ndim != 2 or arr.shape[1] != 3:
            raise CardError(f"rank_batch needs an (N, 3) array, got shape {arr.shape}")
        if arr.dtype.kind not in "iu":
            raise CardError(f"rank_batch needs integer card ids, got {arr.dtype}")
        return self.take3(arr[:, 0], arr[:, 1], arr[:, 2])

    def take3(self, a: npt.NDArray[np.integer[Any]], b: npt.NDArray[np.integer[Any]],
              c: npt.NDArray[np.integer[Any]]) -> npt.NDArray[np.int16]:
        """Dense ordinals of the hands ``(a[i], b[i], c[i])``, given as integer id columns.

        >>> import numpy as np
        >>> from bragkit.hands import get_ranking
        >>> m = get_ranking("modern")
        >>> a, b, c = np.array([51, 0]), np.array([47, 4]), np.array([43, 9])
        >>> m.take3(a, b, c).tolist() == [m.rank3(51, 47, 43), m.rank3(0, 4, 9)]
        True
        """
        import numpy as np

        table = self.numpy_table()
        size = len(a)
        result: npt.NDArray[np.int16] = np.empty(size, dtype=np.int16)
        index = np.empty(min(size, _CHUNK), dtype=np.int32)
        for start in range(0, size, _CHUNK):
            stop = min(start + _CHUNK, size)
            part = index[:stop - start]
            np.left_shift(a[start:stop], 6, out=part, dtype=np.int32, casting="unsafe")
            np.add(part, b[start:stop], out=part, casting="unsafe")
            part <<= 6
            np.add(part, c[start:stop], out=part, casting="unsafe")
            table.take(part, out=result[start:stop], mode="clip")
        return result

    def __repr__(self) -> str:
        return f"<Ranking {self.spec}>"
