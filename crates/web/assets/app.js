// The bitgames web app: plain JavaScript over the JSON API. All rules live in Rust; this
// file only draws what the API answers and sends what the user clicks. The API is answered
// by one of two engine backends, picked at load (pickBackend): the server's /api/ (`bitgames
// serve`), or the static site's Web Worker running the wasm build of the same code
// (worker.js, written by `cargo xtask web-static`), which answers the Play page's requests
// with the same JSON.
"use strict";

const $ = (id) => document.getElementById(id);

// Every uncaught error and unhandled rejection of the page, for the browser test to read
// (and for a person, in the console as usual).
window.bitgamesErrors = [];
window.addEventListener("error", (event) => window.bitgamesErrors.push(String(event.message)));
window.addEventListener("unhandledrejection", (event) =>
  window.bitgamesErrors.push(String(event.reason && event.reason.message || event.reason)));

// The engine backend: `wasm` when the static site's workers answer, else the server. Two
// workers, started when first asked: `play` for the Play page's engines, `measure` for the
// kernels, compares and the bundled replay, so a compare never holds up an engine's move.
// `browserToo`: the server also serves the static site's engine (`bitgames serve --wasm
// DIR`), so Compare can measure in this browser beside the server's figures.
const backend = { wasm: false, browserToo: false, workers: new Map(), next: 0 };

// The API paths the measuring worker answers; the rest go to the playing one.
const MEASURED = ["/api/kernels", "/api/compare", "/api/towerdefence/sample"];

// The worker of `lane`: started on first use; every request is a message, answered by id.
function worker(lane) {
  if (backend.workers.has(lane)) return backend.workers.get(lane);
  const entry = { worker: new Worker("worker.js"), pending: new Map() };
  entry.worker.onmessage = (event) => {
    const { id, ok, data, error } = event.data;
    const pending = entry.pending.get(id);
    if (!pending) return;
    entry.pending.delete(id);
    if (ok) pending.resolve(data); else pending.reject(new Error(error));
  };
  entry.worker.onerror = (event) => {
    // A worker that failed to load (or crashed) answers nothing: fail every waiting request.
    const error = new Error("the browser's engine failed: " + (event.message || "see the console"));
    for (const pending of entry.pending.values()) pending.reject(error);
    entry.pending.clear();
  };
  backend.workers.set(lane, entry);
  return entry;
}

// The static site's backend: the workers, and the notes for what only the server does.
function useWorker() {
  backend.wasm = true;
  document.documentElement.dataset.backend = "wasm";
  for (const note of document.querySelectorAll(".needs-server")) note.hidden = false;
  for (const element of document.querySelectorAll(".server-only")) element.disabled = true;
}

// Where Compare measures, in words.
function whereMeasured() {
  return backend.wasm ? "in this browser (wasm, one thread)" : "on the server (native)";
}

// The server when it answers /api/games with JSON, else (a plain file server, or the page
// says data-backend="wasm") the workers.
async function pickBackend() {
  if (document.documentElement.dataset.backend === "wasm") return useWorker();
  try {
    const response = await fetch("/api/games");
    const type = response.headers.get("content-type") || "";
    if (response.ok && type.startsWith("application/json")) {
      document.documentElement.dataset.backend = "server";
      const engine = await fetch("bitgames_wasm_bg.wasm", { method: "HEAD" }).catch(() => null);
      backend.browserToo = Boolean(engine && engine.ok);
      $("compare-browser-choice").hidden = !backend.browserToo;
      return;
    }
  } catch (_) {
    // No server: the workers.
  }
  useWorker();
}

// POST (or GET when body is undefined) to the API; rejects with the backend's message.
async function api(path, body) {
  return backend.wasm ? workerApi(path, body) : serverApi(path, body);
}

// A request answered by the wasm workers (the static site, or Compare's browser run).
function workerApi(path, body) {
  const entry = worker(MEASURED.includes(path) ? "measure" : "play");
  const id = backend.next++;
  return new Promise((resolve, reject) => {
    entry.pending.set(id, { resolve, reject });
    entry.worker.postMessage({ id, path, body });
  });
}

