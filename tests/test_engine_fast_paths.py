"""The fast paths give exactly the states of the general transition code."""

from __future__ import annotations

import random
from typing import Any

import pytest

import bragkit.engine.brag.transitions as brag_transitions
from bragkit.engine import Session
from bragkit.rules import get_preset


def _play(preset: str, seed: int) -> list[Any]:
    rng = random.Random(seed)
    t = Session(get_preset(preset), [100] * 5, dealer=0, seed=seed)
    while not t.over and t.deal_no < 40:
        t.apply(rng.choice(t.legal_actions()).sample(rng))
    return [r.final for r in t.records] + [t.state]


@pytest.mark.parametrize("preset", ["modern", "modern-4card", "teen-patti", "modern-cover",
                                    "modern-face-up"])
def test_fast_paths_equal_the_general_path(preset: str,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    fast = [_play(preset, seed) for seed in range(3)]
    monkeypatch.setattr(brag_transitions, "fast_path", lambda st, p, a: None)
    slow = [_play(preset, seed) for seed in range(3)]
    assert fast == slow
    for deals in fast:
        for st in deals:
            if st is not None:
                assert [e for e in st.events] == [e for e in st.replay().events]


def _brag_presets() -> list[str]:
    from bragkit.engine.brag.family import family_games
    from bragkit.rules import preset_names

    return [name for name in preset_names() if get_preset(name).game in family_games()]


@pytest.mark.parametrize("preset", _brag_presets())
def test_plain_legal_bets_equal_the_general_path(preset: str) -> None:
    """brag/legal.py's short path of ``legal_bet`` offers exactly the general path's actions
    (plain families: modern's unlimited betting; the rest take the general path anyway),
    at every betting decision of random sessions with short stacks and retained hands."""
    from bragkit.engine.brag import legal

    checked = 0
    for seed in range(4):
        rng = random.Random(seed)
        t = Session(get_preset(preset), [rng.randrange(8, 60) for _ in range(4)], dealer=0,
                    seed=seed)
        while not t.over and t.deal_no < 30:
            st = t.state
            if st is not None and st.phase == "bet":  # (None: a dealer's choice)
                assert legal.legal_bet(st) == legal._legal_bet(st), st.action_strings()
                checked += 1
            t.apply(rng.choice(t.legal_actions()).sample(rng))
    assert checked > 50


class _OwnRandom(random.Random):
    """A generator with its own ``random`` (its ``choice`` does not draw by getrandbits)."""

    def random(self) -> float:
        return super().random()


@pytest.mark.parametrize("make", [random.Random, _OwnRandom])
@pytest.mark.parametrize("optional", [False, True])
def test_sampled_argument_is_rng_choice_draw(make: type[random.Random], optional: bool) -> None:
    # LegalAction.sample draws the argument inline as rng.choice would: the same argument
    # and the generator left in the same state (whatever the number of choices)
    from bragkit.engine.actions import LegalAction
    for n in (1, 2, 3, 5, 8, 9, 19, 64):
        args = tuple(f"a{i}" for i in range(n))
        la = LegalAction("look", args=args, optional_arg=optional)
        choices = (*args, None) if optional else args
        for seed in range(25):
            r1, r2 = make(seed), make(seed)
            assert la.sample(r1).arg == r2.choice(choices)
            assert r1.random() == r2.random()


@pytest.mark.parametrize("make", [random.Random, _OwnRandom])
def test_draw_index_is_rng_choice_index(make: type[random.Random]) -> None:
    # the samplers' shared draw: the index rng.choice draws, the generator left as it leaves it
    from bragkit.engine.actions import draw_index
    for n in (1, 2, 3, 4, 7, 16, 17, 100, 1000):
        r1, r2 = make(n), make(n)
        assert [draw_index(r1, n) for _ in range(40)] == [r2.choice(range(n)) for _ in range(40)]
        assert r1.random() == r2.random()


def test_poker_line_sets_every_slot_of_its_bases() -> None:
    """PokerLine.__init__ writes its bases' initialisation inline: a slot added to
    LineCore or MachineLine must be set there too (an unset slot raises AttributeError)."""
    from functools import partial

    from bragkit.engine.lines import LineCore, MachineLine
    from bragkit.engine.poker.line import PokerLine
    from bragkit.engine.poker.state import start_state, start_work

    args = (get_preset("foster"), (20, 20, 20), 2, tuple(range(52)))
    line = PokerLine(partial(start_state, *args), start_work(*args))
    for cls in (LineCore, MachineLine, PokerLine):
        for slot in cls.__slots__:
            getattr(line, slot)  # raises if PokerLine.__init__ left it unset
    assert line.state() == start_state(*args)


@pytest.mark.parametrize("size,k", [(4, 1), (5, 2), (6, 3)])
def test_discard_choices_are_every_combination_in_order(size: int, k: int) -> None:
    """The discard options (built by place for one and two cards) are every combination of
    ``k`` cards of the hand, in itertools.combinations order, each naming its card ids."""
    from itertools import combinations

    from bragkit.engine.brag.legal import discard_choices, discard_ids
    from bragkit.engine.pack import card_text

    rng = random.Random(size)
    for _ in range(50):
        hand = tuple(rng.sample(range(54), size))
        (legal,) = discard_choices(hand, k)
        want = {" ".join(card_text(c) for c in combo): combo
                for combo in combinations(hand, k)}
        assert legal.kind == "discard" and legal.args == tuple(want)
        assert [discard_ids(text) for text in legal.args] == list(want.values())
    assert discard_ids("ah 2C") == (50, 0)  # text written otherwise is parsed


def _poker_play(preset: str, seed: int) -> tuple[list[Any], list[tuple[int, ...]]]:
    """Random sessions with short, uneven stacks (all-in stakes and side pots happen); the
    deals' final states and the stacks after every deal (what the quiet machine left)."""
    from bragkit.engine import open_table

    rng = random.Random(seed)
    t = open_table(get_preset(preset), [rng.randrange(6, 40) for _ in range(5)], dealer=0,
                   seed=seed)
    stacks = []
    while not t.over and t.deal_no < 40:
        before = t.deal_no
        t.apply(rng.choice(t.legal_actions()).sample(rng))
        if t.deal_no != before:
            stacks.append(t.stacks)
    return [r.final for r in t.records], stacks


@pytest.mark.parametrize("preset", ["three-stake", "three-stake-check", "three-stake-draw",
                                    "three-stake-britannica", "foster", "foster-eldest-tie",
                                    "american"])
def test_poker_fast_paths_equal_the_general_path(preset: str,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Three-Stake's one-pass setup of a quiet machine and a one-pot showdown
    (``PokerWork._settle_one_pot``) give exactly what the step-by-step setup and the side
    pots' settlement give: the same deals, and the same stacks after each."""
    from bragkit.engine.poker.core import PokerWork
    from bragkit.games.three_stake import ThreeStakeGame

    one_pot = PokerWork._settle_one_pot
    used = []
    monkeypatch.setattr(PokerWork, "_settle_one_pot",
                        lambda *args: used.append(1) or one_pot(*args))
    fast = [_poker_play(preset, seed) for seed in range(4)]
    assert len(used) > 3  # the fast path was taken (and the general one on side pots)
    monkeypatch.setattr(ThreeStakeGame, "_setup_quiet", ThreeStakeGame._setup_logged)
    monkeypatch.setattr(PokerWork, "_settle_one_pot",
                        lambda w, key, tie, pool, note, contenders:
                        w._settle_side_pots(key, tie, pool, note, w.order()))
    slow = [_poker_play(preset, seed) for seed in range(4)]
    assert fast == slow
    assert sum(len(stacks) for _, stacks in fast) > 20


@pytest.mark.parametrize("tie", ["split", "eldest"])
def test_one_pot_showdown_equals_side_pots_with_ties(tie: str) -> None:
    """``settle_pool``'s one-pot path pays exactly what the side-pot settlement pays, also
    when strengths tie (keys drawn from three values), dead chips lie in the pool and some
    seats folded."""
    from bragkit.engine.kinds import SeatStatus
    from bragkit.engine.poker.core import fresh_work
    from bragkit.engine.poker.game import poker_game_for

    game = poker_game_for(get_preset("foster"))
    rng = random.Random(5)
    taken = 0
    for _ in range(400):
        n = rng.randrange(2, 7)
        level = rng.randrange(1, 9)
        status = [rng.choice((SeatStatus.IN, SeatStatus.IN, SeatStatus.ALLIN,
                              SeatStatus.FOLDED)) for _ in range(n)]
        status[rng.randrange(n)] = SeatStatus.IN  # (a showdown has a live seat)
        paid = [level if s != SeatStatus.FOLDED else rng.randrange(0, level + 4)
                for s in status]
        keys = [rng.randrange(3) for _ in range(n)]
        dealer = rng.randrange(n)
        runs = []
        for general in (False, True):
            w = fresh_work(game, (50,) * n, dealer, tuple(range(52)), list(status),
                           carried=0, debts=(), reshuffles=(), quiet=False)
            w.credit, w.chips = list(paid), list(paid)
            pool = game.bet_pool
            w.pools[pool] = sum(paid) + 3  # three dead chips
            order = w.order()
            if general:
                won = w._settle_side_pots(keys.__getitem__, tie, pool, "showdown", order)
            else:
                won = w.settle_pool(keys.__getitem__, tie, pool, "showdown", order)
            runs.append((won, w.stacks, w.pools, w.new_events))
        taken += status.count(SeatStatus.FOLDED) < n - 1
        assert runs[0] == runs[1], (status, paid, keys)
    assert taken > 300  # contested showdowns, most of them
