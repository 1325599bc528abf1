"""The blueprint of ``lindisc latex --html`` in a real headless browser: Debian's ``chromium``
driven by Selenium through the system's ``chromedriver`` (no browser download).

Eight topics are verified and written as a blueprint (among them the pages whose formulas
and graphs were widest: fisher, svm, logistic, least_squares, perceptron); every page is
opened in a 1280 px wide window and must render every formula with KaTeX (no
``.katex-error``, one ``.katex`` per formula), load KaTeX's fonts from the shipped files,
draw its dependency graph (one SVG node per entry, with a size) within the column, log no
error, and scroll sideways nowhere (neither the page nor any element in it); every link
between the pages must land on an existing anchor, its title in view below the sticky
header. A screenshot of one topic page is taken (examples/blueprint.png, for the README: written
when that file is missing or under LINDISC_UPDATE_SCREENSHOT=1, else in a temporary folder).

Skips when chromium, chromedriver or selenium is missing, except under
LINDISC_REQUIRE_BROWSER=1 (.ci/run installs them and sets it), where that fails.

A page of these topics takes seconds to load (KaTeX sets up to 1,300 formulas in it), and a
WebDriver call per element costs a round trip: the blueprint is built once for the module (by
the CLI, from an empty verdict cache), each page is opened once at 1280 px, at the last of the
fragments its HTML links to, and everything the checks read of it is measured there in a few
scripts, then its other fragments are followed (``pages``); only the checks that need another
state (a click, a narrower window) load a page again.
Under xdist the site and that pass are made once for the run, by whichever worker needs them
first, the others waiting for them (`_once`), not once per worker.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import urllib.parse
from contextlib import contextmanager
from html.parser import HTMLParser
from pathlib import Path

import pytest

#: A browser check is part of the thorough run (.ci/run installs chromium and sets
#: LINDISC_REQUIRE_BROWSER=1), not of the README's fast test command.
pytestmark = pytest.mark.slow

TOPICS = ("geometry", "multiclass", "feature_maps", "fisher", "perceptron", "svm", "logistic",
          "least_squares")
WIDTH = 1280  # the window's width (px)
ROOT = Path(__file__).resolve().parents[3]
SCREENSHOT = ROOT / "examples" / "blueprint.png"
SCREENSHOT_TOPIC = "feature_maps"


def _need(what: str) -> None:
    if os.environ.get("LINDISC_REQUIRE_BROWSER") == "1":
        pytest.fail(f"LINDISC_REQUIRE_BROWSER=1 but {what}")
    pytest.skip(what)


def _executables() -> tuple[str, str]:
    browser = os.environ.get("LINDISC_CHROMIUM") or next(
        (p for p in map(shutil.which, ("chromium", "chromium-browser")) if p), None)
    driver = os.environ.get("LINDISC_CHROMEDRIVER") or shutil.which("chromedriver")
    if browser is None or driver is None:
        _need("chromium and chromedriver are not installed (Debian: apt-get install chromium "
              "chromium-driver)")
    return browser, driver


@pytest.fixture(scope="module")
def driver():
    browser, chromedriver = _executables()
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        _need("selenium is not installed (pip install -e '.[test]')")
    opts = webdriver.ChromeOptions()
    opts.binary_location = browser
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={WIDTH},1000", "--hide-scrollbars", "--force-device-scale-factor=1"):
        opts.add_argument(arg)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    d = webdriver.Chrome(service=Service(chromedriver), options=opts)
    d.set_page_load_timeout(60)
    yield d
    d.quit()


@contextmanager
def _once(tmp_path_factory, name: str):
    """A folder `name` of this pytest run shared by its xdist workers (the run's own
    temporary folder without xdist), held under a lock: made by the first who takes it,
    found made (its `done` file written) by the others."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # the workers' folders are popen-gw0, popen-gw1, ... in it
    with open(root / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield root / name
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The eight topics' blueprint, written by the CLI from an empty verdict cache, once."""
    from derivations._interfaces.cli import main

    with _once(tmp_path_factory, "blueprint") as out:
        if not (out / "done").is_file():
            shutil.rmtree(out, ignore_errors=True)
            assert main(["latex", *TOPICS, "--html", str(out), "--no-cache"]) == 0
            (out / "done").write_text("", encoding="ascii")
    return out


def _pages(site: Path) -> list[str]:
    return ["index.html", "graph.html", *(f"{t}.html" for t in TOPICS)]


def _open(driver, path: Path, fragment: str = "") -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get(path.as_uri() + (f"#{urllib.parse.quote(fragment)}" if fragment else ""))
    WebDriverWait(driver, 30, poll_frequency=0.05).until(
        lambda d: d.execute_script("return document.body.hasAttribute('data-formulas') && "
                                   "document.fonts.status === 'loaded'"))


#: What scrolls sideways on a page: the page itself, and each element inside <main> that has
#: a horizontal scroll (overflow-x auto or scroll) and content wider than its box.
_SIDEWAYS = """
const out = [];
const root = document.documentElement;
if (root.scrollWidth > root.clientWidth) out.push(`the page: ${root.scrollWidth} px in ${root.clientWidth}`);
for (const el of document.querySelectorAll('main *')) {
  const x = getComputedStyle(el).overflowX;
  if ((x === 'auto' || x === 'scroll') && el.scrollWidth > el.clientWidth + 1) {
    out.push(`${el.tagName}.${el.className}: ${el.scrollWidth} px in ${el.clientWidth}: ` +
             el.textContent.slice(0, 60));
  }
}
for (const svg of document.querySelectorAll('svg.depgraph')) {
  const shown = svg.getBoundingClientRect().width, drawn = svg.width.baseVal.value;
  if (shown < 0.95 * drawn) out.push(`a graph scaled to ${shown} px of ${drawn}: labels too small`);
}
for (const el of document.querySelectorAll('.math.shrunk')) {
  if (parseFloat(el.style.fontSize) < 75) out.push(`a formula shrunk to ${el.style.fontSize}`);
}
return out;
"""

#: The first graph of a page: its class (zoomable, full), the width it is shown at and the
#: width it was drawn at.
_GRAPH = ("var g = document.querySelector('.graph'), s = g.querySelector('svg.depgraph');"
          "return [g.className, s.getBoundingClientRect().width, s.width.baseVal.value];")

#: Everything the checks read of a page as loaded at 1280 px, in one script (an element's
#: size is its bounding box, what WebDriver's element rect reports).
_MEASURED = """
const size = el => { const r = el.getBoundingClientRect(); return [r.width, r.height]; };
const all = sel => Array.from(document.querySelectorAll(sel));
const links = all('a[href]');
return {
  formulas: all('.math').map(size),
  rendered: all('.math .katex').length,
  errors: all('.katex-error').map(e => e.getAttribute('title')),
  counted: document.body.getAttribute('data-formulas'),
  fonts: Array.from(document.fonts).map(f => [f.family, f.status]),
  hrefs: links.map(a => a.href.baseVal !== undefined ?
                   new URL(a.getAttribute('href'), document.baseURI).href : a.href),
  followed: links.map(a => new URL(a.getAttribute('href'), document.baseURI).href),
  ids: all('[id]').map(e => e.id),
  width: window.innerWidth,
  nodes: all('svg.depgraph g.node').map(n => [n.getAttribute('data-id'), ...size(n)]),
  own_nodes: all('svg.depgraph g.node:not(.external)').map(n => n.getAttribute('data-id')),
  edges: all('svg.depgraph path.edge').length,
};
"""


def _measure(driver) -> dict:
    """What the checks read of the page now open: `_MEASURED`, the sideways scrolls, the
    first graph, and the errors and warnings it logged."""
    got = driver.execute_script(_MEASURED)
    got["sideways"] = driver.execute_script(_SIDEWAYS)
    got["graph"] = driver.execute_script(_GRAPH) if driver.execute_script(
        "return document.querySelector('.graph svg.depgraph') !== null") else None
    got["logged"] = [e for e in driver.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]
    return got


#: Where a followed link landed: the target's title (the target itself if it is a heading,
#: else its first heading) against the sticky header's bottom and the window's height.
_LANDED = """
const t = document.getElementById(arguments[0]);
if (!t) return null;
const title = t.matches('h1, h2, h3') ? t : (t.querySelector('h1, h2, h3') || t);
const r = title.getBoundingClientRect();
return [r.top, r.bottom, document.querySelector('nav').getBoundingClientRect().bottom,
        window.innerHeight];
"""


class _Links(HTMLParser):
    """The href of every <a> in an HTML text, as written."""

    def __init__(self):
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag, attrs):
        href = dict(attrs).get("href")
        if tag == "a" and href is not None:
            self.hrefs.append(href)


