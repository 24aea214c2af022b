"""Teen Patti on the shared brag engine (rules 4.7).

Mapping onto the brag-style machine: the boot is the ante; the stake ``s`` in blind units
is ``R/2``, so the machine starts at ``R = 2 * boot``; a blind chaal of ``s..2s`` and a seen
chaal of ``2s..4s`` are both "a bet worth R to 2R" (``raise_factor=2``); a show costs the
stay (``see_mode="stay"``): ``s`` for a blind requester, ``2s`` seen against seen; a seen
player cannot show a blind one.  The last player left wins even when blind.  The side show
(compromise) is this module's extra action: ``p1 sideshow 4`` bets 4 and asks the previous
bettor, who answers ``accept`` or ``decline``.

>>> from bragkit.rules import get_preset
>>> fam = TeenPattiFamily(get_preset("teen-patti"))
>>> fam.betting.initial_r, fam.betting.raise_factor, fam.betting.see_mode
(2, 2, 'stay')
>>> fam.foldout_carries
False
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from bragkit.engine.actions import Action, LegalAction
from bragkit.engine.brag import resolve as res
from bragkit.engine.brag.betting import BragBetting
from bragkit.engine.brag.core import AnyWork, Asked, BragFamily, BragRecord
from bragkit.engine.kinds import Phase, SeatStatus
from bragkit.games.spec import GameSpec
from bragkit.hands import Ranking, get_ranking
from bragkit.rules.catalogue import RuleValue
from bragkit.rules.game_keys import TEEN_PATTI_KEYS, TEEN_PATTI_MODEL_CHECKED

if TYPE_CHECKING:
    from bragkit.rules import Rules

__all__ = ["GAMES", "TeenPattiFamily"]

P_SIDESHOW: Final = Phase.SIDESHOW
S_FOLDED: Final = SeatStatus.FOLDED
S_IN: Final = SeatStatus.IN

_RESPONSES = (LegalAction("accept"), LegalAction("decline"))


class TeenPattiFamily(BragFamily):
    """Hooks of Teen Patti: boot, chaal limits, show price, side show, pot limit."""

    name = "teen-patti"
    title = "Teen Patti"
    see_section = "4.7"
    see_alias = "show"  # Teen Patti calls the see a show

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.ranking = get_ranking("teen-patti", a23_rank=rules.tp_a23)
        self.betting = BragBetting(min_first=2 * rules.ante, max_first=4 * rules.ante,
                                   initial_r=2 * rules.ante, raise_factor=2,
                                   see_mode="stay")
        self.foldout_carries = False
        self.agreed_showdown = False
        self.retained_hands = False
        self.has_extra = rules.sideshow
        self.has_after_bet = rules.pot_limit_total is not None

    def _target(self, state: BragRecord | AnyWork, seat: int) -> int:
        """The previous active bettor, if a side show with him is possible, else -1.

        The last bettor is normally still in; only a requester who lost a side show is
        not, and then the previous bettor is the nearest seat still in before ``seat``
        (the one who accepted), never the folded one (4.7).
        """
        prev = state.last_bettor
        status = state.status
        if prev >= 0 and status[prev] != S_IN:
            n = len(status)
            prev = next((s for s in ((seat - k) % n for k in range(1, n))
                         if status[s] == S_IN), -1)
        if prev < 0 or prev == seat:
            return -1
        return prev

    def extra_legal(self, state: BragRecord | AnyWork, seat: int) -> list[LegalAction]:
        """The side show, when the seat is seen and the previous bettor is seen too."""
        rules = self.rules
        if not rules.sideshow or not state.looked[seat]:
            return []
        if state.status.count(S_IN) < rules.sideshow_min_active:
            return []
        prev = self._target(state, seat)
        if prev < 0 or not state.looked[prev]:
            return []
        lo, hi = self.betting.bet_bounds(state.stake, False, state.pot, state.stacks[seat])
        if lo > hi:
            return []
        return [LegalAction("sideshow", lo=lo, hi=hi)]

    def phase_legal(self, state: BragRecord | AnyWork) -> tuple[LegalAction, ...]:
        """Accept or decline a side show."""
        if state.phase == "sideshow":
            return _RESPONSES
        return ()

    def apply_extra(self, work: AnyWork, seat: int, action: Action) -> None:
        """Request a side show, or answer one."""
        if action.kind == "sideshow":
            amount = action.amount
            assert amount is not None
            target = self._target(work, seat)
            work.pay(seat, amount)
            work.stake = amount
            work.last_bettor = seat
            work.emit("bet", seat, amount=amount)
            limit = self.rules.pot_limit_total
            if limit is not None and work.pot >= limit:
                self.after_bet(work, seat)
                return
            work.emit("sideshow", seat, note=f"asks p{target + 1}")
            work.phase = P_SIDESHOW
            work.pending = Asked(seat)
            work.to_act = target
            return
        asked = work.pending
        assert isinstance(asked, Asked)
        requester = asked.asker
        if action.kind == "decline":
            work.emit("decline", seat)
            work.advance(requester)
            return
        work.emit("accept", seat)
        pair = frozenset({seat, requester})
        work.emit("reveal", requester, cards=work.hands[requester], visible_to=pair,
                  note="side show")
        work.emit("reveal", seat, cards=work.hands[seat], visible_to=pair, note="side show")
        if res.hand_key(work, seat) > res.hand_key(work, requester):
            loser = requester
        else:
            loser = seat if res.hand_key(work, requester) > res.hand_key(work, seat) else requester
        work.status[loser] = S_FOLDED
        work.emit("fold", loser, note="lost the side show")
        res.return_cards(work, loser, face_up=True)
        if work.active_count() == 1:
            res.foldout(work)
        else:
            work.advance(requester)

    def after_bet(self, work: AnyWork, seat: int) -> None:
        """The optional pot limit (``pot_limit_total``) forces a showdown."""
        limit = self.rules.pot_limit_total
        if limit is not None and work.pot >= limit:
            work.emit("show", seat, note="pot limit reached")
            res.multiway_showdown(work)


def _ranking(rules: Rules) -> Ranking:
    from bragkit.engine.brag.family import family_for

    ranking: Ranking = family_for(rules).ranking
    return ranking


def _problems(r: Rules) -> list[str]:
    """Teen Patti's own checks of the shared keys (rules 4.7)."""
    out = []
    if r.cards != 3:
        out.append(f"teen-patti deals 3 cards, not {r.cards}")
    if r.ante < 1:
        out.append("teen-patti needs a boot (ante >= 1): the stake starts at the boot")
    if r.wild is not None:
        out.append("teen-patti has no wild-card option")
    if r.short_stack_policy != "fold_or_rebuy":
        out.append("teen-patti supports only short_stack_policy='fold_or_rebuy'")
    if r.dealers_choice_every is not None:
        out.append("dealers_choice_every is a modern Brag option")
    return out


