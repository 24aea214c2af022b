"""Engine throughput: six-player modern Brag under a uniformly random legal policy, with
PokerKit and OpenSpiel measured in the same run.

Each decision picks one of the legal actions uniformly at random, then a uniformly random
amount within its bounds (or argument).  Tables restart with fresh stacks when a session
ends.  Prints decisions/s and hands/s (median of the repeats, one core) and, in the same run:

* PokerKit six-max no-limit hold'em, uniformly random over {fold, check/call, min-raise}
  (as ``../shared/anchors/bench_sim.py`` measured it), a new state per hand;
* OpenSpiel's C++ ``universal_poker`` six-max no-limit hold'em (fcpa abstraction) driven
  from Python, uniformly random over ``legal_actions()``, chance nodes sampled from
  ``chance_outcomes()`` (only the seats' decisions are counted);

and the ratios bragkit/peer.  ``--views`` also times a bot that builds its seat view at
every decision (``table_view(table, seat)``, choosing from ``view.legal``) and prints the
share of a bot decision spent on the view (issue 11's bar: at most a third).

    .venv/bin/python benchmarks/bench_engine.py --cpu-time           # 6 players, 5 repeats
    .venv/bin/python benchmarks/bench_engine.py --cpu-time --views
    .venv/bin/python benchmarks/bench_engine.py --preset teen-patti --players 4
    .venv/bin/python benchmarks/bench_engine.py --all --cpu-time --decisions 20000 --repeats 3
    .venv/bin/python benchmarks/bench_engine.py --all --views --cpu-time --decisions 20000
    .venv/bin/python benchmarks/bench_engine.py --all --cpu-time --repeats 15 \
        --presets three-stake,commerce

``--all`` plays every preset of the rules catalogue (every game but casino, whose own rules
are no preset) through ``open_table`` in the same way, interleaved, and prints each one's
decisions/s and its ratio to modern Brag measured in the same run (issue 11's bar: every
other game at least half of modern's rate); with ``--views`` also each preset's rate with a
seat view per decision and the view share.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
from collections.abc import Callable

from bragkit.engine import open_table
from bragkit.engine.session import table_view
from bragkit.rules import get_preset

Clock = Callable[[], float]
Result = tuple[float, int, int]
"""(seconds, decisions, hands)"""

NLHE_6MAX = (
    "universal_poker(betting=nolimit,numPlayers=6,numRounds=4,"
    "blind=50 100 0 0 0 0,firstPlayer=3 1 1 1,numSuits=4,numRanks=13,"
    "numHoleCards=2,numBoardCards=0 3 1 1,"
    "stack=20000 20000 20000 20000 20000 20000,bettingAbstraction=fcpa)"
)
"""OpenSpiel six-max NLHE, blinds 50/100, 200 big blinds, fold/call/pot/all-in."""


def run_brag(preset: str, players: int, decisions: int, seed: int,
             clock: Clock = time.perf_counter, views: bool = False) -> Result:
    """Play until ``decisions`` decisions; return (seconds, decisions, hands).

    With ``views``, the bot builds the seat view of the seat to act at every decision and
    chooses from the view's legal actions (as a bot does).
    """
    rules = get_preset(preset)
    rng = random.Random(seed)
    choice = rng.choice
    table = open_table(rules, [1000] * players, dealer=0, seed=seed)
    done = 0
    hands = 0
    gc.collect()
    start = clock()
    while done < decisions:
        if table.over:
            table = open_table(rules, [1000] * players, dealer=0, seed=rng.randrange(1 << 30))
        before = table.deal_no
        if views:
            view = table_view(table, table.to_act)
            assert view is not None
            legal = view.legal
        else:
            legal = table.legal_actions()
        table.apply(choice(legal).sample(rng))
        done += 1
        if table.deal_no != before:
            hands += 1
    return clock() - start, done, hands


def run_pokerkit(players: int, hands: int, seed: int,
                 clock: Clock = time.perf_counter) -> Result | None:
    """PokerKit 6-max NLHE, random over fold / check-call / min-raise; None if missing."""
    try:
        from pokerkit import Automation, NoLimitTexasHoldem
    except ImportError:
        return None
    random.seed(seed)  # PokerKit shuffles its deck with the module's generator
    rng = random.Random(seed + 1)
    automations = tuple(Automation)
    decisions = 0
    gc.collect()
    start = clock()
    for _ in range(hands):
        state = NoLimitTexasHoldem.create_state(automations, False, 0, (1, 2), 2, 400, players)
        while state.status:
            options = []
            if state.can_fold():
                options.append(0)
            if state.can_check_or_call():
                options.append(1)
            if state.can_complete_bet_or_raise_to():
                options.append(2)
            pick = rng.choice(options)
            if pick == 0:
                state.fold()
            elif pick == 1:
                state.check_or_call()
            else:
                state.complete_bet_or_raise_to()
            decisions += 1
    return clock() - start, decisions, hands


def run_openspiel(hands: int, seed: int, clock: Clock = time.perf_counter) -> Result | None:
    """OpenSpiel universal_poker 6-max NLHE from Python; None if pyspiel is missing."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(NLHE_6MAX)
    rng = random.Random(seed)
    decisions = 0
    gc.collect()
    start = clock()
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        state.returns()
    return clock() - start, decisions, hands