def _written_targets(site: Path) -> dict[str, set[str]]:
    """The fragments each page is linked to at, read from the pages' HTML (what the browser
    follows is checked against it: test_every_link_lands_with_its_title_below_the_header)."""
    targets: dict[str, set[str]] = {}
    for name in _pages(site):
        links = _Links()
        links.feed((site / name).read_text(encoding="utf-8"))
        for h in links.hrefs:
            url = urllib.parse.urlparse(urllib.parse.urljoin((site / name).as_uri(), h))
            if url.fragment and url.path.endswith(".html"):
                targets.setdefault(urllib.parse.unquote(url.path), set()).add(
                    urllib.parse.unquote(url.fragment))
    return targets


def _follow(driver, path: Path, frags, measure: bool = False) -> tuple[dict, dict | None]:
    """Where the title of each fragment of a page landed (`_LANDED`): the page loaded afresh
    at its last fragment (the formulas above it move it most as KaTeX sets and breaks them),
    the others in-page jumps; and, if asked, the freshly loaded page `_measure`d."""
    frags = sorted(frags)
    driver.get("about:blank")
    _open(driver, path, frags[-1] if frags else "")
    landed = {}
    if frags:
        landed[frags[-1]] = driver.execute_script(_LANDED, frags[-1])
    measured = _measure(driver) if measure else None
    for frag in frags[:-1]:
        driver.execute_script("location.hash = arguments[0]", urllib.parse.quote(frag))
        landed[frag] = driver.execute_script(_LANDED, frag)
    return landed, measured


