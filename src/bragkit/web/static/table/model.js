// From the card room's frames (docs/protocol.md) to the table message the renderer draws
// (docs/web.md).  Display only: the chips a seat put in this deal and its last action are
// read from the deal's events; every price, reason and explanation is the server's.

const PAYING = new Set(["ante", "blind", "bet", "call", "raise", "see", "cover", "sideshow",
  "lend", "pairbonus", "play"]);
const QUIET = new Set(["deal", "deal_end", "stub"]);
const VERBS = { ante: "antes", bet: "bets", look: "looks", fold: "folds", see: "sees",
  cover: "covers", call: "calls", raise: "raises", check: "checks", blind: "puts in",
  propose: "proposes a showdown", agree: "agrees", refuse: "refuses", keep: "keeps",
  throw: "throws", retain: "retains the blind hand", release: "releases the blind hand",
  sideshow: "asks for a side show", accept: "accepts", decline: "declines", award: "takes",
  reveal: "shows", pass: "passes", stand: "stands", trade: "trades", exchange: "exchanges",
  widow: "takes the widow", carry: "carries", rebuy: "rebuys", borrow: "asks to borrow",
  lend: "lends", show: "shows", discard: "discards", draw: "draws", name: "names",
  stay: "stays", horse: "buys a horse", pounce: "pounces", barter: "barters", pay: "pays" };
const YOU_VERBS = { blind: "put in", propose: "propose a showdown", retain: "retain the blind hand",
  release: "release the blind hand", sideshow: "ask for a side show", award: "take",
  reveal: "show", widow: "take the widow", borrow: "ask to borrow", horse: "buy a horse" };
// Button words of kinds whose name is not the player's word
const LABELS = { sideshow: "side show", pairbonus: "pair bonus" };
// Your two blind hands after a carried pot (rules 4.4.6), read from the server's words for
// them (own_text): both face down, or the one you looked at and the other face down.
function twoHands(v) {
  const t = v.own_text ?? "";
  if (t.startsWith("two blind hands")) {
    return [{ label: "old (retained)", cards: null }, { label: "new", cards: null }];
  }
  const m = /^(old \(retained\)|new) hand .*\(looked at\); (old \(retained\)|new) hand face down/.exec(t);
  if (m && v.own_cards) {
    const looked = { label: `${m[1]}, looked at`, cards: v.own_cards, played: true };
    const other = { label: `${m[2]}, not seen`, cards: null };
    return m[1] === "new" ? [other, looked] : [looked, other];
  }
  return null;
}

// a name for a partial hand ("1 cards": Three-Stake's face-up card) says nothing
function handName(name) { return name && !/^\d+ cards?$/.test(name) ? name : null; }

const GAME_TITLES = { modern: "Modern Brag", "teen-patti": "Teen Patti", commerce: "Commerce",
  "commerce-widow": "Commerce with a widow", foster: "Foster's Brag",
  "three-stake": "Three-Stake Brag", american: "American Brag", "brag-poker": "Brag Poker",
  casino: "Casino 3 Card Brag" };

// Casino tables (docs/protocol.md, "Casino tables"): each seat's result against the dealer,
// and after a hand the optimal decision on your cards with the worth of each (the server's).
const OUTCOMES = { player_wins: "beats the dealer", dealer_wins: "loses to the dealer",
  dealer_not_qualified: "wins: the dealer does not qualify", tie: "ties the dealer",
  fold: "folds" };
const YOUR_OUTCOMES = { player_wins: "beat the dealer", dealer_wins: "lose to the dealer",
  dealer_not_qualified: "win: the dealer does not qualify", tie: "tie the dealer",
  fold: "fold" };
