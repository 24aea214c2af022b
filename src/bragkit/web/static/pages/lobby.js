// The lobby: the tables this browser hosts or sits at, with their state from the card room.
import { dealsPlayed } from "../table/model.js";
import { esc, hosted, seats } from "./store.js";

async function facts(id) {
  try {
    const r = await fetch(`/api/tables/${encodeURIComponent(id)}`);
    return r.ok ? await r.json() : null;
  } catch { return null; }
}

async function main() {
  const rows = [];
  for (const h of hosted()) rows.push({ id: h.table, role: "host", link: h.host_link, token: h.host_token });
  for (const s of seats()) rows.push({ id: s.table, role: `seat ${s.seat ?? ""}`, link: `/table/${encodeURIComponent(s.table)}`, token: s.token });
  if (!rows.length) {
    document.getElementById("lobby").innerHTML = '<p>No tables yet. <a href="/">Start one</a>.</p>';
    return;
  }
  const html = [];
  for (const r of rows) {
    const f = await facts(r.id);
    const q = `?token=${encodeURIComponent(r.token ?? "")}`;
    html.push(`<tr><th scope="row"><a href="${esc(r.link)}">${esc(f?.preset ?? "?")} ${esc(r.id)}</a></th><td data-label="you are">${esc(r.role)}</td>`
      + `<td data-label="state">${f ? `${esc(f.hands ? dealsPlayed(f.hands_played ?? 0, f.hands) : `${f.hands_played} deals played`)}, ${esc(f.status)}` : "gone"}</td>`
      + `<td data-label="stacks">${f ? esc((f.seats ?? []).map((s, i) => `${s.name || s.bot || s.seat} ${f.stacks[i]}`).join(", ")) : ""}</td>`
      + `<td data-label="money and hands"><a href="/ledger/${encodeURIComponent(r.id)}${q}">ledger</a> · <a href="/history/${encodeURIComponent(r.id)}${q}">hands</a></td></tr>`);
  }
  document.getElementById("lobby").innerHTML = `<table class="rows"><thead><tr><th scope="col">table</th><th scope="col">you are</th>`
    + `<th scope="col">state</th><th scope="col">stacks</th><th scope="col">money and hands</th></tr></thead><tbody>${html.join("")}</tbody></table>`;
}
main();
