"""The catalog of table states (issue 13), every one a REAL engine state: a table of the
named preset opened with a stacked pack (``bragkit.testing.fixtures.stacked_pack``), driven
by scripted moves through the public ``Table`` contract, and turned into the frames a seat
(or a spectator) receives by the card room's own projector (``bragkit.server.projector``)
and public seat facts (``bragkit.server.seats.SeatInfo``).  The page draws them exactly as
it draws a live frame (``window.bragModel.fromProtocol``).  The same fixtures feed the
screenshot, axe, leak and accessibility tests; ``hidden`` holds every card dealt to other
seats that the viewer has not been shown (this deal and the last), from the engine's own
``secret_cards``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from bragkit.cards import card_from_id
from bragkit.engine import Table, open_table
from bragkit.errors import BragError
from bragkit.rules import get_preset
from bragkit.server.projector import current_stacks, pot_of, public_view, seat_view
from bragkit.server.seats import SeatInfo, seat_label
from bragkit.testing.fixtures import stacked_pack
from bragkit.web.casino import CasinoDesks

Frame = dict[str, Any]
NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank")


@dataclass(frozen=True)
class Fixture:
    """One table state: the frames fed to the page in order (the last is the one shown),
    the viewer's seat (``None``: a spectator) and the cards it may not see."""

    name: str
    frames: tuple[Frame, ...]
    seat: int | None
    hidden: frozenset[str] = frozenset()
    error: str | None = None
    """A one-line error of the card room shown after the frames (an illegal action)."""
    page: str = "table"
    """``table`` (the table page) or ``casino`` (the casino desk page)."""
    tags: tuple[str, ...] = field(default=())

    @property
    def frame(self) -> Frame:
        """The frame (or casino desk view) shown."""
        return self.frames[-1]

    @property
    def view(self) -> Frame:
        """The projector's view in the frame shown."""
        out: Frame = self.frame["view"]
        return out


# ------------------------------------------------------------------------- driving games
def table(preset: str, hands: dict[int, str], moves: Iterable[str] = (), *, n: int = 3,
          stacks: Sequence[int] | None = None, dealer: int = 0, rest: str = "",
          **rules: Any) -> Table:
    """A ``preset`` table (house ``rules`` over it) whose first deal gives ``hands`` (seat ->
    cards), played through ``moves`` (``"p2 bet 2"``)."""
    r = get_preset(preset)
    if rules:
        r = r.replace(**rules)
    pack = stacked_pack(r, n, dealer, hands, rest=rest)
    t = open_table(r, list(stacks or [100] * n), dealer, pack=pack, seed=11)
    play(t, moves)
    return t


def play(t: Table, moves: Iterable[str]) -> Table:
    """Apply ``moves`` to ``t`` (each as the card room applies a seat's action)."""
    for m in moves:
        t.apply_text(m)
    return t


def refusal(t: Table, move: str) -> str:
    """The engine's one-line refusal of ``move`` (the card room's ``error`` frame text)."""
    try:
        play(t, [move])  # an illegal move raises before it changes the table
    except BragError as error:
        return str(error).splitlines()[0]
    raise AssertionError(f"{move} was legal")


# ------------------------------------------------------------------------- frames
def people(n: int, **over: SeatInfo) -> list[SeatInfo]:
    """The seats' occupants: a connected human per seat unless ``over`` (``p2=...``) says."""
    out = [SeatInfo(name=NAMES[i], token_hash=f"h{i}", connected=1, bank=60.0)
           for i in range(n)]
    for label, info in over.items():
        out[int(label[1:]) - 1] = info
    return out


def facts(t: Table, preset: str, who: list[SeatInfo], *, seq: int, timer: float | None,
          bank: float = 60.0, hands: int | None = None, status: str = "open",
          spectators: int = 0) -> Frame:
    """The table's public facts as the card room's ``summary`` writes them."""
    seat = t.to_act if not t.over else -1
    human = seat >= 0 and who[seat].kind == "human" and not who[seat].sitting_out
    return {
        "table": f"fx-{preset}", "preset": preset, "game": str(t.rules.game), "rules": preset,
        "seats": [s.public(i) for i, s in enumerate(who)], "hands": hands,
        "hands_played": t.deal_no,
        "stacks": current_stacks(t), "pot": pot_of(t), "finished": t.over, "status": status,
        "to_act": seat_label(seat) if seat >= 0 else None, "seq": seq,
        "timer": {"seat": seat_label(seat), "seconds": timer, "bank": bank}
        if human and timer is not None else None,
        "requests": 0, "spectators": spectators,
        "buy_in": {"min": 100, "max": 100},
        "playing_on": hands is not None and t.deal_no >= hands and t.carried > 0 and not t.over
        and status == "open",
    }


