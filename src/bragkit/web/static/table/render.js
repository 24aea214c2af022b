// Pure rendering: the table message (docs/web.md, "The table message") -> HTML strings.
// Every number and word comes from the server; nothing here computes a rule.
import { backsHtml, cardList, cardsHtml, esc } from "./cards.js";

// Keyboard keys of the action kinds (shown as <kbd> hints; docs/web.md lists them).
export const KEYS = { look: "l", bet: "b", stay: "s", raise: "r", call: "c", check: "k",
  see: "v", fold: "f", cover: "o", showdown: "d", agree: "a", refuse: "n", sideshow: "h",
  accept: "y", decline: "n", keep: "k", throw: "t", retain: "e", release: "x", name: "m",
  borrow: "w", lend: "w", show: "v", rebuy: "u", trade: "t", barter: "b", exchange: "x",
  widow: "w", horse: "h", pounce: "p", pass: "p", stand: "s", play: "p", ante: "a",
  pairbonus: "q", draw: "d", discard: "x", choose: "m" };

const STATUS_WORDS = { in: "", folded: "folded", covered: "covered", out: "out",
  allin: "all in", done: "done", passed: "passed", stood: "stood" };

export function keyFor(actions) {
  // One distinct key per offered action: the kind's key, else its first free letter.
  const used = new Set();
  const out = {};
  for (const a of actions) {
    let k = KEYS[a.kind];
    if (!k || used.has(k)) k = [...a.kind].find((c) => /[a-z]/.test(c) && !used.has(c));
    if (k) { used.add(k); out[a.id] = k; }
  }
  return out;
}

function chips(n) { return n === 1 ? "1 chip" : `${n} chips`; }

export function costText(a) {
  if (a.kind === "rebuy") return "adds to your stack";
  if (a.cost_hi === 0) return "free";
  if (a.cost_lo === a.cost_hi) return chips(a.cost_lo);
  return `${a.cost_lo}\u2013${a.cost_hi} chips`;
}

function seatBadges(s, i, st) {
  const b = [];
  if (i === st.dealer) b.push('<span class="chip dealer" title="dealer">D<span class="sr"> dealer</span></span>');
  if (st.blind_play && (s.status === "in" || s.status === "allin")) {
    b.push(s.looked ? '<span class="chip open">OPEN</span>' : '<span class="chip blind">BLIND</span>');
  }
  if (STATUS_WORDS[s.status]) b.push(`<span class="chip st-${esc(s.status)}">${esc(STATUS_WORDS[s.status])}</span>`);
  if (s.bot) b.push(`<span class="chip bot">bot: ${esc(s.bot)}</span>`);
  if (s.connected === false) b.push('<span class="chip warn">disconnected</span>');
  if (s.away) b.push(`<span class="chip warn">${esc(s.away)}</span>`);
  return b.join(" ");
}

function seatCards(s, i, st) {
  if (s.hands && s.hands.length) {
    return `<div class="two-hands">${s.hands.map((h) => `<div class="hand${h.played ? " played" : ""}">`
      + `<span class="hand-label">${esc(h.label)}</span>`
      + (h.cards ? cardsHtml(h.cards, i === st.you) : backsHtml(st.hand_size, i === st.you, h.label))
      + "</div>").join("")}</div>`;
  }
  const cards = s.cards ?? (i === st.you ? st.own?.cards : null);
  if (cards) {
    const name = s.hand_name ?? (i === st.you ? st.own?.hand_name : null);
    return cardsHtml(cards, i === st.you)
      + (name ? `<div class="hand-name">${esc(name)}</div>` : "");
  }
  if (s.status === "in" || s.status === "allin" || s.status === "covered") {
    return backsHtml(st.hand_size, i === st.you, i === st.you ? "face down, not looked at" : "face down");
  }
  return "";
}

export function seatsHtml(st) {
  const n = st.seats.length;
  const you = st.you ?? 0;
  return st.seats.map((s, i) => {
    const pos = (i - you + n) % n; // you at the bottom, the others clockwise
    const turn = i === st.to_act;
    const cls = ["seat", `pos-${n}-${pos}`, turn ? "to-act" : "", i === st.you ? "you" : "",
      ["folded", "out", "empty"].includes(s.status) ? "gone" : ""].filter(Boolean).join(" ");
    const timer = turn && st.timer ? `<div class="timer${st.timer.ms <= 5000 ? " low" : ""}" role="timer" aria-label="time left">`
      + `<div class="bar" style="width:${Math.max(0, Math.min(100, 100 * st.timer.ms / (st.timer.total_ms || 1)))}%"></div>`
      + `<span class="secs">${Math.ceil(st.timer.ms / 1000)} s${st.timer.bank_ms ? ` + bank ${Math.ceil(st.timer.bank_ms / 1000)} s` : ""}</span></div>` : "";
    const ang = Math.PI / 2 + (2 * Math.PI * pos) / n;
    const place = `--x:${(50 + 41 * Math.cos(ang)).toFixed(1)}%;--y:${(47 + 37 * Math.sin(ang)).toFixed(1)}%`;
    return `<section class="${cls}" style="${place}" aria-label="${esc(s.name)}${i === st.you ? " (you)" : ""}${turn ? ", to act" : ""}">`
      + `<h3 class="name">${esc(s.name)}${i === st.you ? ' <span class="you-tag">you</span>' : ""}</h3>`
      + `<div class="badges">${seatBadges(s, i, st)}</div>`
      + `<div class="seat-cards">${seatCards(s, i, st)}</div>`
      + `<dl class="nums"><dt>stack</dt><dd class="stack">${esc(s.stack)}</dd>`
      + `<dt>in this deal</dt><dd class="put-in">${esc(s.put_in ?? 0)}</dd>`
      + (s.lives != null ? `<dt>lives</dt><dd>${esc(s.lives)}</dd>` : "") + "</dl>"
      + `<div class="last">${s.last ? esc(s.last) : "&nbsp;"}</div>`
      + (s.note ? `<div class="note">${esc(s.note)}</div>` : "")
      + timer + "</section>";
  }).join("");
}

