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

// field adds one name and value to the fields.
function field(key, label, value) {
  const dt = document.createElement("dt");
  dt.textContent = label;
  const dd = document.createElement("dd");
  dd.dataset.field = key;
  dd.textContent = String(value);
  $("fields").append(dt, dd);
}

function show(kind, data) {
  shown = { kind, data };
  $("fields").replaceChildren();
  if (kind === "grid") {
    drawBoard(data.grid, null);
    const order = $("order").value;
    $("caption").textContent = "Grid number " + data.numbers[order] + " in the " + order + " order";
    field("grid", "grid", data.grid);
    field("minlex", "minlex", data.minlex);
    field("autos", "automorphisms", data.autos);
    field("paper", "number (paper)", data.numbers.paper);
    field("groups", "number (groups)", data.numbers.groups);
    field("lex", "number (lex)", data.numbers.lex);
    field("group", "group", data.group);
    field("band", "first band", data.band);
    for (const [k, v] of Object.entries(data.invariants)) field("inv-" + k, k, v);
  } else {
    drawBoard(data.solution || data.puzzle, data.puzzle);
    const n = ["no solution", "a unique solution", "more than one solution"][data.solutions];
    $("caption").textContent = "A puzzle of " + data.givens + " givens with " + n +
      (data.solutions ? " (givens shaded)" : "");
    field("puzzle", "puzzle", data.puzzle);
    field("solutions", "solutions", data.solutions === 2 ? "2 or more" : data.solutions);
    if (data.solution) field("solution", data.solutions === 1 ? "solution" : "first solution", data.solution);
    if (data.id) field("id", "ID", data.id);
    field("minlex", "minlex", data.minlex);
    field("patternFirst", "minlex, pattern first", data.patternFirst);
    field("autos", "automorphisms", data.autos);
    field("pattern", "pattern", data.pattern);
    field("patternAutos", "pattern automorphisms", data.patternAutos);
  }
  navState();
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
  $("order").addEventListener("change", () => {
    if (classify($("q").value.trim()) === "number") {
      lookup($("q").value, true);
    } else if (shown) {
      show(shown.kind, shown.data);
      setPermalink($("q").value.trim(), false);
    }
  });
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
  window.addEventListener("popstate", fromURL);
  fromURL();
});
