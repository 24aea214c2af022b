"""Vector-form (public-tree) CFR+ and discounted CFR, the average strategy and best response.

One pass handles all 1,755 hand classes of a player at once: reaches and counterfactual
values are ``(nodes, 1755)`` arrays, processed one depth level at a time.  A blind
decision (a look node, or betting before looking) has **one** strategy row whatever the
cards: its regrets are summed over the classes, so its strategy has shape ``(actions,)``
and nothing indexed by cards exists for it.

Updates alternate between the players.  The algorithms (:class:`Algorithm`) are one family
with four knobs: positive regrets are scaled by t^alpha/(t^alpha+1) each iteration, negative
ones by t^beta/(t^beta+1) or floored at zero ("+" variants), the average strategy weights
iteration t by about t^gamma, and a *predictive* variant plays regret matching on the
regrets plus the last instantaneous regret (the prediction of the next one).  CFR+ floors
and averages linearly; DCFR(1.5, 0, 2); PCFR+ is predictive CFR+ with quadratic averaging.

>>> from bragkit.solve.tree import GameSpec
>>> s = Solver(GameSpec.hu_brag_s12(stack=4))
>>> s.run(100)
>>> s.evaluate().exploitability < 2e-3
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from bragkit.errors import RulesError
from bragkit.solve._kernels import update_open
from bragkit.solve.classes import HandClasses, hand_classes
from bragkit.solve.terminal import TerminalEvaluator
from bragkit.solve.tree import GameSpec, Tree, build_tree

__all__ = ["ALGORITHMS", "Algorithm", "Evaluation", "Layout", "Solver", "Strategy", "evaluate"]

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]
B8 = npt.NDArray[np.bool_]
Arr = npt.NDArray[np.floating]



@dataclass(frozen=True)
class Algorithm:
    """A member of the CFR family (see the module).

    >>> Algorithm.named("dcfr")
    Algorithm(name='dcfr', alpha=1.5, beta=0.0, gamma=2.0, predictive=False)
    >>> Algorithm.named("pcfr+").floor, Algorithm.named("dcfr").floor
    (True, False)
    """

    name: str
    alpha: float
    """Positive regrets are scaled by t^alpha/(t^alpha+1) (inf: not discounted)."""
    beta: float | None
    """Negative regrets are scaled by t^beta/(t^beta+1); None floors them at zero (CFR+)."""
    gamma: float
    """Iteration t's strategy enters the average with weight about t^gamma."""
    predictive: bool = False
    """Play regret matching on the regrets plus the last instantaneous regret."""

    @property
    def floor(self) -> bool:
        """Whether regrets are floored at zero (a "+" variant)."""
        return self.beta is None

    def discounts(self, t: int) -> tuple[float, float]:
        """The factors of positive and negative regrets at iteration ``t``.

        >>> Algorithm.named("dcfr").discounts(1)
        (0.5, 0.5)
        """
        def f(e: float) -> float:
            return 1.0 if math.isinf(e) else t ** e / (t ** e + 1)

        return f(self.alpha), 0.0 if self.beta is None else f(self.beta)

    @staticmethod
    def named(name: str) -> Algorithm:
        """The algorithm called ``name`` (one of :data:`ALGORITHMS`)."""
        try:
            return _NAMED[name]
        except KeyError:
            raise RulesError(f"unknown algorithm {name!r}; known: "
                             f"{', '.join(ALGORITHMS)}") from None


_NAMED = {a.name: a for a in (
    Algorithm("dcfr", 1.5, 0.0, 2.0),
    Algorithm("cfr+", math.inf, None, 1.0),
    Algorithm("pcfr+", math.inf, None, 2.0, True),
    Algorithm("pdcfr+", 2.3, None, 5.0, True),
)}

ALGORITHMS = tuple(_NAMED)
"""The named solver algorithms."""


@dataclass(frozen=True)
class Evaluation:
    """Exact values of a strategy profile, in antes per hand."""

    value: float
    """Player 1's expected result."""
    best_response: tuple[float, float]
    """Each player's best-response value against the other's strategy."""

    @property
    def exploitability(self) -> float:
        """``(BR1 + BR2) / 2``: zero at an equilibrium."""
        return (self.best_response[0] + self.best_response[1]) / 2