export function potHtml(st) {
  let out = `<div class="pot-main"><span class="lbl">pot</span> <b class="pot">${esc(st.pot)}</b></div>`;
  for (const [i, n] of (st.pools ?? []).entries()) out += `<div class="pool">pool ${i + 1}: <b>${esc(n)}</b></div>`;
  if (st.stake && st.see_game && !st.over) out += `<div class="stake">stake ${esc(st.stake)} open, ${esc(Math.ceil(st.stake / 2))} blind</div>`;
  if (st.carried) out += `<div class="carried">carried from the last deal: <b>${esc(st.carried)}</b></div>`;
  if (st.play_on) {
    const done = st.play_on === 1 ? "the one deal asked for is played" : `the ${esc(st.play_on)} deals asked for are played`;
    out += `<div class="carried play-on">${done}, but this pot is still to be won: the table plays on until somebody wins it</div>`;
  }
  for (const f of st.frozen ?? []) {
    out += `<div class="frozen">frozen pot <b>${esc(f.amount)}</b>${f.by ? ` covered by ${esc(f.by)}` : ""}</div>`;
  }
  if (st.stub) out += `<div class="stub"><span class="lbl">stub, face up</span> ${cardsHtml([st.stub])}</div>`;
  if (st.widow && cardList(st.widow)?.length) {
    out += `<div class="widow"><span class="lbl">widow</span> ${cardsHtml(st.widow)}</div>`;
  } else if (st.widow_down) {
    out += `<div class="widow"><span class="lbl">widow</span> ${backsHtml(st.widow_down, false, "widow, face down")}</div>`;
  }
  if (st.dealer_hand) {
    out += `<div class="dealer-hand"><span class="lbl">dealer</span> ${st.dealer_hand.cards ? cardsHtml(st.dealer_hand.cards) : backsHtml(3, false, "dealer's cards")}`
      + (st.dealer_hand.name ? ` <span class="hand-name">${esc(st.dealer_hand.name)}</span>` : "") + "</div>";
  }
  return out;
}

export function ownHtml(st) {
  if (st.you == null) return `<p class="spectator">You are watching: you see only what everybody sees.</p>`;
  const me = st.seats[st.you];
  const o = st.own ?? {};
  let out = `<h2 class="sr">Your hand</h2>`;
  if (o.text) out += `<p class="own-text"><span class="lbl">your hand</span> ${esc(o.text)}</p>`;
  if (o.cards) {
    if (o.hand_name) out += `<p class="own-name"><span class="lbl">your hand</span> <b>${esc(o.hand_name)}</b></p>`;
  } else if (!o.text && !st.over && st.blind_play && me && (me.status === "in" || me.status === "allin")) {
    out += `<p class="own-name">You are <b>blind</b>: you have not looked at your cards.</p>`;
  }
  if (o.stay_in) out += `<p class="stay-in">${esc(o.stay_in)}</p>`;
  if (st.offered) {
    out += `<p class="offered">${esc(st.offered_by ?? "Your neighbour")} offers you ${cardsHtml([st.offered])} in barter:`
      + " <b>accept</b> hands back the card you pick for it, or <b>stand</b> on your hand.</p>";
  }
  return out;
}

