"""Scoring bots against the HU-Brag-S12 equilibrium (``brag solve --score``).

Every figure is **exact**, in milli-antes per hand, from a full float64 evaluation of the
solved game's tree:

* a tree strategy (the ``cfr`` strategy itself, or ``uniform``: every tree action equally
  likely) is evaluated as it is;
* an engine bot (``heuristic``, ``tracker``, ...) is first **tabulated** on the tree,
  exactly per information set (:func:`bragkit.solve.tabulate.tabulate_bot`: asked once per
  hand class at each open decision, its blind plan's law at each blind one).

Each row gives the bot's **exploitability** (what a best response wins against it, averaged
over the two seats) and its expected result **against the equilibrium** (both seats).
With ``deals`` > 0 an engine bot is also played against the ``cfr`` bot in the engine, both
seats in turn, as a cross-check of the tabulation (mean and 95% interval).

>>> rows = score(["uniform"], deals=0)
>>> rows[0]["kind"], rows[0]["exploitability_mah"] > 100
('exact', True)
"""

from __future__ import annotations

import dataclasses
import json
import math
import random
from typing import TYPE_CHECKING

import numpy as np

from bragkit.errors import RulesError
from bragkit.solve.cfr import Strategy, evaluate

if TYPE_CHECKING:
    from bragkit.rules import Rules

__all__ = ["S12_RULES", "score", "score_command_output"]

S12_RULES = {"short_stack_policy": "cover", "blind_winner_policy": "wins"}
"""The engine rule keys that make modern Brag heads-up with stacks 12 the solved game."""

MAX_DEALS = 20_000


def _engine_rules() -> Rules:
    from bragkit.rules import get_preset

    return dataclasses.replace(get_preset("modern"), short_stack_policy="cover",
                               blind_winner_policy="wins")


def _mixed(eq: Strategy, other: Strategy, seat: int) -> Strategy:
    """``other`` playing seat ``seat`` and the equilibrium the other seat."""
    tree = eq.tree
    lay = eq.layout
    actor_open = tree.actor[lay.dec[lay.open_dec]]
    actor_blind = tree.actor[lay.dec[lay.blind_dec]]
    op = np.where((actor_open == seat)[:, None, None], other.open_probs, eq.open_probs)
    bp = np.where((actor_blind == seat)[:, None], other.blind_probs, eq.blind_probs)
    return Strategy(tree, op, bp)


def exact_row(name: str, eq: Strategy, strategy: Strategy) -> dict[str, object]:
    """Exact figures of a tree strategy against the equilibrium (milli-antes per hand)."""
    e = evaluate(strategy)
    vs = []
    for seat in (0, 1):
        v = evaluate(_mixed(eq, strategy, seat)).value
        vs.append(v if seat == 0 else -v)
    # exploitability of a strategy used in both seats: (BR1 vs its seat 2 + BR2 vs its seat 1)/2
    return {"bot": name, "kind": "exact", "exploitability_mah": 1000 * e.exploitability,
            "vs_equilibrium_mah": 1000 * (vs[0] + vs[1]) / 2}


def _uniform(eq: Strategy) -> Strategy:
    lay = eq.layout
    mask = lay.mask.astype(np.float64)
    m = mask / mask.sum(axis=1, keepdims=True)
    op = np.broadcast_to(m[lay.open_dec][:, :, None], eq.open_probs.shape).copy()
    return Strategy(eq.tree, op, m[lay.blind_dec].copy())


def sampled_row(name: str, deals: int, seed: int | None) -> dict[str, object]:
    """The engine bot's mean result against ``cfr`` over ``deals`` deals (both seats)."""
    from bragkit.bots import get_bot
    from bragkit.engine import BragState
    from bragkit.engine.pack import new_rng

    rules = _engine_rules()
    if seed is None:
        seed = new_rng(None).getrandbits(64)
    rng = random.Random(seed)
    cfr = get_bot("cfr", rules)
    bot = get_bot(name, rules)
    results = []
    for k in range(deals):
        dealer = k % 2
        st = BragState.new(rules, [12, 12], dealer, rng=random.Random(rng.getrandbits(64)))
        bot_seat = k // 2 % 2
        steps = 0
        while not st.is_over:
            seat = st.to_act
            player = bot if seat == bot_seat else cfr
            st = st.apply(player.act(st.view(seat), st.legal_actions(), rng))
            steps += 1
            if steps > 200:
                raise RulesError("score: a deal did not end")
        results.append(st.returns()[bot_seat])
    mean = float(np.mean(results)) if results else 0.0
    half = 1.96 * float(np.std(results, ddof=1)) / math.sqrt(len(results)) \
        if len(results) > 1 else math.inf
    return {"bot": name, "kind": "sampled", "deals": deals, "seed": seed,
            "vs_equilibrium_mah": 1000 * mean, "ci95_mah": 1000 * half,
            "exploitability_mah": None, "cfr_off_tree_decisions": getattr(cfr, "off_tree", 0)}


def score(bots: list[str], strategy_file: str | None = None, deals: int = 0,
          seed: int | None = None) -> list[dict[str, object]]:
    """Score each bot exactly (see the module); ``deals`` > 0 adds a sampled cross-check
    for the engine bots (``seed`` makes those deals reproducible)."""
    from bragkit.bots.cfr_bot import CfrPolicy
    from bragkit.solve.tabulate import tabulate_bot

    policy = CfrPolicy.load(strategy_file)
    eq = policy.strategy
    rows: list[dict[str, object]] = []
    for name in bots:
        if name == "cfr":
            rows.append(exact_row(name, eq, eq))
        elif name == "uniform":
            rows.append(exact_row(name, eq, _uniform(eq)))
        else:
            row = exact_row(name, eq, tabulate_bot(name, eq.tree))
            row["kind"] = "tabulated"
            if deals > 0:
                sampled = sampled_row(name, deals, seed)
                row.update({"sampled_vs_equilibrium_mah": sampled["vs_equilibrium_mah"],
                            "ci95_mah": sampled["ci95_mah"], "deals": deals,
                            "seed": sampled["seed"],
                            "cfr_off_tree_decisions": sampled["cfr_off_tree_decisions"]})
            rows.append(row)
    return rows


def score_command_output(bots: str, strategy_file: str | None, as_json: bool,
                         deals: int = 0, seed: int | None = None) -> str:
    """The text (or JSON) ``brag solve --score`` prints."""
    names = [b.strip() for b in bots.split(",") if b.strip()]
    if not names or len(names) > 8:
        raise RulesError("--score needs 1 to 8 bot names separated by commas")
    if not 0 <= deals <= MAX_DEALS:
        raise RulesError(f"--deals must be 0..{MAX_DEALS}")
    rows = score(names, strategy_file, deals, seed)
    if as_json:
        return json.dumps({"unit": "milli-antes per hand", "rows": rows})
    lines = ["bot        kind       exploitability   vs equilibrium (mA/hand)"]
    for r in rows:
        vs = f"{r['vs_equilibrium_mah']:+.1f}"
        if "sampled_vs_equilibrium_mah" in r:
            vs += (f"   (played: {r['sampled_vs_equilibrium_mah']:+.1f} +- "
                   f"{r['ci95_mah']:.1f}, {r['deals']} deals, seed {r['seed']})")
        lines.append(f"{r['bot']:<10} {r['kind']:<10} {r['exploitability_mah']:>14.2f}   {vs}")
    return "\n".join(lines)