@dataclass(frozen=True)
class Layout:
    """Decision nodes of a tree with their children padded to ``width`` slots.

    ``child[k, a]`` is the node reached by action ``a`` at decision ``dec[k]`` (the dummy
    node ``N`` past the end for an unused slot).  Decisions are split into open ones (a
    row per hand class) and blind ones (one row): ``slot_of[k]`` is a decision's position
    in its group.
    """

    dec: I64
    child: I64
    mask: B8
    width: int
    blind: B8
    slot_of: I64
    open_dec: I64       # decision indices (into dec) of the open decisions
    blind_dec: I64
    level_dec: tuple[tuple[int, int], ...]   # ranges of decision indices per depth level

    @staticmethod
    def of(tree: Tree) -> Layout:
        """The layout of ``tree``."""
        dec = np.flatnonzero(tree.kind == 0)
        width = int(tree.n_children[dec].max())
        child = np.full((len(dec), width), tree.size, dtype=np.int64)
        for a in range(width):
            has = tree.n_children[dec] > a
            child[has, a] = tree.first_child[dec[has]] + a
        mask = child < tree.size
        blind = tree.blind[dec, tree.actor[dec]]
        open_dec = np.flatnonzero(~blind)
        blind_dec = np.flatnonzero(blind)
        slot_of = np.zeros(len(dec), dtype=np.int64)
        slot_of[open_dec] = np.arange(len(open_dec))
        slot_of[blind_dec] = np.arange(len(blind_dec))
        depth = tree.depth[dec]
        levels = tuple((int(np.searchsorted(depth, lv)), int(np.searchsorted(depth, lv + 1)))
                       for lv in range(int(depth.max()) + 1))
        return Layout(dec, child, mask, width, blind, slot_of, open_dec, blind_dec, levels)


class Strategy:
    """A behaviour strategy for both players on a tree.

    ``open_probs[k, a, c]``: the probability of action ``a`` at the k-th open decision
    for hand class ``c``; ``blind_probs[k, a]``: of action ``a`` at the k-th blind decision
    -- one row, whatever the cards.
    """

    def __init__(self, tree: Tree, open_probs: F64, blind_probs: F64) -> None:
        lay = Layout.of(tree)
        if open_probs.ndim != 3 or open_probs.shape[:2] != (len(lay.open_dec), lay.width) or \
                blind_probs.shape != (len(lay.blind_dec), lay.width):
            raise RulesError("strategy arrays do not fit the game tree")
        self.tree = tree
        self.layout = lay
        self.open_probs = open_probs
        self.blind_probs = blind_probs
        self.classes = open_probs.shape[2]

    def dec_probs(self) -> F64:
        """The strategy of every decision, shape ``(decisions, width, 1755)``."""
        lay = self.layout
        out = np.empty((len(lay.dec), lay.width, self.classes))
        out[lay.open_dec] = self.open_probs
        out[lay.blind_dec] = self.blind_probs[:, :, None]
        return out

    def at(self, node: int) -> F64:
        """The strategy at a decision node: ``(actions, 1755)`` if open, ``(actions,)`` blind.

        >>> from bragkit.solve.tree import GameSpec
        >>> s = Solver(GameSpec.hu_brag_s12(stack=4)).average()
        >>> s.at(0).shape                # the root: p1's look node, blind
        (2,)
        """
        lay = self.layout
        k = int(np.searchsorted(lay.dec, node))
        if k >= len(lay.dec) or lay.dec[k] != node:
            raise RulesError(f"node {node} is not a decision")
        n = int(self.tree.n_children[node])
        j = int(lay.slot_of[k])
        if lay.blind[k]:
            return self.blind_probs[j, :n].copy()
        return self.open_probs[j, :n].copy()


def _normalise(reg: npt.NDArray[np.floating], mask: npt.NDArray[np.bool_]
               ) -> npt.NDArray[np.floating]:
    """Regret matching over the action axis 1 (uniform where no regret is positive)."""
    pos: npt.NDArray[np.floating] = np.maximum(reg, 0)
    sums = pos.sum(axis=1, keepdims=True)
    np.divide(pos, sums, out=pos, where=sums > 0)
    flat = sums[:, 0] <= 0
    if flat.any():
        m = mask[:, :, None] if reg.ndim == 3 else mask
        uniform = (m / m.sum(axis=1, keepdims=True)).astype(pos.dtype)
        if reg.ndim == 3:
            rows, cols = np.nonzero(flat)
            pos[rows, :, cols] = uniform[rows, :, 0]
        else:
            pos[flat] = uniform[flat]
    return pos


