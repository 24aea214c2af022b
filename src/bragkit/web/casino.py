"""Casino 3 Card Brag in the browser (rules 4.9): one player against the house at a desk
of its own, the hand dealt from a pack shuffled with :class:`secrets.SystemRandom`, and
after each hand the optimal decision with its exact worth (:mod:`bragkit.analysis.casino`).

Each desk is kept in memory under an unguessable token; a view is built field by field from
the hand's :class:`~bragkit.engine.contract.SeatView` (the dealer's cards appear only once
the hand is settled).

>>> import random
>>> desks = CasinoDesks(rng=random.Random(3))
>>> token, view = desks.open("casino", 100)
>>> view["phase"], [a["kind"] for a in view["legal"]], view["dealer_cards"]
('ante', ['ante'], None)
>>> view = desks.act(token, "ante 10")
>>> [a["kind"] for a in view["legal"]]
['pairbonus', 'deal']
>>> view = desks.act(token, "deal")
>>> view["phase"], len(view["own_cards"].split()), view["dealer_cards"]
('decide', 3, None)
>>> view = desks.act(token, "fold")
>>> view["phase"], len(view["dealer_cards"].split()), view["best"] in ("play", "fold")
('over', 3, True)
"""

from __future__ import annotations

import random
import secrets
from collections import OrderedDict
from dataclasses import dataclass, field
from fractions import Fraction

from bragkit.analysis.casino import decision_values
from bragkit.cards import Card, card_from_id
from bragkit.errors import BragError, IllegalActionError, RulesError
from bragkit.explain import name_hand
from bragkit.games.casino.rules import CasinoRules
from bragkit.games.casino.state import CasinoState
from bragkit.limits import MAX_CHIPS
from bragkit.rules import get_preset

__all__ = ["MAX_DESKS", "PRESETS", "CasinoDesks"]

PRESETS = ("casino", "three-card-poker")
MAX_DESKS = 1000
"""Desks kept at once (the least recently used goes first)."""

JSON = dict[str, object]


@dataclass
class _Desk:
    rules: CasinoRules
    state: CasinoState
    chose: str | None = None
    hands: list[int] = field(default_factory=list)


def _cards(hand: tuple[Card, ...] | None) -> str | None:
    return None if not hand else " ".join(str(c) for c in hand)


def _name(rules: CasinoRules, hand: tuple[Card, ...] | None) -> str | None:
    if not hand or rules.ranking != "modern":
        return None
    try:
        return name_hand(get_preset("modern"), hand)
    except BragError:
        return None


def _worth(x: Fraction) -> str:
    return f"{float(x):+.3f} antes"


class CasinoDesks:
    """The open desks; ``rng`` shuffles (a :class:`secrets.SystemRandom` unless given)."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng if rng is not None else secrets.SystemRandom()
        self.desks: OrderedDict[str, _Desk] = OrderedDict()

    def open(self, preset: object, bankroll: object) -> tuple[str, JSON]:
        """A new desk: its token and first view (one-line errors for a bad preset/bankroll)."""
        if preset not in PRESETS:
            raise RulesError(f"unknown casino preset {preset!r}; known: {', '.join(PRESETS)}")
        if type(bankroll) is not int or not 1 <= bankroll <= MAX_CHIPS:
            raise IllegalActionError(f"a bankroll is a whole number of chips 1..{MAX_CHIPS}")
        rules = CasinoRules.preset(str(preset))
        token = secrets.token_urlsafe(18)
        self.desks[token] = _Desk(rules, CasinoState.start(rules, bankroll))
        while len(self.desks) > MAX_DESKS:
            self.desks.popitem(last=False)
        return token, self.view(token)

    def _desk(self, token: str) -> _Desk:
        desk = self.desks.get(token)
        if desk is None:
            raise IllegalActionError("no such casino desk (it may have closed): start again")
        self.desks.move_to_end(token)
        return desk

    def act(self, token: str, action: object) -> JSON:
        """Apply ``action`` (``ante N``, ``pairbonus N``, ``deal``, ``play``, ``fold``,
        ``next``) at the desk; the new view."""
        desk = self._desk(token)
        if not isinstance(action, str) or not action.strip() or len(action) > 40:
            raise IllegalActionError("an action is text such as 'ante 5', 'deal' or 'play'")
        text = " ".join(action.split())
        state = desk.state
        if text == "next":
            if state.phase != "over":
                raise IllegalActionError("finish this hand first (rules 4.9)")
            desk.hands.append(state.returns()[0])
            desk.state, desk.chose = CasinoState.start(desk.rules, state.stacks[0]), None
        elif text == "deal":
            if state.phase != "bet":
                raise IllegalActionError("the cards are dealt once the ante is staked (rules 4.9)")
            ids = self.rng.sample(range(52), 6)
            desk.state = state.deal(" ".join(str(card_from_id(i)) for i in ids))
        else:
            if state.phase == "bet" and text in ("play", "fold"):
                raise IllegalActionError("look at your cards first: deal (rules 4.9)")
            desk.state = state.apply(text)
            if text in ("play", "fold"):
                desk.chose = text
        return self.view(token)

    def view(self, token: str) -> JSON:
        """What the player may see at the desk now."""
        desk = self._desk(token)
        state = desk.state
        seen = state.view(0)
        legal: list[JSON] = []
        for la in seen.legal:
            if state.phase == "bet" and la.kind in ("play", "fold"):
                continue
            legal.append({"kind": str(la.kind), "text": str(la), "lo": la.lo, "hi": la.hi,
                          "cost": la.cost})
        if state.phase == "bet":
            legal.append({"kind": "deal", "text": "deal", "lo": None, "hi": None, "cost": 0})
        out: JSON = {
            "preset": desk.rules.preset_name, "phase": str(state.phase),
            "bankroll": seen.stacks[0], "staked": state.staked, "legal": legal,
            "own_cards": _cards(seen.own_cards), "hand_name": _name(desk.rules, seen.own_cards),
            "dealer_cards": _cards(seen.shown.get(-1)),
            "dealer_name": _name(desk.rules, seen.shown.get(-1)),
            "events": [str(e) for e in seen.events], "chose": desk.chose,
            "hands": len(desk.hands), "net": sum(desk.hands),
        }
        settled = state.settlement
        if state.phase == "over" and seen.own_cards and settled is not None:
            play, fold = decision_values(desk.rules, seen.own_cards)
            out["best"] = "play" if play > fold else "fold"
            out["worth"] = {"play": _worth(play), "fold": _worth(fold)}
            out["outcome"] = str(settled.outcome).replace("_", " ")
            out["paid"] = state.returns()[0]
        return out