@pytest.fixture(scope="module")
def pages(request, tmp_path_factory, site) -> dict[str, dict]:
    """Each page of the blueprint opened once at 1280 px, at the last fragment its HTML is
    linked to: what it showed (`_measure`), and where each linked fragment's title landed.
    Once for the run (`_once`): a worker that finds it made reads it."""
    with _once(tmp_path_factory, "blueprint-pages") as saved:
        if (saved / "done").is_file():
            return json.loads((saved / "pages.json").read_text(encoding="utf-8"))
        driver = request.getfixturevalue("driver")
        targets = _written_targets(site)
        out: dict[str, dict] = {}
        for name in _pages(site):
            path = site / name
            frags = targets.get(urllib.parse.unquote(urllib.parse.urlparse(path.as_uri()).path),
                                ())
            landed, out[name] = _follow(driver, path, frags, measure=True)
            out[name]["landed"] = landed
        saved.mkdir(exist_ok=True)
        (saved / "pages.json").write_text(json.dumps(out), encoding="utf-8")
        (saved / "done").write_text("", encoding="ascii")
    return out


def test_every_formula_renders_and_nothing_is_logged(pages):
    total = 0
    for name, page in pages.items():
        formulas = page["formulas"]
        assert not page["errors"], f"{name}: " + "; ".join(page["errors"][:5])
        assert page["rendered"] == len(formulas)
        assert page["counted"] == str(len(formulas))
        for width, height in formulas:
            assert height > 0 and width > 0, f"{name}: an empty formula"
        fonts = page["fonts"]
        assert not [f for f, s in fonts if s == "error"], f"{name}: fonts failed: {fonts}"
        if formulas:
            assert ["KaTeX_Main", "loaded"] in fonts, f"{name}: KaTeX's font did not load"
        assert not page["logged"], f"{name}: {page['logged']}"
        total += len(formulas)
    assert total > 200  # eight topics' claims, steps and printed forms


