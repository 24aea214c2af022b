"""The catalog of table states (issue 13): table messages as the page receives them
(docs/web.md, "The table message"), each named after what it shows.  The same fixtures feed
the screenshot, axe and leak tests.  ``hidden`` lists cards dealt to other seats that the
viewer must never find in the page.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Msg = dict[str, Any]


@dataclass(frozen=True)
class Fixture:
    """One table state: its message and the cards the viewer may not see."""

    name: str
    message: Msg
    hidden: tuple[str, ...] = ()
    tags: tuple[str, ...] = field(default=())


def seat(name: str, stack: int, *, status: str = "in", looked: bool = False, put_in: int = 0,
         last: str | None = None, **extra: Any) -> Msg:
    """One seat of a message."""
    return {"name": name, "stack": stack, "status": status, "looked": looked,
            "put_in": put_in, "last": last, **extra}


def act(kind: str, cost: int = 0, *, lo: int | None = None, hi: int | None = None,
        cost_hi: int | None = None, **extra: Any) -> Msg:
    """One offered action with its exact price."""
    return {"kind": kind, "lo": lo, "hi": hi, "cost_lo": cost,
            "cost_hi": cost if cost_hi is None else cost_hi, **extra}


def base(**over: Any) -> Msg:
    """A modern Brag deal of three seats, p2 (you, seat 1) to act, blind."""
    m: Msg = {
        "title": "Friday Brag", "subtitle": "modern Brag · deal 3", "game": "modern",
        "hand_no": 3, "you": 1, "dealer": 0, "to_act": 1, "pot": 3, "stake": 2,
        "hand_size": 3,
        "seats": [seat("Alice", 98, put_in=1, last="ante 1"),
                  seat("Bob", 99, put_in=1, last="ante 1"),
                  seat("Carol", 99, put_in=1, last="ante 1")],
        "own": {"cards": None, "stay_in": "to stay in: 1 (bet; you are blind: a blind bet "
                                          "counts double)"},
        "actions": [act("look", meaning="look at your cards (you stop playing blind)"),
                    act("bet", 1, lo=1, hi=10, cost_hi=10, label="bet",
                        note="you are blind: a blind bet counts double"),
                    act("fold", meaning="give up this deal")],
        "why_not": [{"kind": "see", "reason": "see needs a bet first (rules 4.4.2)"}],
        "timer": {"ms": 24000, "total_ms": 30000, "bank_ms": 60000},
        "log": ["deal 3: Alice deals", "everybody antes 1"],
        "result": [],
    }
    m.update(over)
    return m


def _you(m: Msg, **over: Any) -> Msg:
    """``m`` with your seat (seat 1) changed."""
    seats = [dict(s) for s in m["seats"]]
    seats[m["you"]].update(over)
    return {**m, "seats": seats}


def _seats(m: Msg, *changes: dict[str, Any]) -> list[Msg]:
    return [{**s, **c} for s, c in zip(m["seats"], changes, strict=True)]


B = base()
OPEN_ACTS = [act("bet", 4, lo=4, hi=20, cost_hi=20), act("see", 8, label="see"),
             act("fold")]
LOOKED = _you(B, looked=True, last="look")
LOOKED = {**LOOKED, "own": {"cards": "Kh Kd 4c", "hand_name": "Pair of kings, four kicker",
                            "stay_in": "to stay in: 4 (bet)"},
          "stake": 4, "pot": 7,
          "seats": _seats(LOOKED, {"put_in": 3, "last": "bet 2 (blind)", "stack": 96},
                          {}, {"put_in": 1, "last": "fold", "status": "folded"}),
          "actions": [act("bet", 4, lo=4, hi=20, cost_hi=20), act("fold")],
          "why_not": [{"kind": "see", "reason": "you cannot see a blind man: Alice is blind "
                                                "(rules 4.4.3)"}],
          "log": [*B["log"], "Carol folds", "Alice bets 2 blind (counts as 4)", "you look"]}

SEE_ON_OFFER = {**LOOKED,
                "seats": _seats(LOOKED, {"looked": True, "last": "bet 4", "put_in": 5,
                                         "stack": 94}, {}, {}),
                "stake": 4, "pot": 9,
                "actions": OPEN_ACTS, "why_not": [],
                "log": [*LOOKED["log"], "Alice looks", "Alice bets 4"]}


def _over(m: Msg, result: list[str], **over: Any) -> Msg:
    return {**m, "over": True, "to_act": None, "actions": [], "why_not": [], "timer": None,
            "result": result, "next_in": 5, **over}


SEE_WON = _over(
    SEE_ON_OFFER,
    ["Alice shows 9d 3c 8h: High card 9-8-3", "you show Kh Kd 4c: Pair of kings, four kicker",
     "you saw Alice and win: your Pair of kings, four kicker beats Alice's High card 9-8-3"],
    seats=_seats(SEE_ON_OFFER, {"cards": "9d 3c 8h", "hand_name": "High card 9-8-3"},
                 {"stack": 117, "last": "see 8", "put_in": 9,
                  "cards": "Kh Kd 4c", "hand_name": "Pair of kings, four kicker"}, {}),
    pot=0, log=[*SEE_ON_OFFER["log"], "you see Alice (8)", "you win 17 chips"])

SEE_LOST = _over(
    SEE_ON_OFFER,
    ["Alice shows Qs Qc 2h: Pair of queens, two kicker",
     "you saw Alice and lost: Alice's Pair of queens, two kicker beats your Pair of nines, "
     "six kicker. Your hand was Pair of nines, six kicker (9s 9c 6d), not shown"],
    own={"cards": "9s 9c 6d", "hand_name": "Pair of nines, six kicker"},
    seats=_seats(SEE_ON_OFFER, {"cards": "Qs Qc 2h", "hand_name": "Pair of queens, two kicker",
                                "stack": 111},
                 {"stack": 83, "last": "see 8", "put_in": 16,
                  "cards": "9s 9c 6d", "hand_name": "Pair of nines, six kicker"}, {}),
    pot=0, log=[*SEE_ON_OFFER["log"], "you see Alice (8)", "Alice wins 17 chips"])

SEER_TIE = _over(
    SEE_ON_OFFER,
    ["Alice shows Ah Kc Qd: High card A-K-Q", "you show As Kd Qs: High card A-K-Q",
     "you saw Alice and tied: the seer loses ties, so Alice takes the pot (17 chips)"],
    own={"cards": "As Kd Qs", "hand_name": "High card A-K-Q"},
    seats=_seats(SEE_ON_OFFER, {"cards": "Ah Kc Qd", "hand_name": "High card A-K-Q"},
                 {"cards": "As Kd Qs", "hand_name": "High card A-K-Q", "last": "see 8"}, {}),
    pot=0)

CARRIED = base(
    subtitle="modern Brag · deal 4 · carried pot", hand_no=4, pot=21, carried=18,
    seats=[seat("Alice", 90, put_in=1, last="ante 1"),
           seat("Bob", 88, put_in=1, last="ante 1",
                hands=[{"label": "old (retained)", "cards": None},
                       {"label": "new", "cards": None}]),
           seat("Carol", 95, put_in=1, last="ante 1")],
    own={"text": "two blind hands: old (retained from the last deal) and new, both face "
                 "down"},
    actions=[act("look", args=["old", "new"], label="look",
                 meaning="look at your retained (old) blind hand or your new one"),
             act("bet", 1, lo=1, hi=10, cost_hi=10, note="you are blind: a blind bet counts "
                                                       "double"),
             act("fold")],
    log=["deal 4: the pot of 18 chips is carried from deal 3",
         "you retained your blind hand", "everybody antes 1"])

RETAINED_LOOKED = {
    **CARRIED,
    "seats": _seats(CARRIED, {}, {"hands": [{"label": "old (retained), looked at",
                                             "cards": "7h 7s 2c"},
                                            {"label": "new, not seen", "cards": None}]}, {}),
    "own": {"text": "old (retained) hand 7h 7s 2c (looked at); new hand face down, not seen: "
                    "keep or throw", "cards": "7h 7s 2c", "hand_name": "Pair of sevens"},
    "actions": [act("keep", meaning="play the hand you looked at"),
                act("throw", meaning="play the other one, sight unseen")]}

COVERED = base(
    subtitle="modern Brag · covered pot", pot=14, stake=4,
    frozen=[{"amount": 12, "by": "Carol"}],
    seats=[seat("Alice", 60, looked=True, put_in=9, last="bet 4"),
           seat("Bob", 64, looked=True, put_in=9, last="bet 4"),
           seat("Carol", 0, status="covered", looked=True, put_in=12, last="cover 8")],
    own={"cards": "Js Th 9s", "hand_name": "Run J-10-9", "stay_in": "to stay in: 4 (bet)"},
    actions=OPEN_ACTS,
    why_not=[], log=["Carol covers with her last 8 chips: the pot of 12 is frozen for her"])

COVER_OFFERED = _you(base(pot=30, stake=8), looked=True, stack=6, put_in=12)
COVER_OFFERED = {**COVER_OFFERED,
                 "own": {"cards": "Ad Ac 3h", "hand_name": "Pair of aces"},
                 "actions": [act("cover", 6, meaning="put in all your chips: the pot so far "
                                                     "is frozen for your hand"), act("fold")],
                 "why_not": [{"kind": "bet", "reason": "a bet of 8 needs 8 chips; you have 6"}]}

STUB = base(stub="Qs", subtitle="modern Brag · face-up stub")
SPECTATOR = {**SEE_ON_OFFER, "you": None, "own": None, "actions": [], "why_not": [],
             "seats": _seats(SEE_ON_OFFER, {}, {"name": "Bob"}, {})}
DISCONNECTED = {**SEE_ON_OFFER, "to_act": 0, "actions": [], "why_not": [],
                "seats": _seats(SEE_ON_OFFER, {"connected": False}, {}, {}),
                "timer": {"ms": 12000, "total_ms": 30000, "bank_ms": 0}}
TIMER_LOW = {**SEE_ON_OFFER, "timer": {"ms": 3000, "total_ms": 30000, "bank_ms": 0},
             "log": [*SEE_ON_OFFER["log"], "Bob: 3 seconds left, then fold"]}
WAITING = {**B, "to_act": 2, "actions": [], "why_not": []}
FOLD_OUT = _over(B, ["you take the pot (3 chips): everybody else folded"],
                 seats=_seats(B, {"status": "folded", "last": "fold"}, {"stack": 101},
                              {"status": "folded", "last": "fold"}))
SHOWDOWN = {**SEE_ON_OFFER, "actions": [act("agree"), act("refuse")], "why_not": [],
            "log": [*SEE_ON_OFFER["log"], "Alice proposes a showdown"]}
LEND = {**COVER_OFFERED, "actions": [act("borrow", meaning="ask the others to lend you the "
                                                           "chips you are short"),
                                     act("cover", 6), act("fold")]}
REBUY = {**FOLD_OUT, "seats": _seats(FOLD_OUT, {"stack": 0}, {}, {}),
         "over": False, "actions": [act("rebuy", lo=10, hi=100, label="rebuy")],
         "result": [], "to_act": 1}
HEADS_UP = base(seats=[seat("Alice", 120, looked=True, put_in=6, last="bet 4"),
                       seat("Bob", 74, put_in=3, last="bet 2 (blind)")],
                pot=9, stake=4,
                actions=[act("bet", 2, lo=2, hi=10, cost_hi=10,
                             note="you are blind: a blind bet counts double"),
                         act("see", 4), act("look"), act("fold")], why_not=[])
SIX = base(seats=[seat(n, 100 - i, put_in=1, last="ante 1") for i, n in
                  enumerate(["Alice", "Bob", "Carol", "Dave", "Erin", "Frank"])],
           pot=6, dealer=4)
JOKERS = {**LOOKED, "subtitle": "modern Brag · jokers wild",
          "own": {"cards": "X1 7d 7c", "hand_name": "Prial of sevens (1 wild card: X1 as a "
                                                    "seven)"}}
POT_LIMIT = {**SEE_ON_OFFER, "subtitle": "modern Brag · pot limit",
             "actions": [act("bet", 4, lo=4, hi=9, cost_hi=9, note="pot limit: at most the "
                                                                   "pot, 9"),
                         act("see", 8), act("fold")]}
ERROR = {**SEE_ON_OFFER, "error": "bet 30 is more than the pot limit of 9 (rules 4.4.9)"}

AMERICAN = base(
    game="american", title="American Brag", subtitle="American Brag · braggers wild",
    seats=[seat("Alice", 95, looked=True, put_in=5, last="bet 4"),
           seat("Bob", 95, looked=True, put_in=5, last="call"),
           seat("Carol", 99, status="folded", put_in=1, last="fold")],
    own={"cards": "9d Jc 5h", "hand_name": "Triplet of fives (9d and Jc as braggers)"},
    actions=[act("call", 4), act("raise", 6, lo=2, hi=10, cost_hi=14), act("pass")],
    private=["you and Alice compared hands in private: your Triplet of fives beats her "
             "Pair of kings, so Alice retires"], why_not=[])
AMERICAN_SPECTATOR = {**AMERICAN, "you": None, "own": None, "private": [], "actions": [],
                      "seats": _seats(AMERICAN, {}, {"name": "Bob"}, {})}

COMMERCE = base(
    game="commerce-widow", title="Commerce", subtitle="Commerce with a widow · lives",
    widow="Ks 9h 9c", pot=9, stake=0,
    seats=[seat("Alice", 27, lives=3, put_in=3, last="exchange 4d Ks"),
           seat("Bob", 27, lives=2, put_in=3, looked=True, last="pass"),
           seat("Carol", 27, lives=1, put_in=3, status="stood", last="stand")],
    own={"cards": "9s 8d 2h", "hand_name": "Nine high"},
    actions=[act("exchange", args=["9s 9h", "8d 9c", "2h Ks"]), act("stand"), act("pass")],
    why_not=[], log=["the widow: Ks 9h 9c", "Alice exchanges 4d for the Ks", "Carol stands"])
COMMERCE_PRIVILEGE = {**COMMERCE, "widow": None, "widow_down": 3,
                      "own": {"text": "face down: as dealer you choose before seeing them "
                                      "(widow: take the widow instead; keep: look at these "
                                      "and play on)"},
                      "seats": _seats(COMMERCE, {"last": None}, {"looked": False, "last": None},
                                      {"status": "in", "last": None}),
                      "actions": [act("widow"), act("keep")], "dealer": 1}
COMMERCE_TRADE = base(game="commerce", title="Commerce", subtitle="Commerce · trading",
                      pot=6, stake=0,
                      seats=[seat("Alice", 97, put_in=3, last="trade 4c"),
                             seat("Bob", 97, put_in=3, looked=True)],
                      own={"cards": "Qd Qh 3s", "hand_name": "Pair of queens"},
                      actions=[act("trade", 1, args=["Qd", "Qh", "3s"]),
                               act("barter", args=["Qd", "Qh", "3s"]), act("stand")],
                      why_not=[])
CASINO = base(game="casino", title="Casino 3 Card Brag", subtitle="against the dealer",
              pot=10, stake=0, dealer=None, dealer_hand={"cards": None},
              seats=[seat("You", 90, looked=True, put_in=10, last="ante 10")], you=0, to_act=0,
              own={"cards": "Qh 6d 4s", "hand_name": "High card Q-6-4"},
              actions=[act("play", 10), act("fold")], why_not=[],
              timer=None)
CASINO_RESULT = _over(CASINO, ["the dealer shows Jc 8d 2s: High card J-8-2 (qualifies: "
                               "queen high or better? no)",
                               "the dealer does not qualify: your ante pays 1 to 1, your "
                               "play bet is returned"],
                      dealer_hand={"cards": "Jc 8d 2s", "name": "High card J-8-2"},
                      casino={"optimal": "play", "yours": "play",
                              "why": "play every hand of Q-6-4 or better"})
TEEN_PATTI = base(game="teen-patti", title="Teen Patti", subtitle="Teen Patti · chaal",
                  seats=[seat("Asha", 90, looked=True, put_in=10, last="chaal 4"),
                         seat("Bob", 92, looked=True, put_in=8, last="chaal 4"),
                         seat("Chandra", 94, put_in=6, last="blind 2")],
                  pot=24, stake=4,
                  own={"cards": "Ah Kh Qh", "hand_name": "Pure sequence A-K-Q"},
                  actions=[act("bet", 4, lo=4, hi=8, cost_hi=8, label="chaal"),
                           act("sideshow", 4, lo=4, hi=4, label="side show"), act("fold")],
                  why_not=[{"kind": "see", "reason": "show is only with two players left "
                                                     "(rules 4.7)"}])
SIDESHOW_RESULT = {**TEEN_PATTI, "actions": [], "to_act": 2, "why_not": [],
                   "private": ["side show with Asha: your Pure sequence A-K-Q beats her "
                               "Colour K-9-4, so Asha folds"],
                   "seats": _seats(TEEN_PATTI, {"status": "folded", "last": "side show lost"},
                                   {"last": "side show 4", "put_in": 12}, {})}
BRAG_POKER = base(game="brag-poker", title="Brag Poker", subtitle="Brag Poker · first round",
                  actions=[act("look"), act("fold"),
                           act("call", 1, note="half price while you are blind: counts as 2"),
                           act("raise", 6, lo=4, hi=4, label="raise 4")], why_not=[])
AWAY = {**B, "seats": _seats(B, {"away": "sitting out"}, {}, {"away": "away: auto-fold"})}
PRIVATE_HIDDEN_SPECTATOR = {**SIDESHOW_RESULT, "you": None, "private": [], "own": None}

FIXTURES: tuple[Fixture, ...] = tuple(Fixture(n, m) for n, m in [
    ("blind-first-to-act", B), ("looked-open-price", LOOKED), ("see-on-offer", SEE_ON_OFFER),
    ("see-won", SEE_WON), ("see-lost-own-hand-shown", SEE_LOST), ("seer-loses-tie", SEER_TIE),
    ("carried-pot-two-blind-hands", CARRIED), ("retained-hand-looked", RETAINED_LOOKED),
    ("covered-pot", COVERED), ("cover-offered", COVER_OFFERED), ("face-up-stub", STUB),
    ("spectator", SPECTATOR), ("disconnected-player", DISCONNECTED),
    ("timer-running-out", TIMER_LOW), ("waiting-for-another", WAITING),
    ("fold-out-win", FOLD_OUT), ("showdown-proposed", SHOWDOWN), ("lend-or-show", LEND),
    ("rebuy", REBUY), ("heads-up-blind-vs-open", HEADS_UP), ("six-seats", SIX),
    ("jokers-wild", JOKERS), ("pot-limit", POT_LIMIT), ("illegal-action-error", ERROR),
    ("american-private-exchange", AMERICAN), ("american-spectator", AMERICAN_SPECTATOR),
    ("commerce-widow-lives", COMMERCE), ("commerce-dealer-privilege", COMMERCE_PRIVILEGE),
    ("commerce-trade-barter", COMMERCE_TRADE), ("casino-decision", CASINO),
    ("casino-result-optimal", CASINO_RESULT), ("teen-patti-side-show", TEEN_PATTI),
    ("teen-patti-side-show-result", SIDESHOW_RESULT), ("brag-poker-half-price", BRAG_POKER),
    ("sitting-out-away", AWAY), ("side-show-spectator", PRIVATE_HIDDEN_SPECTATOR),
])
