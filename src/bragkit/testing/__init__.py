"""Testing helpers usable for every game: the conformance checkers.

>>> from bragkit.testing import check_conformance
>>> from bragkit.rules import get_preset
>>> check_conformance(get_preset("teen-patti"), hands=20, seed=2).failures
[]
"""

from bragkit.testing.casino_check import check_casino
from bragkit.testing.conformance import (
    ConformanceError,
    ConformanceReport,
    NoDealError,
    check_conformance,
    check_state,
    view_cards,
)
from bragkit.testing.knowledge import Knowledge
from bragkit.testing.run import check_preset, preset_names

__all__ = ["ConformanceError", "ConformanceReport", "Knowledge", "NoDealError", "check_casino",
           "check_conformance", "check_preset", "check_state", "preset_names", "view_cards"]
