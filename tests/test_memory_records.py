"""Memory that stays bounded: a table's deal records and the family cache (issue 10).

These count what is kept (records, cache entries); they do not time anything.
"""

from __future__ import annotations

import random

import pytest

from bragkit.engine.actions import Action
from bragkit.engine.brag.family import CACHE_SIZE, family_cache_size, family_for
from bragkit.engine.table import KEEP_RECORDS, DealRecord, Table, open_table
from bragkit.errors import HistoryError, RulesError
from bragkit.history import history_of, loads, replay
from bragkit.rules import get_preset

MODERN = get_preset("modern")


def _fold_deals(t: Table, deals: int) -> None:
    """Play ``deals`` deals in which the first seat to act folds blind."""
    for _ in range(deals):
        t.apply(Action("fold"))


def test_records_default_keeps_the_most_recent() -> None:
    t = open_table(MODERN, [10_000, 10_000], dealer=0, seed=1)
    _fold_deals(t, KEEP_RECORDS + 50)
    assert t.deal_no == KEEP_RECORDS + 50
    assert len(t.records) == KEEP_RECORDS
    assert t.records.dropped == 50
    assert [r.number for r in t.records] == list(range(50, KEEP_RECORDS + 50))
    assert t.records[-1].final == t.last_final


@pytest.mark.parametrize("preset", ["modern", "foster", "commerce", "brag-poker", "teen-patti"])
def test_records_bounded_in_every_engine(preset: str) -> None:
    rules = get_preset(preset)
    seen: list[DealRecord] = []
    t = open_table(rules, [5_000] * 4, dealer=0, seed=2, keep_records=3,
                   on_record=lambda record, final: seen.append(record))
    rng = random.Random(5)
    decisions = 0
    while t.deal_no < 12:
        legal = t.legal_actions()
        folds = [la for la in legal if la.kind in ("fold", "stand")]
        t.apply((folds[0] if folds else rng.choice(legal)).sample(rng))
        decisions += 1
        assert decisions < 10_000
    assert len(t.records) == 3 and t.records.dropped == t.deal_no - 3
    assert [r.number for r in seen] == list(range(t.deal_no))  # the callback saw every deal


def test_keep_records_none_keeps_every_deal_and_zero_none() -> None:
    every = open_table(MODERN, [10_000, 10_000], dealer=0, seed=1, keep_records=None)
    none = open_table(MODERN, [10_000, 10_000], dealer=0, seed=1, keep_records=0)
    _fold_deals(every, 30)
    _fold_deals(none, 30)
    assert len(every.records) == 30 and every.records.dropped == 0
    assert len(none.records) == 0 and none.records.dropped == 30
    assert none.last_final == every.last_final


def test_history_of_refuses_a_table_that_forgot_deals() -> None:
    t = open_table(MODERN, [10_000, 10_000], dealer=0, seed=1, keep_records=5)
    _fold_deals(t, 5)
    assert replay(history_of(t)).session.stacks == t.stacks  # nothing forgotten yet
    _fold_deals(t, 1)
    with pytest.raises(HistoryError, match="kept only its last 5 deal records"):
        history_of(t)


def test_on_record_builds_the_whole_history_of_a_bounded_table() -> None:
    deals: list[tuple[str, ...]] = []
    t = open_table(MODERN, [10_000, 10_000], dealer=0, seed=4, keep_records=2,
                   on_record=lambda record, final: deals.append(record.actions))
    _fold_deals(t, 40)
    text = ('{"rules": "modern", "stacks": [10000, 10000], "dealer": "p1", "seed": 4, '
            '"deals": [' + ", ".join('["' + '", "'.join(d) + '"]' for d in deals) + "]}")
    assert replay(loads(text)).session.stacks == t.stacks


def test_keep_records_must_be_a_count() -> None:
    with pytest.raises(RulesError, match="keep_records"):
        open_table(MODERN, [10, 10], dealer=0, seed=1, keep_records=-1)


def test_family_cache_is_bounded() -> None:
    for ante in range(1, CACHE_SIZE + 60):
        family_for(MODERN.replace(ante=ante))
    assert family_cache_size() == CACHE_SIZE
    rules = MODERN.replace(ante=3)
    assert family_for(rules) is family_for(rules)


def test_poker_game_cache_is_bounded() -> None:
    from bragkit.engine.poker.game import CACHE_SIZE as POKER_CACHE
    from bragkit.engine.poker.game import poker_game_cache_size, poker_game_for

    foster = get_preset("foster")
    for ante in range(1, POKER_CACHE + 40):
        poker_game_for(foster.replace(max_raises=ante))
    assert poker_game_cache_size() == POKER_CACHE
