"""Every played hand can be saved (issue 3): a single deal of any engine, started from its
state class, saves to a history that re-plays to the very same deal."""

from __future__ import annotations

import random

import pytest

from bragkit.engine import BragState
from bragkit.engine.pack import shuffled_pack
from bragkit.engine.poker.state import PokerState
from bragkit.errors import HistoryError
from bragkit.games.commerce.state import CommerceState
from bragkit.history import dumps, history_of, loads, replay
from bragkit.rules import PRESETS, get_preset

STATES = {"modern": BragState, "teen-patti": BragState, "commerce": CommerceState,
          "commerce-widow": CommerceState}


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_single_deal_of_every_preset_saves_and_replays_exactly(preset: str) -> None:
    rules = get_preset(preset)
    cls = STATES.get(rules.game, PokerState)
    for seed in range(6):
        rng = random.Random(seed)
        n = rng.randint(3, 5)
        st = cls.start(rules, [rng.randint(10, 40) for _ in range(n)], rng.randrange(n),
                       shuffled_pack(rules, rng))
        for _ in range(rng.randint(0, 30)):
            if st.is_over:
                break
            st = st.apply(rng.choice(st.legal_actions()).sample(rng))
        h = loads(dumps(history_of(st)))
        assert h.deals == (tuple(st.action_strings()),)
        table = replay(h).session
        assert (table.state if table.deal_no == 0 else table.last_final) == st


def test_a_deal_that_does_not_start_a_table_is_one_clear_error() -> None:
    rules = get_preset("commerce-widow")
    st = CommerceState.start(rules, [20, 20, 20], 0, shuffled_pack(rules, random.Random(2)),
                             pool=7)
    with pytest.raises(HistoryError, match="save it from its table"):
        history_of(st)