function casinoLines(d, names, you) {
  return Object.entries(d.results ?? {}).map(([p, r]) => {
    const i = seatIndex(p);
    const who = i === you ? "you" : names[i] ?? p;
    const words = (i === you ? YOUR_OUTCOMES : OUTCOMES)[r.outcome] ?? r.outcome;
    return `${who}: ${words} (${r.net > 0 ? "+" : ""}${r.net})`;
  });
}
function adviceText(a) {
  return a ? `play ${a.worth.play}, fold ${a.worth.fold}` : "";
}

export function seatIndex(p) {
  if (p == null) return null;
  const m = /^p(\d+)$/.exec(String(p));
  return m ? Number(m[1]) - 1 : null;
}

export function named(text, names) {
  // "p2" and, at the start of a sentence, "P2"
  return String(text).replace(/\b[pP](\d+)\b/g, (all, n) => names[Number(n) - 1] ?? all);
}

function parseEvent(e) {
  const [who, kind, ...rest] = String(e).split(" ");
  const amount = rest.length && /^\d+$/.test(rest[0]) ? Number(rest[0]) : null;
  return { seat: seatIndex(who), kind, amount, rest: rest.join(" ") };
}

function eventLine(ev, names, you) {
  if (ev.kind === "deal_start" || ev.kind === "deal_end") return null;
  if (QUIET.has(ev.kind) && !ev.rest) return null;
  const who = ev.seat == null ? "" : ev.seat === you ? "you" : names[ev.seat] ?? `p${ev.seat + 1}`;
  if (ev.seat == null) return `the ${ev.kind}: ${named(ev.rest, names)}`.trim();
  const asks = ev.kind === "sideshow" ? /^\(asks (p\d+)\)$/.exec(ev.rest) : null;
  if (asks) return `${who} ${ev.seat === you ? "ask" : "asks"} ${you != null && asks[1] === `p${you + 1}` ? "you" : named(asks[1], names)} for a side show`;
  if (ev.kind === "deal") return `${who} ${ev.seat === you ? "are" : "is"} dealt ${named(ev.rest, names)}`;
  const verb = ev.seat === you ? YOU_VERBS[ev.kind] ?? ev.kind : VERBS[ev.kind] ?? ev.kind;
  return `${who} ${verb}${ev.rest ? " " + named(ev.rest, names) : ""}`.trim();
}

// One event of a deal in words, as the table's log says it ("you ante 1", "Carol folds");
// null for the markers a player need not read (deal_start, deal_end). A seat's history marks
// what it was not shown "(hidden)": a deal face down, a look at cards it did not see.
export function eventText(e, names, you = null) {
  const hidden = / \(hidden\)$/.test(String(e));
  const ev = parseEvent(hidden ? String(e).replace(/ \(hidden\)$/, "") : e);
  if (ev.kind === "deal" && !ev.rest && ev.seat != null) {
    return `${ev.seat === you ? "you are" : `${names[ev.seat] ?? `p${ev.seat + 1}`} is`} dealt ${hidden ? "cards, face down" : "cards"}`;
  }
  return eventLine(ev, names, you);
}

// Your own cards in a finished deal of modern Brag or Teen Patti: the view of a deal that
// is over holds none (the table's last deal, when no next deal shows it as last_deal), but
// your own look event names them. Only a hand that nothing changed after the look.
const LOOK_GAMES = new Set(["modern", "teen-patti"]);
const ONE_CARD = /^(?:(?:10|[2-9TJQKA])[cdhs]|X\d?)$/;
function ownLook(events, you) {
  let out = null;
  for (const ev of events) {
    if (ev.seat !== you) continue;
    const cs = ev.rest.split(" ").filter(Boolean);
    if (ev.kind === "look" && cs.length && cs.every((c) => ONE_CARD.test(c))) out = cs.join(" ");
    else if (["discard", "draw", "exchange", "trade", "barter", "keep", "throw"].includes(ev.kind)) out = null;
  }
  return out;
}

