// The live table: one store, one render, events delegated from the table root.
// mount(root, {send}) returns {update(message), state()}; conn.js feeds it from the WebSocket,
// the fixture catalog feeds it directly.
import { cardsText } from "./cards.js";
import { actionsHtml, keyFor, logHtml, ownHtml, potHtml, privateHtml, resultHtml,
  seatsHtml } from "./render.js";

const PREFS_KEY = "bragkit.prefs";
const DEFAULTS = { fourColour: false, reducedMotion: false, sound: false, screenReader: false,
  confirm: matchMedia("(pointer: coarse)").matches };

function loadPrefs() {
  try { return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(PREFS_KEY) ?? "{}") }; }
  catch { return { ...DEFAULTS }; }
}

// Games where a seat may play blind (the BLIND/OPEN chips and the blind rate matter).
const BLIND_GAMES = new Set(["modern", "teen-patti", "brag-poker"]);
// Games whose stake is the open rate that a blind seat pays half of (rules 4.4, 4.7).
const SEE_GAMES = new Set(["modern", "teen-patti"]);

function normalize(m) {
  const st = { seats: [], actions: [], log: [], result: [], hand_size: 3, ...m };
  st.blind_play = m.blind_play ?? BLIND_GAMES.has(m.game ?? "modern");
  st.see_game = SEE_GAMES.has(m.game ?? "modern");
  st.actions = st.actions.map((a, i) => ({ id: a.id ?? `a${i}`, cost_lo: a.cost ?? 0,
    cost_hi: a.cost ?? 0, ...a }));
  return st;
}

