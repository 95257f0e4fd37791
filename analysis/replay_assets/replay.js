// The replay of recorded N-Queens searches (nqueens trace / nqueens replay): one self-contained page, no server.
//
// Each trace sits in the page as two script elements: its header (JSON) and its event lines (the format of
// nqueens.analysis.tracefile). Before anything is shown every trace is checked: the number of lines, the last
// line (the end of the search) and the SHA-256 of the lines against the header. A trace that fails is not
// replayed: the page says why and shows nothing of it, so a partial trace is never shown as a whole.
//
// A replay is a position in the list of events: the board and the tree show the node the search stands on after
// the event at that position, the counters what the search has generated so far. Moving is applying (or undoing)
// events one by one, so stepping, playing, jumping and stepping back all keep the counters exact.
"use strict";

const KIND = { P: 0, X: 1, F: 2, D: 3, C: 4, S: 5, B: 6, E: 7, Y: 8 };
const KIND_NAME = ["place", "prune", "fail", "dead end", "choose", "solution", "backtrack", "end", "symmetry"];
const CONFLICT = new Set([KIND.X, KIND.F, KIND.D]);
const COLOUR = {
  feasible: "#3b6fb6", solution: "#17a34a", prune: "#d0473c", fail: "#e8862a", symmetry: "#8e44ad",
  future: "#e6e9ef", other: "#b58ad8", current: "#111", attacked: "#f3d9d6", removed: "#bbb",
};
const DRAW_BOUND = 600; // trees up to this many nodes are drawn node by node; larger ones as an icicle
const SPEEDS = [1, 4, 16, 64, 256, 1024, 4096];
const BREAKABLE = ["place", "prune", "fail", "solution", "backtrack"];

function readTraces() {
  const traces = [];
  const problems = [];
  document.querySelectorAll("script.nq-trace").forEach((element) => {
    const index = element.dataset.index;
    const body = document.querySelector(`script.nq-body[data-index="${index}"]`);
    let header;
    try {
      header = JSON.parse(element.textContent);
    } catch (error) {
      problems.push(`trace ${index}: its header is not JSON`);
      return;
    }
    const text = body ? body.textContent.replace(/^\n/, "") : "";
    const lines = text.split("\n");
    if (lines.length && lines[lines.length - 1] === "") lines.pop();
    const name = `trace ${Number(index) + 1} (${header.solver}, n = ${header.n})`;
    if (lines.length !== header.events || lines[lines.length - 1] !== "E") {
      problems.push(`${name}: ${lines.length} of the ${header.events} event lines its header counts: incomplete, not shown`);
    } else if (sha256Hex(text) !== header.sha256) {
      problems.push(`${name}: the events do not match the header's sha256: changed, not shown`);
    } else {
      traces.push({ header, lines });
    }
  });
  return { traces, problems };
}

// ---- the search tree a trace describes -------------------------------------------------------------------

function buildSearch(header, lines) {
  const n = header.n;
  const kinds = [], b = [], node = [], cur = [];
  const parent = [-1], depth = [0], row = [-1], col = [-1], status = ["feasible"], first = [-1];
  const dead = [false], solution = [false], domains = [null], wiped = [-1], choice = [];
  let at = 0;
  for (const line of lines) {
    const parts = line.split(" ");
    const letter = parts[0];
    if (letter === "M") {
      domains[at] = parts.slice(1).map((h) => parseInt(h, 16));
      continue;
    }
    const k = KIND[letter];
    const step = kinds.length;
    let about = at;
    let x = -1, y = -1; // the square of a new node
    if (k === KIND.P || k === KIND.X || k === KIND.F || k === KIND.Y) {
      x = Number(parts[1]); y = Number(parts[2]);
      const id = parent.length;
      parent.push(at); depth.push(depth[at] + 1); row.push(x); col.push(y); first.push(step);
      status.push(k === KIND.P ? "feasible" : k === KIND.X ? "prune" : k === KIND.Y ? "symmetry" : "fail");
      dead.push(false); solution.push(false); domains.push(null);
      wiped.push(k === KIND.F ? Number(parts[3]) : -1);
      about = id;
      if (k === KIND.P) at = id;
      if (k === KIND.X) b.push(Number(parts[3])); else b.push(k === KIND.F ? Number(parts[3]) : -1);
    } else {
      if (k === KIND.D) { dead[at] = true; wiped[at] = Number(parts[1]); }
      if (k === KIND.S) solution[at] = true;
      if (k === KIND.C) choice[step] = { item: parts[1] === "r" ? "row" : "column", index: Number(parts[2]), options: Number(parts[3]) };
      if (k === KIND.B) at = parent[at];
      b.push(k === KIND.D ? Number(parts[1]) : -1);
    }
    kinds.push(k); node.push(about); cur.push(at);
  }
  const count = parent.length;
  const children = Array.from({ length: count }, () => []);
  for (let i = 1; i < count; i++) children[parent[i]].push(i);
  const size = new Int32Array(count).fill(1);
  for (let i = count - 1; i > 0; i--) size[parent[i]] += size[i];
  return { n, header, kinds, b, node, cur, parent, depth, row, col, status, first, dead, solution, domains,
           wiped, choice, children, size, count, steps: kinds.length };
}

