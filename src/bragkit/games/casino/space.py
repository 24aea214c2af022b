"""Casino's discrete action space (``GameSpec.action_layout``, :mod:`bragkit.engine.discrete`):
the ante and the Pair Bonus by bucket, then ``deal``, ``play`` and ``fold``.

>>> from bragkit.engine.discrete import ActionSpace
>>> from bragkit.engine.actions import LegalAction
>>> space = ActionSpace(LAYOUT)
>>> [s.name for s in space.slots][:4], space.n
(['ante@min', 'ante@x2', 'ante@pot', 'ante@max'], 11)
>>> options = space.options([LegalAction("pairbonus", 1, 90), LegalAction("deal")], pot=10)
>>> [(space.slots[i].name, a.amount) for i, a in options.items()]
[('pairbonus@min', 1), ('pairbonus@x2', 2), ('pairbonus@pot', 10), ('pairbonus@max', 90), \
('deal', None)]
"""

from __future__ import annotations

from typing import Final

from bragkit.engine.discrete import KindSlots

__all__ = ["LAYOUT"]

_AMOUNT: Final = ("min", "x2", "pot", "max")
LAYOUT: Final = (KindSlots("ante", buckets=_AMOUNT), KindSlots("pairbonus", buckets=_AMOUNT),
                 KindSlots("deal"), KindSlots("play"), KindSlots("fold"))
"""The slots: ``ante`` and ``pairbonus`` by the usual amount buckets (``pot``: the chips
already staked), then the plain ``deal``, ``play`` and ``fold``."""
