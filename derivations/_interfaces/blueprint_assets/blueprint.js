// lindisc blueprint: render every formula (.math, its TeX as text) with the KaTeX shipped in
// katex/. A formula KaTeX cannot parse is shown as a .katex-error with the message, never dropped.
//
// A display wider than its column is broken, not scrolled: its data-pieces (written by
// html.py: the formula cut before its top-level relations and + / - signs, and between
// parenthesised factors) are packed greedily into the lines of an aligned display, the
// relation of the first line aligned when the left-hand side is short, each further line
// indented. Done again when the window is resized. The sticky header's height is the
// scroll margin of every anchor, so a followed link shows its target's title.
(function () {
  "use strict";
  var RELATION = /^(=|<|>|\\(leq?|geq?|neq?|approx|equiv|Leftrightarrow|Rightarrow|Longrightarrow|Longleftrightarrow|iff|implies|propto|succeq|preceq|sim|simeq|in|subseteq)(?![A-Za-z]))/;

  var MIN_SCALE = 0.75;

  function options(display) {
    return {displayMode: display, throwOnError: false, strict: "ignore",
            output: "htmlAndMathml"};
  }

  function overflows(el) {
    return el.scrollWidth > el.clientWidth + 1;
  }

  // The width in px of `tex` set in display style where `el` is (its font size).
  function measure(el, tex) {
    var probe = document.createElement("span");
    probe.style.cssText = "position:absolute;visibility:hidden;white-space:nowrap;left:0;top:0";
    el.appendChild(probe);
    katex.render("\\displaystyle " + tex, probe, options(false));
    var w = probe.getBoundingClientRect().width;
    el.removeChild(probe);
    return w;
  }

  // Lines of pieces (indices) whose widths fit `first` px on the first line, `rest` after.
  function pack(widths, from, first, rest) {
    var lines = [], line = [], used = 0, room = first;
    for (var i = from; i < widths.length; i++) {
      if (line.length && used + widths[i] > room) {
        lines.push(line);
        line = [];
        used = 0;
        room = rest;
      }
      line.push(i);
      used += widths[i];
    }
    if (line.length) lines.push(line);
    return lines;
  }

  function text(piece, starts) {
    var tex = piece[1];
    if (piece[0] === "x") return (starts ? "\\times " : "") + tex;
    return starts && !RELATION.test(tex) ? "\\quad {}" + tex : (starts ? "{}" + tex : tex);
  }

  // The pieces, each cut into its finer pieces while it is wider than `room` alone.
  function finest(el, pieces, room, width) {
    var out = [];
    pieces.forEach(function (p, i) {
      var w = width(p, i);
      if (w > room && p[2] && p[2].length > 1) {
        out.push.apply(out, finest(el, p[2], room, width));
      } else {
        out.push(p);
      }
    });
    return out;
  }

  // The aligned display of `pieces` broken to fit `room` px.
  function aligned(el, pieces, room, width) {
    var quad = width(["", "\\quad"], 0);
    var lhs = width(pieces[0], 0);
    var align = pieces.length > 1 && RELATION.test(pieces[1][1]) && lhs <= 0.4 * room;
    var rest = (align ? room - lhs : room) - quad;
    var items = align ? [pieces[0]].concat(finest(el, pieces.slice(1), rest, width))
                      : finest(el, pieces, rest, width);
    var widths = items.map(width);
    var lines = align ? pack(widths, 1, room - lhs, rest) : pack(widths, 0, room, rest);
    var rows = lines.map(function (line, k) {
      var body = line.map(function (i, j) {
        return j === 0 && (k > 0 || align) ? text(items[i], true) : items[i][1];
      }).join(" ");
      return align ? (k === 0 ? items[0][1] : "") + " &" + body : "&" + body;
    });
    return "\\begin{aligned}" + rows.join(" \\\\ ") + "\\end{aligned}";
  }

  function render(el) {
    var tex = el.getAttribute("data-tex");
    var display = el.classList.contains("display");
    katex.render(tex, el, options(display));
    el.classList.remove("broken", "shrunk");
    el.style.fontSize = "";
    var data = el.getAttribute("data-pieces");
    if (!display || !data || !overflows(el)) return;
    var pieces = JSON.parse(data), seen = {};
    var width = function (p, i) {  // a piece as it is set inside a line, measured once
      var key = (i && p[0] !== "x" ? "{}" : "") + p[1];
      if (!(key in seen)) seen[key] = measure(el, key);
      return seen[key];
    };
    var room = el.clientWidth - 8;
    for (var attempt = 0; attempt < 8; attempt++) {
      katex.render(aligned(el, pieces, room, width), el, options(true));
      el.classList.add("broken");
      if (!overflows(el)) return;
      room *= 0.85;
    }
    // a piece that cannot be cut (a matrix, a long fraction) and is wider than the column
    // alone: smaller, down to three quarters of the size (about the text's size), no less
    var scale = Math.max(MIN_SCALE, el.clientWidth / el.scrollWidth);
    el.style.fontSize = Math.floor(scale * 100) + "%";
    el.classList.add("shrunk");
  }

  function renderAll() {
    var els = document.querySelectorAll(".math");
    for (var i = 0; i < els.length; i++) {
      if (!els[i].hasAttribute("data-tex")) els[i].setAttribute("data-tex", els[i].textContent);
      render(els[i]);
    }
    return els.length;
  }

  function headerHeight() {
    var nav = document.querySelector("nav");
    document.documentElement.style.setProperty(
      "--nav-height", (nav ? nav.getBoundingClientRect().height : 0) + "px");
  }

  function toTarget() {  // the page moved under the browser's first jump to the anchor
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id && document.getElementById(id);
    if (target) target.scrollIntoView();
  }

  // A graph shown smaller than drawn (a window narrower than the column it was laid out
  // for): a click on its background shows it at full size, scrolled, and back.
  function zoomable() {
    var graphs = document.querySelectorAll(".graph");
    for (var i = 0; i < graphs.length; i++) {
      var g = graphs[i], svg = g.querySelector("svg.depgraph");
      if (!svg) continue;
      var small = svg.getBoundingClientRect().width < 0.95 * svg.width.baseVal.value;
      g.classList.toggle("zoomable", small || g.classList.contains("full"));
      if (!g.hasAttribute("data-zoom")) {
        g.setAttribute("data-zoom", "");
        g.addEventListener("click", function (ev) {
          if (this.classList.contains("zoomable") && !ev.target.closest("a")) {
            this.classList.toggle("full");
          }
        });
      }
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    headerHeight();
    var n = renderAll();
    toTarget();
    if (document.fonts && document.fonts.ready) {
      document.fonts.ready.then(function () {
        var y = window.scrollY;
        renderAll();  // the widths measured before KaTeX's fonts had loaded
        if (location.hash) toTarget(); else window.scrollTo(0, y);
        document.body.setAttribute("data-formulas", String(n));
      });
    } else {
      document.body.setAttribute("data-formulas", String(n));
    }
    zoomable();
    var timer = null;
    window.addEventListener("resize", function () {
      clearTimeout(timer);
      timer = setTimeout(function () { headerHeight(); renderAll(); zoomable(); }, 150);
    });
  });
})();