function pathOf(search, id) {
  const path = [];
  for (let v = id; v > 0; v = search.parent[v]) path.push(v);
  return path.reverse();
}

function attacks(r1, c1, r2, c2) {
  return c1 === c2 || Math.abs(c1 - c2) === Math.abs(r1 - r2);
}

function attacker(search, queens, r, c) {
  // the first queen placed that attacks (r, c), as [row, column], or null
  for (const v of queens) if (attacks(search.row[v], search.col[v], r, c)) return [search.row[v], search.col[v]];
  return null;
}

// ---- one replay -------------------------------------------------------------------------------------------

class Replay {
  constructor(search, root, index) {
    this.s = search;
    this.index = index;
    this.pos = -1; // the last event applied; -1: at the root, nothing generated yet
    const n = search.n;
    this.generated = new Array(n + 1).fill(0);
    this.feasible = new Array(n + 1).fill(0);
    this.generated[0] = 1; this.feasible[0] = 1;
    this.tally = { solutions: 0, conflicts: 0, backtracks: 0, symmetry: 0 };
    this.playing = null;
    this.listeners = [];
    this.build(root);
    this.render();
  }

  build(root) {
    const s = this.s, h = s.header;
    const section = document.createElement("section");
    section.className = "replay";
    section.id = `replay-${this.index}`;
    const expected = h.expected ? `checked against <code>${escapeHtml(h.expected.source)}</code>` : "no static counts to check against";
    const options = Object.entries(h.options || {}).map(([k, v]) => `${k}=${v}`).join(" ");
    section.innerHTML = `
      <h2>${escapeHtml(h.solver)} ${escapeHtml(options)} <small>n = ${s.n}: ${h.nodes.toLocaleString("en")} nodes,
        ${h.solutions.toLocaleString("en")} solutions, ${s.steps.toLocaleString("en")} events</small></h2>
      <div class="controls">
        <button data-act="start" title="back to the root">start</button>
        <button data-act="back" title="one event back">&#x25C0;</button>
        <button data-act="step" title="one event forward">&#x25B6;</button>
        <button data-act="play" title="play or pause">play</button>
        <label>speed <select data-act="speed">${SPEEDS.map((v) => `<option value="${v}"${v === 16 ? " selected" : ""}>${v}/s</option>`).join("")}</select></label>
        <button data-act="solution">next solution</button>
        <button data-act="conflict">next conflict</button>
        <button data-act="backtrack">next backtrack</button>
        <button data-act="end" title="to the end of the search">end</button>
        <span class="breaks">stop at: ${BREAKABLE.map((k) => `<label><input type="checkbox" data-break="${k}">${k}</label>`).join(" ")}</span>
      </div>
      <input type="range" class="scrub" min="-1" max="${s.steps - 1}" value="-1">
      <div class="position"></div>
      <div class="panes">
        <canvas class="board" width="360" height="360"></canvas>
        <canvas class="tree" width="560" height="360"></canvas>
      </div>
      <div class="event"></div>
      <div class="state"></div>
      <table class="counts"><thead><tr><th>depth</th><th>generated</th><th>feasible</th>
        <th>expected generated</th><th>expected feasible</th><th></th></tr></thead><tbody></tbody></table>
      <div class="verdict" data-verdict="pending"></div>
      <p class="source">${expected}</p>`;
    root.appendChild(section);
    this.el = section;
    this.board = section.querySelector("canvas.board");
    this.tree = section.querySelector("canvas.tree");
    this.scrub = section.querySelector(".scrub");
    const tbody = section.querySelector("tbody");
    for (let d = 0; d <= s.n; d++) {
      const tr = document.createElement("tr");
      tr.innerHTML = `<td>${d}</td><td class="g"></td><td class="f"></td><td class="eg"></td><td class="ef"></td><td class="ok"></td>`;
      tbody.appendChild(tr);
    }
    section.querySelector(".controls").addEventListener("click", (event) => {
      const act = event.target.dataset && event.target.dataset.act;
      if (!act || event.target.tagName === "SELECT") return;
      if (act === "start") this.seek(-1);
      else if (act === "back") this.seek(this.pos - 1);
      else if (act === "step") this.seek(this.pos + 1);
      else if (act === "end") this.seek(s.steps - 1);
      else if (act === "play") this.toggle();
      else this.jump(act);
    });
    this.scrub.addEventListener("input", () => this.seek(Number(this.scrub.value)));
    this.tree.addEventListener("click", (event) => this.clickTree(event));
    if (s.count > DRAW_BOUND) this.layoutIcicle(); else this.layoutTree();
  }

