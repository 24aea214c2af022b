"""Legal actions of a brag-style deal, with exact costs and bet bounds (rules 4.4).

The betting phase offers: an agreed showdown (3+ seats, after a bet), a look (blind seats,
at the start of their own turn), a fold, a bet between exact bounds, a cover or a borrow
when short, a see (two seats left, never an open seat against a blind one), a rebuy, and
any extra action of the game family.  Other phases offer their one decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from bragkit.engine.actions import Action, LegalAction, legal_amount
from bragkit.engine.brag import resolve as res
from bragkit.engine.brag.betting import next_in_turn
from bragkit.engine.brag.core import (
    HAS_PROPOSED,
    REBOUGHT,
    BragRecord,
    Deal,
    LoanAsked,
    Work,
)
from bragkit.engine.kinds import Phase, SeatStatus
from bragkit.engine.turns import AFTER

if TYPE_CHECKING:
    from bragkit.engine.brag.core import BragFamily

__all__ = ["borrow_need", "canonical_discard", "discard_choices", "discard_ids",
           "legal_actions", "legal_bet", "legal_now", "see_cost_now"]

P_BET: Final = Phase.BET
P_OVER: Final = Phase.OVER
P_AGREE: Final = Phase.AGREE
P_DECIDE: Final = Phase.DECIDE
P_DISCARD: Final = Phase.DISCARD
P_LEND: Final = Phase.LEND
P_NAME: Final = Phase.NAME
P_QUALIFY: Final = Phase.QUALIFY
P_RETAIN: Final = Phase.RETAIN
S_IN: Final = SeatStatus.IN

FOLD: Final = LegalAction("fold")
_LOOK: Final = LegalAction("look")
_LOOK2: Final = LegalAction("look", args=("old", "new"))
_SHOWDOWN: Final = LegalAction("showdown")
_DECIDE: Final = (LegalAction("keep"), LegalAction("throw"))
_AGREE: Final = (LegalAction("agree"), LegalAction("refuse"))
_NAME: Final = (LegalAction("name", args=("old", "new")),)
_RETAIN: Final = (LegalAction("retain"), LegalAction("release"))
_RETAIN2: Final = (LegalAction("retain", args=("old", "new")), LegalAction("release"))
_STAY: Final = (LegalAction("stay"), FOLD)
_FOLD_ONLY: Final = (FOLD,)


def legal_actions(st: BragRecord) -> tuple[LegalAction, ...]:
    """Everything the seat to act may do in ``st``, with exact costs and bet bounds (cached
    on the state); empty exactly when the deal is over."""
    cache = st.cache
    if cache:
        return cache[0]
    legal = legal_now(st)
    cache.append(legal)
    return legal


def _work(st: Deal) -> Work[BragRecord]:
    """``st`` as a work copy (the resolution helpers read work copies)."""
    return st if isinstance(st, Work) else Work(st)


def legal_now(st: Deal) -> tuple[LegalAction, ...]:
    """The legal actions of ``st``, a state or the mutable machine of a deal (no cache)."""
    phase = st.phase
    if phase == P_BET:
        return legal_bet(st)
    if phase == P_OVER:
        return ()
    p = st.to_act
    # (module constants: reading Phase.X looks the member up on the enum class each time)
    if phase == P_RETAIN:
        return _RETAIN2 if st.retained_hand[p] else _RETAIN
    if phase == P_AGREE:
        return _AGREE
    if phase == P_DECIDE:
        return _DECIDE
    if phase == P_DISCARD:
        return discard_choices(st.hands[p], st.rules.discards)
    if phase == P_QUALIFY:
        mine = res.hand_key(_work(st), p)
        up = _key_of(st, st.faceup)
        return _STAY if mine > up else _FOLD_ONLY
    if phase == P_LEND:
        asked = st.pending
        assert isinstance(asked, LoanAsked)
        borrower, need = asked
        short = need - st.stacks[borrower]
        acts = []
        if st.stacks[p] >= short:
            acts.append(LegalAction("lend", lo=short, hi=st.stacks[p]))
        acts.append(LegalAction("show", args=("old", "new")) if st.retained_hand[p]
                    else LegalAction("show"))
        return tuple(acts)
    if phase == P_NAME:
        return _NAME
    return st.family.phase_legal(st)


_DISCARDS: dict[tuple[tuple[int, ...], int], tuple[LegalAction, ...]] = {}
_PLACES: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}
"""``(cards in a hand, cards discarded)`` -> the places of every discard, in
``itertools.combinations`` order (the order the options are offered in)."""


def discard_choices(hand: tuple[int, ...], k: int) -> tuple[LegalAction, ...]:
    """The legal ``discard`` of ``k`` cards from ``hand``: every choice, its cards in hand
    order, in ``itertools.combinations`` order (cached; :func:`discard_ids` reads the cards
    an option names).

    >>> (legal,) = discard_choices((0, 5, 50, 51), 3)
    >>> str(legal)
    'discard 2c 3d Ah|2c 3d As|2c Ah As|3d Ah As'
    """
    key = (hand, k)
    found = _DISCARDS.get(key)
    if found is None:
        places = _PLACES.get((len(hand), k))
        if places is None:
            from itertools import combinations

            places = _PLACES[len(hand), k] = tuple(combinations(range(len(hand)), k))
        args: tuple[str, ...]
        if k == 2:  # (Five Card Brag's discard: each pair's text, made once per pair)
            pair = _pair_text
            args = tuple([pair(hand[i], hand[j]) for i, j in places])
        else:
            t = [_card_text(c) for c in hand]
            args = tuple([" ".join([t[i] for i in chosen]) for chosen in places])
        if len(_DISCARDS) >= _INTERN_MAX:
            _DISCARDS.clear()
        found = _DISCARDS[key] = (LegalAction("discard", args=args),)
    return found


def discard_ids(text: str) -> tuple[int, ...]:
    """The card ids a discard's text names, in its order (an option's text names its cards
    in hand order); CardError if it names no cards.

    >>> discard_ids("2c 3d"), discard_ids("X1")
    ((0, 5), (52,))
    """
    ids = _IDS.get(text)
    if ids is None:
        if not _ID_OF:
            from bragkit.engine.pack import card_text

            _ID_OF.update((card_text(c), c) for c in range(_MOST_IDS))
        words = text.split(" ")
        if all(w in _ID_OF for w in words):
            ids = tuple([_ID_OF[w] for w in words])
        else:  # (written otherwise: any case, any spacing)
            from bragkit.cards import parse_cards

            ids = tuple(c.id for c in parse_cards(text))
        if len(_IDS) >= _INTERN_MAX:
            _IDS.clear()
        _IDS[text] = ids
    return ids


_MOST_IDS: Final = 64
"""More card ids than any pack holds (52 and its jokers)."""
_ID_OF: dict[str, int] = {}
"""A card's text (:func:`~bragkit.engine.pack.card_text`) -> its id (filled on first use)."""
_IDS: dict[str, tuple[int, ...]] = {}
"""A discard's text -> the card ids it names (bounded)."""