export function mount(root, { send = () => {}, onStall = () => {} } = {}) {
  let st = null;
  let prefs = loadPrefs();
  const amounts = {};
  let keys = {};
  let pending = null;
  let announced = 0;
  let confirmFor = null;
  const $ = (sel) => root.querySelector(sel);

  function applyPrefs() {
    root.classList.toggle("four-colour", prefs.fourColour);
    document.documentElement.classList.toggle("reduce-motion", prefs.reducedMotion);
    root.classList.toggle("screen-reader", prefs.screenReader);
    for (const box of root.querySelectorAll("[data-pref]")) box.checked = !!prefs[box.dataset.pref];
    try { localStorage.setItem(PREFS_KEY, JSON.stringify(prefs)); } catch { /* private mode */ }
  }

  function say(text, assertive = false) {
    const el = $(assertive ? "#sr-alert" : "#sr-status");
    // a trailing space makes two identical announcements both read (lichess's trick)
    el.textContent = el.textContent === text ? text + " " : text;
  }

  function turnAlert(mine) {
    const base = st.title ?? "bragkit";
    document.title = mine ? `Your turn \u2013 ${base}` : base;
    const icon = document.querySelector("link[rel=icon]");
    if (icon) icon.href = icon.dataset[mine ? "turn" : "idle"] ?? icon.href;
    if (mine && prefs.sound) beep();
    if (mine && navigator.vibrate && prefs.sound) navigator.vibrate(120);
  }

  function beep() {
    try {
      const ctx = new AudioContext();
      const o = ctx.createOscillator();
      const g = ctx.createGain();
      g.gain.value = 0.08;
      o.frequency.value = 660;
      o.connect(g).connect(ctx.destination);
      o.start();
      o.stop(ctx.currentTime + 0.15);
    } catch { /* no audio */ }
  }

  function render() {
    const focusId = document.activeElement?.dataset?.act ?? document.activeElement?.dataset?.amount;
    const focusAmount = document.activeElement?.dataset?.amount != null;
    keys = keyFor(st.actions);
    $("#t-title").textContent = st.title ?? "bragkit";
    $("#t-sub").textContent = st.subtitle ?? "";
    $("#felt").dataset.seats = String(st.seats.length);
    $("#seats").innerHTML = seatsHtml(st);
    $("#pot").innerHTML = potHtml(st);
    $("#own").innerHTML = ownHtml(st);
    $("#actions").innerHTML = actionsHtml(st, keys, amounts);
    $("#actions").classList.toggle("my-turn", st.actions.length > 0);
    $("#actions").setAttribute("aria-busy", pending ? "true" : "false");
    $("#sending").hidden = !pending;
    $("#error").textContent = st.error ?? "";
    $("#error").hidden = !st.error;
    const res = resultHtml(st);
    $("#result").innerHTML = res;
    $("#result").hidden = !res;
    const priv = privateHtml(st);
    $("#private").innerHTML = priv;
    $("#private").hidden = !priv;
    $("#log").innerHTML = logHtml(st);
    $("#logwrap").scrollTop = $("#logwrap").scrollHeight;
    if (focusId) {
      const el = root.querySelector(focusAmount ? `[data-amount="${focusId}"]` : `[data-act="${focusId}"]`);
      el?.focus();
    }
  }

  function announceNew(prevMine) {
    const log = st.log ?? [];
    if (announced > log.length) announced = 0;
    const fresh = log.slice(announced);
    announced = log.length;
    if (fresh.length) say(fresh.join(". "));
    const mine = st.actions.length > 0;
    if (mine && !prevMine) {
      const secs = st.timer ? `, ${Math.ceil(st.timer.ms / 1000)} seconds` : "";
      say(`Your turn${secs}. ${st.actions.map(describe).join("; ")}`, true);
    }
    if (st.result?.length && !st._resultSaid) say(st.result.join(". "), true);
  }

  function describe(a) {
    if (a.lo != null && a.hi != null && a.hi > a.lo) return `${a.label ?? a.kind} ${a.lo} to ${a.hi}`;
    const c = a.cost_hi === 0 ? "free" : `${a.cost_lo}`;
    const label = a.label ?? a.kind;
    return `${label}${/\d/.test(label) && a.cost_hi ? " costs" : ""} ${c}`;
  }

  function act(a, arg) {
    if (pending) return;
    const ranged = a.lo != null;
    let amount = ranged ? Number(amounts[a.id] ?? a.lo) : undefined;
    if (ranged && (!Number.isInteger(amount) || amount < a.lo || amount > a.hi)) {
      say(`${a.kind} must be between ${a.lo} and ${a.hi}`, true);
      return;
    }
    if (prefs.confirm && (a.kind === "fold" || a.kind === "see") && confirmFor !== a.id) {
      confirmFor = a.id;
      const b = root.querySelector(`[data-act="${a.id}"]`);
      if (b) { b.classList.add("confirming"); b.setAttribute("aria-label", `Confirm ${a.kind}`); }
      say(`Press again to confirm ${a.kind}`, true);
      return;
    }
    confirmFor = null;
    pending = { kind: a.kind, amount, arg: arg ?? (a.optional_arg ? undefined : a.arg) };
    send(pending);
    render();
    // never a silently stuck table: no answer in 5 s, say so and ask the server again
    const mine = pending;
    setTimeout(() => {
      if (pending !== mine) return;
      $("#sending").textContent = "no answer from the card room yet: asking again\u2026";
      onStall();
    }, 5000);
  }

  root.addEventListener("click", (ev) => {
    const b = ev.target.closest("[data-act]");
    if (b && st) {
      const a = st.actions.find((x) => x.id === b.dataset.act);
      if (a) act(a, b.dataset.arg);
    }
    const p = ev.target.closest("[data-toggle]");
    if (p) { const d = $(`#${p.dataset.toggle}`); d.hidden = !d.hidden; p.setAttribute("aria-expanded", String(!d.hidden)); }
  });
  root.addEventListener("input", (ev) => {
    const id = ev.target.dataset?.amount;
    if (id) {
      amounts[id] = ev.target.value;
      const c = root.querySelector(`[data-cost="${id}"]`);
      if (c) c.textContent = ev.target.value;
    }
  });
  root.addEventListener("change", (ev) => {
    const p = ev.target.dataset?.pref;
    if (p) { prefs = { ...prefs, [p]: ev.target.checked }; applyPrefs(); }
  });
  root.addEventListener("keydown", (ev) => {
    if (ev.target.id === "cmd" && ev.key === "Enter") {
      ev.preventDefault();
      command(ev.target.value.trim());
      ev.target.value = "";
      return;
    }
    if (ev.target.dataset?.amount && ev.key === "Enter") {
      const a = st.actions.find((x) => x.id === ev.target.dataset.amount);
      if (a) { ev.preventDefault(); act(a); }
      return;
    }
  });
  document.addEventListener("keydown", (ev) => {
    if (!st || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.target.closest?.("input, textarea, select")) return;
    if (ev.key === "?") { $("#help").hidden = !$("#help").hidden; return; }
    const k = ev.key.toLowerCase();
    const id = Object.keys(keys).find((x) => keys[x] === k);
    if (!id) return;
    const a = st.actions.find((x) => x.id === id);
    ev.preventDefault();
    if (a.lo != null && a.hi != null && a.hi > a.lo) {
      const inp = root.querySelector(`[data-amount="${id}"]`);
      if (inp && document.activeElement !== inp) { inp.focus(); inp.select(); return; }
    }
    if (a.args?.length && !a.optional_arg) {
      root.querySelector(`[data-act="${id}"]`)?.focus();
      return;
    }
    act(a);
  });

  // The text command box (lichess "blind mode" style): pot, stake, who, cards, log, help,
  // and any action: "look", "bet 4", "see", "fold", "look old".
  function command(text) {
    const out = (t) => { $("#cmd-out").textContent = t; say(t, true); };
    if (!st || !text) return;
    const [word, ...rest] = text.toLowerCase().split(/\s+/);
    const me = st.you != null ? st.seats[st.you] : null;
    if (word === "pot" || word === "p" && !st.actions.some((a) => a.kind === "pass")) {
      out(`pot ${st.pot}${st.carried ? `, carried ${st.carried}` : ""}${(st.frozen ?? []).map((f) => `, frozen ${f.amount}`).join("")}`);
    } else if (word === "stake") {
      out(st.stake ? `stake ${st.stake} open, ${Math.ceil(st.stake / 2)} blind` : "no stake yet");
    } else if (word === "who" || word === "seats") {
      out(st.seats.map((s, i) => `${s.name}${i === st.dealer ? " dealer" : ""}: ${s.stack} chips, ${s.status === "in" ? (s.looked ? "open" : "blind") : s.status}${s.last ? `, last ${s.last}` : ""}`).join("; "));
    } else if (word === "cards" || word === "hand") {
      out(st.own?.cards ? `${cardsText(st.own.cards)}: ${st.own.hand_name ?? ""}` : (me ? "you have not looked" : "you are watching"));
    } else if (word === "log" || word === "last") {
      out((st.log ?? []).slice(-5).join(". ") || "nothing yet");
    } else if (word === "actions" || word === "help") {
      out(st.actions.length ? `you may: ${st.actions.map(describe).join("; ")}` + ((st.why_not ?? []).length ? `. not on offer: ${st.why_not.map((w) => `${w.kind}, ${w.reason}`).join("; ")}` : "")
        : "not your turn. commands: pot, stake, who, cards, log, actions");
    } else if (word === "time" || word === "clock") {
      out(st.timer ? `${Math.ceil(st.timer.ms / 1000)} seconds` : "no timer");
    } else {
      const a = st.actions.find((x) => x.kind === word);
      if (!a) { out(`${word} is not on offer now; type actions`); return; }
      const n = rest.find((r) => /^\d+$/.test(r));
      const arg = rest.filter((r) => !/^\d+$/.test(r)).join(" ") || undefined;
      if (n != null) amounts[a.id] = n;
      else if (a.lo != null) amounts[a.id] = a.lo;
      act(a, arg);
    }
  }

  applyPrefs();
  let timerTick = null;
  return {
    update(message) {
      const prevMine = st ? st.actions.length > 0 : false;
      const prevHand = st?.hand_no;
      st = normalize(message);
      if (st.hand_no !== prevHand) { for (const k of Object.keys(amounts)) delete amounts[k]; }
      pending = null;
      confirmFor = null;
      $("#sending").textContent = "sending\u2026";
      render();
      announceNew(prevMine);
      turnAlert(st.actions.length > 0);
      clearInterval(timerTick);
      if (st.timer && !st.frozen_clock) {
        const started = performance.now();
        const ms0 = st.timer.ms;
        timerTick = setInterval(() => {
          st.timer.ms = Math.max(0, ms0 - (performance.now() - started));
          const secs = root.querySelector(".timer .secs");
          const bar = root.querySelector(".timer .bar");
          if (secs) secs.textContent = `${Math.ceil(st.timer.ms / 1000)} s`;
          if (bar) bar.style.width = `${100 * st.timer.ms / (st.timer.total_ms || 1)}%`;
        }, 250);
      }
    },
    error(text) {
      pending = null;
      // the engine names the move with the seat ("p2 bet 50: ..."): it is your own move
      text = String(text).replace(/^p\d+ ([^:]+): /, "$1 refused: ");
      if (st) { st.error = text; render(); }
      say(text, true);
    },
    state() { return st; },
    say,
  };
}