  // -- moving ------------------------------------------------------------------------------------------------

  apply(i, sign) {
    const s = this.s, k = s.kinds[i], d = s.depth[s.node[i]];
    if (k === KIND.P) { this.generated[d] += sign; this.feasible[d] += sign; }
    else if (k === KIND.X || k === KIND.F) { this.generated[d] += sign; this.tally.conflicts += sign; }
    else if (k === KIND.Y) { this.generated[d] += sign; this.tally.symmetry += sign; }
    else if (k === KIND.D) this.tally.conflicts += sign;
    else if (k === KIND.S) this.tally.solutions += sign;
    else if (k === KIND.B) this.tally.backtracks += sign;
  }

  seek(target) {
    target = Math.max(-1, Math.min(this.s.steps - 1, target));
    while (this.pos < target) this.apply(++this.pos, +1);
    while (this.pos > target) this.apply(this.pos--, -1);
    this.render();
  }

  find(kinds, from) {
    for (let i = from; i < this.s.steps; i++) if (kinds.has(this.s.kinds[i])) return i;
    return -1;
  }

  jump(what) {
    const kinds = what === "solution" ? new Set([KIND.S]) : what === "conflict" ? CONFLICT : new Set([KIND.B]);
    const i = this.find(kinds, this.pos + 1);
    this.seek(i < 0 ? this.s.steps - 1 : i);
  }

  breakpoints() {
    const kinds = new Set();
    this.el.querySelectorAll("input[data-break]:checked").forEach((box) => {
      const k = { place: [KIND.P], prune: [KIND.X, KIND.Y], fail: [KIND.F, KIND.D], solution: [KIND.S], backtrack: [KIND.B] }[box.dataset.break];
      k.forEach((x) => kinds.add(x));
    });
    return kinds;
  }

  toggle() {
    if (this.playing) { this.pause(); return; }
    const button = this.el.querySelector('[data-act="play"]');
    button.textContent = "pause";
    let last = performance.now(), owed = 0;
    const tick = (now) => {
      if (!this.playing) return;
      const speed = Number(this.el.querySelector('[data-act="speed"]').value);
      owed += ((now - last) / 1000) * speed;
      last = now;
      const stops = this.breakpoints();
      let moved = false;
      while (owed >= 1 && this.pos < this.s.steps - 1) {
        owed -= 1;
        this.apply(++this.pos, +1);
        moved = true;
        if (stops.has(this.s.kinds[this.pos])) { this.pause(); break; }
      }
      if (moved) this.render();
      if (this.pos >= this.s.steps - 1) this.pause();
      if (this.playing) this.playing = requestAnimationFrame(tick);
    };
    this.playing = requestAnimationFrame(tick);
  }

  pause() {
    if (this.playing) cancelAnimationFrame(this.playing);
    this.playing = null;
    this.el.querySelector('[data-act="play"]').textContent = "play";
  }

  current() {
    return this.pos < 0 ? 0 : this.s.cur[this.pos];
  }

  // -- what the page shows -----------------------------------------------------------------------------------

