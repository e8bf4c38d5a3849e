"""What the tablet tour checks on every screen it reaches (tests/e2e/test_tablet_tour.py, and
scripts/screens.py for the pictures): reachable tap targets and axe-core.

Why these checks: at the table people tap, they do not scroll during a race; a button that is
below the fold, smaller than a fingertip (44x44 CSS px, WCAG 2.5.5) or hidden under another
element does not exist for them. axe-core (pinned in package.json, tests only, never shipped)
is loaded from node_modules into the page under test.
"""
from __future__ import annotations

from pathlib import Path
from typing import Dict, Iterable, List

from e2e_harness import ROOT

AXE_JS = ROOT / "node_modules" / "axe-core" / "axe.min.js"
MIN_TARGET = 44

SIZES: Dict[str, dict] = {
    "1024x768": {"viewport": {"width": 1024, "height": 768}},
    "768x1024": {"viewport": {"width": 768, "height": 1024}},
    "390x844": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
                "device_scale_factor": 1},
}

# Moderate axe findings that remain, each with why (the tour fails on any other).
ALLOWED_MODERATE: Dict[str, str] = {}

_TARGETS_JS = """(needed) => {
    const vw = document.documentElement.clientWidth, vh = window.innerHeight;
    const visible = (el) => {
        const r = el.getBoundingClientRect();
        const st = getComputedStyle(el);
        return r.width > 0 && r.height > 0 && st.visibility !== 'hidden' && st.display !== 'none';
    };
    const describe = (el) => (el.getAttribute('data-testid') || el.getAttribute('data-action')
                              || el.getAttribute('data-slap') || el.outerHTML.slice(0, 80));
    const problems = [];
    const all = document.querySelectorAll('#app [data-action], #app [data-slap], #home [data-action]');
    for (const el of all) {
        // the sea of MasterIslands zooms and pans: its galleons shrink with it; the galleon bar
        // offers the same choice with 48 px buttons, so the size check skips the zoomed world
        if (!visible(el) || el.closest('[inert]') || el.closest('.mi-world')) continue;
        const r = el.getBoundingClientRect();
        if (Math.round(r.width) < 44 || Math.round(r.height) < 44)
            problems.push(`${describe(el)}: ${Math.round(r.width)}x${Math.round(r.height)} px, under 44x44`);
    }
    for (const wanted of needed) {
        // "any:<selector>": one of them is enough (lit destinations in a sea that pans)
        const any = wanted.startsWith('any:'), sel = any ? wanted.slice(4) : wanted;
        const found = [...document.querySelectorAll(sel)].filter(visible);
        if (!found.length) { problems.push(`${sel}: not on screen`); continue; }
        const before = problems.length;
        for (const el of found) {
            const r = el.getBoundingClientRect();
            if (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5) {
                problems.push(`${describe(el)}: outside the viewport (${Math.round(r.left)},${Math.round(r.top)}`
                              + `-${Math.round(r.right)},${Math.round(r.bottom)} in ${vw}x${vh})`);
                continue;
            }
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            if (!hit || !(hit === el || el.contains(hit)))
                problems.push(`${describe(el)}: covered by ${hit ? hit.outerHTML.slice(0, 80) : 'nothing'}`);
        }
        if (any && problems.length - before < found.length) problems.length = before;
    }
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1)
        problems.push(`horizontal overflow: page ${doc.scrollWidth} px wide in ${doc.clientWidth}`);
    return problems;
}"""

_AXE_RUN_JS = """async () => {
    const r = await axe.run(document, {resultTypes: ['violations']});
    return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                   nodes: v.nodes.slice(0, 4).map(n => n.target.join(' ') + ' :: ' + n.failureSummary.split('\\n').slice(0, 3).join(' '))}));
}"""


def target_problems(page, needed: Iterable[str] = ()) -> List[str]:
    """Every visible data-action under 44x44; every `needed` selector not on screen, outside the
    viewport or covered at its centre; horizontal overflow."""
    return page.evaluate(_TARGETS_JS, list(needed))


def axe_violations(page) -> List[dict]:
    """axe-core's violations on the page as it is now (axe loaded once per document).

    axe is evaluated through the DevTools protocol: the pages' Content-Security-Policy refuses
    an injected inline script (rightly), and a test must not weaken the page it checks."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE_JS.read_text(encoding="utf-8") + "\n;void 0")
    return page.evaluate(_AXE_RUN_JS)


def serious(violations: List[dict]) -> List[dict]:
    """What fails the tour: serious/critical ones, and moderate ones not listed with a reason."""
    return [v for v in violations
            if v["impact"] in ("serious", "critical") or (v["impact"] == "moderate" and v["id"] not in ALLOWED_MODERATE)]


_SHRINK_JS = """async ([b64, scale]) => {
    const img = new Image();
    img.src = 'data:image/png;base64,' + b64;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = Math.round(img.width * scale);
    c.height = Math.round(img.height * scale);
    const g = c.getContext('2d');
    g.imageSmoothingQuality = 'high';
    g.drawImage(img, 0, 0, c.width, c.height);
    const d = g.getImageData(0, 0, c.width, c.height), a = d.data;
    for (let i = 0; i < a.length; i++) if ((i & 3) !== 3) a[i] &= 0xF8;  // 32 levels a channel: smaller PNGs
    g.putImageData(d, 0, 0);
    return c.toDataURL('image/png').split(',')[1];
}"""


def shot(page, path: Path, scale: float = 0.55) -> None:
    """A small PNG of what the person sees: the viewport in CSS pixels, scaled down by the
    browser itself (a canvas) so that each picture stays well under 80 KB."""
    import base64

    path.parent.mkdir(parents=True, exist_ok=True)
    raw = page.screenshot(scale="css", animations="disabled")
    small = page.evaluate(_SHRINK_JS, [base64.b64encode(raw).decode(), scale])
    path.write_bytes(base64.b64decode(small))
