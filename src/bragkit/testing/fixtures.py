"""Helpers for tests: packs that deal chosen hands.

>>> from bragkit.rules import get_preset
>>> from bragkit.engine import BragState, pack_text
>>> pack = stacked_pack(get_preset("modern"), 3, 0, {1: "As Ks Qs", 0: "2c 2d 2h"})
>>> pack_text(pack[:9])
'As 2s 2c Ks 3c 2d Qs 3d 2h'
"""

from __future__ import annotations

from bragkit.cards import parse_cards
from bragkit.engine.pack import fresh_pack
from bragkit.errors import CardError
from bragkit.rules import Rules

__all__ = ["stacked_pack"]


def stacked_pack(rules: Rules, n: int, dealer: int, hands: dict[int, str], *,
                 seats: list[int] | None = None, rest: str = "") -> tuple[int, ...]:
    """A pack (card ids, top first) that deals ``hands[seat]`` to each listed seat (0-based).

    Cards go one at a time clockwise from the dealer's left to ``seats`` (default: every
    seat); seats without a given hand get the lowest unused cards; ``rest`` fixes the order
    of the top of the remaining stub.
    """
    k = rules.cards
    order = [(dealer + i) % n for i in range(1, n + 1)]
    if seats is not None:
        order = [s for s in order if s in seats]
    wanted = {s: [c.id for c in parse_cards(text)] for s, text in hands.items()}
    used = [c for cards in wanted.values() for c in cards]
    stub_top = [c.id for c in parse_cards(rest)] if rest else []
    used += stub_top
    if len(used) != len(set(used)):
        raise CardError("a card is given twice")
    spare = [c for c in fresh_pack(rules) if c not in set(used)]
    for s in order:
        if s not in wanted:
            wanted[s] = [spare.pop(0) for _ in range(k)]
        elif len(wanted[s]) != k:
            raise CardError(f"seat {s} needs {k} cards")
    pack = [wanted[s][r] for r in range(k) for s in order]
    return tuple(pack + stub_top + spare)
