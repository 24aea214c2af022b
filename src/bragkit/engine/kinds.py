"""The typed names of the engine (design section 5): phases, seat statuses, action kinds,
turn flags.

The StrEnums compare equal to the strings used before them, so saved histories, goldens and
consumers comparing with ``"bet"`` keep working:

>>> Phase.BET == "bet", SeatStatus("in") is SeatStatus.IN, f"{ActionKind.FOLD}"
(True, True, 'fold')
>>> TurnFlags.PROPOSED | TurnFlags.REBOUGHT, TurnFlags(0) == 0
(<TurnFlags.PROPOSED|REBOUGHT: 3>, True)
"""

from __future__ import annotations

import enum

__all__ = ["ActionKind", "Phase", "SeatStatus", "TurnFlags"]


class Phase(enum.StrEnum):
    """Every phase a deal passes through (equal to today's strings: ``Phase.BET == "bet"``).

    >>> Phase.BET == "bet", Phase("over") is Phase.OVER
    (True, True)
    """

    SETUP = "setup"
    DEAL = "deal"
    ANTE = "ante"
    BET = "bet"
    DISCARD = "discard"
    DECIDE = "decide"
    NAME = "name"
    LEND = "lend"
    AGREE = "agree"
    QUALIFY = "qualify"
    RETAIN = "retain"
    SIDESHOW = "sideshow"
    SHOWDOWN = "showdown"
    DRAW = "draw"
    EXCHANGE = "exchange"
    AFTER = "after"
    LAST = "last"
    PRIVILEGE = "privilege"
    TRADE = "trade"
    BARTER = "barter"
    HORSE = "horse"
    POUNCE = "pounce"
    OVER = "over"


class SeatStatus(enum.StrEnum):
    """A seat's status in a deal (equal to today's strings: ``SeatStatus.IN == "in"``)."""

    IN = "in"
    OUT = "out"
    FOLDED = "folded"
    COVERED = "covered"
    ALLIN = "allin"
    DONE = "done"
    PASSED = "passed"
    STOOD = "stood"


class ActionKind(enum.StrEnum):
    """Every action kind of every game, casino included (equal to today's strings)."""

    LOOK = "look"
    FOLD = "fold"
    SEE = "see"
    COVER = "cover"
    KEEP = "keep"
    THROW = "throw"
    RETAIN = "retain"
    RELEASE = "release"
    STAY = "stay"
    SHOWDOWN = "showdown"
    AGREE = "agree"
    REFUSE = "refuse"
    BORROW = "borrow"
    SHOW = "show"
    ACCEPT = "accept"
    DECLINE = "decline"
    CALL = "call"
    CHECK = "check"
    PASS = "pass"
    STAND = "stand"
    PLAY = "play"
    TRADE = "trade"
    WIDOW = "widow"
    HORSE = "horse"
    POUNCE = "pounce"
    BET = "bet"
    REBUY = "rebuy"
    LEND = "lend"
    SIDESHOW = "sideshow"
    RAISE = "raise"
    DRAW = "draw"
    ANTE = "ante"
    NAME = "name"
    DISCARD = "discard"
    CHOOSE = "choose"
    BARTER = "barter"
    EXCHANGE = "exchange"
    PAIRBONUS = "pairbonus"
    DEAL = "deal"


class TurnFlags(enum.IntFlag):
    """Named flags of a brag-style seat's turn (``BragState.turn_flags``)."""

    PROPOSED = 1
    REBOUGHT = 2
    QUALIFYING = 4
