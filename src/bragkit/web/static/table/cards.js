// Card text for the table: "Kh" -> rank + suit glyph, with the suit named for screen readers.
// The four-colour deck is a CSS class on the table root (suit classes s-h, s-d, s-c, s-s).

const SUITS = { h: ["\u2665", "hearts"], d: ["\u2666", "diamonds"], c: ["\u2663", "clubs"],
  s: ["\u2660", "spades"] };
const RANKS = { T: "10", J: "J", Q: "Q", K: "K", A: "A" };
const RANK_WORDS = { A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", "2": "two",
  "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight", "9": "nine" };

export function esc(text) {
  return String(text ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;",
    ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

// Split "Kh Qs 2d" or ["Kh", ...] into card codes.
export function cardList(cards) {
  if (cards == null) return null;
  if (Array.isArray(cards)) return cards;
  return String(cards).split(/\s+/).filter(Boolean);
}

export function cardWords(code) {
  if (/^X\d?$/i.test(code) || /^jo/i.test(code)) return "joker";
  const rank = RANK_WORDS[code[0]] ?? code[0];
  const suit = SUITS[code[1]]?.[1] ?? code.slice(1);
  return `${rank} of ${suit}`;
}

export function cardHtml(code, big = false) {
  const cls = big ? "card big" : "card";
  if (/^X\d?$/i.test(code)) { // a joker: "X" (or "X1", "X2" in older histories)
    return `<span class="${cls} joker" data-c="${esc(code)}" role="img" aria-label="joker">\u2605<small>J</small></span>`;
  }
  const rank = RANKS[code[0]] ?? code[0];
  const suit = SUITS[code[1]] ?? ["?", code.slice(1)];
  return `<span class="${cls} s-${esc(code[1])}" data-c="${esc(code)}" role="img" aria-label="${esc(cardWords(code))}">`
    + `<b>${esc(rank)}</b><i aria-hidden="true">${suit[0]}</i></span>`;
}

export function backsHtml(n, big = false, label = "face down") {
  const cls = big ? "card back big" : "card back";
  let out = "";
  for (let i = 0; i < n; i++) out += `<span class="${cls}" aria-hidden="true"></span>`;
  return `<span class="cards" role="img" aria-label="${esc(n + " cards " + label)}">${out}</span>`;
}

export function cardsHtml(cards, big = false) {
  const list = cardList(cards) ?? [];
  return `<span class="cards">${list.map((c) => cardHtml(c, big)).join("")}</span>`;
}

export function cardsText(cards) {
  return (cardList(cards) ?? []).map(cardWords).join(", ");
}