def test_each_graph_draws_a_node_per_entry(pages):
    from derivations.catalog import REGISTRY

    for t in TOPICS:
        page = pages[f"{t}.html"]
        ids = [i for i in REGISTRY if i.startswith(t + ".")]
        ext = {u for i in ids for u in REGISTRY[i].uses  # other topics' entries in this build
               if not u.startswith(t + ".") and u.split(".")[0] in TOPICS}
        nodes = page["nodes"]
        assert sorted(n for n, _, _ in nodes) == sorted(ids + list(ext))
        for _, width, height in nodes:
            assert width > 20 and height > 10
        assert page["edges"] == sum(u in ids or u in ext for i in ids + list(ext)
                                    for u in REGISTRY[i].uses)
    # every topic's graph: each entry once in its own
    assert sorted(pages["graph.html"]["own_nodes"]) == sorted(
        i for i in REGISTRY if i.startswith(tuple(t + "." for t in TOPICS)))


def test_every_link_lands_on_an_anchor(driver, site, pages):
    targets: dict[str, set[str]] = {}
    for name, page in pages.items():
        assert page["hrefs"], name
        for h in page["hrefs"]:
            url = urllib.parse.urlparse(h)
            assert url.scheme == "file", f"{name} links outside the blueprint: {h}"
            targets.setdefault(urllib.parse.unquote(url.path), set()).add(url.fragment)
    for path, frags in targets.items():
        assert Path(path).is_file(), path
        if not path.endswith(".html"):
            continue
        page = pages.get(Path(path).name) if Path(path).resolve().parent == site.resolve() \
            else None
        if page is None:  # a page outside the blueprint's list of pages: opened here
            _open(driver, Path(path))
            page = _measure(driver)
        ids = set(page["ids"])  # document.getElementById(f) !== null
        missing = [f for f in frags if f and urllib.parse.unquote(f) not in ids]
        assert not missing, f"{path}: no anchor for {missing}"


def test_a_graph_node_leads_to_its_entry(driver, site):
    from selenium.webdriver.common.by import By

    _open(driver, site / "feature_maps.html")
    node = driver.find_element(By.CSS_SELECTOR, 'g.node[data-id="geometry.lemma1_sign"]')
    driver.execute_script("arguments[0].parentNode.dispatchEvent(new MouseEvent('click', "
                          "{bubbles: true, cancelable: true, view: window}))", node)
    assert driver.current_url.endswith("geometry.html#geometry.lemma1_sign")
    top = driver.execute_script(
        "return document.getElementById('geometry.lemma1_sign').getBoundingClientRect().top")
    assert 0 <= top < 200  # scrolled to the entry


def test_a_screenshot_of_a_topic_page_for_the_readme(driver, site, tmp_path):
    from PIL import Image

    _open(driver, site / f"{SCREENSHOT_TOPIC}.html")
    update = os.environ.get("LINDISC_UPDATE_SCREENSHOT") == "1" or not SCREENSHOT.exists()
    raw = tmp_path / "raw.png"
    assert driver.save_screenshot(str(raw))
    img = Image.open(raw).convert("RGB")
    assert img.size[0] == WIDTH and img.size[1] > 700  # the viewport of --window-size
    out = SCREENSHOT if update else tmp_path / "blueprint.png"
    out.parent.mkdir(parents=True, exist_ok=True)
    img.quantize(colors=128, method=Image.Quantize.MEDIANCUT).save(out, optimize=True)
    assert out.stat().st_size < 200_000, f"{out}: {out.stat().st_size} bytes"


