"""Play the four games as the person, through the buttons the screen lights, in any engine.

Each game is a priority list of CSS selectors (what to tap when it is enabled and visible:
the screen offers only what the engine says is legal) and a condition that says the part to
play is over. One loop, written once for every game and every engine (drivers.Driver): ask
the page which selector to tap now (one round trip), tap it natively, again.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Tuple

from drivers import DriverError


def saved_moves(game: str) -> str:
    """JS expression: the moves of every saved game of `game` (saves are localStorage entries)."""
    return f"""(() => {{ const out = [];
  for (let i = 0; i < localStorage.length; i++) {{ const k = localStorage.key(i);
    if (!k.startsWith('ludotheque/v1/save/')) {{ continue; }}
    try {{ const r = JSON.parse(localStorage.getItem(k)).record; if (r.game === '{game}') {{ out.push(...r.moves); }} }} catch (e) {{}} }}
  return out; }})()"""


@dataclass(frozen=True)
class Play:
    game: str
    taps: Tuple[str, ...]  # in priority order
    done: str  # JS expression: true once the part to play is over
    what: str


WHOLE_MOOKIES = Play(
    "mookies",
    ("[data-testid^=return-]", "button[data-testid=face-up]", "button[data-testid=pile-1]",
     "button[data-testid=pile-2]"),
    "!!document.querySelector('[data-testid=end-screen]')",
    "a whole game of L'Île des Mookies")

MINDUP_ROUND = Play(
    "mindup",
    ("[data-testid=reveal-next]", "button[data-action^='move/play/']"),
    "!!document.querySelector('[data-testid=end-screen]') || /\\b2\\s*\\/\\s*3/.test("
    "(document.querySelector('[data-testid=round]') || {}).textContent || '')",
    "the first round of Mind Up !")

MOSQUITO_ROUND = Play(
    "mosquito",
    ("[data-action='ui/race-ok']", "[data-testid=call-0]", "[data-testid=play]",
     "button.msq-hand-card.lit:not(.chosen)", "[data-testid=draw]", "[data-testid=pass]"),
    "!!document.querySelector('[data-testid=round-end], [data-testid=end-screen]')",
    "the first round of Mosquito PLAF !")

MASTERISLANDS_ROUND = Play(
    "masterislands",
    ("[data-testid=conquer]", "[data-testid=conquest-0]", "button.mi-space", "button.mi-dest",
     "button[data-hand-card]", ".mi-galleons button[data-galleon]", "[data-testid=end]"),
    # every seat has moved and it is the person's turn again
    f"(() => {{ const m = {saved_moves('masterislands')}; return m.some(x => x.startsWith('0:')) && m.some(x => x.startsWith('1:'))"
    " && !!document.querySelector(\".mi-board[data-acting='1']\"); })()",
    "the first round of MasterIslands")

# The selector to tap now: null while nothing is offered (a bot's turn, an animation).
PICK = """const [taps, done] = arguments;
if (eval(done)) { return {done: true}; }
for (const sel of taps) {
  for (const el of document.querySelectorAll(sel)) {
    const box = el.getBoundingClientRect();
    if (!el.disabled && box.width > 0 && box.height > 0) { return {tap: sel}; }
  }
}
return null;"""


def play(driver, plan: Play, max_taps: int = 400, step_timeout: float = 60.0) -> int:
    """Play `plan` to its end through lit buttons; returns the number of taps."""
    taps = 0
    while True:
        what = driver.wait(PICK, step_timeout, f"something to tap in {plan.what}", list(plan.taps), plan.done)
        if what.get("done"):
            return taps
        if taps >= max_taps:
            raise DriverError(f"{driver.engine}: {plan.what} not over after {max_taps} taps")
        driver.click(what["tap"], timeout=10)
        taps += 1
