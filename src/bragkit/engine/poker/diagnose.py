"""Why an action is illegal in a poker-style deal: one message naming the rule.

>>> from bragkit.rules import get_preset
>>> from bragkit.engine.actions import parse_action
>>> from bragkit.engine.poker.state import PokerState
>>> s = PokerState.new(get_preset("foster"), [20, 20, 20], dealer=2)
>>> diagnose(s, parse_action("fold"))
'p3 fold: not allowed in the ante phase (rules 4.1); p3 may: ante 1..10'
"""

from __future__ import annotations

from typing import Final

from bragkit.cards import card_from_id, parse_cards
from bragkit.engine.actions import Action, format_move
from bragkit.engine.poker.core import PokerRecord
from bragkit.errors import CardError

__all__ = ["diagnose"]

def diagnose(st: PokerRecord, action: Action) -> str:
    """Why ``action`` by the seat to act is illegal, naming the rule."""
    p = st.to_act
    head = format_move(max(p, 0), action)
    sec = f"rules {st.game.spec_section}"
    if st.phase == "over":
        return f"{head}: the deal is over"
    legal = st.legal_actions()
    offered = ", ".join(str(la) for la in legal)
    same = [la for la in legal if la.kind == action.kind]
    if same:
        la = same[0]
        if la.lo is not None and action.amount is not None:
            what = {"raise": "a raise", "bet": "a bet", "ante": "the ante",
                    "draw": "a draw"}.get(action.kind, action.kind)
            unit = "cards" if action.kind == "draw" and st.phase == "draw" else "chips"
            bound = f"{la.lo}..{la.hi}" if la.lo != la.hi else f"exactly {la.lo}"
            why = st.game.bound_reasons.get(action.kind, "the betting limit L")
            return f"{head}: {what} must be {bound} {unit} ({why}, {sec})"
        if action.kind == "discard" and action.arg is not None:
            held = {card_from_id(c) for c in st.hands[p]}
            try:
                named = parse_cards(action.arg)
            except CardError as error:
                return f"{head}: {error}; p{p + 1} may: {offered}"
            missing = [str(c) for c in named if c not in held]
            if missing:
                return (f"{head}: p{p + 1} does not hold {' '.join(missing)} ({sec}); "
                        f"p{p + 1} may: {offered}")
        return f"{head}: malformed {action.kind}; p{p + 1} may: {offered}"
    if action.kind == "discard" and st.phase == "draw" and not st.looked[p]:
        return (f"{head}: p{p + 1} has not looked; a blind seat draws by position with "
                f"'draw K' or looks first (blind_may_draw, {sec}); p{p + 1} may: {offered}")
    reason = _REASONS.get(action.kind)
    if action.kind == "check" and st.phase == "bet":
        reason = _check_reason(st, p)
    if st.phase == "bet" and reason is not None:
        return f"{head}: {reason} ({sec}); p{p + 1} may: {offered}"
    return f"{head}: not allowed in the {st.phase} phase ({sec}); p{p + 1} may: {offered}"


def _check_reason(st: PokerRecord, p: int) -> str:
    """Why ``p`` may not check: a bet stands, or the game's check key is off."""
    rnd = st.rnd
    allowed = st.game.betting_for(st.stage).allow_check
    key = st.game.check_key
    if rnd is not None and rnd.target > rnd.contrib[p]:
        if not allowed and rnd.raises == 0 and rnd.forced >= 0:  # Foster's ante is a bet
            return (f"checking is not allowed ({key}=false): meet the forced bet, raise or "
                    "abandon")
        return "a bet stands: meet it, raise or abandon; only an unopened round may be checked"
    if rnd is not None and rnd.opened:
        return "your bet already meets the target: let it stand or raise"
    return f"checking is not allowed ({key}=false): bet or abandon"


_REASONS: Final = {
    "raise": "no raise is possible now (raise cap max_raises, or not enough chips)",
    "bet": "a bet stands already: call or raise it",
    "call": "there is nothing to call",
    "stand": "only a seat whose bet already meets the target may stand",
    "look": "this seat has looked already, or the game is not played blind",
    "fold": "this game's word for abandoning is 'pass'",
    "pass": "this game's word for abandoning is 'fold'",
}