def run_table(preset: str, players: int, decisions: int, seed: int,
              clock: Clock = time.perf_counter, views: bool = False) -> Result:
    """As :func:`run_brag` for any preset: its table from ``open_table`` (a poker-style or
    Commerce table for those games); ``views``: the seat view at every decision (between
    deals, a dealer's choice has none: the table's legal actions then)."""
    rules = get_preset(preset)
    rng = random.Random(seed)
    choice = rng.choice
    table = open_table(rules, [1000] * players, dealer=0, seed=seed)
    done = hands = 0
    gc.collect()
    start = clock()
    while done < decisions:
        if table.over:
            table = open_table(rules, [1000] * players, dealer=0, seed=rng.randrange(1 << 30))
        before = table.deal_no
        if views:
            view = table_view(table, table.to_act)
            legal = table.legal_actions() if view is None else view.legal
        else:
            legal = table.legal_actions()
        table.apply(choice(legal).sample(rng))
        done += 1
        if table.deal_no != before:
            hands += 1
    return clock() - start, done, hands


def bench_all(players: int, decisions: int, repeats: int, seed: int, clock: Clock,
              views: bool = False, only: list[str] | None = None) -> None:
    """Every preset's decisions/s (median and best of ``repeats``, interleaved) and its
    ratios to modern Brag's in the same run, and the median of its paired ratios (each run
    against a modern run made just before it: a busy spell slows both); ``views``: also with
    a seat view per decision, and the view share of a bot decision (from the medians, and
    from the best runs); ``only``: these presets (and modern) instead of every one.  A flag
    marks a preset whose paired ratio is below half (or whose view share is over a third by
    both figures)."""
    from bragkit.rules import preset_names

    names = ["modern", *(p for p in (only or preset_names()) if p != "modern")]
    for name in names:  # warm-up: the first repeat's game once, so that a one-time cost met
        run_table(name, players, decisions, seed, clock)  # late in it (a hand-ranking table
        # loaded when a dealer's choice first picks its variant) is not timed
    rates: dict[str, list[float]] = {name: [] for name in names}
    viewed: dict[str, list[float]] = {name: [] for name in names}
    paired: dict[str, list[float]] = {name: [] for name in names}
    for i in range(repeats):
        for name in names:
            if name != "modern":  # modern right before: a ratio the machine's drift spares
                s, d, _ = run_table("modern", players, decisions, seed + i, clock)
                next_to = d / s
            s, d, _ = run_table(name, players, decisions, seed + i, clock)
            rates[name].append(d / s)
            paired[name].append(1.0 if name == "modern" else d / s / next_to)
            if views:
                s, d, _ = run_table(name, players, decisions, seed + i, clock, views=True)
                viewed[name].append(d / s)
    base = statistics.median(rates["modern"])
    best = max(rates["modern"])
    print(f"every preset, {players} players, uniformly random legal policy "
          f"(median and best of {repeats}, {decisions:,} decisions each; on a shared machine "
          "the best run is the least disturbed; 'paired': the median of each run's ratio to "
          "a modern run made just before it)")
    extra = f" {'with views':>11} {'view share':>10} {'(best)':>7}" if views else ""
    print(f"{'preset':28} {'decisions/s':>12} {'vs modern':>10} {'best':>9} {'vs best':>8}"
          f" {'paired':>7}{extra}")
    for name in names:
        rate = statistics.median(rates[name])
        top = max(rates[name])
        pair = statistics.median(paired[name])
        flag = "" if name == "modern" or pair >= 0.5 else "  BELOW HALF"
        if views:
            vrate = statistics.median(viewed[name])
            share = max(0.0, 1 - vrate / rate)
            vshare = max(0.0, 1 - max(viewed[name]) / top)
            over = "  OVER A THIRD" if min(share, vshare) > 1 / 3 else ""
            flag = f" {vrate:11,.0f} {share:10.0%} {vshare:7.0%}{over}" + flag
        print(f"{name:28} {rate:12,.0f} {rate / base:9.2f}x {top:9,.0f} {top / best:7.2f}x"
              f" {pair:6.2f}x{flag}")