  render() {
    const s = this.s;
    this.scrub.value = String(this.pos);
    const kind = this.pos < 0 ? "start" : KIND_NAME[s.kinds[this.pos]];
    this.el.querySelector(".position").textContent =
      `event ${this.pos + 1} of ${s.steps} (${kind}) · solutions ${this.tally.solutions} · conflicts ${this.tally.conflicts} · backtracks ${this.tally.backtracks}` +
      (this.tally.symmetry ? ` · pruned by symmetry ${this.tally.symmetry}` : "");
    this.drawBoard();
    this.drawTree();
    this.describe();
    this.counts();
    this.listeners.forEach((f) => f(this));
  }

  counts() {
    const s = this.s, e = s.header.expected, done = this.pos === s.steps - 1;
    const rows = this.el.querySelectorAll(".counts tbody tr");
    let agree = true;
    rows.forEach((tr, d) => {
      tr.querySelector(".g").textContent = this.generated[d].toLocaleString("en");
      tr.querySelector(".f").textContent = this.feasible[d].toLocaleString("en");
      const eg = e && e.generated ? e.generated[d] : null, ef = e ? e.feasible[d] : null;
      tr.querySelector(".eg").textContent = eg === null ? "" : eg.toLocaleString("en");
      tr.querySelector(".ef").textContent = ef === null ? "" : ef.toLocaleString("en");
      const same = (eg === null || eg === this.generated[d]) && (ef === null || ef === this.feasible[d]);
      agree = agree && same;
      tr.querySelector(".ok").textContent = !done || !e ? "" : same ? "agree" : "disagree";
      tr.className = !done || !e ? "" : same ? "agree" : "disagree";
    });
    const verdict = this.el.querySelector(".verdict");
    const nodes = this.feasible.reduce((x, y) => x + y, 0), explored = this.generated.reduce((x, y) => x + y, 0);
    let text = `${nodes.toLocaleString("en")} nodes stood on, ${explored.toLocaleString("en")} generated so far`;
    let state = "pending";
    if (done && e) {
      state = agree ? "agree" : "disagree";
      text += agree ? ` · every depth agrees with ${e.source}` : ` · DISAGREES with ${e.source}`;
    } else if (e) text += " · checked against the static counts at the end";
    verdict.textContent = text;
    verdict.dataset.verdict = state;
  }

  queens() {
    return pathOf(this.s, this.current());
  }

  describe() {
    const s = this.s, i = this.pos, out = this.el.querySelector(".event");
    const queens = this.queens();
    const square = (r, c) => `(row ${r}, column ${c})`;
    let text = "The root: no queen placed.";
    if (i >= 0) {
      const k = s.kinds[i], v = s.node[i];
      if (k === KIND.P) text = `Place a queen on ${square(s.row[v], s.col[v])}: depth ${s.depth[v]}.`;
      else if (k === KIND.X) {
        const by = s.b[i] >= 0 ? queens.find((q) => s.row[q] === s.b[i]) : undefined;
        const who = by !== undefined ? [s.row[by], s.col[by]] : attacker(s, queens, s.row[v], s.col[v]);
        text = `Prune ${square(s.row[v], s.col[v])}: ` + (who ? `the queen on ${square(who[0], who[1])} attacks it.` : "refused by the solver's check.");
      } else if (k === KIND.F) text = `Fail ${square(s.row[v], s.col[v])}: propagation leaves ` + (s.b[i] >= 0 ? `row ${s.b[i]} no column.` : "a row no column.");
      else if (k === KIND.Y) text = `Pruned by symmetry ${square(s.row[v], s.col[v])}: every solution below it is an image of one found or to be found (symmetry=${s.header.options.symmetry}).`;
      else if (k === KIND.D) text = "Dead end: " + (s.b[i] >= 0 ? `row ${s.b[i]} has no square left.` : "an item has no option left.");
      else if (k === KIND.C) { const c = s.choice[i]; text = `Choose ${c.item} ${c.index}: ${c.options} option${c.options === 1 ? "" : "s"} left.`; }
      else if (k === KIND.S) text = `Solution ${this.tally.solutions}: ${queens.map((q) => s.col[q]).join(" ")}.`;
      else if (k === KIND.B) text = `Backtrack: lift the queen of ${square(s.row[v], s.col[v])}.`;
      else text = "The search is over.";
    }
    out.textContent = text;
    const state = this.el.querySelector(".state");
    const recorded = s.domains[this.current()];
    // a search that keeps no domains: the columns the queens leave free in each row, as bit masks
    const doms = recorded || Array.from({ length: s.n }, (_, r) => {
      const own = queens.find((q) => s.row[q] === r);
      if (own !== undefined) return 1 << s.col[own];
      let free = 0;
      for (let c = 0; c < s.n; c++) if (!attacker(s, queens, r, c)) free |= 1 << c;
      return free;
    });
    const busy = new Map(queens.map((q) => [s.row[q], s.col[q]]));
    const lines = [];
    for (let r = 0; r < s.n; r++) {
      const bits = doms[r].toString(2).padStart(s.n, "0").split("").reverse().join("");
      if (busy.has(r)) { lines.push(`row ${r}: ${bits}  queen on column ${busy.get(r)}`); continue; }
      const gone = [];
      for (let c = 0; c < s.n; c++) {
        if ((doms[r] >> c) & 1) continue;
        const who = attacker(s, queens, r, c);
        gone.push(`${c} (${who ? `queen ${who[0]},${who[1]}` : s.header.solver === "dlx" ? "covered" : "no support: arc consistency"})`);
      }
      lines.push(`row ${r}: ${bits}` + (gone.length ? `  ${recorded ? "removed" : "attacked"} ${gone.join(", ")}` : ""));
    }
    const title = recorded ? "Domains (bit c = column c open):" : "Free squares (bit c = column c attacked by no queen):";
    state.textContent = title + "\n" + lines.join("\n");
  }

