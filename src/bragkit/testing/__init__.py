"""Testing helpers usable for every game: the conformance checker.

>>> from bragkit.testing import check_conformance
>>> from bragkit.rules import get_preset
>>> check_conformance(get_preset("teen-patti"), hands=20, seed=2).failures
[]
"""

from bragkit.testing.conformance import (
    ConformanceError,
    ConformanceReport,
    check_conformance,
    check_state,
)

__all__ = ["ConformanceError", "ConformanceReport", "check_conformance", "check_state"]
