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
