"""Pre-rendered frames: a record replayed ply by ply, each position drawn by the game's own
screen code (``ludotheque.ui.<game>.render``) into static HTML.

Why: a reader of a rules page or of an author's page should see and step through an
example at once, on any device, without downloading and starting Python (10+ MB and
seconds per start, more memory than a tablet tab has for six of them). The screens are
pure Python producing HTML text, so the same code that draws the live game draws every
position of the example ahead of time (at build time for the site's own examples, by
``python3 -m ludotheque render`` for an author's record); the viewer (explain.html,
plain JavaScript) only swaps ready HTML. Nothing is re-implemented in JavaScript, so an
example can never disagree with the game.

A frames document (``format: ludotheque-frames``) is JSON; written as ``.js`` it is the
same JSON wrapped in ``ludoFrames(...)`` so that it also loads in a sandboxed frame,
where ``fetch`` of a file is a cross-origin request that a static server refuses.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from json import dumps
from typing import Any, Dict, List, Mapping, Optional

from ..core.engine import Move
from ..core.errors import IllegalMove, quoted
from ..core.messages import Msg, from_data, msg
from ..core.messages import say as say_msg
from ..core.record import Record, ReplayError
from ..games.replay import replay, start
from ..session import Session
from ..ui.highlight import mark
from ..ui.html import el
from ..ui.i18n import pick
from ..ui.still import still_ui
from ..ui.timeline import all_cards_panel
from . import annotations as notes
from .annotations import ExampleError

FORMAT = "ludotheque-frames"
VERSION = 1
MAX_FRAMES = 400  # an example is a few moves; a whole long game still fits, a runaway does not
BASE_CSS = ("css/base.css", "css/games.css")


@dataclass(frozen=True)
class Window:
    """Which plies an example shows, and from whose seat (hands are private)."""

    first: int
    last: int
    seat: Optional[int]
    all_cards: bool = False  # every hidden card shown beside the board: finished games only

    @classmethod
    def of(cls, record: Record, first: Optional[int] = None, last: Optional[int] = None,
           seat: Optional[int] = None) -> "Window":
        spec = record.meta.get("explain") or {}
        if not isinstance(spec, Mapping):
            raise ExampleError(msg("explain.settings_not_object"))
        n = len(record.moves)
        lo = first if first is not None else spec.get("from", 0)
        hi = last if last is not None else spec.get("to", n)
        who = seat if seat is not None else spec.get("seat", 0)
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (lo, hi)) or not 0 <= lo <= hi <= n:
            raise ExampleError(msg("explain.bad_range", first=str(lo)[:12], last=str(hi)[:12], plies=n))
        if hi - lo + 1 > MAX_FRAMES:
            raise ExampleError(msg("explain.too_many", count=hi - lo + 1, max=MAX_FRAMES))
        if who is not None and (not isinstance(who, int) or not 0 <= who < len(record.seats)):
            raise ExampleError(msg("explain.unknown_seat", seat=quoted(who)))
        return cls(lo, hi, who, spec.get("all") is True)


def game_screen(game_id: str):
    return importlib.import_module(f"ludotheque.ui.{game_id}")


def render_position(session: Session, lang: str, seat: Optional[int], annotation: Optional[notes.Annotation],
                    all_cards: bool = False) -> Dict[str, str]:
    """One frame: the board and status line of the game's screen, highlights drawn; with
    ``all_cards`` (a finished game), every hidden card listed under the board."""
    engine = session.engine
    gui = game_screen(engine.GAME_ID)
    ui = still_ui(gui, engine, seat)  # a picture: no prompt, no live control (ui/still.py)
    view = engine.view(seat)
    status = gui.status_text(view, lang, ui)
    board = gui.render(view, lang, ui)
    if annotation is not None:
        board = mark(board, annotation.highlights)
    if all_cards:
        board += all_cards_panel(engine, lang)
    html = el("div", {"class": f"game game-{engine.GAME_ID} still"},
              el("p", {"class": "status"}, status), board)
    return {"html": str(html), "status": status}


def describe(engine, text: str, lang: str) -> str:
    """The move in words, from the engine (before it is applied)."""
    move = Move.decode(text)
    try:
        said = engine.describe_move(move)
    except (IllegalMove, KeyError, ValueError, AttributeError):
        said = None
    name = engine.seats[move.seat].name if 0 <= move.seat < len(engine.seats) else "—"
    return pick(said, lang) if said else say_msg(msg("explain.move_fallback", name=name, action=move.action), lang)


def render_frames(record: Record, lang: str = "fr", first: Optional[int] = None, last: Optional[int] = None,
                  seat: Optional[int] = None) -> Dict[str, Any]:
    """The frames document of ``record`` (see docs/embed.md)."""
    if lang not in notes.note_langs():
        raise ExampleError(msg("explain.unknown_lang", code=quoted(lang)))
    window = Window.of(record, first, last, seat)
    by_ply = notes.parse(record)
    if window.all_cards and not replay(record).is_over():
        # an example of a game still being played must not become a way to see the hands
        raise ExampleError(msg("explain.all_cards_refused"))
    engine = start(record)
    session = Session(engine, "explain")
    frames: List[Dict[str, Any]] = []
    said = ""
    for ply in range(window.last + 1):
        if ply >= window.first:
            ann = by_ply.get(ply)
            frame = {"ply": ply, "move": said, "note": ann.note(lang) if ann else ""}
            frame.update(render_position(session, lang, window.seat, ann, window.all_cards))
            frames.append(frame)
        if ply == window.last:
            break
        text = record.moves[ply]
        said = describe(engine, text, lang)
        try:
            engine.apply(Move.decode(text))
        except IllegalMove as exc:
            raise ReplayError(ply, text, exc) from exc
    desc = engine.describe()
    # the link ("Essayer à partir d'ici") carries the game with its title and notes, so the
    # app's replay shows them too; nothing else of meta (display state, generator) goes out
    kept = worded_meta(record.meta, lang)
    plain = Record(record.game, record.rules_version, record.options, record.seats, record.seed, record.deck,
                   record.moves, kept)
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": record.game,
        "lang": lang,
        "title": pick(record.meta.get("title") or desc["name"], lang) or pick(desc["name"], lang),
        "css": list(BASE_CSS) + [f"css/{record.game}.css"],
        "plies": len(record.moves),
        "seat": window.seat,
        "record": plain.to_url_fragment(),
        "frames": frames,
    }


def worded_meta(meta: Mapping[str, Any], lang: str) -> Dict[str, Any]:
    """The title and notes that travel with the game (``record`` of the frames: the
    "Essayer à partir d'ici" link), the site's catalogue messages worded in the frames'
    language: the app's replay reads an author's notes by language (one per language), and
    the reader who follows the link came from a page in that language."""
    out: Dict[str, Any] = {}
    title = from_data(meta.get("title"))
    if isinstance(title, Msg):
        out["title"] = {lang: say_msg(title, lang)}
    elif title is not None:
        out["title"] = meta["title"]
    raw = meta.get("annotations")
    if isinstance(raw, Mapping):
        anns: Dict[str, Any] = {}
        for ply, entry in raw.items():
            entry = dict(entry) if isinstance(entry, Mapping) else entry
            if isinstance(entry, dict) and notes.MESSAGE_KEY in entry:
                entry[lang] = say_msg(entry.pop(notes.MESSAGE_KEY), lang)
            anns[ply] = entry
        out["annotations"] = anns
    return out


def to_json(doc: Mapping[str, Any]) -> str:
    return dumps(doc, ensure_ascii=False, separators=(",", ":"))


def to_script(doc: Mapping[str, Any]) -> str:
    """The document as a classic script (loads in sandboxed frames, where fetch cannot)."""
    return "ludoFrames(" + to_json(doc).replace("</", "<\\/") + ");\n"
