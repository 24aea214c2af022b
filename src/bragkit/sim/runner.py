"""Simulating many deals between bots, split into seeded blocks so any split gives one answer.

A job of ``hands`` deals is cut into blocks of ``block`` deals.  Block ``i`` is played by a
fresh table and fresh bots, from seeds that depend only on ``(seed, i)``; so the same seed
gives the same result whether the blocks run in one process, in ``N`` processes
(:func:`run_blocks` with ``jobs=N``) or on a Ray cluster
(:mod:`bragkit.sim.ray_backend`).  Seating rotates with the block number, and each group of
``players`` consecutive blocks shares its cards seed (a *duplicate* format: every bot sits in
every seat with the same packs), which takes much of the luck of the cards out of the
comparison.

Inside a block, deals follow one another at one table (so the unshuffled pack carries over);
when a stack falls below a quarter of the starting stack between deals and no pot is being
carried, every seat is topped up to the starting stack and play goes on with the same pack.
Nets are counted from the stacks, so they sum to minus the chips left on the table (a pot
carried at the end of a block, reported as ``pot``).

>>> from bragkit.rules import get_preset
>>> cfg = SimConfig(get_preset("modern"), ("heuristic", "random"), hands=40, seed=1, block=20)
>>> a = run_blocks(cfg, jobs=1)
>>> [r.hands for r in a]
[20, 20]
>>> sum(sum(r.net) for r in a) + sum(r.pot for r in a)
0
"""

from __future__ import annotations

import math
import multiprocessing
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from bragkit.bots.base import Bot, begin_deal, end_deal
from bragkit.engine import table_view
from bragkit.engine.pack import new_rng
from bragkit.engine.table import Table, open_table
from bragkit.errors import BragError, RulesError, excerpt
from bragkit.limits import MAX_SEATS, is_whole_number, parse_int
from bragkit.rules import Rules
from bragkit.sim.policies import sim_bot

__all__ = ["BlockResult", "SimConfig", "block_count", "run_block", "run_blocks"]

MAX_DECISIONS_PER_DEAL = 20_000


def fresh_seed() -> int:
    """A new simulation seed from the system's entropy (no default seed), 0..2**63-1.

    >>> 0 <= fresh_seed() < 2**63
    True
    """
    return new_rng().randrange(2**63)


@dataclass(frozen=True, slots=True)
class SimConfig:
    """One simulation job: the rules, the bots (one per seat), how many deals, the seed."""

    rules: Rules
    bots: tuple[str, ...]
    hands: int
    seed: int = field(default_factory=fresh_seed)
    """The seed of the cards and bots (default: a fresh unpredictable one, reported with
    the results so the run can be repeated)."""
    block: int = 100
    stack: int = 200
    trace: bool = False

    def __post_init__(self) -> None:
        problems = []
        if len(self.bots) < 2:
            problems.append("need at least two bots")
        if len(self.bots) > self.rules.max_players():
            problems.append(f"{len(self.bots)} bots is too many for this game "
                            f"(at most {self.rules.max_players()})")
        if self.hands < 1:
            problems.append("need at least one hand")
        if self.block < 1:
            problems.append("block must be >= 1")
        if self.stack < max(4 * self.rules.ante, 4):
            problems.append("the starting stack is too small")
        if problems:
            raise RulesError("bad simulation: " + "; ".join(problems))


@dataclass(slots=True)
class BlockResult:
    """What one block produced, per bot (indexed as in :attr:`SimConfig.bots`)."""

    index: int
    hands: int
    net: list[int]
    dealt: list[int]
    wins: list[int]
    sees: list[int]
    folds: list[int]
    decisions: list[int]
    pot: int = 0
    trace: list[tuple[int, ...]] = field(default_factory=list)
    blinds: list[int] = field(default_factory=list)
    """Deals in which the bot made at least one blind bet (brag-style games)."""
    blind_bets: list[int] = field(default_factory=list)
    """Blind bets the bot made (brag-style games)."""
    blind_ends: list[int] = field(default_factory=list)
    """Deals in which the bot bet blind and never looked (blind to the end)."""


def block_count(config: SimConfig) -> int:
    """How many blocks the job has."""
    return math.ceil(config.hands / config.block)


def _deal_stats(result: BlockResult, session: Table, bot_of_seat: list[int],
                trace: bool) -> None:
    final = session.last_final
    first = final.first()
    nets = [0] * len(result.net)
    for seat, b in enumerate(bot_of_seat):
        if first.status[seat] == "out":
            continue
        result.dealt[b] += 1
        nets[b] = final.stacks[seat] - first.stacks[seat] - first.paid[seat] - final.bought[seat]
        if seat in final.winners:
            result.wins[b] += 1
    for seat, action in final.actions:
        if action.kind == "see":
            result.sees[bot_of_seat[seat]] += 1
        elif action.kind == "fold":
            result.folds[bot_of_seat[seat]] += 1
    blind = [e.seat for e in final.events if e.kind == "bet" and e.note == "blind"]
    looked = {e.seat for e in final.events if e.kind == "look"}
    for seat in set(blind):
        if seat is not None:
            result.blinds[bot_of_seat[seat]] += 1
            if seat not in looked:
                result.blind_ends[bot_of_seat[seat]] += 1
    for seat in blind:
        if seat is not None:
            result.blind_bets[bot_of_seat[seat]] += 1
    if trace:
        result.trace.append(tuple(nets))