def frame(t: Table, preset: str, seat: int | None, *, seq: int = 10, who: list[SeatInfo]
          | None = None, timer: float | None = 30.0, bank: float = 60.0, **more: Any) -> Frame:
    """The ``state`` frame the card room sends ``seat`` (``None``: a spectator) now."""
    who = who if who is not None else people(t.n)
    view = seat_view(t, seat) if seat is not None else public_view(t)
    return {"t": "state", "seq": seq, "gap": False,
            "table": facts(t, preset, who, seq=seq, timer=timer, bank=bank, **more),
            "view": view, "log": []}


def _text(ids: Iterable[int]) -> set[str]:
    return {str(card_from_id(c)) for c in ids}


def _seen(state: Any, seat: int | None) -> set[int]:
    """Cards the events of ``state`` showed to ``seat`` (``None``: to everybody)."""
    out: set[int] = set()
    for e in state.events:
        if e.cards and (e.visible_to is None or (seat is not None and seat in e.visible_to)):
            out.update(e.cards)
    return out


def _secret(state: Any, seat: int | None) -> set[int]:
    if state is None:
        return set()
    if seat is not None:
        return set(state.secret_cards(seat)) - _seen(state, seat)
    out: set[int] = set()
    for s in range(len(state.stacks)):
        out |= set(state.secret_cards(s))
    return out - _seen(state, None)


def hidden_from(t: Table, seat: int | None) -> frozenset[str]:
    """The cards ``seat`` may not find in its frames or page: the secrets of the deal in
    progress and of the last finished deal, less what the deal in progress showed it."""
    now = t.state if t.state is not None and not t.over else None
    last = t.last_final
    ids = _secret(now, seat) | (_secret(last, seat) - (_seen(now, seat) if now else set()))
    return frozenset(_text(ids))


def fx(name: str, t: Table, preset: str, seat: int | None, *, before: Sequence[Frame] = (),
       error: str | None = None, **frame_args: Any) -> Fixture:
    """The fixture of ``t`` as ``seat`` receives it."""
    f = frame(t, preset, seat, **frame_args)
    return Fixture(name, (*before, f), seat, hidden_from(t, seat), error=error)


# ------------------------------------------------------------------------- the states
BOB = 1
SEE_HANDS = {0: "9d 3c 8h", 1: "Kh Kd 4c", 2: "5c 6d 2s"}
OPENING = ["p2 bet 2", "p3 fold", "p1 look"]
"""Bob bets blind, Carol folds, Alice (the dealer) looks: open against blind."""


