"""Tables: the Table protocol, the registry behind open_table, slim deal records."""

from __future__ import annotations

import random

import pytest

from bragkit.engine import Session, open_table, register_table
from bragkit.engine.poker.session import PokerSession
from bragkit.engine.table import table_class
from bragkit.errors import RulesError
from bragkit.games.commerce.session import CommerceSession
from bragkit.rules import get_preset


@pytest.mark.parametrize(("preset", "cls"), [
    ("modern", Session), ("teen-patti", Session), ("modern-5card", Session),
    ("foster", PokerSession), ("three-stake", PokerSession), ("american", PokerSession),
    ("brag-poker", PokerSession), ("commerce", CommerceSession),
    ("commerce-widow", CommerceSession),
])
def test_open_table_builds_the_registered_table_class(preset: str, cls: type) -> None:
    t = open_table(get_preset(preset), [30, 30, 30], dealer=0, seed=1)
    assert type(t) is cls and table_class(get_preset(preset).game) is cls
    assert t.state is not None and t.legal_actions()


def test_session_plays_only_brag_style_games_and_initialises_once() -> None:
    with pytest.raises(RulesError, match="open_table"):
        Session(get_preset("foster"), [30, 30, 30], dealer=0, seed=1)
    with pytest.raises(RulesError, match="open_table"):
        Session(get_preset("commerce"), [30, 30, 30], dealer=0, seed=1)
    # an injected generator is drawn from once per shuffle, by every table class
    for preset in ("modern", "foster", "commerce"):
        a = open_table(get_preset(preset), [30] * 3, dealer=0, rng=random.Random(5))
        b = open_table(get_preset(preset), [30] * 3, dealer=0, seed=5)
        assert a.packs_used == b.packs_used


def test_register_table_adds_a_game() -> None:
    class Tagged(Session):
        pass

    register_table("modern", Tagged)
    try:
        assert type(open_table(get_preset("modern"), [9, 9], dealer=0, seed=1)) is Tagged
    finally:
        register_table("modern", Session)
    with pytest.raises(RulesError, match="no table"):
        table_class("snap")


@pytest.mark.parametrize("preset", ["modern", "modern-face-up", "modern-dealers-choice",
                                    "teen-patti", "foster", "three-stake", "commerce-widow"])
def test_records_keep_the_inputs_and_rebuild_the_states(preset: str) -> None:
    rules = get_preset(preset)
    slim = open_table(rules, [40] * 4, dealer=0, seed=3)
    full = open_table(rules, [40] * 4, dealer=0, seed=3, keep_states=True)
    rng = random.Random(3)
    while slim.deal_no < 12 and not slim.over:
        action = rng.choice(slim.legal_actions()).sample(rng)
        before = slim.deal_no
        slim.apply(action)
        full.apply(action)
        if slim.deal_no != before:
            assert slim.last_final == full.last_final == full.records[-1].kept
    assert len(slim.records) == len(full.records) >= 2
    for record, kept in zip(slim.records, full.records, strict=True):
        final = kept.kept
        assert record.kept is None and final is not None and final.is_over
        assert record.final == final and record.first == final.first()
        assert record.actions == kept.actions and record.shuffled == kept.shuffled


@pytest.mark.parametrize("preset", ["modern", "teen-patti", "foster", "commerce",
                                    "commerce-widow"])
def test_2_3_every_table_checks_its_seats_and_min_buy_in(preset: str) -> None:
    rules = get_preset(preset).replace(min_buy_in=10)
    with pytest.raises(RulesError) as info:
        open_table(rules, [20, 5, -1], dealer=7, seed=1)
    text = str(info.value)
    for fragment in ("stacks must be >= 0", "p2, p3 bring less than min_buy_in=10",
                     "dealer must be a seat 1..3"):
        assert fragment in text
    with pytest.raises(RulesError, match=r"at least (two seats|2 players)"):
        open_table(rules, [20], dealer=0, seed=1)


@pytest.mark.parametrize("preset", ["modern", "foster", "commerce"])
def test_a_long_table_keeps_a_few_small_objects_per_deal(preset: str) -> None:
    import gc

    rng = random.Random(2)
    t = open_table(get_preset(preset), [100_000] * 4, dealer=0, seed=2)

    def play_to(deal: int) -> int:
        while t.deal_no < deal and not t.over:  # random kinds, the smallest amounts
            t.apply(rng.choice(t.legal_actions()).examples()[0])
        gc.collect()
        return len(gc.get_objects())

    before = play_to(50)
    after = play_to(250)
    assert t.deal_no == 250 and len(t.records) == 250
    assert (after - before) / 200 < 8  # a record, its start inputs; no states, no events
