"""The catalog of table states (issue 13): table messages as the page receives them
(docs/web.md, "The table message"), each named after what it shows.  The same fixtures feed
the screenshot, axe and leak tests.  ``hidden`` lists cards dealt to other seats that the
viewer must never find in the page.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Msg = dict[str, Any]


@dataclass(frozen=True)
class Fixture:
    """One table state: its message and the cards the viewer may not see."""

    name: str
    message: Msg
    hidden: tuple[str, ...] = ()
    tags: tuple[str, ...] = field(default=())


def seat(name: str, stack: int, *, status: str = "in", looked: bool = False, put_in: int = 0,
         last: str | None = None, **extra: Any) -> Msg:
    """One seat of a message."""
    return {"name": name, "stack": stack, "status": status, "looked": looked,
            "put_in": put_in, "last": last, **extra}


def act(kind: str, cost: int = 0, *, lo: int | None = None, hi: int | None = None,
        cost_hi: int | None = None, **extra: Any) -> Msg:
    """One offered action with its exact price."""
    return {"kind": kind, "lo": lo, "hi": hi, "cost_lo": cost,
            "cost_hi": cost if cost_hi is None else cost_hi, **extra}


def base(**over: Any) -> Msg:
    """A modern Brag deal of three seats, p2 (you, seat 1) to act, blind."""
    m: Msg = {
        "title": "Friday Brag", "subtitle": "modern Brag · deal 3", "game": "modern",
        "hand_no": 3, "you": 1, "dealer": 0, "to_act": 1, "pot": 3, "stake": 2,
        "hand_size": 3,
        "seats": [seat("Alice", 98, put_in=1, last="ante 1"),
                  seat("Bob (you)", 99, put_in=1, last="ante 1"),
                  seat("Carol", 99, put_in=1, last="ante 1")],
        "own": {"cards": None, "stay_in": "to stay in: 1 (bet; you are blind: a blind bet "
                                          "counts double)"},
        "actions": [act("look", meaning="look at your cards (you stop playing blind)"),
                    act("bet", 1, lo=1, hi=10, cost_hi=10, label="bet",
                        note="you are blind: a blind bet counts double"),
                    act("fold", meaning="give up this deal")],
        "why_not": [{"kind": "see", "reason": "see needs a bet first (rules 4.4.2)"}],
        "timer": {"ms": 24000, "total_ms": 30000, "bank_ms": 60000},
        "log": ["deal 3: Alice deals", "everybody antes 1"],
        "result": [],
    }
    m.update(over)
    return m
