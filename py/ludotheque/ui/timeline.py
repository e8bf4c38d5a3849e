"""Timeline screens: the undo and log buttons, the move log panel, and the replay.

Pure HTML text from the engine and the log (core/timeline.py), tested under pytest;
web/timeline.py puts it in the page. A replay draws the game's own screen for the
position at a ply, inside an ``inert`` box: nothing in it can be played.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, List, Mapping, Optional, Sequence, Tuple

from ..core.catalogue import SOURCE_LANG, say
from ..core.engine import Engine, Move
from ..core.record import Record
from ..core.timeline import UNDO_POLICY, LogEntry, UndoCheck, clamp_ply, log_reader
from ..games.replay import replay_logged, start
from .highlight import Highlights, mark
from .html import Raw, button, el, join
from .i18n import colon, pick
from .still import still_ui


def w(key: str, lang: str) -> str:
    """The timeline's word ``timeline.<key>`` of the catalogues."""
    return say("timeline." + key, lang)


# -- the game bar ----------------------------------------------------------------------------------

def game_tools(check: UndoCheck, lang: str, log_open: bool) -> Raw:
    """Undo (disabled with its reason when the policy refuses; a tap still says why), the move
    log and the replay, for the game bar."""
    reason = pick(check.reason, lang) if check.reason else w("undo_hint", lang)
    undo = button("↶ " + w("undo", lang), "undo", "btn btn-ghost btn-small", title=reason,
                  aria_disabled=None if check.allowed else "true", aria_keyshortcuts="Control+Z",
                  data_testid="undo")
    log = button(w("log", lang), "log", "btn btn-ghost btn-small", aria_expanded="true" if log_open else "false",
                 aria_controls="move-log", data_testid="log")
    replay = button(w("replay", lang), "replay", "btn btn-ghost btn-small", title=w("replay_hint", lang),
                    data_testid="replay")
    return Raw(undo + log + replay + author_button(lang))


def author_button(lang: str) -> Raw:
    """"Créer un exemple": the example editor (ui/editor.py) on this record, at this ply."""
    return button(w("author", lang), "author", "btn btn-ghost btn-small", title=w("author_hint", lang),
                  data_testid="author")


def end_actions(lang: str) -> Raw:
    """Under a finished game: watch it again."""
    return el("div", {"class": "timeline-end"},
              button(w("replay_hint", lang), "replay", "btn btn-secondary", data_testid="replay-end"))


def policy_section(lang: str) -> Raw:
    """The undo policy for every game's rules panel."""
    return Raw(el("h3", None, w("undo_policy", lang)) + el("p", {"class": "undo-policy"}, pick(UNDO_POLICY, lang)))


# -- the move log ------------------------------------------------------------------------------------

def move_log(entries: Sequence[LogEntry], reader: Optional[int], lang: str, upto: Optional[int] = None) -> Raw:
    """One ``<li>`` per move, newest last, in words the reader may read; a tap on one opens the
    replay at the position after it (a live game waits there)."""
    shown = entries if upto is None else entries[:upto]
    items = [el("li", {"data-ply": e.ply + 1, "class": "bot" if e.seat < 0 else None},
                button(pick(e.words(reader), lang), f"tl-at/{e.ply + 1}", "log-line", title=w("log_line_hint", lang)))
             for e in shown]
    # column-reverse keeps a long log scrolled to its newest move (last) without script
    body = el("div", {"class": "move-log-scroll"}, el("ol", {"class": "move-log-list"}, *items)) if items \
        else el("p", {"class": "empty"}, w("log_empty", lang))
    return el("section", {"id": "move-log", "class": "move-log card-panel", "aria-label": w("log_title", lang),
                          "data-testid": "move-log"},
              el("div", {"class": "rules-head"},
                 el("h2", None, w("log_title", lang)),
                 button("✕", "log", "btn btn-ghost btn-small", aria_label=w("close_log", lang))),
              body)


# -- the replay --------------------------------------------------------------------------------------

