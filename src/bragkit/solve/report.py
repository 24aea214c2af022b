"""Headline facts of a solved strategy: blind play by turn, actions by hand strength.

Every figure is a probability under the strategy profile and the deal, computed exactly on
the tree: the chance of reaching a node holding class ``c`` is
``r_me[c] * (D r_opp)[c] / deals``.

>>> from bragkit.solve import GameSpec, Solver
>>> s = Solver(GameSpec.hu_brag_s12(stack=4)); s.run(10)
>>> facts = blind_by_turn(s.average())
>>> sorted(facts[0])[:1], 0 <= facts[0][1] <= 1
([1], True)
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import numpy.typing as npt

from bragkit.solve.cfr import Solver, Strategy
from bragkit.solve.classes import hand_classes
from bragkit.solve.terminal import PairSums

__all__ = ["ACTIONS", "actions_by_strength", "blind_by_turn", "class_equity", "plot"]

F64 = npt.NDArray[np.float64]

ACTIONS = ("fold", "stay", "double", "see", "cover")
"""The betting actions of HU-Brag-S12, in plot order."""


def _reach_probs(strategy: Strategy) -> tuple[F64, F64, F64, F64]:
    """Both players' reaches and ``D r_opp / deals`` for each player, at every node."""
    tree = strategy.tree
    hc = hand_classes(tree.spec.ranking, tree.spec.deck)
    solver = Solver(tree.spec, tree=tree, hc=hc)
    sig = strategy.dec_probs()
    r0 = np.asarray(solver._reach(0, sig, np.float64)[:-1], dtype=np.float64)
    r1 = np.asarray(solver._reach(1, sig, np.float64)[:-1], dtype=np.float64)
    ps = PairSums(hc)
    d1 = ps.apply(r1) / hc.deals      # weight of p1's classes
    d0 = ps.apply(r0) / hc.deals
    return r0, r1, d1, d0


def class_equity(ranking: str = "modern", deck: int = 52) -> F64:
    """Each class's chance against one random hand (ties count half).

    >>> eq = class_equity()
    >>> round(float(eq.max()), 3) > 0.99, round(float(eq.min()), 2)
    (True, 0.0)
    """
    hc = hand_classes(ranking, deck)
    result: F64 = (hc.win.sum(axis=1) + 0.5 * hc.tie.sum(axis=1)) / hc.disjoint.sum(axis=1)
    return result


def _turns(strategy: Strategy) -> npt.NDArray[np.int64]:
    """For each node, how many turns its actor has started before it (1 = his first)."""
    tree = strategy.tree
    turn = np.zeros(tree.size, dtype=np.int64)
    counts = np.zeros((tree.size, 2), dtype=np.int64)
    for n in range(1, tree.size):
        p = int(tree.parent[n])
        counts[n] = counts[p]
        if tree.kind[p] == 0 and not tree.look[p]:     # a betting action ends p's turn
            counts[n, tree.actor[p]] += 1
    for n in range(tree.size):
        if tree.kind[n] == 0:
            turn[n] = counts[n, tree.actor[n]] + 1
    return turn


def blind_by_turn(strategy: Strategy) -> list[dict[int, float]]:
    """For each seat: turn number -> the chance he bets blind on that turn, given he gets it."""
    tree = strategy.tree
    r0, r1, d1, d0 = _reach_probs(strategy)
    turn = _turns(strategy)
    out: list[dict[int, float]] = [{}, {}]
    for p in (0, 1):
        mine, opp_w = (r0, d1) if p == 0 else (r1, d0)
        reach = (mine * opp_w).sum(axis=1)
        starts = np.flatnonzero((tree.kind == 0) & (tree.actor == p) & np.array(
            [n == 0 or not tree.look[tree.parent[n]] for n in range(tree.size)]))
        tot: dict[int, float] = {}
        blind: dict[int, float] = {}
        for n in starts.tolist():
            k = int(turn[n])
            tot[k] = tot.get(k, 0.0) + float(reach[n])
            if tree.look[n]:
                kids = list(tree.children(n))
                stay_blind = next(c for c in kids if tree.labels[c] == "blind")
                blind[k] = blind.get(k, 0.0) + float(reach[stay_blind])
        out[p] = {k: blind.get(k, 0.0) / v for k, v in sorted(tot.items()) if v > 1e-9}
    return out


