"""Pictures of the Mookie faces as inline SVG: no image files to fetch, crisp at any size."""
from __future__ import annotations

_ICONS = {
    "soleil": (
        '<circle cx="32" cy="32" r="13" fill="#ffcf33" stroke="#e08a00" stroke-width="3"/>'
        + "".join(
            f'<line x1="32" y1="6" x2="32" y2="14" stroke="#e08a00" stroke-width="4" stroke-linecap="round" transform="rotate({a} 32 32)"/>'
            for a in range(0, 360, 45)
        )
        + '<circle cx="27" cy="30" r="2.2" fill="#5a3300"/><circle cx="37" cy="30" r="2.2" fill="#5a3300"/>'
        '<path d="M26 36 Q32 41 38 36" stroke="#5a3300" stroke-width="2.2" fill="none" stroke-linecap="round"/>'
    ),
    "lune": (
        '<path d="M40 8 A24 24 0 1 0 56 40 A19 19 0 1 1 40 8 Z" fill="#c9c6ff" stroke="#4b45a8" stroke-width="3"/>'
        '<circle cx="25" cy="34" r="2.2" fill="#2b2770"/><path d="M20 42 Q25 46 30 42" stroke="#2b2770" stroke-width="2.2" fill="none" stroke-linecap="round"/>'
    ),
    "fossile": (
        '<path d="M32 32 m0 0 a3 3 0 0 1 6 0 a9 9 0 0 1 -15 5 a14 14 0 0 1 20 -17 a19 19 0 0 1 -4 30 a23 23 0 0 1 -27 -18" '
        'fill="none" stroke="#8a5a2b" stroke-width="4" stroke-linecap="round"/>'
        '<circle cx="28" cy="30" r="2" fill="#4a2e12"/>'
    ),
    "coquillage": (
        '<path d="M32 54 L10 26 Q32 2 54 26 Z" fill="#ffb3c1" stroke="#d0466a" stroke-width="3" stroke-linejoin="round"/>'
        '<path d="M32 54 L22 18 M32 54 L32 12 M32 54 L42 18 M32 54 L15 24 M32 54 L49 24" stroke="#d0466a" stroke-width="2"/>'
    ),
    "feuille": (
        '<path d="M12 52 Q10 14 52 10 Q54 50 12 52 Z" fill="#8fdc7a" stroke="#2f8a2f" stroke-width="3" stroke-linejoin="round"/>'
        '<path d="M12 52 Q30 34 46 16" stroke="#2f8a2f" stroke-width="2.5" fill="none"/>'
    ),
    "araignee": (
        "".join(
            f'<path d="M32 34 L{x1} {y1} L{x2} {y2}" stroke="#1d1330" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/>'
            for x1, y1, x2, y2 in (
                (16, 22, 8, 30), (14, 32, 6, 40), (16, 42, 10, 54), (20, 46, 18, 58),
                (48, 22, 56, 30), (50, 32, 58, 40), (48, 42, 54, 54), (44, 46, 46, 58),
            )
        )
        + '<ellipse cx="32" cy="36" rx="11" ry="13" fill="#3b2466" stroke="#1d1330" stroke-width="2"/>'
        '<circle cx="32" cy="21" r="7" fill="#3b2466" stroke="#1d1330" stroke-width="2"/>'
        '<circle cx="29" cy="20" r="2" fill="#ff4d6d"/><circle cx="35" cy="20" r="2" fill="#ff4d6d"/>'
    ),
}

_SHINE = (
    '<path d="M52 4 L54.5 10 L61 10.5 L56 14.5 L57.5 21 L52 17.5 L46.5 21 L48 14.5 L43 10.5 L49.5 10 Z" '
    'fill="#ffe14d" stroke="#b8860b" stroke-width="1.5"/>'
)


def face_svg(code: str, title: str = "") -> str:
    """An SVG for a face code ("soleil", "lune*", "araignee")."""
    legendary = code.endswith("*")
    base = code.rstrip("*")
    body = _ICONS.get(base, "")
    if legendary:
        body += _SHINE
    label = f"<title>{title}</title>" if title else ""
    return (
        f'<svg class="face-icon" viewBox="0 0 64 64" aria-hidden="{"false" if title else "true"}" '
        f'focusable="false">{label}{body}</svg>'
    )
