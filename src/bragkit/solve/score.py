"""Scoring bots against the HU-Brag-S12 equilibrium (``brag solve --score``).

Two measurements, and the output says which one each figure is:

* **exact** -- for a strategy given on the solved game's tree (the ``cfr`` strategy itself,
  or ``uniform``: every tree action equally likely): its exploitability (the best response's
  gain against it, averaged over the two seats) and its expected result against the
  equilibrium, from a full float64 evaluation of the tree, in milli-antes per hand;
* **sampled** -- for an engine bot (``heuristic``, ``tracker``, ...): its mean result
  against the ``cfr`` bot over deals played in the engine, both seats in turn, with a 95%
  confidence interval.  These bots cannot be asked per information set of the solved game
  (their bets are not the tree's two sizes, and their blind plans are drawn once a deal
  from a hidden generator), so their exploitability is **not** measured.  Bets are
  translated to the tree: a bet of the stay is ``stay``, a larger one ``double``.

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


def score(bots: list[str], strategy_file: str | None = None, deals: int = 2000,
          seed: int | None = None) -> list[dict[str, object]]:
    """Score each bot (see the module); ``deals=0`` skips the sampled engine bots.

    ``seed`` makes the sampled deals reproducible (None: a fresh seed, reported per row).
    """
    from bragkit.bots.cfr_bot import CfrPolicy

    policy = CfrPolicy.load(strategy_file)
    eq = policy.strategy
    rows: list[dict[str, object]] = []
    for name in bots:
        if name == "cfr":
            rows.append(exact_row(name, eq, eq))
        elif name == "uniform":
            rows.append(exact_row(name, eq, _uniform(eq)))
        elif deals > 0:
            rows.append(sampled_row(name, deals, seed))
    return rows


def score_command_output(bots: str, strategy_file: str | None, as_json: bool,
                         deals: int = 2000, seed: int | None = None) -> str:
    """The text (or JSON) ``brag solve --score`` prints."""
    names = [b.strip() for b in bots.split(",") if b.strip()]
    if not names or len(names) > 8:
        raise RulesError("--score needs 1 to 8 bot names separated by commas")
    if not 1 <= deals <= MAX_DEALS:
        raise RulesError(f"--deals must be 1..{MAX_DEALS}")
    rows = score(names, strategy_file, deals, seed)
    if as_json:
        return json.dumps({"unit": "milli-antes per hand", "rows": rows})
    lines = ["bot        kind     exploitability   vs equilibrium (mA/hand)"]
    for r in rows:
        ex = r["exploitability_mah"]
        ex_text = "not measured" if ex is None else f"{ex:.2f}"
        vs = f"{r['vs_equilibrium_mah']:+.1f}"
        if r["kind"] == "sampled":
            vs += f" +- {r['ci95_mah']:.1f} ({r['deals']} deals, seed {r['seed']})"
        lines.append(f"{r['bot']:<10} {r['kind']:<8} {ex_text:>14}   {vs}")
    return "\n".join(lines)
