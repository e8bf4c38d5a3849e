"""The app where families play: WebKit (Safari's engine) and Firefox, beside the Chromium suite.

In each engine, with a fresh profile and one browser start: a cold boot, a whole Mookies game
through the lit buttons, the memory snapshot made (and tied to this engine family), a reload
into a snapshot boot and the first round of Mind Up !, the server stopped and a reload that
boots offline for the first round of Mosquito PLAF !, a `#record=` link opened offline for the
first round of MasterIslands. All along: no request leaves the origin (the trap proxy's log)
and no JS error is recorded (the injected recorder). Timings are printed (-s to see them).
"""
from __future__ import annotations

import time

import pytest

from drivers import BOOT_TIMEOUT
from players import MASTERISLANDS_ROUND, MINDUP_ROUND, MOSQUITO_ROUND, WHOLE_MOOKIES, play

from ludotheque.core.seats import BotLevel, Seat, SeatKind
from ludotheque.games.masterislands import MasterIslandsEngine

FAMILY = {"webkit": "webkit", "firefox": "gecko"}

READY_OR_FAILED = """const b = document.body, e = document.getElementById('boot-error');
if (b && b.dataset.ready === '1') { return 'ready'; }
if (e && !e.hidden) { return 'failed: ' + document.getElementById('boot-error-message').textContent
  + ' / ' + document.getElementById('boot-error-detail').textContent; }
return null;"""

SNAPSHOT = "return window.ludoSnapshot ? Object.assign({}, window.ludoSnapshot) : null"

STORED_FAMILY = """return new Promise((resolve, reject) => {
  const req = indexedDB.open('ludotheque-snapshot', 1);
  req.onupgradeneeded = () => req.result.createObjectStore('snapshot');
  req.onerror = () => reject(req.error);
  req.onsuccess = () => { const db = req.result;
    const get = db.transaction('snapshot').objectStore('snapshot').get('current');
    get.onsuccess = () => { db.close(); resolve(get.result ? get.result.family || '(none)' : null); }; };
});"""

PROBE_OUTSIDE = """return fetch('http://outside-probe.invalid/probe').then(() => 'answered', (e) => 'refused');"""


def boot(driver, url: str, timings: dict, label: str) -> dict:
    t0 = time.monotonic()
    driver.goto(url)
    state = driver.wait(READY_OR_FAILED, BOOT_TIMEOUT, f"{label}: <body data-ready=1>")
    timings[label] = round(time.monotonic() - t0, 1)
    assert state == "ready", f"{driver.engine}, {label}: {state}"
    assert driver.run("return Array.isArray(window.__ludoErrors)"), "the error recorder is not in the page"
    return driver.run(SNAPSHOT)


def timed_play(driver, plan, timings: dict, least: int) -> None:
    t0 = time.monotonic()
    assert play(driver, plan) >= least
    timings[plan.game] = round(time.monotonic() - t0, 1)


def no_errors(driver, where: str) -> None:
    errors = driver.errors()
    assert not errors, f"{driver.engine}: JS errors recorded during {where}:\n" + "\n".join(errors)


def masterislands_link() -> str:
    seats = [Seat("Léa", SeatKind.HUMAN), Seat("Robot", SeatKind.BOT, BotLevel.EASY)]
    return MasterIslandsEngine([s.to_dict() for s in seats], seed=5).record().to_url_fragment()


def test_boot_play_snapshot_offline_and_record_link(driver, engine, engine_site, outside_trap):
    timings: dict = {}
    site = engine_site
    outside_trap.log.clear()

    state = boot(driver, site.url("index.html?lang=fr&botdelay=0"), timings, "cold boot")
    assert state["boot"] == "normal" and state["rejected"] == "", state
    driver.run("window.ludoSnapshotDelayMs = 0; return true")
    driver.click("button.game-card[data-game=mookies]")
    driver.click("[data-testid=start]")
    timed_play(driver, WHOLE_MOOKIES, timings, 8)
    assert "gagne" in driver.text("[data-testid=end-screen]")
    no_errors(driver, "the cold boot and the Mookies game")

    # the snapshot, made after the first boot, is stored with this engine's family
    t0 = time.monotonic()
    made = driver.wait("return ['made', 'failed'].includes(window.ludoSnapshot.refresh) && window.ludoSnapshot",
                       BOOT_TIMEOUT, "the snapshot to be made")
    timings["snapshot made (after the game)"] = round(time.monotonic() - t0, 1)
    assert made["refresh"] == "made", made
    assert driver.run(STORED_FAMILY) == FAMILY[engine]
    driver.wait("return !!navigator.serviceWorker.controller", BOOT_TIMEOUT, "the service worker")

    state = boot(driver, site.url("index.html?game=mindup&lang=fr&botdelay=0"), timings, "snapshot boot")
    assert state["boot"] == "snapshot", state
    timed_play(driver, MINDUP_ROUND, timings, 3)
    no_errors(driver, "the snapshot boot and the Mind Up round")

    site.stop()
    try:
        state = boot(driver, site.url("index.html?game=mosquito&lang=fr&botdelay=0"), timings, "offline boot")
        assert state["boot"] == "snapshot", state
        timed_play(driver, MOSQUITO_ROUND, timings, 1)
        no_errors(driver, "the offline boot and the Mosquito round")

        boot(driver, site.url("index.html?lang=fr&botdelay=0#record=" + masterislands_link()), timings, "record link (offline)")
        driver.click("[data-action=branch]")  # a link opens frozen in replay: play on from its last ply
        driver.wait_for(".mi-board")
        timed_play(driver, MASTERISLANDS_ROUND, timings, 2)
        no_errors(driver, "the record link and the MasterIslands round")
    finally:
        site.start()

    assert outside_trap.outside() == [], f"{engine}: requests left the origin: {outside_trap.outside()}"
    # The app's Content-Security-Policy (connect-src 'self') refuses a request meant for outside
    # before it leaves the page...
    assert driver.run(PROBE_OUTSIDE) == "refused", f"{engine}: the app's policy let a request for outside go"
    assert not outside_trap.probed(), f"{engine}: a request for outside left the app's page"
    # ...and the trap is really in this engine's path: the browser sent to that address itself
    # (no page, no policy) lands there (the trap answers 502, an empty page)
    try:
        driver.goto(f"http://{outside_trap.PROBE_HOST}/probe")
    except Exception:  # noqa: BLE001 - an engine may report the 502 page as a failed load
        pass
    assert outside_trap.probed(), f"{engine}: the outside probe never reached the trap proxy"
    print(f"\n{driver.version}: " + ", ".join(f"{k} {v} s" for k, v in timings.items()))


FAULTS = {
    "throw": "setTimeout(() => { throw new Error('fault-probe'); }, 0); return true",
    "reject": "Promise.reject(new Error('fault-probe')); return true",
    "console": "console.error('fault-probe'); return true",
}


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_a_js_error_fails_the_test(driver, engine, engine_site, fault):
    """The recorder behind no_errors() works in this engine: each kind of fault fails the check."""
    if driver.run("return Array.isArray(window.__ludoErrors)") is not True:
        boot(driver, engine_site.url("index.html?lang=fr&botdelay=0"), {}, "boot")
    driver.errors()
    driver.run(FAULTS[fault])
    with pytest.raises(AssertionError, match="fault-probe"):
        driver.wait("return window.__ludoErrors.length > 0", 10, "the fault to be recorded")
        no_errors(driver, f"the {fault} probe")