def canonical_discard(st: Deal, action: Action) -> Action:
    """``discard 7c 4h`` written in any order or case, as the offered option text."""
    hand = st.hands[st.to_act]
    if action.arg in discard_choices(hand, st.rules.discards)[0].args:
        return action  # already an option's text
    from bragkit.cards import parse_cards
    from bragkit.errors import CardError

    try:
        ids = {c.id for c in parse_cards(action.arg or "")}
    except CardError:
        return action
    if not ids <= set(hand):
        return action
    return Action("discard", None, " ".join(_card_text(c) for c in hand if c in ids))


def _key_of(st: Deal, hand: tuple[int, ...]) -> tuple[int, ...]:
    """The key of a hand nobody discards from (the face-up hand): its best three."""
    if len(hand) == 3:
        a, b, c = hand
        return (st.family.ranking.rank3(a, b, c),)
    return res.best_split(_work(st), hand)[0]


_TEXTS: dict[int, str] = {}
"""Card id -> its text (:func:`~bragkit.engine.pack.card_text`), filled as cards come."""


def _card_text(card_id: int) -> str:
    found = _TEXTS.get(card_id)
    if found is None:
        from bragkit.engine.pack import card_text

        found = _TEXTS[card_id] = card_text(card_id)
    return found


_PAIRS: dict[int, str] = {}
"""``a * _MOST_IDS + b`` -> the text of the cards ``a`` and ``b`` (filled as pairs come)."""


def _pair_text(a: int, b: int) -> str:
    found = _PAIRS.get(a * _MOST_IDS + b)
    if found is None:
        found = _PAIRS[a * _MOST_IDS + b] = f"{_card_text(a)} {_card_text(b)}"
    return found