  drawBoard() {
    const s = this.s, n = s.n, canvas = this.board, g = canvas.getContext("2d");
    const cell = canvas.width / n;
    const queens = this.queens();
    const busy = new Map(queens.map((q) => [s.row[q], s.col[q]]));
    const doms = s.domains[this.current()];
    g.clearRect(0, 0, canvas.width, canvas.height);
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        g.fillStyle = (r + c) % 2 ? "#d9d4c7" : "#f4f1ea";
        if (!busy.has(r) && attacker(s, queens, r, c)) g.fillStyle = COLOUR.attacked;
        g.fillRect(c * cell, r * cell, cell, cell);
        if (doms && !busy.has(r) && !((doms[r] >> c) & 1)) {
          g.fillStyle = COLOUR.removed;
          g.beginPath(); g.arc((c + 0.5) * cell, (r + 0.5) * cell, cell * 0.1, 0, 7); g.fill();
        }
      }
    }
    const i = this.pos, k = i >= 0 ? s.kinds[i] : -1, v = i >= 0 ? s.node[i] : 0;
    const focus = (r, c, colour) => { g.strokeStyle = colour; g.lineWidth = 4; g.strokeRect(c * cell + 2, r * cell + 2, cell - 4, cell - 4); };
    if (k === KIND.F || k === KIND.D) {
      const w = s.b[i];
      if (w >= 0) { g.strokeStyle = COLOUR.fail; g.lineWidth = 2; g.strokeRect(1, w * cell + 1, canvas.width - 2, cell - 2); }
    }
    if (k === KIND.C) {
      const c = s.choice[i]; g.strokeStyle = "#555"; g.lineWidth = 2;
      if (c.item === "row") g.strokeRect(1, c.index * cell + 1, canvas.width - 2, cell - 2);
      else g.strokeRect(c.index * cell + 1, 1, cell - 2, canvas.height - 2);
    }
    for (const q of queens) this.queen(g, s.row[q], s.col[q], cell, k === KIND.S ? COLOUR.solution : "#222");
    if (k === KIND.Y) {
      this.queen(g, s.row[v], s.col[v], cell, COLOUR.symmetry);
      focus(s.row[v], s.col[v], COLOUR.symmetry);
    } else if (k === KIND.X || k === KIND.F) {
      const r = s.row[v], c = s.col[v];
      this.queen(g, r, c, cell, k === KIND.X ? COLOUR.prune : COLOUR.fail);
      focus(r, c, k === KIND.X ? COLOUR.prune : COLOUR.fail);
      if (k === KIND.X) {
        const by = s.b[i] >= 0 && busy.has(s.b[i]) ? [s.b[i], busy.get(s.b[i])] : attacker(s, queens, r, c);
        if (by) {
          g.strokeStyle = COLOUR.prune; g.lineWidth = 3; g.beginPath();
          g.moveTo((by[1] + 0.5) * cell, (by[0] + 0.5) * cell); g.lineTo((c + 0.5) * cell, (r + 0.5) * cell); g.stroke();
          focus(by[0], by[1], COLOUR.prune);
        }
      }
    } else if (k === KIND.P) focus(s.row[v], s.col[v], "#7b3fb6");
    else if (k === KIND.B) {
      g.strokeStyle = "#777"; g.lineWidth = 2; g.beginPath();
      g.arc((s.col[v] + 0.5) * cell, (s.row[v] + 0.5) * cell, cell * 0.3, 0, 7); g.stroke();
    }
  }

  queen(g, r, c, cell, colour) {
    g.fillStyle = colour;
    g.beginPath(); g.arc((c + 0.5) * cell, (r + 0.5) * cell, cell * 0.32, 0, 7); g.fill();
  }

  // -- the tree: node by node, or an icicle past DRAW_BOUND nodes -------------------------------------------------

  layoutTree() {
    const s = this.s;
    this.mode = "nodes";
    const x = new Float64Array(s.count);
    let leaf = 0;
    const place = (v) => {
      const kids = s.children[v];
      if (!kids.length) { x[v] = leaf++; return; }
      kids.forEach(place);
      x[v] = (x[kids[0]] + x[kids[kids.length - 1]]) / 2;
    };
    place(0);
    this.x = x;
    this.leaves = Math.max(1, leaf);
  }

  layoutIcicle() {
    const s = this.s;
    this.mode = "icicle";
    const left = new Float64Array(s.count);
    for (let v = 0; v < s.count; v++) {
      let offset = left[v] + 1; // the node's own share of its extent, then its children side by side
      for (const child of s.children[v]) { left[child] = offset; offset += s.size[child]; }
    }
    this.left = left;
  }

  colour(v) {
    const s = this.s;
    if (s.first[v] > this.pos) return COLOUR.future;
    if (s.solution[v] && this.solutionSeen(v)) return COLOUR.solution;
    return COLOUR[s.status[v]];
  }

  solutionSeen(v) {
    // a solution node is marked by the event right after its place
    return s_first_after(this.s, v) <= this.pos;
  }

  drawTree() {
    const s = this.s, canvas = this.tree, g = canvas.getContext("2d");
    g.clearRect(0, 0, canvas.width, canvas.height);
    const rowHeight = canvas.height / (s.n + 1);
    const path = new Set(this.queens());
    path.add(0);
    if (this.mode === "nodes") {
      const X = (v) => 8 + (this.x[v] / Math.max(1, this.leaves - 1)) * (canvas.width - 16);
      const Y = (v) => 8 + s.depth[v] * rowHeight;
      g.lineWidth = 1;
      for (let v = 1; v < s.count; v++) {
        if (s.first[v] > this.pos) continue;
        g.strokeStyle = path.has(v) ? COLOUR.current : "#999";
        g.beginPath(); g.moveTo(X(s.parent[v]), Y(s.parent[v])); g.lineTo(X(v), Y(v)); g.stroke();
      }
      for (let v = 0; v < s.count; v++) {
        if (v > 0 && s.first[v] > this.pos) continue;
        g.fillStyle = v === 0 ? COLOUR.feasible : this.colour(v);
        g.beginPath(); g.arc(X(v), Y(v), path.has(v) ? 4.5 : 3, 0, 7); g.fill();
      }
      const c = this.current();
      g.strokeStyle = COLOUR.current; g.lineWidth = 2;
      g.beginPath(); g.arc(X(c), Y(c), 7, 0, 7); g.stroke();
      return;
    }
    // icicle: a node is a bar as wide as its subtree; a subtree narrower than a pixel stays inside its parent's bar
    const scale = canvas.width / s.size[0];
    const stack = [0];
    while (stack.length) {
      const v = stack.pop();
      const width = s.size[v] * scale;
      g.fillStyle = v === 0 ? COLOUR.feasible : this.colour(v);
      g.fillRect(this.left[v] * scale, s.depth[v] * rowHeight, Math.max(width - 0.3, 0.6), rowHeight - 2);
      for (const child of s.children[v]) if (s.size[child] * scale >= 0.6 || path.has(child)) stack.push(child);
    }
    g.strokeStyle = COLOUR.current; g.lineWidth = 2;
    for (const v of path) g.strokeRect(this.left[v] * scale, s.depth[v] * rowHeight + 1, Math.max(s.size[v] * scale, 2), rowHeight - 4);
    const i = this.pos;
    if (i >= 0) {
      const v = s.node[i];
      g.strokeStyle = "#7b3fb6"; g.lineWidth = 2;
      g.strokeRect(this.left[v] * scale - 1, s.depth[v] * rowHeight, Math.max(s.size[v] * scale, 3) + 2, rowHeight - 2);
    }
  }

  clickTree(event) {
    const s = this.s, rect = this.tree.getBoundingClientRect();
    const px = ((event.clientX - rect.left) * this.tree.width) / rect.width;
    const py = ((event.clientY - rect.top) * this.tree.height) / rect.height;
    const d = Math.floor(py / (this.tree.height / (s.n + 1)));
    let best = -1, gap = Infinity;
    for (let v = 1; v < s.count; v++) {
      if (s.depth[v] !== d) continue;
      const x = this.mode === "nodes"
        ? 8 + (this.x[v] / Math.max(1, this.leaves - 1)) * (this.tree.width - 16)
        : (this.left[v] + s.size[v] / 2) * (this.tree.width / s.size[0]);
      if (Math.abs(x - px) < gap) { gap = Math.abs(x - px); best = v; }
    }
    if (best > 0) this.seek(s.first[best]);
  }

  state() {
    return {
      pos: this.pos, steps: this.s.steps, kind: this.pos < 0 ? "start" : KIND_NAME[this.s.kinds[this.pos]],
      generated: this.generated.slice(), feasible: this.feasible.slice(), ...this.tally,
      verdict: this.el.querySelector(".verdict").dataset.verdict,
    };
  }
}