def actions_by_strength(strategy: Strategy, bins: int = 10) -> list[F64]:
    """For each seat, ``(bins, len(ACTIONS))``: his open betting actions' frequencies by
    the decile (by default) of his hand's chance against one random hand."""
    tree = strategy.tree
    r0, r1, d1, d0 = _reach_probs(strategy)
    eq = class_equity(tree.spec.ranking, tree.spec.deck)
    order = np.argsort(np.argsort(eq, kind="stable"), kind="stable")
    hc = hand_classes(tree.spec.ranking, tree.spec.deck)
    # the bin of a class by the share of hands weaker than it
    cum = np.cumsum(hc.size[np.argsort(eq, kind="stable")]) / hc.size.sum()
    share = cum[order]
    b = np.minimum((share * bins).astype(np.int64), bins - 1)
    out = []
    for p in (0, 1):
        mine, opp_w = (r0, d1) if p == 0 else (r1, d0)
        freq = np.zeros((bins, len(ACTIONS)))
        nodes = np.flatnonzero((tree.kind == 0) & (tree.actor == p) & ~tree.look
                               & ~tree.blind[:, p])
        for n in nodes.tolist():
            for c in tree.children(n):
                a = ACTIONS.index(tree.labels[c])
                np.add.at(freq[:, a], b, mine[c] * opp_w[n])
        sums = freq.sum(axis=1, keepdims=True)
        out.append(np.divide(freq, sums, out=np.zeros_like(freq), where=sums > 0))
    return out


def plot(strategy: Strategy, directory: str | Path) -> list[Path]:
    """Draw the two headline figures into ``directory`` (needs matplotlib)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    target = Path(directory)
    target.mkdir(parents=True, exist_ok=True)
    paths = []
    facts = blind_by_turn(strategy)
    fig, ax = plt.subplots(figsize=(6.4, 3.6))
    for p, marker in ((0, "o"), (1, "s")):
        ks = [k for k in facts[p] if k <= 8]
        ax.plot(ks, [facts[p][k] for k in ks], marker=marker, label=f"p{p + 1}")
    ax.set_xlabel("turn of the seat")
    ax.set_ylabel("P(bets blind | gets this turn)")
    ax.set_ylim(-0.02, 1.02)
    ax.set_title(f"{strategy.tree.spec.game}: blind play at equilibrium")
    ax.legend()
    ax.grid(alpha=0.3)
    fig.tight_layout()
    path = target / "solver_blind_by_turn.png"
    fig.savefig(path, dpi=110)
    plt.close(fig)
    paths.append(path)
    freqs = actions_by_strength(strategy)
    fig, axes = plt.subplots(1, 2, figsize=(9.6, 3.8), sharey=True)
    colors = ("#b0b0b0", "#4c72b0", "#dd8452", "#55a868", "#8172b2")
    for p, ax in enumerate(axes):
        bottom = np.zeros(freqs[p].shape[0])
        x = np.arange(freqs[p].shape[0]) * 10 + 5
        for a, name in enumerate(ACTIONS):
            ax.bar(x, freqs[p][:, a], width=9, bottom=bottom, label=name, color=colors[a])
            bottom += freqs[p][:, a]
        ax.set_title(f"p{p + 1}, open decisions")
        ax.set_xlabel("hand strength percentile (vs one random hand)")
    axes[0].set_ylabel("share of actions (reach-weighted)")
    axes[1].legend(loc="center left", bbox_to_anchor=(1.01, 0.5), fontsize=8)
    fig.suptitle(f"{strategy.tree.spec.game}: actions by hand strength at equilibrium")
    fig.tight_layout()
    path = target / "solver_actions_by_strength.png"
    fig.savefig(path, dpi=110)
    plt.close(fig)
    paths.append(path)
    return paths