def _modern() -> list[Fixture]:
    out: list[Fixture] = []
    t = table("modern", SEE_HANDS)
    out.append(fx("blind-first-to-act", t, "modern", BOB))
    out.append(fx("waiting-for-another", play(table("modern", SEE_HANDS), ["p2 bet 2"]),
                  "modern", BOB))
    t = table("modern", SEE_HANDS, OPENING)
    out.append(fx("open-cannot-see-blind", t, "modern", 0))
    t = table("modern", SEE_HANDS, [*OPENING, "p1 bet 4", "p2 look"])
    out.append(fx("see-on-offer", t, "modern", BOB))
    out.append(fx("spectator", t, "modern", None, spectators=1))
    out.append(fx("disconnected-player", t, "modern", 0, before=[frame(t, "modern", 0)],
                  who=people(3, p2=SeatInfo(name="Bob", token_hash="h1", connected=0,
                                            bank=0.0)), timer=12.0, bank=0.0))
    out.append(fx("timer-running-out", t, "modern", BOB, before=[frame(t, "modern", BOB)],
                  timer=3.0, bank=0.0))
    won = play(table("modern", SEE_HANDS, [*OPENING, "p1 bet 4", "p2 look"]), ["p2 see"])
    out.append(fx("see-won", won, "modern", BOB))
    out.append(fx("see-won-spectator", won, "modern", None))
    lost = table("modern", {0: "Qs Qc 2h", 1: "9s 9c 6d", 2: "5c 4d 2s"},
                 [*OPENING, "p1 bet 4", "p2 look", "p2 see"])
    out.append(fx("see-lost-own-hand-shown", lost, "modern", BOB))
    tie = table("modern", {0: "Ah Kc Qd", 1: "As Kd Qs", 2: "5c 6d 2s"},
                [*OPENING, "p1 bet 4", "p2 look", "p2 see"])
    out.append(fx("seer-loses-tie", tie, "modern", BOB))
    heads = table("modern", {0: "Jh Jd 5s", 1: "8c 7c 2d"}, ["p1 look", "p1 bet 4"], n=2,
                  dealer=1, stacks=[120, 80])
    out.append(fx("heads-up-blind-vs-open", heads, "modern", 1))
    fold = table("modern", SEE_HANDS, ["p2 look", "p2 bet 3", "p3 fold", "p1 fold"])
    out.append(fx("fold-out-win", fold, "modern", BOB))
    carry = table("modern", {1: "7h 7s 2c"}, ["p2 bet 2", "p3 fold", "p1 fold"])
    out.append(fx("blind-winner-retain-or-release", carry, "modern", BOB))
    play(carry, ["p2 retain"])
    out.append(fx("carried-pot-seen-by-another", carry, "modern", 2))
    play(carry, ["p3 bet 1", "p1 look", "p1 bet 2"])
    out.append(fx("carried-pot-two-blind-hands", carry, "modern", BOB))
    play(carry, ["p2 look old"])
    out.append(fx("retained-hand-looked", carry, "modern", BOB))
    show = table("modern", SEE_HANDS, ["p2 look", "p2 bet 4", "p3 look", "p3 showdown"])
    out.append(fx("showdown-proposed", show, "modern", 0))
    six = table("modern", {1: "Ts 9s 8s"}, n=6, dealer=5)
    out.append(fx("six-seats", six, "modern", BOB))
    return out


COVER_HANDS = {0: "9d 3c 8h", 1: "Ad Ac 3h", 2: "Js Th 9s", 3: "5h 5d Kc"}
COVER_MOVES = ["p2 look", "p2 bet 4", "p3 look", "p3 bet 8", "p4 look", "p4 bet 8", "p1 fold"]


def _money() -> list[Fixture]:
    out: list[Fixture] = []
    short = [100, 10, 100, 100]
    t = table("modern-cover", COVER_HANDS, COVER_MOVES, n=4, stacks=short)
    out.append(fx("cover-offered", t, "modern-cover", BOB))
    play(t, ["p2 cover"])
    out.append(fx("covered-pot", t, "modern-cover", 2))
    t = table("modern-lend", SEE_HANDS, ["p2 look", "p2 bet 4", "p3 look", "p3 bet 8",
                                         "p1 fold"], stacks=[100, 10, 100])
    out.append(fx("lend-or-show", t, "modern-lend", BOB))
    t = table("modern-pot-limit", SEE_HANDS, [*OPENING, "p1 bet 4", "p2 look"])
    out.append(fx("pot-limit", t, "modern-pot-limit", BOB))
    out.append(fx("illegal-bet-refused", t, "modern-pot-limit", BOB,
                  error=refusal(t, "p2 bet 50")))
    t = table("modern-stub", SEE_HANDS, ["p2 look"])
    out.append(fx("face-up-stub", t, "modern-stub", BOB))
    t = table("modern-jokers", {0: "9d 3c 8h", 1: "X1 7d 7c", 2: "5c 6d 2s"}, ["p2 look"])
    out.append(fx("jokers-wild", t, "modern-jokers", BOB))
    t = table("modern-4card", {0: "9d 3c 8h 4d", 1: "Kh Kd 4c Qs", 2: "5c 6d 2s 3h"},
              ["p2 look"])
    out.append(fx("four-card-brag", t, "modern-4card", BOB))
    away = table("modern", SEE_HANDS)
    out.append(fx("sitting-out-away", away, "modern", BOB, who=people(
        3, p1=SeatInfo(name="Alice", token_hash="h0", sitting_out=True, connected=1),
        p3=SeatInfo(bot="heuristic"))))
    return out


