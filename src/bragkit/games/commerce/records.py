"""The phase-dependent data of a Commerce deal (``CommerceState.pending``), as typed records.

Each record belongs to one phase and is matched by type; ``pending`` is ``None`` in the
phases that need nothing more than the seat to act (trading, exchanges, the privilege).

* :class:`Barter` (phase ``barter``): ``offerer`` offered ``card`` to the seat to act (4.10).
* :class:`LastExchanges` (phase ``last``): the seats still owed Peel's last exchange, the
  seat to act first (4.11).
* :class:`PounceOffers` (phase ``pounce``): the open pounce offers, the first one being
  answered, and where play resumes after them (4.11 pounce).
* :class:`HorseOffers` (phase ``horse``): the seats offered a horse, the first one being
  asked, and the seats that went out this deal (4.11 lives).

>>> b = Barter(offerer=0, card=51)
>>> b.offerer, b == (0, 51)
(0, True)
>>> PounceOffers((PounceOffer(1, 7),), Resume(Phase.EXCHANGE, 1)).offers[0].seat
1
"""

from __future__ import annotations

from typing import NamedTuple

from bragkit.engine.kinds import Phase

__all__ = ["Barter", "HorseOffers", "LastExchanges", "Pending", "PounceOffer", "PounceOffers",
           "Resume"]


class Barter(NamedTuple):
    """``barter``: ``offerer`` offered ``card`` (an id) to his neighbour, the seat to act."""

    offerer: int
    card: int


class LastExchanges(NamedTuple):
    """``last``: Peel's last exchanges are owed to ``seats`` (the seat to act first)."""

    seats: tuple[int, ...]


class PounceOffer(NamedTuple):
    """``seat`` holds a tricon of the rank of widow card ``card`` and may pounce on it."""

    seat: int
    card: int


class Resume(NamedTuple):
    """Where play goes on once the pounce offers are answered."""

    phase: Phase
    seat: int
    last: LastExchanges | None = None
    """The last exchanges still owed when the pounce interrupted phase ``last``."""


class PounceOffers(NamedTuple):
    """``pounce``: the open offers in order (the first is being answered) and the resume
    point."""

    offers: tuple[PounceOffer, ...]
    resume: Resume


class HorseOffers(NamedTuple):
    """``horse``: ``seats`` may buy a horse (the first is asked); ``out`` lost their last
    life this deal (they share the pool if nobody is left)."""

    seats: tuple[int, ...]
    out: tuple[int, ...]


Pending = Barter | LastExchanges | PounceOffers | HorseOffers
"""The phase-dependent data of a Commerce state (``None`` when a phase needs none)."""
