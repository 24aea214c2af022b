"""Modern Three Card Brag and its Four/Five-Card and wild-card forms (rules-spec 4.4-4.6).

Everything is in the shared brag engine; this module only maps the rules onto it:
the R-MODERN ranking (with wild cards and discards), the first-bet bounds, raise and pot
limits, and the see price.

>>> from bragkit.rules import get_preset
>>> fam = ModernFamily(get_preset("modern-single-see"))
>>> fam.betting.see_mode, fam.foldout_carries
('single', True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bragkit.engine.brag.betting import BragBetting
from bragkit.engine.brag.core import BragFamily
from bragkit.hands import get_ranking

if TYPE_CHECKING:
    from bragkit.rules import Rules

__all__ = ["ModernFamily"]


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