export function actionsHtml(st, keys, amounts) {
  if (st.you == null) return "";
  if (st.waiting_seats) {
    return '<p class="wait">Waiting for players: the first deal starts once every seat is taken'
      + " (and approved by the host).</p>";
  }
  if (st.table_end) return `<p class="wait">The table has ended: no more deals.</p>`;
  if (st.over) return `<p class="wait">Deal over.${st.next_in ? ` Next deal in ${esc(st.next_in)} s.` : ""}</p>`;
  if (!st.actions.length) {
    const who = st.to_act != null ? st.seats[st.to_act]?.name : null;
    return `<p class="wait">${who ? `Waiting for ${esc(who)}\u2026` : "Waiting\u2026"}</p>`;
  }
  const btns = st.actions.map((a) => {
    const k = keys[a.id];
    const ranged = a.lo != null && a.hi != null && a.hi > a.lo;
    const amt = amounts[a.id] ?? a.lo;
    const label = a.label ?? a.kind;
    const cost = ranged ? "" : costText(a);
    let html = `<div class="act" data-kind="${esc(a.kind)}">`;
    if (ranged) {
      html += `<label class="amt"><span class="sr">${esc(label)} amount, ${esc(a.lo)} to ${esc(a.hi)}</span>`
        + `<input type="number" inputmode="numeric" min="${esc(a.lo)}" max="${esc(a.hi)}" value="${esc(amt)}" data-amount="${esc(a.id)}"></label>`;
    }
    const args = a.args?.length && !a.optional_arg ? a.args : null;
    if (args) {
      html += args.map((g, j) => `<button type="button" class="btn" data-act="${esc(a.id)}" data-arg="${esc(g)}"`
        + ` title="${esc(a.meaning ?? "")}"${j === 0 && k ? ` aria-keyshortcuts="${esc(k)}"` : ""}>`
        + `${j === 0 && k ? `<kbd>${esc(k.toUpperCase())}</kbd> ` : ""}${esc(label)} ${esc(g)}`
        + `${a.cost_hi ? ` <span class="cost">${esc(cost)}</span>` : ""}</button>`).join("");
    } else {
      html += `<button type="button" class="btn${a.kind === "fold" ? " danger" : ""}" data-act="${esc(a.id)}"`
        + ` title="${esc(a.meaning ?? "")}" aria-keyshortcuts="${esc(k ?? "")}">`
        + `${k ? `<kbd>${esc(k.toUpperCase())}</kbd> ` : ""}${esc(label)}`
        + `${ranged ? ` <span class="cost" data-cost="${esc(a.id)}">${esc(amt)}</span>` : cost ? ` <span class="cost">${/\d/.test(label) && a.cost_hi ? "costs " : ""}${esc(cost)}</span>` : ""}`
        + "</button>";
    }
    const notes = [ranged ? `${a.lo}\u2013${a.hi}${a.cost_lo !== a.lo || a.cost_hi !== a.hi ? `, costs ${costText(a)}` : ""}` : "", a.note ?? ""].filter(Boolean);
    if (notes.length) html += `<span class="act-note">${esc(notes.join("; "))}</span>`;
    return html + "</div>";
  }).join("");
  const why = (st.why_not ?? []).map((w) => `<li><b>${esc(w.kind)}</b>: ${esc(w.reason)}</li>`).join("");
  return `<h2 class="sr">Your actions</h2><div class="acts">${btns}</div>`
    + (why ? `<ul class="why-not" aria-label="not on offer">${why}</ul>` : "");
}

function lastDealHtml(st) {
  if (!st.last?.lines?.length) return "";
  const shown = (st.last.shown ?? []).map((h) => `<li>${esc(h.name)}: ${cardsHtml(h.cards)}`
    + `${h.hand_name ? ` <b>${esc(h.hand_name)}</b>` : ""}</li>`).join("");
  const stacks = (st.last.stacks ?? []).map((n, i) => `${i === st.you ? "you" : st.seats[i]?.name ?? `p${i + 1}`} ${n}`);
  return `<h2>Deal ${esc(st.last.deal)}: how it ended</h2>`
    + (shown ? `<ul class="shown">${shown}</ul>` : "")
    + `<ul>${st.last.lines.map((l) => `<li>${esc(l)}</li>`).join("")}</ul>`
    + (stacks.length ? `<p class="after">Stacks after deal ${esc(st.last.deal)}: ${esc(stacks.join(", "))}</p>` : "");
}

function endHtml(st) {
  const e = st.table_end;
  if (!e) return "";
  const why = e.reason ? `: ${e.reason}` : "";
  return `<h2>The table ${e.closed ? "was closed" : "is finished"}</h2>`
    + `<p class="table-end">${esc((e.closed ? "Closed" : "Finished") + why)}.</p>`
    + `<p class="after">Final stacks: ${esc(st.seats.map((x, i) => `${i === st.you ? "you" : x.name} ${x.stack}`).join(", "))}</p>`;
}

export function resultHtml(st) {
  return endHtml(st) + dealResultHtml(st);
}

function dealResultHtml(st) {
  const lines = st.result ?? [];
  if (!lines.length && !st.casino) return lastDealHtml(st);
  let out = `<h2>${st.over ? "Result" : `Deal ${esc(st.hand_no ?? "")} so far`}</h2><ul>${lines.map((l) => `<li>${esc(l)}</li>`).join("")}</ul>`;
  if (st.casino?.optimal) {
    out += `<p class="optimal">Best play: <b>${esc(st.casino.optimal)}</b>${st.casino.yours ? ` (you chose ${esc(st.casino.yours)})` : ""}${st.casino.why ? ` \u2014 ${esc(st.casino.why)}` : ""}</p>`;
  }
  return out + lastDealHtml(st);
}

export function privateHtml(st) {
  const lines = st.private ?? [];
  if (!lines.length) return "";
  return `<h2>Only you see this</h2><ul>${lines.map((l) => `<li>${esc(l)}</li>`).join("")}</ul>`;
}

export function logHtml(st) {
  return (st.log ?? []).map((l) => `<li>${esc(l)}</li>`).join("");
}
