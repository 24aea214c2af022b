"""What each offered action means in the game being played, and exactly what it costs.

:func:`meaning` is the help text of one action kind under one game (``pass`` in Commerce
with a widow is not ``pass`` in Foster's Brag); :func:`prices` works out what every offered
action would cost the seat to act, by applying it to the (immutable) state and reading the
chips paid, so the table never guesses a price; :func:`price_line` writes them.

>>> from bragkit.rules import get_preset
>>> meaning("pass", get_preset("commerce-widow"))
'let this turn go: no exchange now, and no more exchanges for you this deal'
>>> chips(1), chips(3)
('1 chip', '3 chips')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bragkit.engine.actions import Action, LegalAction
from bragkit.errors import BragError
from bragkit.games import engine_of, specs
from bragkit.games.spec import GameSpec
from bragkit.rules import Rules

__all__ = ["Price", "all_kinds", "chips", "meaning", "meanings_for", "price_line", "prices",
           "stay_in_text", "usage_and_meaning"]

_BASE: dict[str, str] = {
    "look": "look at your cards (you stop playing blind)",
    "fold": "give up this deal (your chips in the pot stay there)",
    "bet": "put in N chips: the smallest stays in, more raises the stake",
    "see": "pay to see the other hand: both are shown, the better wins and the seer loses a "
           "tie",
    "showdown": "propose that everybody still in shows now (all must agree)",
    "agree": "agree to the proposed showdown: every hand still in is shown, the best wins",
    "refuse": "refuse the proposed showdown: the betting goes on",
    "cover": "put in all your chips: with two or more others still in, the pot so far is "
             "frozen for your hand; against one player, that player shows and you win only "
             "with a better hand",
    "keep": "play the hand you looked at; the other one goes back to the pack",
    "throw": "give up the hand you looked at and play the other one, sight unseen",
    "retain": "keep your blind hand face down for the next deal (the carried pot waits too)",
    "release": "let your blind hand go: its cards go back to the pack (the carried pot "
               "still waits for the next deal)",
    "name": "choose which of your two blind hands plays, sight unseen (name old or name new)",
    "stay": "stay in against the face-up hand (your hand beats it): the face-up hand is "
            "then discarded and you bet against the retained blind hand",
    "discard": "discard these cards face down (you keep the best three)",
    "rebuy": "buy N more chips for your stack",
    "borrow": "ask the others to lend you the chips you are short",
    "lend": "lend N chips to the player who asked",
    "show": "do not lend: the borrower puts in all he has and the two hands are compared",
    "choose": "choose the variant the next deals are played in (dealer's choice)",
    "sideshow": "bet N and ask the previous player to compare hands in private: the worse "
                "hand folds (you lose a tie)",
    "accept": "compare hands in private with the player who asked: the worse hand folds "
              "(the asker loses a tie)",
    "decline": "refuse the side show: the betting goes on",
    "play": "play on: put in the Play bet",
    "pairbonus": "stake N on the Pair Bonus side bet (casino: paid on your three cards alone)",
    "deal": "your bets are in: the dealer deals, and you see your cards before you play or "
            "fold (casino)",
}

_RETAINED_LOOK = ("look old|new: look at your retained (old) blind hand or your new one; then "
                  "keep plays the hand you looked at (the other goes back), or throw gives it "
                  "up and plays the other one sight unseen")

_POKER: dict[str, str] = {
    "ante": "put in your ante as dealer, N chips: the others must call it to play",
    "call": "put in what it takes to match the bet and stay in",
    "raise": "raise by N: you pay the call and N more, and the others must match it",
    "check": "bet nothing now and stay in (free while nobody has bet)",
    "bet": "bet N: the others must call, raise or drop out",
    "pass": "drop out of this betting (what you put in stays in the pot)",
    "stand": "as dealer, raise no more: the hands still in are shown",
    "fold": "drop out of this deal (what you put in stays in the pot)",
    "look": "look at your cards",
    "discard": "discard these cards and draw as many new ones",
    "draw": "draw N cards",
}

_MACHINE: dict[str, dict[str, str]] = {"poker": _POKER}
"""The meanings each machine (a GameSpec's ``engine``) gives its action kinds; a game's own
wording is its GameSpec's ``action_meanings``."""


def chips(n: int) -> str:
    """``1 chip``, ``2 chips``."""
    return f"{n} chip" if n == 1 else f"{n} chips"


def meanings_for(rules: Rules) -> dict[str, str]:
    """Every action kind's meaning under ``rules``'s game.

    >>> from bragkit.rules import get_preset
    >>> meanings_for(get_preset("three-stake"))["bet"][:22]
    'bet N into pool 2 (the'
    """
    table = dict(_BASE)
    spec = _specs().get(rules.game)
    if spec is not None:
        table.update(_MACHINE.get(spec.engine, {}))
        table.update(spec.action_meanings)
    return table


def _specs() -> dict[str, GameSpec]:
    return {s.name: s for s in specs()}


def all_kinds() -> frozenset[str]:
    """Every action kind any game has a meaning for.

    >>> {"barter", "exchange", "sideshow", "pounce"} <= all_kinds()
    True
    """
    kinds = set(_BASE) | set(_POKER)
    for spec in specs():
        kinds |= set(spec.action_meanings)
    return frozenset(kinds)


def usage_and_meaning(la: LegalAction, rules: Rules | None, price: Price | None = None,
                      listed: int = 4) -> tuple[str, str]:
    """What to type for ``la`` and what it does (with its exact price when given).

    >>> from bragkit.rules import get_preset
    >>> usage_and_meaning(LegalAction("bet", lo=1, hi=1), get_preset("modern"))
    ('bet 1', 'put in 1 chip: the smallest stays in, more raises the stake')
    >>> usage_and_meaning(LegalAction("see", cost=6), get_preset("modern"),
    ...                   Price(LegalAction("see", cost=6), 6, 6))[1][-9:]
    '(costs 6)'
    """
    text = meaning(la.kind, rules, la.args)
    if la.lo is not None and la.lo == la.hi:
        text = text.replace("N chips", chips(la.lo)).replace(" N", f" {la.lo}")
    if len(la.args) > listed:
        usage = f"{la.kind} N"
        text = f"{text}: N from the {len(la.args)} numbered choices above".lstrip(": ")
    else:
        usage = str(la).replace(f" (costs {la.cost})", "") if la.cost else str(la)
    if price is not None and price.hi:
        cost = str(price.lo) if price.lo == price.hi else f"{price.lo}..{price.hi}"
        text += f" (costs {cost}" + (f"; {price.note})" if price.note else ")")
    elif price is not None and la.kind not in ("rebuy",):
        text += " (free)"
    return usage, text


def meaning(kind: str, rules: Rules | None, args: Sequence[str] = ()) -> str:
    """What action ``kind`` does under ``rules`` (``""`` if it is unknown); ``args`` are
    the offered arguments (``look old|new`` is the retained-hand look).

    >>> from bragkit.rules import get_preset
    >>> meaning("look", get_preset("modern"), ("old", "new"))[:14]
    'look old|new: '
    """
    if kind == "look" and set(args) == {"old", "new"}:
        return _RETAINED_LOOK
    table = meanings_for(rules) if rules is not None else _BASE
    found = table.get(kind)
    if found is None:  # a kind this game does not usually offer: another game's meaning
        tables = (_BASE, _POKER, *(s.action_meanings for s in specs()))
        found = next((t[kind] for t in tables if kind in t), "")
    return found


@dataclass(frozen=True, slots=True)
class Price:
    """What one offered action costs the seat: ``lo`` chips for its smallest instance,
    ``hi`` for its largest, and a ``note`` (``half price while you are blind``)."""

    action: LegalAction
    lo: int
    hi: int
    note: str = ""

    def __str__(self) -> str:
        la = self.action
        label = la.kind
        if la.lo is not None:
            label += f" {la.lo}" if la.hi == la.lo else f" {la.lo}..{la.hi}"
        if la.kind == "rebuy":
            return f"{label} adds to your stack"
        if self.hi == 0:
            cost = "free"
        elif self.lo == self.hi:
            cost = f"costs {self.lo}"
        else:
            cost = f"costs {self.lo}..{self.hi}"
        return f"{label} {cost}" + (f" ({self.note})" if self.note else "")


def _paid(state: Any, seat: int, action: Action) -> tuple[int, str] | None:
    """Chips ``seat`` pays by ``action`` (and a note), or None when that cannot be told
    without the deal's outcome (the action ends the deal)."""
    try:
        after = state.apply_move(seat, action)
    except BragError:
        return None
    if getattr(after, "is_over", False):
        return None
    paid = int(state.stacks[seat]) - int(after.stacks[seat])
    note = ""
    for e in after.events[len(state.events):]:
        if e.seat == seat and e.note and str(e.note).startswith("credited "):
            note = f"half price while you are blind: counts as {e.note[9:]}"
    return paid, note


def prices(state: Any, seat: int, legal: Sequence[LegalAction]) -> tuple[Price, ...]:
    """What each of ``legal`` costs ``seat`` in ``state`` (any engine's deal state, or
    ``None``: then the offered fixed costs and the amounts are taken as they are).

    >>> from bragkit.rules import get_preset
    >>> from bragkit.engine import open_table
    >>> t = open_table(get_preset("brag-poker"), [100] * 3, 0, seed=1)
    >>> [str(p) for p in prices(t.state, t.to_act, t.legal_actions())]
    ['look free', 'fold free', 'call costs 1 (half price while you are blind: counts as 2)', \
'raise 4 costs 6']
    """
    out = []
    blind = _blind(state, seat)
    for la in legal:
        costs: list[int] = []
        note = ""
        for action in la.examples()[:2] if la.lo is not None else la.examples()[:1]:
            found = _paid(state, seat, action) if state is not None else None
            if found is None:
                costs.append(la.cost if la.lo is None else (action.amount or 0))
            else:
                costs.append(found[0])
                note = note or found[1]
        if la.kind == "bet" and blind and state is not None and \
                engine_of(state.rules.game) == "brag":
            note = "you are blind: a blind bet counts double"
        if la.kind == "rebuy":
            costs = [0]
        out.append(Price(la, min(costs), max(costs), note))
    return tuple(out)


def _blind(state: Any, seat: int) -> bool:
    looked = getattr(state, "looked", None)
    return bool(looked is not None and seat < len(looked) and not looked[seat])


def stay_in_text(found: Sequence[Price], game: str | None = None) -> str:
    """``to stay in: 1 (bet; you are blind: a blind bet counts double)``, ``to stay in:
    free (check)``: the cheapest way to stay in (``""`` if none is needed: in the
    poker-style games a bet opens, it is not the price of staying in).  ``game`` (default:
    a brag-style game) picks the machine's words for staying in.

    >>> stay_in_text((Price(LegalAction("check"), 0, 0), Price(LegalAction("bet", lo=8,
    ...              hi=8), 8, 8)), "brag-poker")
    'to stay in: free (check)'
    """
    brag_style = game is None or engine_of(game) == "brag"
    kinds = ("bet", "stay") if brag_style else ("check", "call", "stay")
    staying = [p for p in found if p.action.kind in kinds]
    if not staying:
        return ""
    best = min(staying, key=lambda p: p.lo)
    cost = "free" if best.lo == 0 else str(best.lo)
    extra = f"; {best.note}" if best.note else ""
    return f"to stay in: {cost} ({best.action.kind}{extra})"


def price_line(found: Sequence[Price]) -> str:
    """Every offered action with its exact cost, one line.

    >>> print(price_line((Price(LegalAction("check"), 0, 0), Price(LegalAction("bet", lo=8,
    ...       hi=8), 8, 8))))
    costs: check free, bet 8 costs 8
    """
    return "costs: " + ", ".join(str(p) for p in found)
