"""Reading and refusing Commerce actions: card arguments written the standard way, and the
one-line reason an action is illegal (naming the rule).

>>> from bragkit.engine.actions import Action
>>> from bragkit.rules import get_preset
>>> from bragkit.testing.fixtures import stacked_pack
>>> rules = get_preset("commerce")
>>> pack = stacked_pack(rules, 3, 2, {0: "9s Kh 6c", 1: "2c 3d Ah"}, rest="As")
>>> from bragkit.games.commerce.state import CommerceState
>>> s = CommerceState.start(rules, (10, 10, 10), dealer=2, pack=pack)
>>> str(canonical(s, Action("trade", None, "9S")))
'trade 9s'
>>> print(diagnose(s, Action("trade", None, "Ah")))  # doctest: +NORMALIZE_WHITESPACE
p1 trade Ah: p1 does not hold Ah; e.g. 'trade 9s'
(rules 4.10 TRADING: stand, trade or barter one card)
"""

from __future__ import annotations

from typing import Final

from bragkit.cards import parse_cards
from bragkit.engine.actions import Action, format_move
from bragkit.engine.kinds import Phase
from bragkit.errors import CardError, excerpt
from bragkit.games.commerce.cards import CARD_ID, CARD_TEXT
from bragkit.games.commerce.core import CommerceRecord

__all__ = ["canonical", "diagnose"]

P_OVER: Final = Phase.OVER
_CARD_KINDS: Final = frozenset({"trade", "barter", "accept", "exchange"})


def canonical(st: CommerceRecord, action: Action) -> Action:
    """``action`` with the cards of its argument written the standard way (``10s`` -> ``Ts``,
    an exchange's own cards in hand order and widow cards in widow order)."""
    arg = action.arg
    if arg is None or action.kind not in _CARD_KINDS:
        return action
    if action.kind != "exchange" and arg in CARD_ID:
        return action
    words = arg.split()
    if all(w in CARD_ID for w in words):
        ids = [CARD_ID[w] for w in words]
    else:
        try:
            ids = [c.id for c in parse_cards(arg)]
        except CardError:
            return action
    if action.kind == "exchange" and len(ids) % 2 == 0 and st.to_act >= 0:
        k = len(ids) // 2
        hand, widow = st.hands[st.to_act], st.widow
        mine, theirs = ids[:k], ids[k:]
        if all(c in hand for c in mine) and all(c in widow for c in theirs):
            mine.sort(key=hand.index)
            theirs.sort(key=widow.index)
            ids = mine + theirs
    if any(c >= 52 for c in ids):
        return action
    return Action(action.kind, action.amount, " ".join(CARD_TEXT[c] for c in ids))


def diagnose(st: CommerceRecord, action: Action) -> str:
    """Why ``action`` (canonical, by the seat to act) is not allowed in ``st``: one line
    naming the rule."""
    move = format_move(st.to_act, action)
    if st.phase == P_OVER:
        return f"{move}: the deal is over"
    rule = st.game.rule(st)
    legal = st.legal_actions()
    same = [la for la in legal if la.kind == action.kind]
    if not same:
        offered = ", ".join(sorted({la.kind for la in legal}))
        return f"{move}: not allowed now; p{st.to_act + 1} may {offered} ({rule})"
    la = same[0]
    if la.args and action.arg is None:
        return f"{move}: say which card(s), e.g. '{la.kind} {la.args[0]}' ({rule})"
    if la.args:
        why = _why_not(st, action)
        return (f"{move}: {why or f'{excerpt(action.arg)} is not a choice here'}; e.g. "
                f"'{la.kind} {la.args[0]}' ({rule})")
    return f"{move}: {action.kind} takes no argument ({rule})"


def _why_not(st: CommerceRecord, action: Action) -> str | None:
    """Why the cards of a card action are refused, when it is simple to say."""
    words = (action.arg or "").split()
    if not all(w in CARD_ID for w in words):
        return f"{excerpt(action.arg)} is not a list of cards"
    ids = [CARD_ID[w] for w in words]
    seat, hand = st.to_act, st.hands[st.to_act]
    barter = st.barter
    if action.kind == "accept" and barter is not None and ids == [barter.card]:
        return "the offered card may not be handed straight back"
    if action.kind != "exchange":
        if len(ids) != 1:
            return "name exactly one card"
        return None if ids[0] in hand else f"p{seat + 1} does not hold {words[0]}"
    k = len(ids) // 2
    if len(ids) % 2 or not k:
        return "give as many of your cards as you take from the widow"
    missing = [w for w, c in zip(words[:k], ids[:k], strict=True) if c not in hand]
    if missing:
        return f"p{seat + 1} does not hold {' '.join(missing)}"
    absent = [w for w, c in zip(words[k:], ids[k:], strict=True) if c not in st.widow]
    if absent:
        return f"{' '.join(absent)} not in the widow"
    return f"{k} cards at once is not allowed here"
