"""Words of the reliability notices (issue #14): what went wrong, what was kept, what to do.

They belong to the error boundary (web/guard.py, web/tabs.py) and live in the catalogues
as ``notice.<key>`` (locale/*.po), `tu` for the player.
"""
from __future__ import annotations

from ..core import catalogue


def say(key: str, lang: str, **values: object) -> str:
    """The notice ``key`` in ``lang`` (``notice.<key>``), its parameters filled; ``n`` chooses
    a plural entry's form."""
    return catalogue.say("notice." + key, lang, **values)
