"""brag simulate on the vector engine: the same bots as the scalar path, statistically the same
results, and a clear word on which engine ran."""

from __future__ import annotations

import json
import math
import random

import numpy as np
import pytest
from click.testing import CliRunner

from bragkit.cli import cli
from bragkit.errors import BragError
from bragkit.rules import get_preset
from bragkit.sim import SimConfig, run_job, summarize
from bragkit.sim.vector_sim import run_vector, vector_reason


def _per_hand(config: SimConfig, backend: str) -> list[tuple[float, float]]:
    """Each bot's (chips per hand, its standard error) from the summary's 95% interval."""
    out = summarize(config.bots, run_job(config, backend=backend))
    rows = []
    for bot in out["bots"]:
        low, high = bot["ci95"]
        rows.append((bot["per_hand"], (high - low) / (2 * 1.96)))
    return rows


@pytest.mark.parametrize(("preset", "options", "bots"), [
    ("teen-patti", {}, ("random", "threshold")),
    ("modern", {"blind_winner_policy": "wins"}, ("threshold", "random", "random")),
    ("modern", {}, ("random", "threshold", "random")),  # random bots retain: two-hand deals
])
def test_vector_and_scalar_paths_agree(preset: str, options: dict[str, object],
                                       bots: tuple[str, ...]) -> None:
    # a vector table is a block: 1024 tables of 2 deals against blocks of 2 deals (a pot
    # carried out of the last deal of a block is left on the table on both paths)
    config = SimConfig(get_preset(preset).replace(**options), bots, hands=2048, seed=11,
                       block=2)
    assert vector_reason(config) is None
    scalar = _per_hand(config, "local")
    vector = _per_hand(config, "vector")
    for (a, sa), (b, sb) in zip(scalar, vector, strict=True):
        assert abs(a - b) < 4 * math.hypot(sa, sb), (scalar, vector)
    assert scalar[0][0] * vector[0][0] > 0  # the same bot wins on both paths


def test_vector_results_add_up() -> None:
    config = SimConfig(get_preset("teen-patti"), ("random",) * 3 + ("threshold",), hands=900,
                       seed=5)
    blocks = run_vector(config)
    assert sum(b.hands for b in blocks) == 900
    assert sum(sum(b.net) for b in blocks) + sum(b.pot for b in blocks) == 0
    assert all(sum(b.dealt) == len(config.bots) * b.hands for b in blocks)


def test_vector_reason_names_what_is_missing() -> None:
    heur = SimConfig(get_preset("teen-patti"), ("heuristic", "random"), hands=10)
    assert vector_reason(heur) == ("not every bot is an array policy (random, threshold, "
                                   "cfr): heuristic")
    cover = SimConfig(get_preset("modern").replace(short_stack_policy="cover",
                                                   blind_winner_policy="wins"),
                      ("random", "random", "random"), hands=10)  # covers: heads-up only
    assert str(vector_reason(cover)).startswith("short_stack_policy='cover'")
    with pytest.raises(BragError, match="cannot run this simulation"):
        run_vector(heur)


def test_cli_says_which_engine_ran() -> None:
    runner = CliRunner()
    args = ["simulate", "--preset", "teen-patti", "--bots", "random,threshold", "-n", "200",
            "--seed", "2"]
    done = runner.invoke(cli, [*args, "--json"])
    assert done.exit_code == 0, done.output
    out = json.loads(done.output)
    assert out["engine"] == "vector" and out["hands"] == 200
    text = runner.invoke(cli, args).output
    assert "engine: vector (bragkit.vector" in text
    modern = runner.invoke(cli, ["simulate", "--bots", "random,random", "-n", "20",
                                 "--seed", "2"]).output  # carried pots and retained hands
    assert "engine: vector (bragkit.vector" in modern
    scalar = runner.invoke(cli, ["simulate", "--bots", "heuristic,random", "-n", "20",
                                 "--seed", "2"]).output
    assert "engine: scalar (the vector engine cannot run this: not every bot" in scalar
    refused = runner.invoke(cli, ["simulate", "--bots", "heuristic,random", "-n", "20",
                                  "--engine", "vector"])
    assert refused.exit_code == 2
    assert "--engine vector: not every bot is an array policy" in refused.output


@pytest.mark.parametrize("bots", [("threshold",) * 3, ("random",) * 4])
def test_modern_defaults_run_on_the_vector_engine(bots: tuple[str, ...]) -> None:
    """modern's blind_winner_policy=carry: threshold bots release carried hands, random bots
    retain half of them into two-hand deals (rules 4.4.6); the vector sessions play both
    (carried pots go on; nothing is lost or made)."""
    config = SimConfig(get_preset("modern"), bots, hands=300, seed=5)
    assert vector_reason(config) is None
    results = run_vector(config)
    assert sum(r.hands for r in results) == 300
    assert sum(sum(r.net) for r in results) + sum(r.pot for r in results) == 0