// The last action of each seat and the chips it put in this deal, from the events.
function perSeat(events, n) {
  const put = Array(n).fill(0);
  const last = Array(n).fill(null);
  for (const ev of events) {
    if (ev.seat == null || ev.seat >= n) continue;
    if (PAYING.has(ev.kind) && ev.amount != null) put[ev.seat] += ev.amount;
    // an American Brag private exchange is what happened to a call or raise, not an action
    const privateExchange = ev.kind === "exchange" && /\(with p\d+\)/.test(ev.rest);
    if (!QUIET.has(ev.kind) && !privateExchange && !["deal_start", "award", "reveal"].includes(ev.kind)) {
      last[ev.seat] = ev.amount != null ? `${ev.kind} ${ev.amount}` : ev.kind;
    }
  }
  return { put, last };
}

function priceNote(price) {
  const m = /\((.*)\)\s*$/.exec(price ?? "");
  return m ? m[1] : "";
}

// How each table ended: the card room's public "close" item (it comes once, in the frame
// of the change), kept so the result stays explained in later frames.
const endings = {};

// Keep the length of the turn the first time a seat's timer is seen (for the timer bar).
const turnLength = { key: null, total: 0 };

const CARDS = "(?:10|[2-9TJQKA])[cdhs]|X\\d?";
const OWN_SHOWN = new RegExp(`^you show ((?:${CARDS})(?: (?:${CARDS}))*): (.+)$`);
const OWN_HIDDEN = new RegExp(`Your hand was (.+) \\(((?:${CARDS})(?: (?:${CARDS}))*)\\), not shown`);

// How the last deal ended: the explanations, the hands shown (yours too: after a see you
// lost, your hand was not shown to the others but the server told you what it was).
function lastDeal(d, names, you) {
  const shown = Object.entries(d.shown ?? {}).map(([p, cards]) => ({
    name: names[seatIndex(p)] ?? p, cards, hand_name: d.shown_names?.[p] ?? null }));
  if (you != null && !(`p${you + 1}` in (d.shown ?? {}))) {
    for (const note of d.notes ?? []) {
      const a = OWN_SHOWN.exec(note);
      const b = OWN_HIDDEN.exec(note);
      if (a) shown.push({ name: "you", cards: a[1], hand_name: a[2] });
      else if (b) shown.push({ name: "you (not shown to the others)", cards: b[2], hand_name: b[1] });
      if (a || b) break;
    }
  }
  const casino = d.results !== undefined;
  if (casino && d.own_cards) shown.push({ name: "you", cards: d.own_cards, hand_name: null });
  const lines = casino ? casinoLines(d, names, you) : (d.notes ?? []).map((x) => named(x, names));
  if (casino && d.advice) lines.push(`Best play with your hand: ${d.advice.best} (${adviceText(d.advice)})`);
  return { deal: d.deal, lines, stacks: d.stacks ?? [], shown };
}