def _others() -> list[Fixture]:
    out: list[Fixture] = []
    am = table("american", {0: "2c 7d 8s", 1: "9d Jc 5h", 2: "Kh Kd 4c", 3: "6c 6h Qs"},
               ["p4 ante 2", "p1 call", "p2 raise 3", "p3 call"], n=4, dealer=3)
    out.append(fx("american-private-exchange", am, "american", BOB))
    out.append(fx("american-exchange-not-yours", am, "american", 0))
    out.append(fx("american-spectator", am, "american", None))
    cw = table("commerce-widow", {0: "Qd Qh 3s", 1: "9s 8d 2h", 2: "Ac 5d 7h"})
    out.append(fx("commerce-dealer-privilege", cw, "commerce-widow", 0))
    play(cw, ["p1 keep"])
    out.append(fx("commerce-widow-exchange", cw, "commerce-widow", BOB))
    play(cw, [_exchange(cw, BOB)])
    out.append(fx("commerce-widow-lives", cw, "commerce-widow", 2))
    co = table("commerce", {0: "Qd Qh 3s", 1: "9s 8d 2h", 2: "Ac 5d 7h"},
               ["p2 trade 2h", "p2 pass", "p3 barter 7h"])
    out.append(fx("commerce-trade-barter", co, "commerce", 0))
    tp = table("teen-patti", {0: "Ah Kh Qh", 1: "Kc 9c 4c", 2: "2c 7d 8s"},
               ["p2 look", "p2 bet 2", "p3 look", "p3 bet 2", "p1 look"])
    out.append(fx("teen-patti-side-show-offered", tp, "teen-patti", 0))
    play(tp, ["p1 sideshow 2"])
    out.append(fx("teen-patti-side-show-asked", tp, "teen-patti", 2))
    play(tp, ["p3 accept"])
    out.append(fx("teen-patti-side-show-result", tp, "teen-patti", 0))
    out.append(fx("side-show-spectator", tp, "teen-patti", None))
    bp = table("brag-poker", {0: "Ts Tc 4d", 1: "Ah 9c 3s", 2: "Qd Jd 8c"})
    out.append(fx("brag-poker-blinds", bp, "brag-poker", 0))
    ts = table("three-stake", {})
    out.append(fx("three-stake-pools", ts, "three-stake", _first_human(ts)))
    fo = table("foster", {0: "Qs Qh 9c", 1: "Jd Ts 9d", 2: "4h 4s 2d"}, ["p1 ante 2"])
    out.append(fx("foster-brag", fo, "foster", fo.to_act))
    return out


def _table_end() -> list[Fixture]:
    """The card room's side of a table's life: waiting for its seats, playing on past its
    deals for a carried pot, and the end with the carried pot split (the card room's
    ``close`` log item, as ``TableRuntime.public_item`` writes it)."""
    out: list[Fixture] = []
    t = table("modern", {1: "7h 7s 2c"})
    who = people(3, p3=SeatInfo(), p1=SeatInfo(name="Alice", token_hash="h0"))
    wait = frame(t, "modern", BOB, who=who, timer=None)
    wait["view"] = {"deal": None, "seat": "p2", "legal": [], "live": False}  # no deal yet
    wait["table"].update(status="waiting", to_act=None, stacks=[100, 100, 100], pot=0)
    out.append(Fixture("waiting-for-seats", (wait,), BOB))
    carry = table("modern", {1: "7h 7s 2c"}, ["p2 bet 2", "p3 fold", "p1 fold", "p2 release"])
    out.append(fx("play-on-for-carried-pot", carry, "modern", 2, hands=1))
    split = _split(list(carry.stacks), carry.carried, carry.dealer)
    if split is not None:
        end = frame(carry, "modern", 2, hands=1, status="finished", timer=None)
        end["view"] = seat_view(carry, 2, finished=True)
        parts = ", ".join(f"p{s + 1} {n}" for s, n in enumerate(split) if n)
        end["table"].update(finished=True, to_act=None, pot=0,
                            stacks=[a + b for a, b in zip(carry.stacks, split, strict=True)])
        end["log"] = [{"seq": 9, "kind": "close", "op": "finished", "reason": "hands played; "
                       f"the carried pot of {sum(split)} chips is split: {parts}"}]
        out.append(Fixture("table-end-carried-pot-split", (end,), 2, hidden_from(carry, 2)))
    return out