def test_4_4_6_random_policy_looks_at_and_retains_either_hand() -> None:
    """The random array policy picks a kind first (look, fold, bet...), then old or new:
    a holder of two hands looks at each about equally often, as the scalar random bot."""
    from bragkit.sim.policies import SLOT, random_policy
    from bragkit.vector import VectorBrag

    v = VectorBrag("modern", players=3, num_envs=2000, seed=1, observe=False, session=True)
    v.reset(seed=1)
    rng = np.random.default_rng(2)
    counts = {name: 0 for name in ("look", "look:0", "look:1", "retain:0", "retain:1")}
    for _ in range(60):
        slots, amounts = random_policy(v, rng)
        assert (v.masks[np.arange(v.num_envs), slots] == 1).all()
        for name in counts:
            counts[name] += int((slots == SLOT(name)).sum())
        v.step(slots, amounts)
    assert counts["look:0"] > 100 and counts["retain:0"] > 20
    assert abs(counts["look:0"] - counts["look:1"]) < 0.3 * counts["look:0"]
    assert abs(counts["retain:0"] - counts["retain:1"]) < 0.5 * counts["retain:0"] + 10


_HU_S12 = {"short_stack_policy": "cover", "blind_winner_policy": "wins"}


class _Draws(random.Random):
    """A random.Random whose random() returns given numbers (the vector policy's draws)."""

    def __init__(self, values: list[float]) -> None:
        super().__init__(0)
        self.values = values

    def random(self) -> float:
        return self.values.pop(0)


def test_cfr_array_policy_plays_the_cfr_bot_move_by_move() -> None:
    """On the same packs, the same moves and the same uniform draws, the cfr array policy
    takes exactly the scalar CfrBot's action at every decision (its tree node, its row of
    the strategy table, its bet amounts), against threshold bots, deal after deal."""
    from bragkit.bots.cfr_bot import CfrBot
    from bragkit.engine import Action
    from bragkit.sim.cfr_policy import CfrArrayPolicy
    from bragkit.sim.policies import strength_cutoff, threshold_policy
    from bragkit.vector import VectorBrag
    from bragkit.vector.check import _start

    rules = get_preset("modern").replace(**_HU_S12)
    n = 24
    v = VectorBrag(rules, 2, n, seed=4, stack=12, observe=False, session=True, low=3)
    v.reset(seed=4, dealers=[0] * n)
    policy = CfrArrayPolicy(rules, n)
    bot = CfrBot(rules)
    refs = [_start(v, t) for t in range(n)]
    cut = strength_cutoff(rules)
    decisions = 0
    for _ in range(120):
        slots = threshold_policy(v, cut)
        amounts = np.full(n, -1, dtype=np.int32)
        for t in np.flatnonzero(v.to_act == 0).tolist():   # seat 0 plays cfr
            draws = np.random.default_rng(t + decisions)
            policy.act(v, np.array([t]), draws, slots, amounts)
            u = np.random.default_rng(t + decisions).random((1, 2))[0].tolist()
            ref = refs[t]
            want = bot.act(ref.view(0), ref.legal_actions(), _Draws(u))
            got = v.space.action(int(slots[t]), ref.legal_actions(), ref.pot)
            if amounts[t] >= 0:
                got = Action(got.kind, int(amounts[t]))
            assert got == want, (ref.action_strings(), got, want)
            decisions += 1
        moves = []
        for t, ref in enumerate(refs):
            move = v.space.action(int(slots[t]), ref.legal_actions(), ref.pot)
            moves.append(Action(move.kind, int(amounts[t])) if amounts[t] >= 0 else move)
        policy.advance(v, slots, amounts)
        _, _, term, trunc, _ = v.step(slots, amounts)
        policy.new_deals(term | trunc)
        for t in range(n):
            refs[t] = refs[t].apply(moves[t])
            if term[t] or trunc[t]:
                refs[t] = _start(v, t)
    assert decisions > 600 and policy.off_tree == bot.off_tree == 0


def test_cfr_strategy_table_vector_and_scalar_paths_agree() -> None:
    """brag simulate --bots cfr,threshold under HU-Brag-S12's rules runs on the vector
    engine and agrees with the scalar path (blocks of two deals, the second unshuffled)."""
    config = SimConfig(get_preset("modern").replace(**_HU_S12), ("cfr", "threshold"),
                       hands=2048, seed=11, block=2, stack=12)
    assert vector_reason(config) is None
    scalar = _per_hand(config, "local")
    vector = _per_hand(config, "vector")
    for (a, sa), (b, sb) in zip(scalar, vector, strict=True):
        assert abs(a - b) < 4 * math.hypot(sa, sb), (scalar, vector)
    assert scalar[0][0] > 0 and vector[0][0] > 0   # the equilibrium beats the yardstick


def test_cfr_refused_off_its_game_in_one_line() -> None:
    rules = get_preset("modern").replace(**_HU_S12)
    assert vector_reason(SimConfig(rules, ("cfr", "threshold"), hands=10, stack=20)) == \
        "cfr plays stacks of 12 only, not 20"
    reason = vector_reason(SimConfig(get_preset("modern"), ("cfr", "random"), hands=10,
                                     stack=12))
    assert str(reason).startswith("cfr plays HU-Brag-S12 only")
