"""Packs as tuples of card ids, top card first: building, shuffling, parsing; and
:func:`new_rng`, the one place a table's generator of chance is made.

>>> import random
>>> from bragkit.rules import get_preset
>>> p = shuffled_pack(get_preset("modern"), random.Random(3))
>>> len(p), len(set(p))
(52, 52)
>>> len(shuffled_pack(get_preset("modern-jokers"), random.Random(3)))
54
>>> pack_from_text("As Kd", get_preset("modern"))
Traceback (most recent call last):
...
bragkit.errors.CardError: the pack must hold all 52 cards once: 50 missing (2c ...)
"""

from __future__ import annotations

import random
import secrets
from typing import Final

from bragkit.cards import card_from_id, format_cards, parse_cards, short_pack
from bragkit.errors import CardError
from bragkit.rules import Rules

__all__ = ["PACK_ONLY_SEED", "card_text", "fresh_pack", "new_rng", "pack_from_text", "pack_text",
           "shuffle_ids", "shuffled_pack"]

PACK_ONLY_SEED: Final = 0
"""The seed of the shuffles a hand history needs but does not give, when it gives a
``"pack"`` and no ``"seed"`` (a rule of the history format, for hand-written files: bragkit
writes the pack of every shuffle its deals use)."""


def new_rng(seed: int | None = None) -> random.Random:
    """The generator of a table's chance: ``random.Random(seed)`` when a seed is asked for
    (the deals are then predictable by anyone who knows it), else ``secrets.SystemRandom()``
    (the operating system's entropy: no state to print, store or recover).

    >>> new_rng(5).random() == random.Random(5).random()
    True
    >>> isinstance(new_rng(), secrets.SystemRandom)
    True
    """
    if seed is None:
        return secrets.SystemRandom()
    return random.Random(seed)


def card_text(card_id: int) -> str:
    """The text of one card id; jokers are numbered (``X1``, ``X2``) so they round-trip.

    >>> card_text(51), card_text(53)
    ('As', 'X2')
    """
    if card_id >= 52:
        return f"X{card_id - 51}"
    return str(card_from_id(card_id))


_FRESH: Final[dict[tuple[bool, int], tuple[int, ...]]] = {}
"""``(short_pack, pack_size)`` -> the pack in id order (an immutable value, built once)."""


def fresh_pack(rules: Rules) -> tuple[int, ...]:
    """The pack of ``rules`` in id order (52 cards, plus jokers when they are wild).

    >>> from bragkit.rules import get_preset
    >>> len(fresh_pack(get_preset("modern"))), len(fresh_pack(get_preset("commerce-32")))
    (52, 32)
    """
    short, size = rules.short_pack, rules.pack_size
    found = _FRESH.get((short, size))
    if found is None:
        # Commerce's 32-card pack (bragkit.cards.short_pack()), else ids 0 .. size - 1
        found = tuple(c.id for c in short_pack()) if short else tuple(range(size))
        _FRESH[short, size] = found
    return found


_PLAIN: Final = (random.Random, secrets.SystemRandom)
_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}
"""Pack size -> the Fisher-Yates steps ``(i, i + 1, bits of i + 1)``, last position first."""


def shuffle_ids(rng: random.Random, cards: list[int]) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` does (the same order from
    the same generator state), about three times faster: the standard library's
    Fisher-Yates with its rejection sampling from ``getrandbits`` written inline.  Another
    kind of generator (a subclass) shuffles with its own ``shuffle``.

    >>> a, b = list(range(52)), list(range(52))
    >>> shuffle_ids(random.Random(9), a); random.Random(9).shuffle(b)
    >>> a == b, sorted(a) == list(range(52))
    (True, True)
    """
    if type(rng) not in _PLAIN:
        rng.shuffle(cards)
        return
    steps = _STEPS.get(len(cards))
    if steps is None:
        steps = _STEPS[len(cards)] = tuple((i, i + 1, (i + 1).bit_length())
                                           for i in range(len(cards) - 1, 0, -1))
    bits = rng.getrandbits
    for i, n, k in steps:
        j = bits(k)
        while j >= n:
            j = bits(k)
        cards[i], cards[j] = cards[j], cards[i]


def shuffled_pack(rules: Rules, rng: random.Random) -> tuple[int, ...]:
    """A freshly shuffled pack drawn with the injected ``rng``."""
    cards = list(fresh_pack(rules))
    rng.shuffle(cards)
    return tuple(cards)


def pack_from_text(text: str, rules: Rules, *, partial: bool = False) -> tuple[int, ...]:
    """Parse a whole pack (top card first) and check it is exactly the pack of ``rules``.

    ``partial`` only checks that no card is repeated: a later shuffle may lack a retained
    hand, or hold jokers a dealer's choice added; the session checks it when it is used.
    """
    ids = tuple(c.id for c in parse_cards(text))
    if partial:
        return ids
    want = set(fresh_pack(rules))
    missing = sorted(want - set(ids))
    extra = sorted(set(ids) - want)
    if missing or extra or len(ids) != len(want):
        parts = []
        if missing:
            shown = format_cards(card_from_id(c) for c in missing[:1])
            parts.append(f"{len(missing)} missing ({shown} ...)")
        if extra:
            parts.append(f"not in this pack: {format_cards(card_from_id(c) for c in extra)}")
        raise CardError(f"the pack must hold all {len(want)} cards once: " + "; ".join(parts))
    return ids


def pack_text(pack: tuple[int, ...] | list[int]) -> str:
    """Card ids as text, in order: a pack (top card first), a hand, a set of discards.

    >>> pack_text((51, 52))
    'As X1'
    """
    return " ".join(card_text(c) for c in pack)
