"""One seat's account of a history: only what that seat was allowed to see.

A hand history is the full record: ``brag replay`` prints every hand dealt, shown or not.
:func:`seat_history` (``brag replay FILE --as p2``) is built from the seat's own view of
each deal instead (``state.view(seat)``, the path every game's seat views take): the seat's
own cards once it has seen them, other hands only where the rules showed them to it (a see,
a showdown, a side show it took part in, the face-up stub, a public exchange), and the
deal's events as the seat saw them, hidden cards marked ``(hidden)``.  It does not list the
action strings, which can name cards the seat never saw (another seat's discards).

>>> from bragkit.history.format import loads
>>> h = loads('{"rules": "modern", "stacks": [10, 10], "dealer": "p1", "seed": 1, '
...           '"deals": [["p2 look", "p2 bet 1", "p1 fold"]]}')
>>> deal = seat_history(h, 0)["deals"][0]
>>> deal["own"], deal["shown"], deal["winners"]
(None, {}, ['p2'])
>>> own = seat_history(h, 1)["deals"][0]["own"]
>>> len(own.split()), "(hidden)" in seat_history(h, 1)["deals"][0]["events"][4]
(3, True)
"""

from __future__ import annotations

from typing import Any

from bragkit.engine.pack import pack_text
from bragkit.errors import HistoryError
from bragkit.explain.results import explain_lines
from bragkit.history.format import HandHistory
from bragkit.history.replay import ReplayResult, open_session, play_deals

__all__ = ["seat_deal", "seat_deal_lines", "seat_history", "seat_text"]

_OWN_KINDS = frozenset({"deal", "look"})
"""Event kinds whose cards, when the seat may see them and the event is its own, are its own
hand (its latest such event wins; discards and reveals are not)."""


def seat_deal(final: Any, seat: int, number: int, variant: str | None = None
              ) -> dict[str, Any]:
    """Deal ``number`` (0-based) as ``seat`` (0-based) saw it, from ``final.view(seat)``.

    Keys: ``number``, ``dealer``, ``variant``, ``seat``, ``own`` (the seat's hand as it
    last saw it, None while it never looked), ``shown`` (other seats' cards shown to it),
    ``events`` (the event log as it saw it), ``winners``, ``net``, ``finished`` and ``why``
    (:func:`bragkit.explain.explain_lines`: the hands shown named and the reasons, in plain
    English, from the seat's own view).
    """
    view = final.view(seat)
    own: str | None = None
    events: list[str] = []
    for e in view.events:
        hidden = e.cards is None and e.visible_to is not None
        events.append(f"{e} (hidden)" if hidden else str(e))
        if e.seat == seat and e.cards and e.kind in _OWN_KINDS:
            own = pack_text(e.cards)
    if view.own_cards is not None:
        own = " ".join(str(c) for c in view.own_cards)
    shown = {f"p{s + 1}": " ".join(str(c) for c in cards)
             for s, cards in sorted(view.shown.items()) if s != seat}
    first = final.first()
    n = final.n
    paid = getattr(first, "paid", (0,) * n)
    bought = getattr(final, "bought", (0,) * n)
    net = {f"p{s + 1}": final.stacks[s] - first.stacks[s] - paid[s] - bought[s]
           for s in range(n)}
    return {
        "number": number + 1,
        "dealer": f"p{final.dealer + 1}",
        "variant": variant,
        "seat": f"p{seat + 1}",
        "own": own,
        "shown": shown,
        "events": events,
        "winners": [f"p{s + 1}" for s in getattr(final, "winners", ())],
        "net": net,
        "finished": final.is_over,
        "why": explain_lines(final.rules, final.events, seat),
    }


def seat_deal_lines(deal: dict[str, Any]) -> list[str]:
    """The text lines of one :func:`seat_deal` account."""
    lines = [f"Deal {deal['number']} (dealer {deal['dealer']}) as {deal['seat']}"
             + (f", variant {deal['variant']}" if deal["variant"] else ""),
             f"  {deal['seat']} (you): {deal['own'] or 'not seen'}"]
    lines.extend(f"  shown {s}: {cards}" for s, cards in deal["shown"].items())
    lines.extend(f"    {event}" for event in deal["events"])
    lines.extend(f"  why: {note}" for note in deal.get("why", ()))
    if deal["winners"]:
        lines.append(f"  winners: {', '.join(deal['winners'])}")
    if not deal["finished"]:
        lines.append("  (deal in progress)")
    return lines


def seat_history(history: HandHistory, seat: int) -> dict[str, Any]:
    """The whole of ``history`` as ``seat`` (0-based) was allowed to see it: ``rules``,
    ``seat``, the final ``stacks`` and ``pot``, and ``deals`` (:func:`seat_deal` each).
    For a long history, :func:`bragkit.history.stream.replay_to` writes the same deal by
    deal in bounded memory."""
    if not 0 <= seat < len(history.stacks):
        raise HistoryError(f"--as p{seat + 1}: the history has seats p1..p{len(history.stacks)}")
    deals: list[dict[str, Any]] = []
    table = open_session(history, keep_states=False, keep_records=0,
                         on_record=lambda r, final: deals.append(
                             seat_deal(final, seat, r.number, r.choice)))
    play_deals(table, history.deals)
    if table.state is not None and table.state.actions:
        deals.append(seat_deal(table.state, seat, table.deal_no))
    totals = ReplayResult(history, table).totals()
    return {"rules": history.rules_spec, "seat": f"p{seat + 1}", **totals, "deals": deals}


def seat_text(history: HandHistory, seat: int) -> str:
    """:func:`seat_history` as readable text (what ``brag replay FILE --as pN`` prints)."""
    data = seat_history(history, seat)
    lines = [line for deal in data["deals"] for line in seat_deal_lines(deal)]
    lines.append(ReplayResult.footer(data))
    return "\n".join(lines)