// A request answered by the server.
async function serverApi(path, body) {
  const init = body === undefined ? {} : {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  };
  const response = await fetch(path, init);
  const text = await response.text();
  let data;
  try { data = JSON.parse(text); } catch (_) { data = { error: text }; }
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

// One game's compare chart (SVG text): the server's GET /api/compare, or the measuring
// worker (the same Rust code, timed in the browser) on the static site or when `inBrowser`.
async function compareChart(game, instances, inBrowser) {
  if (backend.wasm || inBrowser) return workerApi("/api/compare", { game, instances, format: "svg" });
  const response = await fetch("/api/compare?format=svg&game=" + game + "&instances=" + instances);
  const text = await response.text();
  if (!response.ok) throw new Error(JSON.parse(text).error);
  return text;
}

function say(element, text, isError) {
  element.textContent = text;
  element.className = isError ? "error" : "";
}

// ---------------------------------------------------------------- pages

const PAGES = ["play", "kernels", "compare", "towerdefence"];
function showPage() {
  const name = PAGES.includes(location.hash.slice(1)) ? location.hash.slice(1) : "play";
  for (const page of PAGES) {
    $("page-" + page).hidden = page !== name;
    $("nav-" + page).className = page === name ? "active" : "";
  }
  openPage(name);
}

// What a page shows when it opens, the first time: the kernels of a random position, the
// latest compare chart, the bundled Tower Defence game (Play starts its game in initPlay).
function openPage(name) {
  if (name === "kernels" && !$("kernel-results").children.length &&
      $("kernel-message").textContent === "") {
    $("kernel-seed").value = String(randomSeed());
    runKernels(true);
  } else if (name === "compare") {
    openCompare();
  } else if (name === "towerdefence" && !td.rounds.length &&
      $("td-message").textContent === "") {
    openReplay(null);
  }
}

// A seed for a random position: 1 to 1,000,000.
function randomSeed() {
  return 1 + Math.floor(Math.random() * 1000000);
}

// ---------------------------------------------------------------- play

// Every (move, path) pair of the position: a path is the clicks that make the move, in
// order (square names, and "power" where a Santorini god's power applies), as the server's
// legal_steps gives them ("d3" -> [d3], "B3>B4^B3" -> [B3, B4, B3], "d1-d7/d2" ->
// [d1, d7, d2], Atlas's dome "B3>C3^C4X" -> [B3, C3, power, C4], "pass" -> []). The paths
// are prefix-free: a move is complete at its last click.
function movePaths(state) {
  const pairs = [];
  state.legal_moves.forEach((move, i) => {
    for (const path of state.legal_steps[i]) pairs.push({ move, path });
  });
  return pairs;
}

// The pairs whose path goes on from the clicks in `selected`.
function continuing(state, selected) {
  return movePaths(state).filter(({ path }) =>
    path.length >= selected.length && selected.every((s, i) => path[i] === s));
}

const play = {
  games: null,        // /api/games
  state: null,        // the current GameState
  history: [],        // [{state, move}] before each move played
  selected: [],       // steps taken so far towards a move (square names and "power")
  lastMove: null,
  generation: 0,      // bumped by new game/undo/load: stale engine replies are dropped
  thinking: false,
  hints: new Map(),   // Othello: each legal move's value, by its square, once asked for
};

function seat(side) {
  return $(side === "first" ? "first-player" : "second-player").value;
}

function humanToMove() {
  return play.state && play.state.outcome === "ongoing" && seat(play.state.side_to_move) === "human";
}

function godTitle(name) {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function godRule(name) {
  const santorini = play.games.games.find((g) => g.name === "santorini");
  const god = santorini.gods.find((g) => g.name === name);
  return god ? god.rule : "";
}

// Each game's names for its first and second player.
const SIDES = {
  othello: ["Black", "White"], santorini: ["Player 1", "Player 2"], amazons: ["White", "Black"],
};

// Othello's discs on the board: [Black's, White's].
function discCounts(state) {
  let black = 0, white = 0;
  for (const cell of state.board.cells) {
    if (cell.piece === "first") black += 1;
    if (cell.piece === "second") white += 1;
  }
  return [black, white];
}

function describeOutcome(state) {
  const names = SIDES[state.game].slice();
  if (state.gods) {
    state.gods.forEach((god, i) => {
      if (god !== "mortal") names[i] += " (" + godTitle(god) + ")";
    });
  }
  if (state.outcome === "ongoing") {
    const who = names[state.side_to_move === "first" ? 0 : 1];
    return who + " (" + seat(state.side_to_move) + ") to move";
  }
  if (state.game === "othello") {
    // The final score in words, the winner's discs first: "Black wins 40-24", "Draw 32-32".
    const [black, white] = discCounts(state);
    if (state.outcome === "draw") return "Draw " + black + "-" + white;
    return state.outcome === "first"
      ? "Black wins " + black + "-" + white : "White wins " + white + "-" + black;
  }
  if (state.outcome === "draw") return "Game over: a draw";
  return "Game over: " + names[state.outcome === "first" ? 0 : 1] + " wins";
}

function renderPlay() {
  const state = play.state;
  if (!state) return;
  const board = $("board");
  board.className = "board " + state.game;
  // The cell size is CSS's (--cell, smaller on a narrow screen); the column count is ours.
  board.style.setProperty("--cols", String(state.board.cols));
  board.replaceChildren();
  // Moves still possible given the steps taken so far, and the steps that extend them.
  const candidates = humanToMove() && !play.thinking
    ? continuing(state, play.selected).filter(({ path }) => path.length > play.selected.length)
    : [];
  const targets = new Set(candidates.map(({ path }) => path[play.selected.length]));
  const lastPaths = play.lastMove && play.history.length
    ? play.history[play.history.length - 1].paths || [] : [];
  const last = new Set((lastPaths[0] || []).filter((s) => s !== "power"));
  // Santorini: each step's number on its square, the steps taken so far (or, between
  // turns, the last move's).
  const shownPath = play.selected.length ? play.selected : lastPaths[0] || [];
  const stepNumbers = new Map();
  if (state.game === "santorini") {
    shownPath.forEach((square, i) => {
      if (square === "power") return;
      stepNumbers.set(square, (stepNumbers.get(square) || []).concat([i + 1]));
    });
  }
  state.board.cells.forEach((cell, i) => {
    const div = document.createElement("div");
    const row = Math.floor(i / state.board.cols), col = i % state.board.cols;
    div.className = "cell" + ((row + col) % 2 ? " dark" : "");
    if (cell.level) div.classList.add("level-" + cell.level);
    if (cell.level !== null && cell.level !== undefined) div.dataset.level = String(cell.level);
    if (targets.has(cell.name)) div.classList.add("target");
    if (play.selected.includes(cell.name)) div.classList.add("selected");
    if (last.has(cell.name)) div.classList.add("last");
    div.dataset.square = cell.name;
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = cell.name;
    div.appendChild(name);
    if (cell.level) drawBuilding(div, cell.level);
    if (stepNumbers.has(cell.name)) {
      const badge = document.createElement("span");
      badge.className = "step-number";
      badge.textContent = stepNumbers.get(cell.name).join(",");
      div.appendChild(badge);
    }
    if (cell.piece) {
      const piece = document.createElement("div");
      piece.className = "piece " + cell.piece;
      div.appendChild(piece);
    }
    if (play.hints.has(cell.name)) {
      const value = document.createElement("span");
      value.className = "hint-value";
      value.textContent = play.hints.get(cell.name);
      div.appendChild(value);
    }
    div.addEventListener("click", () => clickSquare(cell.name));
    board.appendChild(div);
  });
  const pass = movePaths(state).find(({ path }) => path.length === 0);
  // A pass that is the only move is played for the person (see autoPass).
  $("pass").hidden = !(pass && humanToMove() && state.legal_moves.length > 1);
  $("hints").hidden = !(state.game === "othello" && humanToMove() && !play.thinking &&
    !pass);
  if (pass) $("pass").textContent = pass.move;
  // A god's power is a step of its own: offered where some legal move takes it next.
  const god = state.gods ? state.gods[state.side_to_move === "first" ? 0 : 1] : null;
  $("power").hidden = !targets.has("power");
  $("power").textContent = "Use " + (god ? godTitle(god) : "") + "'s power";
  $("power").title = god ? godRule(god) : "";
  $("status").textContent = describeOutcome(state) + (play.thinking ? " (thinking...)" : "");
  $("status").dataset.outcome = state.outcome;
  const [black, white] = state.game === "othello" ? discCounts(state) : [];
  $("discs").textContent = state.game === "othello" ? "Black " + black + " \u2013 White " + white : "";
  renderSteps(state, candidates, lastPaths);
  renderGodPowers(state);
  $("hint").textContent = !humanToMove() ? "" : state.game === "othello"
    ? "Click a highlighted square."
    : state.game === "amazons"
      ? "Click a queen, the square it moves to, then where it shoots its arrow."
      : state.legal_moves.some((m) => m.startsWith("place:"))
        ? "Place your two workers: click two highlighted squares."
        : "Click a worker, the square it moves to, then where it builds." +
          (god && god !== "mortal" ? " " + godTitle(god) + ": " + godRule(god) +
            " (the power button takes it where it applies)." : "");
  $("position").value = state.position;
  const list = $("moves");
  list.replaceChildren();
  play.history.forEach((entry, i) => {
    const li = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "move";
    button.textContent = entry.move;
    button.title = "Back to the position after " + entry.move;
    button.addEventListener("click", () => backTo(i));
    li.appendChild(button);
    list.appendChild(li);
  });
  // The list follows the game: the last move in view.
  list.scrollTop = list.scrollHeight;
}

// Santorini's buildings, drawn as heights: one block per level, each smaller and darker
// than the one below it (seen from above), and a dome as a blue dome.
function drawBuilding(div, level) {
  for (let k = 1; k <= Math.min(level, 3); k++) {
    const block = document.createElement("div");
    block.className = "block block-" + k;
    div.appendChild(block);
  }
  if (level === 4) {
    const dome = document.createElement("div");
    dome.className = "dome";
    div.appendChild(dome);
  }
  div.title = div.dataset.square + ": " + (level === 4 ? "a dome" : "level " + level);
}

// What each square of a Santorini move's text does, in the order the text names them:
// "B3>C3^C4" -> B3 worker, C3 move, C4 build; "^B4 B3>C3^C4" (Prometheus) builds B4 first;
// "(A1,B1)>(C1,D1)^C2" (Hermes) moves two workers; "C4X" a dome; "^^C4" two blocks;
// "place:B3,D3" places workers.
function moveRoles(move) {
  const roles = new Map();
  const add = (square, role) => roles.set(square, (roles.get(square) || []).concat([role]));
  if (move.startsWith("place:")) {
    for (const square of move.slice(6).split(",")) add(square, "place");
    return roles;
  }
  let role = "worker";
  for (let i = 0; i < move.length; i++) {
    const c = move[i];
    if (c === ">") role = "move";
    else if (c === "^") role = move[i + 1] === "^" ? "build2" : role === "build2" ? role : "build";
    else if (c === " ") role = "worker";
    else if (/[A-Z]/.test(c) && /[0-9]/.test(move[i + 1] || "")) {
      const square = c + move[i + 1];
      add(square, role === "build" && move[i + 2] === "X" ? "dome" : role);
      i += 1;
    }
  }
  return roles;
}

// The role of each step of `path` (a way to make `move`): "power", or a square's role in
// the move's text (a square named twice takes its roles in turn).
function stepRoles(move, path) {
  const roles = moveRoles(move);
  const seen = new Map();
  return path.map((step) => {
    if (step === "power") return "power";
    const list = roles.get(step) || ["square"];
    const k = seen.get(step) || 0;
    seen.set(step, k + 1);
    return list[Math.min(k, list.length - 1)];
  });
}

// One step in words: "worker B3", "moves to C3", "Atlas's power", "dome on C4".
function stepWords(role, step, god) {
  const words = {
    worker: "worker " + step, move: "moves to " + step, build: "builds on " + step,
    build2: "builds two blocks on " + step, dome: "builds a dome on " + step,
    place: "places a worker on " + step, square: step,
    power: (god ? godTitle(god) : "the god") + "'s power",
  };
  return words[role];
}

// What the next click may be, in words.
const NEXT_WORDS = {
  worker: "a worker", move: "where it moves", build: "where it builds",
  build2: "where it builds two blocks", dome: "where the dome goes", place: "a square",
  square: "a square", power: "the power button",
};

// The steps of a Santorini move as they are taken (numbered like the badges on the
// board): the person's steps so far and what may come next, or between turns the last
// move's steps, whoever played it.
function renderSteps(state, candidates, lastPaths) {
  const box = $("steps");
  box.replaceChildren();
  if (state.game !== "santorini") return;
  let move, path, god, heading;
  if (play.selected.length && candidates.length) {
    ({ move } = candidates[0]);
    path = play.selected;
    god = state.gods ? state.gods[state.side_to_move === "first" ? 0 : 1] : null;
    heading = "Steps so far:";
  } else if (play.history.length && lastPaths.length) {
    const entry = play.history[play.history.length - 1];
    move = entry.move;
    path = lastPaths[0];
    const before = entry.state;
    god = before.gods ? before.gods[before.side_to_move === "first" ? 0 : 1] : null;
    heading = "Last move " + move + ":";
  } else {
    return;
  }
  const title = document.createElement("span");
  title.textContent = heading;
  box.appendChild(title);
  const list = document.createElement("ol");
  list.className = "step-list";
  stepRoles(move, path).forEach((role, i) => {
    const li = document.createElement("li");
    li.textContent = stepWords(role, path[i], god);
    li.dataset.role = role;
    list.appendChild(li);
  });
  box.appendChild(list);
  if (play.selected.length) {
    const next = new Set(candidates.map(({ move, path }) =>
      stepRoles(move, path)[play.selected.length]));
    const note = document.createElement("span");
    note.className = "step-next";
    note.textContent = "Next: " + [...next].map((role) => NEXT_WORDS[role]).join(" or ") +
      " (Esc takes the steps back)";
    box.appendChild(note);
  }
}

// The chosen gods' powers in words, beside the board (Santorini).
function renderGodPowers(state) {
  const box = $("god-powers");
  box.replaceChildren();
  box.hidden = !state.gods;
  if (!state.gods) return;
  state.gods.forEach((god, i) => {
    const p = document.createElement("p");
    const name = document.createElement("strong");
    name.textContent = SIDES.santorini[i] + ": " + godTitle(god);
    p.appendChild(name);
    p.appendChild(document.createTextNode(" \u2013 " + (god === "mortal"
      ? "no power: move one worker, then build next to it." : godRule(god))));
    box.appendChild(p);
  });
}

// Every god with its rule (from /api/games), for choosing.
function fillGodList(gods) {
  const list = $("god-list-items");
  list.replaceChildren();
  for (const god of gods) {
    const dt = document.createElement("dt");
    dt.textContent = godTitle(god.name);
    const dd = document.createElement("dd");
    dd.textContent = god.rule;
    list.append(dt, dd);
  }
}

// Back to the position after the move at `index` of the move list: the moves after it are
// dropped, and the game goes on from there (the engine plays if it is its turn).
function backTo(index) {
  if (index < 0 || index >= play.history.length) return;
  play.generation += 1;
  play.thinking = false;
  play.state = index + 1 < play.history.length ? play.history[index + 1].state : play.state;
  play.history = play.history.slice(0, index + 1);
  play.lastMove = play.history[index].move;
  play.selected = [];
  play.hints = new Map();
  say($("message"), "Back to the position after move " + (index + 1) + ", " + play.lastMove);
  $("engine-info").textContent = "";
  $("evaluation").textContent = "";
  $("line").textContent = "";
  renderPlay();
  engineTurn();
}

// The position after `move` (undefined: a new game), made by the steps of `path` when the
// person clicked them (else the move's canonical steps are shown for it).
function setState(state, move, path) {
  if (move !== undefined) {
    const i = play.state.legal_moves.indexOf(move);
    const paths = path ? [path] : i >= 0 ? play.state.legal_steps[i] : [];
    play.history.push({ state: play.state, move, paths });
  }
  play.state = state;
  play.lastMove = move === undefined ? null : move;
  play.selected = [];
  play.hints = new Map();
  renderPlay();
}

// A hint's value in words for the side to move: Othello's in discs ("+1.3", exact margins
// "=+6"), a forced result "win" or "loss".
function hintValue(hint) {
  const signed = (n) => (n > 0 ? "+" : "") + n;
  if (hint.exact && Math.abs(hint.score) > 500000) return hint.score > 0 ? "win" : "loss";
  if (hint.exact) return "=" + signed(hint.score);
  return signed((hint.score / 100).toFixed(1));
}

// Hints on request (Othello): every legal move's value, from a short alpha-beta search (or
// solve) after it, the time per move shared among them, shown on its square in discs for
// the side to move ("=" before an exact margin).
async function showHints() {
  const state = play.state;
  if (!state || state.game !== "othello" || !humanToMove() || play.thinking) return;
  const generation = play.generation;
  say($("message"), "Hints: thinking about " + state.legal_moves.length + " moves...");
  try {
    const reply = await api("/api/hints", {
      game: state.game, position: state.position, time_ms: Number($("time-ms").value),
      strategy: strategy(),
    });
    if (generation !== play.generation || play.state !== state) return;
    play.hints = new Map(reply.hints.map((hint) => [hint.move, hintValue(hint)]));
    renderPlay();
    say($("message"), "Hints: each move's value in discs for " +
      SIDES.othello[state.side_to_move === "first" ? 0 : 1] + " (= exact)");
  } catch (err) {
    if (generation === play.generation) say($("message"), "Hints: " + err.message, true);
  }
}

// One step towards a move: a square clicked, or "power" from the power button.
async function clickSquare(name) {
  const message = $("message");
  if (!play.state) return;
  if (play.state.outcome !== "ongoing") return say(message, "Illegal: the game is over", true);
  if (play.thinking || !humanToMove()) return say(message, "Illegal: it is the engine's turn", true);
  if (play.selected.length && play.selected[play.selected.length - 1] === name) {
    play.selected.pop();  // a second click on the last step takes it back
    say(message, "");
    return renderPlay();
  }
  const selected = play.selected.concat([name]);
  const candidates = continuing(play.state, selected);
  if (candidates.length === 0) {
    if (play.selected.length === 0) {
      // Let the game say why: the server answers with the rules' reason.
      return playMove(name);
    }
    return say(message, "Illegal: " + name + " does not continue any legal move from " +
      play.selected.join(" "), true);
  }
  // The paths are prefix-free: a path that ends here is the only candidate.
  const complete = candidates.find(({ path }) => path.length === selected.length);
  if (complete) return playMove(complete.move, undefined, complete.path);
  play.selected = selected;
  say(message, "");
  renderPlay();
}

// Plays `move` for the person (by the steps of `path`, when clicked); `note` (if any) is
// shown once it is played.
async function playMove(move, note, path) {
  const generation = play.generation;
  try {
    const state = await api("/api/move", {
      game: play.state.game, position: play.state.position, move, strategy: strategy(),
    });
    if (generation !== play.generation) return;
    say($("message"), note || "");
    setState(state, move, path);
    engineTurn();
  } catch (err) {
    play.selected = [];
    renderPlay();
    say($("message"), "Illegal: " + err.message, true);
  }
}

function strategy() {
  return $("strategy").value || null;
}

// When the person to move has only a pass, plays it for them and says so.
function autoPass() {
  const state = play.state;
  if (!humanToMove() || play.thinking || state.legal_moves.length !== 1) return;
  const pass = movePaths(state).find(({ path }) => path.length === 0);
  if (!pass) return;
  const who = SIDES[state.game][state.side_to_move === "first" ? 0 : 1];
  playMove(pass.move, who + " has no move: passes");
}

// The engine's score in words, for the side that was to move when it searched (`before`):
// Othello's in discs ("+1.25 discs", "exact: +6"), a forced result as "exact: win".
function describeEvaluation(before, reply) {
  if (reply.score === null || reply.score === undefined) return "";
  const who = SIDES[before.game][before.side_to_move === "first" ? 0 : 1];
  const signed = (n) => (n > 0 ? "+" : "") + n;
  let value;
  if (reply.exact && Math.abs(reply.score) > 500000) {
    value = reply.score > 0 ? "exact: win" : "exact: loss";
  } else if (reply.exact) {
    value = "exact: " + signed(reply.score) + (before.game === "othello" ? " discs" : "");
  } else if (before.game === "othello") {
    value = signed((reply.score / 100).toFixed(2)) + " discs";
  } else {
    value = signed(reply.score);
  }
  return "Evaluation for " + who + ": " + value;
}

// The engine's principal variation in words, the move played first, named for where it
// comes from: "Expected line: d3 c5 f6 ..." (alpha-beta), "Book line", "Perfect play" (a
// solve), "Most-visited line" (MCTS); empty when the engine names none.
function describeLine(reply) {
  if (!reply.pv || reply.pv.length < 2) return "";
  const info = reply.info || "";
  const name = info.includes("book move") ? "Book line"
    : info.includes("solved") ? "Perfect play"
      : info.startsWith("mcts") ? "Most-visited line" : "Expected line";
  return name + ": " + reply.pv.join(" ");
}

async function engineTurn() {
  const state = play.state;
  if (!state || state.outcome !== "ongoing" || play.thinking) return;
  const engine = seat(state.side_to_move);
  if (engine === "human") return autoPass();
  const generation = play.generation;
  play.thinking = true;
  renderPlay();
  try {
    const reply = await api("/api/engine-move", {
      game: state.game, position: state.position, engine,
      time_ms: Number($("time-ms").value), strategy: strategy(), seed: play.history.length + 1,
    });
    if (generation !== play.generation) return;
    play.thinking = false;
    $("engine-info").textContent = reply.move + ": " + reply.info;
    $("evaluation").textContent = describeEvaluation(state, reply);
    $("line").textContent = describeLine(reply);
    setState(reply.state, reply.move);
    setTimeout(engineTurn, 0);
  } catch (err) {
    if (generation !== play.generation) return;
    play.thinking = false;
    renderPlay();
    say($("message"), "Engine: " + err.message, true);
  } finally {
    if (generation === play.generation) play.thinking = false;
  }
}

async function newGame(position) {
  play.generation += 1;
  play.thinking = false;
  const game = $("game").value;
  try {
    const gods = game === "santorini" && !position
      ? [$("first-god").value, $("second-god").value] : null;
    const state = await api("/api/position", {
      game, position: position || null, strategy: strategy(), gods,
    });
    play.history = [];
    // A pasted Santorini position names its gods: the god choice shows them.
    if (state.gods) [$("first-god").value, $("second-god").value] = state.gods;
    say($("message"), position ? "Position loaded" : "");
    $("engine-info").textContent = "";
    $("evaluation").textContent = "";
    $("line").textContent = "";
    setState(state);
    engineTurn();
  } catch (err) {
    say($("message"), err.message, true);
  }
}

function undo() {
  if (!play.history.length) return;
  play.generation += 1;
  play.thinking = false;
  // Back to the last position where a person is to move (or one move, engine against engine).
  let entry = play.history.pop();
  while (play.history.length && seat(entry.state.side_to_move) !== "human") {
    entry = play.history.pop();
  }
  play.state = entry.state;
  play.lastMove = play.history.length ? play.history[play.history.length - 1].move : null;
  play.selected = [];
  play.hints = new Map();
  say($("message"), "");
  renderPlay();
  autoPass();
}

function fillStrategies() {
  const game = play.games.games.find((g) => g.name === $("game").value);
  const select = $("strategy");
  select.replaceChildren();
  // The empty value lets the server pick the game's fastest strategy for this build.
  for (const name of [""].concat(game.strategies)) {
    const option = document.createElement("option");
    option.value = name;
    option.textContent = name || "fastest (default)";
    select.appendChild(option);
  }
  select.value = "";
}

// A link chooses the game, the players and the time:
// ?game=othello&black=human&white=alphabeta&time_ms=200. Othello's seats are `black` and
// `white`, the Amazons' `white` (first) and `black`; `first` and `second` work in any game.
// Unknown values are ignored.
function applyLink() {
  const params = new URLSearchParams(location.search);
  const choose = (id, value) => {
    if (value !== null && [...$(id).options].some((option) => option.value === value)) {
      $(id).value = value;
    }
  };
  choose("game", params.get("game"));
  const colours = { othello: ["black", "white"], amazons: ["white", "black"] }[$("game").value];
  ["first-player", "second-player"].forEach((id, i) => {
    choose(id, params.get(i ? "second" : "first"));
    if (colours) choose(id, params.get(colours[i]));
  });
  const time = Number(params.get("time_ms"));
  if (Number.isInteger(time) && time >= 1 && time <= 10000) $("time-ms").value = String(time);
}

async function initPlay() {
  play.games = await api("/api/games");
  for (const select of document.querySelectorAll(".seat")) {
    for (const name of ["human"].concat(play.games.engines)) {
      const option = document.createElement("option");
      option.value = option.textContent = name;
      select.appendChild(option);
    }
  }
  $("first-player").value = "human";
  $("second-player").value = "alphabeta";
  applyLink();
  const santorini = play.games.games.find((g) => g.name === "santorini");
  for (const id of ["first-god", "second-god"]) {
    for (const god of santorini.gods) {
      const option = document.createElement("option");
      option.value = god.name;
      option.textContent = godTitle(god.name);
      option.title = god.rule;
      $(id).appendChild(option);
    }
    $(id).value = "mortal";
    $(id).addEventListener("change", () => newGame());
  }
  fillGodList(santorini.gods);
  fillStrategies();
  $("gods").hidden = $("game").value !== "santorini";
  $("god-list").hidden = $("game").value !== "santorini";
  $("game").addEventListener("change", () => {
    $("gods").hidden = $("game").value !== "santorini";
    $("god-list").hidden = $("game").value !== "santorini";
    fillStrategies();
    newGame();
  });
  $("power").addEventListener("click", () => clickSquare("power"));
  $("new-game").addEventListener("click", () => newGame());
  $("undo").addEventListener("click", undo);
  $("hints").addEventListener("click", showHints);
  $("pass").addEventListener("click", () => playMove($("pass").textContent));
  $("load-position").addEventListener("click", () => newGame($("position-input").value.trim()));
  $("copy-position").addEventListener("click", () => {
    $("position").select();
    if (navigator.clipboard) navigator.clipboard.writeText($("position").value).catch(() => {});
  });
  for (const id of ["first-player", "second-player"]) {
    $(id).addEventListener("change", () => { renderPlay(); engineTurn(); });
  }
  await newGame();
}

// ---------------------------------------------------------------- kernels

function miniBoard(rows, cols, cells, layerOf) {
  const grid = document.createElement("div");
  grid.className = "mini";
  grid.style.gridTemplateColumns = "repeat(" + cols + ", 18px)";
  cells.forEach((cell) => {
    const div = document.createElement("div");
    const mark = layerOf(cell);
    if (mark.cls) div.className = mark.cls;
    div.textContent = mark.text || "";
    div.title = cell.name;
    grid.appendChild(div);
  });
  return grid;
}

// Bumped by each run: a reply to an earlier one is dropped.
let kernelRuns = 0;

async function runKernels(random) {
  const message = $("kernel-message");
  const position = random ? null : $("kernel-position").value.trim() || null;
  const run = ++kernelRuns;
  say(message, "running every kernel with every strategy " + whereMeasured() + "...");
  try {
    const reply = await api("/api/kernels", {
      game: $("kernel-game").value, position, seed: Number($("kernel-seed").value) || 0,
    });
    if (run !== kernelRuns) return;
    $("kernel-position").value = reply.position;
    const results = $("kernel-results");
    results.replaceChildren();
    // A pasted position can ask nothing (the side to move has no move, or a Santorini
    // worker is still to be placed); a random one always asks (the API draws again).
    say(message, reply.game + ": " + reply.position + (reply.operations.length ? "" :
      " asks the kernels nothing (the side to move has no move, or workers are still to place)"));
    for (const op of reply.operations) {
      const card = document.createElement("div");
      card.className = "card";
      const title = document.createElement("h3");
      title.textContent = op.operation + " (" + op.question + ")" +
        (op.count === null ? "" : ": " + op.count);
      card.appendChild(title);
      // Squares of the answer, each with the layer (distance) it belongs to.
      const layer = new Map();
      op.layers.forEach((squares, i) => squares.forEach((s) => { if (!layer.has(s)) layer.set(s, i); }));
      card.appendChild(miniBoard(reply.board.rows, reply.board.cols, reply.board.cells, (cell) => {
        if (layer.has(cell.name)) {
          return { cls: "on", text: op.layers.length > 1 ? String(layer.get(cell.name)) : "" };
        }
        if (cell.piece === "first") return { cls: "first", text: cell.level ? String(cell.level) : "" };
        if (cell.piece === "second") return { cls: "second", text: cell.level ? String(cell.level) : "" };
        if (cell.piece === "arrow") return { cls: "arrow", text: "x" };
        return { text: cell.level ? String(cell.level) : "" };
      }));
      const table = document.createElement("table");
      table.innerHTML = "<tr><th>strategy</th><th>ns/call</th><th>answer</th></tr>";
      for (const t of op.timings) {
        const tr = document.createElement("tr");
        for (const v of [t.strategy, t.ns_per_call.toFixed(1), t.agrees ? "same" : "DIFFERENT"]) {
          const td = document.createElement("td");
          td.textContent = v;
          tr.appendChild(td);
        }
        table.appendChild(tr);
      }
      card.appendChild(table);
      results.appendChild(card);
    }
  } catch (err) {
    if (run === kernelRuns) say(message, err.message, true);
  }
}

// ---------------------------------------------------------------- compare

async function runCompare() {
  const message = $("compare-message");
  const charts = $("compare-charts");
  charts.replaceChildren();
  $("compare-latest").hidden = true;
  $("compare-run").disabled = true;
  const instances = Number($("compare-instances").value);
  // With the server's engine files, the same compare in this browser too, beside it.
  const both = !backend.wasm && backend.browserToo && $("compare-browser").checked;
  const where = both ? "on the server (native) and in this browser (wasm)" : whereMeasured();
  try {
    for (const game of ["santorini", "othello", "amazons", "towerdefence"]) {
      say(message, "checking and timing " + game + " " + where + "...");
      try {
        const row = document.createElement("div");
        row.className = both ? "chart-pair" : "";
        const runs = both ? [[false, "server"], [true, "browser"]] : [[false, ""]];
        for (const [inBrowser, label] of runs) {
          if (both) say(message, "checking and timing " + game + " " + (inBrowser
            ? "in this browser (wasm, one thread)" : "on the server (native)") + "...");
          const svg = await compareChart(game, instances, inBrowser);
          const div = document.createElement("div");
          div.className = "chart";
          div.id = "chart-" + game + (label ? "-" + label : "");
          if (label) {
            const caption = document.createElement("p");
            caption.className = "chart-where";
            caption.textContent = inBrowser ? "This browser (wasm, one thread)" : "The server (native)";
            div.appendChild(caption);
          }
          // The SVG is our own output (bitgames::compare::svg), text escaped there.
          div.insertAdjacentHTML("beforeend", svg);
          row.appendChild(div);
        }
        charts.appendChild(both ? row : row.firstChild);
      } catch (err) {
        return say(message, game + ": " + err.message, true);
      }
    }
    say(message, "done " + where + ": every strategy agrees with naive on every instance");
  } finally {
    $("compare-run").disabled = false;
  }
}

// The Compare page when it opens: the latest chart of the project's results until a compare
// is run here.
function openCompare() {
  $("compare-where").textContent = "measures " + whereMeasured() +
    (backend.browserToo ? ", and in this browser when ticked" : "");
  for (const span of document.querySelectorAll(".where-measured")) span.textContent = whereMeasured();
  if ($("compare-charts").children.length) return;
  $("compare-latest-chart").src = "compare.svg";
  $("compare-latest").hidden = false;
}

// ---------------------------------------------------------------- tower defence

const td = { rounds: [], index: 0 };

const KIND_LETTER = { defence: "D", attack: "A", energy: "E", tesla: "T" };

function renderRound() {
  const round = td.rounds[td.index];
  $("td-round").value = td.index;
  $("td-round-label").textContent = "Round " + round.round + " (" + (td.index + 1) + " of " + td.rounds.length + ")";
  const numbers = $("td-numbers");
  const rows = [["", "A", "B"]];
  for (const key of ["energy", "health", "score", "active_iron_curtain_lifetime"]) {
    rows.push([key.replace(/_/g, " "), round.players[0][key], round.players[1][key]]);
  }
  rows.push(["command this round", round.commands ? round.commands[0] || "(nothing)" : "-",
    round.commands ? round.commands[1] || "(nothing)" : "-"]);
  const table = document.createElement("table");
  for (const row of rows) {
    const tr = document.createElement("tr");
    for (const v of row) {
      const td = document.createElement("td");
      td.textContent = String(v);
      tr.appendChild(td);
    }
    table.appendChild(tr);
  }
  numbers.replaceChildren(table);
  const map = $("td-map");
  map.replaceChildren();
  const cells = [];
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 16; x++) {
      const div = document.createElement("div");
      div.className = x < 8 ? "a" : "b";
      div.dataset.x = x; div.dataset.y = y;
      map.appendChild(div);
      cells.push(div);
    }
  }
  for (const b of round.buildings) {
    const span = document.createElement("span");
    span.className = "building building-" + b.owner.toLowerCase() + (b.construction_time_left > 0 ? " constructing" : "");
    span.textContent = KIND_LETTER[b.kind] || "?";
    span.title = b.owner + " " + b.kind + ", health " + b.health;
    cells[b.y * 16 + b.x].appendChild(span);
  }
  for (const m of round.missiles) {
    const span = document.createElement("span");
    span.className = "missile";
    span.textContent = (m.owner === "A" ? "\u2192" : "\u2190") + (m.count > 1 ? m.count : "");
    cells[m.y * 16 + m.x].appendChild(span);
  }
}

