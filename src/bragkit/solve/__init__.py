"""The equilibrium solver of heads-up Brag: vector-form CFR over 1,755 hand classes.

* :mod:`.classes`: suit-isomorphic hand classes, exact card-removal count matrices;
* :mod:`.tree`: the public game tree of HU-Brag-S12 and the Teen Patti anchor game;
* :mod:`.terminal`: exact terminal values (one product for a fold, two for a showdown);
* :mod:`.cfr`: the CFR family (DCFR, CFR+, PCFR+), the average strategy, exact best response;
* :mod:`.tabulate`: an engine bot's strategy tabulated exactly on the tree (``--score``);
* :mod:`.io`: save and load a strategy (npz with JSON metadata and hashes).

See docs/solver.md.

>>> s = Solver(GameSpec.hu_brag_s12(stack=4))
>>> s.run(20)
>>> round(s.evaluate().value, 1)
-0.1
"""

from bragkit.solve.cfr import ALGORITHMS, Algorithm, Evaluation, Solver, Strategy, evaluate
from bragkit.solve.classes import HandClasses, hand_classes
from bragkit.solve.io import SolveFileError, load_strategy, save_strategy
from bragkit.solve.tree import GAMES, HU_BRAG_S12_VALUE, GameSpec, Tree, build_tree

__all__ = ["ALGORITHMS", "GAMES", "HU_BRAG_S12_VALUE", "Algorithm", "Evaluation", "GameSpec",
           "HandClasses", "SolveFileError", "Solver", "Strategy", "Tree", "build_tree",
           "evaluate", "hand_classes", "load_strategy", "save_strategy"]