function s_first_after(s, v) {
  // the step of the solution event of node v: the first event after its place that concerns it and is a solution
  for (let i = s.first[v] + 1; i < s.steps; i++) if (s.node[i] === v && s.kinds[i] === KIND.S) return i;
  return Infinity;
}

// ---- two or three traces compared ---------------------------------------------------------------------------

class Comparison {
  // The traces' trees merged on their shared prefixes: a node is the sequence of squares from the root, so the
  // same node of two searches is drawn at the same place, and a node one search generates and another never
  // reaches (it pruned an ancestor, or the node itself) shows in the other's band as pruned there.
  constructor(replays, root) {
    this.replays = replays;
    const parent = [-1], depth = [0], marks = [replays.map(() => "feasible")];
    const index = new Map([["", 0]]);
    const keyOf = [];
    replays.forEach((replay, t) => {
      const s = replay.s, keys = new Array(s.count);
      keys[0] = "";
      for (let v = 1; v < s.count; v++) {
        const key = `${keys[s.parent[v]]}/${s.row[v]}:${s.col[v]}`;
        keys[v] = key;
        let u = index.get(key);
        if (u === undefined) {
          u = parent.length;
          index.set(key, u);
          parent.push(index.get(keys[s.parent[v]])); depth.push(s.depth[v]); marks.push(replays.map(() => null));
        }
        marks[u][t] = s.solution[v] ? "solution" : s.status[v];
      }
      keyOf.push(keys);
    });
    this.index = index; this.keyOf = keyOf; this.parent = parent; this.depth = depth; this.marks = marks;
    const count = parent.length;
    const children = Array.from({ length: count }, () => []);
    for (let u = 1; u < count; u++) children[parent[u]].push(u);
    const size = new Int32Array(count).fill(1);
    for (let u = count - 1; u > 0; u--) size[parent[u]] += size[u];
    const left = new Float64Array(count);
    for (let u = 0; u < count; u++) {
      let offset = left[u] + 1;
      for (const c of children[u]) { left[c] = offset; offset += size[c]; }
    }
    Object.assign(this, { count, children, size, left, n: replays[0].s.n });
    this.build(root);
    replays.forEach((r) => r.listeners.push(() => this.schedule()));
    this.draw();
  }