_INTERN_MAX: Final = 1 << 15
"""How many interned bet (and see) legal actions are kept (a stack is the top of most)."""
_BETS: dict[tuple[int, int], LegalAction] = {}
_SEES: dict[int, LegalAction] = {}


def _bet_action(lo: int, hi: int) -> LegalAction:
    """The (interned) ``bet lo..hi`` legal action."""
    found = _BETS.get((lo, hi))
    if found is None:
        if len(_BETS) >= _INTERN_MAX:
            _BETS.clear()
        found = _BETS[lo, hi] = legal_amount("bet", lo, hi)
    return found


def _see_action(cost: int) -> LegalAction:
    """The (interned) ``see`` legal action costing ``cost``."""
    found = _SEES.get(cost)
    if found is None:
        if len(_SEES) >= _INTERN_MAX:
            _SEES.clear()
        found = _SEES[cost] = LegalAction("see", cost=cost)
    return found


def see_cost_now(st: Deal, p: int) -> int | None:
    """What a see by ``p`` would cost now if the statuses allow one (two seats left, a bet
    made, nobody holding two hands, no open seat seeing a blind one), else None."""
    status = st.status
    old = st.retained_hand
    if status.count(S_IN) != 2 or st.stake <= 0 or old[p]:
        return None
    q = next_in_turn(status, p)
    blind = not st.looked[p]
    betting = st.family.betting
    if old[q] or not betting.can_see(blind, not st.looked[q]):
        return None
    return betting.see_cost(st.stake, blind, not st.looked[q])


def borrow_need(st: Deal, p: int) -> int:
    """The chips ``p`` needs when asking to borrow (lend_or_show, 4.4.9): the stay when he
    cannot afford it, else the see he cannot afford."""
    stay, _ = st.family.betting.bet_bounds(st.stake, not st.looked[p], st.pot, st.stacks[p])
    if stay > st.stacks[p]:
        return stay
    see = see_cost_now(st, p)
    return see if see is not None else stay


_HEADS: Final = ((FOLD,), (_LOOK, FOLD), (_LOOK2, FOLD),
                 (_SHOWDOWN, FOLD), (_SHOWDOWN, _LOOK, FOLD), (_SHOWDOWN, _LOOK2, FOLD))
"""The first legal actions of the betting phase: [showdown] [look] fold (index: 3 if a
showdown may be proposed, + 1 for a look, + 2 for a look at one of two hands)."""


PlainBets = tuple[tuple[int, int], tuple[int, int], bool, str]
"""A plain betting family's first-bet bounds ``(lo, hi)`` blind and open, whether a short
seat may cover (``short_stack_policy="cover"``) and the see's price (``see_mode``)."""