@dataclass
class Replay:
    """A record watched move by move. `source` is "save" (a saved game, `save_id`) or
    "record" (a shared link or a file: nothing is saved until someone plays on)."""

    record: Record
    ply: int
    source: str = "save"
    save_id: Optional[str] = None
    all_cards: bool = False
    entries: List[LogEntry] = field(default_factory=list)
    over: bool = False
    now: Optional[Engine] = None  # the record's last position: what a past one may show (past_view)
    _cache: Optional[Tuple[int, Engine]] = None

    @classmethod
    def open(cls, record: Record, ply: Optional[int] = None, source: str = "save",
             save_id: Optional[str] = None, logged: Optional[Tuple[Engine, List[LogEntry]]] = None) -> "Replay":
        """`logged`: the record already replayed with its log (a session's engine and history),
        to spare a second replay; that engine is only read, never moved on."""
        engine, entries = logged or replay_logged(record)
        rp = cls(record, clamp_ply(ply, len(entries)), source, save_id, entries=entries, over=engine.is_over(), now=engine)
        rp._cache = (len(entries), engine)
        return rp

    @property
    def plies(self) -> int:
        return len(self.entries)

    def go(self, ply: int) -> None:
        self.ply = clamp_ply(ply, self.plies)

    def step(self, verb: str) -> None:
        """first / prev / next / last."""
        target = {"first": 0, "prev": self.ply - 1, "next": self.ply + 1, "last": self.plies}.get(verb)
        if target is not None:
            self.go(target)

    def engine(self) -> Engine:
        """The position at the current ply: forward from the last one built, else from the start."""
        if self._cache is not None and self._cache[0] == self.ply:
            return self._cache[1]
        if self._cache is not None and self._cache[0] < self.ply:
            done, engine = self._cache
        else:
            done, engine = 0, start(self.record)
        for text in self.record.moves[done:self.ply]:
            engine.apply(Move.decode(text))
        self._cache = (self.ply, engine)
        return engine

    def reader(self) -> Optional[int]:
        """Whose eyes: the first person at the table (None when only bots played)."""
        return next((i for i, s in enumerate(self.record.seats) if not s.is_bot), None)

    def log_reader(self) -> Optional[int]:
        """Whose words the replay's lines are in: the game's rule at its present (log_reader)."""
        return log_reader(self.now, self.reader()) if self.now is not None else self.reader()

    def description(self, lang: str) -> str:
        if self.ply == 0:
            return w("setup", lang)
        said = pick(self.entries[self.ply - 1].words(self.log_reader()), lang)
        return say("timeline.move_of", lang, ply=self.ply, plies=self.plies, said=said)


def nav_buttons(ply: int, plies: int, lang: str, prefix: str = "tl") -> List[Raw]:
    """First / previous / slider / next / last: the replay's, and the example editor's
    (``prefix`` "ed": its actions ``ed/first``…, its slider's change ``ed-slider``)."""
    at_start, at_end = ply == 0, ply == plies
    return [
        button("|◀", f"{prefix}/first", "btn btn-secondary btn-small", aria_label=w("first", lang), title=w("first", lang),
               disabled=at_start, aria_keyshortcuts="Home", data_testid=f"{prefix}-first"),
        button("◀", f"{prefix}/prev", "btn btn-secondary btn-small", aria_label=w("prev", lang), title=w("prev", lang),
               disabled=at_start, aria_keyshortcuts="ArrowLeft", data_testid=f"{prefix}-prev"),
        el("input", {"type": "range", "min": 0, "max": plies, "value": ply, "step": 1,
                     "data-change": f"{prefix}-slider", "aria-label": w("slider", lang), "class": "tl-slider",
                     "data-testid": f"{prefix}-slider"}),
        button("▶", f"{prefix}/next", "btn btn-secondary btn-small", aria_label=w("next", lang), title=w("next", lang),
               disabled=at_end, aria_keyshortcuts="ArrowRight", data_testid=f"{prefix}-next"),
        button("▶|", f"{prefix}/last", "btn btn-secondary btn-small", aria_label=w("last", lang), title=w("last", lang),
               disabled=at_end, aria_keyshortcuts="End", data_testid=f"{prefix}-last"),
    ]


