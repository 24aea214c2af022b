"""Hand rankings of every Brag game: strengths, descriptions and fast tables.

Use :func:`get_ranking` with a ranking name and its options; ranking objects
are cached, so asking twice is free.

>>> from bragkit.hands import get_ranking
>>> m = get_ranking("modern")
>>> m.evaluate("Qs Qd 7c") > m.evaluate("As Kd Jh")
True
>>> m.class_count
741
>>> get_ranking("modern", a23_rank="second").evaluate("Ah 2h 3h") < \\
...     get_ranking("modern", a23_rank="second").evaluate("Ad Kd Qd")
True
"""

from bragkit.hands.core import Analysis, Ranking, Strength, flat_index
from bragkit.hands.registry import RANKING_NAMES, get_ranking, ranking_options

__all__ = [
    "RANKING_NAMES",
    "Analysis",
    "Ranking",
    "Strength",
    "flat_index",
    "get_ranking",
    "ranking_options",
]