def _split(stacks: list[int], carried: int, dealer: int) -> list[int] | None:
    """The card room's split of a carried pot at the table's end (None before the card
    room has one: engineer E's ``bragkit.server.carried``)."""
    try:
        from bragkit.server.carried import split_carried
    except ImportError:
        return None
    return split_carried(stacks, carried, dealer, 1)


def _first_human(t: Table) -> int:
    return t.to_act if t.to_act >= 0 else 0


def _exchange(t: Table, seat: int) -> str:
    la = next(a for a in t.legal_actions() if str(a.kind) == "exchange")
    return f"{seat_label(seat)} exchange {la.args[0]}"


def _casino() -> list[Fixture]:
    desks = CasinoDesks(rng=random.Random(5))
    token, _ = desks.open("casino", 100)
    desks.act(token, "ante 10")
    view = desks.act(token, "deal")
    desk = desks.desks[token]
    dealer = _text(c.id for c in desk.state.cards) - set(str(view["own_cards"]).split())
    out = [Fixture("casino-decision", ({"view": view},), 0, frozenset(dealer), page="casino")]
    done = desks.act(token, "play")
    out.append(Fixture("casino-result-optimal", ({"view": done},), 0, page="casino"))
    return out


CASINO_PACKS = ("Qs 6h 4d  Kd 9s 2c  8h 8c 3s  Qh 7d 2s",
                "As Ks Qd Jh 5c 5d 6c 6d 7c 7h 9c 9d")
"""A card-room casino table of three: Alice Q-6-4, Bob K-9-2, Carol a pair of eights; the
dealer Q-7-2 (he qualifies with Q-high); then the next hand's cards (none of them shown)."""


def _casino_room() -> list[Fixture]:
    """A card-room casino table (issue 12): each seat against the dealer, the dealer's hand
    face down until the decisions are made; then the next hand with the last one's result,
    the dealer's and the played hands shown, and the optimal decision on Alice's cards."""
    from bragkit.cards import parse_cards, standard_pack
    from bragkit.games.casino.rules import CasinoRules
    from bragkit.games.casino.seats import CasinoSeatsSession

    def whole(text: str) -> tuple[int, ...]:
        top = [c.id for c in parse_cards(text)]
        return (*top, *(c.id for c in standard_pack() if c.id not in set(top)))

    first, second = whole(CASINO_PACKS[0]), whole(CASINO_PACKS[1])
    t = CasinoSeatsSession(CasinoRules.preset("casino"), [100] * 3, pack=first,
                           shuffles=[second])
    bets = ["p1 ante 10", "p1 deal", "p2 ante 10", "p2 pairbonus 5", "p3 ante 10", "p3 deal"]
    for m in bets:
        t.apply_text(m)
    table_of: Any = t  # the card room's Table contract (casino's rules are its own value)
    out = [fx("casino-room-decision", table_of, "casino", 0)]
    for m in ("p1 play", "p2 fold", "p3 play"):
        t.apply_text(m)
    final = t.last_final
    assert final is not None
    coming = _text(second[:12])  # the next hand's cards, to be dealt
    for seat, name in ((0, "casino-room-last-hand"), (None, "casino-room-spectator")):
        f = frame(table_of, "casino", seat)
        hidden = (_text(_secret(final, seat)) | coming) - _text(_seen(final, seat))
        out.append(Fixture(name, (f,), seat, frozenset(hidden)))
    return out


def build() -> tuple[Fixture, ...]:
    """Every fixture of the catalog (built once per test process)."""
    return (*_modern(), *_money(), *_others(), *_table_end(), *_casino(), *_casino_room())


FIXTURES: tuple[Fixture, ...] = build()


def by_name(name: str) -> Fixture:
    """The fixture called ``name``."""
    return next(f for f in FIXTURES if f.name == name)


def with_frame(f: Fixture, **view: Any) -> Fixture:
    """``f`` with fields of its last view replaced (for tests of the renderer only)."""
    last = {**f.frame, "view": {**f.view, **view}}
    return replace(f, frames=(*f.frames[:-1], last))
