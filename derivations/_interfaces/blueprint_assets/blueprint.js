// lindisc blueprint: render every formula (.math, its TeX as text) with the KaTeX shipped in
// katex/. A formula KaTeX cannot parse is shown as a .katex-error with the message, never dropped.
document.addEventListener("DOMContentLoaded", function () {
  var els = document.querySelectorAll(".math");
  for (var i = 0; i < els.length; i++) {
    var el = els[i];
    katex.render(el.textContent, el, {
      displayMode: el.classList.contains("display"),
      throwOnError: false,
      strict: "ignore",
      output: "htmlAndMathml"
    });
  }
  document.body.setAttribute("data-formulas", String(els.length));
});
