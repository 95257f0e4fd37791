// The report's script: the per-problem table (sort, filter, each cell's run records in place), the figures as
// SVG drawn here (cactus, ECDF, a scatter of two columns chosen on the page, anytime curves), the paired
// statistics of a chosen pair and two stores side by side. Every string from the data is set with textContent,
// never parsed as HTML. It asks for nothing over the network.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("report-data").textContent);
  var SVGNS = "http://www.w3.org/2000/svg";
  var two = data.sides.length === 2;
  var state = { sort: null, desc: false, n: "", solver: "", status: "", store: "", limit: 0 };
  var PAGE = 500; // rows drawn at a time: sorting and filtering work on every row, the page draws the first ones

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    for (var key in attrs || {}) node.setAttribute(key, attrs[key]);
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  function svgEl(tag, attrs, text) {
    var node = document.createElementNS(SVGNS, tag);
    for (var key in attrs || {}) node.setAttribute(key, attrs[key]);
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  function fmt(value, digits) {
    if (value == null) return "-";
    if (typeof value === "number") {
      if (Number.isInteger(value) && Math.abs(value) >= 1000) return value.toLocaleString("en-US");
      return Number.isInteger(value) ? String(value) : value.toPrecision(digits || 4);
    }
    return String(value);
  }
  function effortText(effort) {
    var parts = [];
    for (var k in effort || {}) parts.push(fmt(effort[k]) + " " + k);
    return parts.join("; ");
  }

  // -- the records: each run is its varying fields plus the fields every run of its store shares -----------
  function records(side) {
    if (!side.runs) return null;
    return side.runs.map(function (run) {
      var full = {};
      data.fields.forEach(function (f) {
        full[f] = f in run ? run[f] : f in side.common ? side.common[f] : null;
      });
      return full;
    });
  }
  var runsBySide = data.sides.map(records);
  function problemOf(r) {
    return r.instance || String(r.n);
  }
  function runsOfCell(sideIndex, cell) {
    var runs = runsBySide[sideIndex];
    if (!runs) return null;
    return runs.filter(function (r) {
      return problemOf(r) === cell.problem && r.solver === cell.solver;
    });
  }

  // -- the per-problem table -------------------------------------------------------------------------------
  var COLUMNS = [
    ["problem", "problem", "n"],
    ["solver", "solver"],
    ["status", "status"],
    ["answer", "answer"],
    ["effort", "effort (median)"],
    ["seconds", "seconds (median)"],
    ["quartiles", "quartiles"],
    ["ci", "95% CI of the median"],
    ["min", "min"],
    ["max", "max"],
    ["cpu", "CPU s"],
    ["added", "MiB added"],
    ["memory", "peak MiB"],
    ["runs", "runs solved"],
  ];
  if (two) COLUMNS.unshift(["store", "store"]);
  var rows = [];
  data.sides.forEach(function (side, s) {
    side.cells.forEach(function (cell) {
      rows.push({ side: s, store: side.label, cell: cell });
    });
  });
  function value(row, key) {
    var c = row.cell;
    switch (key) {
      case "store": return row.store;
      case "problem": return c.instance ? c.instance : c.n;
      case "effort": return c.nodes != null ? c.nodes : firstNumber(c.effort);
      case "quartiles": return c.q1;
      case "ci": return c.ci_low;
      case "runs": return c.runs;
      default: return c[key];
    }
  }
  function firstNumber(effort) {
    for (var k in effort || {}) return effort[k];
    return null;
  }
  function shown(row, key) {
    var c = row.cell;
    switch (key) {
      case "quartiles": return c.q1 == null ? "-" : fmt(c.q1) + " .. " + fmt(c.q3);
      case "ci": return c.ci_low == null ? "-" : fmt(c.ci_low) + " .. " + fmt(c.ci_high);
      case "effort": return effortText(c.effort) || (c.nodes != null ? fmt(c.nodes) + " nodes" : "-");
      case "seconds":
        if (c.seconds == null && c.status === "timeout" && c.timeout != null) return ">" + fmt(c.timeout);
        return fmt(c.seconds);
      case "memory": return c.memory == null ? "-" : c.memory.toFixed(0);
      case "added": return c.added == null ? "-" : c.added.toFixed(1);
      case "runs": return c.runs + "/" + c.repeats;
      case "answer": return c.answer == null ? "-" : c.answer;
      default: return fmt(value(row, key));
    }
  }
  function compare(a, b) {
    if (a === b) return 0;
    if (a == null) return 1;
    if (b == null) return -1;
    if (typeof a === "number" && typeof b === "number") return a - b;
    return String(a).localeCompare(String(b), "en", { numeric: true });
  }

  var table = document.getElementById("cells");
  function drawTable() {
    table.textContent = "";
    var head = el("thead");
    var tr = el("tr");
    COLUMNS.forEach(function (col) {
      var th = el("th", { "data-column": col[0], title: "sort by " + col[1] }, col[1]);
      if (state.sort === col[0]) th.className = state.desc ? "sorted desc" : "sorted asc";
      th.addEventListener("click", function () {
        state.desc = state.sort === col[0] ? !state.desc : false;
        state.sort = col[0];
        drawTable();
      });
      tr.appendChild(th);
    });
    head.appendChild(tr);
    table.appendChild(head);
    var body = el("tbody");
    var visible = rows.filter(function (row) {
      var c = row.cell;
      return (
        (state.n === "" || String(c.n) === state.n) &&
        (state.solver === "" || c.solver === state.solver) &&
        (state.status === "" || c.status === state.status) &&
        (state.store === "" || row.store === state.store)
      );
    });
    if (state.sort) {
      visible = visible.slice().sort(function (a, b) {
        var order = compare(value(a, state.sort), value(b, state.sort));
        if (order === 0) return 0;
        var missing = value(a, state.sort) == null || value(b, state.sort) == null;
        return state.desc && !missing ? -order : order;
      });
    }
    var limit = state.limit || PAGE;
    visible.slice(0, limit).forEach(function (row) {
      var tr = el("tr", { class: "status-" + row.cell.status });
      tr.dataset.solver = row.cell.solver;
      tr.dataset.n = row.cell.n;
      tr.dataset.status = row.cell.status;
      COLUMNS.forEach(function (col) {
        var td = el("td", { "data-column": col[0] });
        if (col[0] === "status") {
          var button = el("button", { type: "button", title: "show the run records", class: "record" }, row.cell.status);
          button.addEventListener("click", function () {
            toggleRecord(tr, row);
          });
          td.appendChild(button);
        } else {
          td.textContent = shown(row, col[0]);
        }
        if (col[0] === "status" && row.cell.message) td.title = row.cell.message;
        tr.appendChild(td);
      });
      body.appendChild(tr);
    });
    table.appendChild(body);
    var drawn = Math.min(limit, visible.length);
    var counter = document.getElementById("shown");
    counter.textContent = visible.length + " of " + rows.length + " cells (a cell: one solver on one problem, its " +
      "repeats' median)" + (drawn < visible.length ? ", the first " + drawn + " drawn" : "") +
      "; click a status for its run records, a column head to sort";
    if (drawn < visible.length) {
      var more = el("button", { type: "button", id: "more-rows", class: "noprint" },
        "draw " + Math.min(PAGE, visible.length - drawn) + " more");
      more.addEventListener("click", function () { state.limit = limit + PAGE; drawTable(); });
      var rest = el("button", { type: "button", id: "all-rows", class: "noprint" }, "draw all " + visible.length);
      rest.addEventListener("click", function () { state.limit = visible.length; drawTable(); });
      counter.appendChild(document.createTextNode(" "));
      counter.appendChild(more);
      counter.appendChild(document.createTextNode(" "));
      counter.appendChild(rest);
    }
  }
  function toggleRecord(tr, row) {
    var next = tr.nextSibling;
    if (next && next.classList && next.classList.contains("record-row")) {
      next.parentNode.removeChild(next);
      return;
    }
    var detail = el("tr", { class: "record-row" });
    var td = el("td", { colspan: String(COLUMNS.length) });
    var runs = runsOfCell(row.side, row.cell);
    var text = runs
      ? JSON.stringify(runs, null, 1)
      : "This store has more runs than the report holds one by one (" + data.limits.runs.toLocaleString("en-US") +
        "); the cell: " + JSON.stringify(row.cell, null, 1);
    td.appendChild(el("pre", { class: "record-json" }, text));
    detail.appendChild(td);
    tr.parentNode.insertBefore(detail, tr.nextSibling);
  }

  function select(label, id, options, onchange) {
    var wrap = el("label", {}, label + " ");
    var box = el("select", { id: id });
    options.forEach(function (opt) {
      var option = el("option", { value: opt[0] }, opt[1]);
      box.appendChild(option);
    });
    box.addEventListener("change", function () {
      onchange(box.value);
    });
    wrap.appendChild(box);
    return wrap;
  }
  function unique(list) {
    var seen = [];
    list.forEach(function (x) {
      if (seen.indexOf(x) < 0) seen.push(x);
    });
    return seen;
  }
  var filters = document.getElementById("filters");
  var allCells = rows.map(function (r) {
    return r.cell;
  });
  var ns = unique(allCells.map(function (c) { return c.n; })).sort(function (a, b) { return a - b; });
  var solvers = unique(allCells.map(function (c) { return c.solver; }));
  var statuses = unique(allCells.map(function (c) { return c.status; }));
  function all(list) {
    return [["", "all"]].concat(list.map(function (x) { return [String(x), String(x)]; }));
  }
  filters.appendChild(select("n", "filter-n", all(ns), function (v) { state.n = v; drawTable(); }));
  filters.appendChild(select("solver", "filter-solver", all(solvers), function (v) { state.solver = v; drawTable(); }));
  filters.appendChild(select("status", "filter-status", all(statuses), function (v) { state.status = v; drawTable(); }));
  if (two) {
    var labels = data.sides.map(function (s) { return s.label; });
    filters.appendChild(select("store", "filter-store", all(labels), function (v) { state.store = v; drawTable(); }));
  }
  drawTable();

  // -- figures ---------------------------------------------------------------------------------------------
  var COLOURS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
    "#bcbd22", "#17becf"];
  var DASHES = ["", "6 3", "2 2", "8 3 2 3"];
  var MAX_MARKERS = 3000; // points with their own hover value per figure; beyond, the lines carry it

  function chart(title, xLabel, yLabel, series, opts) {
    opts = opts || {};
    var W = 720, H = Math.max(380, 60 + 16 * series.length), L = 70, R = 200, T = 30, B = 50; // a legend line each
    var svg = svgEl("svg", { viewBox: "0 0 " + W + " " + H, class: "chart", role: "img" });
    svg.appendChild(svgEl("title", {}, title));
    var xs = [], ys = [];
    series.forEach(function (s) {
      s.points.forEach(function (p) {
        xs.push(p[0]);
        ys.push(p[1]);
      });
    });
    if (opts.extraY) ys.push(opts.extraY);
    if (opts.extraX) xs.push(opts.extraX);
    if (opts.fixedY) ys = ys.concat(opts.fixedY);
    if (opts.diagonal) xs = ys = xs.concat(ys); // one scale on both axes, so that the diagonal is x = y
    if (!xs.length) {
      svg.appendChild(svgEl("text", { x: L, y: H / 2 }, "nothing to draw: " + (opts.empty || "no answered run")));
      return svg;
    }
    function scale(values, log, lo, hi) {
      var min = Math.min.apply(null, values), max = Math.max.apply(null, values);
      if (log) {
        min = Math.log10(Math.max(min, 1e-9));
        max = Math.log10(Math.max(max, 1e-9));
      }
      if (opts.zeroY && !log && lo > hi) min = Math.min(min, 0);
      if (max === min) { max += 0.5; min -= 0.5; }
      var pad = (max - min) * 0.04;
      min -= pad; max += pad;
      var f = function (v) {
        var t = log ? Math.log10(Math.max(v, 1e-9)) : v;
        return lo + ((t - min) / (max - min)) * (hi - lo);
      };
      f.min = min; f.max = max; f.log = log;
      return f;
    }
    var sx = scale(xs, opts.logX, L, W - R);
    var sy = scale(ys, opts.logY, H - B, T);
    var axes = svgEl("g", { class: "axes" });
    axes.appendChild(svgEl("rect", { x: L, y: T, width: W - R - L, height: H - B - T, class: "frame" }));
    ticks(sx, true).forEach(function (t) {
      var x = sx(t);
      axes.appendChild(svgEl("line", { x1: x, x2: x, y1: T, y2: H - B, class: "grid" }));
      axes.appendChild(svgEl("text", { x: x, y: H - B + 16, "text-anchor": "middle" }, tickText(t)));
    });
    ticks(sy, false).forEach(function (t) {
      var y = sy(t);
      axes.appendChild(svgEl("line", { x1: L, x2: W - R, y1: y, y2: y, class: "grid" }));
      axes.appendChild(svgEl("text", { x: L - 6, y: y + 4, "text-anchor": "end" }, tickText(t)));
    });
    axes.appendChild(svgEl("text", { x: (L + W - R) / 2, y: H - 12, "text-anchor": "middle", class: "label" }, xLabel));
    axes.appendChild(svgEl("text", { x: 14, y: (T + H - B) / 2, transform: "rotate(-90 14 " + (T + H - B) / 2 + ")",
      "text-anchor": "middle", class: "label" }, yLabel));
    axes.appendChild(svgEl("text", { x: L, y: 18, class: "title" }, title));
    svg.appendChild(axes);
    if (opts.diagonal) {
      var lo = Math.max(sx.min, sy.min), hi = Math.min(sx.max, sy.max);
      var inv = function (v, s) { return s.log ? Math.pow(10, v) : v; };
      if (hi > lo) svg.appendChild(svgEl("line", { x1: sx(inv(lo, sx)), y1: sy(inv(lo, sy)), x2: sx(inv(hi, sx)),
        y2: sy(inv(hi, sy)), class: "limit" }));
    }
    if (opts.limitY) {
      var yl = sy(opts.limitY);
      svg.appendChild(svgEl("line", { x1: L, x2: W - R, y1: yl, y2: yl, class: "limit" }));
      svg.appendChild(svgEl("text", { x: W - R - 4, y: yl - 4, "text-anchor": "end", class: "small" }, "time limit " + fmt(opts.limitY) + " s"));
    }
    if (opts.limitX) {
      var xl = sx(opts.limitX);
      svg.appendChild(svgEl("line", { x1: xl, x2: xl, y1: T, y2: H - B, class: "limit" }));
    }
    var markers = 0;
    series.forEach(function (s) { markers += s.points.length; });
    series.forEach(function (s, i) {
      var colour = COLOURS[i % COLOURS.length];
      var g = svgEl("g", { class: "series" });
      if (!opts.pointsOnly && s.points.length) {
        var d = s.points.map(function (p, k) {
          var x = sx(p[0]).toFixed(1), y = sy(p[1]).toFixed(1);
          if (opts.step && k > 0) return "H" + x + "V" + y;
          return (k ? "L" : "M") + x + "," + y;
        }).join("");
        var path = svgEl("path", { d: d, stroke: colour, fill: "none", "stroke-width": 1.6,
          "stroke-dasharray": DASHES[Math.floor(i / COLOURS.length) % DASHES.length] });
        path.appendChild(svgEl("title", {}, s.name));
        g.appendChild(path);
      }
      if (markers <= MAX_MARKERS) {
        s.points.forEach(function (p) {
          var c = svgEl("circle", { cx: sx(p[0]).toFixed(1), cy: sy(p[1]).toFixed(1), r: opts.pointsOnly ? 4 : 2.6,
            fill: colour, class: "point" });
          c.appendChild(svgEl("title", {}, p[2] || s.name + ": " + fmt(p[0]) + ", " + fmt(p[1])));
          g.appendChild(c);
        });
      }
      svg.appendChild(g);
      var ly = T + 14 + i * 16;
      if (!opts.noLegend) {
        svg.appendChild(svgEl("line", { x1: W - R + 10, x2: W - R + 30, y1: ly - 4, y2: ly - 4, stroke: colour,
          "stroke-width": 2, "stroke-dasharray": DASHES[Math.floor(i / COLOURS.length) % DASHES.length] }));
        svg.appendChild(svgEl("text", { x: W - R + 34, y: ly, class: "small" }, s.name));
      }
    });
    return svg;
  }
  function ticks(s, horizontal) {
    var out = [];
    if (s.log) {
      for (var e = Math.ceil(s.min); e <= Math.floor(s.max); e++) out.push(Math.pow(10, e));
      if (out.length < 2) out = [Math.pow(10, s.min + 0.05), Math.pow(10, s.max - 0.05)];
      return out;
    }
    var span = s.max - s.min, step = Math.pow(10, Math.floor(Math.log10(span / 5)));
    if (span / step > 10) step *= 2;
    if (span / step > 10) step *= 2.5;
    for (var v = Math.ceil(s.min / step) * step; v <= s.max; v += step) out.push(Math.round(v * 1e9) / 1e9);
    return out;
  }
  function tickText(t) {
    if (t >= 1e4 || (t > 0 && t < 1e-3)) return t.toExponential(0);
    return String(+t.toPrecision(3));
  }

  var ANSWERED = data.answered; // the statuses of a run that answered its question
  function seriesName(side, solver) {
    return two ? side.label + ": " + solver : solver;
  }
  function timeLimit(side) {
    return side.common.timeout || null;
  }
  // The cactus and ECDF from every run where the report holds them, else from the cells (one per problem).
  function solvedTimes(sideIndex) {
    var side = data.sides[sideIndex];
    var out = {}, asked = {};
    var source = runsBySide[sideIndex] || side.cells.map(function (c) {
      return { solver: c.solver, status: c.status, seconds: c.seconds, n: c.n, instance: c.instance };
    });
    source.forEach(function (r) {
      if (r.status === "unsupported") return;
      asked[r.solver] = (asked[r.solver] || 0) + 1;
      if (!out[r.solver]) out[r.solver] = [];
      if (ANSWERED.indexOf(r.status) >= 0 && r.seconds != null)
        out[r.solver].push([Math.max(r.seconds, 1e-7), problemOf(r)]);
    });
    return { times: out, asked: asked };
  }
  var charts = document.getElementById("charts");
  function figure(id, node, caption) {
    var fig = el("figure", { id: id });
    fig.appendChild(node);
    fig.appendChild(el("figcaption", {}, caption));
    return fig;
  }
  (function staticFigures() {
    var cactus = [], ecdf = [], limit = null;
    data.sides.forEach(function (side, s) {
      var got = solvedTimes(s);
      limit = limit || timeLimit(side);
      Object.keys(got.asked).forEach(function (solver) {
        var times = (got.times[solver] || []).slice().sort(function (a, b) { return a[0] - b[0]; });
        var name = seriesName(side, solver) + " (" + times.length + " of " + got.asked[solver] + ")";
        cactus.push({ name: name, points: times.map(function (t, k) {
          return [k + 1, t[0], name + ": " + (k + 1) + " solved within " + fmt(t[0]) + " s (n = " + t[1] + ")"]; }) });
        ecdf.push({ name: name, points: times.map(function (t, k) {
          var f = (k + 1) / got.asked[solver];
          return [t[0], f, name + ": " + (100 * f).toFixed(1) + "% of the runs within " + fmt(t[0]) + " s"]; }) });
      });
    });
    var unit = data.sides.some(function (s) { return !s.runs; }) ? "cells" : "runs";
    charts.appendChild(figure("figure-cactus",
      chart("Cactus plot: " + unit + " solved within a time, per solver", unit + " solved",
        "time of the run (s, log)", cactus, { logY: true, limitY: limit, extraY: limit }),
      "A point (k, t): k of the solver's " + unit + " finished within t seconds each; further right and lower is better."));
    charts.appendChild(figure("figure-ecdf",
      chart("Runtime distribution (ECDF)", "time of the run (s, log)", "fraction of the " + unit + " solved", ecdf,
        { logX: true, step: true, limitX: limit, fixedY: [0, 1] }),
      "The fraction of a solver's " + unit + " solved within a time; a curve that ends below 1 left some unsolved."));
    // seconds against n (compare --plot-kind time): the median of each cell on a plain board size
    var byN = [];
    data.sides.forEach(function (side) {
      var bySolver = {};
      side.cells.forEach(function (c) {
        if (c.instance || c.seconds == null || ANSWERED.indexOf(c.status) < 0) return;
        (bySolver[c.solver] = bySolver[c.solver] || []).push([c.n, Math.max(c.seconds, 1e-7),
          seriesName(side, c.solver) + ": n = " + c.n + ", " + fmt(c.seconds) + " s (median of " + c.runs + ")"]);
      });
      Object.keys(bySolver).forEach(function (solver) {
        byN.push({ name: seriesName(side, solver), points: bySolver[solver].sort(function (a, b) { return a[0] - b[0]; }) });
      });
    });
    if (byN.length) charts.appendChild(figure("figure-time",
      chart("Seconds against n, per solver", "n", "seconds (median, log)", byN, { logY: true }),
      "The median time of each solver's solved runs per board size."));
  })();

  // Scatter of two columns chosen on the page: a column is a solver of a store; the quantity is chosen too.
  var QUANTITIES = [["seconds", "seconds (median)"], ["cpu", "CPU seconds"], ["added", "memory added by the run (MiB)"],
    ["memory", "peak memory (MiB)"],
    ["effort", "effort (nodes or first quantity)"]];
  var columns = [];
  data.sides.forEach(function (side, s) {
    unique(side.cells.map(function (c) { return c.solver; })).forEach(function (solver) {
      columns.push({ side: s, solver: solver, name: seriesName(side, solver) });
    });
  });
  var scatterState = { x: 0, y: Math.min(1, columns.length - 1), q: "seconds" };
  var controls = document.getElementById("figure-controls");
  var columnOptions = columns.map(function (c, i) { return [String(i), c.name]; });
  var sx = select("scatter: x", "scatter-x", columnOptions, function (v) { scatterState.x = +v; drawScatter(); });
  var sy = select("y", "scatter-y", columnOptions, function (v) { scatterState.y = +v; drawScatter(); });
  sy.querySelector("select").value = String(scatterState.y);
  controls.appendChild(sx);
  controls.appendChild(sy);
  controls.appendChild(select("quantity", "scatter-q", QUANTITIES, function (v) { scatterState.q = v; drawScatter(); }));
  var scatterHolder = el("div", { id: "scatter-holder" });
  charts.appendChild(scatterHolder);
  function cellValue(cell, q) {
    var row = { cell: cell };
    if (q === "seconds" && cell.seconds == null && cell.timeout) return cell.timeout; // on the border
    return value(row, q);
  }
  function drawScatter() {
    scatterHolder.textContent = "";
    if (!columns.length) return;
    var a = columns[scatterState.x], b = columns[scatterState.y];
    var left = {}, points = [];
    data.sides[a.side].cells.forEach(function (c) { if (c.solver === a.solver) left[c.problem] = c; });
    data.sides[b.side].cells.forEach(function (c) {
      if (c.solver !== b.solver || !(c.problem in left)) return;
      var x = cellValue(left[c.problem], scatterState.q), y = cellValue(c, scatterState.q);
      if (typeof x !== "number" || typeof y !== "number" || x <= 0 || y <= 0) return;
      points.push([x, y, "n = " + c.problem + ": " + a.name + " " + fmt(x) + ", " + b.name + " " + fmt(y)]);
    });
    var q = QUANTITIES.filter(function (p) { return p[0] === scatterState.q; })[0][1];
    scatterHolder.appendChild(figure("figure-scatter",
      chart("Scatter: " + q + ", one point per problem both ran", a.name + " (log)", b.name + " (log)",
        [{ name: "problems", points: points }], { logX: true, logY: true, pointsOnly: true, diagonal: true, noLegend: true,
          empty: "the two columns share no problem with a value" }),
      "Below the diagonal the y column is lower; a timeout sits at its time limit."));
  }
  drawScatter();

  // Anytime curves of optimisation runs (their `curve`: [seconds, objective] of each improvement), one problem.
  var curves = [];
  data.sides.forEach(function (side, s) {
    (runsBySide[s] || []).forEach(function (r) {
      if (Array.isArray(r.curve) && r.curve.length) curves.push({ side: side, run: r });
    });
  });
  if (curves.length) {
    var problems = unique(curves.map(function (c) { return problemOf(c.run); }));
    var holder = el("div", { id: "anytime-holder" });
    var drawAnytime = function (problem) {
      holder.textContent = "";
      var series = curves.filter(function (c) { return problemOf(c.run) === problem; }).map(function (c) {
        var name = seriesName(c.side, c.run.solver) + (c.run.repeat > 1 ? " #" + c.run.repeat : "");
        return { name: name, points: c.run.curve.map(function (p) {
          return [Math.max(p[0], 1e-6), p[1], name + ": " + p[1] + " at " + fmt(p[0]) + " s"]; }) };
      });
      holder.appendChild(figure("figure-anytime", chart("Anytime: the best objective over time, n = " + problem,
        "seconds (log)", "objective", series, { logX: true, step: true }), "Each step is an improvement the solver found."));
    };
    controls.appendChild(select("anytime: n", "anytime-n", problems.map(function (p) { return [p, p]; }), drawAnytime));
    charts.appendChild(holder);
    drawAnytime(problems[0]);
  }

  // -- paired statistics -------------------------------------------------------------------------------------
  var pairedBox = document.getElementById("paired");
  (function pairedStatistics() {
    var pairs = [];
    data.sides.forEach(function (side) {
      side.paired.forEach(function (p) { pairs.push({ side: side, p: p }); });
    });
    if (!pairs.length) {
      pairedBox.appendChild(el("p", {}, "No two solvers answered a problem in common: nothing to pair."));
      return;
    }
    var options = pairs.map(function (x, i) {
      return [String(i), (two ? x.side.label + ": " : "") + x.p.b + " against " + x.p.a + " (" + x.p.column + ")"];
    });
    var out = el("div", { id: "paired-result" });
    var show = function (i) {
      var x = pairs[+i].p;
      out.textContent = "";
      var list = el("ul");
      var k = x.problems;
      list.appendChild(el("li", {}, "paired over the " + k + " problem" + (k === 1 ? "" : "s") + " both answered: " +
        x.column + " ratio " + x.b + " / " + x.a + " geometric mean " + fmt(x.geomean, 3) + ", median " +
        fmt(x.median_ratio, 3) + " (below 1: " + x.b + " is faster)"));
      list.appendChild(el("li", {}, x.b + " against " + x.a + ": " + x.wins + " wins, " + x.ties + " ties, " +
        x.losses + " losses (a tie: within 5 %)"));
      list.appendChild(el("li", {}, x.wilcoxon
        ? "Wilcoxon signed-rank test of the paired differences (two-sided): statistic " + fmt(x.wilcoxon.statistic) +
          ", p = " + fmt(x.wilcoxon.p, 3) + ". It assumes the problems independent and the differences symmetric; " +
          "with few problems its p cannot be small, and it says nothing of problems only one solver answered."
        : "Wilcoxon signed-rank test: not made (" + x.wilcoxon_note + ")"));
      out.appendChild(list);
    };
    pairedBox.appendChild(select("pair", "paired-pair", options, show));
    var many = data.sides.some(function (side) {
      return unique(side.cells.map(function (c) { return c.solver; })).length > data.limits.paired;
    });
    if (many) pairedBox.appendChild(el("p", { class: "note" }, "The pairs of the first " + data.limits.paired +
      " solvers of each store; nqueens runs --compare A B pairs any two columns."));
    pairedBox.appendChild(out);
    show("0");
  })();

  // -- two stores side by side -------------------------------------------------------------------------------
  function changeText(r) {
    if (!r.changed) return "same";
    if (r.a_status !== r.b_status) return "status " + r.a_status + " \u2192 " + r.b_status;
    return "answer " + (r.a_answer == null ? "-" : r.a_answer) + " \u2192 " + (r.b_answer == null ? "-" : r.b_answer);
  }
  if (two && data.comparison) {
    var box = document.getElementById("comparison");
    var cmp = data.comparison;
    var a = data.sides[0].label, b = data.sides[1].label;
    box.appendChild(el("p", { class: "note" }, cmp.changed + " of " + cmp.rows.length +
      " problem and solver pairs changed their status or answer from " + a + " (a) to " + b + " (b): they come first." +
      (cmp.only_a.length ? " Only in a: " + cmp.only_a.join(", ") + "." : "") +
      (cmp.only_b.length ? " Only in b: " + cmp.only_b.join(", ") + "." : "")));
    var t = el("table", { id: "comparison-table" });
    var heads = ["problem", "solver", "a status", "a answer", "a seconds", "b status", "b answer", "b seconds",
      "ratio b/a", "change"];
    var hr = el("tr");
    heads.forEach(function (h) { hr.appendChild(el("th", {}, h)); });
    t.appendChild(el("thead")).appendChild(hr);
    var tb = el("tbody");
    cmp.rows.forEach(function (r) {
      var tr = el("tr", { class: r.changed ? "changed" : "" });
      [r.problem, r.solver, r.a_status, r.a_answer, fmt(r.a_seconds), r.b_status, r.b_answer, fmt(r.b_seconds),
        r.ratio == null ? "-" : fmt(r.ratio, 3), changeText(r)]
        .forEach(function (v, i) {
          var td = el("td", {}, v == null ? "-" : v);
          if (i === 2 || i === 5) td.className = "status-" + v;
          if (i === 1 || i === 3 || i === 6 || i === 9) td.style.textAlign = "left";
          tr.appendChild(td);
        });
      tb.appendChild(tr);
    });
    t.appendChild(tb);
    var scroll = el("div", { class: "scroll" });
    scroll.appendChild(t);
    box.appendChild(scroll);
  }

  // ready: the page is drawn; drawn: milliseconds from the start of its loading to here (what opening it costs)
  window.nqueensReport = { ready: true, cells: rows.length, drawn: performance.now() };
})();
