"""Who is dealt into a Commerce deal (docs/commerce.md, "Who plays").

>>> from bragkit.rules import get_preset
>>> eligible(get_preset("commerce"), (5, 0, 5), 0, None), dealer_need(get_preset("commerce"), 4)
((True, False, True), 3)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bragkit.rules import Rules

__all__ = ["dealer_need", "eligible", "full_table"]


def eligible(rules: Rules, stacks: tuple[int, ...], dealer: int,
             lives: tuple[int, ...] | None) -> tuple[bool, ...]:
    """The seats that can be dealt in (see docs/commerce.md, "Who plays").

    Trade game: every seat that can pay ``stake``; the dealer must be able to cover his
    largest possible payments.  Widow game with lives: seats with lives (the first deal:
    seats that can pay the entry).  Widow game with stakes: seats that can pay every other.

    >>> from bragkit.rules import get_preset
    >>> eligible(get_preset("commerce"), (5, 0, 5), 0, None)
    (True, False, True)
    """
    n = len(stacks)
    if rules.game == "commerce-widow":
        if rules.widow_scoring == "lives":
            if lives is not None:
                return tuple(v > 0 for v in lives)
            return tuple(s >= rules.stake for s in stacks)
        seated = [True] * n
        while True:
            need = rules.stake * (sum(seated) - 1)
            nxt = [seated[s] and stacks[s] >= need for s in range(n)]
            if nxt == seated:
                return tuple(seated)
            seated = nxt
    seated = [s >= rules.stake for s in stacks]
    seated[dealer] = stacks[dealer] >= dealer_need(rules, sum(seated) + (not seated[dealer]))
    return tuple(seated)


def dealer_need(rules: Rules, k: int) -> int:
    """Chips the trade-game dealer must hold to deal to ``k`` players (his worst case).

    >>> from bragkit.rules import get_preset
    >>> dealer_need(get_preset("commerce"), 4)    # 2 into the pool, 1 to the winner
    3
    """
    pays = rules.stake if rules.dealer_pays_winner is None else rules.dealer_pays_winner
    winners = k - 1 if rules.commerce_exact_tie == "split" else 1
    return (rules.stake * (2 if rules.dealer_pays_double else 1) + pays * winners
            + (k - 1 if rules.banker_penalty_all else 0))


def full_table(rules: Rules, n: int) -> tuple[int, int, bool]:
    """``(floor, dealer_floor, by_lives)``: :func:`eligible` deals every one of ``n`` seats
    in, whoever deals, when every stack holds at least ``floor`` and the dealer's at least
    ``dealer_floor`` (lives not given, or not ``by_lives``), or when ``by_lives`` and every
    seat has a life (a lives session under way: stacks do not matter).  A sufficient test
    (the table's fast path), not a necessary one.

    >>> from bragkit.rules import get_preset
    >>> full_table(get_preset("commerce"), 4), full_table(get_preset("commerce-widow"), 4)
    ((1, 3, False), (3, 3, True))
    >>> full_table(get_preset("commerce-widow-stakes"), 4)
    (3, 3, False)
    """
    if n < 2:  # (no deal of one seat: never the fast path)
        return 1 << 62, 1 << 62, False
    if rules.game == "commerce-widow":
        if rules.widow_scoring == "lives":
            return rules.stake, rules.stake, True
        return rules.stake * (n - 1), rules.stake * (n - 1), False
    return rules.stake, max(rules.stake, dealer_need(rules, n)), False
