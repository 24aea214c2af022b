// The start page: the house rules of the chosen game only, each preset's value beside each
// key, bots per seat; the server validates everything (its one-line error is shown as is).
import { esc, remember } from "./store.js";

const presets = JSON.parse(document.getElementById("preset-data").textContent);
const $ = (s) => document.querySelector(s);

function showRules() {
  const p = presets[$("#preset").value];
  $("#preset-line").textContent = $("#preset").selectedOptions[0].textContent.split(" \u2014 ")[1] ?? "";
  for (const row of document.querySelectorAll(".rule")) {
    const games = row.dataset.games.split(" ");
    const key = row.querySelector("[data-rule]").dataset.rule;
    row.hidden = !(games.includes("*") || games.includes(p.game)) || !(key in p);
    const shown = row.querySelector(".preset-value");
    if (key in p) shown.textContent = `preset: ${p[key] === null ? "none" : p[key] === true ? "yes" : p[key] === false ? "no" : p[key]}`;
  }
}

function botRows() {
  const n = Math.max(2, Math.min(8, Number($("#seat-count").value) || 2));
  // the chosen game's bots (a casino table: the optimal-strategy bot and random)
  const known = presets[$("#preset").value]._bots ?? [];
  const BOTS = ["", ...known];
  const usual = known.includes("normal") ? "normal" : known.includes("optimal") ? "optimal" : known[0];
  const old = [...document.querySelectorAll("#bot-rows select")].map((s) => (s.value === "" || known.includes(s.value) ? s.value : undefined));
  let html = "";
  for (let i = 0; i < n; i++) {
    const def = old[i] ?? (i === 0 ? "" : i === 1 ? "" : usual);
    html += `<label for="bot-p${i + 1}">Seat ${i + 1}</label><select id="bot-p${i + 1}" data-seat="p${i + 1}">`
      + BOTS.map((b) => `<option value="${b}"${b === def ? " selected" : ""}>${b ? `bot: ${b}` : "a person (invite link)"}</option>`).join("")
      + "</select>";
  }
  $("#bot-rows").innerHTML = html;
}

function rules() {
  const out = {};
  for (const el of document.querySelectorAll("[data-rule]")) {
    if (el.closest(".rule").hidden || el.value === "") continue;
    const t = el.dataset.type;
    const v = el.value;
    out[el.dataset.rule] = t === "bool" ? v === "true" : v === "null" ? null
      : t.startsWith("int") || (t === "choice" && /^\d+$/.test(v)) ? Number(v) : v;
  }
  return out;
}

$("#preset").addEventListener("change", () => { showRules(); botRows(); });
$("#seat-count").addEventListener("input", botRows);
$("#create").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  $("#create-error").textContent = "";
  const bots = {};
  for (const s of document.querySelectorAll("#bot-rows select")) if (s.value) bots[s.dataset.seat] = s.value;
  const body = { preset: $("#preset").value, rules: rules(), seats: Number($("#seat-count").value),
    stack: Number($("#stack").value), bots,
    options: { approval: $("#approval").checked, timer: Number($("#timer").value),
      time_bank: Number($("#time_bank").value) } };
  if ($("#hands").value) body.hands = Number($("#hands").value);
  // the buy-in range and the carried pot at the end: sent only when not the card room's default
  for (const key of ["buy_in_min", "buy_in_max"]) if ($(`#${key}`).value) body.options[key] = Number($(`#${key}`).value);
  if ($("#carried_at_end").value !== "play_on") body.options.carried_at_end = $("#carried_at_end").value;
  if ($("#play_on_deals").value !== "10") body.options.play_on_deals = Number($("#play_on_deals").value);
  let r;
  try {
    r = await fetch("/api/tables", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  } catch {
    $("#create-error").textContent = "The card room does not answer: is brag serve running?";
    return;
  }
  const d = await r.json().catch(() => ({ error: `error ${r.status}` }));
  if (!r.ok) { $("#create-error").textContent = d.error ?? `error ${r.status}`; $("#create-error").focus?.(); return; }
  remember({ table: d.table, host_token: d.host_token, host_link: d.host_link, preset: body.preset, created: Date.now() });
  const seats = Object.entries(d.seats ?? {}).map(([p, link]) => `<li>${esc(p)}: <input readonly value="${esc(link)}" aria-label="invite link for ${esc(p)}" size="50"> `
    + `<button type="button" class="btn-main" data-copy="${esc(link)}">copy</button></li>`).join("");
  $("#created").innerHTML = `<h2>Your table is ready</h2>`
    + `<p><a id="open-host" class="btn-main" href="${esc(d.host_link)}">Open the table as host</a></p>`
    + `<p>Send each friend one invite link (one link per seat):</p><ul>${seats || "<li>every seat is a bot</li>"}</ul>`
    + `<p class="help">The host link holds your host secret: keep it to yourself. Your tables are listed under <a href="/lobby">Your tables</a>.</p>`;
  $("#created").hidden = false;
  $("#open-host").focus();
});
// join by link: an invite (or host) link of a table of this card room opens its table page
$("#join-link").addEventListener("submit", (ev) => {
  ev.preventDefault();
  let url = null;
  try { url = new URL($("#invite-link").value.trim(), location.href); } catch { url = null; }
  const ok = url && /^\/table\/[\w-]+$/.test(url.pathname)
    && (url.searchParams.get("invite") || url.searchParams.get("token"));
  if (!ok) {
    $("#join-link-error").textContent = "That is not a table link: an invite link looks like "
      + `${location.origin}/table/…?invite=…`;
    return;
  }
  $("#join-link-error").textContent = "";
  location.assign(url.pathname + url.search); // on this card room: the link's table and secret
});
document.addEventListener("click", (ev) => {
  const b = ev.target.closest("[data-copy]");
  if (b) { navigator.clipboard?.writeText(b.dataset.copy); b.textContent = "copied"; }
});
botRows();
showRules();