def run_block(config: SimConfig, index: int) -> BlockResult:
    """Play block ``index`` of ``config`` (deterministic in ``(config, index)``)."""
    n = len(config.bots)
    start = index * config.block
    hands = min(config.block, config.hands - start)
    if hands <= 0:
        raise BragError(f"block {index} is beyond the job's {config.hands} hands")
    rules = config.rules
    rot = index % n
    bot_of_seat = [(seat + rot) % n for seat in range(n)]
    deal_rng = random.Random(f"bragkit-sim-cards:{config.seed}:{index // n}")
    bot_rng = random.Random(f"bragkit-sim-bots:{config.seed}:{index}")
    bots: list[Bot] = [sim_bot(config.bots[b], rules) for b in bot_of_seat]
    bots_rules = rules
    result = BlockResult(index, hands, [0] * n, [0] * n, [0] * n, [0] * n, [0] * n, [0] * n,
                         blinds=[0] * n, blind_bets=[0] * n, blind_ends=[0] * n)
    low = config.stack // 4

    def new_session(dealer: int, pack: tuple[int, ...] | None) -> Table:
        return open_table(rules, [config.stack] * n, dealer, rng=deal_rng, pack=pack)

    session = new_session(0, None)
    continued = False  # the session's first pack is the previous session's (not shuffled)
    packs_seen = 0

    def close(s: Table) -> None:
        for seat, b in enumerate(bot_of_seat):
            result.net[b] += s.stacks[seat] - s.start_stacks[seat] - s.bought[seat]
        result.pot += s.carried

    played = 0
    while played < hands:
        first = table_view(session, 0)  # (None between deals; no state is built)
        if first is not None:
            if session.rules != bots_rules:  # dealer's choice: the variant is announced
                bots_rules = session.rules
                bots = [sim_bot(config.bots[b], bots_rules) for b in bot_of_seat]
            shuffled = session.packs_count > packs_seen and not continued
            packs_seen = session.packs_count
            for seat, bot in enumerate(bots):
                seen = first if seat == 0 else table_view(session, seat)
                assert seen is not None
                begin_deal(bot, seen, shuffled)
        continued = False
        deal_no = session.deal_no
        steps = 0
        while session.deal_no == deal_no and not session.over:
            seat = session.to_act
            legal = session.legal_actions()
            view = table_view(session, seat)  # from the deal's machine: no state is built
            if view is None:
                view = session.last_final.view(seat)
            action = bots[seat].act(view, legal, bot_rng)
            session.apply_move(seat, action)
            result.decisions[bot_of_seat[seat]] += 1
            steps += 1
            if steps > MAX_DECISIONS_PER_DEAL:
                raise BragError(f"block {index}: a deal did not end after {steps} decisions")
        if session.deal_no == deal_no:  # over before a deal could start (dealer's choice)
            if deal_no == 0 and session.over:
                raise BragError(
                    f"no deal can start at a {rules.game} table with stacks of {config.stack}: "
                    "every seat is too short for the stakes (raise --stack or lower the stakes)")
            close(session)
            session = new_session(session.dealer, None)
            packs_seen = 0
            continue
        played += 1
        _deal_stats(result, session, bot_of_seat, config.trace)
        final = session.last_final
        for seat, bot in enumerate(bots):
            end_deal(bot, final.view(seat))
        if played >= hands:
            break
        short = min(session.stacks) < low
        if session.over or (short and session.carried == 0 and not final.retained):
            close(session)
            keep = (rules.pack_policy == "brag_unshuffled" and not final.shuffle_next
                    and not session.over and len(final.pack) == session.base_rules.pack_size)
            session = new_session(session.dealer, final.pack if keep else None)
            continued = keep
            packs_seen = 0
    close(session)
    return result


def _work(args: tuple[SimConfig, int]) -> BlockResult:
    return run_block(*args)


def run_blocks(config: SimConfig, jobs: int = 1,
               progress: Callable[[int], None] | None = None) -> list[BlockResult]:
    """Run every block, in ``jobs`` processes; the results come back in block order.

    ``progress`` is called with the number of hands of each finished block.
    """
    indices = range(block_count(config))
    results: list[BlockResult] = []
    if jobs <= 1 or len(indices) == 1:
        for i in indices:
            r = run_block(config, i)
            results.append(r)
            if progress:
                progress(r.hands)
    else:
        ctx = multiprocessing.get_context("fork" if "fork" in
                                          multiprocessing.get_all_start_methods() else None)
        with ctx.Pool(min(jobs, len(indices))) as pool:  # no idle processes
            it: Iterator[BlockResult] = pool.imap_unordered(_work, [(config, i) for i in indices])
            for r in it:
                results.append(r)
                if progress:
                    progress(r.hands)
    results.sort(key=lambda r: r.index)
    return results


def parse_bots(text: str | Sequence[str]) -> tuple[str, ...]:
    """``"heuristic,random*3"`` -> ``("heuristic", "random", "random", "random")``.

    >>> parse_bots("heuristic,random*2")
    ('heuristic', 'random', 'random')
    """
    items = text.split(",") if isinstance(text, str) else list(text)
    shown = excerpt(text)
    counts: list[tuple[str, int]] = []
    total = 0
    for item in items:
        name, _, times = item.strip().partition("*")
        if not name:
            raise RulesError(f"bad --bots {shown}: empty bot name")
        if times and not is_whole_number(times):
            raise RulesError(f"bad --bots {shown}: {excerpt(item)} must be NAME or NAME*COUNT")
        count = parse_int(times, f"bad --bots {shown}", 1, MAX_SEATS, RulesError) \
            if times else 1
        total += count
        if total > MAX_SEATS:  # refused before any list is built
            raise RulesError(f"bad --bots {shown}: at most {MAX_SEATS} bots")
        counts.append((name, count))
    return tuple(name for name, count in counts for _ in range(count))
