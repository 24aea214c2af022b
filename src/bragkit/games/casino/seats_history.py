"""Histories of casino tables of several seats (:mod:`bragkit.games.casino.seats`): the same
casino history format (``docs/history-format.md``, "Casino histories") with one stack per seat
in ``"stacks"``; their replay (``brag replay``) and one seat's account of them (only what
that seat saw), which the card room hands out.

>>> from bragkit.games.casino.history import loads_casino
>>> h = loads_casino('{"rules": "casino", "stacks": [30, 30], "seed": 4, "deals": '
...                  '[["p1 ante 5", "p1 deal", "p2 ante 5", "p2 deal", "p1 fold", "p2 fold"]]}')
>>> h.stacks, replay_seats(h).stacks
((30, 30), (25, 25))
>>> seats_summary(h)["deals"][0]["net"]
{'p1': -5, 'p2': -5}
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TextIO

from bragkit.cards import format_cards, parse_cards
from bragkit.engine.pack import PACK_ONLY_SEED, new_rng
from bragkit.errors import BragError, HistoryError
from bragkit.games.casino.history import CasinoHistory, loads_casino
from bragkit.games.casino.seats import CasinoSeatsSession, CasinoSeatsState
from bragkit.games.casino.state import HOUSE
from bragkit.games.casino.table import play_casino_deals
from bragkit.games.casino.table import replay_history as replay_one_seat

__all__ = ["replay_history", "replay_seats", "replay_seats_to", "seat_account", "seat_account_to",
           "seats_summary"]


def _ids(text: str) -> tuple[int, ...]:
    """A whole pack's card ids, top first (a table of several seats writes whole packs)."""
    return tuple(c.id for c in parse_cards(text))


def replay_seats(history: CasinoHistory, *, keep_records: int | None = None,
                 on_record: Any = None) -> CasinoSeatsSession:
    """Re-play a history of several seats; a malformed or illegal action, or a bad pack,
    raises one :class:`~bragkit.errors.HistoryError` naming it."""
    try:
        rng = None if history.seed is not None else new_rng(PACK_ONLY_SEED)
        table = CasinoSeatsSession(history.rules, history.stacks, seed=history.seed, rng=rng,
                                   pack=_ids(history.pack) if history.pack else None,
                                   shuffles=[_ids(p) for p in history.shuffles],
                                   keep_records=keep_records, on_record=on_record)
    except BragError as error:
        raise HistoryError(f"bad history: {error}") from None
    play_casino_deals(table, history.deals, lambda: table.deal_no)
    return table


def _seat(s: int) -> str:
    return "dealer" if s == HOUSE else f"p{s + 1}"


def hand_dict(number: int, final: CasinoSeatsState, actions: Sequence[str]) -> dict[str, Any]:
    """One hand as a JSON-ready dict (every hand dealt: a history's full account)."""
    n = final.n
    hands = {f"p{s + 1}": format_cards(h.player) for s, h in enumerate(final.hands)
             if h is not None}
    if final.hands and any(h is not None for h in final.hands):
        hands["dealer"] = format_cards(final.cards[3 * n:3 * n + 3])
    return {
        "number": number + 1, "dealer": "house", "hands": hands,
        "shown": {_seat(s): format_cards(c) for s, c in sorted(final.shown_to(-2).items())},
        "actions": list(actions),
        "outcomes": {f"p{s + 1}": st.outcome for s, st in enumerate(final.settlements)
                     if st is not None},
        "net": {f"p{s + 1}": r for s, r in enumerate(final.returns())},
        "stacks": list(final.stacks), "finished": final.is_over,
    }


def seats_summary(history: CasinoHistory) -> dict[str, Any]:
    """The replay as a JSON-ready dict: ``rules``, ``game``, ``stacks`` (final), ``pot``,
    ``deals`` (:func:`hand_dict` each; a hand in progress last), ``over``."""
    deals: list[dict[str, Any]] = []
    table = replay_seats(history, keep_records=0, on_record=lambda r, final: deals.append(
        hand_dict(r.number, final, r.actions)))
    if not table.over and table.state.actions:
        deals.append(hand_dict(table.deal_no, table.state, table.current_actions()))
    stacks = list(table.stacks if table.over else table.state.stacks)
    return {"rules": history.rules_spec, "game": "casino", "stacks": stacks,
            "stacks_by_seat": {f"p{s + 1}": c for s, c in enumerate(stacks)},
            "pot": 0 if table.over else table.state.pot, "deals": deals, "debts": [],
            "over": table.over}


