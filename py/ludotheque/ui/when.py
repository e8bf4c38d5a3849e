"""Dates as people say them in the saved-games list: "aujourd'hui 21 h 28", "hier 09 h 05",
"12 mars, 21 h 28" / "today 21:28", "yesterday 09:05", "12 Mar, 21:28" (the year only when it
is not this one). Every word and the clock's form come from the catalogues (``when.*``).
Saves store UTC (ISO 8601); the browser gives its offset from UTC."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from ..core.catalogue import say


def _parse(iso: str) -> datetime:
    text = iso.strip().replace("Z", "+00:00")
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def when_text(iso: str, now_iso: str, offset_minutes: int, lang: str) -> str:
    """`iso` in the person's local time (`offset_minutes` east of UTC) relative to `now_iso`;
    an unreadable date is shown as it is rather than hidden."""
    try:
        moment, now = _parse(iso), _parse(now_iso)
    except ValueError:
        return iso[:16].replace("T", " ")
    shift = timedelta(minutes=offset_minutes)
    local, today = (moment.astimezone(timezone.utc) + shift), (now.astimezone(timezone.utc) + shift)
    clock = say("when.clock", lang, h=f"{local.hour:02d}", m=f"{local.minute:02d}")
    days = (today.date() - local.date()).days
    if days == 0:
        return say("when.today", lang, clock=clock)
    if days == 1:
        return say("when.yesterday", lang, clock=clock)
    month = say(f"when.month.{local.month}", lang)
    if local.year != today.year:
        return say("when.date_year", lang, day=local.day, month=month, year=local.year, clock=clock)
    return say("when.date", lang, day=local.day, month=month, clock=clock)
