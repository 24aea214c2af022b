"""Real deal states of every game family, as the card room's projector sends them to each
seat: seeded tables played by random legal actions, a frame per seat at every decision,
with the cards that seat may not see (``secret_cards``) for the leak checks."""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import Any

from bragkit.cards import card_from_id
from bragkit.engine import open_table
from bragkit.rules import get_preset
from bragkit.server.projector import public_view, seat_view

PRESETS = ("modern", "modern-stub", "modern-cover", "modern-4card", "modern-jokers",
           "modern-face-up", "teen-patti", "american", "commerce", "commerce-widow",
           "brag-poker", "three-stake", "foster")
NAMES = ("Ann", "Ben", "Cy", "Di")


@dataclass(frozen=True)
class Captured:
    """One frame for one seat (``None``: a spectator) and what it may not show."""

    preset: str
    step: int
    seat: int | None
    frame: dict[str, Any]
    secret: frozenset[str]
    """Cards of the deal in progress the seat may not see."""
    last_secret: frozenset[str]
    """Cards of the last finished deal the seat may not see."""


def _text(ids: set[int]) -> frozenset[str]:
    return frozenset(str(card_from_id(c)) for c in ids)


def facts(preset: str, stacks: list[int], n: int) -> dict[str, Any]:
    """The table's public facts, as ``GET /api/tables/{id}`` gives them."""
    game = str(get_preset(preset).game)
    return {"table": f"fx-{preset}", "preset": preset, "game": game, "rules": preset,
            "seats": [{"seat": f"p{i + 1}", "kind": "human", "name": NAMES[i], "bot": None,
                       "sitting_out": False, "connected": True, "time_bank": 60.0}
                      for i in range(n)],
            "hands": None, "hands_played": 0, "stacks": stacks, "pot": 0, "finished": False,
            "status": "open", "to_act": None, "seq": 1, "timer": None, "requests": 0,
            "spectators": 0}


@functools.cache
def captured(preset: str, *, seats: int = 3, steps: int = 60, seed: int = 7
             ) -> tuple[Captured, ...]:
    """Frames of a seeded ``preset`` table played ``steps`` decisions by random actions."""
    rng = random.Random(seed)
    t = open_table(get_preset(preset), [60] * seats, 0, seed=seed)
    out: list[Captured] = []
    for step in range(steps):
        if t.over or t.state is None:
            break
        last = t.last_final
        for seat in [*range(seats), None]:
            view = seat_view(t, seat) if seat is not None else public_view(t)
            frame = {"t": "state", "seq": step + 1, "table": facts(preset, list(view.get(
                "stacks") or []), seats), "view": view, "log": []}
            if seat is None:
                secret = frozenset().union(*(_text(t.state.secret_cards(s)) for s in
                                             range(seats)))
                last_secret = frozenset() if last is None else frozenset().union(
                    *(_text(last.secret_cards(s)) for s in range(seats)))
            else:
                secret = _text(t.state.secret_cards(seat))
                last_secret = frozenset() if last is None else _text(last.secret_cards(seat))
            out.append(Captured(preset, step, seat, frame, secret, last_secret))
        legal = t.legal_actions()
        choice = rng.choice(legal).examples()
        t.apply_move(t.to_act, rng.choice(choice[:2]))
    return tuple(out)
