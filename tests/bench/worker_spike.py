"""The worker side of the spike for issue #25 (tests/bench/bench_worker_spike.py): Python, the
engines and the screens run in a PyScript worker and answer the page with HTML text, as
docs/performance.md ("Python off the main thread") designs it. No DOM here: without
cross-origin isolation a worker has no synchronous window/document, so the page awaits these
functions (pyscript.sync) and applies what they return."""
import js

from ludotheque.core.seats import Seat, SeatKind
from ludotheque.explain.frames import render_position
from ludotheque.games.mookies import MookiesEngine
from ludotheque.session import Session

GAME: dict = {}


def start(seed: int) -> str:
    """A new two-person Mookies game; its screen as HTML."""
    engine = MookiesEngine([Seat("Alice", SeatKind.HUMAN, youngest=True), Seat("Bruno", SeatKind.HUMAN)],
                           seed=int(seed))
    GAME["session"] = Session(engine, "spike")
    return screen()


def tap() -> str:
    """The first legal move of whoever is to play (a tap), then the new screen as HTML."""
    engine = GAME["session"].engine
    if engine.is_over():
        return screen()
    engine.apply(engine.legal_moves()[0])
    return screen()


def screen() -> str:
    session = GAME["session"]
    acting = session.engine.to_act()
    return render_position(session, "fr", acting[0] if acting else None, None)["html"]


if not hasattr(js, "document"):  # in the worker (worker-spike.html?mode=page imports this on the page)
    try:
        from pyscript import sync
    except ImportError:  # a worker started by core.js's PyWorker from JavaScript has polyscript's module
        from polyscript import xworker

        sync = xworker.sync
    sync.start = start
    sync.tap = tap
