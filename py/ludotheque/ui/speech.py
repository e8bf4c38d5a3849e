"""What the live regions say: every move once (the engine's own words), what the person is
asked to do when it changes, and the timed moments a game names.

Pure Python (pytest checks it); ludotheque.web.a11y writes the lines into the page's two
persistent live regions, which live outside the re-rendered screen. Screens are redrawn
whole after every move: saying "what changed since last time" is kept here, by counting
what was already said (moves, messages) and by remembering the keys of the game's own
lines (``live_lines`` hook: ``[(key, text, urgent)]``), so nothing is said twice.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, List, Optional, Sequence, Set, Tuple

from .i18n import pick

Line = Tuple[str, str, bool]  # (key, text, urgent)


@dataclass
class Speech:
    """What was said for one session (a new game, a resume or an undo starts the count over)."""

    session: Any = None
    moves: int = 0  # history entries already said
    notes: int = 0  # session.log entries already looked at (errors, undo notes)
    status: Optional[str] = None  # the status line last said
    keys: Set[str] = field(default_factory=set)
    turned: bool = False  # a person moved since the status was last said: say it again

    def follow(self, session: Any) -> None:
        """Start counting for `session` (its past is not read out again)."""
        if session is not self.session:
            self.session = session
            self.moves = len(session.history)
            self.notes = len(session.log)
            self.status = None
            self.turned = False
            self.keys = set()
        elif len(session.history) < self.moves:  # an undo took moves back
            self.moves = len(session.history)

    def lines(self, session: Any, reader: Optional[int], lang: str, status: str, say_status: bool,
              extra: Sequence[Line] = ()) -> Tuple[List[str], List[str]]:
        """(polite, urgent) lines to say now; each is said once."""
        self.follow(session)
        polite: List[str] = []
        urgent: List[str] = []
        for entry in session.history[self.moves:]:
            polite.append(pick(entry.words(reader), lang))
            self.turned = self.turned or (0 <= entry.seat < len(session.engine.seats)
                                          and not session.engine.seats[entry.seat].is_bot)
        self.moves = len(session.history)
        for fb in session.log[self.notes:]:
            if fb.kind != "move":  # moves come from the history, in the reader's words
                polite.append(fb.text(lang))
        self.notes = len(session.log)
        for key, text, is_urgent in extra:
            if key in self.keys or not text:
                continue
            self.keys.add(key)
            (urgent if is_urgent else polite).append(text)
        # the same request is said again only after a person's move (a new turn), never because
        # a bot moved meanwhile; a timed moment said at once already tells what to do
        if say_status and status and (status != self.status or self.turned) and status not in polite and not urgent:
            polite.append(status)
        if say_status:
            self.status, self.turned = status, False
        return polite, urgent
