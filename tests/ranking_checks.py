"""Checks shared by the ranking tests: comparisons and the total-preorder property."""

from __future__ import annotations

from hypothesis import strategies as st

from bragkit.hands import Ranking

hands3 = st.lists(st.integers(0, 51), min_size=3, max_size=3, unique=True).map(tuple)
"""Three distinct card ids."""


def cmp(ranking: Ranking, a: str, b: str) -> int:
    """1, 0 or -1 as hand ``a`` beats, ties or loses to hand ``b``."""
    x, y = ranking.evaluate(a), ranking.evaluate(b)
    return (x > y) - (x < y)


def permute_suits(hand: tuple[int, ...], perm: list[int]) -> tuple[int, ...]:
    """The hand with its suits renamed by ``perm``."""
    return tuple((i // 4) * 4 + perm[i % 4] for i in hand)


def check_preorder(ranking: Ranking, a: tuple[int, ...], b: tuple[int, ...],
                   c: tuple[int, ...]) -> None:
    """Exactly one of <, ==, >; transitivity; equal means equal hashes; the fast path
    agrees with ``evaluate``; a better category always wins."""
    x, y, z = (ranking.evaluate(h) for h in (a, b, c))
    assert [x < y, x == y, x > y].count(True) == 1
    if x <= y and y <= z:
        assert x <= z
    if x <= y and y <= x:
        assert x == y and hash(x) == hash(y)
    ra, rb = ranking.rank3(*a), ranking.rank3(*b)
    assert (ra > rb) - (ra < rb) == (x > y) - (x < y)
    cat = ranking.categories.index
    if cat(x.category) < cat(y.category):
        assert x > y
