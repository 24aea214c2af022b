"""The full-history view of the hand-history viewer: a bragkit hand history (the host's,
once the table is closed) re-played into each deal's events, every card shown, with the
explanations of :mod:`bragkit.explain`.  A pure function of the history it is given: it
reveals nothing its caller does not already hold.

>>> import json
>>> from bragkit.engine import open_table
>>> from bragkit.history import dumps, history_of
>>> from bragkit.rules import get_preset
>>> t = open_table(get_preset("modern"), [20, 20], 0, seed=1)
>>> t.apply_move(t.to_act, "fold")
>>> deals = replay_deals(dumps(history_of(t)))
>>> deals[0]["number"], deals[0]["why"], deals[0]["stacks"]
(1, ['p1 takes the pot (2 chips): everybody else folded'], [21, 19])
"""

from __future__ import annotations

from bragkit.explain import explain_lines
from bragkit.history import loads, replay

__all__ = ["MAX_HISTORY", "replay_deals"]

MAX_HISTORY = 8 * 1024 * 1024
"""The largest history the viewer re-plays (characters)."""


def replay_deals(text: str) -> list[dict[str, object]]:
    """Each finished deal of the history ``text``: number, dealer, every event with its
    cards, the explanations and the stacks after it (a bad history raises
    :class:`~bragkit.errors.HistoryError` with one line)."""
    result = replay(loads(text))
    out: list[dict[str, object]] = []
    for record in result.session.records:
        final = record.final
        events = tuple(final.events)
        out.append({
            "number": record.number + 1, "dealer": f"p{record.dealer + 1}",
            "events": [str(e) for e in events],
            "why": list(explain_lines(final.rules, events, None)),
            "stacks": list(final.stacks),
        })
    return out