def _median(runs: list[Result]) -> tuple[float, float, float, float]:
    """(median decisions/s, min, max, median hands/s) of repeated runs."""
    rates = [d / s for s, d, _ in runs]
    return (statistics.median(rates), min(rates), max(rates),
            statistics.median([h / s for s, _, h in runs]))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--preset", default="modern")
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--decisions", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=12345)
    parser.add_argument("--pokerkit-hands", type=int, default=150)
    parser.add_argument("--openspiel-hands", type=int, default=3000)
    parser.add_argument("--views", action="store_true",
                        help="also time a bot that builds its seat view at every decision")
    parser.add_argument("--no-peers", action="store_true", help="skip PokerKit and OpenSpiel")
    parser.add_argument("--cpu-time", action="store_true",
                        help="time with process CPU time (robust on a busy shared machine)")
    parser.add_argument("--all", action="store_true",
                        help="every preset, with its ratio to modern Brag (no peers)")
    parser.add_argument("--presets", default=None, metavar="A,B,...",
                        help="with --all: only these presets (and modern)")
    args = parser.parse_args()
    only = None
    if args.presets is not None:
        from bragkit.rules import preset_names

        only = [p.strip() for p in args.presets.split(",") if p.strip()]
        unknown = [p for p in only if p not in preset_names()]
        if not args.all or not only or unknown:
            parser.error("--presets needs --all and known preset names"
                         + (f" (unknown: {', '.join(unknown)})" if unknown else ""))

    clock: Clock = time.process_time if args.cpu_time else time.perf_counter
    if args.all:
        bench_all(args.players, args.decisions, args.repeats, args.seed, clock, args.views, only)
        return
    run_brag(args.preset, args.players, 2000, args.seed)  # warm-up (ranking tables)
    plain: list[Result] = []
    viewed: list[Result] = []
    pk: list[Result] = []
    osp: list[Result] = []
    for i in range(args.repeats):  # interleaved, so a busy spell hits every engine alike
        seed = args.seed + i
        plain.append(run_brag(args.preset, args.players, args.decisions, seed, clock))
        if args.views:
            viewed.append(run_brag(args.preset, args.players, args.decisions, seed, clock,
                                   views=True))
        if not args.no_peers:
            if i == 0:  # warm-ups (lazy imports, tables)
                run_pokerkit(6, 5, seed)
                run_openspiel(50, seed)
            found = run_pokerkit(6, args.pokerkit_hands, seed, clock)
            if found is not None:
                pk.append(found)
            found = run_openspiel(args.openspiel_hands, seed, clock)
            if found is not None:
                osp.append(found)
    dps, lo, hi, hps = _median(plain)
    per_hand = statistics.median([d / max(h, 1) for _, d, h in plain])
    print(f"bragkit {args.preset}, {args.players} players, uniformly random legal policy"
          f" ({'CPU' if args.cpu_time else 'wall-clock'} time, median of {args.repeats})")
    print(f"  decisions/s: {dps:,.0f} (min {lo:,.0f}, max {hi:,.0f})")
    print(f"  hands/s:     {hps:,.0f}  ({per_hand:.1f} decisions per hand)")
    if viewed:
        vdps, vlo, vhi, _ = _median(viewed)
        share = 1 - vdps / dps if vdps < dps else 0.0
        print(f"  with a seat view per decision: {vdps:,.0f} decisions/s "
              f"(min {vlo:,.0f}, max {vhi:,.0f})")
        print(f"  view share of a bot decision: {share:.0%} (target <= 33%)")
    if args.no_peers:
        return
    for name, runs in (("pokerkit NLHE 6-max random (fold/call/min-raise)", pk),
                       ("openspiel universal_poker NLHE 6-max fcpa, random, from Python", osp)):
        if not runs:
            print(f"{name}: not installed (pip install -e '.[bench]')")
            continue
        rate, rlo, rhi, rhands = _median(runs)
        print(f"{name}: {rate:,.0f} decisions/s (min {rlo:,.0f}, max {rhi:,.0f}), "
              f"{rhands:,.0f} hands/s")
        print(f"  ratio bragkit/{name.split()[0]} (decisions/s): {dps / rate:.2f}x")


if __name__ == "__main__":
    main()
