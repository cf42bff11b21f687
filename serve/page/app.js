// The page: one input box, read by the API (/api/v1/); the answer drawn on
// a 9x9 board with its fields beside it. The URL holds the input (?q=), so
// that a link or a reload shows the same answer.
"use strict";

const $ = (id) => document.getElementById(id);
let shown = null; // {kind: "grid"|"puzzle", data}

// api fetches one answer of the API; it throws the API's error object
// ({type, message, cell}) or an Error.
async function api(path) {
  let r;
  try {
    r = await fetch(path, { headers: { Accept: "application/json" } });
  } catch (e) {
    throw new Error("the server cannot be reached: " + e.message);
  }
  let body;
  try {
    body = await r.json();
  } catch (e) {
    throw new Error("the server answered " + r.status + " without JSON");
  }
  if (body.status !== "success") {
    throw body.error || new Error("the server answered " + r.status);
  }
  return body.data;
}

// classify tells an ID and a number from cells; the server tells a grid
// from a puzzle (its minlex answer has the kind).
function classify(t) {
  if (/^\d+-[0-9a-fA-F]{21}$/.test(t)) return "id";
  if (/^\d{1,12}$/.test(t)) return "number";
  return "cells";
}

// lookup answers text and shows it; push adds a history entry.
async function lookup(text, push) {
  const t = text.trim();
  showError("");
  $("generated").textContent = "";
  if (t === "") {
    showError("Type a grid, a puzzle, a grid number or a puzzle ID.");
    return;
  }
  const order = $("order").value;
  const enc = encodeURIComponent(t);
  try {
    let kind = classify(t);
    let data;
    if (kind === "id") {
      data = await api("api/v1/id/" + enc);
      kind = "puzzle";
    } else if (kind === "number") {
      data = await api("api/v1/number/" + enc + "?order=" + order);
      kind = "grid";
    } else {
      kind = (await api("api/v1/minlex/" + enc)).kind;
      data = await api("api/v1/" + kind + "/" + enc);
    }
    show(kind, data);
    setPermalink(t, push);
  } catch (e) {
    clear();
    showError(e.message || String(e));
  }
}

function showError(msg) {
  $("error").textContent = msg;
  $("q").setAttribute("aria-invalid", msg ? "true" : "false");
}

function clear() {
  shown = null;
  $("board").replaceChildren();
  $("fields").replaceChildren();
  $("more").replaceChildren();
  $("explored").replaceChildren();
  $("explore").hidden = true;
  $("caption").textContent = "";
  navState();
}

// drawBoard draws 81 cells; given marks the puzzle's clues.
function drawBoard(cells, given) {
  const board = $("board");
  board.replaceChildren();
  for (let r = 0; r < 9; r++) {
    const tr = document.createElement("tr");
    for (let c = 0; c < 9; c++) {
      const i = r * 9 + c;
      const td = document.createElement("td");
      const ch = cells[i];
      td.textContent = ch >= "1" && ch <= "9" ? ch : "";
      if (given) td.className = given[i] >= "1" && given[i] <= "9" ? "given" : "solved";
      td.setAttribute("aria-label", "r" + (r + 1) + "c" + (c + 1) + " " + (td.textContent || "empty"));
      tr.appendChild(td);
    }
    board.appendChild(tr);
  }
}

