"""The frames sanitiser (js/frame-sanitizer.js, DOMPurify with our allowlist) keeps every
thing our screens draw, in real Chromium.

The allowlist's coverage is derived from the frames themselves: every frame of every
shipped example in every language (build/examples/**), and every position of the golden
games in French (tests/golden, end screens included), is parsed by the browser as it is and after
sanitising; the two trees must be the same (elements, attributes and their values, text).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from e2e_harness import ROOT

from ludotheque.core.record import Record, ReplayError
from ludotheque.explain.frames import render_frames

# The DOM of an HTML fragment as text: tag names with namespace, attributes sorted, text.
# Attribute values are compared trimmed (DOMPurify trims every value but value=; a class
# list written "mi-player  " means the same as "mi-player").
CANON = """
(function () {
  function canon(node) {
    if (node.nodeType === 3) return node.data;
    if (node.nodeType !== 1 && node.nodeType !== 11) return "";
    var out = "";
    if (node.nodeType === 1) {
      var attrs = Array.from(node.attributes).map(function (a) { return a.name + "=" + JSON.stringify(a.name === "value" ? a.value : a.value.trim()); }).sort();
      out += "<" + (node.namespaceURI === "http://www.w3.org/2000/svg" ? "svg:" : "") + node.localName + " " + attrs.join(" ") + ">";
    }
    node.childNodes.forEach(function (c) { out += canon(c); });
    return out + (node.nodeType === 1 ? "</" + node.localName + ">" : "");
  }
  window.canonOf = canon;
  window.compareFrames = function (list) {
    var bad = [];
    list.forEach(function (item) {
      var t = document.createElement("template");
      t.innerHTML = item.html;
      var before = canon(t.content), after = canon(window.ludoFrameSanitizer.fragment(item.html));
      if (before !== after) {
        var i = 0;
        while (i < before.length && before[i] === after[i]) i++;
        bad.push({ where: item.where, before: before.slice(Math.max(0, i - 120), i + 160), after: after.slice(Math.max(0, i - 120), i + 160) });
      }
    });
    return { checked: list.length, bad: bad.slice(0, 5), nbad: bad.length };
  };
})();
"""


def example_frames():
    """(label, html) of every frame of every built example, every language."""
    out = []
    for path in sorted((ROOT / "build" / "examples").glob("*/*.js")):
        text = path.read_text(encoding="utf-8")
        doc = json.loads(text[len("ludoFrames("):text.rindex(")")])
        out += [{"where": f"{path.relative_to(ROOT)} ply {f['ply']}", "html": f["html"]} for f in doc["frames"]]
    return out


def golden_frames(lang: str):
    out = []
    for path in sorted((ROOT / "tests" / "golden").glob("*/*.json")):
        record = Record.from_json(path.read_text(encoding="utf-8"))
        record.meta = {}
        try:
            doc = render_frames(record, lang)
        except ReplayError:
            continue  # the golden games that end on an illegal move (they test the refusal)
        out.append([{"where": f"{path.relative_to(ROOT)} ({lang}) ply {f['ply']}", "html": f["html"]} for f in doc["frames"]])
    return out


@pytest.fixture
def sanitizer_page(new_context, site_server):
    context = new_context(service_workers="block")
    page = context.new_page()
    page.goto(site_server.url("explain.html?lang=en"))
    page.wait_for_function("() => window.ludoFrameSanitizer && window.ludoFrameSanitizer.ready")
    page.evaluate(CANON)
    return page


def check(page, frames):
    result = page.evaluate("list => compareFrames(list)", frames)
    assert result["checked"] == len(frames)
    assert result["nbad"] == 0, json.dumps(result["bad"], indent=1, ensure_ascii=False)


def test_every_example_frame_is_unchanged(built_site, sanitizer_page):
    frames = example_frames()
    games = {f["where"].split("/")[2] for f in frames}
    assert games == {"mookies", "mindup", "mosquito", "masterislands"} and len(frames) > 100
    check(sanitizer_page, frames)


def test_every_position_of_the_golden_games_is_unchanged(built_site, sanitizer_page):
    """In French only: the markup of a position is the same in every language (the words differ,
    and the examples above are checked in all four), and each language took ~11 s of a core."""
    games = golden_frames("fr")
    assert len(games) > 30
    for frames in games:
        check(sanitizer_page, frames)


def test_the_allowlist_is_what_the_frames_use(built_site, sanitizer_page):
    """Every element the allowlist names is drawn by some frame, or is one the screens write
    (ui/*.py) outside the shipped positions: the list stays exactly what our code produces."""
    used = set(sanitizer_page.evaluate(
        """list => { var tags = new Set();
             list.forEach(h => { var t = document.createElement('template'); t.innerHTML = h;
               t.content.querySelectorAll('*').forEach(e => tags.add(e.localName)); });
             return Array.from(tags); }""",
        [f["html"] for f in example_frames()]))
    source = (ROOT / "js" / "frame-sanitizer.js").read_text(encoding="utf-8")
    ui = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "py" / "ludotheque" / "ui").glob("*.py"))
    allowed = set(json.loads(source.split("var HTML_TAGS = ")[1].split(";")[0].replace("\n", "")))
    allowed |= set(json.loads(source.split("var SVG_TAGS = ")[1].split(";")[0]))
    assert used <= allowed, used - allowed
    for tag in allowed - used:
        assert f'el("{tag}"' in ui or f"<{tag}" in ui or tag == "bdi", f"{tag} is allowed but no screen writes it"
