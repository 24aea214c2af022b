"""bragkit.vector against the reference engine: same packs, same actions, same everything.

Each check plays random masked moves at many tables through both engines
(:func:`bragkit.vector.check.differential`) and requires identical masks, stacks, pots,
stakes, seats to act, phases and results at every step; some also compare every seat's
observation with the AEC env's vector.  Thousands of deals in all.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.engine import BragState
from bragkit.errors import RulesError
from bragkit.rl.observe import Observer
from bragkit.rules import get_preset
from bragkit.vector import VectorBrag
from bragkit.vector import layout as L
from bragkit.vector.check import DifferentialError, ExpectedObs, _compare_state, differential
from bragkit.vector.observe import BLOCKS

MODERN_OPTIONS: list[dict[str, object]] = [
    {}, {"blind_winner_policy": "wins"}, {"see_cost": "single"}, {"blind_allowed": False},
    {"pot_limit": True}, {"raise_limit": 4}, {"agreed_showdown": False},
    {"blind_definition": "never_looked"}, {"min_bet": 2, "max_bet": 6, "ante": 2},
    {"a23_rank": "second", "threes_high": False}, {"ante": 0},
]
TEEN_OPTIONS: list[dict[str, object]] = [
    {}, {"sideshow": False}, {"sideshow_min_active": 2}, {"pot_limit_total": 30},
    {"ante": 2}, {"tp_a23": "second"},
]
CASES = ([("modern", o) for o in MODERN_OPTIONS] + [("teen-patti", o) for o in TEEN_OPTIONS])


def _expected(players: int, stack: int) -> ExpectedObs:
    observer = Observer(players)

    def expected(state: BragState, seat: int) -> npt.NDArray[np.float32]:
        full = observer.vector(state.view(seat), players * stack)
        return np.concatenate([full[slice(*observer.offsets[b])] for b in BLOCKS])

    return expected


@pytest.mark.parametrize(("preset", "options"), CASES, ids=[f"{p}-{o}" for p, o in CASES])
def test_differential_options(preset: str, options: dict[str, object]) -> None:
    rules = get_preset(preset).replace(**options)
    deals = 0
    for players, stack in ((2, 40), (6, 12)):
        stats = differential(rules, players, num_envs=16, steps=50, seed=players * 7 + stack,
                             stack=stack)
        deals += stats["deals"]
    assert deals > 80


@pytest.mark.parametrize("preset", ["modern", "teen-patti"])
@pytest.mark.parametrize("players", [2, 3, 5])
def test_differential_observations(preset: str, players: int) -> None:
    stats = differential(get_preset(preset), players, num_envs=6, steps=30, seed=players,
                         expected_obs=_expected(players, 40))
    assert stats["deals"] > 5


@settings(max_examples=12, deadline=None)
@given(case=st.sampled_from(CASES), players=st.integers(2, 6), stack=st.integers(3, 60),
       seed=st.integers(0, 2**31 - 1), session=st.booleans())
def test_differential_hypothesis(case: tuple[str, dict[str, object]], players: int,
                                 stack: int, seed: int, session: bool) -> None:
    """Any case, seat count and stack, one-deal episodes or sessions (modern's: with
    carried pots and retained hands)."""
    preset, options = case
    rules = get_preset(preset).replace(**options)
    if stack < max(2, rules.ante + 1):
        stack = rules.ante + 2
    differential(rules, players, num_envs=8, steps=40, seed=seed, stack=stack,
                 exact_amounts=session, session=session)


def test_differential_error_names_the_difference() -> None:
    """The check can fail: a pot one chip off is reported with the field and both values."""
    v = VectorBrag("modern", players=3, num_envs=2, seed=1)
    v.reset(seed=1)
    ref = BragState.start(v.rules, (40,) * 3, int(v.state[0, L.C_DEALER]),
                          tuple(v.packs[0].tolist()))
    _compare_state(v, 0, ref, "here")
    v.state[0, L.C_POT] += 1
    with pytest.raises(DifferentialError, match=r"^here: pot 4 != reference 3$"):
        _compare_state(v, 0, ref, "here")


@pytest.mark.parametrize(("key", "value"), [
    ("short_stack_policy", "lend_or_show"), ("short_stack_policy", "cover"), ("wild", "twos"),
    ("cards", 4), ("rebuy_anytime", True),
])
def test_unsupported_option_refused_in_one_line(key: str, value: object) -> None:
    with pytest.raises(RulesError, match=f"^{key}=") as err:
        VectorBrag(get_preset("modern").replace(**{key: value}), players=3)
    assert "\n" not in str(err.value)


def test_4_4_9_heads_up_cover_matches_the_reference() -> None:
    """short_stack_policy=cover heads-up (HU-Brag-S12's rules): a seat short of the stay
    covers, the hands are compared at once, ties to the other seat -- as the reference."""
    rules = get_preset("modern").replace(short_stack_policy="cover", blind_winner_policy="wins")
    deals = 0
    for stack, session in ((3, False), (12, False), (12, True), (20, True)):
        stats = differential(rules, 2, num_envs=32, steps=60, seed=stack, stack=stack,
                             exact_amounts=session, session=session)
        deals += stats["deals"]
    assert deals > 1500
    v = VectorBrag(rules, players=2, num_envs=1, seed=1, stack=3, observe=False)
    v.reset(packs=[list(range(52))], dealers=[0])
    _act(v, L.A_BET_MIN, amount=2)   # seat 1 bets its last 2 chips blind (stake 4)
    assert v.masks[0, L.A_COVER] == 0 and v.masks[0, L.A_BET_MIN] == 1   # blind: stays for 2
    _act(v, L.A_LOOK)                # seat 0 looks: the stay is 4, it has 2
    assert v.masks[0, L.A_COVER] == 1 and v.masks[0, L.A_BET_MIN] == 0
    _, rewards, done, _, _ = v.step(np.array([L.A_COVER], dtype=np.int32))
    assert bool(done[0]) and rewards[0].tolist() in ([3.0, -3.0], [-3.0, 3.0])


@pytest.mark.parametrize(("players", "options"), [(3, {"blind_winner_policy": "wins"}),
                                                 (2, {})])
def test_4_4_9_cover_refused_beyond_heads_up_wins(players: int,
                                                 options: dict[str, object]) -> None:
    rules = get_preset("modern").replace(short_stack_policy="cover", **options)
    with pytest.raises(RulesError, match=r"^short_stack_policy='cover': bragkit.vector plays "
                                         r"covers only heads-up") as err:
        VectorBrag(rules, players=players)
    assert "\n" not in str(err.value)


def test_other_game_refused() -> None:
    with pytest.raises(RulesError, match=r"^game='foster'"):
        VectorBrag("foster", players=3)


_SCRIPT = """
import json
from bragkit.rules import get_preset
from bragkit.vector import VectorBrag
from bragkit.vector._jit import BACKEND
out = []
for preset in ("modern", "teen-patti"):
    v = VectorBrag(preset, players=4, num_envs=16, seed=9, observe=False)
    v.reset(seed=9)
    total = 0
    for _ in range(120):
        _, r, d, _, _ = v.step(v.random_actions())
        total += int(d.sum())
    obs = v.observe()
    out.append([total, v.stacks().tolist(), float(obs.sum())])
v = VectorBrag("modern", players=3, num_envs=16, seed=4, observe=False, session=True)
v.reset(seed=4)
for _ in range(150):  # random retains: two-hand deals
    v.step_random()
out.append([v.state.tolist(), v.packs.tolist()])
print(json.dumps([BACKEND, out]))
"""


def _run(numba: str) -> list[object]:
    env = {**os.environ, "BRAGKIT_NUMBA": numba}
    done = subprocess.run([sys.executable, "-c", _SCRIPT], capture_output=True, text=True,
                          env=env, check=True, timeout=300)
    result: list[object] = json.loads(done.stdout)
    return result


def test_pure_python_fallback_plays_the_same_deals() -> None:
    """The interpreted kernels (BRAGKIT_NUMBA=0) give exactly the compiled kernels' play
    (episodes of both games, and a session of modern Brag with retained hands)."""
    backend_py, python = _run("0")
    backend_nb, compiled = _run("1")
    assert (backend_py, backend_nb) == ("python", "numba")
    assert python == compiled


@pytest.mark.parametrize(("preset", "options"), [
    ("modern", {"blind_winner_policy": "wins"}), ("modern", {"blind_winner_policy": "wins",
                                                             "pot_limit": True}),
    ("teen-patti", {}), ("teen-patti", {"pot_limit_total": 40}),
])
def test_differential_exact_amounts_and_sessions(preset: str, options: dict[str, object]) -> None:
    """Bets of any legal amount (the random bot's), and tables that play on from deal to deal
    (stacks, carried pots, top-ups and the dealer as bragkit.sim runs them)."""
    rules = get_preset(preset).replace(**options)
    deals = 0
    for players, stack in ((2, 30), (5, 16)):
        stats = differential(rules, players, num_envs=16, steps=60, seed=stack + players,
                             stack=stack, exact_amounts=True, session=True)
        deals += stats["deals"]
    assert deals > 60


def _act(v: VectorBrag, *slots: int, amount: int = -1) -> None:
    for slot in slots:
        v.step(np.array([slot], dtype=np.int32), np.array([amount], dtype=np.int32))


def _blind_foldout(stack: int = 40, amount: int = -1) -> VectorBrag:
    """Three seats, dealer 0: seat 1 bets blind, seats 2 and 0 fold (the pot carries)."""
    v = VectorBrag("modern", players=3, num_envs=1, seed=2, observe=False, session=True,
                   stack=stack)
    v.reset(packs=[list(range(52))], dealers=[0])
    _act(v, L.A_BET_MIN, amount=amount)
    _act(v, L.A_FOLD, L.A_FOLD)
    assert int(v.state[0, L.C_PHASE]) == L.PH_RETAIN and int(v.to_act[0]) == 1
    return v


def test_4_4_6_a_retained_hand_is_held_beside_a_new_one_in_the_next_deal() -> None:
    """Retain: the next deal's pack is the other 49 cards, the retainer holds the old hand
    and a new one, counts as having bet blind, may look at either (not a plain look), and
    nobody may propose a showdown while it holds two."""
    v = _blind_foldout()
    mask = v.masks[0]
    assert (mask[L.A_RETAIN], mask[L.A_RELEASE], mask[L.A_RETAIN_OLD]) == (1, 1, 0)
    held = v.hands()[0, 1].tolist()
    pot = int(v.state[0, L.C_POT])
    _, rewards, done, _, info = v.step(np.array([L.A_RETAIN], dtype=np.int32))
    assert bool(done[0]) and int(info["carried"][0]) == pot and rewards.sum() == -pot
    assert v.packs[0, :3].tolist() == held and int(v.state[0, L.C_OFF]) == 3
    assert int(v.state[0, L.C_HOLDER]) == 1 and int(v.state[0, L.C_DEALER]) == 1
    assert v.state[0, L.C_OLD:L.C_OLD + 3].tolist() == held
    assert not set(held) & set(v.hands()[0].ravel().tolist())  # the new hands: other cards
    blind0 = L.seat_cols(3)[4]
    assert int(v.state[0, blind0 + 1]) == 1
    _act(v, L.A_BET_MIN, L.A_BET_MIN)   # seats 2 and 0 bet: no showdown may be proposed
    assert int(v.to_act[0]) == 1 and v.masks[0, L.A_SHOWDOWN] == 0
    mask = v.masks[0]
    assert (mask[L.A_LOOK], mask[L.A_LOOK_OLD], mask[L.A_LOOK_NEW]) == (0, 1, 1)
    new = v.hands()[0, 1].tolist()
    _act(v, L.A_LOOK_NEW)
    assert int(v.state[0, L.C_PHASE]) == L.PH_DECIDE
    assert v.masks[0, [L.A_KEEP, L.A_THROW]].tolist() == [1, 1] and v.masks[0].sum() == 2
    _act(v, L.A_THROW)   # the new hand goes; the old one stays blind
    assert v.hands()[0, 1].tolist() == held and int(v.state[0, L.C_HOLDER]) == -1
    assert int(v.state[0, L.seat_cols(3)[3] + 1]) == 0 and v.masks[0, L.A_LOOK] == 1
    assert v.packs[0, :3].tolist() == new   # the first cards to the bottom (over the top)
    assert int(v.state[0, L.C_BOTTOM]) == 3


def test_4_4_6_a_holder_of_two_hands_retains_one_of_them() -> None:
    """A holder of two hands that wins blind again by fold-out names the hand it retains
    (retain:0 the old, retain:1 the new) or releases both."""
    v = _blind_foldout()
    _act(v, L.A_RETAIN)
    old = v.state[0, L.C_OLD:L.C_OLD + 3].tolist()
    new = v.hands()[0, 1].tolist()
    _act(v, L.A_FOLD, L.A_FOLD)   # seats 2 and 0 fold: seat 1 wins blind, two hands
    assert int(v.state[0, L.C_PHASE]) == L.PH_RETAIN
    mask = v.masks[0]
    assert (mask[L.A_RETAIN], mask[L.A_RETAIN_OLD], mask[L.A_RETAIN_NEW],
            mask[L.A_RELEASE]) == (0, 1, 1, 1)
    _act(v, L.A_RETAIN_NEW)
    assert v.packs[0, :3].tolist() == new and int(v.state[0, L.C_HOLDER]) == 1
    assert old[0] in v.packs[0, 3:].tolist()


def test_4_4_6_a_retainer_who_cannot_pay_the_ante_releases_the_hand() -> None:
    """The retainer bet its last chips blind: next deal it sits out and its retained hand
    goes to the bottom of the pack before the deal's hands (as the reference engine)."""
    v = _blind_foldout(stack=3, amount=2)
    assert v.stacks()[0].tolist() == [2, 0, 2]
    held = v.hands()[0, 1].tolist()
    _act(v, L.A_RETAIN)
    status0 = L.seat_cols(3)[2]
    assert int(v.state[0, status0 + 1]) == L.ST_OUT and int(v.state[0, L.C_HOLDER]) == -1
    assert v.packs[0, :3].tolist() == held and int(v.state[0, L.C_BOTTOM]) == 3
    ref = BragState.start(v.rules, (2, 0, 2), 1, tuple(v.packs[0, 3:].tolist()),
                          carried=int(v.state[0, L.C_POT]) - 2, retained=(1, *held))
    assert int(v.to_act[0]) == ref.to_act == 2
    final = ref.apply("fold")
    _act(v, L.A_FOLD)
    assert final.is_over and tuple(v.packs[0].tolist()) == final.pack


def test_4_4_6_sessions_play_retained_hands_as_the_reference() -> None:
    """modern's defaults (blind_winner_policy=carry) in sessions with random retains: the
    two-hand deals (looks at either hand, keep or throw, the retained hand's next deal, the
    pack without it) match the reference move by move, and so do the observations."""
    deals = retained = two = 0
    for players, options in ((2, {}), (3, {"pack_policy": "shuffle_every_deal"}),
                             (4, {"blind_definition": "never_looked", "ante": 0}), (6, {})):
        stats = differential(get_preset("modern").replace(**options), players, num_envs=16,
                             steps=120, seed=90 + players, exact_amounts=True, session=True,
                             stack=16 if players == 2 else 40)
        deals += stats["deals"]
        retained += stats["retained"]
        two += stats["two_hands"]
    assert deals > 400 and retained > 60 and two > 60
    stats = differential(get_preset("modern"), 3, num_envs=6, steps=100, seed=5, session=True,
                         expected_obs=_expected(3, 40))
    assert stats["retained"] > 5


def test_session_refuses_the_face_up_retained_variant() -> None:
    with pytest.raises(RulesError, match=r"^retained_variant='face_up': a session") as err:
        VectorBrag("modern", players=3, session=True, rules={"retained_variant": "face_up"})
    assert "\n" not in str(err.value)
    VectorBrag("modern", players=3, rules={"retained_variant": "face_up"})  # one-deal episodes


@pytest.mark.parametrize(("preset", "options"), [
    ("modern", {"blind_winner_policy": "wins"}),
    ("modern", {"blind_winner_policy": "wins", "agreed_showdown": True}),
    ("teen-patti", {"pack_policy": "brag_unshuffled"}),
])
def test_2_4_unshuffled_session_deals_the_pack_as_gathered(preset: str,
                                                           options: dict[str, object]) -> None:
    """brag_unshuffled in a session: every next deal's pack is the reference's pack at the
    end of the deal (undealt rest, then the hands as they left play), unless a prial won or
    a new session starts; the check compares the whole pack."""
    rules = get_preset(preset).replace(**options)
    deals = unshuffled = 0
    for players in (2, 3, 6):
        stats = differential(rules, players, num_envs=16, steps=120, seed=40 + players,
                             exact_amounts=True, session=True)
        deals += stats["deals"]
        unshuffled += stats["unshuffled"]
    assert unshuffled > 0.8 * deals > 100


def test_2_4_a_fold_out_gathers_the_rest_then_the_folded_hand_then_the_winners() -> None:
    v = VectorBrag("modern", players=2, num_envs=1, seed=1, observe=False, session=True,
                   rules={"blind_winner_policy": "wins"})
    pack = list(range(51, -1, -1))
    v.reset(packs=[pack], dealers=[0])
    assert int(v.to_act[0]) == 1
    _, _, done, _, _ = v.step(np.array([L.A_FOLD], dtype=np.int32))
    assert bool(done[0])
    want = [*pack[6:], pack[0], pack[2], pack[4], pack[1], pack[3], pack[5]]
    assert v.packs[0].tolist() == want
    assert int(v.state[0, L.C_DEALER]) == 1


def test_2_4_shuffle_every_deal_session_does_not_keep_the_pack() -> None:
    v = VectorBrag("teen-patti", players=2, num_envs=1, seed=1, observe=False, session=True)
    pack = list(range(52))
    v.reset(packs=[pack], dealers=[0])
    v.step(np.array([L.A_FOLD], dtype=np.int32))
    assert v.packs[0].tolist() != [*pack[6:], 0, 2, 4, 1, 3, 5]


def test_session_refuses_a_cut_unshuffled_pack() -> None:
    with pytest.raises(RulesError, match=r"^cut_when_unshuffled=True: a session"):
        VectorBrag("modern", players=3, session=True,
                   rules={"blind_winner_policy": "wins", "cut_when_unshuffled": True})


def test_2_4_an_unshuffled_session_shuffles_the_whole_pack() -> None:
    """A shuffle in an unshuffled session shuffles every card, not only those dealt: the
    next deal comes from the undealt rest (a partial shuffle left it nearly in order)."""
    v = VectorBrag("modern", players=2, num_envs=2000, seed=3, observe=False, session=True)
    v.reset(seed=3)
    bottom = v.packs[:, 51]
    assert float((bottom == 51).mean()) < 0.05   # uniform: 1/52; partial: about 0.88
    assert len(set(bottom.tolist())) == 52
    one = VectorBrag("modern", players=2, num_envs=2000, seed=3, observe=False)
    one.reset(seed=3)   # one-deal episodes shuffle only the cards dealt
    assert float((one.packs[:, 51] == 51).mean()) > 0.5
