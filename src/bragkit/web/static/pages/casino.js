// Casino 3 Card Brag against the house: the desk's view from the server, the buttons it
// offers (each with a key), and after each hand the best decision and what each was worth.
import { cardsHtml, esc } from "../table/cards.js";

const $ = (s) => document.querySelector(s);
const KEYS = { ante: "a", pairbonus: "q", deal: "d", play: "p", fold: "f", next: "n" };
let token = null;
let view = null;

async function post(url, body) {
  const r = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const d = await r.json().catch(() => ({ error: `error ${r.status}` }));
  $("#c-error").textContent = r.ok ? "" : d.error;
  return r.ok ? d : null;
}

function draw() {
  const v = view;
  const acts = v.legal.map((a) => {
    const ranged = a.lo != null && a.hi != null;
    const key = KEYS[a.kind];
    return `<div class="act" data-kind="${esc(a.kind)}">`
      + (ranged ? `<label class="amt"><span class="sr">${esc(a.kind)} amount, ${esc(a.lo)} to ${esc(a.hi)}</span><input type="number" min="${esc(a.lo)}" max="${esc(a.hi)}" value="${esc(a.lo)}" data-amount="${esc(a.kind)}"></label>` : "")
      + `<button type="button" class="btn" data-act="${esc(a.kind)}" aria-keyshortcuts="${key}"><kbd>${key.toUpperCase()}</kbd> ${esc(a.kind === "pairbonus" ? "pair bonus" : a.kind)}`
      + `${a.cost ? ` <span class="cost">${esc(a.cost)} chips</span>` : ""}</button>`
      + (ranged ? `<span class="act-note">${esc(a.lo)}\u2013${esc(a.hi)}</span>` : "") + "</div>";
  }).join("") + (v.phase === "over" ? `<div class="act"><button type="button" class="btn" data-act="next"><kbd>N</kbd> next hand</button></div>` : "");
  const result = v.phase === "over" ? `<h2>Result: ${esc(v.outcome ?? "")}, ${v.paid > 0 ? "+" : ""}${esc(v.paid ?? 0)} chips</h2>`
    + (v.best ? `<p class="optimal">Best decision: <b>${esc(v.best)}</b> (play ${esc(v.worth.play)}, fold ${esc(v.worth.fold)})`
      + `${v.chose ? `; you chose ${esc(v.chose)}${v.chose === v.best ? " \u2713" : ""}` : ""}</p>` : "") : "";
  $("#desk").innerHTML = `<p>Bankroll <b id="c-bank">${esc(v.bankroll)}</b> \u00b7 on the table ${esc(v.staked)}`
    + ` \u00b7 ${esc(v.hands)} hand${v.hands === 1 ? "" : "s"}, net ${v.net > 0 ? "+" : ""}${esc(v.net)}</p>`
    + `<div class="c-hands"><div><h2>Dealer</h2>${v.dealer_cards ? cardsHtml(v.dealer_cards, true) : '<span class="lbl">face down</span>'}`
    + `${v.dealer_name ? `<p class="hand-name-dark">${esc(v.dealer_name)}</p>` : ""}</div>`
    + `<div><h2>You</h2>${v.own_cards ? cardsHtml(v.own_cards, true) : '<span class="lbl">not dealt yet</span>'}`
    + `${v.hand_name ? `<p class="hand-name-dark">${esc(v.hand_name)}</p>` : ""}</div></div>`
    + result + `<div class="acts">${acts}</div>`;
}

async function act(kind) {
  let action = kind;
  const box = document.querySelector(`[data-amount="${kind}"]`);
  if (box) action = `${kind} ${box.value}`;
  const d = await post(`/web/casino/${encodeURIComponent(token)}`, { action });
  if (d) { view = d.view; draw(); }
}

$("#casino-open").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const d = await post("/web/casino", { preset: $("#c-preset").value, bankroll: Number($("#c-bankroll").value) });
  if (!d) return;
  token = d.token;
  view = d.view;
  $("#desk").hidden = false;
  draw();
});
document.addEventListener("click", (ev) => { const b = ev.target.closest("[data-act]"); if (b) act(b.dataset.act); });
document.addEventListener("keydown", (ev) => {
  if (!view || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  if (ev.target.closest("input, select") && ev.key !== "Enter") return;
  if (ev.key === "Enter" && ev.target.dataset?.amount) { ev.preventDefault(); act(ev.target.dataset.amount); return; }
  const kind = Object.keys(KEYS).find((k) => KEYS[k] === ev.key.toLowerCase());
  if (kind && document.querySelector(`[data-act="${kind}"]`)) { ev.preventDefault(); act(kind); }
});
// The catalog of table states draws a desk view the server built (no desk of its own).
window.bragCasino = { show(v) { view = v; $("#desk").hidden = false; draw(); } };