_TP: Final[dict[str, RuleValue]] = {"pack_policy": "shuffle_every_deal",
                                    "blind_winner_policy": "wins"}
_MEANINGS: Final[dict[str, str]] = {
    "see": "show: pay to see the other hand (only with two players left); the better "
           "wins and the one who asks loses a tie",
    "bet": "chaal: put in N chips; blind, you pay half a seen player's stake",
}
"""What the actions mean in this game (:mod:`bragkit.explain.actions`)."""

GAMES: Final = (GameSpec(
    name="teen-patti", title="Teen Patti", spec_section="4.7", engine="brag",
    hooks="bragkit.games.teen_patti:TeenPattiFamily", table="bragkit.engine.session:Session",
    keys=TEEN_PATTI_KEYS, ranking=_ranking, docs="docs/rules/teen-patti.md", order=1,
    action_meanings=_MEANINGS,
    blind_play=True, bots={"heuristic": "bragkit.bots.heuristic:HeuristicBot",
                           "tracker": "bragkit.bots.tracker:TrackerBot"},
    unread_reason="rules 4.7: Teen Patti fixes its own chaal limits, show price, ranking "
                  "and fold-out",
    model_checked=TEEN_PATTI_MODEL_CHECKED, problems=_problems,
    general_keys_shown=frozenset({"pack_policy"}), int_ranges={"ante": (1, "1 or more (the boot)")},
    presets={"teen-patti": {**_TP, "max_bet": 10},
             "teen-patti-a23-second": {**_TP, "tp_a23": "second"}}),)
"""Teen Patti's declaration (:mod:`bragkit.games.spec`)."""