def test_no_page_scrolls_sideways(pages):
    """At a 1280 px wide window: long displays are broken into lines, graphs are laid out
    to the column, nothing has a horizontal scroll bar."""
    found = {}
    for name, page in pages.items():
        assert page["width"] == WIDTH
        if page["sideways"]:
            found[name] = page["sideways"]
    assert not found, "\n".join(f"{k}: {len(v)}: {v[:3]}" for k, v in found.items())


def test_every_link_lands_with_its_title_below_the_header(driver, site, pages):
    """Every internal link with a fragment, followed: its target's title is in view, not
    under the sticky header. A page is loaded afresh for its last target (the formulas above
    it move it most as KaTeX sets and breaks them), the others are in-page jumps (`pages`
    did both for the fragments the HTML links to: they must be those the browser sees)."""
    targets: dict[str, set[str]] = {}
    for page in pages.values():
        for h in page["followed"]:
            url = urllib.parse.urlparse(h)
            if url.fragment and url.path.endswith(".html"):
                targets.setdefault(urllib.parse.unquote(url.path), set()).add(
                    urllib.parse.unquote(url.fragment))
    followed = {urllib.parse.unquote(urllib.parse.urlparse((site / n).as_uri()).path): p["landed"]
                for n, p in pages.items() if p["landed"]}
    hidden, checked = [], 0
    for path, frags in sorted(targets.items()):
        if path not in followed:  # a page outside the blueprint's list of pages
            followed[path] = _follow(driver, Path(path), frags)[0]
        assert set(followed[path]) == frags, (
            f"{path}: the browser's links and the HTML's differ: "
            f"{sorted(frags ^ set(followed[path]))[:5]}")
        for frag, landed in followed[path].items():
            assert landed is not None, f"{path}: no anchor {frag}"
            top, bottom, header, height = landed
            checked += 1
            if not (top >= header - 1 and bottom <= height):
                hidden.append(f"{Path(path).name}#{frag}: title at {top:.0f}-{bottom:.0f} px, "
                              f"header to {header:.0f}, window {height}")
    assert set(followed) == set(targets), sorted(set(followed) ^ set(targets))
    assert checked == sum(map(len, targets.values())) > 100
    assert not hidden, f"{len(hidden)} of {checked} links: " + "; ".join(hidden[:5])


def test_a_graph_shown_smaller_than_drawn_opens_at_full_size(driver, site, pages):
    """In a window narrower than the column the graph was laid out for, it is scaled to the
    column (no sideways scroll); a click on its background shows it at full size, and a
    second click scales it back. At 1280 px it is shown at its size and is not zoomable."""
    click = ("document.querySelector('.graph').dispatchEvent("
             "new MouseEvent('click', {bubbles: true}))")
    cls, shown, drawn = pages["fisher.html"]["graph"]  # as opened at 1280 px
    assert "zoomable" not in cls and shown == pytest.approx(drawn)
    try:
        driver.set_window_size(800, 1000)
        _open(driver, site / "fisher.html")
        cls, shown, drawn = driver.execute_script(_GRAPH)
        assert "zoomable" in cls and shown < 0.8 * drawn
        assert not [b for b in driver.execute_script(_SIDEWAYS) if "graph scaled" not in b]
        driver.execute_script(click)
        cls, shown, _ = driver.execute_script(_GRAPH)
        assert "full" in cls and shown == pytest.approx(drawn)
        driver.execute_script(click)
        cls, shown, _ = driver.execute_script(_GRAPH)
        assert "full" not in cls and shown < 0.8 * drawn
    finally:
        driver.set_window_size(WIDTH, 1000)