export function fromProtocol(frame, welcome = {}) {
  const t = frame.table ?? {};
  const v = frame.view ?? {};
  const n = (t.seats ?? []).length || (v.stacks ?? []).length;
  const names = (t.seats ?? []).map((s, i) => s.name
    || (s.kind === "empty" ? `empty seat ${i + 1}` : s.kind === "bot" ? `Bot ${i + 1}` : `p${i + 1}`));
  const you = seatIndex(v.seat ?? welcome.you?.seat);
  const events = (v.events ?? []).map(parseEvent);
  const { put, last } = perSeat(events, n);
  const shown = v.shown ?? {};
  const shownNames = v.shown_names ?? {};
  // a closed or finished table: the public facts hold the stacks (a voided deal's chips are back)
  const ended = (t.status === "closed" || t.status === "finished") && Array.isArray(t.stacks);
  const over = v.phase === "over" || v.live === false || ended;
  const seats = [];
  for (let i = 0; i < n; i++) {
    const s = (t.seats ?? [])[i] ?? {};
    const p = `p${i + 1}`;
    // no deal yet (the table waits for its seats): nobody holds cards
    let status = v.deal == null ? (s.kind === "empty" ? "empty" : "waiting")
      : (v.status ?? [])[i] ?? (s.kind === "empty" ? "out" : "in");
    if (status === "blind" || status === "open") status = "in";
    seats.push({
      name: names[i], stack: (ended ? t.stacks : v.stacks ?? t.stacks ?? [])[i] ?? 0, status,
      // poker-style games: the chips in the pool (a raise event says "to N"); Three-Stake's
      // committed is one pool's, so its events are summed like the brag games'
      looked: !!(v.looked ?? [])[i], put_in: t.game === "three-stake" ? put[i] : v.committed?.[i] ?? put[i], last: last[i],
      cards: shown[p] ?? null, hand_name: handName(shownNames[p]),
      bot: s.bot ?? null, connected: s.kind === "human" ? s.connected !== false : true,
      away: s.sitting_out ? "sitting out" : s.kind === "empty" ? "empty seat" : null,
      // lives only where the game keeps them (plain Commerce sends zeros)
      lives: v.lives?.some((x) => x > 0) ? v.lives[i] : null,
    });
  }
  if (you != null && seats[you]) seats[you].hands = twoHands(v);
  // another seat that retained its blind hand last deal holds two hands, face down, until
  // it keeps, throws or names one (the last deal's explanation says who retained)
  for (const note of v.last_deal?.notes ?? []) {
    const m = /^p(\d+) retains the blind hand/.exec(note);
    const i = m ? Number(m[1]) - 1 : -1;
    if (i < 0 || i === you || !seats[i] || !v.carried) continue;
    const chose = events.some((e) => e.seat === i && ["keep", "throw", "name", "fold"].includes(e.kind));
    if (!chose) seats[i].hands = [{ label: "old (retained)", cards: null }, { label: "new", cards: null }];
  }
  const legal = v.legal ?? [];
  const order = (a) => (a.kind === "fold" ? 2 : a.kind === "look" ? 0 : 1);
  const actions = [...legal].sort((a, b) => order(a) - order(b)).map((a, k) => ({
    id: `a${k}`, kind: a.kind, lo: a.lo, hi: a.hi, args: a.args ?? [],
    label: a.lo != null && a.lo === a.hi ? `${LABELS[a.kind] ?? a.kind} ${a.lo}` : LABELS[a.kind] ?? a.kind,
    optional_arg: a.optional_arg, meaning: a.meaning,
    cost_lo: a.price_lo ?? a.cost ?? 0, cost_hi: a.price_hi ?? a.cost ?? 0,
    note: priceNote(a.price),
  }));
  // reasons for the actions a player of this game looks for (see, look, bet), not "see is
  // not a move of this game"
  const whyNot = Object.entries(v.why_not ?? {})
    .filter(([k]) => !(k === "look" && v.own_cards))
    .filter(([, r]) => !/not allowed (now|in the)/.test(r))
    // "p2 must retain or release the blind hand": the buttons on offer say so already
    .filter(([, r]) => !/^p\d+ must /.test(r))
    // seats by name; the engine's list of what is on offer is left out (the buttons show it)
    .map(([kind, reason]) => ({ kind, reason: named(String(reason).replace(/;? ?p\d+ may:? .*$/, ""), names) }));
  let timer = null;
  if (t.timer && t.timer.seat && !over) {
    const key = `${t.timer.seat}:${frame.seq}`;
    const total = Math.max(t.timer.seconds, turnLength.key?.startsWith(t.timer.seat + ":") ? turnLength.total : 0);
    turnLength.key = key; turnLength.total = total;
    timer = { ms: t.timer.seconds * 1000, total_ms: total * 1000, bank_ms: (t.timer.bank ?? 0) * 1000 };
  }
  const log = [];
  for (const ev of events) {
    if (ev.kind === "deal_start") log.push(`\u2014 deal ${v.deal ?? ""} \u2014`);
    const line = eventLine(ev, names, you);
    if (line) log.push(line);
  }
  const game = t.game ?? "modern";
  for (const item of frame.log ?? []) if (item.kind === "close") endings[t.table] = item;
  const end = ended ? endings[t.table] ?? null : null;
  // the deals asked for are played but a pot is still carried: the table plays on for it
  // (the card room's playing_on; older rooms: the deals played and a pot still carried)
  const playOn = !ended && (t.playing_on
    ?? (t.hands != null && (t.hands_played ?? 0) >= t.hands && (v.carried ?? 0) > 0));
  // cards per hand, for the backs drawn: your own hand once seen, else the rules' "cards"
  // (a preset such as modern-4card names it), else three
  const ownCount = (v.own_cards ?? "").split(" ").filter(Boolean).length;
  const handSize = ownCount || Number((typeof t.rules === "object" && t.rules?.cards)
    || /(\d)card/.exec(t.preset ?? "")?.[1] || 3);
  const mine = you != null && seatIndex(v.to_act) === you && !over;
  return {
    title: GAME_TITLES[game] ?? game,
    subtitle: [t.preset && t.preset !== game ? t.preset : null, v.deal ? `deal ${v.deal}` : null,
      t.hands ? dealsPlayed(t.hands_played ?? 0, t.hands) : null,
      t.status === "waiting" ? "waiting for players" : t.status === "paused" ? "paused" : t.status === "finished" ? "finished" : t.status === "closed" ? "closed" : null]
      .filter(Boolean).join(" \u00b7 "),
    game, hand_size: game === "three-stake" ? 3 : handSize, hand_no: v.deal, you, dealer: seatIndex(v.dealer), to_act: over ? null : seatIndex(v.to_act),
    pot: ended ? t.pot ?? 0 : v.pot ?? t.pot ?? 0, stake: v.stake,
    // at the end the carried pot is split (the facts' pot is then 0)
    carried: ended && !t.pot ? 0 : v.carried || 0,
    frozen: game === "three-stake" ? [] : (v.frozen_pots ?? []).map((amount) => ({ amount })), stub: v.stub_card ?? null,
    widow: v.widow ?? null, seats, over,
    own: you == null ? null : { cards: v.own_cards ?? (over && LOOK_GAMES.has(game) ? ownLook(events, you) : null),
      hand_name: handName(v.hand_name), text: v.own_text ?? null },
    pools: game === "three-stake" ? (v.frozen_pots ?? []) : null,
    actions: mine ? actions : [], why_not: mine ? whyNot : [], timer,
    log, result: game === "casino" ? casinoLines(v, names, you) : (v.notes ?? []).map((x) => named(x, names)),
    // a casino table: the dealer's hand (face down until shown) and the optimal decision
    dealer_hand: game === "casino" && v.deal != null
      ? { cards: v.dealer_cards ?? null, name: v.dealer_name ?? null } : null,
    casino: game === "casino" && v.advice
      ? { optimal: v.advice.best, why: adviceText(v.advice) } : null,
    offered: v.offered ?? null, finished: !!t.finished,
    // who made the barter offer on the table (the last barter of the deal)
    offered_by: v.offered ? names[[...events].reverse().find((e) => e.kind === "barter")?.seat] ?? null : null,
    last: v.last_deal ? lastDeal(v.last_deal, names, you) : null,
    waiting_seats: t.status === "waiting",
    play_on: playOn ? t.hands : null,
    table_end: ended ? { closed: t.status === "closed",
      reason: end?.reason ? named(end.reason, names) : null } : null,
  };
}

/** "2 of 5 played"; past the deals asked for (a carried pot played on), "2 of 2 played + 1
 * for the carried pot". */
export function dealsPlayed(played, asked) {
  if (played <= asked) return `${played} of ${asked} played`;
  return `${asked} of ${asked} played + ${played - asked} for the carried pot`;
}
