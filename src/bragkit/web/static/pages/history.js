// The hand-history viewer: step through each finished deal event by event, showing only
// what the viewer's history holds (a seat's history: what that seat saw; the host's full
// history once the table is closed: the actions of every deal).
import { cardsHtml, esc } from "../table/cards.js";
import { eventText, named, seatIndex } from "../table/model.js";

const root = document.getElementById("history-page");
const id = root.dataset.table;
const token = new URLSearchParams(location.search).get("token") ?? "";
const box = document.getElementById("viewer");
const CARD = /^(?:[2-9TJQKA][cdhs]|X\d)$/;
let deals = [];
let d = 0;
let k = 0;
let names = [];

// The steps of a deal: its events a player reads (the deal_start / deal_end markers left out)
function steps(deal) {
  if (!deal._steps) {
    const you = seatIndex(deal.seat);
    deal._steps = (deal.events ?? deal.actions ?? [])
      .map((e) => ({ raw: e, text: eventText(e, names, you) }))
      .filter((x) => x.text !== null);
  }
  return deal._steps;
}
function seatName(p, deal) { return p === deal.seat ? `${named(p, names)} (you)` : named(p, names); }
function words(line, deal) {
  // the explanations name seats p1, p2 (and the viewer "you"): the seats' names instead
  return named(line, names.map((x, i) => (`p${i + 1}` === deal.seat ? "you" : x)));
}

function draw() {
  const deal = deals[d];
  const evs = steps(deal);
  const upto = evs.slice(0, k);
  const cards = {};
  const put = {};
  for (const { raw: e } of upto) {
    const [who, kind, ...rest] = String(e).split(" ");
    const cs = rest.filter((x) => CARD.test(x));
    if (cs.length && kind !== "deal_start") cards[who] = cs.join(" ");
    const n = /^\d+$/.test(rest[0] ?? "") ? Number(rest[0]) : 0;
    if (["ante", "bet", "see", "cover", "call", "raise", "blind", "sideshow"].includes(kind)) put[who] = (put[who] ?? 0) + n;
  }
  const seats = Object.keys({ ...cards, ...put, ...(deal.net ?? {}) }).filter((x) => /^p\d+$/.test(x)).sort();
  const rows = seats.map((p) => `<tr><th scope="row">${esc(seatName(p, deal))}</th>`
    + `<td>${cards[p] ? cardsHtml(cards[p]) : "\u2014"}</td><td>${esc(put[p] ?? 0)}</td></tr>`).join("");
  const done = k >= evs.length;
  box.innerHTML = `<h2>Deal ${esc(deal.number ?? d + 1)} of ${deals.length}${deal.dealer ? `, ${esc(named(deal.dealer, names))} deals` : ""}</h2>`
    + `<p role="status" aria-live="polite">Step ${k} of ${evs.length}${k ? `: <b>${esc(evs[k - 1].text)}</b>` : ""}</p>`
    + `<p class="steps"><button type="button" class="btn-main" data-go="first">first</button> `
    + `<button type="button" class="btn-main" data-go="prev">back</button> `
    + `<button type="button" class="btn-main" data-go="next">next</button> `
    + `<button type="button" class="btn-main" data-go="last">last</button> `
    + `<button type="button" class="btn-main" data-go="pdeal">previous deal</button> `
    + `<button type="button" class="btn-main" data-go="ndeal">next deal</button></p>`
    + `<table><thead><tr><th scope="col">seat</th><th scope="col">cards seen</th><th scope="col">chips in</th></tr></thead><tbody>${rows}</tbody></table>`
    + (done && deal.why?.length ? `<h3>How it ended</h3><ul>${deal.why.map((w) => `<li>${esc(words(w, deal))}</li>`).join("")}</ul>` : "")
    + (done && deal.stacks ? `<p>Stacks after the deal: ${deal.stacks.map((n, i) => `${esc(seatName(`p${i + 1}`, deal))} ${esc(n)}`).join(", ")}</p>` : "")
    + (done && deal.net ? `<p>Net: ${Object.entries(deal.net).map(([p, n]) => `${esc(seatName(p, deal))} ${n > 0 ? "+" : ""}${esc(n)}`).join(", ")}</p>` : "")
    + `<h3>Log so far</h3><ol class="hist-log">${upto.map((e) => `<li>${esc(e.text)}</li>`).join("")}</ol>`;
}

function go(where) {
  const n = steps(deals[d]).length;
  if (where === "next") k = Math.min(n, k + 1);
  if (where === "prev") k = Math.max(0, k - 1);
  if (where === "first") k = 0;
  if (where === "last") k = n;
  if (where === "ndeal" && d + 1 < deals.length) { d += 1; k = 0; }
  if (where === "pdeal" && d > 0) { d -= 1; k = 0; }
  draw();
}

document.addEventListener("click", (ev) => { const b = ev.target.closest("[data-go]"); if (b) go(b.dataset.go); });
document.addEventListener("keydown", (ev) => {
  const map = { ArrowRight: "next", ArrowLeft: "prev", ArrowUp: "first", ArrowDown: "last", "]": "ndeal", "[": "pdeal" };
  if (map[ev.key] && !ev.target.closest("input")) { ev.preventDefault(); go(map[ev.key]); }
});

async function main() {
  // the seats' names from the table's public facts (a history names seats p1, p2, ...)
  const facts = await fetch(`/api/tables/${encodeURIComponent(id)}`).then((x) => (x.ok ? x.json() : {})).catch(() => ({}));
  names = (facts.seats ?? []).map((x, i) => x.name || (x.kind === "bot" ? `Bot ${i + 1}` : `p${i + 1}`));
  const r = await fetch(`/api/tables/${encodeURIComponent(id)}/history?token=${encodeURIComponent(token)}`);
  const h = await r.json().catch(() => ({}));
  if (!r.ok) { box.innerHTML = `<p class="err">${esc(h.error ?? `error ${r.status}`)}</p>`; return; }
  deals = h.deals ?? [];
  const full = deals.some((x) => Array.isArray(x));
  document.getElementById("whose").textContent = full
    ? "This is the full history of the closed table: every card of every deal."
    : `You see what ${h.seat ? `${h.seat} (${named(h.seat, names)})` : "your seat"} saw: the other hands only where they were shown.`;
  if (full) {
    // the full history (the host's, the table closed): re-played into events, every card shown
    const rr = await fetch("/web/replay", { method: "POST", body: JSON.stringify(h) });
    const full = await rr.json().catch(() => ({}));
    deals = rr.ok ? full.deals : deals.map((x, i) => ({ number: i + 1, actions: x }));
  }
  deals = deals.filter((x) => steps(x).length);
  if (!deals.length) { box.innerHTML = "<p>No finished deal yet.</p>"; return; }
  draw();
}
main();