  build(root) {
    const section = document.createElement("section");
    section.className = "comparison";
    const names = this.replays.map((r) => r.el.querySelector("h2").firstChild.textContent.trim());
    const head = names.map((name) => `<th colspan="2">${escapeHtml(name)}</th>`).join("");
    let rows = "";
    for (let d = 0; d <= this.n; d++) {
      rows += `<tr><td>${d}</td>` + this.replays.map((r) => {
        const g = countAt(r.s, d, false);
        return `<td class="g">${g.toLocaleString("en")}</td><td class="f">${countAt(r.s, d, true).toLocaleString("en")}</td>`;
      }).join("") + "</tr>";
    }
    const pairs = [];
    this.replays.forEach((a, i) => this.replays.forEach((b, j) => {
      if (i === j) return;
      let only = 0;
      for (let u = 0; u < this.count; u++) if (this.marks[u][i] === "feasible" || this.marks[u][i] === "solution") {
        if (this.marks[u][j] !== "feasible" && this.marks[u][j] !== "solution") only++;
      }
      pairs.push(`<li data-pair="${i}-${j}"><b>${escapeHtml(names[i])}</b> stands on <span class="only">${only.toLocaleString("en")}</span> nodes that <b>${escapeHtml(names[j])}</b> prunes or never reaches</li>`);
    }));
    section.innerHTML = `
      <h2>Compared: the trees merged on their shared prefixes</h2>
      <p>One band per search, the same node at the same place in every band. <span class="key" style="background:${COLOUR.other}"></span>
      a node another search generates and this one prunes before it (or never reaches); the other colours as in each replay.
      The black outline is each replay's current node.</p>
      <canvas class="merged" width="1100" height="${110 * this.replays.length}"></canvas>
      <ul class="pairs">${pairs.join("")}</ul>
      <table class="sizes"><thead><tr><th rowspan="2">depth</th>${head}</tr>
        <tr>${this.replays.map(() => "<th>generated</th><th>feasible</th>").join("")}</tr></thead><tbody>${rows}</tbody></table>`;
    root.appendChild(section);
    this.el = section;
    this.canvas = section.querySelector("canvas.merged");
  }

