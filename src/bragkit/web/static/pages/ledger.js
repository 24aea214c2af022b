// The ledger page: buy-ins, cash-outs, nets and the settle-up (who pays whom, fewest
// transfers), all computed by the card room; CSV export.
import { esc } from "./store.js";

const root = document.getElementById("ledger-page");
const id = root.dataset.table;
const token = new URLSearchParams(location.search).get("token") ?? "";
const q = `?token=${encodeURIComponent(token)}`;

async function main() {
  const box = document.getElementById("ledger");
  const r = await fetch(`/api/tables/${encodeURIComponent(id)}/ledger${q}`);
  const d = await r.json().catch(() => ({}));
  if (!r.ok) { box.innerHTML = `<p class="err">${esc(d.error ?? `error ${r.status}`)}</p>`; return; }
  const people = (d.people ?? []).map((p) => `<tr><th scope="row">${esc(p.name)}</th><td>${esc(p.bought_in)}</td>`
    + `<td>${esc(p.cashed_out)}</td><td>${p.net > 0 ? "+" : ""}${esc(p.net)}</td></tr>`);
  // the card room's own parties: the bank (it funds the bots' seats and the seats nobody
  // sits at) and, at a casino table, the house (the dealer)
  const PARTIES = { bank: "the bank (the bots' seats)", house: "the house (the dealer)" };
  const party = (x) => PARTIES[x] ?? x;
  for (const x of ["bank", "house"]) {
    if (d[x] != null && d[x] !== 0) {
      people.push(`<tr><th scope="row">${esc(party(x))}</th><td>\u2014</td><td>\u2014</td><td>${d[x] > 0 ? "+" : ""}${esc(d[x])}</td></tr>`);
    }
  }
  const settle = (d.settle_up ?? []).map((t) => `<li><b>${esc(party(t.from))}</b> pays <b>${esc(party(t.to))}</b> ${esc(t.chips)} chips</li>`).join("");
  box.innerHTML = `<h2>Who is up and down</h2><table><thead><tr><th scope="col">person</th><th scope="col">bought in</th>`
    + `<th scope="col">cashed out</th><th scope="col">net (with the stack held)</th></tr></thead><tbody>${people.join("")}</tbody></table>`
    + `<h2>Settle up</h2>${settle ? `<ul id="settle">${settle}</ul>` : "<p>Nobody owes anybody.</p>"}`
    + `<p>${d.zero_sum ? "Every transaction sums to zero." : '<span class="err">The ledger does not sum to zero.</span>'}</p>`
    + `<p><a href="/api/tables/${encodeURIComponent(id)}/ledger.csv${q}" download="ledger-${esc(id)}.csv">Download the ledger (CSV)</a></p>`;
}
main();
