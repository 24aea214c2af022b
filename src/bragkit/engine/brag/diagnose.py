"""One clear sentence, naming the rule, for every illegal action of the brag engine."""

from __future__ import annotations

from typing import Final

from bragkit.engine.actions import Action, format_move
from bragkit.engine.brag.betting import next_in_turn
from bragkit.engine.brag.core import BragRecord
from bragkit.engine.brag.legal import legal_actions
from bragkit.engine.kinds import SeatStatus

__all__ = ["diagnose"]

S_IN: Final = SeatStatus.IN

_PHASE_DUTY = {
    "discard": "must discard first (Four/Five Card Brag, rules 4.5)",
    "decide": "must keep or throw the hand just looked at (retained hands, rules 4.4.6)",
    "qualify": "must stay or fold against the face-up hand (rules 4.4.7)",
    "agree": "must agree to or refuse the proposed showdown (rules 4.4.10)",
    "lend": "must lend or show (short_stack_policy=lend_or_show, rules 4.4.9)",
    "name": "must name one of two blind hands before the comparison (rules 4.4.6)",
    "retain": "must retain or release the blind hand (rules 4.4.6)",
    "sideshow": "must accept or decline the side show (Teen Patti, rules 4.7)",
}


def diagnose(st: BragRecord, action: Action) -> str:
    """Explain why ``action`` by the seat to act is illegal in ``st``."""
    p = st.to_act
    head = format_move(max(p, 0), action)
    if st.phase == "over":
        return f"{head}: the deal is over"
    legal = legal_actions(st)
    kinds = {la.kind for la in legal}
    if st.phase != "bet" and action.kind not in kinds:
        return f"{head}: p{p + 1} {_PHASE_DUTY.get(st.phase, 'cannot do that now')}"
    reason = _why(st, action)
    if reason:
        return f"{head}: {reason}"
    shown = ", ".join(str(la) for la in legal)
    when = _KIND_RULE.get(action.kind)
    if when is None:
        when = (f"'{action.kind}' is not an action of {st.family.title} (action strings: "
                "docs/history-format.md)")
    return f"{head}: {when}; p{p + 1} may: {shown}"


_KIND_RULE = {
    "keep": "keep or throw only right after looking at one of two blind hands (rules 4.4.6)",
    "throw": "keep or throw only right after looking at one of two blind hands "
             "(rules 4.4.6)",
    "retain": "a hand is retained only after winning blind by fold-out (rules 4.4.6)",
    "release": "a hand is released only after winning blind by fold-out (rules 4.4.6)",
    "agree": "agree or refuse only when a showdown has been proposed (rules 4.4.10)",
    "refuse": "agree or refuse only when a showdown has been proposed (rules 4.4.10)",
    "lend": "lend or show only when the opponent asks to borrow (lend_or_show, "
            "rules 4.4.9)",
    "show": "lend or show only when the opponent asks to borrow (lend_or_show, "
            "rules 4.4.9)",
    "name": "name a hand only when holding two blind hands in a forced comparison "
            "(rules 4.4.6)",
    "stay": "stay only in the face-up variant's qualifying phase (rules 4.4.7)",
    "accept": "accept or decline only when asked for a side show (Teen Patti, rules 4.7)",
    "decline": "accept or decline only when asked for a side show (Teen Patti, "
               "rules 4.7)",
    "sideshow": "a side show needs Teen Patti with sideshow=true, a seen requester, the "
                "previous bettor seen and three or more players (rules 4.7)",
    "choose": "the variant is chosen only by the dealer after a full circle "
              "(dealers_choice_every, rules 4.4.11)",
    "discard": "discards are made right after looking in Four/Five Card Brag (rules 4.5)",
    "ante": "antes are posted automatically at the start of every deal (rules 4.4.2)",
}