def _plain_bets(family: BragFamily) -> PlainBets | None:
    """Work out (once) :attr:`BragFamily.plain_bets` (see there)."""
    rules = family.rules
    b = family.betting
    plain = None
    if (b.raise_limit is None and b.raise_factor is None and not b.pot_limit
            and rules.blind_allowed and not rules.rebuy_anytime and not family.has_extra
            and rules.short_stack_policy != "lend_or_show"):
        plain = (((b.min_first + 1) // 2, b.max_first // 2), (b.min_first, b.max_first),
                 rules.short_stack_policy == "cover", b.see_mode)
    family.plain_bets = plain
    family.plain_known = True
    return plain


_COVERS: dict[int, LegalAction] = {}


def legal_bet(st: Deal) -> tuple[LegalAction, ...]:
    """The legal actions of ``st`` (a state or a machine) in the betting phase.

    A plain betting family (:attr:`BragFamily.plain_bets`) whose seat to act holds one hand
    takes a short path, :meth:`BragBetting.bet_bounds` and :func:`see_cost_now` worked out
    inline; every other case the general one (the same actions).

    >>> from bragkit.engine import BragState
    >>> from bragkit.rules import get_preset
    >>> import random
    >>> st = BragState.new(get_preset("modern"), [9, 9, 9], rng=random.Random(1))
    >>> [str(a) for a in legal_bet(st)], [str(a) for a in legal_bet(st.apply("bet 2"))]
    (['look', 'fold', 'bet 1..5'], ['showdown', 'look', 'fold', 'bet 2..8'])
    >>> [str(a) for a in legal_bet(st.apply("bet 2").apply("fold"))]
    ['look', 'fold', 'bet 2..8', 'see (costs 4)']
    """
    family = st.family
    plain = family.plain_bets if family.plain_known else _plain_bets(family)
    p = st.to_act
    old = st.retained_hand
    if plain is None or old[p]:
        return _legal_bet(st)
    stake = st.stake
    looked = st.looked[p]
    stack = st.stacks[p]
    status = st.status
    if stake:
        lo = stake if looked else (stake + 1) // 2  # the stay
        hi = stack
        active = status.count(S_IN)
    else:  # (no showdown nor see before a bet: the seats in need no count)
        lo, hi = plain[1] if looked else plain[0]
        if hi > stack:
            hi = stack
        active = 0
    head: tuple[LegalAction, ...]
    if active >= 3 and family.agreed_showdown and not any(old) and (
            not (turn := st.turn_flags) or turn not in HAS_PROPOSED):  # (IntFlag's & is slow)
        head = _HEADS[3 if looked else 4]
    else:
        head = _HEADS[0 if looked else 1]
    if lo <= hi:
        found = _BETS.get((lo, hi))
        head += (found if found is not None else _bet_action(lo, hi),)
    elif lo > stack and plain[2]:
        found = _COVERS.get(stack)
        if found is None:
            if len(_COVERS) >= _INTERN_MAX:
                _COVERS.clear()
            found = _COVERS[stack] = LegalAction("cover", cost=stack)
        head += (found,)
    if active == 2:  # a see (4.4.2; a bet made): never an open seat seeing a blind one
        for q in AFTER[len(status)][p]:  # (betting.next_in_turn inline: the other seat in)
            if status[q] is S_IN:  # (a machine's statuses are SeatStatus members)
                break
        seen_blind = not st.looked[q]
        if not old[q] and (not looked or not seen_blind):
            mode = plain[3]
            cost = lo if mode == "stay" or (mode == "single" and not seen_blind) else 2 * lo
            if cost <= stack:
                found = _SEES.get(cost)
                head += (found if found is not None else _see_action(cost),)
    return head


def _legal_bet(st: Deal) -> tuple[LegalAction, ...]:
    """:func:`legal_bet`'s general path."""
    p = st.to_act
    rules = st.rules
    family = st.family
    active = st.status.count(S_IN)
    old = st.retained_hand
    two_hands = bool(old[p])
    stake = st.stake
    blind = not st.looked[p]
    if stake > 0 and active >= 3 and family.agreed_showdown and not any(old) and (
            not (turn := st.turn_flags) or turn not in HAS_PROPOSED):  # (IntFlag's & is slow)
        head = _HEADS[3 + ((2 if two_hands else 1) if blind else 0)]
    else:
        head = _HEADS[(2 if two_hands else 1) if blind else 0]
    if blind and not rules.blind_allowed:
        return head
    stack = st.stacks[p]
    lo, hi = family.betting.bet_bounds(stake, blind, st.pot, stack)
    if (lo <= stack and (active != 2 or stake <= 0 or two_hands) and not rules.rebuy_anytime
            and not family.has_extra):  # the common case: nothing after the bet
        if lo > hi:
            return head
        bet = _BETS.get((lo, hi))
        return (*head, bet if bet is not None else _bet_action(lo, hi))
    acts = list(head)
    if lo <= hi:
        acts.append(_bet_action(lo, hi))
    policy = rules.short_stack_policy
    if lo > stack:
        if policy == "cover":
            if two_hands:
                acts.append(LegalAction("cover", cost=stack, args=("old", "new")))
            else:
                acts.append(LegalAction("cover", cost=stack))
        elif policy == "lend_or_show" and active == 2 and not two_hands:
            acts.append(LegalAction("borrow"))
    if active == 2 and stake > 0 and not two_hands:
        cost = see_cost_now(st, p)
        if cost is not None and cost <= stack:
            acts.append(_see_action(cost))
        elif cost is not None and policy == "lend_or_show" and lo <= stack:
            acts.append(LegalAction("borrow"))  # 4.4.9: the policy covers the see cost too
    if rules.rebuy_anytime and (not (turn := st.turn_flags) or not turn & REBOUGHT):
        acts.append(LegalAction("rebuy", lo=1, hi=rules.rebuy_max))
    if family.has_extra:
        acts.extend(family.extra_legal(st, p))
    return tuple(acts)
