"""The game engine: immutable states, explicit chance, an event log, per-seat views.

Design note: how a game plugs in
================================

The engine is split into a shared *table model* and one *betting machine* per betting style.

Shared table model (every game):

* :mod:`bragkit.engine.actions`: :class:`Action` (what a seat does), :class:`LegalAction`
  (what a state offers, with exact costs or bounds) and the generic action strings
  (``p1 bet 4``, ``p1 fold``, ...; new games add kinds such as ``call``/``raise``/``draw``).
* :mod:`bragkit.engine.events`: the append-only :class:`Event` log with per-event
  visibility; views, histories and statistics are derived from it.
* :mod:`bragkit.engine.pack`: packs as tuples of card ids, shuffled only by an injected
  ``random.Random`` or given explicitly; :func:`~bragkit.engine.pack.new_rng` makes a
  table's generator (``SystemRandom`` unless a seed is asked for: no default seed).
* :mod:`bragkit.engine.table`: the :class:`Table` protocol (consecutive deals at one table:
  dealer rotation, stacks, carried pots, the pack, deal records) and :func:`open_table`, which
  builds the table class each game registers (:mod:`bragkit.engine.session` for the brag-style
  games, :mod:`.poker.session`, :mod:`bragkit.games.commerce.session`).
* :mod:`bragkit.engine.deal_protocol`: the protocol part every deal state shares
  (``apply_move`` with its turn check, ``first``, ``replay``, ``action_strings``).
* :mod:`bragkit.history` and :mod:`bragkit.testing` work on any :class:`Table` and on any
  deal state that offers ``legal_actions()``, ``apply_move(seat, action)``, ``is_over``,
  ``view(seat)``, ``events`` and ``replay()`` (:class:`~bragkit.engine.table.DealState`).

Betting machines:

* :mod:`bragkit.engine.brag.betting` is the brag-style (non-equalising) machine: bet
  bounds, stay and see prices from the open-equivalent stake ``R``.  :mod:`.brag.state`
  runs a whole brag-style deal on it (antes, blind/open play, looks, sees, fold-outs,
  covers, retained hands): :mod:`.brag.start` deals, :mod:`.brag.legal` lists the legal
  actions, :mod:`.brag.transitions` and :mod:`.brag.fast` apply them and
  :mod:`.brag.resolve` ends a deal, all on :mod:`.brag.core` (fields, work copy, hooks).
* The poker-style (equalising) machine of the Foster games goes beside it as
  ``engine/poker_betting.py`` (contributions, a target, raise caps, side pots) with its own
  state module; it reuses the table model above unchanged.

A *game* is a thin family module in :mod:`bragkit.games` that maps :class:`Rules` to the
machine's parameters and hooks (:class:`bragkit.engine.brag.core.BragFamily`): the ranking, the
betting parameters, what a blind fold-out does, extra actions (Teen Patti's side show).
Adding a brag-style game is one family class plus one entry in
:data:`bragkit.engine.brag.family.FAMILIES`; nothing in the engine is copied.

>>> import random
>>> from bragkit.rules import get_preset
>>> s = BragState.start(get_preset("modern"), (30, 30), 0,
...                     shuffled_pack(get_preset("modern"), random.Random(2)))
>>> s = s.apply("look").apply("bet 2")
>>> s.to_act, s.stake, [str(a) for a in s.legal_actions()]
(0, 2, ['look', 'fold', 'bet 1..29', 'see (costs 2)'])
"""

from bragkit.engine.actions import (
    Action,
    LegalAction,
    format_move,
    parse_action,
    parse_move,
)
from bragkit.engine.brag.betting import BragBetting
from bragkit.engine.brag.family import BragFamily, family_for
from bragkit.engine.brag.state import BragState
from bragkit.engine.events import Event
from bragkit.engine.pack import fresh_pack, pack_from_text, pack_text, shuffled_pack
from bragkit.engine.session import Session, table_view
from bragkit.engine.table import DealRecord, DealState, Table, open_table, register_table
from bragkit.engine.views import SeatView

__all__ = [
    "Action",
    "BragBetting",
    "BragFamily",
    "BragState",
    "DealRecord",
    "DealState",
    "Event",
    "LegalAction",
    "SeatView",
    "Session",
    "Table",
    "family_for",
    "format_move",
    "fresh_pack",
    "open_table",
    "pack_from_text",
    "pack_text",
    "parse_action",
    "parse_move",
    "register_table",
    "shuffled_pack",
    "table_view",
]