def timeline_bar(rp: Replay, lang: str) -> Raw:
    """The bar: first / previous / next / last, a slider, the move in words (aria-live), the
    "all cards" toggle for finished games, play on from here."""
    nav = nav_buttons(rp.ply, rp.plies, lang)
    extras = [button(w("branch", lang), "branch", "btn btn-primary", title=w("branch_hint", lang), data_testid="branch"),
              author_button(lang)]
    if rp.over:
        extras.append(el("label", {"class": "field check tl-all"},
                         el("input", {"type": "checkbox", "data-change": "tl-all", "checked": rp.all_cards,
                                      "data-testid": "tl-all"}),
                         " " + w("all_cards", lang)))
    if rp.source == "save" and not rp.over:
        extras.append(button(w("back_to_game", lang), "tl/exit", "btn btn-secondary", data_testid="tl-exit"))
    return el("section", {"id": "timeline", "class": "timeline card-panel", "data-ply": rp.ply,
                          "data-plies": rp.plies, "aria-label": w("replay_title", lang)},
              el("div", {"class": "tl-nav"}, *nav),
              el("p", {"class": "tl-desc", "aria-live": "polite", "data-testid": "tl-desc"}, rp.description(lang)),
              el("p", {"class": "tl-hint"}, w("frozen", lang), el("span", {"class": "keys-hint"}, " · " + w("keys", lang))),
              el("div", {"class": "tl-actions"}, *extras))


def all_cards_panel(engine: Engine, lang: str) -> Raw:
    """Every hidden card of the position (finished games only): each hand, or the game's own
    list (``engine.open_cards()``: labels in words, card codes)."""
    hook = getattr(engine, "open_cards", None)
    if hook is not None:
        rows = [(pick(label, lang), cards) for label, cards in hook()]
    else:
        rows = []
        for i, s in enumerate(engine.seats):
            v = engine.view(i)
            cards = list(v.get("hand") or []) + ([v["chosen"]] if v.get("chosen") else [])
            rows.append((s.name, cards))
    return el("section", {"class": "all-cards card-panel", "data-testid": "all-cards"},
              el("h2", None, w("all_cards_title", lang)),
              el("ul", None, *[el("li", None, el("strong", None, label + colon(lang)),
                                  ", ".join(str(c) for c in cards) or "—") for label, cards in rows]))


def ply_annotation(record: Record, ply: int) -> Mapping[str, Any]:
    """The author's annotation of this ply (``meta.annotations``, docs/embed.md), or {}: an
    annotated record opened in the app shows its notes and highlights in the replay too. A
    malformed one shows nothing here (the explainer's reader names what is wrong)."""
    raw = record.meta.get("annotations")
    entry = raw.get(str(ply)) if isinstance(raw, Mapping) else None
    return entry if isinstance(entry, Mapping) else {}


def ply_note(entry: Mapping[str, Any], lang: str) -> str:
    """The ply's note: a catalogue message (``"note"``, the site's examples) worded in ``lang``,
    else the author's text in that language, else in French, else in the first one written."""
    if "note" in entry:
        return pick(entry["note"], lang)
    texts = [t for t in (entry.get(lang), entry.get(SOURCE_LANG), *entry.values()) if isinstance(t, str) and t]
    return texts[0] if texts else ""


def replay_screen(rp: Replay, gui: Any, lang: str) -> Tuple[Raw, str]:
    """The game's own board at the replay's ply as a still (ui/still.py: no prompt, no overlay,
    no live control, nobody thinking), inert, and its status line; the record's note of that
    ply under the timeline, what it names highlighted."""
    engine = rp.engine()
    reader = rp.reader()
    ui = still_ui(gui, engine, reader)
    view = engine.past_view(reader, rp.now) if rp.now is not None else engine.view(reader)
    board = gui.render(view, lang, ui)
    status = gui.status_text(view, lang, ui)
    entry = ply_annotation(rp.record, rp.ply)
    note = ply_note(entry, lang)
    if entry:
        try:
            board = mark(board, Highlights.from_dict({k: v for k, v in entry.items() if isinstance(v, list)}))
        except (TypeError, ValueError):
            pass
    inner = [el("p", {"class": "tl-note", "data-testid": "tl-note"}, note) if note else None,
             el("div", {"class": "replay-board still", "inert": True, "data-testid": "replay-board"}, board)]
    if rp.over and rp.all_cards:
        inner.append(all_cards_panel(engine, lang))
    return join([timeline_bar(rp, lang), *inner]), status
