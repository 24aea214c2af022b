"""Modern Three Card Brag and its Four/Five-Card and wild-card forms (rules 4.4-4.6).

Everything is in the shared brag engine; this module only maps the rules onto it:
the R-MODERN ranking (with wild cards and discards), the first-bet bounds, raise and pot
limits, and the see price.

>>> from bragkit.rules import get_preset
>>> fam = ModernFamily(get_preset("modern-single-see"))
>>> fam.betting.see_mode, fam.foldout_carries
('single', True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from bragkit.engine.brag.betting import BragBetting
from bragkit.engine.brag.core import BragFamily
from bragkit.games.spec import GameSpec
from bragkit.hands import Ranking, get_ranking
from bragkit.rules.game_keys import MODERN_KEYS

if TYPE_CHECKING:
    from bragkit.rules import Rules

__all__ = ["GAMES", "ModernFamily"]


class ModernFamily(BragFamily):
    """Hooks of modern Brag (G-M, G-M4, G-M5, wild cards)."""

    name = "modern"

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.ranking = get_ranking(
            "modern", threes_high=rules.threes_high, a23_rank=rules.a23_rank, wild=rules.wild,
            jokers=rules.jokers if rules.wild == "jokers" else None,
            wild_count_mode=rules.wild_count_mode, wild_may_duplicate=rules.wild_may_duplicate,
            discard_compare=rules.discard_compare)
        self.betting = BragBetting(
            min_first=rules.min_bet, max_first=rules.max_bet, initial_r=0,
            raise_limit=rules.raise_limit, pot_limit=rules.pot_limit, see_mode=rules.see_cost)
        self.foldout_carries = rules.blind_winner_policy == "carry"
        self.agreed_showdown = rules.agreed_showdown
        self.retained_hands = self.foldout_carries


def _ranking(rules: Rules) -> Ranking:
    from bragkit.engine.brag.family import family_for

    ranking: Ranking = family_for(rules).ranking
    return ranking


GAMES: Final = (GameSpec(
    name="modern", title="Modern Three Card Brag", spec_section="4.4", engine="brag",
    hooks="bragkit.games.modern:ModernFamily", table="bragkit.engine.session:Session",
    keys=MODERN_KEYS, ranking=_ranking, docs="docs/rules/modern.md", order=0, blind_play=True,
    bots={"heuristic": "bragkit.bots.heuristic:HeuristicBot",
          "tracker": "bragkit.bots.tracker:TrackerBot",
          # the HU-Brag-S12 equilibrium (refuses rules other than the solved game's)
          "cfr": "bragkit.bots.cfr_bot:CfrBot"},
    unread_reason="keys of Teen Patti, rules 4.7",
    model_checked=frozenset({"pot_limit_total"}),
    general_keys_shown=frozenset({"cards", "wild", "pack_policy", "dealers_choice_every"}),
    presets={
        "modern": {}, "modern-4card": {"cards": 4}, "modern-5card": {"cards": 5},
        # the S2 variations (4.4.6 - 4.4.11, 4.6)
        "modern-single-see": {"see_cost": "single"},
        "modern-face-up": {"retained_variant": "face_up"},
        "modern-cover": {"short_stack_policy": "cover"},
        "modern-lend": {"short_stack_policy": "lend_or_show"},
        "modern-rebuy": {"rebuy_anytime": True},
        "modern-pot-limit": {"pot_limit": True},
        "modern-stub": {"stub_face_up": True},
        "modern-dealers-choice": {"dealers_choice_every": 4},
        "modern-no-blind": {"blind_allowed": False},
        "modern-shuffled": {"pack_policy": "shuffle_every_deal"},
        "modern-wild-twos": {"wild": "twos"},
        "modern-jokers": {"wild": "jokers", "jokers": 2},
        "modern-4card-wild": {"cards": 4, "wild": "twos"},
        "modern-5card-wild": {"cards": 5, "wild": "jokers", "jokers": 2},
    }),)
"""Modern Brag's declaration (:mod:`bragkit.games.spec`)."""