class Solver:
    """Vector-form CFR on one game (see the module).

    ``dtype`` is the precision of the working arrays and dense products during the
    iterations (float32 halves the memory traffic); :meth:`evaluate` always uses float64.
    """

    def __init__(self, spec: GameSpec, algorithm: str | Algorithm = "dcfr",
                 dtype: type = np.float32, hc: HandClasses | None = None,
                 tree: Tree | None = None) -> None:
        self.alg = algorithm if isinstance(algorithm, Algorithm) else Algorithm.named(algorithm)
        self.spec = spec.checked()
        self.algorithm = self.alg.name
        self.tree = tree if tree is not None else build_tree(self.spec)
        self.hc = hc if hc is not None else hand_classes(self.spec.ranking, self.spec.deck)
        self.dtype = dtype
        self.C = C = self.hc.count
        self._evs: dict[type, TerminalEvaluator] = {}
        self.lay = Layout.of(self.tree)
        lay = self.lay
        w = lay.width
        self.actor = self.tree.actor[lay.dec]
        self.open_of = [lay.open_dec[self.actor[lay.open_dec] == i] for i in (0, 1)]
        self.blind_of = [lay.blind_dec[self.actor[lay.blind_dec] == i] for i in (0, 1)]
        self.reg_open: list[Arr] = [np.zeros((len(d), w, C), dtype=dtype) for d in self.open_of]
        self.reg_blind = [np.zeros((len(d), w)) for d in self.blind_of]
        self.avg_open: list[Arr] = [np.zeros((len(d), w, C), dtype=dtype) for d in self.open_of]
        self.avg_blind = [np.zeros((len(d), w)) for d in self.blind_of]
        self.sig: npt.NDArray[np.floating] = np.zeros((len(lay.dec), w, C), dtype=dtype)
        # working buffers of the iterations (allocated once: no page faults per pass)
        self.sig_open: list[Arr] = [np.zeros((len(d), w, C), dtype=dtype) for d in self.open_of]
        self._inst: list[Arr] = [np.zeros((len(d), w, C), dtype=dtype) for d in self.open_of]
        self._tmp: list[Arr] = [np.zeros((len(d), w, C), dtype=dtype) for d in self.open_of]
        self._mask3: list[Arr] = [lay.mask[d][:, :, None].astype(dtype) for d in self.open_of]
        self._uniform: list[Arr] = [(lay.mask[d] / lay.mask[d].sum(axis=1, keepdims=True))
                                    .astype(dtype) for d in self.open_of]
        self._reach_buf: list[Arr] = [np.zeros((self.tree.size + 1, C), dtype=dtype)
                                      for _ in (0, 1)]
        self._fresh = [False, False]       # whether _reach_buf[j] holds j's current reach
        self._cfv_buf: Arr = np.zeros((self.tree.size + 1, C), dtype=dtype)
        self._child_od = [np.ascontiguousarray(lay.child[d]) for d in self.open_of]
        self._dec_od = [np.ascontiguousarray(lay.dec[d]) for d in self.open_of]
        self._n_act = [lay.mask[d].sum(axis=1).astype(np.int64) for d in self.open_of]
        for i in (0, 1):
            self._set_strategy(i)
        self.mine = [[np.flatnonzero(self.actor[lo:hi] == j) for lo, hi in lay.level_dec]
                     for j in (0, 1)]
        self.theirs = [[np.flatnonzero(self.actor[lo:hi] != j) for lo, hi in lay.level_dec]
                       for j in (0, 1)]
        # per level and player j: the (decision, slot) pairs whose child's reach of j is used
        # -- every child of j's decisions, the decision children of the other's
        is_dec = np.append(self.tree.kind == 0, False)
        self.reach_pairs: list[list[tuple[I64, I64, I64, I64, I64]]] = []
        for j in (0, 1):
            per_level = []
            for lo, hi in lay.level_dec:
                d_idx, slot = np.nonzero(lay.mask[lo:hi])
                d_idx = d_idx + lo
                child = lay.child[d_idx, slot]
                mine = self.actor[d_idx] == j
                other = ~mine & is_dec[child]
                per_level.append((d_idx[mine], slot[mine], child[mine], lay.dec[d_idx[other]],
                                  child[other]))
            self.reach_pairs.append(per_level)
        self.iterations = 0
        self.seconds = 0.0

    def evaluator(self, dtype: type) -> TerminalEvaluator:
        """The terminal evaluator with products in ``dtype`` (built once)."""
        ev = self._evs.get(dtype)
        if ev is None:
            ev = self._evs[dtype] = TerminalEvaluator(self.tree, self.hc, dtype)
        return ev

    def _set_strategy(self, i: int) -> None:
        """Regret matching for player i on his regrets."""
        lay = self.lay
        bd = self.blind_of[i]
        self._match_open(i, self.reg_open[i])
        self.sig[bd] = _normalise(self.reg_blind[i], lay.mask[bd])[:, :, None]
        self._fresh[i] = False

    def _match_open(self, i: int, reg: Arr) -> None:
        """Regret matching at player i's open decisions on ``reg`` (uniform where no regret
        is positive), into ``sig_open[i]`` and the full strategy ``sig``."""
        out = self.sig_open[i]
        np.maximum(reg, 0, out=out)
        sums = out.sum(axis=1)                       # (decisions, classes)
        flat = sums <= 0
        sums[flat] = 1
        out /= sums[:, None, :]
        if flat.any():
            rows, cols = np.nonzero(flat)
            out[rows, :, cols] = self._uniform[i][rows]
        self.sig[self.open_of[i]] = out

    # ------------------------------------------------------------------ passes
    def _reach(self, j: int, sig: Arr, dtype: type, out: Arr | None = None) -> Arr:
        """Player j's reach at the nodes where it is used (zero elsewhere, or left as it was
        in ``out``): the decisions and the children of j's decisions (row N is scratch)."""
        lay = self.lay
        reach: Arr = np.zeros((self.tree.size + 1, self.C), dtype=dtype) if out is None \
            else out
        reach[0] = 1.0
        for d_idx, slot, child, o_parent, o_child in self.reach_pairs[j]:
            if len(child):
                block = sig[d_idx, slot]
                block *= reach[lay.dec[d_idx]]
                reach[child] = block
            if len(o_child):
                reach[o_child] = reach[o_parent]
        return reach

    def _values(self, i: int, sig: Arr, opp_reach: Arr, ev: TerminalEvaluator, dtype: type,
                best: bool = False, out: Arr | None = None) -> Arr:
        """Player i's counterfactual values at every node (best response if ``best``).

        Every row but the scratch row N is written, so ``out`` (row N zero) may be reused.
        """
        lay = self.lay
        cfv: Arr = np.zeros((self.tree.size + 1, self.C), dtype=dtype) if out is None \
            else out
        ev.fill(i, opp_reach, cfv)
        for k in range(len(lay.level_dec) - 1, -1, -1):
            lo, hi = lay.level_dec[k]
            dec = lay.dec[lo:hi]
            kids = lay.child[lo:hi]
            mine, theirs = self.mine[i][k], self.theirs[i][k]
            if len(theirs):
                cfv[dec[theirs]] = cfv[kids[theirs]].sum(axis=1)
            if not len(mine):
                continue
            block = cfv[kids[mine]]
            if best:
                blind = lay.blind[lo + mine]
                valid = lay.mask[lo + mine]
                op, bl = ~blind, blind
                masked = np.where(valid[op][:, :, None], block[op], -np.inf)
                cfv[dec[mine[op]]] = masked.max(axis=1)
                tot = np.where(valid[bl], block[bl].sum(axis=2), -np.inf).max(axis=1)
                cfv[dec[mine[bl]]] = (tot / self.C)[:, None]
            else:
                block *= sig[lo + mine]
                cfv[dec[mine]] = block.sum(axis=1)
        return cfv

    def iterate(self) -> None:
        """One iteration: an update of each player in turn."""
        t = self.iterations + 1
        lay = self.lay
        dt = self.dtype
        ev = self.evaluator(dt)
        alg = self.alg
        pos_f, neg_f = alg.discounts(t)
        keep = ((t - 1) / t) ** alg.gamma
        sig = self.sig
        for i in (0, 1):
            for j in (1 - i, i):            # a reach depends on its player's strategy only
                if not self._fresh[j]:
                    self._reach(j, sig, dt, out=self._reach_buf[j])
                    self._fresh[j] = True
            cfv = self._values(i, sig, self._reach_buf[1 - i], ev, dt, out=self._cfv_buf)
            own = self._reach_buf[i]
            od, bd = self.open_of[i], self.blind_of[i]
            # blind decisions: one row each, regrets summed over the classes
            inst_b = (cfv[lay.child[bd]].sum(axis=2, dtype=np.float64)
                      - cfv[lay.dec[bd]].sum(axis=1, dtype=np.float64)[:, None]) * lay.mask[bd]
            rb = self.reg_blind[i]
            rb += inst_b
            if alg.floor:
                np.maximum(rb, 0, out=rb)
                rb *= pos_f
            else:
                rb *= np.where(rb > 0, pos_f, neg_f)
            self.avg_blind[i] *= keep
            self.avg_blind[i] += own[lay.dec[bd], 0][:, None] * sig[bd, :, 0]
            sig[bd] = _normalise(inst_b + rb if alg.predictive else rb, lay.mask[bd])[:, :, None]
            # open decisions: compiled in one pass when numba is there, else numpy
            if not update_open(cfv, own, self._child_od[i], self._dec_od[i], self._n_act[i], od,
                               self.reg_open[i], self.avg_open[i], self.sig_open[i], sig,
                               pos_f, neg_f, alg.floor, keep, alg.predictive):
                self._update_open_numpy(i, cfv, own, pos_f, neg_f, keep)
            self._fresh[i] = False
        self.iterations = t

    def _update_open_numpy(self, i: int, cfv: Arr, own: Arr, pos_f: float, neg_f: float,
                           keep: float) -> None:
        """Player i's update at his open decisions with numpy (see :func:`update_open`)."""
        lay = self.lay
        dt = self.dtype
        alg = self.alg
        od = self.open_of[i]
        inst_o = self._inst[i]
        np.take(cfv, lay.child[od], axis=0, out=inst_o)
        inst_o -= cfv[lay.dec[od]][:, None, :]
        inst_o *= self._mask3[i]
        ro = self.reg_open[i]
        ro += inst_o
        if alg.floor:
            np.maximum(ro, 0, out=ro)
            if pos_f != 1.0:
                ro *= dt(pos_f)
        else:
            np.multiply(ro, dt(pos_f), out=ro, where=ro > 0)
            np.multiply(ro, dt(neg_f), out=ro, where=ro < 0)
        # the average of the strategy just played, weighted by i's own reach
        ao = self.avg_open[i]
        if keep != 1.0:
            ao *= dt(keep)
        tmp = self._tmp[i]
        np.multiply(self.sig_open[i], own[lay.dec[od]][:, None, :], out=tmp)
        ao += tmp
        if alg.predictive:
            inst_o += ro
            self._match_open(i, inst_o)
        else:
            self._match_open(i, ro)

    def run(self, iterations: int | None = None, seconds: float | None = None,
            progress: Callable[[int, float], None] | None = None) -> None:
        """Iterate ``iterations`` times, or until ``seconds`` have passed (whichever first)."""
        start = time.perf_counter()
        done = 0
        while True:
            if iterations is not None and done >= iterations:
                break
            elapsed = time.perf_counter() - start
            if seconds is not None and elapsed >= seconds:
                break
            self.iterate()
            done += 1
            if progress is not None:
                progress(done, time.perf_counter() - start)
        self.seconds += time.perf_counter() - start

    # ------------------------------------------------------------------ results
    def average(self) -> Strategy:
        """The average strategy (what CFR converges to; the last iterate does not)."""
        lay = self.lay
        avg_o = np.zeros((len(lay.open_dec), lay.width, self.C))
        avg_b = np.zeros((len(lay.blind_dec), lay.width))
        for i in (0, 1):
            avg_o[lay.slot_of[self.open_of[i]]] = self.avg_open[i]
            avg_b[lay.slot_of[self.blind_of[i]]] = self.avg_blind[i]
        return Strategy(self.tree,
                        _normalise(avg_o, lay.mask[lay.open_dec]).astype(np.float64),
                        _normalise(avg_b, lay.mask[lay.blind_dec]).astype(np.float64))

    def evaluate(self, strategy: Strategy | None = None) -> Evaluation:
        """Exact float64 value and best responses of ``strategy`` (the average by default)."""
        return evaluate(strategy if strategy is not None else self.average(), self)


def evaluate(strategy: Strategy, solver: Solver | None = None) -> Evaluation:
    """Exact float64 value and best responses of a strategy profile.

    >>> from bragkit.solve.tree import GameSpec
    >>> s = Solver(GameSpec.hu_brag_s12(stack=4))
    >>> evaluate(s.average()).exploitability > 0.1      # uniform play
    True
    """
    tree = strategy.tree
    if solver is None or solver.tree is not tree:
        solver = Solver(tree.spec, tree=tree)
    ev = solver.evaluator(np.float64)
    sig = strategy.dec_probs()
    f = np.float64
    r1 = solver._reach(1, sig, f)
    value = float(solver._values(0, sig, r1, ev, f)[0].sum())
    br0 = float(solver._values(0, sig, r1, ev, f, best=True)[0].sum())
    del r1
    r0 = solver._reach(0, sig, f)
    br1 = float(solver._values(1, sig, r0, ev, f, best=True)[0].sum())
    return Evaluation(value, (br0, br1))