// grouped writes n with thousands separators: 5,472,730,538.
function grouped(n) {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

// field adds one name and value to the fields; help, when given, says
// what the value is, under the name. An 81-cell string is written as nine
// rows of nine that wrap between rows, a number with thousands separators.
function field(key, label, value, help) {
  const dt = document.createElement("dt");
  dt.textContent = label;
  if (help) {
    const small = document.createElement("small");
    small.textContent = help;
    dt.append(small);
  }
  const dd = document.createElement("dd");
  dd.dataset.field = key;
  if (typeof value === "string" && value.length === 81) {
    dd.classList.add("cells");
    for (let r = 0; r < 9; r++) {
      const span = document.createElement("span");
      span.textContent = value.slice(9 * r, 9 * r + 9);
      dd.append(span);
    }
  } else if (typeof value === "number") {
    dd.textContent = grouped(value);
  } else {
    dd.textContent = String(value);
  }
  $("fields").append(dt, dd);
}

// The invariants' names on the page, and what each is (edgrid query --list).
const invariantHelp = {
  ua4: ["4-cell unavoidable sets", "a b / b a in two rows and two columns, within two boxes"],
  intercalates: ["intercalates", "2x2 latin subsquares a b / b a in any two rows and columns"],
  ua2: ["2-digit unavoidable sets", "components of each digit pair's 18 cells"],
  band1: ["band form, rows 1-3", "of the minlex grid, among all 416 band forms"],
  band2: ["band form, rows 4-6", "of the minlex grid, among all 416 band forms"],
  band3: ["band form, rows 7-9", "of the minlex grid, among all 416 band forms"],
  stack1: ["band form, columns 1-3", "of the minlex grid, among all 416 band forms"],
  stack2: ["band form, columns 4-6", "of the minlex grid, among all 416 band forms"],
  stack3: ["band form, columns 7-9", "of the minlex grid, among all 416 band forms"],
};

// link adds a link to the answer of q below the fields.
function link(id, text, q) {
  const a = document.createElement("a");
  a.id = id;
  a.href = "?" + new URLSearchParams({ q }).toString();
  a.textContent = text;
  a.addEventListener("click", (e) => {
    e.preventDefault();
    $("q").value = q;
    lookup(q, true);
  });
  $("more").append(a);
}

function show(kind, data) {
  shown = { kind, data };
  $("fields").replaceChildren();
  $("more").replaceChildren();
  $("explored").replaceChildren();
  $("explore").hidden = kind !== "grid";
  if (kind === "grid") {
    drawBoard(data.grid, null);
    const order = $("order").value;
    $("caption").textContent = "Grid number " + grouped(data.numbers[order]) + " of 5,472,730,538 in the " + order + " order";
    field("grid", "grid", data.grid);
    field("minlex", "minlex", data.minlex, "the smallest grid of its class");
    field("autos", "automorphisms", data.autos, "transforms mapping it onto itself");
    field("paper", "number (paper)", data.numbers.paper, "the published catalog's order");
    field("groups", "number (groups)", data.numbers.groups, "group by group, then by grid");
    field("lex", "number (lex)", data.numbers.lex, "in minlex order");
    field("group", "group", data.group, "1..3,541: first band and column 1");
    field("band", "first band (of 401)", data.band, "rows 1-3's form among the 401 that start minlex grids");
    for (const [k, v] of Object.entries(data.invariants)) {
      if (k === "autos") continue; // the automorphisms above
      const [label, help] = invariantHelp[k] || [k, ""];
      field("inv-" + k, label, v, help);
    }
  } else {
    drawBoard(data.solution || data.puzzle, data.puzzle);
    const n = ["no solution", "a unique solution", "more than one solution"][data.solutions];
    const givens = data.givens === 0 ? "An empty puzzle" : "A puzzle of " + data.givens + (data.givens === 1 ? " given" : " givens");
    $("caption").textContent = givens + " with " + n + (data.solutions && data.givens ? " (givens shaded)" : "");
    field("puzzle", "puzzle", data.puzzle);
    field("solutions", "solutions", data.solutions === 2 ? "2 or more" : data.solutions);
    if (data.solution) field("solution", data.solutions === 1 ? "solution" : "first solution", data.solution);
    if (data.id) field("id", "ID", data.id, "the solution's number (paper) and the clue cells");
    field("minlex", "minlex", data.minlex, "the smallest puzzle of its class");
    field("pattern_first", "minlex, pattern first", data.pattern_first, "smallest clue pattern first");
    field("autos", "automorphisms", data.autos, "transforms mapping it onto itself");
    field("pattern", "pattern", data.pattern, "the clue cells' smallest form");
    field("pattern_autos", "pattern automorphisms", data.pattern_autos);
    if (data.solution) link("to-solution", "the " + (data.solutions === 1 ? "" : "first ") + "solution grid's answer", data.solution);
  }
  navState();
}

// explore shows what an exploration of the grid shown answers.
async function explore(what) {
  if (!shown || shown.kind !== "grid") return;
  const out = $("explored");
  out.replaceChildren();
  showError("");
  const grid = shown.data.grid;
  try {
    if (what === "ua") {
      out.textContent = "collecting the unavoidable sets...";
      const d = await api("api/v1/unavoidable/" + grid);
      const sizes = Object.entries(d.sizes).sort((a, b) => a[0] - b[0]).map(([k, v]) => v + " of " + k + " cells");
      const p = document.createElement("p");
      p.id = "ua-count";
      p.textContent = grouped(d.count) + " minimal unavoidable sets of up to " + d.max_size + " cells: " + sizes.join(", ") + ".";
      const list = document.createElement("details");
      const sum = document.createElement("summary");
      sum.textContent = "the sets, smallest first (the grid's digits in their cells)";
      const pre = document.createElement("pre");
      pre.textContent = d.sets.join("\n");
      list.append(sum, pre);
      out.replaceChildren(p, list);
    } else {
      const clues = $("clues").value;
      out.textContent = "scanning for a puzzle of " + clues + " clues...";
      const d = await api("api/v1/scan/" + grid + "?clues=" + encodeURIComponent(clues));
      const p = document.createElement("p");
      p.id = "scan-result";
      if (!d.found) {
        p.textContent = "This grid has no minimal puzzle of " + d.clues + " clues.";
        out.replaceChildren(p);
        return;
      }
      p.textContent = "A minimal puzzle of " + d.clues + " clues: ";
      const a = document.createElement("a");
      a.id = "scan-puzzle";
      a.href = "?" + new URLSearchParams({ q: d.puzzle }).toString();
      a.textContent = d.puzzle;
      a.addEventListener("click", (e) => {
        e.preventDefault();
        $("q").value = d.puzzle;
        lookup(d.puzzle, true);
      });
      p.append(a);
      out.replaceChildren(p);
    }
  } catch (e) {
    out.replaceChildren();
    showError(e.message || String(e));
  }
}

// lastNumber is the number of the last grid in every order: there are
// 5,472,730,538 classes of grids.
const lastNumber = 5472730538;

// navState enables prev/next when a grid with a number is shown and the
// number has a neighbour on that side.
function navState() {
  const n = shown && shown.kind === "grid" ? shown.data.numbers[$("order").value] : 0;
  $("prev").disabled = !(n > 1);
  $("next").disabled = !(n > 0 && n < lastNumber);
}

function step(d) {
  const n = shown.data.numbers[$("order").value] + d;
  $("q").value = String(n);
  lookup(String(n), true);
}

function setPermalink(t, push) {
  const p = new URLSearchParams({ q: t });
  if ($("order").value !== "paper") p.set("order", $("order").value);
  const url = "?" + p.toString();
  $("permalink").href = url;
  if (push && location.search !== url) history.pushState(null, "", url);
}

// fromURL shows the state the URL holds.
function fromURL() {
  const p = new URLSearchParams(location.search);
  const o = p.get("order");
  if (o === "paper" || o === "groups" || o === "lex") $("order").value = o;
  const q = p.get("q");
  if (q) {
    $("q").value = q;
    lookup(q, false);
  } else {
    clear();
  }
}

document.addEventListener("DOMContentLoaded", () => {
  $("lookup").addEventListener("submit", (e) => {
    e.preventDefault();
    lookup($("q").value, true);
  });
  $("q").addEventListener("keydown", (e) => {
    if (e.key === "Enter" && !e.shiftKey) {
      e.preventDefault();
      lookup($("q").value, true);
    }
  });
  // A new order keeps the grid shown and shows its number in that order
  // (a number in the box becomes that number); with no grid shown, a
  // number in the box is looked up in the new order.
  $("order").addEventListener("change", () => {
    if (shown && shown.kind === "grid" && classify($("q").value.trim()) === "number") {
      $("q").value = String(shown.data.numbers[$("order").value]);
      show(shown.kind, shown.data);
      setPermalink($("q").value.trim(), true);
    } else if (shown) {
      show(shown.kind, shown.data);
      setPermalink($("q").value.trim(), false);
    } else if (classify($("q").value.trim()) === "number") {
      lookup($("q").value, true);
    }
  });
  for (const b of document.querySelectorAll("button.example")) {
    b.addEventListener("click", () => {
      $("q").value = b.dataset.q;
      lookup(b.dataset.q, true);
    });
  }
  $("ua").addEventListener("click", () => explore("ua"));
  $("scan").addEventListener("click", () => explore("scan"));
  $("prev").addEventListener("click", () => step(-1));
  $("next").addEventListener("click", () => step(1));
  $("random").addEventListener("click", async () => {
    showError("");
    try {
      const data = await api("api/v1/random");
      $("q").value = data.grid;
      show("grid", data);
      setPermalink(data.grid, true);
    } catch (e) {
      showError(e.message || String(e));
    }
  });
  // A new puzzle: a minimal one of a uniformly random grid, shown as any
  // puzzle typed in, with its rating (which the puzzle answer does not
  // give) above it.
  $("new-puzzle").addEventListener("click", async () => {
    showError("");
    try {
      const p = (await api("api/v1/generate")).puzzles[0];
      $("q").value = p.puzzle;
      await lookup(p.puzzle, true);
      $("generated").textContent = "A new minimal puzzle: " + p.clues + " clues, grade " + p.grade +
        " (" + p.guesses + " guesses; hardest technique: " + p.technique + ").";
    } catch (e) {
      showError(e.message || String(e));
    }
  });
  window.addEventListener("popstate", fromURL);
  fromURL();
});