  schedule() {
    if (this.pending) return;
    this.pending = requestAnimationFrame(() => { this.pending = null; this.draw(); });
  }

  draw() {
    const g = this.canvas.getContext("2d"), W = this.canvas.width, band = this.canvas.height / this.replays.length;
    const rowHeight = (band - 14) / (this.n + 1), scale = W / this.size[0];
    g.clearRect(0, 0, W, this.canvas.height);
    this.replays.forEach((replay, t) => {
      const top = t * band + 12;
      g.fillStyle = "#333"; g.font = "11px sans-serif";
      g.fillText(replay.el.querySelector("h2").firstChild.textContent.trim(), 2, top - 2);
      const stack = [0];
      while (stack.length) {
        const u = stack.pop(), mark = this.marks[u][t];
        g.fillStyle = mark === null ? COLOUR.other : COLOUR[mark];
        g.fillRect(this.left[u] * scale, top + this.depth[u] * rowHeight, Math.max(this.size[u] * scale - 0.3, 0.6), rowHeight - 1);
        for (const c of this.children[u]) if (this.size[c] * scale >= 0.6) stack.push(c);
      }
      const keys = this.keyOf[t];
      g.strokeStyle = COLOUR.current; g.lineWidth = 2;
      for (const v of [0, ...replay.queens()]) {
        const u = this.index.get(keys[v]);
        g.strokeRect(this.left[u] * scale, top + this.depth[u] * rowHeight, Math.max(this.size[u] * scale, 2), rowHeight - 1);
      }
    });
  }
}

function countAt(s, d, feasibleOnly) {
  let k = 0;
  for (let v = 0; v < s.count; v++) if (s.depth[v] === d && (!feasibleOnly || s.status[v] === "feasible")) k++;
  return k;
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

function start() {
  const status = document.getElementById("status");
  const root = document.getElementById("app");
  const { traces, problems } = readTraces();
  window.nqueensReplay = { replays: [], comparison: null, problems };
  if (problems.length || !traces.length) {
    status.className = "status error";
    status.textContent = problems.length ? problems.join("\n") : "This page holds no trace.";
    return;
  }
  status.remove();
  const replays = traces.map((t, i) => new Replay(buildSearch(t.header, t.lines), root, i));
  window.nqueensReplay.replays = replays;
  if (replays.length > 1) {
    if (new Set(replays.map((r) => r.s.n)).size > 1) {
      const note = document.createElement("p");
      note.className = "status error";
      note.textContent = "These traces are of different boards: no comparison.";
      root.appendChild(note);
    } else window.nqueensReplay.comparison = new Comparison(replays, root);
  }
  window.nqueensReplay.ready = true;
}

start();