def _why(st: BragRecord, action: Action) -> str | None:
    p = st.to_act
    kind = action.kind
    rules = st.rules
    blind = not st.looked[p]
    active = st.status.count(S_IN)
    betting = st.family.betting
    legal = {la.kind: la for la in legal_actions(st)}
    if kind in legal and not legal[kind].allows(action):
        la = legal[kind]
        if la.lo is not None and action.amount is not None:
            return _bet_reason(st, action.amount, la.lo, la.hi or la.lo)
        if kind == "discard":
            n = st.rules.discards
            return (f"discard exactly {n} of your own {st.rules.cards} cards "
                    "(Four/Five Card Brag, rules 4.5)")
        if la.args:
            return (f"{kind} must be one of: {', '.join(la.args)} (action strings: "
                    "docs/history-format.md)")
        return f"{kind} takes no amount or argument (action strings: docs/history-format.md)"
    if kind == "look":
        if not blind:
            return "you have already looked at your cards (rules 4.4.5)"
        return "you may look only at the start of your own turn (rules 4.4.5)"
    if kind == "see":
        sec = st.family.see_section  # Teen Patti's show: 4.7
        if active != 2:
            return f"a see needs exactly two players left (rules {sec})"
        if st.stake == 0:
            return "nobody has bet yet, so there is nothing to see (rules 4.4.3)"
        if st.retained_hand[p]:
            return "reduce your two blind hands to one before seeing (rules 4.4.6)"
        q = next_in_turn(st.status, p)
        if st.retained_hand[q]:
            return "the opponent holds two blind hands: only he may start a see (rules 4.4.6)"
        if not betting.can_see(blind, not st.looked[q]):
            return f"you cannot see a blind man (rules {sec})"
        cost = betting.see_cost(st.stake, blind, not st.looked[q])
        short = f"the see costs {cost} but you have {st.stacks[p]}"
        if rules.short_stack_policy == "lend_or_show":
            return f"{short}; ask to borrow first (lend_or_show, rules 4.4.9)"
        if rules.short_stack_policy == "cover":
            return f"{short}; you cannot cover a see (rules 4.4.9, A-M13)"
        return f"{short} (short_stack_policy={rules.short_stack_policy}, rules 4.4.9)"
    if kind == "bet":
        if blind and not rules.blind_allowed:
            return "blind play is not allowed (blind_allowed=false, rules 4.4): look first"
        lo, hi = betting.bet_bounds(st.stake, blind, st.pot, st.stacks[p])
        if lo > st.stacks[p]:
            return (f"staying costs {lo} but you have {st.stacks[p]} "
                    f"(short_stack_policy={rules.short_stack_policy}, rules 4.4.9)")
        return f"no bet is possible now (bounds {lo}..{hi}, rules 4.4.2)"
    if kind == "cover":
        if rules.short_stack_policy != "cover":
            return "covering is not allowed (short_stack_policy is not 'cover', rules 4.4.9)"
        return "you may cover only when you cannot afford to stay in (rules 4.4.9, A-M13)"
    if kind == "borrow":
        return ("borrowing needs short_stack_policy=lend_or_show, two players and too few "
                "chips to stay in or to see (rules 4.4.9)")
    if kind == "showdown":
        if not rules.agreed_showdown or not st.family.agreed_showdown:
            return "agreed showdowns are off (agreed_showdown=false, rules 4.4.10)"
        if active < 3:
            return "an agreed showdown needs three or more players (rules 4.4.10)"
        return "a showdown may be proposed once per turn, after a bet (rules 4.4.10)"
    if kind == "rebuy":
        return "rebuying needs rebuy_anytime=true, once per turn (rules 2.3)"
    return None


def _bet_reason(st: BragRecord, amount: int, lo: int, hi: int) -> str:
    rules = st.rules
    p = st.to_act
    if amount < lo:
        if st.stake == 0:
            return (f"the first bet must be at least {lo} chips (min_bet={rules.min_bet}, "
                    "open-equivalent; rules 4.4.2)")
        return (f"you must put in at least {lo} chips, the previous bet (R={st.stake}"
                f"{', halved for a blind player' if not st.looked[p] else ''}; rules 4.4.2)")
    betting = st.family.betting
    blind = not st.looked[p]
    _, rule_hi = betting.bet_bounds(st.stake, blind, st.pot, 1 << 60)
    if amount <= rule_hi:
        return f"you have only {st.stacks[p]} chips (rules 4.4.9)"
    _, no_pot_hi = type(betting)(betting.min_first, betting.max_first, betting.initial_r,
                                 betting.raise_limit, betting.raise_factor, False,
                                 betting.see_mode).bet_bounds(st.stake, blind, st.pot, 1 << 60)
    if betting.pot_limit and amount <= no_pot_hi:
        if lo > st.pot:  # after a cover the new pot may be below the stay
            return (f"a bet may not exceed the pot of {st.pot}, except that staying in for "
                    f"{lo} is always allowed (pot_limit, rules 4.4.2)")
        return f"a bet may not exceed the pot of {st.pot} (pot_limit, rules 4.4.2)"
    if st.stake == 0:
        return (f"the first bet may be at most {rule_hi} chips (max_bet={rules.max_bet}, "
                "open-equivalent; rules 4.4.2)")
    if betting.raise_factor is not None:
        return (f"the bet may be at most {rule_hi} chips (a raise may at most double, "
                "rules 4.7)")
    return (f"the bet may be at most {rule_hi} chips (raise_limit={rules.raise_limit}; "
            "rules 4.4.2)")