// Opens a game: the bundled official one (`dir` null), or a game directory on the server's
// disk.
async function openReplay(dir) {
  const message = $("td-message");
  say(message, "reading...");
  try {
    td.rounds = dir === null
      ? await api("/api/towerdefence/sample")
      : await api("/api/towerdefence/replay", { dir });
    td.index = 0;
    $("td-round").max = td.rounds.length - 1;
    $("td-view").hidden = false;
    say(message, (dir === null ? "The bundled official game " + SAMPLE_NAME + ": " : "") +
      td.rounds.length + " rounds");
    renderRound();
  } catch (err) {
    say(message, err.message, true);
  }
}

// The bundled game's name (bitgames_web::towerdefence::SAMPLE_NAME).
const SAMPLE_NAME = "v300_iron_curtain_with_teslas (official engine v3.0.2)";

function step(delta) {
  if (!td.rounds.length) return;
  td.index = Math.min(td.rounds.length - 1, Math.max(0, td.index + delta));
  renderRound();
}

// ---------------------------------------------------------------- start

// The board games the Play and Kernels pages offer (Tower Defence has its own page).
const BOARD_GAMES = [["othello", "Othello"], ["santorini", "Santorini"], ["amazons", "Amazons"]];
for (const id of ["game", "kernel-game"]) {
  for (const [value, label] of BOARD_GAMES) {
    const option = document.createElement("option");
    option.value = value;
    option.textContent = label;
    $(id).appendChild(option);
  }
}
$("kernel-run").addEventListener("click", () => runKernels(false));
$("kernel-game").addEventListener("change", () => {
  $("kernel-seed").value = String(randomSeed());
  runKernels(true);
});
$("kernel-random").addEventListener("click", () => {
  $("kernel-seed").value = String(randomSeed());
  runKernels(true);
});
$("compare-run").addEventListener("click", runCompare);
$("td-sample").addEventListener("click", () => openReplay(null));
$("td-open").addEventListener("click", () => openReplay($("td-dir").value.trim()));
$("td-prev").addEventListener("click", () => step(-1));
$("td-next").addEventListener("click", () => step(1));
$("td-round").addEventListener("input", () => { td.index = Number($("td-round").value); renderRound(); });
// Keys where they are natural: on Play, left arrow (or u) undoes, h asks for hints, p uses
// a Santorini god's power, Escape takes back the steps of an unfinished move; on the
// replay, left and right arrows step through the rounds, Home and End jump to the ends.
// Ignored while typing in a field or with a modifier held.
document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target && ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName)) return;
  const page = PAGES.find((name) => !$("page-" + name).hidden);
  let done = true;
  if (page === "play" && (event.key === "ArrowLeft" || event.key === "u")) {
    undo();
  } else if (page === "play" && event.key === "h" && !$("hints").hidden) {
    showHints();
  } else if (page === "play" && event.key === "p" && !$("power").hidden) {
    clickSquare("power");
  } else if (page === "play" && event.key === "Escape" && play.selected.length) {
    play.selected = [];
    say($("message"), "");
    renderPlay();
  } else if (page === "towerdefence" && td.rounds.length && event.key === "ArrowLeft") {
    step(-1);
  } else if (page === "towerdefence" && td.rounds.length && event.key === "ArrowRight") {
    step(1);
  } else if (page === "towerdefence" && td.rounds.length && event.key === "Home") {
    step(-td.rounds.length);
  } else if (page === "towerdefence" && td.rounds.length && event.key === "End") {
    step(td.rounds.length);
  } else {
    done = false;
  }
  if (done) event.preventDefault();
});

pickBackend().then(() => {
  // Every page shows something when it opens (openPage); Play starts its game.
  window.addEventListener("hashchange", showPage);
  showPage();
  return initPlay();
}).catch((err) => say($("message"), err.message, true));
