"""Casino 3 Card Brag in the browser (rules 4.9): one player against the house at a desk
of its own, the hand dealt from a pack shuffled with :class:`secrets.SystemRandom`, and
after each hand the optimal decision with its exact worth (:mod:`bragkit.analysis.casino`).

Each desk is kept in memory under an unguessable token.  It plays a table on the one table
contract (a :class:`~bragkit.games.casino.session.CasinoSession`, as ``open_table`` builds:
``p1 ante N``, ``p1 pairbonus N``, ``p1 deal``, ``p1 play``/``p1 fold``; each hand's six cards
drawn from the desks' generator as the hand starts), its presets and rules those of casino's
GameSpec; a settled hand stays on show until ``next``.  A view is built field by field from
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
from bragkit.cards import Card
from bragkit.errors import BragError, IllegalActionError, RulesError
from bragkit.explain import name_hand
from bragkit.games import game_rules, spec_of
from bragkit.games.casino.rules import CasinoRules
from bragkit.games.casino.session import CasinoSession
from bragkit.games.casino.state import CasinoState
from bragkit.limits import MAX_CHIPS
from bragkit.rules import DEFAULT_GAME, get_preset

__all__ = ["MAX_DESKS", "PRESETS", "CasinoDesks", "hand_advice", "hand_label"]

GAME = CasinoRules.preset().game
"""The desk's game (the registry's name of casino's GameSpec)."""
PRESETS = tuple(spec_of(GAME).presets)
MAX_DESKS = 1000
"""Desks kept at once (the least recently used goes first)."""

JSON = dict[str, object]


@dataclass
class _Desk:
    rules: CasinoRules
    table: CasinoSession
    settled: CasinoState | None = None
    """The hand just settled, on show until ``next`` (the table is at the next hand)."""
    chose: str | None = None
    hands: list[int] = field(default_factory=list)

    @property
    def state(self) -> CasinoState:
        """The hand on show: the settled one, else the table's hand in progress."""
        return self.settled if self.settled is not None else self.table.state


def _cards(hand: tuple[Card, ...] | None) -> str | None:
    return None if not hand else " ".join(str(c) for c in hand)


def _name(rules: CasinoRules, hand: tuple[Card, ...] | None) -> str | None:
    if not hand or rules.ranking != DEFAULT_GAME:
        return None
    try:
        return name_hand(get_preset(DEFAULT_GAME), hand)
    except BragError:
        return None


def _worth(x: Fraction) -> str:
    return f"{float(x):+.3f} antes"


def hand_label(rules: object, hand: tuple[Card, ...] | None) -> str | None:
    """The name of a casino hand under its table's ranking (None for another game's rules,
    or a ranking without names).

    >>> from bragkit.cards import parse_cards
    >>> hand_label(CasinoRules.preset("casino"), parse_cards("Qs Qd 4c"))
    'Pair of queens, four kicker'
    """
    return _name(rules, hand) if isinstance(rules, CasinoRules) else None


def hand_advice(rules: object, hand: tuple[Card, ...] | None) -> JSON | None:
    """After a hand, the optimal decision on ``hand`` and the exact worth of each, per ante
    (as the desk shows it); None for another game's rules or without three cards.

    >>> from bragkit.cards import parse_cards
    >>> hand_advice(CasinoRules.preset("casino"), parse_cards("Qs 6h 3d"))["best"]
    'fold'
    """
    if not isinstance(rules, CasinoRules) or not hand or len(hand) != 3:
        return None
    play, fold = decision_values(rules, hand)
    return {"best": "play" if play > fold else "fold",
            "worth": {"play": _worth(play), "fold": _worth(fold)}}


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
        rules = game_rules(spec_of(GAME), str(preset))
        assert isinstance(rules, CasinoRules)
        token = secrets.token_urlsafe(18)
        table = CasinoSession(rules, [bankroll], rng=self.rng, keep_records=0)
        self.desks[token] = _Desk(rules, table)
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
            if desk.settled is None:
                raise IllegalActionError("finish this hand first (rules 4.9)")
            desk.hands.append(state.returns()[0])
            desk.settled, desk.chose = None, None
        elif desk.settled is not None:
            raise IllegalActionError("this hand is over: next (rules 4.9)")
        elif text == "deal" and state.phase != "bet":
            raise IllegalActionError("the cards are dealt once the ante is staked (rules 4.9)")
        else:
            before = desk.table.deal_no
            desk.table.apply_text(f"p1 {text}")
            if desk.table.deal_no != before:  # settled: on show until next
                desk.settled, desk.chose = desk.table.last_final, text
        return self.view(token)

    def view(self, token: str) -> JSON:
        """What the player may see at the desk now."""
        desk = self._desk(token)
        state = desk.state
        seen = state.view(0)
        legal: list[JSON] = [{"kind": str(la.kind), "text": str(la), "lo": la.lo, "hi": la.hi,
                              "cost": la.cost} for la in seen.legal]
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