def replay_seats_to(out: TextIO, history: CasinoHistory, *, as_json: bool) -> None:
    """Write the account of a history of several seats (``brag replay``): the JSON of
    :func:`seats_summary`, or readable text."""
    data = seats_summary(history)
    if as_json:
        out.write(json.dumps(data, indent=2) + "\n")
        return
    for deal in data["deals"]:
        out.write(f"Hand {deal['number']}\n")
        for seat, cards in deal["hands"].items():
            out.write(f"  {seat}: {cards}\n")
        out.writelines(f"    {a}\n" for a in deal["actions"])
        if deal["finished"]:
            nets = ", ".join(f"{s} {deal['outcomes'].get(s, 'out').replace('_', ' ')} "
                             f"{v:+d}" for s, v in deal["net"].items())
            out.write(f"  {nets}\n")
        else:
            out.write("  (hand in progress)\n")
    stacks = ", ".join(f"{s} {c}" for s, c in data["stacks_by_seat"].items())
    out.write(f"Stacks: {stacks}; chips on the table: {data['pot']}\n")


def seat_account(history: CasinoHistory, seat: int) -> dict[str, Any]:
    """The whole of ``history`` as ``seat`` (0-based) was allowed to see it: per hand its
    own cards, the hands shown to it (the dealer's and the played ones, once over), the
    events as it saw them (hidden cards marked), and each seat's net."""
    if not 0 <= seat < len(history.stacks):
        raise HistoryError(f"p{seat + 1}: the history has seats p1..p{len(history.stacks)}")
    deals: list[dict[str, Any]] = []

    def one(number: int, final: CasinoSeatsState) -> None:
        view = final.view(seat)
        deals.append({
            "number": number + 1, "dealer": "house", "seat": f"p{seat + 1}",
            "own": format_cards(view.own_cards) if view.own_cards else None,
            "shown": {_seat(s): format_cards(c) for s, c in sorted(view.shown.items())},
            "events": [f"{e} (hidden)" if e.cards is None and e.visible_to is not None
                       else str(e) for e in view.events],
            "net": {f"p{s + 1}": r for s, r in enumerate(final.returns())},
            "finished": final.is_over})

    table = replay_seats(history, keep_records=0, on_record=lambda r, f: one(r.number, f))
    if not table.over and table.state.actions:
        one(table.deal_no, table.state)
    stacks = list(table.stacks if table.over else table.state.stacks)
    return {"rules": history.rules_spec, "seat": f"p{seat + 1}", "game": "casino",
            "stacks": stacks, "pot": 0 if table.over else table.state.pot, "deals": deals}


def seat_account_to(out: TextIO, history: CasinoHistory, seat: int, *, as_json: bool) -> None:
    """Write :func:`seat_account` (``brag replay --as pN``): its JSON, or readable text."""
    data = seat_account(history, seat)
    if as_json:
        out.write(json.dumps(data, indent=2) + "\n")
        return
    out.write(f"What {data['seat']} was allowed to see\n")
    for deal in data["deals"]:
        out.write(f"Hand {deal['number']}\n")
        out.write(f"  your cards: {deal['own'] or '(none dealt)'}\n")
        for who, cards in deal["shown"].items():
            out.write(f"  shown, {who}: {cards}\n")
        out.writelines(f"    {e}\n" for e in deal["events"])
        if deal["finished"]:
            nets = ", ".join(f"{s} {v:+d}" for s, v in deal["net"].items())
            out.write(f"  {nets}\n")
        else:
            out.write("  (hand in progress)\n")
    stacks = ", ".join(f"p{k + 1} {c}" for k, c in enumerate(data["stacks"]))
    out.write(f"Stacks: {stacks}; chips on the table: {data['pot']}\n")


def replay_history(out: TextIO, text: str, *, as_json: bool, head: str | None = None,
                   deals: Callable[[], Iterator[object]] | None = None,
                   packs: Callable[[], Iterator[object]] | None = None,
                   seat: int | None = None) -> None:
    """Casino's :class:`~bragkit.games.spec.HistoryReader` (``brag replay``): a history of
    several seats with :func:`replay_seats_to` (read whole), one player's with
    :func:`bragkit.games.casino.table.replay_history` (hand by hand); ``seat`` (``--as``)
    writes :func:`seat_account` of a history of several seats (a one-player history shows
    its only seat everything it may see already, so ``--as p1`` prints the same account)."""
    history = loads_casino(text if head is None else head)
    if seat is not None and not 0 <= seat < len(history.stacks):
        raise HistoryError(f"--as p{seat + 1}: the history has seats "
                           f"p1..p{len(history.stacks)}")
    if seat is not None and len(history.stacks) > 1:
        seat_account_to(out, loads_casino(text), seat, as_json=as_json)
        return
    if len(history.stacks) > 1:
        replay_seats_to(out, loads_casino(text), as_json=as_json)
        return
    replay_one_seat(out, text, as_json=as_json, head=head, deals=deals, packs=packs)
